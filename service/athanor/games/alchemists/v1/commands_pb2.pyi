from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional

DESCRIPTOR: _descriptor.FileDescriptor

class TestOnStudent(_message.Message):
    __slots__ = ("ingredients",)
    INGREDIENTS_FIELD_NUMBER: _ClassVar[int]
    ingredients: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, ingredients: _Optional[_Iterable[str]] = ...) -> None: ...

class DrinkPotion(_message.Message):
    __slots__ = ("ingredients",)
    INGREDIENTS_FIELD_NUMBER: _ClassVar[int]
    ingredients: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, ingredients: _Optional[_Iterable[str]] = ...) -> None: ...

class SellPotion(_message.Message):
    __slots__ = ("wanted", "ingredients", "guarantee", "favors")
    WANTED_FIELD_NUMBER: _ClassVar[int]
    INGREDIENTS_FIELD_NUMBER: _ClassVar[int]
    GUARANTEE_FIELD_NUMBER: _ClassVar[int]
    FAVORS_FIELD_NUMBER: _ClassVar[int]
    wanted: str
    ingredients: _containers.RepeatedScalarFieldContainer[str]
    guarantee: str
    favors: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, wanted: _Optional[str] = ..., ingredients: _Optional[_Iterable[str]] = ..., guarantee: _Optional[str] = ..., favors: _Optional[_Iterable[str]] = ...) -> None: ...

class DebunkApprentice(_message.Message):
    __slots__ = ("ingredient", "colour")
    INGREDIENT_FIELD_NUMBER: _ClassVar[int]
    COLOUR_FIELD_NUMBER: _ClassVar[int]
    ingredient: str
    colour: str
    def __init__(self, ingredient: _Optional[str] = ..., colour: _Optional[str] = ...) -> None: ...

class DebunkMaster(_message.Message):
    __slots__ = ("ingredients", "potion")
    INGREDIENTS_FIELD_NUMBER: _ClassVar[int]
    POTION_FIELD_NUMBER: _ClassVar[int]
    ingredients: _containers.RepeatedScalarFieldContainer[str]
    potion: str
    def __init__(self, ingredients: _Optional[_Iterable[str]] = ..., potion: _Optional[str] = ...) -> None: ...

class ExhibitPotion(_message.Message):
    __slots__ = ("potion", "ingredients")
    POTION_FIELD_NUMBER: _ClassVar[int]
    INGREDIENTS_FIELD_NUMBER: _ClassVar[int]
    potion: str
    ingredients: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, potion: _Optional[str] = ..., ingredients: _Optional[_Iterable[str]] = ...) -> None: ...

class ExportTriangle(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ShowAnswers(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class KeepFavor(_message.Message):
    __slots__ = ("favor",)
    FAVOR_FIELD_NUMBER: _ClassVar[int]
    favor: str
    def __init__(self, favor: _Optional[str] = ...) -> None: ...

class ChooseOrder(_message.Message):
    __slots__ = ("space",)
    SPACE_FIELD_NUMBER: _ClassVar[int]
    space: str
    def __init__(self, space: _Optional[str] = ...) -> None: ...

class Declare(_message.Message):
    __slots__ = ("actions",)
    class ActionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    actions: _containers.ScalarMap[str, int]
    def __init__(self, actions: _Optional[_Mapping[str, int]] = ...) -> None: ...

class Forage(_message.Message):
    __slots__ = ("take",)
    TAKE_FIELD_NUMBER: _ClassVar[int]
    take: str
    def __init__(self, take: _Optional[str] = ...) -> None: ...

class Transmute(_message.Message):
    __slots__ = ("ingredient", "favors")
    INGREDIENT_FIELD_NUMBER: _ClassVar[int]
    FAVORS_FIELD_NUMBER: _ClassVar[int]
    ingredient: str
    favors: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, ingredient: _Optional[str] = ..., favors: _Optional[_Iterable[str]] = ...) -> None: ...

class BuyArtifact(_message.Message):
    __slots__ = ("artifact", "favors")
    ARTIFACT_FIELD_NUMBER: _ClassVar[int]
    FAVORS_FIELD_NUMBER: _ClassVar[int]
    artifact: str
    favors: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, artifact: _Optional[str] = ..., favors: _Optional[_Iterable[str]] = ...) -> None: ...

class Bid(_message.Message):
    __slots__ = ("discount",)
    DISCOUNT_FIELD_NUMBER: _ClassVar[int]
    discount: int
    def __init__(self, discount: _Optional[int] = ...) -> None: ...

class PublishTheory(_message.Message):
    __slots__ = ("ingredient", "alchemical", "seal")
    INGREDIENT_FIELD_NUMBER: _ClassVar[int]
    ALCHEMICAL_FIELD_NUMBER: _ClassVar[int]
    SEAL_FIELD_NUMBER: _ClassVar[int]
    ingredient: str
    alchemical: str
    seal: str
    def __init__(self, ingredient: _Optional[str] = ..., alchemical: _Optional[str] = ..., seal: _Optional[str] = ...) -> None: ...

class EndorseTheory(_message.Message):
    __slots__ = ("ingredient", "seal")
    INGREDIENT_FIELD_NUMBER: _ClassVar[int]
    SEAL_FIELD_NUMBER: _ClassVar[int]
    ingredient: str
    seal: str
    def __init__(self, ingredient: _Optional[str] = ..., seal: _Optional[str] = ...) -> None: ...

class Decline(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class PlayFavor(_message.Message):
    __slots__ = ("favor", "space")
    FAVOR_FIELD_NUMBER: _ClassVar[int]
    SPACE_FIELD_NUMBER: _ClassVar[int]
    favor: str
    space: str
    def __init__(self, favor: _Optional[str] = ..., space: _Optional[str] = ...) -> None: ...

class HerbalistDiscard(_message.Message):
    __slots__ = ("ingredients",)
    INGREDIENTS_FIELD_NUMBER: _ClassVar[int]
    ingredients: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, ingredients: _Optional[_Iterable[str]] = ...) -> None: ...

class ClaimGrant(_message.Message):
    __slots__ = ("grant",)
    GRANT_FIELD_NUMBER: _ClassVar[int]
    grant: str
    def __init__(self, grant: _Optional[str] = ...) -> None: ...
