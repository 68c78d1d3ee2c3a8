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
  draw pile are public. Once the game is over everything is shown: every hand, the cards the
  black holes removed and the undealt draw pile, card by card from the top.
- Extra monsters are placed jointly, since one player's extra monsters change the majorities
  that decide another's score: among all combinations of every player's placements, those
  where no player could score more by changing only their own; of several, the highest total
  of all scores, then the first in seat order of the players' own best; if there is none,
  every player once, in seat order from the one after the player who ended the game, places
  for their best against the placements made so far.

Decisions where the rulebook and RULINGS.md are silent
- Take-backs (`reveals`): only a placement can hide nothing (the drawn card was face up, the
  columns are public); one that goes on to change a hand, the draw pile or the pills, or ends
  the game, shows something new and stands.
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
- Joint placement: "the first in seat order of the players' own best" is the one best for the
  first seat, then, among those alike for it, the one best for the second seat, and so on.
  In the fallback, players still to place count without their extra monsters. The "any"
  multiplier is part of its holder's placement: whatever the extra monsters, it goes where it
  scores best, and it never changes another player's score.
- Placements that score alike are taken in the order Gazobu, Blob, Yoo: all extra monsters on
  the first pile the player holds first; the "any" multiplier on the first such pile. Joint
  placements that tie on every score are taken in the same order, the first seat's first.
- While the game goes on (the greedy bot's running score), "the player who ended the game" is
  the player whose turn it is.
- Several players with the highest score all win.
- The log names the cards a player took only to that player: the columns were public, but the
  table keeps no written record, so remembering who holds what stays part of the game. The last
  player's three cards are named to everyone, since the game is over when they are taken.
- Black holes resolve in seat order, each from its own holder's hand in card order, so one rng
  replays them exactly; as each stolen card leaves the game, the order changes nothing else.
- The undealt draw pile is shown once the game is over, from the top card down; nobody can
  draw from it any more, and a replay of the log shows the same cards anyway.

Rules versions
- Version 2 (current) places the extra monsters jointly, as above. Version 1, kept for the
  games started under it, let each player in seat order answer the others' current piles,
  round after round until nobody changed or 10 rounds had passed; ties kept the current
  placement. When the answers went round in a loop, round 10 could leave a player below their
  best and turn the winner. A version-2 state carries `version` and `ended_by` (who played
  the last turn); a version-1 state is exactly as it always was.
"""

from __future__ import annotations

import copy
import functools
import random
import re
import sys
import textwrap
from collections import Counter
from itertools import product
from typing import Any

from games.base import (
    Explanation,
    IllegalMove,
    Outcome,
    Rng,
    Viewer,
    check_player_count,
    knows,
    player_names,
    require_move_kind,
    resolve_options,
)

slug = "gazobu"
title = "Gazobu"
min_players = 2
max_players = 4
options: dict[str, tuple] = {}
version = 2
versions = (1, 2)

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


def setup(
    players: int | list[str], options: dict | None, rng: Rng, version: int | None = None
) -> dict:
    rules = sys.modules[__name__]
    names = player_names(players)
    check_player_count(rules, names)
    chosen = resolve_options(rules.options, options)
    version = rules.version if version is None else version
    if version not in versions:
        raise IllegalMove(f"Gazobu has rules versions {', '.join(map(str, versions))}.")
    pile = list(DECK)
    rng.shuffle(pile)
    dealer = rng.randint(0, len(names) - 1)
    columns = [[pile.pop()] for _ in range(COLUMNS)]
    state = {
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
    if version >= 2:
        # A version-1 game keeps the exact state it always had: the keys are new in version 2.
        state["version"] = version
        state["ended_by"] = None
    return state


def reshuffle_unseen(state: dict, rng: Rng) -> dict:
    """A position played on from another game's (a fork, by the service): the draw pile,
    which nobody has seen, is shuffled again with the new game's rng, so that the old game's
    revealed seed tells nothing of the cards to come."""
    rng.shuffle(state["draw"])
    return state


def rules_version(state: dict) -> int:
    return state.get("version", 1)


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
    if rules_version(state) >= 2:
        state["ended_by"] = state["turn"]  # the extra monsters' fallback order starts after them
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


# Take-backs


def reveals(before: dict, seat: int, move: dict, after: dict) -> bool:
    """Whether a step showed anyone something new. Only a placement can hide nothing: the
    drawn card was face up already and columns are public; one that ends the turn may go on
    to hands, the draw pile or the end of the game, and those count (black holes draw from
    the rng, which the store checks itself)."""
    if move.get("kind") != "place" or is_over(after):
        return True
    return any(before[part] != after[part] for part in ("hands", "draw", "removed", "pills"))


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
    if shown["phase"] == "over":
        undealt = ", ".join(cards[c] for c in shown["draw_pile_cards"]) or "empty"
        lines += wrapped(f"Draw pile, top first: {undealt}")
    else:
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
    scores, details = score_hands(
        state["hands"], state["players"], rules_version(state), first_to_place(state)
    )
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
    scores, _ = score_hands(hands, state["players"], rules_version(state), first_to_place(state))
    return scores[seat]


def first_to_place(state: dict) -> int:
    """Where the extra monsters' fallback order starts: the seat after the player who ended
    the game (while it goes on, after the player whose turn it is)."""
    ender = state.get("ended_by") if is_over(state) else state["turn"]
    return ((ender or 0) + 1) % len(state["players"])


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


def pile_choices(hand: Counter) -> list[tuple[int, ...]]:
    """Where a hand's extra monsters may go: onto the Gazobu, Blob and Yoo piles it holds."""
    return extra_placements(hand[EXTRA_MONSTER], [f for f in PILE_FAMILIES if hand[f]])


def piled_counts(hands: list[Counter], placed: list[tuple[int, ...]]) -> dict[str, list[int]]:
    """Each family's count per seat, the extra monsters placed so far included."""
    counts = {family: [hand[family] for hand in hands] for family in FAMILIES}
    for seat, placement in enumerate(placed):
        for family, extra in zip(PILE_FAMILIES, placement, strict=True):
            counts[family][seat] += extra
    return counts


def scores_with(hands: list[Counter], placed: list[tuple[int, ...]] | tuple) -> list[int]:
    counts = piled_counts(hands, list(placed))
    return [score_seat(seat, counts, hand)[0] for seat, hand in enumerate(hands)]


def place_extra_monsters(hands: list[Counter], first: int) -> list[tuple[int, ...]]:
    """Every seat's extra monsters per pile family, placed jointly (RULINGS.md).

    Among all combinations of every seat's placements, those where no seat could score more
    by changing only its own; of these the highest total, then the best for seat 0, seat 1...
    (then the first in the order Gazobu, Blob, Yoo). If there is none, the seats place in turn
    from `first`, each for its best against the placements made so far.
    """
    choices = [pile_choices(hand) for hand in hands]
    scored = {joint: scores_with(hands, joint) for joint in product(*choices)}

    def unimprovable(joint: tuple) -> bool:
        return all(
            scored[(*joint[:seat], other, *joint[seat + 1 :])][seat] <= scored[joint][seat]
            for seat, own in enumerate(choices)
            for other in own
        )

    steady = [joint for joint in scored if unimprovable(joint)]
    if steady:
        return list(max(steady, key=lambda joint: (sum(scored[joint]), *scored[joint])))
    return place_extra_monsters_in_turn(hands, choices, first)


def place_extra_monsters_in_turn(
    hands: list[Counter], choices: list[list[tuple[int, ...]]], first: int
) -> list[tuple[int, ...]]:
    """Each seat once, from `first` round the table, for its best against those placed before
    it (the seats still to come count without their extra monsters)."""
    count = len(hands)
    placed = [tuple(0 for _ in PILE_FAMILIES) for _ in hands]
    for step in range(count):
        seat = (first + step) % count

        def own_score(option: tuple[int, ...], seat: int = seat) -> int:
            return scores_with(hands, [*placed[:seat], option, *placed[seat + 1 :]])[seat]

        placed[seat] = max(choices[seat], key=own_score)
    return placed


def place_extra_monsters_in_rounds(hands: list[Counter]) -> list[tuple[int, ...]]:
    """Version 1: each seat's extra monsters by best response, at most 10 rounds."""
    seats = range(len(hands))
    counts = {family: [hand[family] for hand in hands] for family in FAMILIES}
    choices = {seat: pile_choices(hands[seat]) for seat in seats}
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


def score_hands(
    hands: list[list[str]], names: list[str], version: int = version, first: int = 0
) -> tuple[list[int], dict]:
    """Scores and the full breakdown for the hands as they stand (black holes resolved), under
    `version` of the rules; `first` opens the extra monsters' fallback order."""
    held = [Counter(hand) for hand in hands]
    if version >= 2:
        extras = place_extra_monsters(held, first)
    else:
        extras = place_extra_monsters_in_rounds(held)
    counts = piled_counts(held, extras)
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
        name = names[seat["seat"]]
        if seat["bonus_cards"]:
            sentences.append(
                f"{name} holds {listed(seat['bonus_cards'])}: {signed(seat['bonus'])}."
            )
        for multiplier in seat["multipliers"]:
            if not multiplier["counts"]:
                sentences.append(f"{name}'s {card_name(multiplier['card'])} counts for nothing.")
    for seat in seats:
        parts = [seat["families"][f]["points"] for f in held if f in seat["families"]]
        if seat["bonus_cards"]:
            parts.append(seat["bonus"])
        sentences.append(f"{names[seat['seat']]}: {sum_text(parts)} = {seat['total']}.")
    rows = [
        [
            names[seat["seat"]],
            *(seat["families"][f]["points"] if f in seat["families"] else "" for f in held),
            seat["bonus"] if seat["bonus_cards"] else "",
            seat["total"],
        ]
        for seat in seats
    ]
    return Explanation(sentences, ["Player", *map(card_name, held), "Bonus", "Total"], rows)


def explain_family(family: str, majority: dict, seats: list[dict], names: list[str]) -> str:
    """ "Blob: bob has the most (4) and gains 8, doubled by a multiplier = 16; alice loses 2 a
    card: 3 × -2 = -6." """
    counts, gainer = majority["counts"], majority["gains"]
    top = max(counts)
    if gainer is None:
        text = f"{card_name(family)}: nobody gains the {POINTS[family]} (every count is tied)"
    else:
        gains = seats[gainer]["families"][family]
        how = "has the most" if counts[gainer] == top else "has the next count after the tie"
        text = f"{card_name(family)}: {names[gainer]} {how} ({held_text(gains)}) and gains "
        text += f"{POINTS[family]}"
        if gains["multiplied"]:
            text += f", doubled by a multiplier = {gains['points']}"
    losers = []
    for seat in seats:
        own = seat["families"].get(family)
        if own is None or seat["seat"] == gainer:
            continue
        loss = f"{names[seat['seat']]} loses {LOSS[family]} a card: {own['count']} × "
        loss += f"-{LOSS[family]} = {-own['count'] * LOSS[family]}"
        if own["multiplied"]:
            loss += f", doubled by a multiplier = {own['points']}"
        losers.append(loss)
    return text + "".join(f"; {loss}" for loss in losers) + "."


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


# The strong bot
#
# `bot_move` sits in for an absent player and knows only what view(state, seat) shows: its own
# hand, the columns, the drawn cards, the pills and the sizes of the other hands and of the
# draw pile. It deals the unseen cards again at random, many times (each deal consistent with
# the view), plays every candidate move in every deal to the end of the game with quick
# players, and keeps the move with the best average lead over the best other player, a win
# counting extra. The same deals serve every candidate, so that luck does not pick the move.

BOT_DEALS = 48
# Every few deals from the first look on, the candidates clearly worse than the best are
# dropped, so that easy decisions cost little and close ones get every deal.
BOT_FIRST_LOOK = 12
BOT_LOOK_EVERY = 4
BOT_CLEARLY = 2.0
# ... and once the quick players have played this many turns in all, the search stops at
# the next look (long games of three or four players would take too long otherwise).
BOT_WORK = 1500
BOT_WIN_BONUS = 10
# A quick player takes a column that raises its lead by more than this (a pill is worth
# something) and takes the pill that ends the game only if it leaves them this far ahead.
BOT_TAKES_FOR = 3
BOT_ENDS_AHEAD_BY = 3
# How a quick player values the cards whose worth depends on the end: an extra monster, the
# multiplier at choice, a black hole (it costs one card at random).
BOT_CARD_VALUES = {EXTRA_MONSTER: 4, ANY_MULTIPLIER: 4, BLACK_HOLE: -2}

# The bot counts cards in lists indexed by CARD_ORDER; a family's position is its place in
# FAMILIES.
FAMILY_SLOTS = tuple(CARD_ORDER[family] for family in FAMILIES)
PILE_POSITIONS = tuple(FAMILIES.index(family) for family in PILE_FAMILIES)
DOUBLER_SLOTS = tuple(
    (FAMILIES.index(family), CARD_ORDER[card]) for card, family in MULTIPLIES.items() if family
)
BONUS_SLOTS = tuple((CARD_ORDER[card], value) for card, value in BONUS.items())
POINT_LIST = tuple(POINTS[family] for family in FAMILIES)
LOSS_LIST = tuple(LOSS[family] for family in FAMILIES)
EXTRA_SLOT = CARD_ORDER[EXTRA_MONSTER]
ANY_SLOT = CARD_ORDER[ANY_MULTIPLIER]
HOLE_SLOT = CARD_ORDER[BLACK_HOLE]
DECK_SLOTS = [CARD_ORDER[card] for card in DECK]
# What a quick player reads on each card, by slot.
FAMILY_AT = tuple(FAMILIES.index(card) if card in FAMILIES else None for card, *_ in CARDS)
DOUBLES_AT = tuple(
    FAMILIES.index(MULTIPLIES[card]) if MULTIPLIES.get(card) else None for card, *_ in CARDS
)
DOUBLER_OF = {family: slot for family, slot in DOUBLER_SLOTS}
FLAT_VALUES = tuple(
    BONUS.get(card, 0) + (BOT_CARD_VALUES[card] if card == BLACK_HOLE else 0) for card, *_ in CARDS
)


class Table:
    """One deal of the unseen cards: every hand as counts, the columns, the pile (top last)."""

    __slots__ = ("hands", "columns", "pile", "pills", "turn", "scores", "turns")

    def copy(self) -> Table:
        other = Table()
        other.hands = [list(hand) for hand in self.hands]
        other.columns = [list(column) for column in self.columns]
        other.pile = list(self.pile)
        other.pills = list(self.pills)
        other.turn = self.turn
        other.scores = self.scores
        other.turns = self.turns
        return other


def bot_move(state: dict, seat: int, rng: Rng) -> dict:
    """A strong legal move for `seat`, from its view alone (see the notes above)."""
    shown = view(state, seat)
    moves = legal_moves(shown, seat)  # the view carries everything legal_moves reads
    if len(moves) <= 1:
        if not moves:
            raise IllegalMove(f"{shown['players'][seat]} has nothing to do now.")
        return moves[0]
    # games.Rng spends a SHA-256 on every few draws; the thousands of draws of one search run
    # on a generator seeded from it, so the same view and rng still give the same move.
    dealer = random.Random(rng.randint(0, 2**62))
    unseen = unseen_cards(shown)
    plans = bot_plans(shown)
    values: list[list[float]] = [[] for _ in plans]
    alive = list(range(len(plans)))
    work = 0
    for deal in range(1, BOT_DEALS + 1):
        table = deal_unseen(shown, seat, unseen, dealer)
        luck = dealer.getrandbits(32)
        for n in alive:
            played = table.copy()
            scores = play_plan(played, seat, shown["phase"], plans[n][1], random.Random(luck))
            values[n].append(bot_value(scores, seat))
            work += played.turns
        if deal >= BOT_FIRST_LOOK and deal % BOT_LOOK_EVERY == 0:
            alive = still_worth_trying(alive, values)
            if len(alive) == 1 or work >= BOT_WORK:
                break
    best = max(alive, key=lambda n: sum(values[n]))
    return plans[best][0]


def still_worth_trying(alive: list[int], values: list[list[float]]) -> list[int]:
    """The candidates not clearly worse than the best so far: on the same deals, their mean
    difference from the best is not below zero by more than BOT_CLEARLY standard errors."""
    best = max(alive, key=lambda n: sum(values[n]))
    kept = []
    for n in alive:
        differences = [a - b for a, b in zip(values[n], values[best], strict=True)]
        deals = len(differences)
        mean = sum(differences) / deals
        spread = sum((d - mean) ** 2 for d in differences) / (deals - 1)
        if n == best or mean + BOT_CLEARLY * (spread / deals) ** 0.5 >= 0:
            kept.append(n)
    return kept


def unseen_cards(shown: dict) -> list[int]:
    """The cards the seat cannot see: the other hands and the draw pile together."""
    left = Counter(DECK_SLOTS)
    seen = [*shown["hand"], *shown["drawn"], *(c for column in shown["columns"] for c in column)]
    left.subtract(CARD_ORDER[card] for card in seen)
    return sorted(left.elements())


def deal_unseen(shown: dict, seat: int, unseen: list[int], dealer: random.Random) -> Table:
    cards = list(unseen)
    dealer.shuffle(cards)
    table = Table()
    table.hands = []
    for other, size in enumerate(shown["hand_sizes"]):
        hand = [0] * len(CARDS)
        if other == seat:
            for card in shown["hand"]:
                hand[CARD_ORDER[card]] += 1
        else:
            for card in cards[:size]:
                hand[card] += 1
            cards = cards[size:]
        table.hands.append(hand)
    table.pile = cards
    table.columns = [[CARD_ORDER[card] for card in column] for column in shown["columns"]]
    table.pills = list(shown["pills"])
    table.turn = shown["turn"]
    table.scores = None
    table.turns = 0
    return table


def bot_plans(shown: dict) -> list[tuple[dict, Any]]:
    """The candidates, each with its first move: at the start of a turn, the column taken (or
    None); when placing, where every drawn card goes (cards are placed in any order)."""
    if shown["phase"] == "take":
        takes = [({"kind": "take", "column": n + 1}, n) for n in range(COLUMNS)]
        return [*takes, ({"kind": "draw"}, None)]
    drawn = shown["drawn"]
    empty = [n for n, column in enumerate(shown["columns"]) if not column]
    if len(drawn) == 1:
        return [
            ({"kind": "place", "card": drawn[0], "column": n + 1}, [(drawn[0], n)])
            for n in (empty or range(COLUMNS))
        ]
    plans, seen = [], set()
    for columns in product(range(COLUMNS), repeat=len(drawn)):
        if empty and empty[0] not in columns:
            continue  # a taken column must be recreated
        plan = list(zip(drawn, columns, strict=True))
        if tuple(sorted(plan)) not in seen:
            seen.add(tuple(sorted(plan)))
            first, column = plan[0]
            plans.append(({"kind": "place", "card": first, "column": column + 1}, plan))
    return plans


def bot_value(scores: list[int], seat: int) -> float:
    lead = scores[seat] - max(score for other, score in enumerate(scores) if other != seat)
    return lead + (BOT_WIN_BONUS if lead > 0 else BOT_WIN_BONUS / 2 if lead == 0 else 0)


def play_plan(table: Table, seat: int, phase: str, plan: Any, dice: random.Random) -> list[int]:
    """The final scores after the seat follows `plan` and quick players play on."""
    if phase == "take":
        if plan is not None:
            take_on_table(table, seat, plan)
        place_at_random(table, [table.pile.pop(), table.pile.pop()], plan, dice)
    else:
        for card, column in plan:
            table.columns[column].append(CARD_ORDER[card])
    scores = end_turn_on_table(table, dice)
    while scores is None:
        table.turns += 1
        player = table.turn
        taken = quick_take(table, player)
        if taken is not None:
            take_on_table(table, player, taken)
        place_at_random(table, [table.pile.pop(), table.pile.pop()], taken, dice)
        scores = end_turn_on_table(table, dice)
    return scores


def take_on_table(table: Table, seat: int, column: int) -> None:
    hand = table.hands[seat]
    for card in table.columns[column]:
        hand[card] += 1
    table.columns[column] = []
    table.pills[seat] += 1
    table.scores = None


def place_at_random(table: Table, cards: list[int], taken: int | None, dice: random.Random) -> None:
    first, second = cards
    columns = table.columns
    if taken is None:
        columns[dice.randrange(COLUMNS)].append(first)
        columns[dice.randrange(COLUMNS)].append(second)
        return
    way = dice.randrange(3)
    if way == 0:
        columns[taken] += [first, second]
    else:
        kept, other = (first, second) if way == 1 else (second, first)
        columns[taken].append(kept)
        columns[1 - taken].append(other)


def end_turn_on_table(table: Table, dice: random.Random) -> list[int] | None:
    """As end_turn: the final scores if the game ends here, else None and the next turn."""
    count = len(table.pills)
    still_in = [seat for seat in range(count) if table.pills[seat] < PILLS]
    if len(still_in) == 1:
        return finish_table(table, still_in[0], dice)
    after = min(still_in, key=lambda seat: (seat - table.turn - 1) % count)
    if len(table.pile) < DRAWN_PER_TURN:
        return finish_table(table, after, dice)
    table.turn = after
    return None


def finish_table(table: Table, last: int, dice: random.Random) -> list[int]:
    for _ in range(min(LAST_PLAYER_TAKES, len(table.pile))):
        table.hands[last][table.pile.pop()] += 1
    for hand in table.hands:
        holes, hand[HOLE_SLOT] = hand[HOLE_SLOT], 0
        rest = [card for card, count in enumerate(hand) for _ in range(count)]
        for _ in range(holes):
            if rest:
                hand[rest.pop(dice.randrange(len(rest)))] -= 1
    return quick_scores(table.hands)


def quick_take(table: Table, seat: int) -> int | None:
    """A quick player's column: the one that raises its lead most, if by enough."""
    enough = BOT_TAKES_FOR
    if table.pills[seat] == PILLS - 1 and sum(pills < PILLS for pills in table.pills) == 2:
        if table.scores is None:
            table.scores = quick_scores(table.hands)
        lead = table.scores[seat] - max(s for n, s in enumerate(table.scores) if n != seat)
        enough = max(enough, BOT_ENDS_AHEAD_BY - lead)
    best = None
    for column in range(COLUMNS):
        gain = column_gain(table.hands, seat, table.columns[column])
        if gain > enough:
            best, enough = column, gain
    return best


def column_gain(hands: list[list[int]], seat: int, column: list[int]) -> float:
    """Roughly how much taking `column` raises the seat's lead over the others' average."""
    hand = hands[seat]
    gain = 0.0
    added: dict[int, int] = {}  # family position: cards added
    doubled_now: set[int] = set()
    extras = 0
    for card in column:
        gain += FLAT_VALUES[card]
        family = FAMILY_AT[card]
        if family is not None:
            added[family] = added.get(family, 0) + 1
        elif card == EXTRA_SLOT:
            extras += 1
        elif card == ANY_SLOT and not hand[card]:
            gain += BOT_CARD_VALUES[ANY_MULTIPLIER]
        elif DOUBLES_AT[card] is not None and not hand[card]:
            doubled_now.add(DOUBLES_AT[card])
            added.setdefault(DOUBLES_AT[card], 0)
    if extras and any(hand[FAMILY_SLOTS[f]] or f in added for f in PILE_POSITIONS):
        gain += BOT_CARD_VALUES[EXTRA_MONSTER] * extras
    others = len(hands) - 1
    for family, count in added.items():
        slot = FAMILY_SLOTS[family]
        was = doubling(hand, family)
        now = 2 if family in doubled_now else was
        counts = [other[slot] for other in hands]
        before = [quick_points(counts, n, family) for n in range(len(hands))]
        counts[seat] += count
        after = [quick_points(counts, n, family) for n in range(len(hands))]
        gain += now * after[seat] - was * before[seat]
        for n in range(len(hands)):
            if n != seat and after[n] != before[n]:
                gain -= (after[n] - before[n]) * doubling(hands[n], family) / others
    return gain


def doubling(hand: list[int], family: int) -> int:
    """2 if the hand holds the family's own multiplier, else 1."""
    slot = DOUBLER_OF.get(family)
    return 2 if slot is not None and hand[slot] else 1


def quick_points(counts: list[int], seat: int, family: int) -> int:
    held = counts[seat]
    if not held:
        return 0
    # two players: the only majority rule that matters is the strictly larger count
    leads = held > counts[1 - seat] if len(counts) == 2 else majority_holder(counts) == seat
    return POINT_LIST[family] if leads else -held * LOSS_LIST[family]


def quick_scores(hands: list[list[int]]) -> list[int]:
    """Every seat's score, as scoring counts it, except that each seat's extra monsters go
    where they score best against the piles placed so far: fast, and rarely different."""
    counts = [[hand[slot] for hand in hands] for slot in FAMILY_SLOTS]
    for seat, hand in enumerate(hands):
        if not hand[EXTRA_SLOT]:
            continue
        piles = tuple(PILE_FAMILIES[n] for n, f in enumerate(PILE_POSITIONS) if counts[f][seat])
        choices = cached_placements(hand[EXTRA_SLOT], piles)
        best, best_score = choices[0], None
        for placement in choices if len(choices) > 1 else ():
            shift_piles(counts, seat, placement, 1)
            score = quick_seat_score(seat, hand, counts)
            shift_piles(counts, seat, placement, -1)
            if best_score is None or score > best_score:
                best, best_score = placement, score
        shift_piles(counts, seat, best, 1)
    return [quick_seat_score(seat, hand, counts) for seat, hand in enumerate(hands)]


@functools.cache
def cached_placements(extras: int, piles: tuple[str, ...]) -> list[tuple[int, ...]]:
    return extra_placements(extras, list(piles))


def shift_piles(counts: list[list[int]], seat: int, placement: tuple, sign: int) -> None:
    for position, extra in zip(PILE_POSITIONS, placement, strict=True):
        counts[position][seat] += sign * extra


def quick_seat_score(seat: int, hand: list[int], counts: list[list[int]]) -> int:
    points = [quick_points(counts[f], seat, f) for f in range(len(FAMILIES))]
    total = sum(points)
    for slot, value in BONUS_SLOTS:
        if hand[slot]:
            total += value * hand[slot]
    doubled = [family for family, slot in DOUBLER_SLOTS if hand[slot]]
    total += sum(points[family] for family in doubled)
    if hand[ANY_SLOT]:
        gains = [0 if f in doubled else points[f] for f in PILE_POSITIONS if counts[f][seat]]
        if gains:
            total += max(gains)
    return total
