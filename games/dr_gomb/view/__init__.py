"""Dr. Gomb as each seat sees it: the view, earlier positions, the picture for an email, the
score explained, and the log lines (describe)."""

from __future__ import annotations

import functools

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
    card_names,
    names,
)
from games.dr_gomb.rules import cards_in_play, outcome, rules_version, sequences_of, to_act
from games.dr_gomb.scoring import best_total
from games.texts import Text, tell, tell_plural, word

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


def _step_text(step: str, name: str) -> Text:
    """Who acts, doing what: a line of the email's picture."""
    if step == "turn":
        return tell("%(name)s draws, takes a pile's top card or discards (action C).", name=name)
    if step == "place":
        return tell("%(name)s places the card in hand.", name=name)
    if step == "break":
        return tell("%(name)s chooses what the broken button from the talon takes.", name=name)
    if step == "scatter":
        return tell("%(name)s discards a sequence card by card.", name=name)
    if step == "three":
        return tell("%(name)s discards three played cards.", name=name)
    return tell("%(name)s plays.", name=name)


def _card_text(shown: str) -> Text:
    """A card as the view shows it; a bare colour is a card whose number is hidden."""
    if shown in COLOURS:
        return names.tight(tell("%(colour)s ?", colour=names.card_colour(shown)))
    return names.tight(names.card(shown))


def _cards_of(shown: list[str]) -> Text | str:
    return names.listed(map(_card_text, shown))


def view_text(state: dict, seat: int | None) -> Text:
    """The position as `seat` sees it, in a few plain lines for an email; built from view."""
    shown = view(state, seat)
    players = shown["players"]
    over = shown["step"] == "over"
    lines: list[Text | str] = [
        tell("Dr. Gomb (%(mode)s mode).", mode=word("dr_gomb mode", shown["mode"]))
    ]
    if over:
        lines.append(tell("The game is over."))
    else:
        lines.append(_step_text(shown["step"], players[shown["turn"]]["name"]))
    if shown["mode"] == "normal" and not over:
        lines.append(tell("Cards shown as 'red ?' are covered: only their colour shows."))
    lines.append("")
    lines += _table_lines(shown, players, over)
    if seat is not None and not over:
        lines.append("")
        lines += _own_lines(shown, players[seat], seat)
    lines.append("")
    for n, player in enumerate(players):
        if n != seat or over:
            lines.append(_player_line(shown, n, player, over))
    if over:
        winners = names.each_and(players[n]["name"] for n in shown["winners"])
        lines.append(
            tell_plural(
                "Winner: %(names)s", "Winners: %(names)s", len(shown["winners"]), names=winners
            )
        )
    return names.lines(lines)


def _table_lines(shown: dict, players: list[dict], over: bool) -> list[Text]:
    """The piles, the deck and talon, the cards in hand or waiting, the cards out of the game."""
    piles = names.semicolons(
        tell(
            "pile %(pile)s: %(top)s (%(count)s)",
            pile=n,
            top=names.card(pile["top"]) if pile["top"] else word("dr_gomb pile", "empty"),
            count=pile["count"],
        )
        for n, pile in enumerate(shown["piles"], start=1)
    )
    lines = [
        names.wrapped(tell("Discard piles (top, cards): %(piles)s", piles=piles)),
        tell(
            "Deck: %(deck)s cards; talon: %(talon)s cards", deck=shown["deck"], talon=shown["talon"]
        ),
    ]
    if shown["held"]:
        held = names.listed(names.tight(names.card(card)) for card in shown["held"])
        lines.append(names.wrapped(tell("In your hand: %(cards)s", cards=held)))
    elif shown["held_count"] and not over:
        lines.append(
            tell_plural(
                "%(name)s holds %(count)s card.",
                "%(name)s holds %(count)s cards.",
                shown["held_count"],
                name=players[shown["turn"]]["name"],
            )
        )
    if shown["spent_surprise"]:
        lines.append(
            tell(
                "Used: %(card)s (it goes to a discard pile last).",
                card=names.card(shown["spent_surprise"]),
            )
        )
    if shown["breaking"]:
        breaking = names.listed(names.tight(names.card(card)) for card in shown["breaking"])
        lines.append(
            names.wrapped(tell("Broken buttons from the talon: %(cards)s", cards=breaking))
        )
    if shown["left"]:
        lines.append(tell("Cards still to discard: %(count)s", count=shown["left"]))
    if shown["out"]:
        out = _cards_of(shown["out"])
        lines.append(names.wrapped(tell("Out of the game: %(cards)s", cards=out)))
    return lines


def _own_lines(shown: dict, mine: dict, seat: int) -> list[Text]:
    """The seat's own sequences, card by card with their positions."""
    count, words = mine["cards_in_play"], {"name": mine["name"]}
    if "standings" in shown:
        head = tell_plural(
            "Your sequences, %(name)s (%(count)s card, %(points)s points so far), from the bottom:",
            "Your sequences, %(name)s (%(count)s cards, %(points)s points so far), "
            "from the bottom:",
            count,
            points=shown["standings"][seat],
            **words,
        )
    else:
        head = tell_plural(
            "Your sequences, %(name)s (%(count)s card), from the bottom:",
            "Your sequences, %(name)s (%(count)s cards), from the bottom:",
            count,
            **words,
        )
    lines = [head]
    for colour, sequence in mine["sequences"].items():
        cards = names.listed(
            names.tight(tell("#%(n)s %(card)s", n=n, card=_card_text(card)))
            for n, card in enumerate(sequence, start=1)
        )
        row = tell(
            "  %(colour)s  %(cards)s",
            colour=names.padded(names.colour(colour), 6),
            cards=cards or "-",
        )
        lines.append(names.wrapped(row, " " * 10))
    return lines


def _player_line(shown: dict, n: int, player: dict, over: bool) -> Text:
    """Another player's sequences (every player's, once the game is over)."""
    runs = names.bars(
        (
            tell("%(colour)s: %(cards)s", colour=names.colour(colour), cards=_cards_of(sequence))
            for colour, sequence in player["sequences"].items()
            if sequence
        ),
    )
    count, name = player["cards_in_play"], player["name"]
    if over:
        head = tell_plural(
            "%(name)s (%(count)s card, %(points)s points)",
            "%(name)s (%(count)s cards, %(points)s points)",
            count,
            name=name,
            points=shown["scores"][n],
        )
    elif "standings" in shown:
        head = tell_plural(
            "%(name)s (%(count)s card, %(points)s points so far)",
            "%(name)s (%(count)s cards, %(points)s points so far)",
            count,
            name=name,
            points=shown["standings"][n],
        )
    else:
        head = tell_plural(
            "%(name)s (%(count)s card)", "%(name)s (%(count)s cards)", count, name=name
        )
    if runs:
        return names.wrapped(tell("%(head)s: %(runs)s", head=head, runs=runs), "    ")
    return names.wrapped(tell("%(head)s: no sequences", head=head), "    ")


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
