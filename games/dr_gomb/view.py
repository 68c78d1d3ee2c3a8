"""Dr. Gomb as each seat sees it: the view, earlier positions, the picture for an email, the
score explained, and the log lines (describe)."""

from __future__ import annotations

import functools
import textwrap

from games.base import EVERYONE, Explanation, Viewer, knows
from games.dr_gomb.cards import (
    BROKEN,
    CODE_OF,
    COLOUR_INDEX,
    COLOUR_NAME,
    COLOUR_OF,
    COLOURS,
    KIND_OF,
    NAME_OF,
    SURPRISE,
    card_at,
    card_names,
)
from games.dr_gomb.rules import cards_in_play, outcome, rules_version, sequences_of, to_act
from games.dr_gomb.scoring import best_total

# --- Views ------------------------------------------------------------------------------------


def view(state: dict, seat: int | None) -> dict:
    over = state["step"] == "over"
    open_cards = over or state["mode"] == "basic"
    spent, in_hand = _spent_surprise(state)
    result = {
        "mode": state["mode"],
        "players": [
            _player_view(name, sequences.split("/"), open_cards)
            for name, sequences in zip(state["players"], state["sequences"], strict=True)
        ],
        "turn": state["turn"],
        "step": state["step"],
        "to_act": to_act(state),
        "deck": len(state["deck"]) // 2,
        "talon": len(state["talon"]) // 2,
        "box": len(state["box"]) // 2,
        "out": _out_view(state["out"], open_cards),
        "piles": [
            {"top": NAME_OF[pile[-2:]] if pile else None, "count": len(pile) // 2}
            for pile in state["piles"]
        ],
        "held": card_names(in_hand) if seat == state["turn"] else None,
        "held_count": len(in_hand) // 2,
        "surprise_used": state["used"],
        "spent_surprise": NAME_OF[spent] if spent else None,
        "breaking": card_names(state["breaking"]),
        "left": state["left"],
    }
    if over:
        final = outcome(state)
        result |= {
            "talon_cards": card_names(state["talon"]),
            "box_cards": card_names(state["box"]),
            "pile_cards": [card_names(pile) for pile in state["piles"]],
            "scores": final.scores,
            "winners": final.winners,
            "details": final.details,
        }
    elif state["mode"] == "basic":
        result["standings"] = [best_total(sequences) for sequences in state["sequences"]]
    return result


def _spent_surprise(state: dict) -> tuple[str, str]:
    """A surprise that has looked into the talon is no longer a card in hand: it only waits
    to go to a discard pile once the cards it took are placed. Its code (or "") and the codes
    of the cards still in hand. Everyone read its use in the log, so its name is no secret."""
    if not state["used"]:
        return "", state["held"]
    return state["held"][:2], state["held"][2:]


def past_view(past_state: dict, current_state: dict, seat: int | None) -> dict:
    """What `seat` may see now of an earlier position (the history page, the API's states).

    `view(past_state, seat)`, less every number that may be covered by now: in normal mode, while
    the game runs, the cards in the sequences and in the hand of that position show their
    colour only (broken and surprise buttons, always named, keep their names). Which card of
    then is which card of now is more than two positions can tell (action C and broken
    buttons from the talon take cards from under a top, and a card of the same colour and
    number may take its place), and a rule that looked at the covered cards to decide would
    itself tell something of them. A position that looks to `seat` just as the position now
    does, and everything once the game is over, show as `view` shows them.
    """
    shown = view(past_state, seat)
    if past_state["mode"] == "basic" or current_state["step"] == "over":
        return shown
    if shown == view(current_state, seat):  # the position now, or one just like it
        return shown
    for player in shown["players"]:
        for sequence in player["sequences"].values():
            sequence[-1:] = [_colour_only(name) for name in sequence[-1:]]
    if shown["held"]:
        shown["held"] = [_colour_only(name) for name in shown["held"]]
    return shown


# A step can be taken back only while it showed nobody a card they had not seen (the store asks
# `reveals`); no step after setup draws on the rng, so the hidden cards are all there is to tell.
UNSEEN_PLACES = ("deck", "talon", "box")


def reveals(before: dict, seat: int, move: dict, after: dict) -> bool:
    """Whether the step showed anyone, its player included, a card they had not seen."""
    if after["step"] == "over" or _moves_unseen_cards(before, after):
        return True
    if move["kind"] == "use_surprise":
        return True  # its player has looked into the talon, even if nothing was taken
    if before["step"] == "place" and not _holds_only_a_pile_card(before):
        return True  # the card placed may be one its player alone has seen
    return before["mode"] == "normal" and _shows_a_covered_number(before, seat, move)


def _holds_only_a_pile_card(state: dict) -> bool:
    """The one card in hand was taken from a pile's top, in everyone's sight. A version-1
    state does not say where it came from; cards taken from the talon join a surprise in hand
    and were seen by its player alone."""
    return rules_version(state) >= 2 and state["held_from"] == "pile" and len(state["held"]) == 2


def _moves_unseen_cards(before: dict, after: dict) -> bool:
    return any(before[place] != after[place] for place in UNSEEN_PLACES)


def _shows_a_covered_number(before: dict, seat: int, move: dict) -> bool:
    """Normal mode: a card taken out of a sequence that holds another shows a number nobody
    has seen: a discarded one lands face up on a pile (the top's number was seen, but the card
    below then shows), and a broken button's take uncovers the card below when it is the top
    (a covered card it takes goes into the box unseen)."""
    if move["kind"] not in ("break", "discard_played"):
        return False
    length = len(sequences_of(before, seat)[COLOUR_INDEX[move["sequence"]]]) // 2
    if move["kind"] == "discard_played":
        return length > 1
    return move["position"] == length and length > 1


def _colour_only(name: str) -> str:
    code = CODE_OF.get(name)
    if code is None or KIND_OF[code] in (BROKEN, SURPRISE):
        return name
    return COLOURS[COLOUR_OF[code]]


STEP_TEXT = {
    "turn": "draws, takes a pile's top card or discards (action C)",
    "place": "places the card in hand",
    "break": "chooses what the broken button from the talon takes",
    "scatter": "discards a sequence card by card",
    "three": "discards three played cards",
}


def _card_text(shown: str) -> str:
    """A card as the view shows it; a bare colour is a card whose number is hidden."""
    return _tight(f"{shown} ?" if shown in COLOURS else shown)


def _wrapped(text: str, indent: str = "  ") -> list[str]:
    """Wrapped to 78 columns, never inside a card name (written with no-break spaces)."""
    lines = textwrap.wrap(text, 78, subsequent_indent=indent) or [text]
    return [line.replace("\xa0", " ") for line in lines]


def _tight(text: str) -> str:
    return text.replace(" ", "\xa0")


def _cards(count: int) -> str:
    return f"{count} card" + "s" * (count != 1)


def view_text(state: dict, seat: int | None) -> str:
    """The position as `seat` sees it, in a few plain lines for an email; built from view."""
    shown = view(state, seat)
    players = shown["players"]
    names = [player["name"] for player in players]
    over = shown["step"] == "over"
    lines = [f"Dr. Gomb ({shown['mode']} mode)."]
    if over:
        lines.append("The game is over.")
    else:
        lines.append(f"{names[shown['turn']]} {STEP_TEXT.get(shown['step'], 'plays')}.")
    if shown["mode"] == "normal" and not over:
        lines.append("Cards shown as 'red ?' are covered: only their colour shows.")
    lines.append("")
    piles = "; ".join(
        f"pile {n}: {pile['top'] or 'empty'} ({pile['count']})"
        for n, pile in enumerate(shown["piles"], start=1)
    )
    lines += _wrapped(f"Discard piles (top, cards): {piles}")
    lines.append(f"Deck: {shown['deck']} cards; talon: {shown['talon']} cards")
    if shown["held"]:
        lines += _wrapped("In your hand: " + ", ".join(map(_tight, shown["held"])))
    elif shown["held_count"] and not over:
        lines.append(f"{names[shown['turn']]} holds {_cards(shown['held_count'])}.")
    if shown["spent_surprise"]:
        lines.append(f"Used: {shown['spent_surprise']} (it goes to a discard pile last).")
    if shown["breaking"]:
        lines += _wrapped(
            "Broken buttons from the talon: " + ", ".join(map(_tight, shown["breaking"]))
        )
    if shown["left"]:
        lines.append(f"Cards still to discard: {shown['left']}")
    if shown["out"]:
        lines += _wrapped("Out of the game: " + ", ".join(map(_card_text, shown["out"])))
    if seat is not None and not over:
        mine = players[seat]
        lines.append("")
        so_far = f", {shown['standings'][seat]} points so far" if "standings" in shown else ""
        count = _cards(mine["cards_in_play"])
        lines.append(f"Your sequences, {mine['name']} ({count}{so_far}), from the bottom:")
        for colour, sequence in mine["sequences"].items():
            cards = ", ".join(
                f"#{n}\xa0{_card_text(card)}" for n, card in enumerate(sequence, start=1)
            )
            lines += _wrapped(f"  {colour:<6}  {cards or '-'}", " " * 10)
    lines.append("")
    for n, player in enumerate(players):
        if n == seat and not over:
            continue
        runs = " | ".join(
            _tight(f"{colour}:") + " " + ", ".join(map(_card_text, sequence))
            for colour, sequence in player["sequences"].items()
            if sequence
        )
        score = ""
        if over:
            score = f", {shown['scores'][n]} points"
        elif "standings" in shown:
            score = f", {shown['standings'][n]} points so far"
        head = f"{player['name']} ({_cards(player['cards_in_play'])}{score})"
        lines += _wrapped(f"{head}: {runs or 'no sequences'}", "    ")
    if over:
        winners = " and ".join(names[n] for n in shown["winners"])
        lines.append(f"Winner{'s' * (len(shown['winners']) > 1)}: {winners}")
    return "\n".join(lines)


def _player_view(name: str, sequences: list[str], open_cards: bool) -> dict:
    shown = _open_sequence if open_cards else _covered_sequence
    return {
        "name": name,
        "cards_in_play": cards_in_play(sequences),
        "sequences": {
            colour: list(shown(sequence))
            for colour, sequence in zip(COLOURS, sequences, strict=True)
        },
    }


@functools.lru_cache(maxsize=1 << 14)
def _open_sequence(sequence: str) -> tuple[str, ...]:
    return tuple(card_names(sequence))


@functools.lru_cache(maxsize=1 << 14)
def _covered_sequence(sequence: str) -> tuple[str, ...]:
    """Normal mode: a covered card shows only its colour; the top card shows its name."""
    if not sequence:
        return ()
    return (*(COLOUR_NAME[letter] for letter in sequence[:-2:2]), NAME_OF[sequence[-2:]])


def _out_view(out: str, open_cards: bool) -> list[str]:
    """Cards a broken button took out of the game. In normal mode they go into the box unseen,
    showing their colour; only the broken buttons themselves are known."""
    if open_cards:
        return card_names(out)
    return [
        NAME_OF[out[index : index + 2]] if out[index + 1] == "!" else COLOUR_NAME[out[index]]
        for index in range(0, len(out), 2)
    ]


def explain(outcome: dict, names: list[str]) -> Explanation:
    """Each sequence's run from 1 with its one odd one out, then the odd ones out's own run."""
    sentences, rows = [], []
    for seat, player in enumerate(outcome["details"]["players"]):
        parts = [explain_sequence(sequence) for sequence in player["sequences"]]
        parts = [part for part in parts if part]
        extra = player["extra"]
        if extra["cards"]:
            odd = ", ".join(extra["cards"])
            why = f", {extra['note']}" if extra["note"] else f" run 1 to {extra['run']}"
            parts.append(f"the odd ones out ({odd}){why}: {extra['points']}")
        told = "; ".join(parts) if parts else "no cards in any sequence"
        sentences.append(f"{names[seat]}: {told}. Total {player['total']}.")
        rows.append(
            [
                names[seat],
                *(sequence["points"] for sequence in player["sequences"]),
                extra["points"],
                player["total"],
            ]
        )
    colours = [sequence["colour"] for sequence in outcome["details"]["players"][0]["sequences"]]
    return Explanation(sentences, ["Player", *colours, "Odd ones out", "Total"], rows)


def explain_sequence(sequence: dict) -> str:
    if not sequence["cards"]:
        return ""
    colour = sequence["colour"]
    if sequence["points"]:
        odd = sequence["odd_one_out"]["card"]
        return (
            f"{colour} runs 1 to {sequence['run']} with {odd} the odd one out: {sequence['points']}"
        )
    return f"{colour} scores 0 ({sequence['note']})"


# --- Describe ---------------------------------------------------------------------------------


def describe(before: dict, seat: int, move: dict, after: dict, viewer: Viewer) -> str:
    name = before["players"][seat]
    line = DESCRIBE_BY_KIND[move["kind"]](before, seat, move, after, viewer, name)
    if after["step"] == "over" and before["step"] != "over":
        line += " The deck has run out: the game is over."
    return line


def _describe_draw(before, seat, move, after, viewer, name) -> str:
    if (knows(viewer, seat) and before["mode"] == "basic") or viewer == EVERYONE:
        return f"{name} draws {NAME_OF[after['held'][:2]]} from the deck."
    return f"{name} draws a card from the deck."


def _describe_take(before, seat, move, after, viewer, name) -> str:
    pile = move["pile"]
    line = f"{name} takes {NAME_OF[before['piles'][pile - 1][-2:]]} from pile {pile}."
    if len(before["piles"][pile - 1]) == 2 and after["piles"][pile - 1]:
        refill = NAME_OF[after["piles"][pile - 1][-2:]]
        line += f" Pile {pile} is refilled with {refill} from the deck."
    return line


def _describe_play(before, seat, move, after, viewer, name) -> str:
    if KIND_OF[CODE_OF[move["card"]]] == BROKEN:
        return (
            f"{name} covers the top of their {move['to']} sequence with the {move['card']} button."
        )
    if before["mode"] == "normal" and viewer != EVERYONE:
        colour = COLOURS[COLOUR_OF[CODE_OF[move["card"]]]]
        return f"{name} plays a {colour} card into their {move['to']} sequence."
    return f"{name} plays {move['card']} into their {move['to']} sequence."


def _describe_discard(before, seat, move, after, viewer, name) -> str:
    return f"{name} discards {move['card']} onto pile {move['pile']}."


def _describe_use_surprise(before, seat, move, after, viewer, name) -> str:
    colour = COLOURS[COLOUR_OF[before["held"]]]
    line = f"{name} uses the {colour} surprise button and looks into the talon"
    talon, taken = card_names(before["talon"]), card_names(after["held"][2:])
    # In normal mode the cards taken may end up covered: named only once the game is over.
    named = before["mode"] == "basic" or viewer == EVERYONE
    if knows(viewer, seat) and (named or not taken):
        line += " (" + ", ".join(talon) + ")"
    if knows(viewer, seat):
        found = [card for card in talon if card.endswith(BROKEN)]
    else:
        found = card_names(after["breaking"])  # those that take a card; the rest stay secret
    if found:
        line += f": {' and '.join(found)} found, so nothing is taken."
        if knows(viewer, seat):
            for broken in card_names(after["talon"]):
                if broken.endswith(BROKEN):
                    lacking = broken.split()[0]
                    line += f" {name} has no {lacking} card: the {broken} stays in the talon."
        return line
    if not taken:
        return line + ": nothing is taken."
    if knows(viewer, seat) and named:
        return line + ": takes " + ", ".join(taken) + "."
    line += f": takes {len(taken)} {colour} card{'' if len(taken) == 1 else 's'}"
    if knows(viewer, seat):
        left = card_names(after["talon"])
        line += ", leaving " + (", ".join(left) if left else "the talon empty")
    return line + "."


def _describe_break(before, seat, move, after, viewer, name) -> str:
    broken = NAME_OF[before["breaking"][:2] or before["held"]]
    card = card_at(sequences_of(before, seat)[COLOUR_INDEX[move["sequence"]]], move["position"])
    shown = NAME_OF[card] if before["mode"] == "basic" else f"a {COLOURS[COLOUR_OF[card]]} card"
    where = f"card #{move['position']} of {name}'s {move['sequence']} sequence"
    return f"The {broken} button takes {shown} ({where}) out of the game."


def _describe_discard_sequence(before, seat, move, after, viewer, name) -> str:
    count = len(after["held"]) // 2
    return f"{name} discards their {move['sequence']} sequence ({count} cards) onto the piles."


def _describe_discard_three(before, seat, move, after, viewer, name) -> str:
    return f"{name} discards three of their cards (action C)."


def _describe_discard_played(before, seat, move, after, viewer, name) -> str:
    card = card_at(sequences_of(before, seat)[COLOUR_INDEX[move["sequence"]]], move["position"])
    return (
        f"{name} discards {NAME_OF[card]} (card #{move['position']} of their "
        f"{move['sequence']} sequence) onto pile {move['pile']}."
    )


DESCRIBE_BY_KIND = {
    "draw": _describe_draw,
    "take": _describe_take,
    "play": _describe_play,
    "discard": _describe_discard,
    "use_surprise": _describe_use_surprise,
    "break": _describe_break,
    "discard_sequence": _describe_discard_sequence,
    "discard_three": _describe_discard_three,
    "discard_played": _describe_discard_played,
}
