"""Dr. Gomb's strong bot: a player to sit in for an absent friend (games.bots.strong calls
`bot_move`). It reads the table from `view(state, seat)` alone: its own sequences as they
show, the others', the pile tops, the sizes of the deck and the talon. Every card it cannot see
(the deck, the talon, the box, the cards under the pile tops, in normal mode every covered
number) is one unseen pool.

It values its sequences by the points they are expected to score at the end: per sequence,
the chance to come by each card it lacks (from the unseen copies, over the draws the deck has
left for it and the piles' share), the run from 1 those cards make and the odd one out it
has or may find; for the odd ones out, the chance that they make 1, 2, 3... in different
colours. Every decision takes the move that raises that value most: a card goes where it
adds most, else onto a pile; a turn starts with a pile top worth more than a card from the
deck is on average; a broken button takes the card the bot misses least; a surprise is used
when the talon's likely cards of its colour outweigh what a broken button there would take;
a discard buries the pile top the others want more than the bot does.

In normal mode it remembers nothing, as a friend who may not peek: it builds each sequence
as a ladder it can read back from the colours and the top, and plays a card only as the
next number of its ladder (bot/ladders.py).
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any, NamedTuple

from games.base import IllegalMove, Rng
from games.dr_gomb.bot.ladders import ODD_ONE_FIRST, believed_sequence, ladder_height, ladder_next
from games.dr_gomb.cards import (
    BROKEN,
    CODE_OF,
    COLOUR_INDEX,
    COLOURS,
    FULL_DECK,
    JOKER,
    KIND_OF,
    LETTERS,
    NUMBER,
    NUMBER_OF,
    SURPRISE,
    cards,
)
from games.dr_gomb.rules import CARD_LIMIT, FINISHED, legal_moves
from games.dr_gomb.scoring import EXTRA_POINTS, RUN_POINTS
from games.dr_gomb.view import view

# Each of the bot's turns brings a card from the deck; the discard piles bring about this many
# more, as the other players throw away what they draw.
PILE_SHARE = 0.25
# What the bot gives up to keep a pile top it wants, or to bury one another player wants, when
# it chooses the pile for a discard (in points of its own, per point of theirs).
BURY_THEIRS = 0.3
# A broken button on top of a normal-mode sequence hides its number: the bot, which remembers
# nothing, then works the sequence out again from the colours.
COVER_COST = 0.3


def bot_move(state: dict, seat: int, rng: Rng) -> dict:
    """A strong legal move for `seat`, chosen on what `view(state, seat)` shows and nothing else
    (the legal moves too are what the seat may do, known at the table). No sampling: the bot
    needs no randomness, so `rng` is left untouched."""
    moves = legal_moves(state, seat)
    if not moves:
        raise IllegalMove("The bot has nothing to do: it is not this seat's turn.")
    if len(moves) == 1:
        return moves[0]
    return BotReading(view(state, seat), seat).choose(moves)


class BotReading:
    """The table as the bot's seat sees it, and what the bot expects of its own sequences."""

    def __init__(self, seen: dict, seat: int) -> None:
        self.seen = seen
        self.seat = seat
        self.open = seen["mode"] == "basic" or seen["step"] == "over"
        players = seen["players"]
        self.players = len(players)
        self.sequences = [
            tuple(
                believed_sequence(colour, player["sequences"][name], self.open)
                for colour, name in enumerate(COLOURS)
            )
            for player in players
        ]
        self.mine = self.sequences[seat]
        self.in_play = players[seat]["cards_in_play"]
        self.tops = [CODE_OF[pile["top"]] if pile["top"] else None for pile in seen["piles"]]
        # A used surprise is still the bot's card, waiting for a pile, though not in hand.
        mine = seen["held"] is not None
        spent = [seen["spent_surprise"]] if mine and seen.get("spent_surprise") else []
        self.held = [CODE_OF[name] for name in [*spent, *(seen["held"] or [])]]
        self.unseen = self._unseen()
        self.pool = max(1, sum(self.unseen.values()))
        turns = seen["deck"] / self.players
        self.draws = turns * (1 + PILE_SHARE)
        self._prospects_cache: dict = {}
        self._value_cache: dict = {}
        self._gain_cache: dict = {}
        self.now = self.value(self.mine)

    # --- What the bot may still get

    def _unseen(self) -> Counter:
        unseen = Counter(FULL_DECK)
        shown = [card for pile in self.sequences for sequence in pile for card in cards(sequence)]
        shown += [code for code in self.tops if code]
        shown += self.held
        shown += [CODE_OF[name] for name in self.seen["breaking"]]
        shown += [CODE_OF[name] for name in self.seen["out"] if name in CODE_OF]
        for code in shown:
            if code in unseen and unseen[code] > 0:
                unseen[code] -= 1
        return unseen

    def chance(self, copies: int, draws: float | None = None) -> float:
        """The chance to come by one of `copies` unseen cards before the game ends. A card on a
        pile's top now counts for nothing more: the next player may take or bury it, and a
        bot that counted on it played worse."""
        draws = self.draws if draws is None else draws
        return 1 - (1 - copies / self.pool) ** draws if copies else 0.0

    # --- What a seat's sequences are worth

    def value(self, sequences: tuple[str, ...], draws: float | None = None) -> float:
        """The points the sequences are expected to score at the end, odd ones out included."""
        key = (sequences, draws)
        if key not in self._value_cache:
            self._value_cache[key] = self._value(sequences, draws)
        return self._value_cache[key]

    def _value(self, sequences: tuple[str, ...], draws: float | None) -> float:
        if _cards_in_play_of(sequences) >= CARD_LIMIT:
            draws = 0.0
        # an odd one out's colour is taken: another sequence looks for its odd one elsewhere
        barred = frozenset(
            odd[0]
            for colour, sequence in enumerate(sequences)
            if (odd := _odd_one(colour, sequence))
        )
        total, open_ones, fixed_odds = 0.0, [], []
        for colour, sequence in enumerate(sequences):
            kind, data = self.prospects(colour, sequence, barred, draws)
            if kind == "fixed":
                letter, number, points, valid = data
                total += points
                fixed_odds.append((letter, number, valid))
            elif kind == "open":
                open_ones.append(data)
                total += max((points for points, _ in data.values()), default=0.0)
        return total + self._extra(fixed_odds, open_ones)

    def _extra(self, fixed_odds: list, open_ones: list) -> float:
        """What the odd ones out may add: the set must hold numbers 1, 2, 3... once each, in
        different colours. A number no odd one out has yet goes to the sequence still without
        one that pays most for it (the set's gain, less the odd one out that sequence would
        rather have), as long as the set gains by it."""
        # Odd ones out that clash (one colour or number twice) leave the set nothing unless
        # all but one of them fail to score: keep the likeliest, hope the others fail.
        chance, letters, spoilers = {}, set(), 1.0
        for letter, number, valid in sorted(fixed_odds, key=lambda odd: -odd[2]):
            if number in chance or letter in letters:
                spoilers *= 1 - valid
            else:
                chance[number] = valid
                letters.add(letter)
        best = extra = given_up = 0.0
        reached, used = 1.0, set()
        for number in range(1, 6):
            valid = chance.get(number)
            if valid is None:
                step = EXTRA_POINTS[number] - EXTRA_POINTS[number - 1]
                offers = [
                    (step * reached * options[number][1] - rather, index, rather)
                    for index, options in enumerate(open_ones)
                    if index not in used and number in options
                    for rather in [max(p for p, _ in options.values()) - options[number][0]]
                ]
                if not offers:
                    break
                _, index, rather = max(offers)
                used.add(index)
                valid, given_up = open_ones[index][number][1], given_up + rather
            reached *= valid
            extra += (EXTRA_POINTS[number] - EXTRA_POINTS[number - 1]) * reached
            best = max(best, spoilers * extra - given_up)
        return best

    def prospects(
        self, colour: int, sequence: str, barred: frozenset, draws: float | None
    ) -> tuple[str, Any]:
        """("fixed", (odd letter, odd number, expected points, chance it scores)) for a sequence
        with its odd one out, ("open", {odd number: (expected points, chance it scores)}) for
        one without, ("dead", None) for one that cannot score any more."""
        key = (colour, sequence, barred, draws)
        if key not in self._prospects_cache:
            self._prospects_cache[key] = self._prospects(colour, sequence, barred, draws)
        return self._prospects_cache[key]

    def _prospects(
        self, colour: int, sequence: str, barred: frozenset, draws: float | None
    ) -> tuple[str, Any]:
        letter = LETTERS[colour]
        shape = _sequence_shape(colour, sequence)
        if shape is None:
            return "dead", None
        counts, cap, odd, jokers = shape
        if cap == 0:
            return "dead", None
        chances = [1.0] * 6
        missing = [number for number in range(1, cap + 1) if not counts[number]]
        for number in missing:
            code = letter + str(number)
            chances[number] = self.chance(self.unseen[code], draws)
        for number in sorted(missing, key=chances.__getitem__)[:jokers]:
            chances[number] = 1.0
        ladder = not self.open
        if odd:
            odd_letter, odd_number = odd
            if odd_number == 0:  # a joker of another colour: it takes a number it fills
                open_slots = [n for n in missing if chances[n] < 1.0]
                if not open_slots:
                    return "dead", None
                odd_number = min(open_slots, key=chances.__getitem__)
                chances[odd_number] = 1.0
            points, valid = self.run_points(chances, cap, odd_number, ladder, counts)
            return "fixed", (odd_letter, odd_number, points, valid)
        options = {}
        for number in missing:
            if chances[number] == 1.0:
                continue  # a joker holds that place
            others = [other for other in LETTERS if other != letter and other not in barred]
            if ladder and number == 1:
                # a ladder's odd one out is its 1 only on a ladder from 2, in the next colour
                if sequence not in ("", letter + "2"):
                    continue
                others = [other for other in others if other == ODD_ONE_FIRST[letter]]
            elif ladder and number == 2 and sequence == letter + "1":
                others = [other for other in others if other != ODD_ONE_FIRST[letter]]
            copies = sum(self.unseen[other + str(number)] for other in others)
            with_odd = list(chances)
            with_odd[number] = self.chance(copies, draws)
            options[number] = self.run_points(with_odd, cap, number, ladder, counts)
        if not options:
            return "dead", None
        return "open", options

    def run_points(
        self, chances: list[float], cap: int, odd_number: int, ladder: bool, counts: list[int]
    ) -> tuple[float, float]:
        """(expected points, chance the run reaches the odd one out)."""
        reach = [1.0] * (cap + 1)
        if ladder:
            height = 0
            while height < cap and counts[height + 1]:
                height += 1
            stages = [chances[number] for number in range(height + 1, cap + 1)]
            stages = tuple(round(stage, 3) for stage in stages)
            reach = [1.0] * (height + 1) + list(_sequential_reach(stages))
        else:
            for run in range(1, cap + 1):
                reach[run] = reach[run - 1] * chances[run]
        points = 0.0
        for run in range(odd_number, cap + 1):
            step = RUN_POINTS[run] if run == odd_number else RUN_POINTS[run] - RUN_POINTS[run - 1]
            points += step * reach[run]
        return points, reach[odd_number]

    # --- Gains of single cards

    def targets(self, code: str, sequences: tuple[str, ...]) -> list[int]:
        """The sequences the bot would play the card into: never one the card would spoil (a
        number twice or a second odd one out where the run may still reach), and in normal
        mode only as the next number of its ladder."""
        colour = LETTERS.index(code[0])
        found = []
        for target, sequence in enumerate(sequences):
            if target != colour and not sequence:
                continue
            if not self.open and not self.fits_ladder(code, target, sequence):
                continue
            if self.spoils(code, target, sequence):
                continue
            found.append(target)
        return found

    def spoils(self, code: str, target: int, sequence: str) -> bool:
        before = _sequence_shape(target, sequence)
        after = _sequence_shape(target, sequence + self.as_played(code, sequence))
        return before is not None and (after is None or after.cap < before.cap)

    def fits_ladder(self, code: str, target: int, sequence: str) -> bool:
        following = ladder_next(target, sequence)
        if not following:
            return False
        letter = LETTERS[target]
        if not sequence and code == letter + "2" and len(self.shelters(target)) < 2:
            return False  # a broken button would have nowhere else to go but on the 2
        if following == (1,):  # a ladder from 2 takes its odd one out, of the next colour
            return code == ODD_ONE_FIRST[letter] + "1"
        if code[1] == "*" and "!" in sequence[1::2]:
            return False  # under a joker on top the bot could no longer count broken buttons
        played = self.as_played(code, sequence)
        if NUMBER_OF[played] not in following:
            return False
        if played[0] == letter:
            return True
        height = following[0] - 1
        if _odd_one(target, sequence):
            return False
        return not (height == 1 and played[0] == ODD_ONE_FIRST[letter])

    def shelters(self, target: int) -> list[int]:
        """The bot's other sequences a broken button could cover instead of this one."""
        return [
            other
            for other, sequence in enumerate(self.mine)
            if other != target
            and 0 < len(sequence) // 2 < FINISHED
            and ladder_next(other, sequence) != (1,)
        ]

    def as_played(self, code: str, sequence: str) -> str:
        """In a normal-mode ladder a joker is the next number."""
        if self.open or code[1] != "*":
            return code
        return code[0] + str((ladder_height(sequence) or 0) + 1)

    def play_gain(self, code: str) -> tuple[float, int | None]:
        """The best gain of playing a number or joker card, and where (None: not worth it)."""
        if code not in self._gain_cache:
            best = (0.0, None)
            if self.in_play < CARD_LIMIT:
                for target in self.targets(code, self.mine):
                    after = list(self.mine)
                    after[target] += self.as_played(code, after[target])
                    gain = self.value(tuple(after)) - self.now
                    if gain > best[0] + 1e-9:
                        best = (gain, target)
            self._gain_cache[code] = best
        return self._gain_cache[code]

    def card_gain(self, code: str) -> float:
        """What a card coming into the bot's hand is worth to it."""
        kind = KIND_OF[code]
        if kind == SURPRISE:
            return max(0.0, self.surprise_gain(code[0]))
        if kind == BROKEN:
            return -self.broken_cost(code)
        return self.play_gain(code)[0]

    def broken_cost(self, code: str) -> float:
        if self.in_play >= CARD_LIMIT:
            return 0.0
        if self.open:
            options = self.removals(code[0])
            if not options:
                return 0.0
            return self.now - max(value for value, _ in options)
        return COVER_COST if any(self.cover_targets(code)) else 0.0

    def removals(self, letter: str) -> list[tuple[float, tuple[int, int]]]:
        """The values after a broken button takes each of the bot's cards of its colour."""
        found = []
        for target, sequence in enumerate(self.mine):
            for index, code in enumerate(cards(sequence)):
                if code[0] == letter and code[1] != "!":
                    after = list(self.mine)
                    after[target] = sequence[: 2 * index] + sequence[2 * index + 2 :]
                    found.append((self.value(tuple(after)), (target, index + 1)))
        return found

    def cover_targets(self, code: str) -> list[int]:
        colour = LETTERS.index(code[0])
        return [
            target
            for target, sequence in enumerate(self.mine)
            if target != colour and 0 < len(sequence) // 2 < FINISHED
        ]

    def surprise_gain(self, letter: str) -> float:
        """The talon's cards of the surprise's colour, less what a broken button found there
        would take, both as likely as the unseen cards make them."""
        talon = self.seen["talon"]
        if not talon or self.in_play >= CARD_LIMIT:
            return 0.0
        share = talon / self.pool
        held = {code[0] for sequence in self.mine for code in cards(sequence) if code[1] != "!"}
        spared, losses = 1.0, []
        for other in LETTERS:
            if self.unseen[other + "!"] and other in held:
                spared *= 1 - share
                removals = self.removals(other)
                if removals:
                    losses.append(self.now - max(value for value, _ in removals))
        found = sum(
            self.unseen[code] * share * self.play_gain(code)[0]
            for code in self.unseen
            if code[0] == letter and KIND_OF[code] in (NUMBER, JOKER)
        )
        loss = sum(losses) / len(losses) if losses else 0.0
        return spared * found - (1 - spared) * loss

    def draw_gain(self) -> float:
        return (
            sum(copies * self.card_gain(code) for code, copies in self.unseen.items() if copies)
            / self.pool
        )

    # --- Choosing

    def choose(self, moves: list[dict]) -> dict:
        best, best_score = moves[0], None
        for move in moves:
            score = self.score(move)
            if best_score is None or score > best_score + 1e-9:
                best, best_score = move, score
        return best

    def score(self, move: dict) -> float:
        kind = move["kind"]
        if kind == "draw":
            return self.draw_gain() + 1e-6  # the deck first among equals: the game moves on
        if kind == "take":
            top = self.tops[move["pile"] - 1]
            if KIND_OF[top] in (BROKEN, SURPRISE):
                # A broken button only costs; a surprise on a pile has most likely looked into
                # the talon already, and the bot, remembering nothing, would take it and look
                # again, and again.
                return -1.0
            gain = self.card_gain(top)
            return gain if gain > 0 else -1.0
        if kind == "discard_sequence":
            after = list(self.mine)
            after[COLOUR_INDEX[move["sequence"]]] = ""
            return self.value(tuple(after)) - self.now
        if kind == "discard_three":
            return -100.0
        if kind == "play":
            code = CODE_OF[move["card"]]
            target = COLOUR_INDEX[move["to"]]
            if KIND_OF[code] == BROKEN:
                return -self.cover_cost(target)
            if target not in self.targets(code, self.mine):
                return -50.0  # it would spoil the sequence, or (normal mode) leave its ladder
            after = list(self.mine)
            after[target] += self.as_played(code, after[target])
            return self.value(tuple(after)) - self.now
        if kind == "discard":
            return self.bury_score(move["pile"])
        if kind == "use_surprise":
            surprise = next(code for code in self.held if code[1] == "?")
            return self.surprise_gain(surprise[0])
        if kind in ("break", "discard_played"):
            target = COLOUR_INDEX[move["sequence"]]
            sequence = self.mine[target]
            index = move["position"] - 1
            after = list(self.mine)
            after[target] = sequence[: 2 * index] + sequence[2 * index + 2 :]
            score = self.value(tuple(after)) - self.now
            if not self.open:  # taking the top keeps the ladder readable
                score += 0.5 * (move["position"] == len(sequence) // 2)
            if kind == "discard_played":
                score += self.bury_score(move["pile"])
            return score
        return 0.0

    def cover_cost(self, target: int) -> float:
        """A normal-mode broken button covers the top of one of the bot's sequences: it scores
        nothing, but hides the number the bot needs next, and a second broken button, or one
        beside an odd one out, leaves the bot unsure which covered card is which."""
        sequence = self.mine[target]
        shape = _sequence_shape(target, sequence)
        if shape is None or shape.cap == 0:
            return 0.1 * COVER_COST  # nothing to lose there
        if ladder_next(target, sequence) == (1,):
            return 30 * COVER_COST  # a ladder from 2 must show its 2 until the 1 comes
        if "!" in sequence[1::2]:
            return 10 * COVER_COST
        if shape.odd:
            return 3 * COVER_COST
        return COVER_COST

    def bury_score(self, pile: int) -> float:
        """Discarding onto a pile buries its top: good for a card another player wants, bad
        for one the bot wants."""
        top = self.tops[pile - 1]
        if top is None or not self.seen["deck"]:
            return 0.0  # the game ends with this card
        mine = max(0.0, self.card_gain(top)) if KIND_OF[top] in (NUMBER, JOKER) else 0.0
        return BURY_THEIRS * self.wanted_by_others(top) - mine

    def wanted_by_others(self, code: str) -> float:
        if KIND_OF[code] not in (NUMBER, JOKER):
            return 0.0
        best = 0.0
        for seat, sequences in enumerate(self.sequences):
            if seat == self.seat:
                continue
            before = self.value(sequences)
            for target in self.targets(code, sequences):
                after = list(sequences)
                after[target] += self.as_played(code, after[target])
                best = max(best, self.value(tuple(after)) - before)
        return best


def _cards_in_play_of(sequences: tuple[str, ...]) -> int:
    return sum(len(sequence) for sequence in sequences) // 2


class _Shape(NamedTuple):
    """What a sequence holds, as far as its score goes."""

    counts: list[int]  # how many cards of each number (index 1-5)
    cap: int  # the longest run from 1 that can still score
    odd: tuple[str, int] | None  # its odd one out: (letter, number; 0 for an off-colour joker)
    jokers: int  # jokers of its own colour


@functools.lru_cache(maxsize=1 << 14)
def _sequence_shape(colour: int, sequence: str) -> _Shape | None:
    """The shape of a sequence as the bot believes it; None when its numbers are unknown."""
    letter = LETTERS[colour]
    counts = [0] * 6
    offs, jokers, off_jokers = [], 0, []
    for code in cards(sequence):
        rank = code[1]
        if rank == "!":
            continue
        if rank == "u":
            return None
        if rank == "*":
            if code[0] == letter:
                jokers += 1
            else:
                off_jokers.append(code[0])
            continue
        number = int(rank)
        counts[number] += 1
        if code[0] != letter:
            offs.append((code[0], number))
    cap = next((number - 1 for number in range(1, 6) if counts[number] > 1), 5)
    offs.sort(key=lambda odd: odd[1])
    if len(offs) > 1:  # a second card of another colour ends the run below it
        cap = min(cap, offs[1][1] - 1)
    odd = offs[0] if offs and offs[0][1] <= cap else None
    if odd is None and off_jokers:
        odd = (off_jokers[0], 0)
    return _Shape(counts, cap, odd, jokers)


def _odd_one(colour: int, sequence: str) -> tuple[str, int] | None:
    """The numbered odd one out of a sequence, if it has one."""
    shape = _sequence_shape(colour, sequence)
    if shape is None or shape.odd is None or not shape.odd[1]:
        return None
    return shape.odd


@functools.lru_cache(maxsize=1 << 12)
def _sequential_reach(stages: tuple[float, ...]) -> tuple[float, ...]:
    """For a ladder: the chance to have climbed 1, 2, ... of the stages in order, each stage
    given as the chance to come by its card over the whole game (rounded, for the cache)."""
    reach, product = [], 1.0
    for index, stage in enumerate(stages):
        # each later stage has less of the game left to come by its card
        product *= 1 - (1 - stage) ** (1 / (index + 1)) if stage < 1 else 1.0
        reach.append(product)
    return tuple(reach)
