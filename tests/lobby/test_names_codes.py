"""Names and join codes: what a player types, cleaned or refused."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from athanor.app import codes
from athanor.app.codes import client_address
from athanor.app.names import MAX_NAME_CHARS, clean_name
from athanor.engine.violations import BadCommand


@given(st.text(max_size=300))
def test_a_cleaned_name_is_short_printable_and_stable(text: str) -> None:
    try:
        name = clean_name(text)
    except BadCommand:
        return
    assert 1 <= len(name) <= MAX_NAME_CHARS
    assert all(ch.isprintable() for ch in name)
    assert name == name.strip() and "  " not in name
    assert clean_name(name) == name  # cleaning twice changes nothing


@pytest.mark.parametrize(
    ("typed", "clean"),
    [
        ("  Ana  ", "Ana"),
        ("Bo\u200bb", "Bob"),  # zero-width space
        ("\uff25\uff56\uff41", "Eva"),  # full-width letters
        ("Li\tMei", "Li Mei"),
        ("José", "José"),
        ("山田 はなこ", "山田 はなこ"),
        ("\u202eevil", "evil"),  # a bidi override goes
    ],
)
def test_names_are_cleaned(typed: str, clean: str) -> None:
    assert clean_name(typed) == clean


@pytest.mark.parametrize(
    "typed",
    [
        "",
        "   ",
        "\u200b\u200b",
        "x" * (MAX_NAME_CHARS + 1),
        "P\u0430ul",  # a Cyrillic a among Latin letters
        "Seat 2",
        "seat 10",
        "Z\u0301\u0302\u0303alg",  # a pile of combining marks
        "x" * 300,
    ],
)
def test_bad_names_are_refused(typed: str) -> None:
    with pytest.raises(BadCommand):
        clean_name(typed)


def test_a_new_code_has_the_alphabet_and_length() -> None:
    for _ in range(200):
        code = codes.new_code()
        raw = code.replace("-", "")
        assert len(raw) == codes.LENGTH and set(raw) <= set(codes.ALPHABET)
        assert not set(raw) & set("ILOU")


@given(st.text(alphabet=codes.ALPHABET, min_size=10, max_size=10))
def test_codes_read_back_however_typed(raw: str) -> None:
    canonical = f"{raw[:5]}-{raw[5:]}"
    assert codes.normalize(raw.lower()) == canonical
    assert codes.normalize(f" {raw[:3]} {raw[3:]} ") == canonical
    typed = raw.replace("0", "O").replace("1", "l")
    assert codes.normalize(typed) == canonical


@given(st.text(max_size=40))
def test_anything_else_is_refused_or_a_code(text: str) -> None:
    try:
        code = codes.normalize(text)
    except BadCommand:
        return
    assert len(code) == 11 and code[5] == "-"


@pytest.mark.parametrize("typed", ["", "ABCDE", "ABCDE-FGHJU", "ABCDE-FGHJKM", "ABCDE_FGHJK"])
def test_malformed_codes_are_refused(typed: str) -> None:
    with pytest.raises(BadCommand):
        codes.normalize(typed)


def test_a_peer_is_its_address_without_the_port() -> None:
    assert client_address("ipv4:10.0.0.2:51234") == "ipv4:10.0.0.2"
    assert client_address("ipv6:[::1]:51234") == "ipv6:[::1]"
    assert client_address("unix:/tmp/s") == "unix:/tmp/s"
