"""Finished games moved between servers as JSON lines: one game a line, each line the game's
log document (`export.export`: rules, version, options, players, seed, moves, outcome) and
the comments on its steps (play/comments.py).

An imported line is checked before anything is stored: the document must be complete, its
players named, its seed the one its SHA-256 promised, and its log must replay to the recorded
final position and outcome (the store refuses it otherwise). Players are matched by name; a
name this server does not know becomes a placeholder account that cannot log in and has no
address, so the record stands and no email ever goes to it.

A fork (a game played on from a step of another, `export.fork_reference`) travels with its
source game's whole log inside its own (`fork`), so its line alone replays it. On import the
chain is checked back to the first game: the source is the game here with the embedded log's
seed SHA-256, whose log must be the embedded one step for step (`export.chain`); when no game
here has it, the source is imported first from the embedded log, checked as any line is (its
seed against its SHA-256, its log to its recorded end). The fork is then stored played on from
that game (Game.forked_from), and its own log must replay from the source's position to its
recorded end under its own seed. Source and fork are stored together or not at all: a fork
refused leaves no source behind it. A line export_games wrote after its source's line (they
are in id order) finds the source already imported.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import QuerySet

import games
from tabletop.accounts.bots import is_bot_name
from tabletop.play import comments, store
from tabletop.play.export import chain, export
from tabletop.play.models import Game, Move

REQUIRED = {
    "game": str,
    "rules_version": int,
    "random_scheme": int,
    "options": dict,
    "players": list,
    "seed": str,
    "seed_sha256": str,
    "moves": list,
    "outcome": dict,
}


def finished_games() -> QuerySet[Game]:
    return Game.objects.filter(status=Game.Status.FINISHED).order_by("pk")


def export_lines(found: Iterable[Game]) -> Iterator[str]:
    """One JSON line per finished game (unfinished ones hold secrets and are skipped)."""
    for game in found:
        if game.is_over:
            document = {**export(game, exact=True), "comments": comments.exported(game)}
            yield json.dumps(document, sort_keys=True, separators=(",", ":"))


def import_line(text: str) -> Game:
    """Store the game of one exported line, or refuse it (store.Refused) with the reason."""
    document = read_document(text)
    with transaction.atomic():
        return import_document(document)


def import_document(document: dict) -> Game:
    """Store a checked document's game, after the game it was played on from if a fork."""
    source = source_of(document)
    players = accounts_for(document["players"], document.get("bots") or [])
    game = store.import_finished_game(
        document, players, document.get("bots") or [], forked_from=source
    )
    # In the same transaction: the game and its comments come in together or not at all.
    comments.put_back(game, document.get("comments"), placeholder)
    return game


def source_of(document: dict) -> Game | None:
    """The game here a fork was played on from (imported now from its embedded log if no game
    here has it); None for a game that is not a fork."""
    fork = document.get("fork")
    if not fork:
        return None
    log = fork["log"]
    here = Game.objects.filter(seed_sha256=log["seed_sha256"]).first()
    if here is None:
        try:
            return import_document(log)
        except store.Refused as refusal:
            raise store.Refused(
                f"The game it was played on from is refused: {refusal.message}"
            ) from None
    if not here.is_over or chain(export(here)) != chain(log):
        raise store.Refused(
            f"The game it was played on from is here as {here.title} #{here.pk}, but its "
            "log is not the one in this line."
        )
    return here


def read_document(text: str) -> dict:
    try:
        document = json.loads(text)
    except ValueError as error:
        raise store.Refused(f"The line is not JSON: {error}.") from None
    return checked(document)


def checked(document) -> dict:
    """The document, if it is a complete game (and so is every game a fork was played on
    from, back to the first); else store.Refused saying what is missing."""
    if not isinstance(document, dict):
        raise store.Refused("The line is not a game: a JSON object is expected.")
    for name, kind in REQUIRED.items():
        if not isinstance(document.get(name), kind):
            raise store.Refused(f"The game has no {name!r} ({kind.__name__}).")
    if document.get("fork") is not None:
        check_fork(document)
    try:
        rules = games.get(document["game"])
    except KeyError:
        raise store.Refused(f"This server has no game {document['game']!r}.") from None
    count = len(document["players"])
    if not rules.min_players <= count <= rules.max_players:
        raise store.Refused(f"{rules.title} is not played by {count} players.")
    check_moves(document["moves"], count)
    return document


def check_fork(document: dict) -> None:
    fork = document["fork"]
    if not isinstance(fork, dict) or not isinstance(fork.get("seq"), int):
        raise store.Refused("The game it was played on from is not named with its step.")
    try:
        log = checked(fork.get("log"))
    except store.Refused as refusal:
        raise store.Refused(
            f"The log of the game it was played on from is incomplete: {refusal.message}"
        ) from None
    if log["game"] != document["game"]:
        raise store.Refused("The game it was played on from is not a game of the same kind.")
    if not 0 <= fork["seq"] <= len(log["moves"]):
        raise store.Refused(
            f"The game it was played on from has no move {fork['seq']}; it has moves 0 to "
            f"{len(log['moves'])}."
        )


def check_moves(moves: list, players: int) -> None:
    sources = set(Move.Source.values)
    for number, entry in enumerate(moves, 1):
        if not isinstance(entry, dict) or entry.get("seq") != number:
            raise store.Refused(f"Move {number} of the log is missing or out of order.")
        if not isinstance(entry.get("seat"), int) or not 0 <= entry["seat"] < players:
            raise store.Refused(f"Move {number} names no seat of the game.")
        if not isinstance(entry.get("move"), dict) or entry.get("source") not in sources:
            raise store.Refused(f"Move {number} has no move or an unknown source.")


def accounts_for(names: list, bots: list) -> list:
    """The accounts for the seats, by name; placeholders for the names not known here."""
    if any(not isinstance(name, str) or not name for name in names):
        raise store.Refused("Every seat needs its player's name.")
    if len(set(names)) != len(names):
        raise store.Refused("A player sits in two seats.")
    if any(not isinstance(seat, int) or not 0 <= seat < len(names) for seat in bots):
        raise store.Refused("The bot seats name seats the game does not have.")
    users = get_user_model().objects
    return [users.filter(username=name).first() or placeholder(name) for name in names]


def placeholder(name: str):
    """An account that holds a name in the record: no address, no password, no log-in."""
    user = get_user_model()(username=name, email="", is_active=False)
    user.set_unusable_password()
    if not is_bot_name(name):  # the computer's names are made to fail the rules for people
        try:
            user.full_clean(exclude=["password", "email"])
        except ValidationError as error:
            reasons = " ".join(" ".join(errors) for errors in error.message_dict.values())
            raise store.Refused(f"{name!r} cannot be a player's name here: {reasons}") from None
    user.save()
    return user
