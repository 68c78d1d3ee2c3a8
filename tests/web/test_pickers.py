"""Move pickers: every legal move they cover is one complete selection, and nothing else is.

Positions come from seeded random playouts of the rules alone (no database): at every step each
seat's picker is checked against that seat's legal moves.
"""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

import games
from games import Rng
from games.bots import random_move
from tabletop.web import pickers
from tests.helpers.factories import play_random_steps, started_game, user_at

# The moves each game's picker offers a click at a time; the rest stay plain buttons.
COVERED = {
    "dos": lambda move: move["kind"] in ("match", "add"),
    "dr_gomb": lambda move: move["kind"] in ("play", "discard", "discard_played"),
    # Dr. Hrubec's cards that act on something: not a card played on nothing, nor a plain hire.
    "dr_hrubec": lambda move: (
        (move["kind"] == "play" and len(move) > 2) or (move["kind"] == "hire" and "fire" in move)
    ),
}
STEPS = 160


def positions(slug: str, players: int, seed: str, options: dict | None = None):
    """(state, seat) for every seat at every step of one random game."""
    rules = games.get(slug)
    rng = Rng(seed)
    state = rules.setup(players, options or {}, Rng(f"{seed}-setup"))
    for _ in range(STEPS):
        for seat in range(players):
            yield state, seat
        waiting = rules.to_act(state)
        if not waiting:
            return
        seat = waiting[0]
        state = rules.apply(state, seat, random_move(rules, state, seat, rng), rng)


def encoded(move: dict) -> str:
    return json.dumps(move, sort_keys=True, separators=(",", ":"))


def check_picker(slug: str, state: dict, seat: int) -> dict | None:
    rules = games.get(slug)
    legal = rules.legal_moves(state, seat)
    found = pickers.picker(rules, rules.view(state, seat), seat, legal)
    covered = [encoded(m) for m in legal if COVERED[slug](m)]
    if found is None:
        assert covered == [], "the picker is missing although some moves multiply"
        return None
    offered = [move["value"] for move in found["moves"]]
    # Nothing that is not legal, and every covered legal move once.
    assert sorted(offered) == sorted(covered)
    parts = Counter(p["key"] for step in found["steps"] for p in step["parts"])
    selections = Counter()
    for move in found["moves"]:
        needed = Counter(move["keys"])
        assert all(parts[key] >= count for key, count in needed.items()), move
        selections[(tuple(sorted(move["keys"])), move["choice"], move["call"])] += 1
        assert move["preview"]
    assert max(selections.values()) == 1, "two moves are reached by the same selection"
    # Every part is needed by some move, so that no click leads nowhere.
    needed_anywhere = {key for move in found["moves"] for key in move["keys"]}
    assert set(parts) == needed_anywhere
    check_defaults(found["moves"])
    check_forced(found, legal)
    check_prompts(found)
    json.dumps(found)
    return found


def check_forced(found: dict, legal: list[dict]) -> None:
    """Forced keys are needed by every legal move, and only ever make the one legal move."""
    forced = Counter(found["forced"])
    if not forced:
        return
    assert len(found["moves"]) == len(legal), "forced although a plain button offers a move"
    for move in found["moves"]:
        assert not forced - Counter(move["keys"]), move
        if Counter(move["keys"]) == forced:
            assert len(legal) == 1, "Play would start enabled on one of several moves"


def check_prompts(found: dict) -> None:
    """Every step says in words what to pick in it, and why a part of it stays picked."""
    assert found["ready"]
    for step in found["steps"]:
        assert step["prompts"][""] and step["forced"], step["name"]
        assert all(part["kind"] for part in step["parts"]), step["name"]


def check_defaults(moves: list[dict]) -> None:
    """One default per set of parts and call: the first that earns the most."""
    groups: dict[tuple, list[dict]] = {}
    for move in moves:
        groups.setdefault((tuple(sorted(move["keys"])), move["call"]), []).append(move)
    for group in groups.values():
        best = [move for move in group if move["best"]]
        assert len(best) == 1
        assert best[0]["earns"] == max(move["earns"] for move in group)
        if len(group) > 1:
            assert all(move["choice_label"] for move in group), "a choice asked without a label"


@pytest.mark.parametrize(
    ("slug", "players", "options"),
    [
        ("dos", 2, {}),
        ("dos", 3, {}),
        ("dr_gomb", 2, {"mode": "basic"}),
        ("dr_gomb", 3, {"mode": "normal"}),
        ("dr_hrubec", 2, {}),
        ("dr_hrubec", 4, {}),
    ],
)
def test_each_legal_move_is_one_complete_selection_and_nothing_else_is_offered(
    slug, players, options
):
    shown = 0
    for n in range(3):
        for state, seat in positions(slug, players, f"picker-{slug}-{n}", options):
            shown += check_picker(slug, state, seat) is not None
    assert shown > 10, "the playouts never reached a position with a picker"


def test_a_wild_card_is_asked_only_when_it_can_count_as_more_than_one_thing():
    rules = games.get("dos")
    state = rules.setup(2, {}, Rng("wild"))
    seat = state["turn"]["seat"]
    state["centre"] = ["red 7", "blue 9"]
    state["hands"][seat] = ["red 3", "red 5", "blue 9", "DOS"]
    found = check_picker("dos", state, seat)
    by_keys = {}
    for move in found["moves"]:
        by_keys.setdefault(tuple(sorted(move["keys"])), []).append(move)
    plain = by_keys[("hand:blue 9", "target:blue 9")]
    assert [m["choice"] for m in plain] == [""]
    wild = [m for m in by_keys[("hand:DOS", "hand:red 5", "target:red 7")] if not m["call"]]
    assert len(wild) == 4, "the DOS card may be a 2 of any of the four colours"
    best = next(m for m in wild if m["best"])
    assert "DOS as red 2" in best["choice_label"]
    assert "Double colour bonus" in best["preview"]


def test_the_dos_call_is_a_flag_on_the_same_selection():
    rules = games.get("dos")
    state = rules.setup(2, {}, Rng("call"))
    seat = state["turn"]["seat"]
    state["centre"] = ["red 7", "blue 9"]
    state["hands"][seat] = ["green 1", "green 4", "red 7"]
    found = check_picker("dos", state, seat)
    seven = [m for m in found["moves"] if m["keys"] == ["hand:red 7", "target:red 7"]]
    assert sorted(m["call"] for m in seven) == [False, True]
    called = next(m for m in seven if m["call"])
    assert "You call DOS!" in called["preview"]
    assert "Single colour bonus" in called["preview"]
    assert found["call_title"]


def test_a_card_held_twice_is_two_parts_of_one_key():
    rules = games.get("dos")
    state = rules.setup(2, {}, Rng("twice"))
    seat = state["turn"]["seat"]
    state["centre"] = ["blue 6", "green 8"]
    state["hands"][seat] = ["blue 3", "blue 3", "green 8", "yellow 10"]
    found = check_picker("dos", state, seat)
    hand = [p["key"] for p in found["steps"][0]["parts"]]
    assert hand.count("hand:blue 3") == 2
    double = next(m for m in found["moves"] if m["keys"].count("hand:blue 3") == 2)
    assert "Double colour bonus" in double["preview"]


def gomb_after_a_draw(seed: str) -> tuple[dict, int]:
    """A Dr. Gomb position where the player to act has just drawn a card to place."""
    rules = games.get("dr_gomb")
    state = rules.setup(2, {"mode": "basic"}, Rng(seed))
    seat = rules.to_act(state)[0]
    state = rules.apply(state, seat, {"kind": "draw"}, Rng(f"{seed}-draw"))
    return state, seat


def test_the_drawn_card_every_move_places_starts_picked_and_nothing_else():
    state, seat = gomb_after_a_draw("drawn")
    legal = games.get("dr_gomb").legal_moves(state, seat)
    assert {move["kind"] for move in legal} <= {"play", "discard"}
    found = check_picker("dr_gomb", state, seat)
    card = legal[0]["card"]
    assert found["forced"] == [f"card:{card}"]
    assert len(legal) > 1, "the card has more than one place to go"


def test_nothing_starts_picked_while_a_plain_button_offers_another_move():
    rules = games.get("dos")
    state = rules.setup(2, {}, Rng("plain"))
    seat = state["turn"]["seat"]
    state["turn"]["phase"] = "matching"
    state["centre"] = ["red 7", "blue 9"]
    state["hands"][seat] = ["red 7", "green 1", "yellow 3"]
    legal = rules.legal_moves(state, seat)
    assert {"kind": "end"} in legal
    found = check_picker("dos", state, seat)
    assert all("hand:red 7" in move["keys"] for move in found["moves"])
    assert found["forced"] == [], "one card can match, but the player may end the turn"


def test_parts_that_make_one_of_several_moves_do_not_start_picked():
    rules = games.get("dos")
    state = rules.setup(2, {}, Rng("several"))
    seat = state["turn"]["seat"]
    state["turn"]["phase"] = "drawn"
    state["centre"] = ["blue 10"]
    state["hands"][seat] = ["red 3", "red 3", "red 3"]
    legal = rules.legal_moves(state, seat)
    assert sorted((move["kind"], move["call"]) for move in legal) == [
        ("add", False),
        ("add", True),
    ], "the same card and the row, with or without the DOS call"
    assert check_picker("dos", state, seat)["forced"] == []

    state["hands"][seat] = ["red 3"]
    assert len(rules.legal_moves(state, seat)) == 1
    found = check_picker("dos", state, seat)
    assert found["forced"] == ["hand:red 3", "target:row"], "the one legal move starts ready"


def test_each_step_names_what_is_missing_in_the_games_words():
    state, seat = gomb_after_a_draw("words")
    found = check_picker("dr_gomb", state, seat)
    card, target = found["steps"]
    assert card["prompts"][""] == "Pick the card to place."
    assert target["prompts"]["sequence"] == "Now pick the sequence to sew it onto."
    assert target["prompts"][""] == (
        "Now pick the sequence to sew it onto, or the pile to discard it to."
    )
    assert {part["kind"] for part in target["parts"]} <= {"sequence", "pile"}
    assert card["forced"] == "Every move you can make uses this card, so it stays picked."


def test_games_whose_moves_do_not_multiply_keep_their_buttons():
    for slug in ("gazobu", "buttons"):
        rules = games.get(slug)
        state = rules.setup(2, {}, Rng(slug))
        seat = rules.to_act(state)[0]
        legal = rules.legal_moves(state, seat)
        assert pickers.picker(rules, rules.view(state, seat), seat, legal) is None


def picker_block(html: str) -> dict | None:
    found = re.search(
        r'<script id="picker-data" type="application/json">(.*?)</script>', html, re.S
    )
    return json.loads(found.group(1)) if found else None


def test_the_game_page_carries_the_picker_of_the_player_to_act_and_no_one_else(client, make_user):
    users = [make_user("ann"), make_user("ben")]
    game = started_game(users, "dos", {"target": 100})
    for step in range(40):
        seat = game.to_act[0]
        legal = game.rules.legal_moves(game.state, seat)
        if any(move["kind"] == "match" for move in legal):
            break
        game = play_random_steps(game, 1, seed=f"until-a-match-{step}")
    client.force_login(user_at(game, seat))
    block = picker_block(client.get(f"/games/{game.pk}/").content.decode())
    offered = sorted(move["value"] for move in block["moves"])
    assert offered == sorted(encoded(m) for m in legal if m["kind"] in ("match", "add"))
    assert 'id="picker"' in client.get(f"/games/{game.pk}/").content.decode()

    client.force_login(user_at(game, 1 - seat))
    assert picker_block(client.get(f"/games/{game.pk}/").content.decode()) is None
    client.logout()
    assert picker_block(client.get(f"/games/{game.pk}/").content.decode()) is None
