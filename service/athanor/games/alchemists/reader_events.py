"""The card reader's events: how each one folds into the state. The reader keeps no
cards and no players; a query only counts as an answer and shows as the last one."""

from __future__ import annotations

from typing import Any

from athanor.engine.handlers import Registry
from athanor.games.alchemists.events import answered, set_code
from athanor.games.alchemists.state import State

READER_REGISTRY = Registry("alchemists")
on = READER_REGISTRY.handles
Body = dict[str, Any]


@on("ReaderStarted")
def _started(state: State, body: Body) -> None:
    set_code(state, body["code"])
    state["phase"] = "reader"


@on("Mixed")
def _mixed(state: State, body: Body) -> None:
    answered(state, body, action=body["action"], result=body["result"])


@on("Sold")
def _sold(state: State, body: Body) -> None:
    answered(state, body, action="sell", quality=body["quality"])


@on("Exhibited")
def _exhibited(state: State, body: Body) -> None:
    answered(state, body, action="exhibit", success=body["success"])


@on("SignRevealed")
def _sign(state: State, body: Body) -> None:
    answered(state, body, action="debunk", sign=body["sign"])


@on("MasterMixed")
def _master(state: State, body: Body) -> None:
    answered(state, body, action="debunk", result=body["result"])


@on("TriangleExported")
def _triangle(state: State, body: Body) -> None:
    state["answers"] += 1


@on("AnswersShown")
def _shown(state: State, body: Body) -> None:
    state["phase"] = "over"
