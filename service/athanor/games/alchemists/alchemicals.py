"""The alchemical model: the 8 alchemicals, the mixing rule, the 40,320 assignments and
the four-letter game code (pure data and functions, no state).

Alchemicals are numbered 0..7 for A1..A8; an aspect is (sign, big) per colour. An
assignment is a tuple of 8 alchemical numbers indexed by ingredient number (the order
of `INGREDIENTS`, AL-Q-01). Potions are written R+, R-, G+, G-, B+, B-, N.
"""

from __future__ import annotations

import itertools
from functools import cache

COLOURS = ("R", "G", "B")
INGREDIENTS = (
    "mushroom",
    "fern",
    "toad",
    "bird-claw",
    "flower",
    "mandrake",
    "scorpion",
    "feather",
)  # AL-Q-01, in this order
INGREDIENT_NAMES = {
    "mushroom": "Mushroom",
    "fern": "Fern",
    "toad": "Toad",
    "bird-claw": "Bird Claw",
    "flower": "Flower",
    "mandrake": "Mandrake Root",
    "scorpion": "Scorpion",
    "feather": "Raven's Feather",
}
ALCHEMICAL_NAMES = tuple(f"A{n}" for n in range(1, 9))
POTIONS = ("R+", "R-", "G+", "G-", "B+", "B-", "N")
COLOURED = POTIONS[:6]
POTION_NAMES = {
    "R+": "Healing",
    "R-": "Poison",
    "G+": "Speed",
    "G-": "Paralysis",
    "B+": "Wisdom",
    "B-": "Insanity",
    "N": "Neutral",
}
NEGATIVE = ("R-", "G-", "B-")

# table 1.1: per alchemical, (sign, big) for red, green, blue (AL-POT-02, AL-Q-04)
ALCHEMICALS: tuple[tuple[tuple[int, bool], ...], ...] = (
    ((-1, False), (+1, False), (-1, True)),  # A1 r- g+ B-
    ((+1, False), (-1, False), (+1, True)),  # A2 r+ g- B+
    ((+1, False), (-1, True), (-1, False)),  # A3 r+ G- b-
    ((-1, False), (+1, True), (+1, False)),  # A4 r- G+ b+
    ((-1, True), (-1, False), (+1, False)),  # A5 R- g- b+
    ((+1, True), (+1, False), (-1, False)),  # A6 R+ g+ b-
    ((-1, True), (-1, True), (-1, True)),  # A7 R- G- B-
    ((+1, True), (+1, True), (+1, True)),  # A8 R+ G+ B+
)


def sign(alchemical: int, colour: str) -> int:
    """+1 or -1: the alchemical's sign on one aspect."""
    return ALCHEMICALS[alchemical][COLOURS.index(colour)][0]


def partner(alchemical: int) -> int:
    """The neutralizing partner (opposite on every aspect; adjacent, AL-POT-07)."""
    return alchemical ^ 1


def mix_alchemicals(a: int, b: int) -> str:
    """The potion two different alchemicals make (AL-POT-05/06)."""
    if a == b:
        raise ValueError("an alchemical does not mix with itself")
    for colour, (sa, ba), (sb, bb) in zip(COLOURS, ALCHEMICALS[a], ALCHEMICALS[b], strict=True):
        if sa == sb and ba != bb:
            return colour + ("+" if sa > 0 else "-")
    return "N"


MIX: tuple[tuple[str, ...], ...] = tuple(
    tuple("--" if a == b else mix_alchemicals(a, b) for b in range(8)) for a in range(8)
)
PAIRS_FOR: dict[str, tuple[tuple[int, int], ...]] = {
    p: tuple((a, b) for a in range(8) for b in range(8) if a != b and MIX[a][b] == p)
    for p in POTIONS
}  # ordered pairs making each potion (8 = 4 unordered, twice)


def potion_sign(potion: str) -> int:
    """+1, -1, or 0 for Neutral."""
    return 0 if potion == "N" else (1 if potion[1] == "+" else -1)


def quality(wanted: str, result: str) -> str:
    """The sell quality level of `result` for `wanted` (AL-SELL-10, AL-CR-07)."""
    if result == wanted:
        return "exact"
    if result == "N":
        return "neutral"
    return "sign" if potion_sign(result) == potion_sign(wanted) else "wrong"


QUALITIES = ("exact", "sign", "neutral", "wrong")  # best first (AL-SELL-11)


# ---------------------------------------------------------------- assignments and codes

Assignment = tuple[int, ...]


@cache
def permutations() -> tuple[Assignment, ...]:
    """All 40,320 assignments in lexicographic order (index = rank)."""
    return tuple(itertools.permutations(range(8)))


def rank(assignment: Assignment) -> int:
    """The lexicographic rank of an assignment among the 40,320."""
    left = list(range(8))
    out = 0
    for pos, a in enumerate(assignment):
        i = left.index(a)
        out += i * _FACT[7 - pos]
        left.pop(i)
    return out


def unrank(index: int) -> Assignment:
    left = list(range(8))
    out = []
    for pos in range(8):
        i, index = divmod(index, _FACT[7 - pos])
        out.append(left.pop(i))
    return tuple(out)


_FACT = (1, 1, 2, 6, 24, 120, 720, 5040)
COUNT = 40320
CODES = 26**4
# AL-Q-06: a code's base-26 value v (A=0, first letter most significant) names the
# assignment of rank (v * MULT mod 26^4) mod 40,320. MULT is odd and prime to 13, so
# v -> v * MULT is a bijection of the 456,976 values and scatters near codes apart.
MULT = 100_003
INVERSE = pow(MULT, -1, CODES)
DEMO = "DEMO"
# AL-Q-05: the tutorial assignment, by ingredient
DEMO_ASSIGNMENT: Assignment = (1, 3, 7, 6, 5, 2, 4, 0)


def _value(code: str) -> int:
    v = 0
    for ch in code:
        v = v * 26 + (ord(ch) - ord("A"))
    return v


def _letters(value: int) -> str:
    out = []
    for _ in range(4):
        value, d = divmod(value, 26)
        out.append(chr(ord("A") + d))
    return "".join(reversed(out))


def normal_code(code: str) -> str | None:
    """The code in capitals, or None when it is not 4 letters A-Z."""
    code = code.strip().upper()
    if len(code) != 4 or not all("A" <= ch <= "Z" for ch in code):
        return None
    return code


def assignment_of(code: str) -> Assignment:
    """The assignment a four-letter code names (case-insensitive; DEMO is AL-Q-05)."""
    norm = normal_code(code)
    if norm is None:
        raise ValueError(f"a game code is 4 letters A-Z, not {code!r}")
    if norm == DEMO:
        return DEMO_ASSIGNMENT
    return unrank((_value(norm) * MULT) % CODES % COUNT)


def code_of(index: int) -> str:
    """A code (never DEMO) naming the assignment of rank `index`: what a new game shows."""
    value = (index * INVERSE) % CODES
    code = _letters(value)
    if code == DEMO:  # DEMO is reserved: the next value with the same rank
        code = _letters(((index + COUNT) * INVERSE) % CODES)
    return code


def triangle(assignment: Assignment) -> dict[str, str]:
    """The gamemaster's 28-pair triangle: "a+b" -> result, ingredient ids in order."""
    out = {}
    for i, j in itertools.combinations(range(8), 2):
        out[f"{INGREDIENTS[i]}+{INGREDIENTS[j]}"] = MIX[assignment[i]][assignment[j]]
    return out


def mix(assignment: Assignment, a: str, b: str) -> str:
    """The result of mixing two different ingredients under an assignment."""
    return MIX[assignment[INGREDIENTS.index(a)]][assignment[INGREDIENTS.index(b)]]
