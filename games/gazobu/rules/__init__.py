"""Gazobu's rules: setup, who acts, the legal moves, apply, take-backs and the scoring.

The notes on every ruling are the package's docstring (games/gazobu/__init__.py).
"""

from __future__ import annotations

import copy
import sys
from collections import Counter
from itertools import product

from games.base import (
    IllegalMove,
    Outcome,
    Rng,
    player_names,
    require_move_kind,
    resolve_options,
)
from games.gazobu.cards import (
    ANY_MULTIPLIER,
    BLACK_HOLE,
    BONUS,
    CARD_ORDER,
    DECK,
    EXTRA_MONSTER,
    FAMILIES,
    LOSS,
    MULTIPLIES,
    PILE_FAMILIES,
    POINTS,
    card_name,
    sorted_cards,
)
from games.gazobu.cards.phrases import (
    draw_text,
    place_text,
    quoted,
    said,
    take_text,
    the_list,
)
from games.gazobu.rules.refusals import (
    check_column,
    check_fields,
    check_taking_phase,
    check_turn,
)
from games.texts import tell

slug = "gazobu"
title = "Gazobu"
min_players = 2
max_players = 4
options: dict[str, tuple] = {}
version = 2
versions = (1, 2)

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
    if not min_players <= len(names) <= max_players:
        raise IllegalMove(
            tell(
                "Gazobu is for %(least)s to %(most)s players, not %(count)s.",
                least=min_players,
                most=max_players,
                count=len(names),
            )
        )
    for name in options or {}:
        # Gazobu has no options: any one named is unknown.
        raise IllegalMove(said("Unknown option %(name)s; this game has: none.", name=repr(name)))
    chosen = resolve_options(rules.options, options)
    version = rules.version if version is None else version
    if version not in versions:
        known = ", ".join(map(str, versions))
        raise IllegalMove(tell("Gazobu has rules versions %(versions)s.", versions=known))
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


def take_column(state: dict, seat: int, move: dict, rng: Rng) -> dict:
    check_fields(move, ("column",), take_text(1))
    column = check_column(move["column"], COLUMNS)
    check_taking_phase(state)
    state["hands"][seat].extend(state["columns"][column - 1])
    state["columns"][column - 1] = []
    state["pills"][seat] += 1
    draw_cards(state)
    return state


def draw_without_taking(state: dict, seat: int, move: dict, rng: Rng) -> dict:
    check_fields(move, (), draw_text())
    check_taking_phase(state)
    draw_cards(state)
    return state


def draw_cards(state: dict) -> None:
    state["drawn"] = [state["draw"].pop() for _ in range(DRAWN_PER_TURN)]
    state["phase"] = "place"


def place_card(state: dict, seat: int, move: dict, rng: Rng) -> dict:
    check_fields(move, ("card", "column"), place_text(1, "blob"))
    if state["phase"] != "place":
        raise IllegalMove(
            tell(
                "First take a column or draw: %(take1)s, %(take2)s or %(draw)s.",
                take1=quoted(take_text(1)),
                take2=quoted(take_text(2)),
                draw=quoted(draw_text()),
            )
        )
    card, column = move["card"], check_column(move["column"], COLUMNS)
    drawn = state["drawn"]
    if not isinstance(card, str) or card not in drawn:
        cards = the_list(card_name(c) for c in drawn)
        raise IllegalMove(tell("You have the %(cards)s to place; name one of them.", cards=cards))
    allowed = open_columns(state)
    if column not in allowed:
        raise IllegalMove(
            tell(
                "You took column %(column)s, so your last card must recreate it: %(example)s.",
                column=allowed[0],
                example=quoted(place_text(allowed[0], card)),
            )
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


def skip_move(state: dict, seat: int) -> dict | None:
    """Gazobu cannot skip a seat: every turn draws and places two cards."""
    return None


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
    doubled = doubled_families(hand)
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


def doubled_families(hand: Counter) -> set[str]:
    """The families the hand's own multipliers double (not the one at choice)."""
    return {MULTIPLIES[card] for card in MULTIPLIES if hand[card] and MULTIPLIES[card]}


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
    return {
        "seat": seat,
        "name": name,
        "families": family_breakdown(seat, hand, counts, extras, target),
        "bonus_cards": sorted_cards([card for card in BONUS for _ in range(hand[card])]),
        "bonus": sum(value * hand[card] for card, value in BONUS.items()),
        "extra_monsters": hand[EXTRA_MONSTER],
        "multipliers": multiplier_breakdown(seat, hand, counts, target),
        "total": total,
    }


def family_breakdown(
    seat: int,
    hand: Counter,
    counts: dict[str, list[int]],
    extras: tuple[int, ...],
    target: str | None,
) -> dict[str, dict]:
    """Each family the seat counts (its extra monsters included): its cards and its points."""
    doubled = doubled_families(hand)
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
    return families


def multiplier_breakdown(
    seat: int, hand: Counter, counts: dict[str, list[int]], target: str | None
) -> list[dict]:
    """Each multiplier the seat holds, where it lies and whether it counts."""
    doubled = doubled_families(hand)
    multipliers = []
    for card, family in MULTIPLIES.items():
        if not hand[card]:
            continue
        on = family if family else target
        counts_here = bool(on and counts[on][seat]) and (family is not None or on not in doubled)
        multipliers.append({"card": card, "family": on, "counts": counts_here})
    return multipliers
