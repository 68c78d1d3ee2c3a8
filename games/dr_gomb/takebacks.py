"""Dr. Gomb's take-backs: which steps showed somebody a card they had not seen (`reveals`).

The store lets a player take back a step only while it showed nobody a card they had not
seen; no step after setup draws on the rng, so the hidden cards are all this module's to tell.
"""

from __future__ import annotations

from games.dr_gomb.cards import COLOUR_INDEX
from games.dr_gomb.rules import rules_version, sequences_of

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
