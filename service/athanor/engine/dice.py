"""Die steps: a roll the game waits for from a seat, made by the server or at the table.

With virtual dice the server rolls: the seat sends a bare roll command and ``roll``
draws the face from the Rng. With physical dice the table rolls a real die and the
seat reports the face in the command's ``face`` field. Either way the face is decided
in ``decide`` and written into the roll event, so ``evolve`` only reads it.

The roll awaited is a decision (``decisions.ask("roll", [seat])``); a roll-off is a
simultaneous one made in the open, whose answers are the faces::

    # evolve: a tie to break
    state["pending"] = decisions.ask("rolloff", [2, 4], decisions.SIMULTANEOUS,
                                     secret=False)

    # decide: RollDie from a seat
    if not decisions.awaits(state["pending"], seat):
        raise RuleViolation("NOT_YOUR_ROLL", "no roll waits for you", "XX-02")
    face = dice.roll(FACES, command, rng, physical=state["options"]["physical_dice"])
    return [Event("DieRolled", {"seat": seat, "face": face})]

    # evolve
    @handles("DieRolled")
    def _rolled(state, body):
        decisions.apply_answer(state["pending"], body["seat"], body["face"])

    # the flow: once all have rolled, the game ranks the faces (equal ones roll again)

``roll_commands`` lists the commands a seat may send for the roll (for
``legal_commands``): one bare command, or one per face with physical dice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from athanor.engine.rng import Rng
from athanor.engine.violations import BadCommand

F = TypeVar("F", str, int)  # a die face as JSON carries it


def roll(
    faces: Sequence[F],
    command: Mapping[str, Any],
    rng: Rng,
    physical: bool,
    field: str = "face",
) -> F:
    """The face a roll command makes: reported in `command[field]` with physical dice,
    drawn from the Rng otherwise. A command that names a face the server should roll
    (or names none when it must) is refused, so a client cannot choose its luck."""
    if physical:
        face = command.get(field)
        # bool is an int in Python: True must not pass for a face of 1
        if isinstance(face, bool) or face not in faces:
            shown = ", ".join(str(f) for f in faces)
            raise BadCommand(f'with physical dice, "{field}" must be one of {shown}')
        return face
    if field in command:
        raise BadCommand(f'the server rolls this game\'s die: leave out "{field}"')
    return rng.roll(faces)


def roll_commands(
    command_type: str, faces: Sequence[str | int], physical: bool, field: str = "face"
) -> list[dict[str, Any]]:
    """The roll commands a seat may send: one per face with physical dice, else one."""
    if physical:
        return [{"type": command_type, field: f} for f in faces]
    return [{"type": command_type}]
