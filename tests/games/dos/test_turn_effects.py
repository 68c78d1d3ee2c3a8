"""DOS played out: what the end of each turn and of each round should produce.

Seeded games by random players (who favour colour matches, so that bonuses come up often),
checked at every step against what the rulebook says should happen, worked out here from the
position before the step and the move alone: the card values, the colours and the deck are read
off the card names in this file, never asked of the rules module.

- End of turn (RULINGS, DOS): the matched cards, played and centre, go to the discard pile;
  the centre row is refilled to 2 from the deck; every other player draws one card per double
  colour match; then one card from hand goes to the centre row per colour bonus.
- Round end: the player left with no cards scores the cards in the other hands (numbers at face
  value, wild DOS 20, wild # 40), after those hands drew for a double colour match of that turn,
  and deals the next round.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from functools import cache

import games
from games import Rng, step_rng

dos = games.get("dos")

COLOURS = ("blue", "green", "red", "yellow")
# The deck as the rulebook's contents list prints it (with the 5s the transcription drops).
PRINTED = {1: 3, 3: 3, 4: 3, 5: 3, 6: 2, 7: 2, 8: 2, 9: 2, 10: 2, "#": 2}
FULL_DECK = Counter({f"{c} {n}": k for c in COLOURS for n, k in PRINTED.items()}) + Counter(
    {"DOS": 12}
)


def face_value(card: str) -> int:
    """What a card left in a hand scores for the round's winner."""
    if card == "DOS":
        return 20
    printed = card.split(" ")[1]
    return 40 if printed == "#" else int(printed)


def colour(card: str) -> str | None:
    return None if card == "DOS" else card.split(" ")[0]


def colour_bonus(made: dict) -> str | None:
    """'single' or 'double' when every played card has the centre card's colour as named."""
    wanted = colour(made["target_as"] or made["target"])
    played = [
        colour(named or card) for card, named in zip(made["cards"], made["cards_as"], strict=True)
    ]
    if any(got != wanted for got in played):
        return None
    return "single" if len(played) == 1 else "double"


def without(cards: list[str], gone: list[str]) -> list[str]:
    left = list(cards)
    for card in gone:
        left.remove(card)
    return left


def gained(before: list[str], after: list[str]) -> Counter:
    """The cards `after` holds beyond `before`; `before` must still be all there."""
    assert not Counter(before) - Counter(after), f"cards vanished: {before} -> {after}"
    return Counter(after) - Counter(before)


def face_down(state: dict) -> Counter:
    """The deck: every card of the 108 that is in no hand, row, pile or match of this turn."""
    seen = Counter(state["discard"]) + Counter(state["centre"])
    for hand in state["hands"]:
        seen.update(hand)
    seen.update(state["turn"]["penalty"])
    for made in state["turn"]["matches"]:
        seen.update([made["target"], *made["cards"]])
    return FULL_DECK - seen


# --- Playing games and checking each step -------------------------------------------------


@dataclass
class Step:
    before: dict
    seat: int
    move: dict
    after: dict

    @property
    def players(self) -> int:
        return len(self.before["players"])

    @property
    def turn(self) -> dict:
        return self.before["turn"]

    def others(self) -> list[int]:
        """The other seats, in order from the player's left."""
        return [(self.seat + k) % self.players for k in range(1, self.players)]

    def hand_after(self) -> list[str]:
        hand = self.before["hands"][self.seat]
        if self.move["kind"] == "match":
            return without(hand, self.move["cards"])
        if self.move["kind"] == "add":
            return without(hand, [self.move["card"]])
        return list(hand)

    def centre_after(self) -> list[str]:
        """The centre row after this step's own card left it or joined it."""
        centre, kind = self.before["centre"], self.move["kind"]
        if kind == "match":
            return without(centre, [self.move["target"]])
        return centre + [self.move["card"]] if kind == "add" else list(centre)

    def matches(self) -> list[dict]:
        """Every match of the turn, this step's included."""
        made = list(self.turn["matches"])
        return made + [self.move] if self.move["kind"] == "match" else made

    def ends_matching(self) -> bool:
        """The step after which the turn's cards are cleared: 'end', the add after a draw, or a
        match that plays the last card of the hand."""
        kind = self.move["kind"]
        return (
            kind == "end"
            or (kind == "add" and self.turn["phase"] == "drawn")
            or (kind == "match" and not self.hand_after())
        )

    def ends_round(self) -> bool:
        return len(self.after["round_winners"]) > len(self.before["round_winners"])


@dataclass
class Tally:
    """How often each rule was checked, and the first few times it did not hold."""

    checked: Counter = field(default_factory=Counter)
    broken: dict = field(default_factory=dict)

    def check(self, rule: str, holds: bool, step: Step, why: str = "") -> None:
        self.checked[rule] += 1
        if not holds:
            self.broken.setdefault(rule, []).append(
                f"{why} seat {step.seat} {step.move} before={json.dumps(step.before)} "
                f"after={json.dumps(step.after)}"
            )


def check_end_of_matching(step: Step, tally: Tally) -> int:
    """Discard, refill and the others' draws; returns how many bonus cards should follow."""
    before, after = step.before, step.after
    matches = step.matches()
    bonuses = [colour_bonus(made) for made in matches]
    doubles = bonuses.count("double")
    centre_left = step.centre_after()
    refill = max(0, 2 - len(centre_left))
    deck = face_down(before)
    deck_suffices = before["deck_size"] >= refill + doubles * (step.players - 1)
    tally.checked["single colour matches"] += bonuses.count("single")
    tally.checked["double colour matches"] += doubles
    if doubles and step.ends_round():
        tally.checked["double colour matches that go out"] += 1
    if step.ends_round():
        for other in step.others():
            new = gained(before["hands"][other], after["last_hands"][other])
            drew = sum(new.values()) == doubles and not new - deck
            tally.check("others draw for a double colour match", drew or not deck_suffices, step)
        return 0
    if deck_suffices:
        matched = [card for made in matches for card in (made["target"], *made["cards"])]
        tally.check(
            "matched cards go to the discard pile",
            after["discard"] == before["discard"] + matched,
            step,
        )
        kept, new = after["centre"][: len(centre_left)], after["centre"][len(centre_left) :]
        refilled = kept == centre_left and len(new) == refill and not Counter(new) - deck
        tally.check("the centre row is refilled to 2 from the deck", refilled, step)
        for other in step.others():
            drawn = gained(before["hands"][other], after["hands"][other])
            drew = sum(drawn.values()) == doubles and not drawn - deck
            tally.check("others draw for a double colour match", drew, step)
            if doubles:
                tally.check(
                    "others draw for a double colour match",
                    not after["called"][other] and not after["exposed"][other],
                    step,
                    "a changed hand keeps no call and cannot be caught:",
                )
    else:
        tally.checked["the deck ran out at the end of a turn"] += 1
    hand = step.hand_after()
    due = min(len(hand), len(bonuses) - bonuses.count(None))
    if due:
        waits = after["to_act"] == [step.seat] and after["turn"]["phase"] == "bonus"
        tally.check("one card is added to the centre row per colour bonus", waits, step)
    elif hand or before["turn"]["penalty"]:
        passes = after["to_act"] == [(step.seat + 1) % step.players]
        tally.check("one card is added to the centre row per colour bonus", passes, step)
    return due


def check_bonus_card(step: Step, due: int, tally: Tally) -> None:
    """A bonus card leaves the hand for the end of the centre row; the last one ends the turn."""
    before, after, card = step.before, step.after, step.move["card"]
    rule = "one card is added to the centre row per colour bonus"
    if step.ends_round():
        tally.check(rule, due == 1 or not step.hand_after(), step, "went out with bonuses due:")
        return
    still_due = due > 1 and bool(step.hand_after())
    # Penalty cards from a catch during the turn join the hand as the turn closes.
    joining = [] if still_due else before["turn"]["penalty"]
    held = Counter(after["hands"][step.seat]) == Counter(step.hand_after() + joining)
    tally.check(rule, after["centre"] == before["centre"] + [card] and held, step)
    tally.check(rule, (after["to_act"] == [step.seat]) == still_due, step)


def check_round_end(step: Step, tally: Tally) -> None:
    before, after, seat = step.before, step.after, step.seat
    tally.check("an empty hand ends the round", not step.hand_after(), step)
    points = sum(face_value(card) for other in step.others() for card in after["last_hands"][other])
    scored = (
        after["round_winners"][-1] == seat
        and after["round_points"][-1] == points
        and after["scores"][seat] == before["scores"][seat] + points
        and all(after["scores"][o] == before["scores"][o] for o in step.others())
    )
    tally.check("the round winner scores the cards left in the other hands", scored, step)
    if after["winner"] is not None:
        over = after["winner"] == seat and after["scores"][seat] >= after["options"]["target"]
        tally.check("the match ends when the round winner reaches the target", over, step)
        return
    count = step.players
    dealt = (
        after["dealer"] == seat
        and after["to_act"] == [(seat + 1) % count]
        and after["round"] == before["round"] + 1
        and [len(hand) for hand in after["hands"]] == [7] * count
        and len(after["centre"]) == 2
        and after["discard"] == []
        and after["deck_size"] == 108 - 7 * count - 2
    )
    tally.check("the round winner deals the next round", dealt, step)


def check_going_out(step: Step, tally: Tally) -> None:
    """A turn whose last step leaves the hand empty, with no penalty waiting, ends the round."""
    if step.move["kind"] in ("dos", "catch") or step.ends_round():
        return
    turn_over = (
        step.after["turn"]["seat"] != step.seat or step.after["round"] != step.before["round"]
    )
    emptied = not step.hand_after() and not step.turn["penalty"]
    tally.check("an empty hand ends the round", not (turn_over and emptied), step)


def move_of(rng: Rng, state: dict) -> tuple[int, dict]:
    """Mostly the seat the game waits for, favouring colour matches; now and then any seat's
    any move, so that calls and catches happen too."""
    if rng.randint(1, 8) == 1:
        seat = rng.choice([s for s in range(len(state["players"])) if dos.legal_moves(state, s)])
        return seat, rng.choice(dos.legal_moves(state, seat))
    seat = rng.choice(dos.to_act(state))
    moves = [m for m in dos.legal_moves(state, seat) if m["kind"] not in ("dos", "catch")]
    coloured = [m for m in moves if m["kind"] == "match" and colour_bonus(m)]
    if coloured and rng.randint(1, 2) == 1:
        return seat, rng.choice(coloured)
    return seat, rng.choice(moves)


@cache
def played_out() -> Tally:
    tally = Tally()
    for players in (2, 3, 4):
        for n in range(8):
            seed = f"dos-effects-{players}-{n}"
            state = dos.setup(players, {"target": 100}, step_rng(seed, 0))
            chooser = Rng(f"{seed}:bot")
            due, steps = 0, 0
            while dos.to_act(state):
                seat, move = move_of(chooser, state)
                before = json.loads(json.dumps(state))
                steps += 1
                after = dos.apply(state, seat, move, step_rng(seed, steps))
                step = Step(before, seat, move, after)
                if step.ends_round():
                    check_round_end(step, tally)
                check_going_out(step, tally)
                if move["kind"] == "add" and before["turn"]["phase"] == "bonus":
                    check_bonus_card(step, due, tally)
                    due -= 1
                elif step.ends_matching() and seat == before["turn"]["seat"]:
                    due = check_end_of_matching(step, tally)
                state = after
    return tally


def assert_held(rule: str, at_least: int) -> None:
    tally = played_out()
    assert not tally.broken.get(rule), f"{rule}:\n" + "\n".join(tally.broken[rule][:2])
    assert tally.checked[rule] >= at_least, f"{rule} was checked only {tally.checked[rule]} times"


# --- The rules, one test each ---------------------------------------------------------------


def test_matched_cards_played_and_centre_go_to_the_discard_pile_at_the_end_of_the_turn():
    assert_held("matched cards go to the discard pile", 300)


def test_the_centre_row_is_refilled_to_two_cards_from_the_deck():
    assert_held("the centre row is refilled to 2 from the deck", 300)


def test_every_other_player_draws_one_card_per_double_colour_match():
    assert_held("others draw for a double colour match", 100)
    assert played_out().checked["double colour matches"] >= 50


def test_the_others_draw_for_a_double_colour_match_before_the_round_is_scored():
    assert_held("others draw for a double colour match", 100)
    assert played_out().checked["double colour matches that go out"] >= 2


def test_each_colour_bonus_single_or_double_adds_one_card_from_hand_to_the_centre_row():
    assert_held("one card is added to the centre row per colour bonus", 300)
    assert played_out().checked["single colour matches"] >= 50


def test_a_player_left_with_no_cards_ends_the_round():
    assert_held("an empty hand ends the round", 100)


def test_the_round_winner_scores_number_cards_at_face_value_dos_20_and_hash_40_in_other_hands():
    assert_held("the round winner scores the cards left in the other hands", 40)


def test_the_round_winner_deals_the_next_round_and_the_player_to_their_left_starts():
    assert_held("the round winner deals the next round", 20)


def test_the_match_ends_when_a_round_winner_reaches_the_target():
    assert_held("the match ends when the round winner reaches the target", 24)
