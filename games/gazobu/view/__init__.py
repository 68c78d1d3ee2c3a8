"""What a seat sees of a Gazobu game: its view and the email picture; the log lines are
log.py, the final score explained explain.py, the pieces their sentences share phrases.py."""

from __future__ import annotations

import textwrap
from collections import Counter
from typing import Any

from games.gazobu.cards import CARD_NAMES, card_name, sorted_cards
from games.gazobu.cards.phrases import LIST, and_chain, comma_list, said, said_plural
from games.gazobu.rules import PILLS, is_out, is_over, outcome, slug, to_act
from games.gazobu.view.explain import explain, explain_family
from games.texts import Text, tell, word

__all__ = ["explain", "explain_family", "view", "view_text"]

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


# The picture in the turn email


def wrapped(text: str, indent: str = "  ") -> list[str]:
    return textwrap.wrap(text, 78, subsequent_indent=indent) or [text]


class Wrapped(Text):
    """A line of the picture wrapped at 78 columns: its English as it always was, and any
    translation wrapped again once it is read (a translated line has its own length)."""

    indent: str

    def __new__(cls, told: Text, indent: str = "  ") -> Wrapped:
        made = str.__new__(cls, "\n".join(wrapped(str(told), indent)))
        made.msgid, made.params = told.msgid, told.params
        made.plural, made.count, made.context = told.plural, told.count, told.context
        made.indent = indent
        return made

    def translated(self, catalogue: Any) -> str:
        return "\n".join(wrapped(super().translated(catalogue), self.indent))

    def __reduce__(self):
        return (_rewrapped, (self.as_data(), self.indent))


def _rewrapped(data: dict, indent: str) -> Wrapped:
    return Wrapped(Text.from_data(data), indent)


def lines_of(lines: list[Any]) -> Text:
    """The picture's lines, one under another."""
    told: Any = lines[0]
    for line in lines[1:]:
        told = Text("%(first)s\n%(next)s", {"first": told, "next": line}, context=LIST)
    return told


def counted(cards: list[str]) -> Text:
    """Card names in the order given, copies folded: "Gazobu x3, Blob"."""
    counts = Counter(cards)
    parts = []
    for card in dict.fromkeys(cards):
        label = card_name(card)
        many = counts[card] > 1
        parts.append(said("%(card)s x%(count)s", card=label, count=counts[card]) if many else label)
    return comma_list(parts) or word("gazobu", "none")


def names_of(cards: list[str]) -> Text:
    return comma_list(card_name(card) for card in cards) or word("gazobu", "empty")


def view_text(state: dict, seat: int | None) -> Text:
    """The position as `seat` sees it, in a few plain lines for an email; built from view."""
    shown = view(state, seat)
    lines = [heading(shown), "", *table_lines(shown), "", *player_lines(shown, seat)]
    if shown["phase"] == "over":
        lines += ["", *result_lines(shown)]
    elif shown["hand"] is not None:
        lines.append(Wrapped(said("Your hand: %(cards)s", cards=counted(shown["hand"]))))
    return lines_of(lines)


def heading(shown: dict) -> Text:
    if shown["phase"] == "over":
        return tell("Gazobu: the game is over.")
    who = shown["players"][shown["turn"]]
    if shown["phase"] == "take":
        return tell("Gazobu: %(who)s takes a column or draws.", who=who)
    return tell("Gazobu: %(who)s places drawn cards.", who=who)


def table_lines(shown: dict) -> list[Text]:
    """The columns, the drawn cards and the draw pile (card by card once the game is over)."""
    lines = [
        Wrapped(tell("Column %(number)s: %(cards)s", number=number, cards=names_of(column)))
        for number, column in enumerate(shown["columns"], start=1)
    ]
    if shown["drawn"]:
        lines.append(Wrapped(said("Drawn: %(cards)s", cards=names_of(shown["drawn"]))))
    if shown["phase"] == "over":
        undealt = names_of(shown["draw_pile_cards"])
        lines.append(Wrapped(tell("Draw pile, top first: %(cards)s", cards=undealt)))
    else:
        # The English says "cards" for one card too, as it always has.
        pile = "Draw pile: %(count)s cards"
        lines.append(said_plural(pile, pile, shown["draw_pile"]))
    return lines


def player_lines(shown: dict, seat: int | None) -> list[Text]:
    """One line a player: pills, hand size and who is out, the dealer, you."""
    names = shown["players"]
    width = max(len(name) for name in names)
    lines = []
    for n, name in enumerate(names):
        notes = [
            tell("pills %(pills)s/%(most)s", pills=shown["pills"][n], most=PILLS),
            said_plural("%(count)s card", "%(count)s cards", shown["hand_sizes"][n]),
        ]
        if shown["out"][n]:
            notes.append(word("gazobu", "out of play"))
        if n == shown["dealer"]:
            notes.append(word("gazobu", "dealer"))
        if n == seat:
            notes.append(word("gazobu", "you"))
        lines.append(
            said("  %(name)s  %(notes)s", name=f"{name:<{width}}", notes=comma_list(notes))
        )
    return lines


def result_lines(shown: dict) -> list[Text]:
    """Every hand with its score, then the winners."""
    names = shown["players"]
    lines = []
    for n, name in enumerate(names):
        score = shown["scores"][n]
        # The English says "points" for one point too, as it always has.
        told = "%(name)s (%(score)s points): %(cards)s"
        hand = counted(shown["hands"][n])
        lines.append(
            Wrapped(said_plural(told, told, abs(score), name=name, score=score, cards=hand))
        )
    winners = and_chain([names[n] for n in shown["winners"]])
    if len(shown["winners"]) > 1:
        lines.append(said("Winners: %(names)s", names=winners))
    else:
        lines.append(said("Winner: %(names)s", names=winners))
    return lines
