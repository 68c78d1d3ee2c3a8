"""Gazobu: gather the monsters the great cosmic vacuum cleaner scattered (2 to 4 players).

Rules notes: how the service reads rulebooks/gazobu.txt, with RULINGS.md where it is silent.

From RULINGS.md
- The deck is 55 cards: 11 Gazobu, 11 Blob, 11 Yoo, 2 Twini, 2 Twinax, 3 black holes, 7 bonus/malus,
  4 extra monsters, 4 multipliers; each player has 4 pills. Card values are house data: the
  one table below, CARDS (only Gazobu's +10/-3 is printed).
- Atomic steps: a turn is "take 1" / "take 2" / "draw" (take no column), then one "place" per
  drawn card. The player is in `to_act` for the whole turn.
- A player who takes their 4th pill still finishes the turn (draws 2 and recreates the column),
  then is out of play; their hand still scores.
- End: when only one player has fewer than 4 pills (with 2 players, as soon as one takes the 4th),
  that last player takes the top 3 cards of the draw pile and the game ends. If the draw pile
  cannot supply the 2 cards a turn needs, the game ends at once and the last-player-takes-3 step
  takes what is left. Cards still in the columns score for nobody.
- Black holes: each black hole makes the holder's left neighbour take one random card (the rng)
  from the holder's hand; that card and the black hole leave the game. All players' black holes
  resolve from the hands as they were before this step.
- Extra monsters count as one Gazobu, Blob or Yoo, never Twini or Twinax. A multiplier doubles
  the gain or the loss of one family for its holder only; a second multiplier on the same family
  is worthless. Both are placed by the rules for the holder's best own score and shown in the
  final breakdown: no extra step.
- Majority: the one player with strictly most cards of a family gains its points; everyone else
  holding that family loses the per-card value for each card. Tied leaders lose as usual and the
  next count down gains the points; if there is none, nobody gains. Zero cards: nothing.
- Hands are secret; the columns, the drawn cards, the pills, the hand sizes and the size of the
  draw pile are public.

Decisions where the rulebook and RULINGS.md are silent
- Nobody can know who last ran the vacuum cleaner: the dealer is drawn with the rng. The dealer
  lays the two column cards at setup and the player on the dealer's left (the next seat) plays
  the first turn. "Left" is always the next seat, for play and for black holes alike.
- The draw pile is shuffled once at setup; the drawn cards are turned face up as the
  "take"/"draw" step ends, and they stay public until placed.
- "draw" is the step that takes no column: the two cards can only be drawn after that decision.
- A place move names the drawn card and the column ("place blob 1"); "place 1" places the first
  drawn card. The order of cards inside a column never matters, since a column is taken whole.
- A forced placement is not a decision: when the last drawn card must recreate the column just
  taken, the rules place it at once, in the same step as the card before it.
- The game ends when a turn ends: after the player taking the 2nd-to-last 4th pill has placed
  both cards, or when fewer than 2 cards are left for the next turn. In the second case "the
  last player" is the one whose turn it would be (the pile then holds a single card).
- Tied again: when the next count down is itself tied, those players are tied leaders too; the
  points go to the highest count exactly one player holds, if any (3-3-2-2 gives nobody the
  points; 3-3-3-1 gives them to the single card).
- Extra monsters join the piles the player already has ("as many piles as they have different
  families"): a player without Gazobu, Blob or Yoo cards gets nothing from them; they must be
  placed, even where they add a loss. A multiplier for a family the player does not hold is
  worthless. The "any" multiplier must go on one of the player's Gazobu, Blob or Yoo piles; it
  may go where a multiplier already lies (and then counts for nothing), which a player does
  when every other choice would double a loss.
- Because extra monsters change majorities, each player's best placement depends on the
  others': in seat order, each player with a choice takes the placement that scores best for
  them against the others' current piles, and the round repeats until nobody would change (at
  most 10 rounds). Ties keep the current placement, else the first in the order Gazobu, Blob, Yoo.
- Several players with the highest score all win.
- The log names the cards a player took only to that player: the columns were public, but the
  table keeps no written record, so remembering who holds what stays part of the game. The last
  player's three cards are named to everyone, since the game is over when they are taken.
- Black holes resolve in seat order, each from its own holder's hand in card order, so one rng
  replays them exactly; as each stolen card leaves the game, the order changes nothing else.
"""

from __future__ import annotations

import copy
import re
import sys
import textwrap
from collections import Counter
from itertools import product
from typing import Any

from games.base import (
    IllegalMove,
    Outcome,
    Rng,
    check_player_count,
    player_names,
    require_move_kind,
    resolve_options,
)

slug = "gazobu"
title = "Gazobu"
min_players = 2
max_players = 4
options: dict[str, tuple] = {}
version = 1

# House data (RULINGS.md): the rulebook prints only the Gazobu card (+10 / -3).
# family rows: (majority points, loss per card); bonus rows: the value; multiplier rows: the
# family it doubles (None = Gazobu, Blob or Yoo at the holder's choice).
CARDS: tuple[tuple[str, str, int, str, Any], ...] = (
    # card id              name                    count  kind           data
    ("gazobu", "Gazobu", 11, "family", (10, 3)),
    ("blob", "Blob", 11, "family", (8, 2)),
    ("yoo", "Yoo", 11, "family", (6, 1)),
    ("twini", "Twini", 2, "family", (5, 2)),
    ("twinax", "Twinax", 2, "family", (5, 2)),
    ("black-hole", "black hole", 3, "black hole", None),
    ("bonus+5", "bonus +5", 1, "bonus", 5),
    ("bonus+3", "bonus +3", 1, "bonus", 3),
    ("bonus+2", "bonus +2", 1, "bonus", 2),
    ("bonus+1", "bonus +1", 1, "bonus", 1),
    ("malus-2", "malus -2", 1, "bonus", -2),
    ("malus-3", "malus -3", 1, "bonus", -3),
    ("malus-5", "malus -5", 1, "bonus", -5),
    ("extra-monster", "extra monster", 4, "extra monster", None),
    ("multiplier-gazobu", "multiplier x2 Gazobu", 1, "multiplier", "gazobu"),
    ("multiplier-blob", "multiplier x2 Blob", 1, "multiplier", "blob"),
    ("multiplier-yoo", "multiplier x2 Yoo", 1, "multiplier", "yoo"),
    ("multiplier-any", "multiplier x2 Gazobu, Blob or Yoo", 1, "multiplier", None),
)

CARD_NAMES = {card: name for card, name, _, _, _ in CARDS}
DECK = [card for card, _, count, _, _ in CARDS for _ in range(count)]
CARD_ORDER = {card: n for n, (card, _, _, _, _) in enumerate(CARDS)}
FAMILIES = tuple(card for card, _, _, kind, _ in CARDS if kind == "family")
POINTS = {card: data[0] for card, _, _, kind, data in CARDS if kind == "family"}
LOSS = {card: data[1] for card, _, _, kind, data in CARDS if kind == "family"}
BONUS = {card: data for card, _, _, kind, data in CARDS if kind == "bonus"}
MULTIPLIES = {card: data for card, _, _, kind, data in CARDS if kind == "multiplier"}
# Extra monsters and multipliers only ever join these families, in this order of preference.
PILE_FAMILIES = ("gazobu", "blob", "yoo")
BLACK_HOLE = "black-hole"
EXTRA_MONSTER = "extra-monster"
ANY_MULTIPLIER = "multiplier-any"

COLUMNS = 2
PILLS = 4
DRAWN_PER_TURN = 2
LAST_PLAYER_TAKES = 3
BEST_RESPONSE_ROUNDS = 10

MOVE_KINDS = ("take", "draw", "place")


# Setup


def setup(players: int | list[str], options: dict | None, rng: Rng) -> dict:
    rules = sys.modules[__name__]
    names = player_names(players)
    check_player_count(rules, names)
    chosen = resolve_options(rules.options, options)
    pile = list(DECK)
    rng.shuffle(pile)
    dealer = rng.randint(0, len(names) - 1)
    columns = [[pile.pop()] for _ in range(COLUMNS)]
    return {
        "players": names,
        "options": chosen,
        "draw": pile,
        "columns": columns,
        "drawn": [],
        "hands": [[] for _ in names],
        "pills": [0 for _ in names],
        "dealer": dealer,
        "turn": (dealer + 1) % len(names),
        "phase": "take",
        "removed": [],
        "black_holes": [],
        "last_draw": None,
        "ending": None,
    }


# Who acts


def to_act(state: dict) -> list[int]:
    return [] if state["phase"] == "over" else [state["turn"]]


def is_over(state: dict) -> bool:
    return state["phase"] == "over"


def is_out(state: dict, seat: int) -> bool:
    return state["pills"][seat] >= PILLS


def next_player(state: dict, seat: int) -> int:
    """The next seat to the left that still plays."""
    count = len(state["players"])
    for step in range(1, count + 1):
        candidate = (seat + step) % count
        if not is_out(state, candidate):
            return candidate
    return seat


# Legal moves


def open_columns(state: dict) -> list[int]:
    """The columns the next drawn card may go under: the last card must recreate a taken column."""
    if len(state["drawn"]) == 1:
        empty = [n + 1 for n, column in enumerate(state["columns"]) if not column]
        if empty:
            return empty
    return list(range(1, COLUMNS + 1))


def legal_moves(state: dict, seat: int) -> list[dict]:
    if state["phase"] == "over" or seat != state["turn"]:
        return []
    if state["phase"] == "take":
        takes = [{"kind": "take", "column": n} for n in range(1, COLUMNS + 1)]
        return [*takes, {"kind": "draw"}]
    columns = open_columns(state)
    moves = []
    for card in dict.fromkeys(state["drawn"]):
        moves.extend({"kind": "place", "card": card, "column": n} for n in columns)
    return moves


# Apply


def apply(state: dict, seat: int, move: dict, rng: Rng) -> dict:
    kind = require_move_kind(move, MOVE_KINDS)
    check_turn(state, seat)
    return APPLY[kind](state, seat, move, rng)


def check_turn(state: dict, seat: int) -> None:
    if state["phase"] == "over":
        raise IllegalMove("The game is over.")
    if seat != state["turn"]:
        raise IllegalMove(f"It is {state['players'][state['turn']]}'s turn, not yours.")


def check_fields(move: dict, fields: tuple[str, ...], example: str) -> None:
    if set(move) != {"kind", *fields}:
        named = ", ".join(fields) if fields else "nothing else"
        raise IllegalMove(f"A {move['kind']} move names {named}; for example '{example}'.")


def check_column(column: Any) -> int:
    if type(column) is not int:
        raise IllegalMove(f"Name a column by its number, 1 or {COLUMNS}.")
    if not 1 <= column <= COLUMNS:
        raise IllegalMove(f"Column {column} does not exist; there are {COLUMNS} columns.")
    return column


def check_taking_phase(state: dict) -> None:
    if state["phase"] != "take":
        cards = " and ".join(card_name(card) for card in state["drawn"])
        raise IllegalMove(f"You have already drawn this turn; place the {cards} first.")


def take_column(state: dict, seat: int, move: dict, rng: Rng) -> dict:
    check_fields(move, ("column",), "take 1")
    column = check_column(move["column"])
    check_taking_phase(state)
    state["hands"][seat].extend(state["columns"][column - 1])
    state["columns"][column - 1] = []
    state["pills"][seat] += 1
    draw_cards(state)
    return state


def draw_without_taking(state: dict, seat: int, move: dict, rng: Rng) -> dict:
    check_fields(move, (), "draw")
    check_taking_phase(state)
    draw_cards(state)
    return state


def draw_cards(state: dict) -> None:
    state["drawn"] = [state["draw"].pop() for _ in range(DRAWN_PER_TURN)]
    state["phase"] = "place"


def place_card(state: dict, seat: int, move: dict, rng: Rng) -> dict:
    check_fields(move, ("card", "column"), "place blob 1")
    if state["phase"] != "place":
        raise IllegalMove("First take a column or draw: 'take 1', 'take 2' or 'draw'.")
    card, column = move["card"], check_column(move["column"])
    drawn = state["drawn"]
    if not isinstance(card, str) or card not in drawn:
        cards = " and the ".join(card_name(c) for c in drawn)
        raise IllegalMove(f"You have the {cards} to place; name one of them.")
    allowed = open_columns(state)
    if column not in allowed:
        raise IllegalMove(
            f"You took column {allowed[0]}, so your last card must recreate it: "
            f"'place {card} {allowed[0]}'."
        )
    put_under(state, card, column)
    if len(drawn) == 1 and len(open_columns(state)) == 1:
        put_under(state, drawn[0], open_columns(state)[0])
    if not drawn:
        end_turn(state, rng)
    return state


def put_under(state: dict, card: str, column: int) -> None:
    state["drawn"].remove(card)
    state["columns"][column - 1].append(card)


def end_turn(state: dict, rng: Rng) -> None:
    still_in = [seat for seat in range(len(state["players"])) if not is_out(state, seat)]
    if len(still_in) == 1:
        end_game(state, still_in[0], "pills", rng)
    elif len(state["draw"]) < DRAWN_PER_TURN:
        end_game(state, next_player(state, state["turn"]), "draw pile", rng)
    else:
        state["turn"] = next_player(state, state["turn"])
        state["phase"] = "take"


def end_game(state: dict, last_player: int, ending: str, rng: Rng) -> None:
    pile = state["draw"]
    cards = [pile.pop() for _ in range(min(LAST_PLAYER_TAKES, len(pile)))]
    state["hands"][last_player].extend(cards)
    state["last_draw"] = {"seat": last_player, "cards": cards}
    state["ending"] = ending
    resolve_black_holes(state, rng)
    state["phase"] = "over"
    state["turn"] = None


def resolve_black_holes(state: dict, rng: Rng) -> None:
    """Every black hole costs its holder one random card; both leave the game."""
    count = len(state["players"])
    for seat, hand in enumerate(state["hands"]):
        holes = hand.count(BLACK_HOLE)
        if not holes:
            continue
        rest = sorted((card for card in hand if card != BLACK_HOLE), key=CARD_ORDER.__getitem__)
        lost = []
        for _ in range(holes):
            if rest:
                lost.append(rest.pop(rng.randint(0, len(rest) - 1)))
        state["hands"][seat] = rest
        state["removed"].extend([BLACK_HOLE] * holes + lost)
        state["black_holes"].append(
            {"seat": seat, "black_holes": holes, "taken_by": (seat + 1) % count, "cards": lost}
        )


APPLY = {"take": take_column, "draw": draw_without_taking, "place": place_card}


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
        shown["scores"] = result.scores
        shown["winners"] = result.winners
        shown["details"] = result.details
    return shown


def sorted_cards(cards: list[str]) -> list[str]:
    return sorted(cards, key=CARD_ORDER.__getitem__)


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
    names, cards = shown["players"], shown["card_names"]
    lines = []
    if shown["phase"] == "over":
        lines.append("Gazobu: the game is over.")
    else:
        doing = "takes a column or draws" if shown["phase"] == "take" else "places drawn cards"
        lines.append(f"Gazobu: {names[shown['turn']]} {doing}.")
    lines.append("")
    for number, column in enumerate(shown["columns"], start=1):
        lines += wrapped(f"Column {number}: {', '.join(cards[c] for c in column) or 'empty'}")
    if shown["drawn"]:
        lines += wrapped(f"Drawn: {', '.join(cards[c] for c in shown['drawn'])}")
    lines.append(f"Draw pile: {shown['draw_pile']} cards")
    lines.append("")
    width = max(len(name) for name in names)
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
    if shown["hand"] is not None and shown["phase"] != "over":
        lines.append("")
        lines += wrapped(f"Your hand: {counted(shown['hand'], cards)}")
    if shown["phase"] == "over":
        lines.append("")
        for n, name in enumerate(names):
            lines += wrapped(
                f"{name} ({shown['scores'][n]} points): {counted(shown['hands'][n], cards)}"
            )
        winners = [names[n] for n in shown["winners"]]
        lines.append(("Winners: " if len(winners) > 1 else "Winner: ") + " and ".join(winners))
    return "\n".join(lines)


# Scoring


def outcome(state: dict) -> Outcome | None:
    if not is_over(state):
        return None
    scores, details = score_hands(state["hands"], state["players"])
    details["ending"] = state["ending"]
    details["last_draw"] = copy.deepcopy(state["last_draw"])
    details["black_holes"] = copy.deepcopy(state["black_holes"])
    best = max(scores)
    return Outcome(scores, [n for n, score in enumerate(scores) if score == best], details)


def standing(state: dict, seat: int) -> int:
    """The seat's score if the game ended now (black holes not yet resolved)."""
    if is_over(state):
        return outcome(state).scores[seat]
    hands = [[card for card in hand if card != BLACK_HOLE] for hand in state["hands"]]
    scores, _ = score_hands(hands, state["players"])
    return scores[seat]


def majority_holder(counts: list[int]) -> int | None:
    """The seat that gains a family's points: the highest count exactly one player holds."""
    for count in sorted(set(counts), reverse=True):
        if count == 0:
            return None
        if counts.count(count) == 1:
            return counts.index(count)
    return None


def family_points(family: str, counts: list[int], seat: int) -> int:
    """A family's points for one seat before multipliers."""
    held = counts[seat]
    if not held:
        return 0
    return POINTS[family] if majority_holder(counts) == seat else -held * LOSS[family]


def score_seat(seat: int, counts: dict[str, list[int]], hand: Counter) -> tuple[int, str | None]:
    """A seat's total for given family counts, and where its "any" multiplier goes."""
    doubled = {MULTIPLIES[card] for card in MULTIPLIES if hand[card] and MULTIPLIES[card]}
    points = {family: family_points(family, counts[family], seat) for family in FAMILIES}
    total = sum(p * (2 if family in doubled else 1) for family, p in points.items())
    total += sum(value * hand[card] for card, value in BONUS.items())
    target = None
    if hand[ANY_MULTIPLIER]:
        piles = [family for family in PILE_FAMILIES if counts[family][seat]]
        if piles:
            gains = [0 if family in doubled else points[family] for family in piles]
            target = piles[gains.index(max(gains))]
            total += max(gains)
    return total, target


def extra_placements(extras: int, piles: list[str]) -> list[tuple[int, ...]]:
    """Every way to share `extras` among `piles`, all on the first pile first."""
    if not extras or not piles:
        return [tuple(0 for _ in PILE_FAMILIES)]
    placements = []
    for split in product(range(extras, -1, -1), repeat=len(piles)):
        if sum(split) == extras:
            shares = dict(zip(piles, split, strict=True))
            placements.append(tuple(shares.get(family, 0) for family in PILE_FAMILIES))
    return placements


def place_extra_monsters(hands: list[Counter]) -> list[tuple[int, ...]]:
    """Each seat's extra monsters per pile family, by best response until nobody changes."""
    seats = range(len(hands))
    counts = {family: [hand[family] for hand in hands] for family in FAMILIES}
    choices = {
        seat: extra_placements(
            hands[seat][EXTRA_MONSTER], [f for f in PILE_FAMILIES if hands[seat][f]]
        )
        for seat in seats
    }
    placed: list[tuple[int, ...] | None] = [None for _ in seats]

    def put(seat: int, placement: tuple[int, ...]) -> None:
        for family, extra in zip(PILE_FAMILIES, placement, strict=True):
            counts[family][seat] = hands[seat][family] + extra

    for _ in range(BEST_RESPONSE_ROUNDS):
        changed = False
        for seat in seats:
            options_here = choices[seat]
            if len(options_here) == 1:
                if placed[seat] is None:
                    placed[seat] = options_here[0]
                    put(seat, options_here[0])
                continue
            current = None
            if placed[seat] is not None:
                current = score_seat(seat, counts, hands[seat])[0]
            best, best_score = placed[seat], current
            for placement in options_here:
                put(seat, placement)
                score = score_seat(seat, counts, hands[seat])[0]
                if best_score is None or score > best_score:
                    best, best_score = placement, score
            put(seat, best)
            if best != placed[seat]:
                placed[seat], changed = best, True
        if not changed:
            break
    return placed


def score_hands(hands: list[list[str]], names: list[str]) -> tuple[list[int], dict]:
    """Scores and the full breakdown for the hands as they stand (black holes resolved)."""
    held = [Counter(hand) for hand in hands]
    extras = place_extra_monsters(held)
    counts = {family: [hand[family] for hand in held] for family in FAMILIES}
    for seat, placement in enumerate(extras):
        for family, extra in zip(PILE_FAMILIES, placement, strict=True):
            counts[family][seat] += extra
    holders = {family: majority_holder(counts[family]) for family in FAMILIES}
    scores, seats = [], []
    for seat, hand in enumerate(held):
        total, target = score_seat(seat, counts, hand)
        scores.append(total)
        seats.append(seat_breakdown(seat, names[seat], hand, counts, extras[seat], target, total))
    majorities = {
        family: {"counts": counts[family], "gains": holders[family]} for family in FAMILIES
    }
    return scores, {"seats": seats, "majorities": majorities}


def seat_breakdown(
    seat: int,
    name: str,
    hand: Counter,
    counts: dict[str, list[int]],
    extras: tuple[int, ...],
    target: str | None,
    total: int,
) -> dict:
    doubled = {MULTIPLIES[card] for card in MULTIPLIES if hand[card] and MULTIPLIES[card]}
    families = {}
    for family in FAMILIES:
        count = counts[family][seat]
        if not count:
            continue
        points = family_points(family, counts[family], seat)
        multiplied = (family in doubled) or (target == family)
        families[family] = {
            "cards": hand[family],
            "extra_monsters": extras[PILE_FAMILIES.index(family)] if family in PILE_FAMILIES else 0,
            "count": count,
            "majority": points > 0,
            "multiplied": multiplied,
            "points": points * (2 if multiplied else 1),
        }
    multipliers = []
    for card, family in MULTIPLIES.items():
        if not hand[card]:
            continue
        on = family if family else target
        counts_here = bool(on and counts[on][seat]) and (family is not None or on not in doubled)
        multipliers.append({"card": card, "family": on, "counts": counts_here})
    return {
        "seat": seat,
        "name": name,
        "families": families,
        "bonus_cards": sorted_cards([card for card in BONUS for _ in range(hand[card])]),
        "bonus": sum(value * hand[card] for card, value in BONUS.items()),
        "extra_monsters": hand[EXTRA_MONSTER],
        "multipliers": multipliers,
        "total": total,
    }


# Describe


def card_name(card: str) -> str:
    return CARD_NAMES.get(card, str(card))


def listed(cards: list[str]) -> str:
    names = [card_name(card) for card in cards]
    if not names:
        return "nothing"
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def describe(before: dict, seat: int, move: dict, after: dict, viewer: int | None) -> str:
    you = viewer == seat
    who = "You" if you else before["players"][seat]
    kind = move.get("kind") if isinstance(move, dict) else None
    if kind == "take":
        return describe_take(before, seat, move, after, you, who)
    if kind == "draw":
        verb = "take" if you else "takes"
        draws = "draw" if you else "draws"
        return f"{who} {verb} no column and {draws} {listed(after['drawn'])}."
    if kind == "place":
        return describe_place(before, seat, move, after, viewer, who)
    return f"{who}: {move!r}."


def describe_take(before: dict, seat: int, move: dict, after: dict, you: bool, who: str) -> str:
    column = move["column"]
    taken = before["columns"][column - 1]
    shown = listed(sorted_cards(taken)) if you or is_over(after) else f"{len(taken)} cards"
    if len(taken) == 1 and not (you or is_over(after)):
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
    before: dict, seat: int, move: dict, after: dict, viewer: int | None, who: str
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


def describe_end(after: dict, viewer: int | None) -> str:
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


# Notation

NOTATION_HELP = """\
Gazobu moves, one per line:
  take 1      take column 1 into your hand (and a pill); take 2 for column 2
  draw        take no column; just draw your 2 cards
  place 1     put your first drawn card under column 1
  place yoo 2 put the drawn Yoo under column 2 (name any drawn card: blob, hole, +5, extra, x2 blob)
After taking a column you must put at least one drawn card back under it."""

FILLER = {"column", "col", "under", "on", "to", "the", "in", "into", "card", "a", "my"}
NO_TAKE = {"draw", "d", "no", "none", "pass", "notake", "dontake", "donttake", "takenone", "skip"}


def notation_help() -> str:
    return NOTATION_HELP


def alias_key(text: str) -> str:
    return re.sub(r"-(?=[a-z])", "", re.sub(r"\s+", "", text.lower()))


def card_aliases() -> dict[str, str]:
    aliases: dict[str, str] = {}
    for card, name, _, kind, data in CARDS:
        for alias in (card, name, card + "s"):
            aliases[alias_key(alias)] = card
        if kind == "bonus":
            aliases[f"{data:+d}"] = card
            aliases[("bonus" if data > 0 else "malus") + str(abs(data))] = card
        if kind == "multiplier":
            family = data or "any"
            for alias in (
                f"x2{family}",
                f"{family}x2",
                f"multiplierx2{family}",
                f"multiplier{family}",
            ):
                aliases[alias] = card
    aliases.update({"hole": BLACK_HOLE, "bh": BLACK_HOLE, "extra": EXTRA_MONSTER})
    aliases.update({"joker": EXTRA_MONSTER, "monster": EXTRA_MONSTER, "x2": ANY_MULTIPLIER})
    return aliases


ALIASES = card_aliases()


def format_move(move: dict, state: dict, seat: int) -> str:
    if move["kind"] == "take":
        return f"take {move['column']}"
    if move["kind"] == "draw":
        return "draw"
    return f"place {move['card']} {move['column']}"


def parse_move(text: str, state: dict, seat: int) -> dict:
    normal = re.sub(r"[^a-z0-9+\-]+", " ", str(text).lower()).strip()
    words = [word for word in normal.split() if word not in FILLER]
    if not words:
        raise not_understood(text, state, seat)
    verb, rest = words[0], words[1:]
    if "".join(words) in NO_TAKE or (verb == "draw" and "".join(rest) in {"", "2", "two"}):
        return {"kind": "draw"}
    match = re.fullmatch(r"(take|t)(\d*)", verb)
    if match:
        numbers = [match.group(2), *rest] if match.group(2) else rest
        if len(numbers) == 1 and numbers[0].isdigit():
            return {"kind": "take", "column": int(numbers[0])}
        raise IllegalMove(f"Say which column to take: 'take 1' or 'take 2' (not '{text}').")
    match = re.fullmatch(r"(place|put|p)(\d*)", verb)
    if match:
        return parse_place(text, match.group(2), rest, state, seat)
    if verb.isdigit() and not rest and state["phase"] == "place" and state["turn"] == seat:
        return parse_place(text, verb, [], state, seat)
    raise not_understood(text, state, seat)


def parse_place(text: str, glued: str, rest: list[str], state: dict, seat: int) -> dict:
    if glued:
        rest = [*rest, glued]
    if not rest or not rest[-1].isdigit():
        raise IllegalMove(
            f"Say which column to place under: 'place 1' or 'place 2' (not '{text}')."
        )
    column, named = int(rest[-1]), alias_key("".join(rest[:-1]))
    if named:
        if named not in ALIASES:
            raise IllegalMove(
                f"'{' '.join(rest[:-1])}' is not a Gazobu card; "
                f"you have drawn {listed(state['drawn'])}."
            )
        return {"kind": "place", "card": ALIASES[named], "column": column}
    if not state["drawn"]:
        raise IllegalMove("You have no drawn card to place; first 'take 1', 'take 2' or 'draw'.")
    return {"kind": "place", "card": state["drawn"][0], "column": column}


def not_understood(text: str, state: dict, seat: int) -> IllegalMove:
    legal = [format_move(move, state, seat) for move in legal_moves(state, seat)]
    examples = ", ".join(f"'{m}'" for m in legal) if legal else "'take 1', 'draw', 'place 2'"
    return IllegalMove(f"'{text}' is not a Gazobu move; try {examples}.")


def skip_move(state: dict, seat: int) -> dict | None:
    """Gazobu cannot skip a seat: every turn draws and places two cards."""
    return None
