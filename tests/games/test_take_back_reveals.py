"""Take-backs in Dr. Gomb and Dr. Hrubec: which steps showed somebody something they had not
seen (`reveals`), so that an undo can never be used to peek.

The named tests build positions by hand; the playouts check `reveals` against the views:
whenever it says a step showed nothing, dealing the hidden cards again (any way the table
could not tell apart) changes nothing any seat or a spectator sees after the step, and the
step draws nothing and plays again to the same position.
"""

from __future__ import annotations

import copy
import json

import pytest

import games
from games import Rng, canonical, setup_at
from games import dr_gomb as gomb
from games.bots import random_move
from games.dr_gomb import cards as gomb_cards
from games.dr_gomb import rules as gomb_rules
from games.dr_hrubec.cards import BY_SLUG, CLOSING, ORDER
from tests.games.dr_gomb.test_rules import position as gomb_position
from tests.games.dr_gomb.test_rules import seq
from tests.games.dr_hrubec import positions as hrubec

hrubec_rules = games.get("dr_hrubec")


def gomb_step(state: dict, seat: int, text: str) -> tuple[dict, dict, dict]:
    """The position before, the move read from `text`, and the position after."""
    move = gomb.parse_move(text, state, seat)
    assert move in gomb.legal_moves(state, seat), f"{text!r} is not offered"
    return state, move, gomb.apply(copy.deepcopy(state), seat, move, Rng("test"))


def gomb_reveals(state: dict, seat: int, text: str) -> bool:
    before, move, after = gomb_step(state, seat, text)
    return gomb.reveals(before, seat, move, after)


def hrubec_reveals(state: dict, seat: int, move: dict, rng: Rng | None = None) -> bool:
    after = hrubec.play(copy.deepcopy(state), seat, move, rng)
    return hrubec_rules.reveals(state, seat, move, after)


# --- Dr. Gomb: steps that show nothing new ----------------------------------------------------


def test_dr_gomb_taking_a_discard_piles_top_can_be_taken_back():
    state = gomb_position(piles=("r1g2", "b3"))
    assert not gomb_reveals(state, 0, "take pile 1")


def test_dr_gomb_basic_action_c_moves_only_cards_everyone_saw():
    state = gomb_position(sequences={0: seq(red="r1r2g3")})
    before, move, after = gomb_step(state, 0, "discard sequence red")
    assert not gomb.reveals(before, 0, move, after)
    assert not gomb_reveals(after, 0, "discard red 2 to pile 1")


def test_dr_gomb_starting_normal_action_c_and_discarding_a_lone_card_show_nothing_new():
    state = gomb_position(mode="normal", sequences={0: seq(red="r1r2r3", blue="b4")})
    before, move, after = gomb_step(state, 0, "discard three")
    assert not gomb.reveals(before, 0, move, after)
    assert not gomb_reveals(after, 0, "discard blue #1 to pile 2")


@pytest.mark.parametrize("mode", ["basic", "normal"])
def test_dr_gomb_a_card_taken_from_a_pile_and_placed_can_be_taken_back(mode):
    """Version 2 says where the card in hand came from: everyone saw a pile's top."""
    state = gomb_position(
        mode=mode, piles=("r1g2", "b3"), sequences={0: seq(green="g1")}, held_from=""
    )
    before, move, taken = gomb_step(state, 0, "take pile 1")
    assert not gomb.reveals(before, 0, move, taken)
    assert taken["held_from"] == "pile"
    assert not gomb_reveals(taken, 0, "play green 2 to green")
    assert not gomb_reveals(taken, 0, "discard green 2 to pile 2")


def test_dr_gomb_a_broken_button_taken_from_a_pile_and_taking_an_open_card_can_be_taken_back():
    state = gomb_position(held="r!", held_from="pile", step="place", sequences={0: seq(red="r1r2")})
    assert not gomb_reveals(state, 0, "break red #2")


def breaking_into_red_one_to_three() -> dict:
    """Normal mode: a broken button from the talon waits to take a card of red 1-2-3."""
    return gomb_position(
        mode="normal",
        step="break",
        held="g?",
        used=True,
        breaking="r!",
        sequences={0: seq(red="r1r2r3")},
    )


def test_dr_gomb_a_broken_button_from_the_talon_taking_a_covered_card_shows_nothing_new():
    state = breaking_into_red_one_to_three()
    assert not gomb_reveals(state, 0, "break red #1")


# --- Dr. Gomb: steps that turn up a hidden card -----------------------------------------------


def test_dr_gomb_a_card_drawn_from_the_deck_cannot_be_taken_back():
    assert gomb_reveals(gomb_position(top="y5"), 0, "draw")


def test_dr_gomb_taking_the_last_card_of_a_pile_turns_up_the_deck_and_cannot_be_taken_back():
    assert gomb_reveals(gomb_position(piles=("r1", "g1"), top="y5"), 0, "take pile 1")


def test_dr_gomb_placing_the_card_in_hand_cannot_be_taken_back():
    """Version 1: it may be a card only its drawer has seen; the position does not say it came
    from a pile."""
    state = gomb_position(step="place", held="b4")
    assert gomb_reveals(state, 0, "play blue 4 to blue")
    assert gomb_reveals(state, 0, "discard blue 4 to pile 1")


def test_dr_gomb_a_card_drawn_from_the_deck_and_placed_cannot_be_taken_back():
    state = gomb_position(top="b4", sequences={0: seq(blue="b1")}, held_from="")
    before, move, drawn = gomb_step(state, 0, "draw")
    assert gomb.reveals(before, 0, move, drawn)
    assert drawn["held_from"] == "deck"
    assert gomb_reveals(drawn, 0, "play blue 4 to blue")
    assert gomb_reveals(drawn, 0, "discard blue 4 to pile 1")


def test_dr_gomb_a_surprise_taken_from_a_pile_still_cannot_look_into_the_talon_unseen():
    """Its player sees the talon even when it holds nothing of the surprise's colour."""
    state = gomb_position(step="place", held="g?", held_from="pile", talon="r1b2")
    assert gomb_reveals(state, 0, "use surprise")


def test_dr_gomb_talon_cards_are_seen_by_their_player_alone_a_surprise_from_a_pile_by_all():
    state = gomb_position(
        step="place", held="g?", held_from="pile", talon="g3r1", sequences={0: seq(green="g1")}
    )
    before, move, looked = gomb_step(state, 0, "use surprise")
    assert gomb.reveals(before, 0, move, looked)
    assert gomb_reveals(looked, 0, "play green 3 to green")
    assert gomb_reveals(looked, 0, "discard green 3 to pile 1")
    alone = gomb_step(looked, 0, "play green 3 to green")[2]
    assert not gomb_reveals(alone, 0, "discard green surprise to pile 2")


def test_dr_gomb_a_card_taken_from_a_pile_that_ends_the_game_when_placed_cannot_be_taken_back():
    state = gomb_position(step="place", held="b3", held_from="pile", deck="")
    assert gomb_reveals(state, 0, "discard blue 3 to pile 1")


def test_dr_gomb_looking_into_the_talon_cannot_be_taken_back_even_when_it_finds_nothing():
    state = gomb_position(step="place", held="g?", talon="r1b2")
    assert gomb_reveals(state, 0, "use surprise")


def test_dr_gomb_normal_action_c_shows_a_covered_number_and_cannot_be_taken_back():
    state = gomb_position(mode="normal", step="three", left=3, sequences={0: seq(red="r1r2r3")})
    assert gomb_reveals(state, 0, "discard red #1 to pile 1")  # face up on the pile
    assert gomb_reveals(state, 0, "discard red #3 to pile 1")  # uncovers the red 2


def test_dr_gomb_a_broken_button_taking_the_top_uncovers_the_card_below():
    state = breaking_into_red_one_to_three()
    assert gomb_reveals(state, 0, "break red #3")


def test_dr_gomb_the_step_that_ends_the_game_shows_every_card():
    state = gomb_position(sequences={0: seq(red="r1r2")}, deck="")
    before, move, after = gomb_step(state, 0, "discard sequence red")
    before, move, after = gomb_step(after, 0, "discard red 1 to pile 1")
    assert not gomb.reveals(before, 0, move, after)
    before, move, after = gomb_step(after, 0, "discard red 2 to pile 1")
    assert after["step"] == "over"
    assert gomb.reveals(before, 0, move, after)


# --- Dr. Hrubec: steps that show nothing new --------------------------------------------------


def test_dr_hrubec_skipping_the_morning_can_be_taken_back():
    state = hrubec.position(hands=[["nurse"], []])
    assert not hrubec_reveals(state, 0, {"kind": "skip"})


def test_dr_hrubec_admitting_a_waiting_patient_can_be_taken_back():
    state = hrubec.position(phase="admittance", waiting=["insomnia"], hands=[["nurse"], []])
    assert not hrubec_reveals(state, 0, {"kind": "admit", "patient": "insomnia"})


def test_dr_hrubec_ending_the_turn_can_be_taken_back():
    state = hrubec.position(phase="after", hands=[["nurse"], []])
    assert not hrubec_reveals(state, 0, {"kind": "end"})


def test_dr_hrubec_a_castling_pick_while_others_still_choose_can_be_taken_back():
    state = hrubec.position(
        players=3,
        teams=[["butcher", "lawyer"], ["gate_keeper", "young_intern"], ["alien", "dr_acula"]],
        castling={"seats": [0, 1, 2], "picks": [None, None, None]},
    )
    assert not hrubec_reveals(state, 1, {"kind": "castle", "doctor": "gate_keeper"})


# --- Dr. Hrubec: steps that show something hidden ---------------------------------------------


def test_dr_hrubec_a_card_drawn_in_the_morning_cannot_be_taken_back():
    state = hrubec.position(hands=[["nurse"], []])
    assert hrubec_reveals(state, 0, {"kind": "draw"})


def test_dr_hrubec_calling_the_next_patient_from_the_queue_cannot_be_taken_back():
    state = hrubec.position(phase="admittance")
    assert hrubec_reveals(state, 0, {"kind": "queue"})


def test_dr_hrubec_a_card_shown_from_the_hand_cannot_be_taken_back():
    state = hrubec.position(hands=[["butcher", "nurse"], []])
    assert hrubec_reveals(state, 0, {"kind": "hire", "doctor": "butcher"})
    assert hrubec_reveals(state, 0, {"kind": "play", "card": "nurse"})


def test_dr_hrubec_an_operation_cannot_be_taken_back():
    state = hrubec.position(phase="operate", tables=["insomnia", None], teams=[["butcher"], []])
    spec = hrubec_rules.legal_moves(state, 0)[0]["spec"]
    assert hrubec_reveals(state, 0, hrubec.operate(spec), hrubec.rolling(6))


def test_dr_hrubec_the_last_castling_pick_shows_every_pick_and_cannot_be_taken_back():
    state = hrubec.position(
        teams=[["butcher", "lawyer"], ["gate_keeper", "young_intern"]],
        castling={"seats": [0, 1], "picks": ["butcher", None]},
    )
    assert hrubec_reveals(state, 1, {"kind": "castle", "doctor": "gate_keeper"})


# --- Playouts: a step `reveals` lets through shows nothing a re-deal could change ------------


def gomb_redealt(state: dict, viewer: int | None, rng: Rng) -> dict:
    """The position dealt again as `viewer` could not tell: the deck, the talon, the box and
    (but to the player placing it) the card in hand shuffled together and, in normal mode, each
    covered card that is no broken button swapped with one of those of its colour. (Cards in
    hand from action C came from an open sequence, and stay; so does, in version 2, a card
    taken from a pile's top, first in hand.)"""
    state = copy.deepcopy(state)
    in_hand = state["held"] if state["step"] == "place" and viewer != state["turn"] else ""
    seen_by_all = in_hand[:2] if state.get("held_from") == "pile" else ""
    in_hand = in_hand[len(seen_by_all) :]
    unseen = gomb_cards.cards(state["deck"] + state["talon"] + state["box"] + in_hand)
    rng.shuffle(unseen)
    if in_hand:
        count = len(in_hand) // 2
        state["held"], unseen = seen_by_all + "".join(unseen[:count]), unseen[count:]
    if state["mode"] == "normal" and state["step"] != "over":
        for seat in range(len(state["players"])):
            sequences = gomb_rules.sequences_of(state, seat)
            for colour, sequence in enumerate(sequences):
                covered = gomb_cards.cards(sequence)
                for index, code in enumerate(covered[:-1]):
                    alike = [n for n, other in enumerate(unseen) if _gomb_alike(code, other)]
                    if code[1] != "!" and alike:
                        n = rng.choice(alike)
                        covered[index], unseen[n] = unseen[n], code
                sequences[colour] = "".join(covered)
            state["sequences"][seat] = "/".join(sequences)
    deck, talon = len(state["deck"]) // 2, len(state["talon"]) // 2
    state["deck"] = "".join(unseen[:deck])
    state["talon"] = "".join(sorted(unseen[deck : deck + talon]))
    state["box"] = "".join(sorted(unseen[deck + talon :]))
    return state


def _gomb_alike(code: str, other: str) -> bool:
    """Two cards a covered place shows alike: same colour, neither a broken nor a surprise."""
    return code[0] == other[0] and "!" not in (code[1], other[1]) and "?" not in other[1]


def hrubec_redealt(state: dict, mover: int, viewer: int | None, rng: Rng) -> dict:
    """The position dealt again as `viewer` could not tell: the draw deck and the hands the
    viewer cannot see shuffled together (the mover's too, unless the move names one of its
    cards), the queue and the unused patients of each tier, and the Castling picks of others."""
    state = copy.deepcopy(state)
    hidden = [seat for seat in range(len(state["players"])) if seat not in (viewer, mover)]
    if viewer != mover:
        hidden.append(mover)
    pool = list(state["deck"]) + [card for seat in hidden for card in state["hands"][seat]]
    rng.shuffle(pool)
    for seat in hidden:
        size = len(state["hands"][seat])
        state["hands"][seat], pool = sorted(pool[:size], key=ORDER.__getitem__), pool[size:]
    state["deck"] = pool
    queue, box = [], list(state["box"])
    for tier in (1, 2, 3):
        waiting = [p for p in state["queue"] if p != CLOSING and BY_SLUG[p].tier == tier]
        boxed = [p for p in box if BY_SLUG[p].tier == tier]
        both = waiting + boxed
        rng.shuffle(both)
        queue += both[: len(waiting)]
        box = [p for p in box if BY_SLUG[p].tier != tier] + both[len(waiting) :]
    state["queue"] = queue + [CLOSING] * (CLOSING in state["queue"])
    state["box"] = sorted(box, key=ORDER.__getitem__)
    castling = state["castling"]
    if castling:
        for seat in hidden:
            if castling["picks"][seat] is not None and seat != mover:
                castling["picks"][seat] = rng.choice(state["teams"][seat])
    return state


def assert_shows_nothing_new(slug: str, before: dict, seat: int, move: dict, after: dict) -> None:
    rules = games.get(slug)
    rng = Rng(f"re-deal {canonical(before)}")
    again = rules.apply(copy.deepcopy(before), seat, copy.deepcopy(move), rng)
    assert not rng.drawn, f"{move} drew from the rng"
    assert canonical(again) == canonical(after), f"{move} played again differs"
    for viewer in [None, *range(len(before["players"]))]:
        for _ in range(3):
            if slug == "dr_gomb":
                other = gomb_redealt(before, viewer, rng)
            else:
                other = hrubec_redealt(before, seat, viewer, rng)
            assert rules.view(other, viewer) == rules.view(before, viewer), "a visible re-deal"
            if move not in rules.legal_moves(other, seat):
                raise AssertionError(f"{move} names cards seat {viewer} cannot see: it shows them")
            moved = rules.apply(other, seat, copy.deepcopy(move), Rng("x"))
            assert rules.view(moved, viewer) == rules.view(after, viewer), (
                f"{move} showed seat {viewer} something new, yet `reveals` says it did not"
            )


def play_and_check(
    slug: str,
    players: int,
    options: dict,
    seed: str,
    version: int | None = None,
    passed: list[tuple[dict, dict]] | None = None,
) -> tuple[int, int]:
    """One seeded random game (under `version` of the rules, else the latest); how many steps
    `reveals` let through and stopped. Each step let through adds (position before, move) to
    `passed`."""
    rules = games.get(slug)
    rng = Rng(seed)
    state = setup_at(rules, players, options, Rng(f"{seed} setup"), version or rules.version)
    let_through, stopped = 0, 0
    for step in range(400):
        if not rules.to_act(state):
            break
        seat = rng.choice(rules.to_act(state))
        move = random_move(rules, state, seat, rng)
        before = copy.deepcopy(state)
        state = rules.apply(state, seat, copy.deepcopy(move), Rng(f"{seed} {step}"))
        if rules.reveals(before, seat, move, state):
            stopped += 1
            continue
        let_through += 1
        assert_shows_nothing_new(slug, before, seat, move, state)
        if passed is not None:
            passed.append((before, move))
    return let_through, stopped


@pytest.mark.parametrize(
    ("slug", "players", "options"),
    [
        ("dr_gomb", 2, {"mode": "basic"}),
        ("dr_gomb", 3, {"mode": "normal"}),
        ("dr_hrubec", 2, {}),
        ("dr_hrubec", 4, {}),
    ],
    ids=lambda value: json.dumps(value),
)
def test_a_step_that_can_be_taken_back_showed_nobody_anything_new(slug, players, options):
    let_through, stopped = 0, 0
    for n in range(4):
        through, held = play_and_check(slug, players, options, f"reveals {slug} {players} {n}")
        let_through, stopped = let_through + through, stopped + held
    assert let_through and stopped


@pytest.mark.parametrize("mode", ["basic", "normal"])
def test_a_version_1_dr_gomb_step_that_can_be_taken_back_showed_nobody_anything_new(mode):
    let_through, stopped, passed = 0, 0, []
    for n in range(4):
        seed = f"reveals dr_gomb v1 {mode} {n}"
        through, held = play_and_check("dr_gomb", 3, {"mode": mode}, seed, 1, passed)
        let_through, stopped = let_through + through, stopped + held
    assert let_through and stopped
    assert not [move for before, move in passed if before["step"] == "place"], "it cannot tell"


@pytest.mark.parametrize("mode", ["basic", "normal"])
def test_dr_gomb_playouts_take_back_placing_cards_taken_from_piles_and_nothing_else(mode):
    """Version 2: every placing `reveals` lets through is of a card taken from a pile, and
    the re-deals show it hid nothing; the playouts come by such steps."""
    passed = []
    for n in range(4):
        play_and_check("dr_gomb", 3, {"mode": mode}, f"reveals dr_gomb v2 {mode} {n}", 2, passed)
    placed = [(before, move) for before, move in passed if before["step"] == "place"]
    assert placed
    assert all(before["held_from"] == "pile" for before, _ in placed)
    assert {move["kind"] for _, move in placed} <= {"play", "discard", "break"}


# --- Buttons ----------------------------------------------------------------------------------


def test_buttons_only_the_step_that_ends_the_game_shows_the_standing_orders():
    buttons = games.get("buttons")
    rng, chooser = Rng("buttons reveals"), Rng("buttons reveals: moves")
    state = buttons.setup(3, {}, rng)
    revealing = []
    while buttons.to_act(state):
        seat = chooser.choice(buttons.to_act(state))
        move = random_move(buttons, state, seat, chooser)
        before = copy.deepcopy(state)
        state = buttons.apply(state, seat, move, rng)
        revealing.append(buttons.reveals(before, seat, move, state))
    assert buttons.view(state, None)["standing_orders"]  # shown to everyone now
    assert revealing[-1] and not any(revealing[:-1])
