"""Dr. Gomb: no view, log line or email picture tells a viewer a card it may not see.

The secrets: the deck, the talon and the box (nobody sees them), the card a player drew or
took from the talon (that player alone, while it is in hand), and in normal mode every covered
card and the number of every card a broken button took (nobody, the owner included, until the
game is over). Each check swaps secret cards two by two, keeping the 120 cards and everything
public as they were, and demands the very same bytes for every viewer who may see neither card.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from dataclasses import dataclass, replace

import pytest

from games import IllegalMove, Rng, step_rng
from games import dr_gomb as rules
from games.dr_gomb.cards import BROKEN, COLOUR_INDEX, COLOUR_OF, KIND_OF, NAME_OF, SURPRISE, cards
from games.dr_gomb.rules import sequences_of
from tests.games.dr_gomb.test_rules import position, seq


def anything(code: str) -> None:
    """What shows of a card in the deck, the talon or the box: nothing."""
    return None


def colour_only(code: str) -> tuple[int, str]:
    """What shows of a covered card: its colour. Broken buttons and surprises are public
    wherever they are (the log names them), so only numbers and jokers may change places."""
    return COLOUR_OF[code], code if KIND_OF[code] in (BROKEN, SURPRISE) else "a card"


@dataclass(frozen=True)
class Slot:
    """The place of one secret card: a pile of the state ("deck", "talon", "box", "out",
    "held") or one seat's sequence of one colour, and the card's index from the bottom."""

    pile: str
    index: int
    seat: int = -1
    colour: int = -1
    known_to: frozenset = frozenset()  # the seats that may see the card
    shows: Callable[[str], object] = anything  # what everyone may tell of a card here


def cards_of(state: dict, slot: Slot) -> str:
    if slot.pile == "sequence":
        return sequences_of(state, slot.seat)[slot.colour]
    return state[slot.pile]


def card_in(state: dict, slot: Slot) -> str:
    return cards_of(state, slot)[2 * slot.index : 2 * slot.index + 2]


def put(state: dict, slot: Slot, code: str) -> None:
    pile = cards(cards_of(state, slot))
    pile[slot.index] = code
    if slot.pile == "sequence":
        sequences = sequences_of(state, slot.seat)
        sequences[slot.colour] = "".join(pile)
        state["sequences"][slot.seat] = "/".join(sequences)
    else:
        state[slot.pile] = "".join(pile)


def secret_slots(state: dict, drawn: bool = False) -> list[Slot]:
    """Every card of the position that some viewer may not see. `drawn`: the card in hand came
    from the deck (one taken from a pile was seen by everyone)."""
    slots = [
        Slot(pile, index)
        for pile in ("deck", "talon", "box")
        for index in range(len(state[pile]) // 2)
    ]
    hand = frozenset({state["turn"]})
    held = cards(state["held"])
    if drawn and len(held) == 1:
        slots.append(Slot("held", 0, known_to=hand))
    if state["used"]:  # the cards taken from the talon: the others know only their colour
        slots += [
            Slot("held", index, known_to=hand, shows=colour_only)
            for index, code in enumerate(held)
            if KIND_OF[code] != SURPRISE
        ]
    if state["mode"] == "normal" and state["step"] != "over":
        slots += [
            Slot("out", index, shows=colour_only)
            for index, code in enumerate(cards(state["out"]))
            if KIND_OF[code] != BROKEN
        ]
        slots += [
            Slot("sequence", index, seat, colour, shows=colour_only)
            for seat in range(len(state["players"]))
            for colour, sequence in enumerate(sequences_of(state, seat))
            for index, code in enumerate(cards(sequence)[:-1])
            if KIND_OF[code] != BROKEN
        ]
    return slots


def slots_the_move_keeps(before: dict, seat: int, move: dict) -> list[Slot]:
    """The secret cards of `before` that `move` does not turn up (or only to `seat`)."""
    top = len(before["deck"]) // 2 - 1
    kind = move["kind"]
    kept = []
    for slot in secret_slots(before):
        if slot.pile == "held":
            continue  # the move itself names the card it places
        if slot.pile == "deck" and slot.index == top:
            if kind == "take" and len(before["piles"][move["pile"] - 1]) == 2:
                continue  # it refills the emptied pile, face up
            if kind == "draw":
                slot = replace(slot, known_to=frozenset({seat}))
        if kind == "use_surprise" and slot.pile == "talon":
            slot = replace(slot, known_to=frozenset({seat}), shows=surprise_finding(before, seat))
        if (
            kind == "break"
            and slot.pile == "sequence"
            and (slot.seat, slot.colour) == (seat, COLOUR_INDEX[move["sequence"]])
            and slot.index + 1 == move["position"] - 1 == len(cards_of(before, slot)) // 2 - 1
        ):
            continue  # the top card above it goes, so it shows
        if (
            kind == "discard_played"
            and slot.pile == "sequence"
            and (slot.seat, slot.colour) == (seat, COLOUR_INDEX[move["sequence"]])
        ):
            continue  # the card goes face up onto a pile, and the one under it may show
        kept.append(slot)
    return kept


def surprise_finding(before: dict, seat: int) -> Callable[[str], object]:
    """What the others may learn of a talon card from a surprise: whether it is a broken
    button that takes one of the seat's cards (then which), one that stays in the talon, a
    card of the surprise's colour or another card."""
    letter = before["held"][0]
    played = cards("".join(sequences_of(before, seat)))

    def shows(code: str) -> object:
        if KIND_OF[code] == BROKEN:
            takes = any(card[0] == code[0] and KIND_OF[card] != BROKEN for card in played)
            return code if takes else "stays"
        return "taken" if code[0] == letter else "left"

    return shows


def swapped(
    state: dict, slots: list[Slot], rng: Rng, chosen: list[Slot] | None = None, alike=anything
) -> tuple[dict, frozenset, list[tuple[Slot, Slot, str, str]]]:
    """A twin of the position with secret cards swapped two by two: each card of `chosen`
    (by default two of each kind of place) with a partner that shows the same wherever the two
    are, and for which `alike` says the same. Also the seats that may see a swapped card, and
    the swaps made (the two places, then the two cards)."""
    twin = copy.deepcopy(state)
    knowing: frozenset = frozenset()
    pairs = []
    now = {slot: card_in(state, slot) for slot in slots}
    if chosen is None:
        places = sorted({slot.pile for slot in slots})
        chosen = [rng.choice([s for s in slots if s.pile == pile]) for pile in places for _ in "ab"]
    for slot in chosen:
        mine = now[slot]
        partners = [
            other
            for other, theirs in now.items()
            if theirs != mine
            and alike(theirs) == alike(mine)
            and slot.shows(theirs) == slot.shows(mine)
            and other.shows(mine) == other.shows(theirs)
        ]
        if partners:
            other = rng.choice(partners)
            now[slot], now[other] = now[other], mine
            put(twin, slot, now[slot])
            put(twin, other, mine)
            knowing |= slot.known_to | other.known_to
            pairs.append((slot, other, mine, now[slot]))
    return twin, knowing, pairs


def viewers(state: dict, knowing: frozenset = frozenset()) -> list[int | None]:
    return [v for v in [None, *range(len(state["players"]))] if v not in knowing]


def seen(state: dict, viewer: int | None) -> str:
    """Everything the viewer is shown of a position: the view and the email picture."""
    view = json.dumps(rules.view(state, viewer), sort_keys=True)
    return view + "\n" + rules.view_text(state, viewer)


def seen_by_all(state: dict) -> dict:
    return {viewer: seen(state, viewer) for viewer in viewers(state)}


def log_line(before: dict, seat: int, move: dict, viewer: int | None) -> str:
    after = rules.apply(copy.deepcopy(before), seat, copy.deepcopy(move), Rng("secrets"))
    return rules.describe(before, seat, move, after, viewer)


def assert_position_keeps_its_secrets(state: dict, shown: dict, drawn: bool, rng: Rng) -> None:
    """Secret cards swapped, first only those nobody sees, then also those one seat sees."""
    slots = secret_slots(state, drawn)
    for chosen in ([slot for slot in slots if not slot.known_to], slots):
        twin, knowing, _ = swapped(state, chosen, rng)
        for viewer in viewers(state, knowing):
            assert seen(twin, viewer) == shown[viewer], (
                f"viewer {viewer} can tell these positions apart:\n{state}\n{twin}"
            )


def assert_move_keeps_its_secrets(
    before: dict, seat: int, move: dict, after: dict, shown: dict, rng: Rng
) -> None:
    """The move played from a position whose secrets it does not turn up were swapped: the
    same log line, and the same position after it."""
    slots = slots_the_move_keeps(before, seat, move)
    for chosen in ([slot for slot in slots if not slot.known_to], slots):
        twin_before, knowing, _ = swapped(before, chosen, rng)
        twin_after = rules.apply(copy.deepcopy(twin_before), seat, copy.deepcopy(move), Rng("x"))
        for viewer in viewers(before, knowing):
            line = rules.describe(before, seat, move, after, viewer)
            assert rules.describe(twin_before, seat, move, twin_after, viewer) == line, (
                f"viewer {viewer} reads {move} differently:\n{before}\n{twin_before}"
            )
            if after["step"] != "over":  # a finished game shows everything
                assert seen(twin_after, viewer) == shown[viewer], (
                    f"viewer {viewer} can tell the positions after {move} apart"
                )


def twin_move(state: dict, seat: int, move: dict, pairs: list) -> dict | None:
    """The move as played in the twin position: the same, or naming the card it was swapped
    with when the original card is not there to be named; None if neither is legal."""
    legal = rules.legal_moves(state, seat)
    if move in legal:
        return move
    names = [NAME_OF[b] for _, _, a, b in pairs if NAME_OF[a] == move.get("card")]
    names += [NAME_OF[a] for _, _, a, b in pairs if NAME_OF[b] == move.get("card")]
    return next(({**move, "card": n} for n in names if {**move, "card": n} in legal), None)


def gone_down(state: dict) -> tuple:
    """The cards everyone sees go onto the discard piles: the piles, and a sequence of action C
    on its way there (its cards were in plain sight)."""
    return state["piles"], state["held"] if state["step"] == "scatter" else ""


def assert_recent_moves_keep_their_secrets(played: list, drawn: bool, rng: Rng) -> None:
    """Secret cards of the position a few moves ago swapped with look-alikes, and the same
    moves played again. A viewer to whom the table now looks the same, and whose discard piles
    held the same cards all along (everyone sees a card go down, so the log may name it), must
    have read the same log lines: no line may name a card that is now covered, even if it
    showed then."""
    start = played[0][0]
    slots = secret_slots(start, drawn)
    deck = [slot for slot in slots if slot.pile == "deck"][-len(played) :]  # soon drawn
    for pool in ([slot for slot in slots if not slot.known_to], slots):
        others = [slot for slot in pool if slot.pile in ("sequence", "held", "talon")]
        chosen = [rng.choice(deck), rng.choice(deck), *([rng.choice(others)] if others else [])]
        twin, knowing, pairs = swapped(start, pool, rng, chosen, alike=colour_only)
        if any(slot.pile == "talon" for swap in pairs for slot in swap[:2]):
            # whoever looks into the talon in these moves reads what it holds
            knowing |= {seat for _, seat, move, _ in played if move["kind"] == "use_surprise"}
        lines = []
        for before, seat, move, after in played:
            again = twin_move(twin, seat, move, pairs)
            if again is None:
                break
            twin_after = rules.apply(copy.deepcopy(twin), seat, copy.deepcopy(again), Rng("x"))
            lines.append((before, seat, move, after, twin, again, twin_after))
            twin = twin_after
        else:
            if any(gone_down(a) != gone_down(b) for _, _, _, a, *_, b in lines):
                continue
            for viewer in viewers(start, knowing):
                if seen(twin, viewer) != seen(played[-1][3], viewer):
                    continue
                for before, seat, move, after, twin_before, again, twin_after in lines:
                    assert rules.describe(twin_before, seat, again, twin_after, viewer) == (
                        rules.describe(before, seat, move, after, viewer)
                    ), f"viewer {viewer} reads {move} differently, and the table is the same now"


# --- Along random games -----------------------------------------------------------------------

WINDOW = 10


@pytest.mark.parametrize("mode", ["basic", "normal"])
@pytest.mark.parametrize("players", [2, 3, 5])
def test_no_view_log_line_or_email_tells_anyone_a_secret_card_along_random_games(players, mode):
    seed = f"gomb-secrets-{players}-{mode}"
    state = rules.setup(players, {"mode": mode}, step_rng(seed, 0))
    shown = seen_by_all(state)
    bot, rng = Rng(f"{seed}:bot"), Rng(f"{seed}:swap")
    played, drawn = [], [False]  # drawn[n]: the card in hand at move n came from the deck
    while rules.to_act(state):
        assert_position_keeps_its_secrets(state, shown, drawn[-1], rng)
        seat = bot.choice(rules.to_act(state))
        move = bot.choice(rules.legal_moves(state, seat))
        rng_of_move = step_rng(seed, len(played) + 1)
        after = rules.apply(copy.deepcopy(state), seat, copy.deepcopy(move), rng_of_move)
        shown = seen_by_all(after)
        assert_move_keeps_its_secrets(state, seat, move, after, shown, rng)
        played.append((state, seat, move, after))
        state = after
        drawn.append(move["kind"] == "draw")
        if len(played) >= WINDOW and len(played) % 3 == 0:
            start = len(played) - WINDOW
            assert_recent_moves_keep_their_secrets(played[start:], drawn[start], rng)
    assert len(played) > 100


# --- Covered numbers (normal mode) ------------------------------------------------------------


def log_of(state: dict, moves: list[tuple[int, str]]) -> tuple[dict, dict]:
    """The final position and every viewer's log of the moves (seat, email notation)."""
    lines: dict = {viewer: [] for viewer in viewers(state)}
    for seat, text in moves:
        move = rules.parse_move(text, state, seat)
        before = copy.deepcopy(state)
        state = rules.apply(state, seat, move, Rng("log"))
        for viewer in lines:
            lines[viewer].append(rules.describe(before, seat, move, state, viewer))
    return state, lines


def test_a_covered_number_is_not_named_to_the_other_players():
    # Anna draws a red card and plays it into her red sequence; Bela's turn passes; Anna then
    # covers it with the next card she draws. Whether it was red 1 or red 3 shows to nobody.
    moves = [(0, "draw"), (0, "play to red"), (1, "draw"), (1, "discard to pile 1")]
    moves += [(0, "draw"), (0, "play to red")]
    finals, logs = [], []
    for covered in ("r1", "r3"):
        state = position(mode="normal", sequences={0: seq(red="r2")}, deck="y5y4b2" + covered)
        final, lines = log_of(state, moves)
        finals.append(final)
        logs.append(lines)
    assert rules.view(finals[0], 1)["players"][0]["sequences"]["red"] == ["red", "red", "yellow 4"]
    assert logs[0][1][1] == "Anna plays a red card into their red sequence."
    for viewer in (None, 1):
        assert logs[0][viewer] == logs[1][viewer]
        assert seen(finals[0], viewer) == seen(finals[1], viewer)


def test_a_card_played_in_normal_mode_is_never_named_in_the_log_even_to_its_owner():
    for source in ("draw", "surprise"):
        finals, logs = [], []
        for card in ("b1", "b4"):
            if source == "draw":
                state = position(mode="normal", sequences={0: seq(blue="b2")}, top=card)
                moves = [(0, "draw"), (0, "play to blue")]
            else:
                state = position(
                    mode="normal", sequences={0: seq(blue="b2")}, talon=card + "g3", top="b?"
                )
                moves = [(0, "draw"), (0, "use surprise"), (0, "play to blue")]
                moves.append((0, "discard to pile 1"))
            # Bela's turn passes; then Anna covers the card with the next one she draws.
            moves += [(1, "draw"), (1, "discard to pile 1"), (0, "draw"), (0, "play to blue")]
            final, lines = log_of(state, moves)
            finals.append(final)
            logs.append(lines)
        assert logs[0] == logs[1], f"a card taken by {source} is named"
        for viewer in viewers(finals[0]):
            assert seen(finals[0], viewer) == seen(finals[1], viewer)


def test_the_owner_sees_the_number_of_the_top_card_only():
    state = position(mode="normal", sequences={0: seq(red="r1r3p2")})
    twin = position(mode="normal", sequences={0: seq(red="r4r5p2")})
    assert rules.view(state, 0)["players"][0]["sequences"]["red"] == ["red", "red", "pink 2"]
    for viewer in viewers(state):
        assert seen(state, viewer) == seen(twin, viewer)


def test_everything_shows_once_the_game_is_over():
    state = position(mode="normal", step="over", sequences={0: seq(red="r1r3p2")})
    assert rules.view(state, 1)["players"][0]["sequences"]["red"] == ["red 1", "red 3", "pink 2"]


# --- The talon --------------------------------------------------------------------------------


def surprise_lines(talon: str) -> dict:
    """Every viewer's line for Anna (who has only red 1) using a blue surprise on `talon`."""
    state = position(sequences={0: seq(red="r1")}, talon=talon, top="b?", players=3)
    state = rules.apply(state, 0, {"kind": "draw"}, Rng("log"))
    return {
        viewer: log_line(state, 0, {"kind": "use_surprise"}, viewer) for viewer in viewers(state)
    }


OTHERS = (None, 1, 2)


def test_a_broken_button_left_in_the_talon_is_named_to_its_finder_alone():
    # Anna has only red cards: a green or a pink broken button stays in the talon.
    green = surprise_lines("b3g!y2")
    pink = surprise_lines("b3p!y2")
    assert green[0] == (
        "Anna uses the blue surprise button and looks into the talon (blue 3, green broken, "
        "yellow 2): green broken found, so nothing is taken. Anna has no green card: the green "
        "broken stays in the talon."
    )
    assert "pink broken stays" in pink[0]
    told = "Anna uses the blue surprise button and looks into the talon: nothing is taken."
    for viewer in OTHERS:
        assert green[viewer] == pink[viewer] == told


def test_a_surprise_that_finds_only_an_idle_broken_button_reads_like_one_that_finds_nothing():
    idle, empty = surprise_lines("b3g!"), surprise_lines("g3y3")
    for viewer in OTHERS:
        assert idle[viewer] == empty[viewer]


def test_everyone_learns_of_a_broken_button_that_takes_a_card_but_not_of_one_that_stays():
    lines = surprise_lines("b3g!r!")
    told = "Anna uses the blue surprise button and looks into the talon: red broken found, so "
    for viewer in OTHERS:
        assert lines[viewer] == told + "nothing is taken."
        assert lines[viewer] == surprise_lines("r!y4")[viewer]
    assert "green broken and red broken found" in lines[0]


def test_the_others_learn_only_how_many_cards_a_surprise_takes():
    lines, other_talon = surprise_lines("b3b*g2"), surprise_lines("b1b5y2")
    for viewer in OTHERS:
        assert lines[viewer] == other_talon[viewer]
        assert lines[viewer].endswith(": takes 2 blue cards.")


def test_in_normal_mode_the_surprises_user_reads_what_stays_in_the_talon_not_what_is_taken():
    state = position(mode="normal", sequences={0: seq(red="r1")}, talon="b3g2b*", top="b?")
    state = rules.apply(state, 0, {"kind": "draw"}, Rng("log"))
    assert log_line(state, 0, {"kind": "use_surprise"}, 0) == (
        "Anna uses the blue surprise button and looks into the talon: takes 2 blue cards, "
        "leaving green 2."
    )


# --- Replies ----------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["play to red", "discard to pile 1", "pile 2"])
def test_a_reply_from_another_seat_is_not_read_with_the_card_in_hand(text):
    state = position(sequences={0: seq(red="r1")}, top="b3")
    state = rules.apply(state, 0, {"kind": "draw"}, Rng("x"))
    assert rules.parse_move(text, state, 0)["card"] == "blue 3"
    with pytest.raises(IllegalMove) as refusal:
        rules.parse_move(text, state, 1)
    assert "blue" not in str(refusal.value)
    assert "It is Anna's turn, not yours." in str(refusal.value)
