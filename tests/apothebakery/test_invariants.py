"""Whole Apothebakery games of random legal commands, checked after every event.

Each game is driven by a `random.Random` seeded from its test id, so a failure names
a seed that replays it exactly: `Table(seats, seed, objectives, physical).play(...)`
or `pytest "tests/apothebakery/test_invariants.py::test_random_game[3p-obj-srv-17]"`.

Token conservation (the law `check_tokens` asserts after every event), derived from
inventory.py, alchemy.py, healing.py, ghosts.py and spells.py with AB-ALC-08, AB-Q-13
and AB-Q-14:

* For every elixir type T and kind K in {pure, impure}:
      bags[T][K] + (tokens "K:T" in all inventories)
                 + (fresh "K:T" tokens waiting in an open overflow choice)
      == the setup count of K in T's bag (AB-SET-10..12).
  Drawing moves a token from its bag into an inventory (or, when it does not fit,
  into the overflow choice: held tokens stay in their slots, only the fresh ones are
  in limbo); healing, Purge, overflow drops, Rainbow inputs, Poltergeist and Helping
  Hand discards, Fennic Doiet and make-room discards put it back in its own bag.
* bags[T]["failed"] never changes: a Failed token drawn goes straight back (AB-ALC-08)
  and the player takes a Failed Elixir from the supply instead.
* Rainbow, Failed Elixir and Spectral Vial tokens come from unlimited supplies and go
  back to them (AB-Q-13, AB-Q-14): nothing to conserve, only the 6 slots (AB-INV-01).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

import pytest

from athanor.engine import BadCommand, RuleViolation, game
from athanor.engine.audit import verify
from athanor.engine.local import LocalGame
from athanor.engine.record import Record, canonical
from athanor.games.apothebakery.rules import RULES
from tests.apothebakery.support import shown_pending

CARDS = RULES.cards

JSON = dict[str, Any]
TIME = "2024-01-01T00:00:00Z"  # metadata only; fixed so logs are reproducible
MAX_COMMANDS = 3000  # a random game takes ~100-250; more means play does not end
ELIXIR_KINDS = ("pure", "impure")

# every event that changes a player's reputation, and by how much (AB-HEAL-04/05,
# AB-SE-03, AB-GV-08, AB-SPL-17); GameScored then sets the final total (AB-END)
REPUTATION_DELTAS = {
    "AdventurerHealed": lambda b: {b["seat"]: b["reputation"]},
    "HealRewarded": lambda b: {b["seat"]: b["bonus"]},
    "SideEffect": lambda b: {b["seat"]: b["reputation"]},
    "ReputationLost": lambda b: {b["seat"]: -b["amount"]},
    "Cleansed": lambda b: {b["seat"]: b["reputation"]},
}


# -- a game played through the engine, sealed as the service seals it --------------


class Table(LocalGame):
    """One game: the engine's state plus the sealed, hash-chained records so far."""

    def __init__(
        self, seats: int, seed: int, objectives: bool = True, physical: bool = False
    ) -> None:
        self.rng = random.Random(seed)  # drives the choices; the game's own Rng is the seed
        raw = {"objectives": str(objectives).lower(), "physical_dice": str(physical).lower()}
        options = RULES.validate_options(raw, seats)
        super().__init__(RULES, options, seats, f"apothebakery-{seed}".encode(), TIME)

    def legal_moves(self) -> list[tuple[int, JSON]]:
        return [
            (seat, cmd)
            for seat in range(1, self.seats + 1)
            for cmd in game.legal_commands(RULES, self.state, seat)
        ]


def stored(records: Iterable[Record]) -> list[Record]:
    """The records as a store hands them back: decoded from their bytes."""
    return [Record.from_stored(r.data, r.hash) for r in records]


def snapshot(state: game.GameState) -> bytes:
    return canonical(game.dump(RULES, state))


# -- where everything is ---------------------------------------------------------------


def pendings(state: JSON) -> Iterator[JSON]:
    """The open decision and the ones it holds back (a reaction window keeps the heal
    it interrupts in `then`)."""
    pending = shown_pending(state)
    while isinstance(pending, dict):
        yield pending
        pending = pending.get("then")


def players(state: JSON) -> list[JSON]:
    return [state["players"][k] for k in sorted(state["players"], key=int)]  # none before setup


def token_counts(state: JSON) -> Counter[str]:
    """Pure/Impure tokens outside the bags: in inventories and in an overflow choice."""
    held: Counter[str] = Counter()
    for p in players(state):
        held.update(t for t in p["inventory"] if t.split(":")[0] in ELIXIR_KINDS)
    for pending in pendings(state):
        if pending.get("kind") == "overflow":
            fresh = pending["choices"][len(pending["slots"]) :]  # held ones keep their slots
            held.update(fresh)
    return held


def check_tokens(state: JSON, setup_bags: dict[str, dict[str, int]]) -> None:
    held = token_counts(state)
    for colour, bag in setup_bags.items():
        for kind in ELIXIR_KINDS:
            now = state["bags"][colour][kind]
            assert now >= 0, f"{colour} bag holds {now} {kind}"
            assert now + held[f"{kind}:{colour}"] == bag[kind], (
                f"{kind} {colour}: {now} in the bag + {held[f'{kind}:{colour}']} held "
                f"!= {bag[kind]} at setup"
            )
        assert state["bags"][colour]["failed"] == bag["failed"]  # AB-ALC-08


def card_places(state: JSON, in_play: set[int]) -> dict[str, list[str]]:
    """Every card of every kind, listed once per place it is in.

    `in_play` are the seats whose picked Forries are out between the reveal and the end
    of their foraging turn (before the reveal the picks are still in the hand)."""
    table, wild = state["table"], state["wilderness"]
    places: dict[str, list[str]] = {k: [] for k in ("res", "forrie", "adv", "dia", "cure")}
    places |= {"spell": [], "obj": []}
    places["res"] += wild["deck"] + [c for c in wild["slots"] if c] + wild["discard"]
    places["adv"] += table["adventurers"]
    for c in table["discard"]:  # adventurers and a dead one's cards share the pile
        places[c.split("-")[0] if c.startswith(("cure-", "dia-")) else "adv"].append(c)
    places["dia"] += table["diagnoses"]
    places["cure"] += table["cures"]
    places["spell"] += state["spells"]["deck"] + state["spells"]["discard"]
    places["obj"] += state["objective_deck"]
    sitting = [pos for pos in table["positions"] if pos]
    for p in players(state):
        places["res"] += p["resources"]
        places["forrie"] += p["deck"] + p["hand"] + p["exhausted"]
        if p["seat"] in in_play:
            places["forrie"] += p["picked"]
        iridescent_out = p["iridescent_at"] != "deck" and not (
            p["seat"] in in_play and p["iridescent"] in p["picked"]
        )
        if iridescent_out:  # set aside before its first shuffle-in, or after its use
            places["forrie"].append(p["iridescent"])
        places["dia"] += p["diagnoses"]
        places["cure"] += p["cures"]
        places["spell"] += [p["oven"]] if p["oven"] else []
        places["obj"] += p["objectives"]
        sitting += p.get("stasis", [])
    for pending in pendings(state):
        if "heal" in pending:  # a heal being resolved holds its adventurer and cards
            sitting.append(pending["heal"])
        if pending.get("kind") == "keep_spell":
            places["spell"] += pending["cards"]
    for pos in sitting:
        places["adv"].append(pos["adventurer"])
        places["dia"].append(pos["diagnosis"])
        places["cure"].append(pos["cure"])
    # corruption-mode piles (not played here, but the places exist in the state)
    for key in ("cures", "diagnoses"):
        places["cure" if key == "cures" else "dia"] += (state.get("corruption") or {}).get(key, [])
    return places


def all_cards(state: JSON) -> dict[str, Counter[str]]:
    pack = CARDS.content
    forries = [c.id for c in pack.forries if c.species in state["options"]["species"]]
    objectives = CARDS.objective_ids() if state["options"]["objectives"] else []
    return {
        "res": Counter(CARDS.resource_ids()),
        "forrie": Counter(forries),
        "adv": Counter(CARDS.adventurer_ids()),
        "dia": Counter(CARDS.diagnosis_ids()),
        "cure": Counter(CARDS.cure_ids()),
        "spell": Counter(CARDS.spell_ids()),
        "obj": Counter(objectives),
    }


def check_no_card_twice(state: JSON, in_play: set[int]) -> None:
    for kind, where in card_places(state, in_play).items():
        if len(set(where)) != len(where):
            twice = sorted(c for c, n in Counter(where).items() if n > 1)
            raise AssertionError(f"{kind} cards in two places: {twice}")


def check_every_card_once(state: JSON, in_play: set[int], expected: dict[str, Counter]) -> None:
    for kind, where in card_places(state, in_play).items():
        found = Counter(where)
        if found != expected[kind]:
            missing = sorted((expected[kind] - found).elements())
            extra = sorted((found - expected[kind]).elements())
            raise AssertionError(f"{kind}: missing {missing}, extra {extra}")


def check_limits(state: JSON) -> None:
    size = CARDS.inventory_size()
    for p in players(state):
        assert len(p["inventory"]) <= size, f"seat {p['seat']} holds {p['inventory']}"
        # Mana is spent, never regained, never below 0 (AB-Q-28, AB-ABL-04, AB-SET-07)
        assert p["start_mana"] == CARDS.starting_mana()
        assert 0 <= p["mana"] <= p["start_mana"], f"seat {p['seat']} has {p['mana']} Mana"
    hearts = [pos["hearts"] for pos in state["table"]["positions"] if pos]
    hearts += [h["hearts"] for p in players(state) for h in p.get("stasis", [])]
    hearts += [pd["heal"]["hearts"] for pd in pendings(state) if "heal" in pd]
    assert all(h >= 0 for h in hearts), f"hearts {hearts}"


# -- following the log, event by event ------------------------------------------------


class Follower:
    """Folds each stored record on its own and checks the game after every event."""

    def __init__(self, seats: int) -> None:
        self.state: game.GameState | None = None
        self.seats = seats
        self.reputation = dict.fromkeys(range(1, seats + 1), 0)
        self.in_play: set[int] = set()
        self.setup_bags: dict[str, dict[str, int]] = {}
        self.expected: dict[str, Counter[str]] = {}
        self.scored: JSON | None = None
        self.types: list[str] = []
        self.strict_cards = False  # every card somewhere after each event, not per batch

    def absorb(self, records: list[Record], snap: bytes | None = None) -> None:
        """Fold `records`; `snap` is the snapshot of the state before them, which the
        first evolve must leave as it was (checked once a batch: it costs)."""
        start = self.state
        for rec in stored(records):
            self.state = game.apply(RULES, self.state, rec)
            new = self.state
            self.types.append(rec.type)
            self.track(rec)
            rs = new.rules_state
            if rs.get("bags") and not self.setup_bags:
                self.setup_bags = {t: dict(b) for t, b in rs["bags"].items()}
            if self.setup_bags:
                check_tokens(rs, self.setup_bags)
            check_limits(rs)
            check_no_card_twice(rs, self.in_play)
            if self.strict_cards and rs["step"] != "table":  # "table": still dealing
                check_every_card_once(rs, self.in_play, self.expected)
            if self.scored is None and rs.get("players"):
                for seat, rep in self.reputation.items():
                    got = rs["players"][str(seat)]["reputation"]
                    assert got == rep, f"{rec.type} v{rec.version}: seat {seat} {got} != {rep}"
        if snap is not None and start is not None:
            assert snapshot(start) == snap
        # between commands every card is somewhere (AB-SET-26 decks, AB-Q-35, AB-Q-11)
        rs = self.state.rules_state if self.state else None
        if rs:
            check_every_card_once(rs, self.in_play, self.expected)

    def track(self, rec: Record) -> None:
        body = rec.body
        if rec.type == "GameCreated":
            opts = body["options"]
            self.expected = all_cards({"options": opts})
        elif rec.type in REPUTATION_DELTAS:
            for seat, delta in REPUTATION_DELTAS[rec.type](body).items():
                self.reputation[int(seat)] += delta
        elif rec.type == "ForriesRevealed":
            self.in_play = {int(s) for s in body["picks"]}
        elif rec.type == "ForagingEnded":
            self.in_play.discard(int(body["seat"]))
        elif rec.type == "GameScored":
            self.scored = body["seats"]


# -- playing --------------------------------------------------------------------------

GARBAGE: list[Any] = [
    {"type": "Nonsense"},
    {"type": "TakeCard", "slot": "left"},
    {"type": "Heal", "position": 99, "tokens": [1]},
    {"type": "KeepTokens", "keep": [0, 0]},
    {"type": "PickForries", "cards": ["no-such-card"]},
    {"type": "ProcessCard", "card": 12},
    {"type": "CastSpell", "card": "spell-99"},
    {"type": "ExchangeObjectives", "return": "obj-01"},
    {"type": "MakeRoom", "slot": -1},
    {"type": ""},
    ["not", "an", "object"],
]


def refused(table: Table, seat: int, command: Any) -> Exception | None:
    try:
        game.decide(RULES, table.state, command, seat, table.seed)
    except (RuleViolation, BadCommand) as err:
        return err
    return None


def probe(table: Table, moves: list[tuple[int, JSON]], turn: int) -> None:
    """A sampled legal command is accepted; garbage is refused and changes nothing.

    The refusals take turns (one kind per state) to keep a game cheap; the caller
    checks that none of this changed the state."""
    rng = table.rng
    seat, command = rng.choice(moves)
    if turn % 2:  # every other state (the move played is a legal command accepted too)
        err = refused(table, seat, command)
        assert err is None, f"legal {command} from seat {seat} refused: {err}"
    kind = turn % 3
    if kind == 0:
        garbage = rng.choice(GARBAGE)
        assert refused(table, rng.randint(1, table.seats), garbage) is not None, garbage
    elif kind == 1:
        assert isinstance(refused(table, table.seats + 1, command), BadCommand)
    else:
        # a seat with nothing to do is refused even another seat's legal command
        busy = {s for s, _ in moves}
        idle = [s for s in range(1, table.seats + 1) if s not in busy]
        if idle:
            other = rng.choice(idle)
            assert refused(table, other, command) is not None, f"idle seat {other}: {command}"


def awaited_by_the_rules(rs: JSON) -> tuple[int, ...]:
    """The seats the rules wait for, read from the state: whoever the open decision
    names (a reaction window: the next seat to answer it), else the seat whose turn it is
    or, in the all-seat steps, those not yet done. Casting a spell alone awaits nobody."""
    pending = shown_pending(rs) or {}
    kind = pending.get("kind")
    everyone = tuple(range(1, rs["seats"] + 1))
    if kind == "corruption_roll":  # any seat may roll for Corruption
        return everyone
    if kind == "corruption_rolloff":  # the tied player first, then any seat for Corruption
        return (pending["seat"],) if str(pending["seat"]) not in pending["rolls"] else everyone
    if kind == "rolloff":
        waiting = {s for g in pending["groups"] for s in g if str(s) not in pending["rolls"]}
        return tuple(sorted(waiting))
    if kind == "poltergeist":  # every passer chooses at once
        return tuple(sorted(s for s in pending["seats"] if str(s) not in pending["chosen"]))
    if kind == "reaction":
        return tuple([s for s in pending["seats"] if s not in pending["answered"]][:1])
    if kind:
        return (pending["seat"],)
    done = {"exchange": "exchanged", "pick": "picked"}.get(rs["step"])
    if done:
        return tuple(int(s) for s, p in sorted(rs["players"].items()) if not p[done])
    if rs["phase"] in ("foraging", "alchemy", "healing") and rs["turn"] is not None:
        return (rs["order"][rs["turn"]],)
    return ()


def check_awaiting(table: Table, moves: list[tuple[int, JSON]]) -> None:
    """The table's awaited seats (derived by the engine from the legal commands) are
    exactly those the rules wait for, and each has a command that is not a spell cast."""
    shown = game.table(RULES, table.state)
    assert shown.awaiting == awaited_by_the_rules(table.state.rules_state), shown
    asked = {s for s, c in moves if c["type"] not in RULES.presentation.optional_commands}
    assert set(shown.awaiting) == asked


def play(table: Table, follower: Follower, probing: bool = True) -> None:
    follower.absorb(table.records)
    for turn in range(MAX_COMMANDS):
        if table.state.over:
            return
        moves = table.legal_moves()
        assert moves, "a running game must wait for someone"
        check_awaiting(table, moves)
        before, snap = table.state, snapshot(table.state)
        if probing:
            probe(table, moves, turn)
        seat, command = table.rng.choice(moves)
        recs = table.submit(seat, command)
        # neither the refused nor the accepted commands touched the state they were given
        assert snapshot(before) == snap
        follower.absorb(recs, snap if turn % 8 == 0 else None)
        # folding the stored records gives exactly the state reached while playing
        assert follower.state == table.state
    raise AssertionError(f"the game did not end in {MAX_COMMANDS} commands")


def check_end(table: Table, follower: Follower) -> None:
    rs = table.state.rules_state
    records = table.records
    assert records[-1].type == "GameEnded"
    assert [r.type for r in records].count("GameEnded") == 1
    assert records[-1].body["seed"] == table.seed.hex()
    # six rounds, 'Open' to 'Closed', no end-of-round steps after the last (AB-SET-23)
    assert rs["round"] == CARDS.rounds() == 6
    assert CARDS.time_of_day(rs["round"]) == "Closed"
    assert game.table(RULES, table.state).track_label == "Closed"
    assert [r.body["round"] for r in records if r.type == "RoundStarted"] == [1, 2, 3, 4, 5, 6]
    assert [r.body["space"] for r in records if r.type == "SunMoved"] == [2, 3, 4, 5, 6]
    # no end-of-round steps after the final round: scoring follows it (AB-EOR-01)
    last_round = max(i for i, t in enumerate(follower.types) if t == "RoundStarted")
    after = follower.types[last_round:]
    assert "GameScored" in after and not {"SunMoved", "HeartsLost"} & set(after)
    # every seat is scored: the reputation earned in play, then bonuses and penalties
    outcome = game.outcome(table.state)
    assert outcome is not None
    seats = list(range(1, table.seats + 1))
    assert sorted(outcome.scores) == seats
    assert follower.scored is not None
    for seat in seats:
        entry = follower.scored[str(seat)]
        assert entry["reputation"] == follower.reputation[seat]
        bonuses = (
            CARDS.settings().scoring.category_bonus * len(entry["categories"])
            + entry["brewed"]
            + entry["failed"]
            + entry["spectral"]
            + sum(o["bonus"] for o in entry["objectives"])
        )
        assert entry["total"] == entry["reputation"] + bonuses
        assert outcome.scores[seat] == entry["total"] == rs["players"][str(seat)]["reputation"]
        assert bool(entry["objectives"]) == table.options["objectives"]
    # winners: the best score, then the most Mana, then everyone still tied (AB-TIE)
    best = max(outcome.scores.values())
    leaders = [s for s in seats if outcome.scores[s] == best]
    mana = {s: rs["players"][str(s)]["mana"] for s in leaders}
    assert sorted(outcome.winners) == [s for s in leaders if mana[s] == max(mana.values())]
    # the sealed log verifies and folds to the state reached while playing
    report = verify(RULES, stored(records))
    assert report.ok and report.rerun, report.describe()
    assert report.events == len(records) and report.commands == len(table.batches)
    # (the Follower folded the stored records one by one and matched table.state after
    # every command; folding them all again here would only repeat that)
    assert follower.state == table.state


def run_game(seats: int, seed: int, objectives: bool, physical: bool, probing: bool = True) -> None:
    table = Table(seats, seed, objectives, physical)
    follower = Follower(seats)
    play(table, follower, probing)
    check_end(table, follower)


CONFIGS = [(s, o, p) for s in (2, 3, 4) for o in (True, False) for p in (False, True)]
SEEDS_PER_CONFIG = 17  # 12 configurations x 17 = 204 games
QUICK_SEEDS = 5  # played by the default run; the rest are marked slow (CI runs both)


def config_id(seats: int, objectives: bool, physical: bool) -> str:
    return f"{seats}p-{'obj' if objectives else 'noobj'}-{'phys' if physical else 'srv'}"


@pytest.mark.rule(
    "AB-INV-01", "AB-Q-28", "AB-ABL-04", "AB-SET-07", "AB-SET-23", "AB-EOR-01", "AB-END-11",
    "AB-TIE-01", "AB-TIE-02", "AB-ALC-08", "AB-Q-13", "AB-Q-14", "AB-HEAL-04", "AB-HEAL-05",
    "AB-SE-03", "AB-GV-08", "AB-SPL-17", "AB-FIN-01", "AB-END-01",
)  # fmt: skip
@pytest.mark.parametrize(
    ("seats", "objectives", "physical", "seed"),
    [
        pytest.param(
            s,
            o,
            p,
            i,
            id=f"{config_id(s, o, p)}-{i}",
            marks=() if i < QUICK_SEEDS else pytest.mark.slow,
        )
        for s, o, p in CONFIGS
        for i in range(SEEDS_PER_CONFIG)
    ],
)
def test_random_game(seats: int, objectives: bool, physical: bool, seed: int) -> None:
    # the seed is mixed with the configuration so no two games share their choices
    run_game(seats, seed * 100 + seats * 10 + 2 * objectives + physical, objectives, physical)


@pytest.mark.rule("AB-SET-26", "AB-Q-11", "AB-Q-35", "AB-HEAL-08", "AB-GV-06")
@pytest.mark.parametrize(("seats", "seed"), [(2, 1), (3, 2), (4, 3), (3, 4), (4, 5)])
def test_every_card_is_somewhere_after_every_event(seats: int, seed: int) -> None:
    """Every card is in exactly one place after every single event, not only between
    commands: `replay --to V` shows any version, so a card that is nowhere for one
    event is a state a table could be shown."""
    table = Table(seats, seed)
    follower = Follower(seats)
    follower.strict_cards = True
    play(table, follower, probing=False)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("seats", "objectives", "physical"), CONFIGS, ids=[config_id(*c) for c in CONFIGS]
)
def test_many_random_games(seats: int, objectives: bool, physical: bool) -> None:
    failures = []
    for i in range(1000, 1150):
        seed = i * 100 + seats * 10 + 2 * objectives + physical
        try:
            run_game(seats, seed, objectives, physical, probing=i % 3 == 0)
        except AssertionError as err:
            failures.append(f"seed {seed}: {str(err).splitlines()[0]}")
    assert not failures, "\n".join(failures)
