"""Finished games imported from an export (`tabletop.play.transfer`): stored with their log
only if the log replays under the revealed seed to the recorded end.

Apart because an import writes a whole finished game at once, not move by move.
"""

from __future__ import annotations

import hashlib

from django.db import transaction
from django.utils import timezone

import games
from games import IllegalMove, canonical
from tabletop.play import signals, stamps
from tabletop.play.models import Game, Move, Seat
from tabletop.play.store.errors import Refused
from tabletop.play.store.outcomes import logged_outcome
from tabletop.play.store.projection import resigned_in_log
from tabletop.play.store.verification import replay_telling, verify
from tabletop.play.store.vote_rows import rebuild_votes


def import_finished_game(
    document: dict, players: list, bots: list[int], forked_from: Game | None = None
) -> Game:
    """A finished game from an export (`tabletop.play.transfer`), stored with its log only if
    the log replays under its revealed seed to the recorded final position and outcome;
    otherwise nothing is stored and the refusal says why.

    `players` are the accounts for the seats, in order. An imported game is not announced:
    it ended elsewhere, so it is announced as imported (`signals.game_imported`), not ended:
    nobody here is told of it again, nor rated for it.

    A fork (the document's `fork`) is stored played on from `forked_from`, the game here its
    log starts from (tabletop.play.transfer finds or imports it): its log must replay from
    that game's position after the fork's step.
    """
    games.get(document["game"])  # a game this server does not have is refused first
    seed = document["seed"]
    if games.seed_digest(seed) != document["seed_sha256"]:
        raise Refused("The seed does not match the SHA-256 published at the start of the game.")
    twin = Game.objects.filter(seed_sha256=document["seed_sha256"]).first()
    if twin is not None:
        raise Refused(f"This game is here already, as {twin.title} #{twin.pk}.")
    with transaction.atomic():
        game = _stored_import(document, players, bots, forked_from)
        stamps.game_changed(game.pk)
        _project_import(game, document)
        problems = verify(game)
        if problems:
            raise Refused("The imported game does not verify: " + "; ".join(problems))
        signals.game_imported.send(sender=Game, game=game)
    return game


def _stored_import(
    document: dict, players: list, bots: list[int], forked_from: Game | None
) -> Game:
    """The game row, its seats and its log as the document has them (not yet projected)."""
    if bool(document.get("fork")) != (forked_from is not None):
        raise Refused("A fork is stored with the game it was played on from, and only a fork.")
    game = Game.objects.create(
        slug=document["game"],
        options=document["options"],
        players=len(players),
        rules_version=document["rules_version"],
        random_scheme=document["random_scheme"],
        seed=document["seed"],
        created_by=players[0],
        status=Game.Status.FINISHED,
        started=document.get("started"),
        finished=document.get("finished") or timezone.now(),
        # A fork's players were chosen: private here too, as store.fork_game makes it.
        private=forked_from is not None,
        forked_from=forked_from,
        forked_at=document["fork"]["seq"] if forked_from is not None else None,
    )
    for position, user in enumerate(players):
        Seat.objects.create(game=game, position=position, user=user, is_bot=position in bots)
    moves = Move.objects.bulk_create(
        Move(
            game=game,
            seq=entry["seq"],
            seat=entry["seat"],
            payload=entry["move"],
            source=entry["source"],
        )
        for entry in document["moves"]
    )
    played_at = [entry.get("at") for entry in document["moves"]]
    if any(played_at):
        # Creating stamps each move "now"; the record keeps when it was really played (the
        # players' times to move), set once here before anything reads the log.
        for move, at in zip(moves, played_at, strict=True):
            move.created = at or move.created
        Move.objects.bulk_update(moves, ["created"])
    return game


def _project_import(game: Game, document: dict) -> None:
    """Replay the imported log; refuse it unless it ends where the document says it ended."""
    try:
        state, game.random_events, told = replay_telling(game)
    except IllegalMove as refusal:
        raise Refused(f"The log does not replay: {refusal}") from None
    game.resigned = resigned_in_log(game)
    outcome = logged_outcome(game, state, game.resigned)  # the table's, if a vote ended it
    if outcome is None:
        raise Refused("The log does not reach the end of the game.")
    if canonical(outcome) != canonical(document["outcome"]):
        raise Refused(
            f"The log replays to a different outcome: {canonical(outcome)}, "
            f"not the recorded {canonical(document['outcome'])}."
        )
    recorded = document.get("final_state_sha256")
    if recorded and hashlib.sha256(canonical(state).encode()).hexdigest() != recorded:
        raise Refused("The log replays to a different final position than the recorded one.")
    told.save()
    rebuild_votes(game)
    game.state, game.seq, game.to_act, game.outcome = state, len(document["moves"]), [], outcome
    game.save()
