"""A strong DOS player to sit in for an absent friend: it plays on what `view` shows the seat.

Everything here starts from `view(state, seat)`: the bot's own hand and waiting penalty cards,
the centre row, the matches of the turn so far, the sizes of the other hands and of the deck,
the calls and who may be caught. The cards it cannot see (other hands, the deck, the discard
pile, whose contents the view does not show) are one unseen pool to it.

How it plays:
- Side moves first: catch a player who ended a turn on two cards without calling; never end a
  turn on two uncalled cards itself (every step that leaves two cards carries the call).
- Matching: the best set of matches for the whole turn, found by a search over the centre row
  (each centre card takes one match): most cards shed, then colour bonuses (each one sheds
  another card, a double also makes every other player draw), then the hand kept most able to
  match next turn, shedding points when an opponent is close to going out. Wilds are named for
  a colour bonus whenever one is possible.
- Drawing only when no match is possible.
- Adding a card to the centre row (after drawing, or for a bonus): the card that leaves the
  hand best able to match, that an opponent is least likely to match (estimated on opponent
  hands sampled from the unseen pool with the bot's own rng), and, with an opponent close to
  going out, that sheds the most points.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from games.base import IllegalMove, Rng
from games.dos.cards import (
    DECK_COUNT,
    NAMINGS,
    ORDER,
    POINTS,
    WILD_DOS,
    is_wild,
    number_of,
)
from games.dos.rules import colour_bonus, matches_of_hand
from games.dos.view import view

SAMPLED_HANDS = 24
BONUS_RANK = {"double": 2, "single": 1, None: 0}
# A search over many centre cards with a large hand is cut short: the rest is filled greedily.
SEARCH_BUDGET = 2000

# Weights of a turn's outcome, in tenths of a card shed.
SHED = 10
BONUS_CARD = 9
OTHER_DRAWS = 8
GOING_OUT = 1000
COVERAGE = 1.5
PLAYED_WILD = {"#": 2.5, WILD_DOS: 1.0}
OPPONENT_MATCH = 8


def bot_move(state: dict, seat: int, rng: Rng) -> dict:
    """A strong legal move for `seat`, chosen from what the seat sees and nothing else."""
    return choose_move(view(state, seat), rng)


def choose_move(seen: dict, rng: Rng) -> dict:
    """The bot's move from a seat's view; `rng` only samples the cards the seat cannot see."""
    seat = seen["seat"]
    for other in seen["catchable"]:
        if other != seat:
            return {"kind": "catch", "seat": other}
    turn = seen["turn"]
    hand = seen["hand"]
    may_call = len(hand) == 2 and not seen["called"][seat]
    if seat != turn["seat"] or seat not in seen["to_act"]:
        if may_call:
            return {"kind": "dos"}
        raise IllegalMove("The bot has nothing to do: it is not this seat's turn.")
    table = Table(seen, rng)
    phase = turn["phase"]
    if phase == "bonus":
        return add_move(table.best_card_to_add(), hand)
    plan = table.best_plan()
    if plan:
        first = plan[0]
        call = len(hand) - len(first["cards"]) == 2
        return dict(first, call=call)
    if phase == "start":
        cards_left = bool(seen["deck_size"] or seen["discard_size"])
        return {"kind": "draw", "call": len(hand) == 1 and cards_left}
    if phase == "drawn":
        return add_move(table.best_card_to_add(), hand)
    return {"kind": "dos"} if may_call else {"kind": "end"}


def add_move(card: str, hand: list[str]) -> dict:
    return {"kind": "add", "card": card, "call": len(hand) == 3}


# --- What a hand can do ----------------------------------------------------------------------


@lru_cache(maxsize=64)
def card_numbers(card: str) -> tuple[int, ...]:
    """The numbers a card may count as, in a hand or in the centre row (a wild # any)."""
    return tuple(sorted({number for _, _, number in NAMINGS[card]}))


ALL_NUMBERS = tuple(range(1, 11))


@lru_cache(maxsize=8192)
def coverage(hand: tuple[str, ...]) -> frozenset[int]:
    """The numbers 1-10 the hand could match: one card of that number or two adding up to it."""
    if any(card_numbers(card) == ALL_NUMBERS for card in hand):
        return frozenset(ALL_NUMBERS)  # a wild # matches any number by itself
    counts = Counter(number_of(card) for card in hand)
    covered = set(counts)
    for a in counts:
        for b in counts:
            if a <= b and a + b <= 10 and (a != b or counts[a] > 1):
                covered.add(a + b)
    return frozenset(covered)


def hand_points(hand: list[str] | tuple[str, ...]) -> int:
    return sum(POINTS[card] for card in hand)


# --- The table as the seat sees it -----------------------------------------------------------


class Table:
    def __init__(self, seen: dict, rng: Rng):
        self.seen = seen
        self.rng = rng
        self.seat = seen["seat"]
        self.hand = list(seen["hand"])
        self.centre = list(seen["centre"])
        count = len(seen["players"])
        self.others = [(self.seat + k) % count for k in range(1, count)]
        self.sizes = {other: seen["hand_sizes"][other] for other in self.others}
        smallest = min(self.sizes.values())
        # How much the points still held matter: an opponent on one card may go out next turn.
        self.danger = {1: 1.0, 2: 0.6, 3: 0.3, 4: 0.15}.get(smallest, 0.05)
        self._samples: list[tuple[int, list[frozenset[int]]]] | None = None

    # The unseen cards and what the opponents may hold

    def unseen(self) -> list[str]:
        seen = Counter(self.hand) + Counter(self.centre) + Counter(self.seen["penalty"] or [])
        for made in self.seen["turn"]["matches"]:
            seen.update([made["target"], *made["cards"]])
        left = Counter(DECK_COUNT) - seen
        return sorted(left.elements(), key=ORDER.__getitem__)

    def samples(self) -> list[tuple[int, list[frozenset[int]]]]:
        """For each opponent, the numbers each of a few sampled hands could match."""
        if self._samples is None:
            pool = self.unseen()
            self._samples = []
            for other in self.others:
                size = min(self.sizes[other], len(pool))
                covered = []
                for _ in range(SAMPLED_HANDS):
                    covered.append(coverage(tuple(self.sample(pool, size))))
                self._samples.append((self.sizes[other], covered))
        return self._samples

    def sample(self, pool: list[str], size: int) -> list[str]:
        """`size` cards drawn at random from the pool (the first steps of a shuffle)."""
        drawn = list(pool)
        for i in range(size):
            j = self.rng.randint(i, len(drawn) - 1)
            drawn[i], drawn[j] = drawn[j], drawn[i]
        return sorted(drawn[:size], key=ORDER.__getitem__)

    def gift(self, card: str) -> float:
        """How much a card added to the centre row helps the opponents: the chance each could
        match it, weighed by how close that match would bring them to going out."""
        numbers = set(card_numbers(card))
        total = 0.0
        for size, covered in self.samples():
            chance = sum(1 for numbers_covered in covered if numbers & numbers_covered)
            chance /= len(covered)
            closeness = {1: 6.0, 2: 2.5, 3: 1.5}.get(size, 1.0)
            total += chance * closeness
        return total

    # Matching: the best plan for the rest of the turn

    def best_plan(self) -> list[dict]:
        """The matches that make the best turn from here, in centre row order."""
        hand = tuple(self.hand)
        self.slots = [self.options(target, hand) for target in self.centre]
        self.budget = SEARCH_BUDGET
        self.memo: dict = {}
        _, plan = self.search(0, hand, ())
        return list(plan)

    def options(self, target: str, hand: tuple[str, ...]) -> list[tuple]:
        """The ways to match `target` with cards of `hand`, one per set of cards played, each
        with its wilds named for the best colour bonus it allows, best first by what the match
        itself is worth: (worth, the move, its colour bonus, the cards played counted, what
        spending them is worth beyond the cards shed)."""
        best: dict[tuple, tuple] = {}
        for target_as, cards, cards_as in matches_of_hand(target, hand):
            move = {
                "kind": "match",
                "target": target,
                "target_as": target_as,
                "cards": list(cards),
                "cards_as": list(cards_as),
            }
            bonus = colour_bonus(move)
            known = best.get(cards)
            if known is None or BONUS_RANK[bonus] > BONUS_RANK[known[2]]:
                spending = self.spending(cards)
                worth = self.worth(cards, bonus) + spending
                best[cards] = (worth, move, bonus, Counter(cards).items(), spending)
        return sorted(best.values(), key=lambda option: -option[0])

    def spending(self, cards: tuple[str, ...]) -> float:
        """Beyond the cards shed: the wilds a match spends are worth keeping, unless an
        opponent is close to going out, when the points it sheds count instead."""
        spent = sum(PLAYED_WILD.get(wild_kind(card), 0) for card in cards)
        return self.danger * 0.2 * hand_points(cards) - spent * (1 - self.danger)

    def worth(self, cards: tuple[str, ...], bonus: str | None) -> float:
        value = SHED * len(cards) + BONUS_CARD * (bonus is not None)
        return value + OTHER_DRAWS * (bonus == "double") * len(self.others)

    def search(
        self, slot: int, hand: tuple[str, ...], bonuses: tuple[str, ...]
    ) -> tuple[float, tuple[dict, ...]]:
        """The best value and matches from centre card `slot` on, with `hand` left.

        Options are tried best first; once the search budget is spent, each centre card gets
        only its best option still possible, so a plan is always found quickly."""
        if slot == len(self.centre) or not hand:
            return self.outcome(hand, bonuses), ()
        key = (slot, hand, bonuses)
        if key in self.memo:
            return self.memo[key]
        best_value, best_plan = self.search(slot + 1, hand, bonuses)
        held = Counter(hand)
        for _, move, bonus, counted, spending in self.slots[slot]:
            if any(held[card] < copies for card, copies in counted):
                continue
            self.budget -= 1
            rest = list(hand)
            for card in move["cards"]:
                rest.remove(card)
            more = tuple(sorted((*bonuses, bonus))) if bonus else bonuses
            value, plan = self.search(slot + 1, tuple(rest), more)
            value += spending
            if value > best_value:
                best_value, best_plan = value, (move, *plan)
            if self.budget <= 0:
                break
        self.memo[key] = (best_value, best_plan)
        return best_value, best_plan

    def outcome(self, hand: tuple[str, ...], bonuses: tuple[str, ...]) -> float:
        """The value of ending the matching with `hand` left and these colour bonuses."""
        shed = len(self.hand) - len(hand)
        value = SHED * shed
        adds = min(len(bonuses), len(hand))
        value += BONUS_CARD * adds
        value += OTHER_DRAWS * bonuses.count("double") * len(self.others)
        if len(hand) == adds:
            return value + GOING_OUT
        value += COVERAGE * len(coverage(hand))
        return value

    # Adding a card to the centre row

    def best_card_to_add(self) -> str:
        """The card to add to the centre row, after drawing or for a colour bonus."""
        best, best_value = None, None
        for card in dict.fromkeys(self.hand):
            rest = list(self.hand)
            rest.remove(card)
            value = self.after_adding(card, rest)
            if best_value is None or value > best_value:
                best, best_value = card, value
        return best

    def after_adding(self, card: str, rest: list[str]) -> float:
        """What adding `card` is worth: the hand left able to match next turn (the centre row
        with this card in it), less the help to the opponents, plus points shed when it
        matters; a wild is kept back."""
        if not rest:
            return GOING_OUT
        covered = coverage(tuple(rest))
        # The centre row as the next turn may find it, this card included.
        row = [*self.centre, card]
        ready = sum(1 for centre in row if covered & set(card_numbers(centre)))
        value = COVERAGE * len(covered) + 3 * min(ready, len(rest))
        value -= OPPONENT_MATCH * self.gift(card)
        value += self.danger * 0.3 * POINTS[card]
        if is_wild(card):
            value -= PLAYED_WILD[wild_kind(card)] * (1 - self.danger)
        return value


def wild_kind(card: str) -> str | None:
    if card == WILD_DOS:
        return WILD_DOS
    return "#" if card.endswith("#") else None
