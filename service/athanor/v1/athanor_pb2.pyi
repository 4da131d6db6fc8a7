from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Kind(_message.Message):
    __slots__ = ("kind", "title", "min_seats", "max_seats", "rules_version", "packs", "house_rules", "players")
    KIND_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    MIN_SEATS_FIELD_NUMBER: _ClassVar[int]
    MAX_SEATS_FIELD_NUMBER: _ClassVar[int]
    RULES_VERSION_FIELD_NUMBER: _ClassVar[int]
    PACKS_FIELD_NUMBER: _ClassVar[int]
    HOUSE_RULES_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    kind: str
    title: str
    min_seats: int
    max_seats: int
    rules_version: str
    packs: _containers.RepeatedCompositeFieldContainer[ContentPack]
    house_rules: str
    players: str
    def __init__(self, kind: _Optional[str] = ..., title: _Optional[str] = ..., min_seats: _Optional[int] = ..., max_seats: _Optional[int] = ..., rules_version: _Optional[str] = ..., packs: _Optional[_Iterable[_Union[ContentPack, _Mapping]]] = ..., house_rules: _Optional[str] = ..., players: _Optional[str] = ...) -> None: ...

class ContentPack(_message.Message):
    __slots__ = ("id", "digest")
    ID_FIELD_NUMBER: _ClassVar[int]
    DIGEST_FIELD_NUMBER: _ClassVar[int]
    id: str
    digest: str
    def __init__(self, id: _Optional[str] = ..., digest: _Optional[str] = ...) -> None: ...

class ListKindsRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListKindsResponse(_message.Message):
    __slots__ = ("kinds",)
    KINDS_FIELD_NUMBER: _ClassVar[int]
    kinds: _containers.RepeatedCompositeFieldContainer[Kind]
    def __init__(self, kinds: _Optional[_Iterable[_Union[Kind, _Mapping]]] = ...) -> None: ...

class CreateGameRequest(_message.Message):
    __slots__ = ("kind", "seats", "options", "seed_hex", "content", "table")
    class OptionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    KIND_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    SEED_HEX_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    kind: str
    seats: int
    options: _containers.ScalarMap[str, str]
    seed_hex: str
    content: str
    table: OpenTable
    def __init__(self, kind: _Optional[str] = ..., seats: _Optional[int] = ..., options: _Optional[_Mapping[str, str]] = ..., seed_hex: _Optional[str] = ..., content: _Optional[str] = ..., table: _Optional[_Union[OpenTable, _Mapping]] = ...) -> None: ...

class SeatToken(_message.Message):
    __slots__ = ("seat", "token")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    token: str
    def __init__(self, seat: _Optional[int] = ..., token: _Optional[str] = ...) -> None: ...

class CreateGameResponse(_message.Message):
    __slots__ = ("game_id", "version", "seat_tokens", "join_code")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKENS_FIELD_NUMBER: _ClassVar[int]
    JOIN_CODE_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    version: int
    seat_tokens: _containers.RepeatedCompositeFieldContainer[SeatToken]
    join_code: str
    def __init__(self, game_id: _Optional[str] = ..., version: _Optional[int] = ..., seat_tokens: _Optional[_Iterable[_Union[SeatToken, _Mapping]]] = ..., join_code: _Optional[str] = ...) -> None: ...

class GameSummary(_message.Message):
    __slots__ = ("game_id", "kind", "seats", "version", "over", "created_unix", "archived")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    OVER_FIELD_NUMBER: _ClassVar[int]
    CREATED_UNIX_FIELD_NUMBER: _ClassVar[int]
    ARCHIVED_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    kind: str
    seats: int
    version: int
    over: bool
    created_unix: float
    archived: bool
    def __init__(self, game_id: _Optional[str] = ..., kind: _Optional[str] = ..., seats: _Optional[int] = ..., version: _Optional[int] = ..., over: _Optional[bool] = ..., created_unix: _Optional[float] = ..., archived: _Optional[bool] = ...) -> None: ...

class ListGamesRequest(_message.Message):
    __slots__ = ("page_size", "page_token")
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    page_size: int
    page_token: str
    def __init__(self, page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class ListGamesResponse(_message.Message):
    __slots__ = ("games", "next_page_token")
    GAMES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[GameSummary]
    next_page_token: str
    def __init__(self, games: _Optional[_Iterable[_Union[GameSummary, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class GetViewRequest(_message.Message):
    __slots__ = ("game_id", "at_version", "seat", "since_version")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    AT_VERSION_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SINCE_VERSION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    at_version: int
    seat: int
    since_version: int
    def __init__(self, game_id: _Optional[str] = ..., at_version: _Optional[int] = ..., seat: _Optional[int] = ..., since_version: _Optional[int] = ...) -> None: ...

class GetViewResponse(_message.Message):
    __slots__ = ("game_id", "version", "seat", "view_json", "table_json", "view_patch_json")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VIEW_JSON_FIELD_NUMBER: _ClassVar[int]
    TABLE_JSON_FIELD_NUMBER: _ClassVar[int]
    VIEW_PATCH_JSON_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    version: int
    seat: int
    view_json: str
    table_json: str
    view_patch_json: str
    def __init__(self, game_id: _Optional[str] = ..., version: _Optional[int] = ..., seat: _Optional[int] = ..., view_json: _Optional[str] = ..., table_json: _Optional[str] = ..., view_patch_json: _Optional[str] = ...) -> None: ...

class ActRequest(_message.Message):
    __slots__ = ("game_id", "command_json", "command_id", "expected_version", "seat")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    COMMAND_JSON_FIELD_NUMBER: _ClassVar[int]
    COMMAND_ID_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_VERSION_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    command_json: str
    command_id: str
    expected_version: int
    seat: int
    def __init__(self, game_id: _Optional[str] = ..., command_json: _Optional[str] = ..., command_id: _Optional[str] = ..., expected_version: _Optional[int] = ..., seat: _Optional[int] = ...) -> None: ...

class ActResponse(_message.Message):
    __slots__ = ("first_version", "last_version", "duplicate")
    FIRST_VERSION_FIELD_NUMBER: _ClassVar[int]
    LAST_VERSION_FIELD_NUMBER: _ClassVar[int]
    DUPLICATE_FIELD_NUMBER: _ClassVar[int]
    first_version: int
    last_version: int
    duplicate: bool
    def __init__(self, first_version: _Optional[int] = ..., last_version: _Optional[int] = ..., duplicate: _Optional[bool] = ...) -> None: ...

class ListLegalCommandsRequest(_message.Message):
    __slots__ = ("game_id", "seat", "known_digest")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    KNOWN_DIGEST_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    known_digest: str
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., known_digest: _Optional[str] = ...) -> None: ...

class ListLegalCommandsResponse(_message.Message):
    __slots__ = ("version", "seat", "commands_json", "previews", "free_commands_json", "free_previews", "digest", "unchanged")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    COMMANDS_JSON_FIELD_NUMBER: _ClassVar[int]
    PREVIEWS_FIELD_NUMBER: _ClassVar[int]
    FREE_COMMANDS_JSON_FIELD_NUMBER: _ClassVar[int]
    FREE_PREVIEWS_FIELD_NUMBER: _ClassVar[int]
    DIGEST_FIELD_NUMBER: _ClassVar[int]
    UNCHANGED_FIELD_NUMBER: _ClassVar[int]
    version: int
    seat: int
    commands_json: _containers.RepeatedScalarFieldContainer[str]
    previews: _containers.RepeatedScalarFieldContainer[str]
    free_commands_json: _containers.RepeatedScalarFieldContainer[str]
    free_previews: _containers.RepeatedScalarFieldContainer[str]
    digest: str
    unchanged: bool
    def __init__(self, version: _Optional[int] = ..., seat: _Optional[int] = ..., commands_json: _Optional[_Iterable[str]] = ..., previews: _Optional[_Iterable[str]] = ..., free_commands_json: _Optional[_Iterable[str]] = ..., free_previews: _Optional[_Iterable[str]] = ..., digest: _Optional[str] = ..., unchanged: _Optional[bool] = ...) -> None: ...

class Event(_message.Message):
    __slots__ = ("version", "type", "schema", "body_json", "redacted", "seat", "time", "command_json", "text")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    SCHEMA_FIELD_NUMBER: _ClassVar[int]
    BODY_JSON_FIELD_NUMBER: _ClassVar[int]
    REDACTED_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TIME_FIELD_NUMBER: _ClassVar[int]
    COMMAND_JSON_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    version: int
    type: str
    schema: int
    body_json: str
    redacted: bool
    seat: int
    time: str
    command_json: str
    text: str
    def __init__(self, version: _Optional[int] = ..., type: _Optional[str] = ..., schema: _Optional[int] = ..., body_json: _Optional[str] = ..., redacted: _Optional[bool] = ..., seat: _Optional[int] = ..., time: _Optional[str] = ..., command_json: _Optional[str] = ..., text: _Optional[str] = ...) -> None: ...

class Heartbeat(_message.Message):
    __slots__ = ("head_version",)
    HEAD_VERSION_FIELD_NUMBER: _ClassVar[int]
    head_version: int
    def __init__(self, head_version: _Optional[int] = ...) -> None: ...

class WatchRequest(_message.Message):
    __slots__ = ("game_id", "from_version", "max_batch")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    FROM_VERSION_FIELD_NUMBER: _ClassVar[int]
    MAX_BATCH_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    from_version: int
    max_batch: int
    def __init__(self, game_id: _Optional[str] = ..., from_version: _Optional[int] = ..., max_batch: _Optional[int] = ...) -> None: ...

class WatchResponse(_message.Message):
    __slots__ = ("event", "heartbeat", "batch")
    EVENT_FIELD_NUMBER: _ClassVar[int]
    HEARTBEAT_FIELD_NUMBER: _ClassVar[int]
    BATCH_FIELD_NUMBER: _ClassVar[int]
    event: Event
    heartbeat: Heartbeat
    batch: EventBatch
    def __init__(self, event: _Optional[_Union[Event, _Mapping]] = ..., heartbeat: _Optional[_Union[Heartbeat, _Mapping]] = ..., batch: _Optional[_Union[EventBatch, _Mapping]] = ...) -> None: ...

class EventBatch(_message.Message):
    __slots__ = ("events",)
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    events: _containers.RepeatedCompositeFieldContainer[Event]
    def __init__(self, events: _Optional[_Iterable[_Union[Event, _Mapping]]] = ...) -> None: ...

class GetLogRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class LogEntry(_message.Message):
    __slots__ = ("header", "stored", "event")
    HEADER_FIELD_NUMBER: _ClassVar[int]
    STORED_FIELD_NUMBER: _ClassVar[int]
    EVENT_FIELD_NUMBER: _ClassVar[int]
    header: LogHeader
    stored: StoredEvent
    event: Event
    def __init__(self, header: _Optional[_Union[LogHeader, _Mapping]] = ..., stored: _Optional[_Union[StoredEvent, _Mapping]] = ..., event: _Optional[_Union[Event, _Mapping]] = ...) -> None: ...

class LogHeader(_message.Message):
    __slots__ = ("game_id", "kind", "rules_version", "version", "seed_hex")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    RULES_VERSION_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SEED_HEX_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    kind: str
    rules_version: str
    version: int
    seed_hex: str
    def __init__(self, game_id: _Optional[str] = ..., kind: _Optional[str] = ..., rules_version: _Optional[str] = ..., version: _Optional[int] = ..., seed_hex: _Optional[str] = ...) -> None: ...

class StoredEvent(_message.Message):
    __slots__ = ("version", "data", "hash")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    DATA_FIELD_NUMBER: _ClassVar[int]
    HASH_FIELD_NUMBER: _ClassVar[int]
    version: int
    data: str
    hash: str
    def __init__(self, version: _Optional[int] = ..., data: _Optional[str] = ..., hash: _Optional[str] = ...) -> None: ...

class VerifyRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class VerifyResponse(_message.Message):
    __slots__ = ("ok", "first_bad_version", "reason", "events", "rerun")
    OK_FIELD_NUMBER: _ClassVar[int]
    FIRST_BAD_VERSION_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    RERUN_FIELD_NUMBER: _ClassVar[int]
    ok: bool
    first_bad_version: int
    reason: str
    events: int
    rerun: bool
    def __init__(self, ok: _Optional[bool] = ..., first_bad_version: _Optional[int] = ..., reason: _Optional[str] = ..., events: _Optional[int] = ..., rerun: _Optional[bool] = ...) -> None: ...

class ImportGameRequest(_message.Message):
    __slots__ = ("header", "events", "game_id")
    HEADER_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    header: LogHeader
    events: _containers.RepeatedCompositeFieldContainer[StoredEvent]
    game_id: str
    def __init__(self, header: _Optional[_Union[LogHeader, _Mapping]] = ..., events: _Optional[_Iterable[_Union[StoredEvent, _Mapping]]] = ..., game_id: _Optional[str] = ...) -> None: ...

class ImportGameResponse(_message.Message):
    __slots__ = ("game_id", "version", "seat_tokens")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKENS_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    version: int
    seat_tokens: _containers.RepeatedCompositeFieldContainer[SeatToken]
    def __init__(self, game_id: _Optional[str] = ..., version: _Optional[int] = ..., seat_tokens: _Optional[_Iterable[_Union[SeatToken, _Mapping]]] = ...) -> None: ...

class OpenTable(_message.Message):
    __slots__ = ("open", "listed", "move_seconds")
    OPEN_FIELD_NUMBER: _ClassVar[int]
    LISTED_FIELD_NUMBER: _ClassVar[int]
    MOVE_SECONDS_FIELD_NUMBER: _ClassVar[int]
    open: bool
    listed: bool
    move_seconds: int
    def __init__(self, open: _Optional[bool] = ..., listed: _Optional[bool] = ..., move_seconds: _Optional[int] = ...) -> None: ...

class JoinGameRequest(_message.Message):
    __slots__ = ("code", "name", "seat", "rematch_of")
    CODE_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    REMATCH_OF_FIELD_NUMBER: _ClassVar[int]
    code: str
    name: str
    seat: int
    rematch_of: str
    def __init__(self, code: _Optional[str] = ..., name: _Optional[str] = ..., seat: _Optional[int] = ..., rematch_of: _Optional[str] = ...) -> None: ...

class JoinGameResponse(_message.Message):
    __slots__ = ("game_id", "seat", "token", "version", "name")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    token: str
    version: int
    name: str
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., token: _Optional[str] = ..., version: _Optional[int] = ..., name: _Optional[str] = ...) -> None: ...

class ListLobbyRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class LobbyGame(_message.Message):
    __slots__ = ("code", "game_id", "kind", "options", "seats", "names", "bots", "free", "created_unix", "default_options")
    class OptionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    class NamesEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: int
        value: str
        def __init__(self, key: _Optional[int] = ..., value: _Optional[str] = ...) -> None: ...
    class BotsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: int
        value: str
        def __init__(self, key: _Optional[int] = ..., value: _Optional[str] = ...) -> None: ...
    CODE_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    NAMES_FIELD_NUMBER: _ClassVar[int]
    BOTS_FIELD_NUMBER: _ClassVar[int]
    FREE_FIELD_NUMBER: _ClassVar[int]
    CREATED_UNIX_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    code: str
    game_id: str
    kind: str
    options: _containers.ScalarMap[str, str]
    seats: int
    names: _containers.ScalarMap[int, str]
    bots: _containers.ScalarMap[int, str]
    free: _containers.RepeatedScalarFieldContainer[int]
    created_unix: float
    default_options: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, code: _Optional[str] = ..., game_id: _Optional[str] = ..., kind: _Optional[str] = ..., options: _Optional[_Mapping[str, str]] = ..., seats: _Optional[int] = ..., names: _Optional[_Mapping[int, str]] = ..., bots: _Optional[_Mapping[int, str]] = ..., free: _Optional[_Iterable[int]] = ..., created_unix: _Optional[float] = ..., default_options: _Optional[_Iterable[str]] = ...) -> None: ...

class ListLobbyResponse(_message.Message):
    __slots__ = ("games",)
    GAMES_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[LobbyGame]
    def __init__(self, games: _Optional[_Iterable[_Union[LobbyGame, _Mapping]]] = ...) -> None: ...

class SeatBotRequest(_message.Message):
    __slots__ = ("game_id", "seat", "level", "confirm")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    CONFIRM_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    level: str
    confirm: bool
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., level: _Optional[str] = ..., confirm: _Optional[bool] = ...) -> None: ...

class ResignRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class AbandonRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class ReissueTokenRequest(_message.Message):
    __slots__ = ("game_id", "seat")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class ReissueTokenResponse(_message.Message):
    __slots__ = ("seat", "token", "version")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    seat: int
    token: str
    version: int
    def __init__(self, seat: _Optional[int] = ..., token: _Optional[str] = ..., version: _Optional[int] = ...) -> None: ...

class UndoRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class RematchRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class RematchResponse(_message.Message):
    __slots__ = ("game_id", "join_code", "seat", "token")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    JOIN_CODE_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    join_code: str
    seat: int
    token: str
    def __init__(self, game_id: _Optional[str] = ..., join_code: _Optional[str] = ..., seat: _Optional[int] = ..., token: _Optional[str] = ...) -> None: ...

class ArchiveGameRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class ArchiveGameResponse(_message.Message):
    __slots__ = ("game_id", "bundle", "bundle_bytes", "bundle_sha256", "events", "freed_bytes")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    BUNDLE_FIELD_NUMBER: _ClassVar[int]
    BUNDLE_BYTES_FIELD_NUMBER: _ClassVar[int]
    BUNDLE_SHA256_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    FREED_BYTES_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    bundle: str
    bundle_bytes: int
    bundle_sha256: str
    events: int
    freed_bytes: int
    def __init__(self, game_id: _Optional[str] = ..., bundle: _Optional[str] = ..., bundle_bytes: _Optional[int] = ..., bundle_sha256: _Optional[str] = ..., events: _Optional[int] = ..., freed_bytes: _Optional[int] = ...) -> None: ...
