"""Why a command was refused.

Two kinds: a command that is not well formed (the API answers INVALID_ARGUMENT) and
a well-formed command that the rules forbid now (FAILED_PRECONDITION, with the rule id
from the game's rule checklist). Reasons are shown to the seat that acted, so they must never
mention what that seat may not see.
"""


class BadCommand(ValueError):
    """The command (or an option) is malformed: unknown type, missing or wrong field."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class RuleViolation(Exception):
    """The rules forbid this command now."""

    def __init__(self, code: str, reason: str, rule_id: str) -> None:
        super().__init__(f"{code}: {reason} [{rule_id}]")
        self.code = code
        self.reason = reason
        self.rule_id = rule_id
