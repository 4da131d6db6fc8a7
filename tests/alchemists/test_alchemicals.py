"""The alchemical model: table 1.1 and 1.2, the mixing rule, the 40,320 assignments,
the four-letter codes and DEMO."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from athanor.games.alchemists import alchemicals as al

TABLE_1_2 = """
-- N B- G+ R- B- R- G+
N -- G- B+ B+ R+ G- R+
B- G- -- N G- R+ B- R+
G+ B+ N -- R- G+ R- B+
R- B+ G- R- -- N G- B+
B- R+ R+ G+ N -- B- G+
R- G- B- R- G- B- -- N
G+ R+ R+ B+ B+ G+ N --
"""


@pytest.mark.rule("AL-POT-10", "AL-POT-02", "AL-POT-05")
def test_the_mixing_function_reproduces_table_1_2() -> None:
    rows = [line.split() for line in TABLE_1_2.strip().splitlines()]
    assert [list(r) for r in al.MIX] == rows


@pytest.mark.rule("AL-POT-05", "AL-POT-06")
def test_mixing_is_symmetric_and_follows_the_big_small_rule() -> None:
    for a, b in itertools.permutations(range(8), 2):
        assert al.MIX[a][b] == al.MIX[b][a]
        matches = [
            c
            for c, (sa, ba), (sb, bb) in zip(
                al.COLOURS, al.ALCHEMICALS[a], al.ALCHEMICALS[b], strict=True
            )
            if sa == sb and ba != bb
        ]
        assert len(matches) <= 1
        if not matches:
            assert al.MIX[a][b] == "N"


@pytest.mark.rule("AL-POT-08", "AL-POT-04", "AL-POT-07", "AL-DAT-03")
def test_four_pairs_per_result_and_partners_are_adjacent() -> None:
    counts = Counter(al.MIX[a][b] for a, b in itertools.combinations(range(8), 2))
    assert counts == dict.fromkeys(al.POTIONS, 4)
    assert len({tuple(s for s, _ in x) for x in al.ALCHEMICALS}) == 8
    for a in range(8):
        p = al.partner(a)
        assert abs(p - a) == 1 and min(a, p) % 2 == 0
        assert al.MIX[a][p] == "N"
        assert all(al.sign(a, c) == -al.sign(p, c) for c in al.COLOURS)
        assert all(al.MIX[a][b] != "N" for b in range(8) if b not in (a, p))


@pytest.mark.rule("AL-POT-09", "AL-DAT-04")
def test_potion_signs() -> None:
    assert [al.potion_sign(p) for p in al.POTIONS] == [1, -1, 1, -1, 1, -1, 0]
    assert set(al.NEGATIVE) == {"R-", "G-", "B-"}
    assert al.POTION_NAMES["R+"] == "Healing" and al.POTION_NAMES["R-"] == "Poison"


@pytest.mark.rule("AL-POT-03")
def test_an_alchemical_does_not_mix_with_itself() -> None:
    with pytest.raises(ValueError):
        al.mix_alchemicals(3, 3)


@pytest.mark.rule("AL-POT-01", "AL-CR-01")
def test_forty_thousand_three_hundred_twenty_bijections() -> None:
    perms = al.permutations()
    assert len(perms) == 40320 == len(set(perms))
    assert all(sorted(p) == list(range(8)) for p in perms)


@given(st.integers(0, 40319))
@pytest.mark.rule("AL-CR-02", "AL-Q-06")
def test_rank_and_code_round_trip(index: int) -> None:
    assert al.rank(al.unrank(index)) == index
    code = al.code_of(index)
    assert len(code) == 4 and code.isalpha() and code.isupper() and code != "DEMO"
    assert al.assignment_of(code) == al.unrank(index)
    assert al.assignment_of(code.lower()) == al.unrank(index)  # case-insensitive


@given(st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=4, max_size=4))
@pytest.mark.rule("AL-CR-02", "AL-Q-06")
def test_every_code_names_one_bijection(code: str) -> None:
    a = al.assignment_of(code)
    assert sorted(a) == list(range(8))
    assert al.assignment_of(code) == a  # a fixed function


@given(st.text(max_size=6))
def test_a_code_that_is_not_four_letters_is_refused(text: str) -> None:
    if al.normal_code(text) is None:
        with pytest.raises(ValueError):
            al.assignment_of(text)


@pytest.mark.rule("AL-CR-04", "AL-Q-05", "AL-POT-11", "AL-POT-14")
def test_demo_is_the_tutorial_assignment() -> None:
    demo = al.assignment_of("DEMO")
    assert demo == al.DEMO_ASSIGNMENT
    assert al.mix(demo, "mushroom", "toad") == "R+"
    assert al.mix(demo, "bird-claw", "toad") == "N"
    assert al.mix(demo, "scorpion", "bird-claw") == "G-"
    assert demo[al.INGREDIENTS.index("toad")] == 7  # A8


@pytest.mark.rule("AL-POT-11", "AL-POT-12")
def test_healing_eliminates_the_red_negative_alchemicals() -> None:
    possible = {a for pair in al.PAIRS_FOR["R+"] for a in pair}
    assert possible == {1, 2, 5, 7}  # A2, A3, A6, A8
    assert all(al.sign(a, "R") == 1 for a in possible)


@pytest.mark.rule("AL-POT-13")
def test_neutral_proves_partners() -> None:
    assert sorted(al.PAIRS_FOR["N"]) == sorted([(a, a ^ 1) for a in range(8)])


@pytest.mark.rule("AL-SELL-10", "AL-CR-07")
def test_quality_levels() -> None:
    assert al.quality("R+", "R+") == "exact"
    assert al.quality("R+", "G+") == "sign"
    assert al.quality("R+", "N") == "neutral"
    assert al.quality("R+", "R-") == "wrong"
    assert al.quality("R+", "B-") == "wrong"


@pytest.mark.rule("AL-CR-12", "AL-CR-13", "AL-CR-14")
def test_the_gamemaster_triangle_answers_as_the_reader() -> None:
    demo = al.assignment_of("DEMO")
    tri = al.triangle(demo)
    assert len(tri) == 28
    assert tri["mushroom+toad"] == "R+"
    assert tri["toad+bird-claw"] == "N"
    assert tri["bird-claw+scorpion"] == "G-"
    for key, result in tri.items():
        a, b = key.split("+")
        assert al.mix(demo, a, b) == result == al.mix(demo, b, a)
