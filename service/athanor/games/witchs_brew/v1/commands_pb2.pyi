from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional

DESCRIPTOR: _descriptor.FileDescriptor

class ChooseRoles(_message.Message):
    __slots__ = ("roles",)
    ROLES_FIELD_NUMBER: _ClassVar[int]
    roles: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, roles: _Optional[_Iterable[str]] = ...) -> None: ...

class LeadRole(_message.Message):
    __slots__ = ("role",)
    ROLE_FIELD_NUMBER: _ClassVar[int]
    role: str
    def __init__(self, role: _Optional[str] = ...) -> None: ...

class Claim(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class SoBeIt(_message.Message):
    __slots__ = ("use", "give", "take", "vial")
    USE_FIELD_NUMBER: _ClassVar[int]
    GIVE_FIELD_NUMBER: _ClassVar[int]
    TAKE_FIELD_NUMBER: _ClassVar[int]
    VIAL_FIELD_NUMBER: _ClassVar[int]
    use: bool
    give: str
    take: str
    vial: str
    def __init__(self, use: _Optional[bool] = ..., give: _Optional[str] = ..., take: _Optional[str] = ..., vial: _Optional[str] = ...) -> None: ...

class Pass(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class FullAction(_message.Message):
    __slots__ = ("use", "give", "take", "pay", "vial", "stack")
    USE_FIELD_NUMBER: _ClassVar[int]
    GIVE_FIELD_NUMBER: _ClassVar[int]
    TAKE_FIELD_NUMBER: _ClassVar[int]
    PAY_FIELD_NUMBER: _ClassVar[int]
    VIAL_FIELD_NUMBER: _ClassVar[int]
    STACK_FIELD_NUMBER: _ClassVar[int]
    use: bool
    give: str
    take: _containers.RepeatedScalarFieldContainer[str]
    pay: _containers.RepeatedScalarFieldContainer[str]
    vial: str
    stack: str
    def __init__(self, use: _Optional[bool] = ..., give: _Optional[str] = ..., take: _Optional[_Iterable[str]] = ..., pay: _Optional[_Iterable[str]] = ..., vial: _Optional[str] = ..., stack: _Optional[str] = ...) -> None: ...

class GiveDrops(_message.Message):
    __slots__ = ("drops",)
    class DropsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    DROPS_FIELD_NUMBER: _ClassVar[int]
    drops: _containers.ScalarMap[str, int]
    def __init__(self, drops: _Optional[_Mapping[str, int]] = ...) -> None: ...

class AddToShelf(_message.Message):
    __slots__ = ("gold", "drops")
    class DropsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    GOLD_FIELD_NUMBER: _ClassVar[int]
    DROPS_FIELD_NUMBER: _ClassVar[int]
    gold: int
    drops: _containers.ScalarMap[str, int]
    def __init__(self, gold: _Optional[int] = ..., drops: _Optional[_Mapping[str, int]] = ...) -> None: ...
