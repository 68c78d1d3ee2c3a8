"""DOS, step by step: setup, who acts, legal moves, apply, the end of a turn and of a round.

The rulings and decisions behind this module are listed in the package's docstring
(games/dos/__init__.py); why a step is refused is worded in rules/refusals.py (the rules
passed 600 lines as one module, so they are a package of two), the score in scoring.py.
"""

from __future__ import annotations

import sys
from bisect import insort
from collections import Counter
from functools import lru_cache

from games.base import (
    IllegalMove,
    Rng,
    check_player_count,
    player_names,
    require_move_kind,
    resolve_options,
)
from games.dos.cards import (
    CATCH_PENALTY,
    CENTRE_ROW_MINIMUM,
    DECK,
    DECK_COUNT,
    DISTINCT_CARDS,
    HAND_SIZE,
    NAMING_RANK,
    NAMINGS,
    NAMINGS_BY_NUMBER,
    ORDER,
    any_card_told,
    cards_listed,
    colour_of,
    hand_points,
    is_wild,
    number_of,
    sort_cards,
    told,
)
from games.dos.rules.refusals import (
    check_catch,
    check_dos,
    check_end,
    require_call_flag,
    require_fields,
    require_turn,
    seat_exists,
    why_match_fails,
)

slug = "dos"
title = "DOS"
min_players = 2
max_players = 4
options = {"target": (200, 100, 300, 500)}
version = 1

KINDS = ("match", "draw", "add", "end", "dos", "catch")
# The call and the catch never answer what the game waits for: bots standing in leave them.
side_kinds = ("dos", "catch")
MATCH_PHASES = ("start", "drawn", "matching")


# --- Setup -------------------------------------------------------------------------------


def setup(players: int | list[str], chosen: dict | None, rng: Rng) -> dict:
    names = player_names(players)
    check_player_count(sys.modules[__name__], names)
    settings = resolve_options(options, chosen)
    count = len(names)
    dealer_draws, dealer = draw_for_dealer(count, rng)
    state = {
        "players": names,
        "options": settings,
        "scores": [0] * count,
        "dealer_draws": dealer_draws,
        "round": 0,
        "dealer": dealer,
        "deck_size": 0,
        "discard": [],
        "centre": [],
        "hands": [[] for _ in range(count)],
        "called": [False] * count,
        "exposed": [False] * count,
        "turn": None,
        "to_act": [],
        "round_winners": [],
        "round_points": [],
        "last_hands": [],
        "winner": None,
    }
    deal_round(state, dealer, rng)
    return state


def dealer_value(card: str) -> int:
    """Cutting for the deal, a card with a symbol (either wild) counts as zero."""
    return 0 if is_wild(card) else number_of(card)


def draw_for_dealer(count: int, rng: Rng) -> tuple[list, int]:
    """Everyone draws a card and the highest number deals; tied players draw again."""
    pile = list(DECK)
    rng.shuffle(pile)
    drawing = list(range(count))
    draws = []
    while True:
        drawn = [[seat, pile.pop()] for seat in drawing]
        draws.append(drawn)
        best = max(dealer_value(card) for _, card in drawn)
        drawing = [seat for seat, card in drawn if dealer_value(card) == best]
        if len(drawing) == 1:
            return draws, drawing[0]
        if len(pile) < len(drawing):
            pile = list(DECK)
            rng.shuffle(pile)


def deal_round(state: dict, dealer: int, rng: Rng) -> None:
    """The dealer shuffles all 108 cards, deals 7 each and lays 2 face up as the centre row."""
    count = len(state["players"])
    deck = list(DECK)
    rng.shuffle(deck)
    hands = [[] for _ in range(count)]
    for _ in range(HAND_SIZE):
        for offset in range(1, count + 1):
            hands[(dealer + offset) % count].append(deck.pop())
    for hand in hands:
        sort_cards(hand)
    state["round"] += 1
    state["dealer"] = dealer
    state["hands"] = hands
    state["centre"] = [deck.pop() for _ in range(CENTRE_ROW_MINIMUM)]
    state["deck_size"] = len(deck)
    state["discard"] = []
    state["called"] = [False] * count
    state["exposed"] = [False] * count
    start_turn(state, (dealer + 1) % count)


def start_turn(state: dict, seat: int) -> None:
    state["turn"] = {"seat": seat, "phase": "start", "matches": [], "bonuses": 0, "penalty": []}
    state["to_act"] = [seat]


# --- Who acts ----------------------------------------------------------------------------


def to_act(state: dict) -> list[int]:
    return list(state["to_act"])


def is_over(state: dict) -> bool:
    return state["winner"] is not None


# --- Matching ----------------------------------------------------------------------------


def colour_bonus(move: dict) -> str | None:
    """'single' or 'double' when every played card has the centre card's colour, else None."""
    target_colour = colour_of(move["target_as"] or move["target"])
    for card, named in zip(move["cards"], move["cards_as"], strict=True):
        if colour_of(named or card) != target_colour:
            return None
    return "single" if len(move["cards"]) == 1 else "double"


def match_moves(state: dict, seat: int, target: str) -> list[dict]:
    """Every match of the seat's hand against one centre card, with and without the DOS call."""
    if target not in state["centre"]:
        return []
    hand = state["hands"][seat]
    moves = []
    for target_as, cards, cards_as in matches_of_hand(target, tuple(hand)):
        moves.append(_match(target, target_as, list(cards), list(cards_as), False))
        if len(hand) - len(cards) == 2:
            moves.append(_match(target, target_as, list(cards), list(cards_as), True))
    return moves


@lru_cache(maxsize=4096)
def matches_of_hand(target: str, hand: tuple[str, ...]) -> tuple[tuple, ...]:
    """(target named as, cards played, cards named as) for each match against `target`.

    A single match plays one card of the centre card's number; a double match plays exactly
    two cards whose numbers add up to it. Each wild is named every way it can be. The answer
    depends on nothing but the card and the hand, so it is worked out once per hand.
    """
    counts = Counter(hand)
    distinct = list(counts)
    found = []
    for target_as, _, number in NAMINGS[target]:
        for card in distinct:
            for card_as, _, _ in NAMINGS_BY_NUMBER[card][number]:
                found.append((target_as, (card,), (card_as,)))
        for i, first in enumerate(distinct):
            for second in distinct[i:]:
                if first == second and counts[first] < 2:
                    continue
                for rank, (first_as, _, first_number) in enumerate(NAMINGS[first]):
                    need = number - first_number
                    if need < 1:
                        continue
                    for second_as, _, _ in NAMINGS_BY_NUMBER[second][need]:
                        if first == second and NAMING_RANK[(second, second_as)] < rank:
                            continue
                        found.append((target_as, (first, second), (first_as, second_as)))
    return tuple(found)


def _match(target: str, target_as: str | None, cards: list, cards_as: list, call: bool) -> dict:
    return {
        "kind": "match",
        "target": target,
        "target_as": target_as,
        "cards": cards,
        "cards_as": cards_as,
        "call": call,
    }


def all_match_moves(state: dict, seat: int) -> list[dict]:
    moves = []
    for target in dict.fromkeys(state["centre"]):
        moves.extend(match_moves(state, seat, target))
    return moves


# --- Legal moves -------------------------------------------------------------------------


def legal_moves(state: dict, seat: int) -> list[dict]:
    if is_over(state) or not seat_exists(state, seat):
        return []
    moves = all_match_moves(state, seat) if may_match(state, seat) else []
    moves.extend(other_moves(state, seat))
    return moves


def may_match(state: dict, seat: int) -> bool:
    turn = state["turn"]
    return not is_over(state) and seat == turn["seat"] and turn["phase"] in MATCH_PHASES


def other_moves(state: dict, seat: int) -> list[dict]:
    """The legal moves besides matches: the turn's draw, add or end, the DOS call, catches."""
    moves = turn_moves(state, seat) if seat == state["turn"]["seat"] else []
    if can_call(state, seat):
        moves.append({"kind": "dos"})
    for other in range(len(state["players"])):
        if other != seat and state["exposed"][other]:
            moves.append({"kind": "catch", "seat": other})
    return moves


def turn_moves(state: dict, seat: int) -> list[dict]:
    phase = state["turn"]["phase"]
    hand = state["hands"][seat]
    moves = []
    if phase == "start":
        moves.append({"kind": "draw", "call": False})
        if len(hand) == 1 and cards_to_draw(state):
            moves.append({"kind": "draw", "call": True})
    elif phase == "matching":
        moves.append({"kind": "end"})
    elif phase in ("drawn", "bonus"):
        for card in dict.fromkeys(hand):
            moves.append({"kind": "add", "card": card, "call": False})
            if len(hand) == 3:
                moves.append({"kind": "add", "card": card, "call": True})
    return moves


def can_call(state: dict, seat: int) -> bool:
    return len(state["hands"][seat]) == 2 and not state["called"][seat]


def cards_to_draw(state: dict) -> bool:
    return bool(state["deck_size"] or state["discard"])


# --- Apply: check everything first, then change the state ----------------------------------


def apply(state: dict, seat: int, move: dict, rng: Rng) -> dict:
    if is_over(state):
        raise IllegalMove(told("The match is over; no more moves can be made."))
    if not seat_exists(state, seat):
        raise IllegalMove(
            told(
                "There is no seat %(seat)s; seats are 0 to %(last)s.",
                seat=repr(seat),
                last=len(state["players"]) - 1,
            )
        )
    kind = require_move_kind(move, KINDS)
    CHECKS[kind](state, seat, move)
    # Whatever a player does, it closes the window in which others could catch them.
    state["exposed"][seat] = False
    PLAYS[kind](state, seat, move, rng)
    return state


def check_match(state: dict, seat: int, move: dict) -> None:
    require_turn(state, seat, "match", MATCH_PHASES)
    require_fields(move, ("target", "target_as", "cards", "cards_as", "call"))
    target, cards, cards_as = move["target"], move["cards"], move["cards_as"]
    if type(target) is not str:
        raise IllegalMove(told("Name the centre card you match, e.g. 'red 7'."))
    if (
        type(cards) is not list
        or not 1 <= len(cards) <= 2
        or any(type(c) is not str for c in cards)
    ):
        raise IllegalMove(told("A match plays one card or two cards from your hand."))
    if type(cards_as) is not list or len(cards_as) != len(cards):
        raise IllegalMove(
            told("Name what each card counts as (nothing for a card that is not wild).")
        )
    for named in [move["target_as"], *cards_as]:
        if named is not None and type(named) is not str:
            raise IllegalMove(told("A wild card is named as a card, e.g. 'red 2' or 'yellow 4'."))
    require_call_flag(move)
    if move not in match_moves(state, seat, target):
        raise IllegalMove(why_match_fails(state, seat, move))


def check_draw(state: dict, seat: int, move: dict) -> None:
    require_turn(state, seat, "draw", ("start",))
    require_fields(move, ("call",))
    require_call_flag(move)
    if move["call"] and not (len(state["hands"][seat]) == 1 and cards_to_draw(state)):
        raise IllegalMove(told("You call DOS with a step that leaves you exactly two cards."))


def check_add(state: dict, seat: int, move: dict) -> None:
    require_turn(state, seat, "add", ("drawn", "bonus"))
    require_fields(move, ("card", "call"))
    require_call_flag(move)
    hand = state["hands"][seat]
    if type(move["card"]) is not str or move["card"] not in hand:
        raise IllegalMove(
            told(
                "You have no %(card)s in your hand; you hold %(cards)s.",
                card=any_card_told(move["card"]),
                cards=cards_listed(hand),
            )
        )
    if move["call"] and len(hand) != 3:
        raise IllegalMove(
            told(
                "You call DOS with a step that leaves you exactly two cards; this one leaves "
                "%(left)s.",
                left=len(hand) - 1,
            )
        )


CHECKS = {
    "match": check_match,
    "draw": check_draw,
    "add": check_add,
    "end": check_end,
    "dos": check_dos,
    "catch": check_catch,
}


# --- Apply: one short function per kind of move -------------------------------------------


def play_match(state: dict, seat: int, move: dict, rng: Rng) -> None:
    hand = state["hands"][seat]
    turn = state["turn"]
    state["centre"].remove(move["target"])
    for card in move["cards"]:
        hand.remove(card)
    state["called"][seat] = move["call"]
    turn["matches"].append(
        {
            "target": move["target"],
            "target_as": move["target_as"],
            "cards": list(move["cards"]),
            "cards_as": list(move["cards_as"]),
            "bonus": colour_bonus(move),
        }
    )
    turn["phase"] = "matching"
    if not hand:
        finish_turn(state, rng)


def play_draw(state: dict, seat: int, move: dict, rng: Rng) -> None:
    card = draw_card(state, rng)
    if card is not None:
        insort(state["hands"][seat], card, key=ORDER.__getitem__)
        state["called"][seat] = move["call"]
    state["turn"]["phase"] = "drawn"


def play_add(state: dict, seat: int, move: dict, rng: Rng) -> None:
    hand = state["hands"][seat]
    turn = state["turn"]
    hand.remove(move["card"])
    state["centre"].append(move["card"])
    state["called"][seat] = move["call"]
    if turn["phase"] == "drawn":
        finish_turn(state, rng)
        return
    turn["bonuses"] -= 1
    if turn["bonuses"] == 0 or not hand:
        close_turn(state, rng)


def play_end(state: dict, seat: int, move: dict, rng: Rng) -> None:
    finish_turn(state, rng)


def play_dos(state: dict, seat: int, move: dict, rng: Rng) -> None:
    state["called"][seat] = True


def play_catch(state: dict, seat: int, move: dict, rng: Rng) -> None:
    caught = move["seat"]
    state["exposed"][caught] = False
    turn = state["turn"]
    if caught == turn["seat"]:
        # Caught during their own turn: the penalty cards wait beside the hand until it ends.
        for _ in range(CATCH_PENALTY):
            card = draw_card(state, rng)
            if card is not None:
                turn["penalty"].append(card)
        sort_cards(turn["penalty"])
    else:
        give_cards(state, caught, CATCH_PENALTY, rng)


PLAYS = {
    "match": play_match,
    "draw": play_draw,
    "add": play_add,
    "end": play_end,
    "dos": play_dos,
    "catch": play_catch,
}


# --- Drawing -----------------------------------------------------------------------------


def draw_card(state: dict, rng: Rng) -> str | None:
    """A card from the face-down deck; an empty deck is first refilled with the discard pile.

    The state keeps no deck order, only its size: the deck holds whatever is nowhere else, and
    a draw takes one of those cards at random, which is what drawing the top card of a shuffled
    deck amounts to. So no state, however it leaks, tells what the next draw will be.
    """
    if not state["deck_size"]:
        if not state["discard"]:
            return None
        state["deck_size"], state["discard"] = len(state["discard"]), []
    deck = deck_cards(state)
    state["deck_size"] -= 1
    return deck[rng.randint(0, len(deck) - 1)]


def deck_cards(state: dict) -> list[str]:
    """The face-down deck, in card order: every card that is in no hand, row or pile."""
    left = dict(DECK_COUNT)
    turn = state["turn"]
    for pile in (state["discard"], state["centre"], turn["penalty"], *state["hands"]):
        for card in pile:
            left[card] -= 1
    for match in turn["matches"]:
        left[match["target"]] -= 1
        for card in match["cards"]:
            left[card] -= 1
    return [card for card in DISTINCT_CARDS for _ in range(left[card])]


def give_cards(state: dict, seat: int, count: int, rng: Rng) -> None:
    """Cards drawn into a hand outside the seat's own steps; a changed hand needs a new call."""
    hand = state["hands"][seat]
    for _ in range(count):
        card = draw_card(state, rng)
        if card is None:
            return
        insort(hand, card, key=ORDER.__getitem__)
        state["called"][seat] = False
        state["exposed"][seat] = False


# --- The end of a turn -------------------------------------------------------------------


def finish_turn(state: dict, rng: Rng) -> None:
    """Matched cards to the discard pile, refill the centre row, then the colour bonuses."""
    turn = state["turn"]
    seat = turn["seat"]
    count = len(state["players"])
    bonuses = [match["bonus"] for match in turn["matches"] if match["bonus"]]
    for match in turn["matches"]:
        state["discard"].append(match["target"])
        state["discard"].extend(match["cards"])
    turn["matches"] = []
    while len(state["centre"]) < CENTRE_ROW_MINIMUM:
        card = draw_card(state, rng)
        if card is None:
            break
        state["centre"].append(card)
    for _ in range(bonuses.count("double")):
        for offset in range(1, count):
            give_cards(state, (seat + offset) % count, 1, rng)
    turn["bonuses"] = len(bonuses)
    if bonuses and state["hands"][seat]:
        turn["phase"] = "bonus"
        return
    close_turn(state, rng)


def close_turn(state: dict, rng: Rng) -> None:
    """Penalty cards join the hand; an empty hand ends the round, two uncalled cards are exposed."""
    turn = state["turn"]
    seat = turn["seat"]
    hand = state["hands"][seat]
    penalised = bool(turn["penalty"])
    if penalised:
        hand.extend(turn["penalty"])
        sort_cards(hand)
        turn["penalty"] = []
        state["called"][seat] = False
    turn["bonuses"] = 0
    if not hand:
        end_round(state, seat, rng)
        return
    if len(hand) == 2 and not state["called"][seat] and not penalised:
        state["exposed"][seat] = True
    start_turn(state, (seat + 1) % len(state["players"]))


# --- The end of a round ------------------------------------------------------------------


def end_round(state: dict, winner: int, rng: Rng) -> None:
    """The player who went out scores every card left in the other hands."""
    gained = sum(hand_points(hand) for hand in state["hands"])
    state["round_winners"].append(winner)
    state["round_points"].append(gained)
    state["last_hands"] = [list(hand) for hand in state["hands"]]
    state["scores"][winner] += gained
    if state["scores"][winner] >= state["options"]["target"]:
        state["winner"] = winner
        state["turn"]["phase"] = "over"
        state["to_act"] = []
        return
    deal_round(state, winner, rng)


def skip_move(state: dict, seat: int) -> dict | None:
    """The least a player can do when their time runs out: draw, then add their first card."""
    if seat not in state["to_act"]:
        return None
    phase = state["turn"]["phase"]
    if phase == "start":
        return {"kind": "draw", "call": False}
    if phase == "matching":
        return {"kind": "end"}
    return {"kind": "add", "card": state["hands"][seat][0], "call": False}


# --- Take-backs --------------------------------------------------------------------------


def reveals(before: dict, seat: int, move: dict, after: dict) -> bool:
    """Whether a step showed anyone something new. The hands are the only hidden cards (the
    deck is drawn from the rng, which the store checks itself): a step that leaves every hand
    as it was and stays in the round (a DOS call, an end of turn with nothing to refill) shows
    nothing that was hidden."""
    return before["hands"] != after["hands"] or before["round"] != after["round"]
