"""Exceptions from the app and store, turned into gRPC status codes a client can act on."""

from __future__ import annotations

import logging
import re
import traceback
from types import TracebackType

import grpc
import redis.exceptions
from google.rpc import code_pb2, error_details_pb2, status_pb2

from athanor.api.limits import clip
from athanor.app.auth import Forbidden, Unauthenticated
from athanor.app.codes import NoSuchCode, RateLimited
from athanor.app.kinds import UnknownKind, UnknownPack, UnknownRules
from athanor.app.watching import Stopping
from athanor.engine.violations import BadCommand, RuleViolation
from athanor.store import (
    GameExists,
    GameNotFound,
    NotReplicated,
    SlowSubscriber,
    StoreUnavailable,
    VersionConflict,
)
from athanor.store.archive import BundleCorrupt, BundleUnreadable

log = logging.getLogger("athanor.api")
DOMAIN = "athanor"
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


class Abort(Exception):
    """A status to end the call with."""

    def __init__(
        self, code: grpc.StatusCode, message: str, details: status_pb2.Status | None = None
    ) -> None:
        message = clip(message)
        if details is not None:
            details.message = message  # must equal the call's details
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details

    def trailing_metadata(self) -> tuple[tuple[str, bytes], ...]:
        if self.details is None:
            return ()
        return (("grpc-status-details-bin", self.details.SerializeToString()),)


def check_game_id(game_id: str) -> str:
    if not GAME_ID.fullmatch(game_id):
        raise Abort(grpc.StatusCode.INVALID_ARGUMENT, "game_id must be 1-64 of [A-Za-z0-9_-]")
    return game_id


def violation_message(err: RuleViolation) -> str:
    return f"{err.reason} [{err.rule_id}]"


def violation_status(err: RuleViolation) -> status_pb2.Status:
    info = error_details_pb2.ErrorInfo(
        reason=err.code, domain=DOMAIN, metadata={"rule_id": err.rule_id, "reason": err.reason}
    )
    # the message must equal the call's details, or clients reject the rich status
    status = status_pb2.Status(code=code_pb2.FAILED_PRECONDITION, message=violation_message(err))
    status.details.add().Pack(info)
    return status


def conflict_status(err: VersionConflict) -> status_pb2.Status:
    """ABORTED with the head version in an ErrorInfo, so a client need not parse text."""
    info = error_details_pb2.ErrorInfo(
        reason="VERSION_CONFLICT",
        domain=DOMAIN,
        metadata={"head_version": str(err.actual), "expected_version": str(err.expected)},
    )
    status = status_pb2.Status(code=code_pb2.ABORTED, message=str(err))
    status.details.add().Pack(info)
    return status


def to_abort(err: BaseException) -> Abort | None:
    """The status for a known exception; None for a bug (INTERNAL, see `statuses`)."""
    match err:
        case Abort():
            return err
        case RuleViolation():
            return Abort(
                grpc.StatusCode.FAILED_PRECONDITION,
                violation_message(err),
                violation_status(err),
            )
        case BadCommand() | UnknownKind():
            return Abort(grpc.StatusCode.INVALID_ARGUMENT, str(err))
        case UnknownPack() | UnknownRules():
            # the game was played with cards this server was not given (--content), or
            # under rules it does not know (a later release's)
            return Abort(grpc.StatusCode.FAILED_PRECONDITION, str(err))
        case VersionConflict():
            return Abort(grpc.StatusCode.ABORTED, str(err), conflict_status(err))
        case GameNotFound() | NoSuchCode():
            return Abort(grpc.StatusCode.NOT_FOUND, str(err))
        case RateLimited():
            return Abort(grpc.StatusCode.RESOURCE_EXHAUSTED, str(err))
        case GameExists():
            return Abort(grpc.StatusCode.ALREADY_EXISTS, str(err))
        case Unauthenticated():
            return Abort(grpc.StatusCode.UNAUTHENTICATED, str(err))
        case Forbidden():
            return Abort(grpc.StatusCode.PERMISSION_DENIED, str(err))
        case SlowSubscriber():
            return Abort(grpc.StatusCode.RESOURCE_EXHAUSTED, str(err))
        case BundleUnreadable():
            # an archived game's bundle is missing or its disk refuses: try again later
            return Abort(grpc.StatusCode.UNAVAILABLE, str(err))
        case BundleCorrupt():
            return Abort(grpc.StatusCode.FAILED_PRECONDITION, str(err))
        case NotReplicated():
            # acknowledged by the primary only: it may or may not survive a failover
            return Abort(
                grpc.StatusCode.UNAVAILABLE,
                "not confirmed by enough replicas: the command may or may not have been "
                "applied; retry it with the same command id",
            )
        case StoreUnavailable():
            return Abort(grpc.StatusCode.UNAVAILABLE, "the event store is unavailable")
        case redis.exceptions.ConnectionError() | redis.exceptions.TimeoutError() | TimeoutError():
            return Abort(grpc.StatusCode.UNAVAILABLE, "the event store is unavailable")
        case Stopping():
            # the client resumes elsewhere or after the restart
            return Abort(grpc.StatusCode.UNAVAILABLE, "the server is stopping")
    return None


class statuses:  # lower case: it reads as a call, `with statuses():`
    """Translate app errors raised inside the block into Abort. A class, not
    @contextmanager: every call enters it, and a generator's context manager costs
    several times as much."""

    def __enter__(self) -> None:
        return None

    def __exit__(
        self, kind: type[BaseException] | None, err: BaseException | None, tb: TracebackType | None
    ) -> bool:
        if not isinstance(err, Exception) or isinstance(err, Abort):
            return False  # none, ours already, or a cancellation or exit: as it is
        abort = to_abort(err)
        if abort is None:
            # a bug: logged by type and place (its text may name a secret), and the
            # client hears no exception text
            frames = traceback.extract_tb(err.__traceback__)
            where = " < ".join(f"{f.filename.rsplit('/', 1)[-1]}:{f.lineno}" for f in frames[-3:])
            log.error("unexpected %s at %s", type(err).__name__, where)
            abort = Abort(grpc.StatusCode.INTERNAL, "internal error (logged by the server)")
        raise abort from err
