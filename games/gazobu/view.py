"""What a seat sees of a Gazobu game: its view, the email picture, the log lines and the
final score explained."""

from __future__ import annotations

import textwrap
from collections import Counter

from games.base import Explanation, Viewer, knows
from games.gazobu.cards import CARD_NAMES, FAMILIES, LOSS, POINTS, card_name, sorted_cards
from games.gazobu.rules import DRAWN_PER_TURN, PILLS, is_out, is_over, outcome, slug, to_act

# View


def view(state: dict, seat: int | None) -> dict:
    over = is_over(state)
    shown = {
        "game": slug,
        "players": list(state["players"]),
        "seat": seat,
        "to_act": to_act(state),
        "turn": state["turn"],
        "dealer": state["dealer"],
        "phase": state["phase"],
        "columns": [list(column) for column in state["columns"]],
        "drawn": list(state["drawn"]),
        "draw_pile": len(state["draw"]),
        "pills": list(state["pills"]),
        "out": [is_out(state, n) for n in range(len(state["players"]))],
        "hand_sizes": [len(hand) for hand in state["hands"]],
        "hand": sorted_cards(state["hands"][seat]) if seat is not None else None,
        "card_names": dict(CARD_NAMES),
    }
    if over:
        result = outcome(state)
        shown["hands"] = [sorted_cards(hand) for hand in state["hands"]]
        shown["last_draw"] = result.details["last_draw"]
        shown["black_holes"] = result.details["black_holes"]
        shown["removed"] = sorted_cards(state["removed"])
        shown["draw_pile_cards"] = list(reversed(state["draw"]))  # top card first
        shown["scores"] = result.scores
        shown["winners"] = result.winners
        shown["details"] = result.details
    return shown


def counted(cards: list[str], names: dict[str, str]) -> str:
    """Card names in the order given, copies folded: "Gazobu x3, Blob"."""
    counts = Counter(cards)
    parts = []
    for card in dict.fromkeys(cards):
        label = names.get(card, card)
        parts.append(f"{label} x{counts[card]}" if counts[card] > 1 else label)
    return ", ".join(parts) or "none"


def wrapped(text: str, indent: str = "  ") -> list[str]:
    return textwrap.wrap(text, 78, subsequent_indent=indent) or [text]


def view_text(state: dict, seat: int | None) -> str:
    """The position as `seat` sees it, in a few plain lines for an email; built from view."""
    shown = view(state, seat)
    lines = [heading(shown), "", *table_lines(shown), "", *player_lines(shown, seat)]
    if shown["phase"] == "over":
        lines += ["", *result_lines(shown)]
    elif shown["hand"] is not None:
        lines += ["", *wrapped(f"Your hand: {counted(shown['hand'], shown['card_names'])}")]
    return "\n".join(lines)


def heading(shown: dict) -> str:
    if shown["phase"] == "over":
        return "Gazobu: the game is over."
    doing = "takes a column or draws" if shown["phase"] == "take" else "places drawn cards"
    return f"Gazobu: {shown['players'][shown['turn']]} {doing}."


def table_lines(shown: dict) -> list[str]:
    """The columns, the drawn cards and the draw pile (card by card once the game is over)."""
    cards = shown["card_names"]
    lines = []
    for number, column in enumerate(shown["columns"], start=1):
        lines += wrapped(f"Column {number}: {', '.join(cards[c] for c in column) or 'empty'}")
    if shown["drawn"]:
        lines += wrapped(f"Drawn: {', '.join(cards[c] for c in shown['drawn'])}")
    if shown["phase"] == "over":
        undealt = ", ".join(cards[c] for c in shown["draw_pile_cards"]) or "empty"
        lines += wrapped(f"Draw pile, top first: {undealt}")
    else:
        lines.append(f"Draw pile: {shown['draw_pile']} cards")
    return lines


def player_lines(shown: dict, seat: int | None) -> list[str]:
    """One line a player: pills, hand size and who is out, the dealer, you."""
    names = shown["players"]
    width = max(len(name) for name in names)
    lines = []
    for n, name in enumerate(names):
        notes = [
            f"pills {shown['pills'][n]}/{PILLS}",
            f"{shown['hand_sizes'][n]} card" + "s" * (shown["hand_sizes"][n] != 1),
        ]
        if shown["out"][n]:
            notes.append("out of play")
        if n == shown["dealer"]:
            notes.append("dealer")
        if n == seat:
            notes.append("you")
        lines.append(f"  {name:<{width}}  " + ", ".join(notes))
    return lines


def result_lines(shown: dict) -> list[str]:
    """Every hand with its score, then the winners."""
    names, cards = shown["players"], shown["card_names"]
    lines = []
    for n, name in enumerate(names):
        lines += wrapped(
            f"{name} ({shown['scores'][n]} points): {counted(shown['hands'][n], cards)}"
        )
    winners = [names[n] for n in shown["winners"]]
    lines.append(("Winners: " if len(winners) > 1 else "Winner: ") + " and ".join(winners))
    return lines


# Describe


def listed(cards: list[str]) -> str:
    names = [card_name(card) for card in cards]
    if not names:
        return "nothing"
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def explain(outcome: dict, names: list[str]) -> Explanation:
    """The final scores in sentences and a table: each family's majority, each player's bonus
    cards and multipliers, each total as a sum (the numbers of `outcome["details"]`)."""
    details = outcome["details"]
    seats = details["seats"]
    held = [f for f in FAMILIES if any(details["majorities"][f]["counts"])]
    sentences = [
        explain_family(family, details["majorities"][family], seats, names) for family in held
    ]
    for seat in seats:
        sentences += card_sentences(seat, names[seat["seat"]])
    sentences += [total_sentence(seat, held, names) for seat in seats]
    rows = [score_row(seat, held, names) for seat in seats]
    return Explanation(sentences, ["Player", *map(card_name, held), "Bonus", "Total"], rows)


def card_sentences(seat: dict, name: str) -> list[str]:
    """What a player's bonus cards add up to, and which multipliers count for nothing."""
    sentences = []
    if seat["bonus_cards"]:
        sentences.append(f"{name} holds {listed(seat['bonus_cards'])}: {signed(seat['bonus'])}.")
    for multiplier in seat["multipliers"]:
        if not multiplier["counts"]:
            sentences.append(f"{name}'s {card_name(multiplier['card'])} counts for nothing.")
    return sentences


def total_sentence(seat: dict, held: list[str], names: list[str]) -> str:
    parts = [seat["families"][f]["points"] for f in held if f in seat["families"]]
    if seat["bonus_cards"]:
        parts.append(seat["bonus"])
    return f"{names[seat['seat']]}: {sum_text(parts)} = {seat['total']}."


def score_row(seat: dict, held: list[str], names: list[str]) -> list:
    return [
        names[seat["seat"]],
        *(seat["families"][f]["points"] if f in seat["families"] else "" for f in held),
        seat["bonus"] if seat["bonus_cards"] else "",
        seat["total"],
    ]


def explain_family(family: str, majority: dict, seats: list[dict], names: list[str]) -> str:
    """ "Blob: bob has the most (4) and gains 8, doubled by a multiplier = 16; alice loses 2 a
    card: 3 × -2 = -6." """
    gainer = majority["gains"]
    text = gain_text(family, majority["counts"], gainer, seats, names)
    losers = [
        loss_text(family, own, names[seat["seat"]])
        for seat in seats
        if (own := seat["families"].get(family)) is not None and seat["seat"] != gainer
    ]
    return text + "".join(f"; {loss}" for loss in losers) + "."


def gain_text(
    family: str, counts: list[int], gainer: int | None, seats: list[dict], names: list[str]
) -> str:
    if gainer is None:
        return f"{card_name(family)}: nobody gains the {POINTS[family]} (every count is tied)"
    gains = seats[gainer]["families"][family]
    how = "has the most" if counts[gainer] == max(counts) else "has the next count after the tie"
    text = f"{card_name(family)}: {names[gainer]} {how} ({held_text(gains)}) and gains "
    text += f"{POINTS[family]}"
    if gains["multiplied"]:
        text += f", doubled by a multiplier = {gains['points']}"
    return text


def loss_text(family: str, own: dict, name: str) -> str:
    loss = f"{name} loses {LOSS[family]} a card: {own['count']} × "
    loss += f"-{LOSS[family]} = {-own['count'] * LOSS[family]}"
    if own["multiplied"]:
        loss += f", doubled by a multiplier = {own['points']}"
    return loss


def held_text(family: dict) -> str:
    extra = family["extra_monsters"]
    if not extra:
        return str(family["count"])
    return f"{family['count']}, with {extra} extra monster{'s' * (extra != 1)}"


def signed(points: int) -> str:
    return f"{points:+d}"


def sum_text(parts: list[int]) -> str:
    if not parts:
        return "0"
    text = str(parts[0])
    for part in parts[1:]:
        text += f" + {part}" if part >= 0 else f" - {-part}"
    return text


def describe(before: dict, seat: int, move: dict, after: dict, viewer: Viewer) -> str:
    """The mover reads "You take...", the others their name; nobody but the mover (and, once
    the game is over, EVERYONE) learns the cards of a column taken."""
    you = viewer == seat
    who = "You" if you else before["players"][seat]
    kind = move.get("kind") if isinstance(move, dict) else None
    if kind == "take":
        return describe_take(before, seat, move, after, viewer, who)
    if kind == "draw":
        verb = "take" if you else "takes"
        draws = "draw" if you else "draws"
        return f"{who} {verb} no column and {draws} {listed(after['drawn'])}."
    if kind == "place":
        return describe_place(before, seat, move, after, viewer, who)
    return f"{who}: {move!r}."


def describe_take(
    before: dict, seat: int, move: dict, after: dict, viewer: Viewer, who: str
) -> str:
    you = viewer == seat
    column = move["column"]
    taken = before["columns"][column - 1]
    named = knows(viewer, seat) or is_over(after)
    shown = listed(sorted_cards(taken)) if named else f"{len(taken)} cards"
    if len(taken) == 1 and not named:
        shown = "1 card"
    pills = after["pills"][seat]
    text = (
        f"{who} {'take' if you else 'takes'} column {column} ({shown}) and pill {pills} of "
        f"{PILLS}, then {'draw' if you else 'draws'} {listed(after['drawn'])}."
    )
    if pills == PILLS:
        text += " This is " + ("your" if you else f"{before['players'][seat]}'s") + " last turn."
    return text


def describe_place(
    before: dict, seat: int, move: dict, after: dict, viewer: Viewer, who: str
) -> str:
    you = viewer == seat
    text = f"{who} {'place' if you else 'places'} the {card_name(move['card'])} under column "
    text += str(move["column"])
    rest = list(before["drawn"])
    rest.remove(move["card"])
    if rest and not after["drawn"]:
        empty = [n + 1 for n, column in enumerate(before["columns"]) if not column]
        text += f" and the {card_name(rest[0])} under column {empty[0]} to recreate it"
    text += "."
    if after["drawn"]:
        return text
    if is_out(after, seat):
        text += " " + ("You are" if you else f"{before['players'][seat]} is") + " out of play."
    if is_over(after):
        text += " " + describe_end(after, viewer)
    return text


def describe_end(after: dict, viewer: Viewer) -> str:
    names = after["players"]
    last = after["last_draw"]
    name = "you" if viewer == last["seat"] else names[last["seat"]]
    takes = "take" if viewer == last["seat"] else "takes"
    if after["ending"] == "draw pile":
        why = f"the draw pile cannot supply {DRAWN_PER_TURN} cards"
    else:
        why = f"only {name} {'are' if name == 'you' else 'is'} still in play"
    lines = [f"The game ends: {why}; {name} {takes} {listed(last['cards'])} from the draw pile."]
    for hole in after["black_holes"]:
        holes = "a black hole" if hole["black_holes"] == 1 else f"{hole['black_holes']} black holes"
        lines.append(
            f"{names[hole['seat']]} had {holes}: {names[hole['taken_by']]} removes "
            f"{listed(hole['cards'])} from the game."
        )
    result = outcome(after)
    scores = ", ".join(f"{name} {score}" for name, score in zip(names, result.scores, strict=True))
    winners = " and ".join(names[n] for n in result.winners)
    lines.append(
        f"Final scores: {scores}. {winners} {'wins' if len(result.winners) == 1 else 'win'}."
    )
    return " ".join(lines)
