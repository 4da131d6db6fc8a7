"""How each event changes Alkemia's state (one handler per event type)."""

from __future__ import annotations

from athanor.engine import decisions
from athanor.engine.handlers import Handlers
from athanor.games.alkemia import field
from athanor.games.alkemia.content import Content
from athanor.games.alkemia.sites import gain_seed
from athanor.games.alkemia.state import JSON, Player, State, player, seat_order


def registry(content: Content) -> Handlers:
    h = Handlers("alkemia")
    s = content.settings

    def to_discard(state: State, card: str) -> None:
        state["discards"][content.reagent(card).element].append(card)

    def saw_top(unseen: JSON | None, key: str) -> None:
        """The top card of a pile left its shuffled run (taken, placed or put under):
        one card fewer whose place nobody has seen (see `State.posts_unseen`)."""
        if unseen is not None and unseen.get(key, 0) > 0:
            unseen[key] -= 1

    def snapshot(state: State) -> None:
        """What the other seats go on seeing until the secret phase is revealed."""
        state["shown"] = {
            "players": {
                k: {
                    "hand": len(p["hand"]),
                    "seed": p["seed"],
                    "inventory": [dict(c) for c in p["inventory"]],
                    "slots": [dict(x) for x in p["slots"]],
                    "sprout": p["sprout"],
                    "tokens": p["tokens"],
                    # for the sampler: whether the Artifact was used before the phase
                    "artifact_used_week": p["artifact_used_week"],
                }
                for k, p in state["players"].items()
            },
            "discards": {e: list(pile) for e, pile in state["discards"].items()},
            "decks": {e: len(d) for e, d in state["decks"].items()},
            "supply_seed": state["supply_seed"],
            "sprouts": state["sprouts"],
            # seat -> the Reagents it drew in secret this phase (for the sampler)
            "drawn": {},
        }

    def ask_all(state: State, kind: str) -> None:
        seats = seat_order(state, state["first"])
        state["pending"] = decisions.ask(kind, seats, decisions.SIMULTANEOUS)

    def leave_inventory(state: State, p: Player, card: str) -> None:
        """A recipe or Item goes under its Trading Post deck; an Aspiration card leaves
        the game (AK-Q-39, AK-Q-43); its tokens go back (AK-Q-44)."""
        entry = next(c for c in p["inventory"] if c["card"] == card)
        p["inventory"].remove(entry)
        if card.startswith("r-"):
            to_discard(state, card)  # a special Reagent goes to its pile (AK-Q-39)
            return
        item = content.item(card)
        if entry["made"] and item.tokens:
            p["tokens"] -= item.tokens
            state["tokens"] -= item.tokens
        if not item.alchemist:
            state["posts"][item.item_type].append(card)

    @h.handles("TableSet")
    def _table(state: State, b: JSON) -> None:
        state["decks"] = {e: list(d) for e, d in b["decks"].items()}
        state["posts"] = {t: list(d) for t, d in b["posts"].items()}
        state["bag"] = list(b["bag"])
        state["build"] = {
            "stack": list(b["stack"]),
            "builder": b["first_builder"],
            "first_builder": b["first_builder"],
            "tried": 0,
            "left_out": [],
            "unseen": len(b["stack"]),
        }
        state["posts_unseen"] = {t: len(d) for t, d in b["posts"].items()}
        state["first"] = b["first_builder"]
        state["phase"] = "build"
        state["order_all"] = list(range(1, state["seats"] + 1))
        for seat, aid in b["alchemists"].items():
            al = content.alchemist(aid)
            aspiration = next(a.id for a in content.aspirations if a.alchemist == aid)
            state["players"][seat] = {
                "alchemist": aid,
                "pos": "0,0",
                "seed": s.start_seed,
                "forge": al.forge,
                "hand": [],
                "inventory": [{"card": aspiration, "made": False, "depleted": False}],
                "artifact": b["artifacts"][seat],
                "unsealed": False,
                "slots": [{"tile": None, "done": False} for _ in al.slots],
                "sprout": None,
                "tokens": 0,
                "glade_ok": False,
                "glade_active": False,
                "glade_used": False,
                "artifact_used_week": 0,
                "made": [],
                "spent": [],
                "sacrificed": [],
                "paid_depleted": False,
                "finished": False,
                "elixir_owed": 0,
            }
            state["supply_seed"] -= s.start_seed

    @h.handles("StartingHand")
    def _hand(state: State, b: JSON) -> None:
        p = player(state, b["seat"])
        for card in b["cards"]:
            state["decks"][content.reagent(card).element].remove(card)
            p["hand"].append(card)

    @h.handles("TilePlaced")
    def _placed(state: State, b: JSON) -> None:
        k = field.key(b["x"], b["y"])
        state["field"][k] = {"tile": b["tile"], "rot": b["rot"]}
        if b["tile"] == "city":
            return
        build = state["build"]
        build["stack"].pop(0)
        saw_top(build, "unseen")
        build["tried"] = 0
        build["builder"] = build["builder"] % state["seats"] + 1
        kind = content.tile(b["tile"]).kind
        if kind == "temple":
            state["first"] = b["seat"]  # AK-FSU-11
        if kind == "swamp":
            state["beast"] = {"pos": k, "active": False}  # AK-FSU-12

    @h.handles("TileDeferred")
    def _deferred(state: State, b: JSON) -> None:
        build = state["build"]
        build["stack"].append(build["stack"].pop(0))
        saw_top(build, "unseen")
        build["tried"] += 1

    @h.handles("TilesLeftOut")
    def _left_out(state: State, b: JSON) -> None:
        state["build"]["left_out"] += b["tiles"]
        state["build"]["stack"] = []
        state["build"]["unseen"] = 0

    @h.handles("FieldBuilt")
    def _built(state: State, b: JSON) -> None:
        state["phase"] = "field_ready"

    @h.handles("WeekStarted")
    def _week(state: State, b: JSON) -> None:
        state["week"] = b["week"]
        state["first"] = b["first"]
        state["phase"] = "field"
        state["order"] = seat_order(state, b["first"])
        if b["week"] >= 2 and state["beast"]["pos"] is not None:
            state["beast"]["active"] = True  # AK-BST-01
        for p in state["players"].values():
            p["glade_ok"] = p["glade_active"] = p["glade_used"] = False

    @h.handles("TurnStarted")
    def _turn(state: State, b: JSON) -> None:
        state["turn"] = {
            "seat": b["seat"],
            "fa": 0,
            "roll": 0,
            "gathered": {},
            "used_sites": [],
            "sifted": 0,
        }

    @h.handles("ForageRolled")
    def _rolled(state: State, b: JSON) -> None:
        state["turn"]["roll"] = b["roll"]  # type: ignore[index]
        state["turn"]["fa"] = b["fa"]  # type: ignore[index]
        state["last_roll"] = {"seat": b["seat"], "roll": b["roll"]}

    @h.handles("BeastChoice")
    def _beast_choice(state: State, b: JSON) -> None:
        state["pending"] = decisions.ask(
            "beast", [b["seat"]], details={"options": b["options"], "roll": b["roll"]}
        )

    @h.handles("BeastMoved")
    def _beast_moved(state: State, b: JSON) -> None:
        state["beast"]["pos"] = b["to"]
        state["pending"] = None

    @h.handles("BeastStayed")
    def _beast_stayed(state: State, b: JSON) -> None:
        state["pending"] = None

    @h.handles("BeastLanded")
    def _landed(state: State, b: JSON) -> None:
        first, *rest = b["losers"]
        state["pending"] = decisions.ask("loss", [first], details={"queue": rest})

    @h.handles("BeastTook")
    def _took(state: State, b: JSON) -> None:
        p = player(state, b["seat"])
        if b["seed"]:
            p["seed"] -= 1
            state["supply_seed"] += 1
        else:
            p["hand"].remove(b["card"])
            to_discard(state, b["card"])
        queue = state["pending"]["details"]["queue"]  # type: ignore[index]
        state["pending"] = (
            decisions.ask("loss", [queue[0]], details={"queue": queue[1:]}) if queue else None
        )

    @h.handles("Moved")
    def _moved(state: State, b: JSON) -> None:
        player(state, b["seat"])["pos"] = b["to"]
        state["turn"]["fa"] -= b["cost"]  # type: ignore[index]

    @h.handles("Gathered")
    def _gathered(state: State, b: JSON) -> None:
        deck = state["decks"][b["element"]]
        player(state, b["seat"])["hand"].append(deck.pop(0))
        turn = state["turn"]
        turn["fa"] -= 1  # type: ignore[index]
        turn["gathered"][b["patch"]] = turn["gathered"].get(b["patch"], 0) + 1  # type: ignore[index]

    @h.handles("TurnEnded")
    def _ended(state: State, b: JSON) -> None:
        p = player(state, b["seat"])
        p["glade_ok"] = state["glade"]["pos"] is not None and p["pos"] == state["glade"]["pos"]
        state["turn"] = None
        state["order"].pop(0)

    def pay_site(state: State, b: JSON) -> Player:
        p = player(state, b["seat"])
        p["seed"] -= 1
        state["supply_seed"] += 1
        state["turn"]["used_sites"].append(b["site"])  # type: ignore[index]
        return p

    @h.handles("BeastSwapped")
    def _swapped(state: State, b: JSON) -> None:
        p = pay_site(state, b)
        p["pos"] = b["to"]
        state["beast"]["pos"] = b["site"]

    @h.handles("BarterOpened")
    def _barter(state: State, b: JSON) -> None:
        pay_site(state, b)
        if b["partners"]:
            state["barter"] = {
                "seat": b["seat"],
                "request": b["request"],
                "partners": b["partners"],
            }

    @h.handles("TradeProposed")
    def _proposed(state: State, b: JSON) -> None:
        state["pending"] = decisions.ask(
            "trade",
            [b["partner"]],
            details={"give_card": b["give_card"], "give_seed": b["give_seed"]},
        )

    @h.handles("TradeDeclined")
    def _declined(state: State, b: JSON) -> None:
        state["pending"] = None
        barter = state["barter"]
        barter["partners"].remove(b["partner"])  # type: ignore[index]
        if not barter["partners"]:  # type: ignore[index]
            state["barter"] = None  # AK-BAR-05

    @h.handles("BarterClosed")
    def _closed(state: State, b: JSON) -> None:
        state["barter"] = None

    @h.handles("TradeDone")
    def _trade(state: State, b: JSON) -> None:
        me, them = player(state, b["seat"]), player(state, b["partner"])
        if b["card"]:
            them["hand"].remove(b["card"])
            me["hand"].append(b["card"])
        if b["seed"]:
            them["seed"] -= b["seed"]
            state["supply_seed"] += b["seed"]
            gain_seed(state, me, b["seed"])
        if b["give_card"]:
            me["hand"].remove(b["give_card"])
            them["hand"].append(b["give_card"])
        if b["give_seed"]:
            me["seed"] -= b["give_seed"]
            state["supply_seed"] += b["give_seed"]
            gain_seed(state, them, b["give_seed"])
        state["pending"] = None
        state["barter"] = None  # AK-BAR-09

    @h.handles("DeckRefreshed")
    def _refreshed(state: State, b: JSON) -> None:
        state["decks"][b["element"]] = list(b["deck"])  # AK-CS-13/14
        state["discards"][b["element"]] = []

    @h.handles("TempleDrew")
    def _temple(state: State, b: JSON) -> None:
        pay_site(state, {"seat": b["seat"], "site": player(state, b["seat"])["pos"]})
        pile = state["discards"] if b["from_discard"] else state["decks"]
        pile[b["element"]].remove(b["card"])
        player(state, b["seat"])["hand"].append(b["card"])

    @h.handles("StealRolled")
    def _steal(state: State, b: JSON) -> None:
        pay_site(state, b)

    @h.handles("Stolen")
    def _stolen(state: State, b: JSON) -> None:
        player(state, b["target"])["hand"].remove(b["card"])
        player(state, b["seat"])["hand"].append(b["card"])

    @h.handles("PostSifted")
    def _sifted(state: State, b: JSON) -> None:
        p = player(state, b["seat"])
        p["hand"].remove(b["card"])
        to_discard(state, b["card"])
        deck = state["posts"][b["post"]]
        deck.append(deck.pop(0))
        saw_top(state.get("posts_unseen"), b["post"])

    @h.handles("RecipeTaken")
    def _recipe(state: State, b: JSON) -> None:
        p = pay_site(state, b)
        if b["discard"]:
            leave_inventory(state, p, b["discard"])
        state["posts"][b["post"]].remove(b["card"])  # the top card
        saw_top(state.get("posts_unseen"), b["post"])
        p["inventory"].append({"card": b["card"], "made": False, "depleted": False})

    @h.handles("SproutTaken")
    def _sprout(state: State, b: JSON) -> None:
        p = pay_site(state, b)
        p["sprout"] = "down"
        state["sprouts"] -= 1

    @h.handles("GladeSummoned")
    def _glade(state: State, b: JSON) -> None:
        p = player(state, b["seat"])
        p["seed"] -= 1
        state["supply_seed"] += 1
        state["field"][b["at"]] = {"tile": "glade", "rot": 0}
        state["glade"] = {"pos": b["at"], "joined": b["joined"], "week": state["week"]}

    def apply_effect(state: State, b: JSON) -> None:
        p = player(state, b["seat"])
        if b["effect"] == "actions":
            state["turn"]["fa"] += b["amount"]  # type: ignore[index]
        elif b["effect"] == "seed":
            gain_seed(state, p, b["amount"])
        elif b["effect"] == "mirror":
            if b["beast"]:
                p["pos"], state["beast"]["pos"] = state["beast"]["pos"], p["pos"]
            else:
                q = player(state, b["target"])
                p["pos"], q["pos"] = q["pos"], p["pos"]
        elif b["effect"] == "dagger":
            q = player(state, b["target"])
            q["seed"] -= 1
            state["supply_seed"] += 1
            gain_seed(state, p, 1)
        elif b["effect"] == "discard_pick":
            state["discards"][b["element"]].remove(b["card"])
            p["hand"].append(b["card"])

    @h.handles("ItemUsed")
    def _item(state: State, b: JSON) -> None:
        p = player(state, b["seat"])
        entry = next(c for c in p["inventory"] if c["card"] == b["card"])
        entry["depleted"] = True  # AK-ITM-03
        if b["effect"] == "elixir":
            p["elixir_owed"] = min(b["amount"], len(p["hand"]))  # type: ignore[typeddict-unknown-key]
        apply_effect(state, b)

    @h.handles("ElixirDiscarded")
    def _elixir(state: State, b: JSON) -> None:
        p = player(state, b["seat"])
        p["hand"].remove(b["card"])
        if state["phase"] == "alchemy":
            p["spent"].append(b["card"])  # revealed with the phase
        else:
            to_discard(state, b["card"])
        gain_seed(state, p, 1)
        p["elixir_owed"] -= 1  # type: ignore[typeddict-item]

    @h.handles("SpiritMoved")
    def _spirit(state: State, b: JSON) -> None:
        p = player(state, b["seat"])
        if b["back"]:
            p["inventory"] = [c for c in p["inventory"] if c["card"] != b["card"]]
            p["hand"].append(b["card"])
            p["seed"] -= 1
            state["supply_seed"] += 1
        else:
            p["hand"].remove(b["card"])
            p["inventory"].append({"card": b["card"], "made": False, "depleted": False})

    @h.handles("ArtifactUsed")
    def _artifact(state: State, b: JSON) -> None:
        player(state, b["seat"])["artifact_used_week"] = state["week"]
        apply_effect(state, b)

    @h.handles("BonusDrawn")
    def _bonus(state: State, b: JSON) -> None:
        state["decks"][b["element"]].remove(b["card"])
        player(state, b["seat"])["hand"].append(b["card"])
        shown = state["shown"]
        if shown is not None:  # a draw in secret: which seat drew it (for the sampler)
            shown.setdefault("drawn", {}).setdefault(str(b["seat"]), []).append(b["card"])

    # ------------------------------------------------------------ Alchemy Phase

    @h.handles("AlchemyBegan")
    def _alchemy(state: State, b: JSON) -> None:
        state["phase"] = "alchemy"
        for p in state["players"].values():
            p["made"], p["spent"] = [], []
        snapshot(state)
        ask_all(state, "alchemy")

    @h.handles("GladeActivated")
    def _glade_on(state: State, b: JSON) -> None:
        p = player(state, b["seat"])
        p["seed"] -= 1
        state["supply_seed"] += 1
        p["glade_active"] = True

    @h.handles("Synthesized")
    def _synth(state: State, b: JSON) -> None:
        p = player(state, b["seat"])
        for card in b["reagents"] + b["pair"]:
            p["hand"].remove(card)
            p["spent"].append(card)
        if b["pair"]:
            p["glade_used"] = True
        if b["sprout"]:
            p["sprout"] = None
            state["sprouts"] += 1  # AK-Q-18: back to the pile
        entry = next(c for c in p["inventory"] if c["card"] == b["recipe"])
        entry["made"] = True
        p["made"].append(b["recipe"])
        item = content.item(b["recipe"])
        p["tokens"] += item.tokens  # AK-ALC-16
        state["tokens"] += item.tokens

    @h.handles("AlchemyFinished")
    def _alchemy_done(state: State, b: JSON) -> None:
        decisions.apply_answer(state["pending"], b["seat"], True)  # type: ignore[arg-type]

    @h.handles("AlchemyRevealed")
    def _revealed(state: State, b: JSON) -> None:
        state["pending"] = None
        state["shown"] = None
        state["draws"] = []
        for seat in seat_order(state, state["first"]):
            p = player(state, seat)
            for card in p["spent"]:
                to_discard(state, card)
            p["spent"] = []
            state["draws"] += [seat] * len(p["made"])
        state["phase"] = "alchemy_done"

    @h.handles("IngredientDrawn")
    def _drawn(state: State, b: JSON) -> None:
        state["bag"].remove(b["tile"])
        player(state, b["seat"])["slots"][b["slot"] - 1]["tile"] = b["tile"]
        if state.get("draws"):
            state["draws"].pop(0)

    @h.handles("NoTileDrawn")
    def _no_tile(state: State, b: JSON) -> None:
        if state.get("draws"):
            state["draws"].pop(0)

    # ------------------------------------------------------------ CREST Phase

    @h.handles("CrestBegan")
    def _crest(state: State, b: JSON) -> None:
        glade = state["glade"]
        if glade["pos"] is not None:  # AK-CS-12, AK-Q-36: before C
            for p in state["players"].values():
                if p["pos"] == glade["pos"]:
                    p["pos"] = glade["joined"]
            if state["beast"]["pos"] == glade["pos"]:
                state["beast"]["pos"] = glade["joined"]
            del state["field"][glade["pos"]]
            state["glade"] = {"pos": None, "joined": None, "week": glade["week"]}
        state["phase"] = "crest"
        for p in state["players"].values():
            p["sacrificed"], p["paid_depleted"] = [], False
        snapshot(state)
        ask_all(state, "crest")

    @h.handles("Sacrificed")
    def _sacrificed(state: State, b: JSON) -> None:
        p = player(state, b["seat"])
        card = b["card"]
        if card == "sprout":
            p["sprout"] = None
        elif card in p["hand"]:
            p["hand"].remove(card)
        else:
            entry = next(c for c in p["inventory"] if c["card"] == card)
            p["inventory"].remove(entry)
            item = content.item(card)
            p["tokens"] -= item.tokens
            state["tokens"] -= item.tokens
        if b["paid"]:
            p["seed"] -= 1
            state["supply_seed"] += 1
            p["paid_depleted"] = True
        p["slots"][b["slot"] - 1]["done"] = True
        p["sacrificed"].append(card)

    @h.handles("CrestFinished")
    def _crest_done(state: State, b: JSON) -> None:
        decisions.apply_answer(state["pending"], b["seat"], True)  # type: ignore[arg-type]

    @h.handles("CrestRevealed")
    def _crest_revealed(state: State, b: JSON) -> None:
        state["pending"] = None
        state["shown"] = None
        for p in state["players"].values():
            for card in p["sacrificed"]:
                if card == "sprout":
                    state["sprouts"] += 1
                elif card.startswith("r-"):
                    to_discard(state, card)  # AK-CRS-09
                elif not content.item(card).alchemist:
                    state["posts"][content.item(card).item_type].append(card)
            p["sacrificed"] = []
        state["phase"] = "crest_done"

    @h.handles("Evoked")
    def _evoked(state: State, b: JSON) -> None:
        for seat in b["reaped"]:  # R
            player(state, seat)["sprout"] = "up"
        state["draws"] = []
        for seat in b["unsealed"]:  # E
            player(state, seat)["unsealed"] = True
            state["draws"].append(seat)
        state["phase"] = "evoked"

    @h.handles("SeedStepBegan")
    def _seed_step(state: State, b: JSON) -> None:
        state["phase"] = "seed"
        for p in state["players"].values():
            p["spent"] = []
        snapshot(state)
        ask_all(state, "seed")

    @h.handles("ReagentDiscarded")
    def _discarded(state: State, b: JSON) -> None:
        p = player(state, b["seat"])
        p["hand"].remove(b["card"])
        p["spent"].append(b["card"])
        if b["seed"]:
            gain_seed(state, p, 1)

    @h.handles("WeekFinished")
    def _week_done(state: State, b: JSON) -> None:
        decisions.apply_answer(state["pending"], b["seat"], True)  # type: ignore[arg-type]

    @h.handles("WeekEnded")
    def _week_ended(state: State, b: JSON) -> None:
        state["pending"] = None
        state["shown"] = None
        for p in state["players"].values():
            for card in p["spent"]:
                to_discard(state, card)
            p["spent"] = []
            for c in p["inventory"]:
                c["depleted"] = False  # T
        state["phase"] = "week_done"

    @h.handles("GameOver")
    def _over(state: State, b: JSON) -> None:
        state["phase"] = "over"
        state["pending"] = None
        state["result"] = {k: b[k] for k in ("winners", "scores", "reason")}

    return h
