from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable
from typing import ClassVar as _ClassVar, Optional as _Optional

DESCRIPTOR: _descriptor.FileDescriptor

class PlaceTile(_message.Message):
    __slots__ = ("x", "y", "rotation")
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    ROTATION_FIELD_NUMBER: _ClassVar[int]
    x: int
    y: int
    rotation: int
    def __init__(self, x: _Optional[int] = ..., y: _Optional[int] = ..., rotation: _Optional[int] = ...) -> None: ...

class RollForage(_message.Message):
    __slots__ = ("face",)
    FACE_FIELD_NUMBER: _ClassVar[int]
    face: int
    def __init__(self, face: _Optional[int] = ...) -> None: ...

class MoveBeast(_message.Message):
    __slots__ = ("x", "y", "stay")
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    STAY_FIELD_NUMBER: _ClassVar[int]
    x: int
    y: int
    stay: bool
    def __init__(self, x: _Optional[int] = ..., y: _Optional[int] = ..., stay: _Optional[bool] = ...) -> None: ...

class LoseToBeast(_message.Message):
    __slots__ = ("seed", "card")
    SEED_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seed: bool
    card: str
    def __init__(self, seed: _Optional[bool] = ..., card: _Optional[str] = ...) -> None: ...

class Move(_message.Message):
    __slots__ = ("x", "y")
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    x: int
    y: int
    def __init__(self, x: _Optional[int] = ..., y: _Optional[int] = ...) -> None: ...

class Gather(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class SwapBeast(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class Barter(_message.Message):
    __slots__ = ("reagent_type", "element", "seed")
    REAGENT_TYPE_FIELD_NUMBER: _ClassVar[int]
    ELEMENT_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    reagent_type: str
    element: str
    seed: int
    def __init__(self, reagent_type: _Optional[str] = ..., element: _Optional[str] = ..., seed: _Optional[int] = ...) -> None: ...

class ProposeTrade(_message.Message):
    __slots__ = ("partner", "give_card", "give_seed", "give_cards")
    PARTNER_FIELD_NUMBER: _ClassVar[int]
    GIVE_CARD_FIELD_NUMBER: _ClassVar[int]
    GIVE_SEED_FIELD_NUMBER: _ClassVar[int]
    GIVE_CARDS_FIELD_NUMBER: _ClassVar[int]
    partner: int
    give_card: str
    give_seed: int
    give_cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, partner: _Optional[int] = ..., give_card: _Optional[str] = ..., give_seed: _Optional[int] = ..., give_cards: _Optional[_Iterable[str]] = ...) -> None: ...

class CloseBarter(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class AnswerTrade(_message.Message):
    __slots__ = ("accept", "card")
    ACCEPT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    accept: bool
    card: str
    def __init__(self, accept: _Optional[bool] = ..., card: _Optional[str] = ...) -> None: ...

class Temple(_message.Message):
    __slots__ = ("element", "card")
    ELEMENT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    element: str
    card: str
    def __init__(self, element: _Optional[str] = ..., card: _Optional[str] = ...) -> None: ...

class Steal(_message.Message):
    __slots__ = ("target", "face")
    TARGET_FIELD_NUMBER: _ClassVar[int]
    FACE_FIELD_NUMBER: _ClassVar[int]
    target: int
    face: int
    def __init__(self, target: _Optional[int] = ..., face: _Optional[int] = ...) -> None: ...

class SiftPost(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class TakeRecipe(_message.Message):
    __slots__ = ("discard",)
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    discard: str
    def __init__(self, discard: _Optional[str] = ...) -> None: ...

class TakeSprout(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class SummonGlade(_message.Message):
    __slots__ = ("x", "y")
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    x: int
    y: int
    def __init__(self, x: _Optional[int] = ..., y: _Optional[int] = ...) -> None: ...

class UseItem(_message.Message):
    __slots__ = ("card", "element", "target", "beast", "face")
    CARD_FIELD_NUMBER: _ClassVar[int]
    ELEMENT_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    BEAST_FIELD_NUMBER: _ClassVar[int]
    FACE_FIELD_NUMBER: _ClassVar[int]
    card: str
    element: str
    target: int
    beast: bool
    face: int
    def __init__(self, card: _Optional[str] = ..., element: _Optional[str] = ..., target: _Optional[int] = ..., beast: _Optional[bool] = ..., face: _Optional[int] = ...) -> None: ...

class UseArtifact(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class EndTurn(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ActivateGlade(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class Synthesize(_message.Message):
    __slots__ = ("recipe", "reagents", "pair", "sprout")
    RECIPE_FIELD_NUMBER: _ClassVar[int]
    REAGENTS_FIELD_NUMBER: _ClassVar[int]
    PAIR_FIELD_NUMBER: _ClassVar[int]
    SPROUT_FIELD_NUMBER: _ClassVar[int]
    recipe: str
    reagents: _containers.RepeatedScalarFieldContainer[str]
    pair: _containers.RepeatedScalarFieldContainer[str]
    sprout: bool
    def __init__(self, recipe: _Optional[str] = ..., reagents: _Optional[_Iterable[str]] = ..., pair: _Optional[_Iterable[str]] = ..., sprout: _Optional[bool] = ...) -> None: ...

class FinishAlchemy(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class Sacrifice(_message.Message):
    __slots__ = ("slot", "card")
    SLOT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    slot: int
    card: str
    def __init__(self, slot: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...

class FinishCrest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ConvertToSeed(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class DiscardExcess(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class FinishWeek(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class UseReagent(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class ReturnSpirit(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ElixirDiscard(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...
