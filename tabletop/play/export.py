"""A finished game's log as a self-contained JSON document anyone can re-run."""

from __future__ import annotations

import copy
import hashlib

import games
from games import RandomStream, canonical
from tabletop.play import store
from tabletop.play.models import Game


def export(game: Game) -> dict:
    """Everything needed to replay the game without the server (the seed only once it is over)."""
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
                "at": m.created.isoformat(),
            }
            for m in game.moves.order_by("seq")
        ],
        "final_state_sha256": state_digest(game.state) if game.is_over else None,
        "outcome": game.outcome,
        "started": game.started.isoformat() if game.started else None,
        "finished": game.finished.isoformat() if game.is_over and game.finished else None,
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
    rules = games.get(document["game"])
    # Logs exported before random schemes were recorded all drew under scheme 1.
    stream = RandomStream(seed, document.get("random_scheme", 1))
    rng = stream.rng_for(0)
    version = document.get("rules_version", 1)
    state = games.setup_at(rules, document["players"], document["options"], rng, version)
    stream.settle(rng)
    for entry in document["moves"]:
        if entry["move"] == store.RESIGN:
            continue
        rng = stream.rng_for(entry["seq"])
        try:
            state = rules.apply(state, entry["seat"], copy.deepcopy(entry["move"]), rng)
        except games.IllegalMove as refusal:
            return [*problems, f"move {entry['seq']} is refused on replay: {refusal}"]
        stream.settle(rng)
    if document.get("final_state_sha256") and state_digest(state) != document["final_state_sha256"]:
        problems.append("the replayed final position differs from the recorded one")
    return problems
