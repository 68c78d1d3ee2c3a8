"""The move picker never traps: in positions from seeded random games, a player who follows only
the picker's hint and its enabled controls reaches every legal move, and never a state where Play
is disabled and nothing is left to pick.

Inside the page, a breadth-first search clicks only enabled parts (going back to a state with
Clear and the clicks that led there), reads the hint and Play's value, and tries every naming
and the DOS call where they are asked. Games without a picker (Gazobu, Buttons) owe the same
law to their plain controls: every legal move has an enabled, visible control that posts it.
"""

from __future__ import annotations

import json

import pytest

import games
from tabletop.web import pages, pickers
from tests.browser.conftest import log_in
from tests.helpers.factories import play_random_steps, started_game

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

POSITIONS = 4
SPACING = 5
GAMES = 4
MAX_STEPS = 300

# Everything a player can reach from the picker as it loaded, found by clicking what is enabled.
EXPLORE = """() => {
  const root = document.getElementById("picker");
  const block = document.getElementById("picker-data");
  if (!root || !root.dataset.ready || !block) {
    return null;
  }
  const data = JSON.parse(block.textContent);
  const parts = [...root.querySelectorAll(".picker-part")];
  const play = root.querySelector("[data-picker-play]");
  const clear = root.querySelector(".picker-clear");
  const hint = root.querySelector(".picker-hint");
  const choiceBox = root.querySelector(".picker-choice");
  const choice = choiceBox.querySelector("select");
  const callBox = root.querySelector(".picker-call");
  const call = callBox.querySelector("input");
  const isPressed = (p) => p.getAttribute("aria-pressed") === "true";
  const here = () => parts.filter(isPressed).map((p) => p.dataset.key).sort().join("|");
  const open = () => parts.filter((p) => !p.disabled && !isPressed(p));
  const stepOf = (key) => data.steps.find((s) => s.parts.some((p) => p.key === key));
  const forcedSentences = data.steps.map((s) => s.forced);
  const forced = new Map();
  for (const key of data.forced) {
    forced.set(key, (forced.get(key) || 0) + 1);
  }
  const count = (key) => parts.filter((p) => isPressed(p) && p.dataset.key === key).length;
  const atLoad = {
    pressed: here(),
    play: play.disabled ? null : play.value,
    hint: hint.textContent,
  };
  const goTo = (path) => {
    clear.click();
    for (const at of path) {
      parts[at].click();
    }
  };
  const reached = new Set();
  const problems = [];
  const seen = new Map([[here(), []]]);
  const queue = [[]];
  goTo([]);
  if (here() !== atLoad.pressed) {
    problems.push(`Clear picks ${here()}, the page loaded with ${atLoad.pressed}`);
  }
  while (queue.length) {
    const path = queue.shift();
    goTo(path);
    const state = here() || "(nothing)";
    const said = hint.textContent.trim();
    const choices = open();
    if (play.disabled && !choices.length) {
      problems.push(`trapped at ${state}: Play disabled, nothing to pick`);
    }
    if (play.disabled) {
      // The hint names a step that has something left to pick.
      const named = choices.some((p) => {
        const prompts = Object.values(stepOf(p.dataset.key).prompts);
        return prompts.some((sentence) => said.includes(sentence));
      });
      if (!named) {
        problems.push(`at ${state} the hint "${said}" names nothing left to pick`);
      }
    } else {
      if (!said.includes(data.ready) && !(data.choose && said.includes(data.choose))) {
        problems.push(`at ${state} Play is enabled but the hint says "${said}"`);
      }
      const calls = !callBox.hidden && !call.disabled ? [true, false] : [null];
      for (const calling of calls) {
        if (calling !== null) {
          call.checked = calling;
          call.dispatchEvent(new Event("change"));
        }
        const namings = choiceBox.hidden ? [null] : [...choice.options].map((o) => o.value);
        for (const naming of namings) {
          if (naming !== null) {
            choice.value = naming;
            choice.dispatchEvent(new Event("change"));
          }
          if (!play.disabled) {
            reached.add(play.value);
          }
        }
      }
    }
    for (const part of choices) {
      goTo(path);
      part.click();
      const next = here();
      if (!seen.has(next)) {
        const longer = [...path, parts.indexOf(part)];
        seen.set(next, longer);
        queue.push(longer);
      }
    }
    // A pressed part unpicks, unless every move needs it: then it stays and the hint says why.
    for (const part of parts) {
      goTo(path);
      if (!isPressed(part)) {
        continue;
      }
      const needed = count(part.dataset.key) <= (forced.get(part.dataset.key) || 0);
      const before = here();
      part.click();
      if (needed !== (here() === before)) {
        problems.push(`${part.dataset.key} at ${state}: ${needed ? "unpicked" : "stuck"}`);
      } else if (needed) {
        const kept = hint.textContent;
        if (!forcedSentences.some((sentence) => kept.includes(sentence))) {
          problems.push(`${part.dataset.key} stayed picked without a word why: "${kept}"`);
        }
      }
    }
  }
  goTo([]);
  return { atLoad, reached: [...reached], problems, states: seen.size, forced: data.forced };
}"""

PLAIN = """() => [...document.querySelectorAll('#panel button[name="move"]')]
  .filter((b) => !b.dataset.pickerPlay && !b.disabled && b.checkVisibility())
  .map((b) => b.value)"""


def canonical(value: str) -> str:
    return json.dumps(json.loads(value), sort_keys=True)


def sampled_positions(users: list, slug: str):
    """Up to POSITIONS positions of seeded random games where seat 0 (ann) has moves, a few
    steps apart; for a game with a picker, only positions where it shows (in Dr. Hrubec a
    card with a target is rare, so a game that ends gives way to another)."""
    has_picker = slug in pickers.BUILDERS
    found = 0
    for n in range(GAMES):
        game = started_game(users, slug)
        rules = game.rules
        last = -SPACING
        for step in range(MAX_STEPS):
            if game.status != "active":
                break
            legal = rules.legal_moves(game.state, 0)
            shows = legal and (
                not has_picker or pickers.picker(rules, rules.view(game.state, 0), 0, legal)
            )
            if shows and step - last >= SPACING:
                yield game, legal
                last = step
                found += 1
                if found == POSITIONS:
                    return
            game = play_random_steps(game, 1, seed=f"{slug}-picker-walk-{n}-{step}")


@pytest.mark.parametrize("slug", [rules.slug for rules in pages.available_games()])
def test_following_the_picker_reaches_every_legal_move_and_never_traps(
    new_page, make_user, settings, slug
):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    rules = games.get(slug)
    users = [make_user(name) for name in ("ann", "ben", "cat", "dan", "eve")[: rules.min_players]]
    page = new_page()
    log_in(page, "ann", "pw-ann")
    checked = 0
    for position, legal in sampled_positions(users, slug):
        page.goto(f"/games/{position.pk}/")
        found = page.evaluate(EXPLORE)
        plain = {canonical(v) for v in page.evaluate(PLAIN)}
        everything = {canonical(pickers.value_of(move)) for move in legal}
        where = f"{slug} at move {position.seq}"
        if found is None:
            assert slug not in pickers.BUILDERS or not legal, f"{where}: no picker"
            assert plain == everything, f"{where}: a legal move without a control"
        else:
            assert found["problems"] == [], where
            reached = {canonical(v) for v in found["reached"]}
            assert reached | plain == everything, f"{where}: a legal move out of reach"
            assert not reached & plain, f"{where}: a covered move still shown as a button"
            start = found["atLoad"]
            if start["play"] is not None:
                assert len(legal) == 1, f"{where}: Play enabled on a move nobody composed"
            assert start["pressed"] == "|".join(sorted(found["forced"])), where
        checked += 1
    assert checked, f"no position of {slug} gave ann a move"
