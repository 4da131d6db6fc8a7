from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable
from typing import ClassVar as _ClassVar, Optional as _Optional

DESCRIPTOR: _descriptor.FileDescriptor

class ExchangeObjectives(_message.Message):
    __slots__ = ()
    RETURN_FIELD_NUMBER: _ClassVar[int]
    def __init__(self, **kwargs) -> None: ...

class PickForries(_message.Message):
    __slots__ = ("cards", "benefit")
    CARDS_FIELD_NUMBER: _ClassVar[int]
    BENEFIT_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[str]
    benefit: str
    def __init__(self, cards: _Optional[_Iterable[str]] = ..., benefit: _Optional[str] = ...) -> None: ...

class RollDie(_message.Message):
    __slots__ = ("face",)
    FACE_FIELD_NUMBER: _ClassVar[int]
    face: str
    def __init__(self, face: _Optional[str] = ...) -> None: ...

class FeedForries(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class TakeCard(_message.Message):
    __slots__ = ("slot",)
    SLOT_FIELD_NUMBER: _ClassVar[int]
    slot: int
    def __init__(self, slot: _Optional[int] = ...) -> None: ...

class DrawBlind(_message.Message):
    __slots__ = ("iridescent",)
    IRIDESCENT_FIELD_NUMBER: _ClassVar[int]
    iridescent: bool
    def __init__(self, iridescent: _Optional[bool] = ...) -> None: ...

class EndForaging(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ProcessCard(_message.Message):
    __slots__ = ("card", "transmute", "potency", "rainbow")
    CARD_FIELD_NUMBER: _ClassVar[int]
    TRANSMUTE_FIELD_NUMBER: _ClassVar[int]
    POTENCY_FIELD_NUMBER: _ClassVar[int]
    RAINBOW_FIELD_NUMBER: _ClassVar[int]
    card: str
    transmute: str
    potency: bool
    rainbow: bool
    def __init__(self, card: _Optional[str] = ..., transmute: _Optional[str] = ..., potency: _Optional[bool] = ..., rainbow: _Optional[bool] = ...) -> None: ...

class KeepTokens(_message.Message):
    __slots__ = ("keep",)
    KEEP_FIELD_NUMBER: _ClassVar[int]
    keep: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, keep: _Optional[_Iterable[int]] = ...) -> None: ...

class MakeRainbow(_message.Message):
    __slots__ = ("slots",)
    SLOTS_FIELD_NUMBER: _ClassVar[int]
    slots: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, slots: _Optional[_Iterable[int]] = ...) -> None: ...

class Purge(_message.Message):
    __slots__ = ("discard",)
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    discard: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, discard: _Optional[_Iterable[int]] = ...) -> None: ...

class EndAlchemy(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ArrangeInventory(_message.Message):
    __slots__ = ("order",)
    ORDER_FIELD_NUMBER: _ClassVar[int]
    order: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, order: _Optional[_Iterable[int]] = ...) -> None: ...

class Heal(_message.Message):
    __slots__ = ("position", "stasis", "tokens")
    POSITION_FIELD_NUMBER: _ClassVar[int]
    STASIS_FIELD_NUMBER: _ClassVar[int]
    TOKENS_FIELD_NUMBER: _ClassVar[int]
    position: int
    stasis: int
    tokens: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, position: _Optional[int] = ..., stasis: _Optional[int] = ..., tokens: _Optional[_Iterable[int]] = ...) -> None: ...

class PassHealing(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class KeepSpell(_message.Message):
    __slots__ = ("card", "replace")
    CARD_FIELD_NUMBER: _ClassVar[int]
    REPLACE_FIELD_NUMBER: _ClassVar[int]
    card: str
    replace: bool
    def __init__(self, card: _Optional[str] = ..., replace: _Optional[bool] = ...) -> None: ...

class CastSpell(_message.Message):
    __slots__ = ("card", "position", "target", "hearts", "species", "to", "slot", "bag")
    CARD_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    HEARTS_FIELD_NUMBER: _ClassVar[int]
    SPECIES_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    SLOT_FIELD_NUMBER: _ClassVar[int]
    BAG_FIELD_NUMBER: _ClassVar[int]
    WITH_FIELD_NUMBER: _ClassVar[int]
    card: str
    position: int
    target: int
    hearts: int
    species: str
    to: int
    slot: int
    bag: str
    def __init__(self, card: _Optional[str] = ..., position: _Optional[int] = ..., target: _Optional[int] = ..., hearts: _Optional[int] = ..., species: _Optional[str] = ..., to: _Optional[int] = ..., slot: _Optional[int] = ..., bag: _Optional[str] = ..., **kwargs) -> None: ...

class PassReaction(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class PassElixir(_message.Message):
    __slots__ = ("to",)
    TO_FIELD_NUMBER: _ClassVar[int]
    to: int
    def __init__(self, to: _Optional[int] = ...) -> None: ...

class DiscardElixir(_message.Message):
    __slots__ = ("slot",)
    SLOT_FIELD_NUMBER: _ClassVar[int]
    slot: int
    def __init__(self, slot: _Optional[int] = ...) -> None: ...

class MakeRoom(_message.Message):
    __slots__ = ("slot",)
    SLOT_FIELD_NUMBER: _ClassVar[int]
    slot: int
    def __init__(self, slot: _Optional[int] = ...) -> None: ...
