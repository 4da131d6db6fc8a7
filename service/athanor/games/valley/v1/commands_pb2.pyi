from google.protobuf import struct_pb2 as _struct_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class AssignSkills(_message.Message):
    __slots__ = ("tracks",)
    TRACKS_FIELD_NUMBER: _ClassVar[int]
    tracks: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, tracks: _Optional[_Iterable[str]] = ...) -> None: ...

class Collect(_message.Message):
    __slots__ = ("take",)
    class TakeEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    TAKE_FIELD_NUMBER: _ClassVar[int]
    take: _containers.ScalarMap[str, int]
    def __init__(self, take: _Optional[_Mapping[str, int]] = ...) -> None: ...

class Brew(_message.Message):
    __slots__ = ("decoctions",)
    class DecoctionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    DECOCTIONS_FIELD_NUMBER: _ClassVar[int]
    decoctions: _containers.ScalarMap[str, int]
    def __init__(self, decoctions: _Optional[_Mapping[str, int]] = ...) -> None: ...

class MakeOrder(_message.Message):
    __slots__ = ("card", "place")
    CARD_FIELD_NUMBER: _ClassVar[int]
    PLACE_FIELD_NUMBER: _ClassVar[int]
    card: str
    place: int
    def __init__(self, card: _Optional[str] = ..., place: _Optional[int] = ...) -> None: ...

class Make(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedCompositeFieldContainer[MakeOrder]
    def __init__(self, cards: _Optional[_Iterable[_Union[MakeOrder, _Mapping]]] = ...) -> None: ...

class Rearrange(_message.Message):
    __slots__ = ("to", "token")
    FROM_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    to: int
    token: bool
    def __init__(self, to: _Optional[int] = ..., token: _Optional[bool] = ..., **kwargs) -> None: ...

class Change(_message.Message):
    __slots__ = ("place", "token", "value", "replace")
    PLACE_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    REPLACE_FIELD_NUMBER: _ClassVar[int]
    place: int
    token: str
    value: _struct_pb2.Value
    replace: str
    def __init__(self, place: _Optional[int] = ..., token: _Optional[str] = ..., value: _Optional[_Union[_struct_pb2.Value, _Mapping]] = ..., replace: _Optional[str] = ...) -> None: ...

class Sell(_message.Message):
    __slots__ = ("line", "changes")
    LINE_FIELD_NUMBER: _ClassVar[int]
    CHANGES_FIELD_NUMBER: _ClassVar[int]
    line: str
    changes: _containers.RepeatedCompositeFieldContainer[Change]
    def __init__(self, line: _Optional[str] = ..., changes: _Optional[_Iterable[_Union[Change, _Mapping]]] = ...) -> None: ...

class Transform(_message.Message):
    __slots__ = ("to", "n")
    FROM_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    N_FIELD_NUMBER: _ClassVar[int]
    to: str
    n: int
    def __init__(self, to: _Optional[str] = ..., n: _Optional[int] = ..., **kwargs) -> None: ...

class EndTurn(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class Protect(_message.Message):
    __slots__ = ("use",)
    USE_FIELD_NUMBER: _ClassVar[int]
    use: bool
    def __init__(self, use: _Optional[bool] = ...) -> None: ...

class ChooseElixir(_message.Message):
    __slots__ = ("place",)
    PLACE_FIELD_NUMBER: _ClassVar[int]
    place: int
    def __init__(self, place: _Optional[int] = ...) -> None: ...
