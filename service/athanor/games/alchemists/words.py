"""Every Alchemists event as a sentence, from the body the reader was sent.

A body may be redacted (a hand draw seen by another seat has no cards, a sale seen by
anyone has no ingredients), so each sentence reads only the fields present and says
nothing the body does not: a missing field is left out of the sentence, never guessed.
Ids read as their printed names (names.py); seats as "seat N", which the engine may
replace with a player's name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from athanor.games.alchemists import names as n
from athanor.games.alchemists.content import Content
from athanor.games.wording import count, listing

Body = Mapping[str, Any]
Words = Callable[[Content, Body], str]


def _seat(body: Body) -> str:
    return f"Seat {body.get('seat', '?')}"


def _money(body: Body) -> str:
    """The public consequences every action may carry: each seat's new gold and
    reputation ("Seat 2 now has 3 gold and 9 reputation.")."""
    held: dict[str, list[str]] = {}
    for key in ("gold", "reputation"):
        values = body.get(key)
        if isinstance(values, Mapping):
            for seat, value in sorted(values.items()):
                held.setdefault(str(seat), []).append(f"{value} {key}")
    parts = [f"seat {seat} now has {' and '.join(what)}" for seat, what in held.items()]
    text = "; ".join(parts)
    return f" {text[:1].upper()}{text[1:]}." if parts else ""


def _favors_used(body: Body) -> str:
    used = body.get("favors")
    return f" with {n.favors(used)}" if isinstance(used, list) and used else ""


def _mix(body: Body) -> str:
    """The ingredients and the answer of a mix, when the body holds them."""
    if "ingredients" not in body:
        return ""
    made = f", which makes {n.potion(body['result'])}" if "result" in body else ""
    return f" It mixes {n.ingredients(body['ingredients'])}{made}."


def _cards_after(body: Body) -> str:
    """Where a mix's cards went, when the full body says (Magic Mortar, Feather in Cap)."""
    if body.get("kept"):
        return f" Magic Mortar keeps {n.ingredient(body['kept'])} in hand."
    if body.get("set_aside"):
        return " Feather in Cap sets both cards aside."
    return ""


def _debunk_outcome(body: Body) -> str:
    if "debunked" not in body:
        return ""
    gone = body["debunked"]
    if body.get("conflict"):
        text = " The two theories are in conflict."
    elif not gone:
        text = " No theory falls."
    else:
        text = f" The theory of {n.ingredients(gone)} is debunked."
        revealed = body.get("seals") or {}
        shown = [
            f"seat {s.get('seat')}'s {n.seal(s.get('seal'))} on {n.ingredient(ing)}"
            for ing, marks in sorted(revealed.items())
            for s in marks
        ]
        if shown:
            text += f" Revealed: {listing(shown)}."
    return text


# ---------------------------------------------------------------- reader and setup


def reader_started(c: Content, b: Body) -> str:
    code = f"; the game code is {b['code']}" if "code" in b else ""
    return f"The card reader is ready for the {b.get('variant', 'chosen')} variant{code}."


def assignment_drawn(c: Content, b: Body) -> str:
    code = f" (game code {b['code']})" if "code" in b else ""
    return f"The ingredients are secretly matched to the alchemicals{code}."


def _assignment(b: Body) -> str:
    given = b.get("assignment") or {}
    pairs = [f"{n.ingredient(i)} is {n.alchemical(a)}" for i, a in sorted(given.items())]
    code = f" (game code {b['code']})" if "code" in b else ""
    return f"{listing(pairs)}{code}" if pairs else ""


def answers_shown(c: Content, b: Body) -> str:
    shown = _assignment(b)
    return f"{_seat(b)} ends the reader and shows the reader's answers" + (
        f": {shown}." if shown else "."
    )


def triangle_exported(c: Content, b: Body) -> str:
    pairs = b.get("triangle")
    whole = f" ({count(len(pairs), 'pair')})" if isinstance(pairs, Mapping) else ""
    return f"{_seat(b)} exports the mixing triangle{whole}."


def decks_ready(c: Content, b: Body) -> str:
    def size(key: str) -> int:
        value = b.get(key, 0)
        return len(value) if isinstance(value, list) else int(value)

    text = (
        f"The decks are shuffled: {count(size('deck'), 'ingredient card')}, "
        f"{count(size('favor_deck'), 'favor')} and {count(size('adventurers'), 'adventurer')} "
        "waiting; one adventurer leaves the game unseen."
    )
    if isinstance(b.get("removed"), list):  # the operator's full body
        out = listing([n.adventurer(c, a) for a in b["removed"]])
        text += f" Left out: {out}."
    if isinstance(b.get("box"), list):
        text += f" Boxed artifacts: {listing([n.artifact(a) for a in b['box']])}."
    return text


def artifacts_laid(c: Content, b: Body) -> str:
    row = listing([n.artifact(a) for a in b.get("row", [])])
    later = b.get("later") or {}
    waiting = [
        f"deck {'I' * int(d)}: {listing([n.artifact(a) for a in cards])}"
        for d, cards in sorted(later.items())
    ]
    text = f"Artifacts for sale: {row}."
    return text + (f" Later, {'; '.join(waiting)}." if waiting else "")


def adventurer_revealed(c: Content, b: Body) -> str:
    if "adventurer" not in b:
        return "The next adventurer arrives."
    return f"{n.adventurer(c, b['adventurer'])} arrives."


def row_dealt(c: Content, b: Body) -> str:
    return f"The ingredient row is dealt: {n.ingredients(b.get('row', []))}."


def row_discarded(c: Content, b: Body) -> str:
    return f"The {count(b.get('n', 0), 'ingredient')} left in the row are discarded."


def _drawn(b: Body, noun: str, name: Callable[[Any], str]) -> str:
    why = n.DRAW_REASONS.get(str(b.get("why")), "")
    what = count(int(b.get("n", 0)), noun)
    cards = f": {listing([name(x) for x in b['cards']])}" if "cards" in b else ""
    return f"{_seat(b)} draws {what} {why}{cards}.".replace(" :", ":").replace("  ", " ")


def ingredients_drawn(c: Content, b: Body) -> str:
    return _drawn(b, "ingredient", n.ingredient)


def favors_drawn(c: Content, b: Body) -> str:
    text = _drawn(b, "favor", n.favor)
    if "herbalist" in b.get("cards", []) and b.get("why") != "setup":
        text += " A Herbalist is played at once."
    return text


def pile_shuffled(c: Content, b: Body) -> str:
    pile = "ingredient" if b.get("pile") == "ingredients" else "favor"
    cards = b.get("deck")
    size = len(cards) if isinstance(cards, list) else int(b.get("n", 0))
    return f"The {pile} discard pile is shuffled into a new deck of {count(size, 'card')}."


def start_player(c: Content, b: Body) -> str:
    return f"{_seat(b)} takes the starting player token."


def favors_offered(c: Content, b: Body) -> str:
    return "Every player keeps one of the two favors they drew."


def favor_kept(c: Content, b: Body) -> str:
    if "favor" not in b:
        return f"{_seat(b)} keeps one favor and discards the other."
    return f"{_seat(b)} keeps {n.favor(b['favor'])} and discards {n.favor(b.get('discarded'))}."


def herbalist_played(c: Content, b: Body) -> str:
    return f"{_seat(b)} plays a Herbalist: {_seat(b)} draws 3 ingredients, then discards 2."


def herbalist_discarded(c: Content, b: Body) -> str:
    if "ingredients" not in b:
        return f"{_seat(b)} discards face down for their Herbalist."
    return f"{_seat(b)} discards {n.ingredients(b['ingredients'])} for their Herbalist."


def favor_played(c: Content, b: Body) -> str:
    if b.get("favor") == "associate":
        return (
            f"{_seat(b)} plays an Associate on {n.space(b.get('space'))}: "
            "their actions there go first."
        )
    cubes = f": {count(b['cubes'], 'action cube')} this round" if "cubes" in b else ""
    return f"{_seat(b)} plays an Assistant{cubes}."


# ---------------------------------------------------------------- the round


def round_started(c: Content, b: Body) -> str:
    text = f"Round {b.get('round', '?')} begins"
    choosers = b.get("choosers")
    if choosers:
        text += f"; order spaces are chosen by {n.seats(choosers)}, in that order"
    cubes = b.get("cubes") or {}
    if cubes:
        text += f". Action cubes: {n.per_seat(cubes, 'cube')}"
    held = {s: v for s, v in (b.get("held") or {}).items() if v}
    if held:
        text += f"; in the hospital: {n.per_seat(held, 'cube')}"
    return text + "."


def order_chosen(c: Content, b: Body) -> str:
    return f"{_seat(b)} takes {n.order_space(c, b.get('space'))}.{_money(b)}"


def declaration_opened(c: Content, b: Body) -> str:
    order = b.get("play_order") or []
    first = (b.get("declarers") or [None])[0]
    text = f"Play order: {n.seats(order)}."
    return text + (f" Seat {first} declares first." if first is not None else "")


def actions_declared(c: Content, b: Body) -> str:
    actions = b.get("actions") or {}
    what = listing([f"{k} {n.space(s)}" for s, k in actions.items()]) if actions else "nothing"
    cubes = b.get("cubes", 0)
    unused = b.get("unused", 0)
    return f"{_seat(b)} declares {what}: {count(cubes, 'cube')} placed, {unused} left unused."


def resolution_opened(c: Content, b: Body) -> str:
    by_space: dict[str, list[str]] = {}
    for space, seat, _slot in b.get("queue", []):
        by_space.setdefault(str(space), []).append(f"seat {seat}")
    if not by_space:
        return "No action was declared."
    steps = [f"{n.space(s)} for {listing(who)}" for s, who in by_space.items()]
    return f"The actions are carried out: {'; '.join(steps)}."


def action_declined(c: Content, b: Body) -> str:
    cubes = count(int(b.get("cubes", 1)), "cube")
    return f"{_seat(b)} declines their {n.space(b.get('space'))} action: {cubes} unused."


def foraged(c: Content, b: Body) -> str:
    take = b.get("take")
    if take == "deck":
        return f"{_seat(b)} forages from the deck."
    return f"{_seat(b)} forages {n.ingredient(take)} from the row."


def transmuted(c: Content, b: Body) -> str:
    what = n.ingredient(b["ingredient"]) if "ingredient" in b else "an ingredient"
    return f"{_seat(b)} transmutes {what} into gold{_favors_used(b)}.{_money(b)}"


def artifact_bought(c: Content, b: Body) -> str:
    cost = f" for {b['cost']} gold" if "cost" in b else ""
    return f"{_seat(b)} buys {n.artifact(b.get('artifact'))}{cost}{_favors_used(b)}.{_money(b)}"


def sale_opened(c: Content, b: Body) -> str:
    return f"The adventurer is here: {n.seats(b.get('sellers', []))} bid to sell."


def bid_placed(c: Content, b: Body) -> str:
    if "discount" not in b:
        return f"{_seat(b)} places a bid card face down."
    return f"{_seat(b)} bids a discount of {b['discount']}, face down."


def bids_revealed(c: Content, b: Body) -> str:
    bids = b.get("bids") or {}
    shown = listing([f"seat {s} a discount of {d}" for s, d in sorted(bids.items())])
    text = f"The bids are revealed: {shown}. Selling order: {n.seats(b.get('order', []))}."
    refused = b.get("refused") or {}
    if refused:
        text += f" Too many sellers: {n.seats(sorted(refused))} cannot sell."
    return text


def sold(c: Content, b: Body) -> str:
    wanted = n.potion(b.get("wanted"))
    text = f"{_seat(b)} sells {wanted} to the adventurer"
    if "guarantee" in b:
        text += f", guaranteeing {n.GUARANTEES.get(b['guarantee'], 'a quality')}"
    if "price" in b:
        text += f", for {b['price']} gold"
    text += f"{_favors_used(b)}: it is {n.QUALITIES.get(str(b.get('quality')), 'sold')}."
    if "perceived" in b:
        text += f" The adventurer takes it as {n.QUALITIES.get(b['perceived'], 'sold')}."
    if "paid" in b:
        text += f" Paid {b['paid']} gold."
    return text + _mix(b) + _cards_after(b) + _money(b)


def sale_noted(c: Content, b: Body) -> str:
    if "ingredients" not in b:
        return f"{_seat(b)} notes the sale in their notebook."
    return (
        f"{_seat(b)} notes: {n.ingredients(b['ingredients'])} sold as {n.potion(b.get('wanted'))} "
        f"were {n.QUALITIES.get(str(b.get('quality')), 'sold')}."
    )


def mixed(c: Content, b: Body) -> str:
    action = b.get("action")
    result = n.potion(b.get("result"))
    what = f" {n.ingredients(b['ingredients'])}" if "ingredients" in b else ""
    if action == "student":
        text = f"{_seat(b)} tests{what or ' a potion'} on the student: {result}."
        if b.get("fee"):
            text += f" The sick student charged {b['fee']} gold."
        if b.get("student_sick"):
            text += " The student falls sick: the next test costs 1 gold."
    else:
        text = f"{_seat(b)} drinks{what or ' a potion'}: {result}."
        if b.get("effect"):
            text += f" {_seat(b)} is {n.SICKNESS.get(str(b.get('result')), 'sick')}."
    return text + _cards_after(b) + _money(b)


def exhibited(c: Content, b: Body) -> str:
    result = "a success" if b.get("success") else "a failure"
    text = f"{_seat(b)} exhibits {n.potion(b.get('potion'))}: {result}."
    if b.get("mastery"):
        text += f" {_seat(b)} masters the {n.colour(b['mastery'])} potions."
    return text + _mix(b) + _cards_after(b) + _money(b)


def exhibit_noted(c: Content, b: Body) -> str:
    if "ingredients" not in b:
        return f"{_seat(b)} notes the exhibit in their notebook."
    result = "made" if b.get("success") else "did not make"
    return (
        f"{_seat(b)} notes: {n.ingredients(b['ingredients'])} {result} {n.potion(b.get('potion'))}."
    )


def periscope_seen(c: Content, b: Body) -> str:
    of = f"seat {b.get('of', '?')}"
    if "ingredient" not in b:
        return f"{_seat(b)} looks through their Periscope at {of}'s ingredients."
    made = f", which made {n.potion(b['result'])}" if "result" in b else ""
    return f"{_seat(b)}'s Periscope sees {n.ingredient(b['ingredient'])} in {of}'s mix{made}."


# ---------------------------------------------------------------- theories and grants


def theory_published(c: Content, b: Body) -> str:
    seal = f"a {n.seal(b['seal'])}" if "seal" in b else "a seal face down"
    return (
        f"{_seat(b)} publishes a theory: {n.ingredient(b.get('ingredient'))} is "
        f"{n.alchemical(b.get('alchemical'))}, with {seal}.{_money(b)}"
    )


def theory_endorsed(c: Content, b: Body) -> str:
    seal = f"a {n.seal(b['seal'])}" if "seal" in b else "a seal face down"
    cost = f" for {b['cost']} gold" if "cost" in b else ""
    return (
        f"{_seat(b)} endorses the theory of {n.ingredient(b.get('ingredient'))}{cost}, "
        f"with {seal}.{_money(b)}"
    )


def grants_checked(c: Content, b: Body) -> str:
    return f"No new grant for {_seat(b).lower()}."


def grant_claimed(c: Content, b: Body) -> str:
    return f"{_seat(b)} claims {n.grant(c, b.get('grant'))}.{_money(b)}"


def sign_revealed(c: Content, b: Body) -> str:
    ing, col = n.ingredient(b.get("ingredient")), n.colour(b.get("colour"))
    sign = b.get("sign", "?")
    if "debunked" not in b:  # the reader's answer
        return f"{_seat(b)} asks the reader: {ing} is {sign} on {col}."
    return (
        f"{_seat(b)} tries to debunk {ing} on {col}: the sign of {ing} on {col} is {sign}."
        f"{_debunk_outcome(b)}{_money(b)}"
    )


def master_mixed(c: Content, b: Body) -> str:
    mix = n.ingredients(b.get("ingredients", []))
    claim = f", claiming {n.potion(b['potion'])}" if "potion" in b else ""
    made = n.potion(b.get("result"))
    if "debunked" not in b:
        return f"{_seat(b)} asks the reader to mix {mix}{claim}: it makes {made}."
    return (
        f"{_seat(b)} mixes {mix} before the guild{claim}: it makes {made}."
        f"{_debunk_outcome(b)}{_money(b)}"
    )


# ---------------------------------------------------------------- end of a round, end


def end_started(c: Content, b: Body) -> str:
    more = " with a conference" if b.get("conference") else ""
    return f"The actions of round {b.get('round', '?')} are done; the round ends{more}."


def conference_held(c: Content, b: Body) -> str:
    need = b.get("need", 0)
    text = (
        f"A conference: each player needs {count(need, 'theory', 'theories')} with their seal."
        f"{_money(b)}"
    )
    row = b.get("row")
    if row:
        text += f" New artifacts for sale: {listing([n.artifact(a) for a in row])}."
    return text


def top_alchemist(c: Content, b: Body) -> str:
    top = b.get("seats") or []
    if not top:
        return "Nobody has a seal on the board: no Top Alchemist this round."
    return f"Top Alchemist, most seals on the board: {n.seats(top)}.{_money(b)}"


def cubes_counted(c: Content, b: Body) -> str:
    given = {s: k for s, k in (b.get("favors") or {}).items() if k}
    if not given:
        return "Unused cubes: nobody left two unused, no favor is drawn."
    return f"Unused cubes, a favor for every two: {n.per_seat(given, 'favor')}."


def hospital_released(c: Content, b: Body) -> str:
    held = {s: k for s, k in (b.get("held") or {}).items() if k}
    if not held:
        return "Nobody is in the hospital."
    return f"The hospital keeps cubes next round: {n.per_seat(held, 'cube')}."


def round_ended(c: Content, b: Body) -> str:
    nxt = b.get("start_player")
    return f"Round {b.get('round', '?')} ends; seat {nxt} starts the next one."


def game_scored(c: Content, b: Body) -> str:
    scores = b.get("scores") or {}
    totals = listing([f"seat {s} {v.get('total')} points" for s, v in sorted(scores.items())])
    text = f"Final scores: {totals}. Winners: {n.seats(b.get('winners', []))}."
    shown = _assignment(b)
    return text + (f" The assignment: {shown}." if shown else "")


SENTENCES: dict[str, Words] = {
    "ReaderStarted": reader_started,
    "AssignmentDrawn": assignment_drawn,
    "AnswersShown": answers_shown,
    "TriangleExported": triangle_exported,
    "Mixed": mixed,
    "Sold": sold,
    "SaleNoted": sale_noted,
    "Exhibited": exhibited,
    "ExhibitNoted": exhibit_noted,
    "SignRevealed": sign_revealed,
    "MasterMixed": master_mixed,
    "DecksReady": decks_ready,
    "ArtifactsLaid": artifacts_laid,
    "PileShuffled": pile_shuffled,
    "IngredientsDrawn": ingredients_drawn,
    "FavorsDrawn": favors_drawn,
    "FavorKept": favor_kept,
    "HerbalistPlayed": herbalist_played,
    "HerbalistDiscarded": herbalist_discarded,
    "FavorPlayed": favor_played,
    "FavorsOffered": favors_offered,
    "AdventurerRevealed": adventurer_revealed,
    "RowDealt": row_dealt,
    "RowDiscarded": row_discarded,
    "StartPlayer": start_player,
    "RoundStarted": round_started,
    "OrderChosen": order_chosen,
    "DeclarationOpened": declaration_opened,
    "ActionsDeclared": actions_declared,
    "ResolutionOpened": resolution_opened,
    "ActionDeclined": action_declined,
    "Foraged": foraged,
    "Transmuted": transmuted,
    "ArtifactBought": artifact_bought,
    "SaleOpened": sale_opened,
    "BidPlaced": bid_placed,
    "BidsRevealed": bids_revealed,
    "TheoryPublished": theory_published,
    "TheoryEndorsed": theory_endorsed,
    "GrantsChecked": grants_checked,
    "GrantClaimed": grant_claimed,
    "PeriscopeSeen": periscope_seen,
    "ConferenceHeld": conference_held,
    "TopAlchemist": top_alchemist,
    "CubesCounted": cubes_counted,
    "HospitalReleased": hospital_released,
    "RoundEnded": round_ended,
    "EndStarted": end_started,
    "GameScored": game_scored,
}


def describe(content: Content, event_type: str, body: dict[str, Any]) -> str | None:
    words = SENTENCES.get(event_type)
    return None if words is None else words(content, body)
