"""A finished game's log as a self-contained JSON document anyone can re-run."""

from __future__ import annotations

import hashlib
from datetime import datetime
from typing import NamedTuple

import games
from games import RandomStream, canonical
from tabletop.play import clock, forks, store
from tabletop.play.models import Game


def export(game: Game, reader: int | None = None, *, exact: bool = False) -> dict:
    """Everything needed to replay the game without the server (the seed only once it is over).

    Its times are to the minute, as anyone may read them, but for the steps of the `reader`'s
    seat; `exact` keeps every time as logged (the server's own record moving to another)."""

    def shown(moment: datetime, seat: int | None = None) -> str:
        kept = exact or (seat is not None and seat == reader)
        return (moment if kept else clock.to_the_minute(moment)).isoformat()

    return {
        "id": game.pk,
        "game": game.slug,
        "rules_version": game.rules_version,
        "random_scheme": game.random_scheme,
        "options": game.options,
        "players": [seat.user.get_username() for seat in game.seats.select_related("user")],
        "bots": store.bot_seats(game),
        "seed": game.revealed_seed,
        "seed_sha256": game.seed_sha256,
        "moves": [
            {
                "seq": m.seq,
                "seat": m.seat,
                "move": m.payload,
                "source": m.source,
                "at": shown(m.created, m.seat),
            }
            for m in game.moves.order_by("seq")
        ],
        "final_state_sha256": state_digest(game.state) if game.is_over else None,
        "outcome": game.outcome,
        "started": shown(game.started) if game.started else None,
        "finished": shown(game.finished) if game.is_over and game.finished else None,
        "fork": fork_reference(game),
    }


def fork_reference(game: Game) -> dict | None:
    """Where a fork's log starts: its source game, the step, and the source's own log (over,
    so its seed is public), so that the file alone replays the fork."""
    if game.forked_from_id is None:
        return None
    return {"game": game.forked_from_id, "seq": game.forked_at, "log": export(game.forked_from)}


def chain(document: dict) -> dict:
    """What a log's replay depends on, and so what a fork's start depends on: its rules,
    options, seed and steps, and where it was played on from, back to the first game; not its
    times, its ids on the server that wrote it, nor its players' accounts."""
    fork = document.get("fork")
    return {
        "game": document.get("game"),
        "rules_version": document.get("rules_version"),
        "random_scheme": document.get("random_scheme", 1),
        "options": document.get("options"),
        "seed": document.get("seed"),
        "moves": [
            [entry.get("seq"), entry.get("seat"), entry.get("move"), entry.get("source")]
            for entry in document.get("moves") or []
        ],
        "fork": {"seq": fork.get("seq"), "log": chain(fork.get("log") or {})} if fork else None,
    }


def state_digest(state: dict) -> str:
    return hashlib.sha256(canonical(state).encode()).hexdigest()


def rerun(document: dict) -> list[str]:
    """Replay an exported log with the rules library alone; returns what does not match."""
    problems = []
    seed = document.get("seed")
    if not seed:
        return ["the seed is still secret: the game is not over"]
    if games.seed_digest(seed) != document["seed_sha256"]:
        problems.append("the revealed seed does not match the SHA-256 published at the start")
    fork = document.get("fork")
    if fork:
        problems += [f"the game it was played on from: {p}" for p in rerun(fork["log"])]
    try:
        state = replayed(document)
    except RefusedOnReplay as refusal:
        return [*problems, str(refusal)]
    if document.get("final_state_sha256") and state_digest(state) != document["final_state_sha256"]:
        problems.append("the replayed final position differs from the recorded one")
    return problems


class RefusedOnReplay(Exception):
    """A logged move the rules refuse when the exported log is replayed."""


class Entry(NamedTuple):
    """One step of an exported log, as the store's replay reads a logged move."""

    seq: int
    seat: int
    payload: dict


def replayed(document: dict, upto: int | None = None) -> dict:
    """The position after move `upto` (the last when None) of an exported log, replayed as
    the store replays its own (take-backs and table events too); a move the rules refuse
    raises RefusedOnReplay naming it."""
    rules = games.get(document["game"])
    # Logs exported before random schemes were recorded all drew under scheme 1.
    stream = RandomStream(document["seed"], document.get("random_scheme", 1))
    state = starting_state(rules, document, stream)
    entries = [
        Entry(entry["seq"], entry["seat"], entry["move"])
        for entry in document["moves"]
        if upto is None or entry["seq"] <= upto
    ]
    done, position = 0, state
    try:
        for _, _, after in store.replay_log(rules, state, entries, stream):
            done, position = done + 1, after
    except games.IllegalMove as refusal:
        seq = entries[done].seq
        raise RefusedOnReplay(f"move {seq} is refused on replay: {refusal}") from None
    return position


def starting_state(rules, document: dict, stream: RandomStream) -> dict:
    """The setup, or for a fork its source's position after the fork's step."""
    fork = document.get("fork")
    if fork:
        position = replayed(fork["log"], fork["seq"])
        return forks.starting_position(rules, position, document["players"], stream)
    rng = stream.rng_for(0)
    version = document.get("rules_version", 1)
    state = games.setup_at(rules, document["players"], document["options"], rng, version)
    stream.settle(rng)
    return state
