"""A player's own data as play holds it: their games with the records as their seat reads
them (never another seat's hidden cards while the game runs), what they said at tables, their
comments on finished games, their notes and the invitations to and from them. Answers
accounts' `data_asked`."""

from __future__ import annotations

from tabletop.play import comments, history, store
from tabletop.play.models import ChatMessage, Game, Invitation, Note, Seat


def sections(sender, user, **_) -> dict:
    return {
        "games": [game_as_seen(seat) for seat in _seats(user)],
        "talk": [
            {"game": said.game_id, "after_move": said.at_seq, "text": said.text, "at": said.created}
            for said in ChatMessage.objects.filter(user=user).order_by("created", "pk")
        ],
        "comments": comments.of_author(user),
        "notes": [
            {"game": note.game_id, "text": note.text, "updated": note.updated}
            for note in Note.objects.filter(user=user).order_by("game_id")
        ],
        "invitations_received": [
            _invitation(invitation) for invitation in Invitation.objects.for_player(user)
        ],
        "invitations_sent": [
            _invitation(invitation)
            for invitation in Invitation.objects.filter(invited_by=user).order_by("pk")
        ],
    }


def _seats(user) -> list[Seat]:
    return list(Seat.objects.filter(user=user).select_related("game").order_by("game_id"))


def game_as_seen(seat: Seat) -> dict:
    """One game as the seat's player may read it now: the position their seat sees and the
    log as told to their seat (to everyone alike once it is over)."""
    game = seat.game
    played = game.state is not None and game.status != Game.Status.CANCELLED
    return {
        "id": game.pk,
        "game": game.slug,
        "title": game.title,
        "status": game.status,
        "seat": seat.position,
        "players": [other.user.get_username() for other in game.seats_with_players()],
        "bots": store.bot_seats(game),
        "options": game.options,
        "created": game.created,
        "started": game.started,
        "finished": game.finished,
        "seed_sha256": game.seed_sha256,
        "seed": game.revealed_seed,
        "outcome": game.outcome if game.is_over else None,
        "position": game.rules.view(game.state, seat.position) if played else None,
        "log": [
            {
                "seq": line["seq"],
                "seat": line["seat"],
                "source": line["source"],
                "text": line["text"],
                "at": line["created"],
            }
            for line in (history.lines(game, seat.position) if played else [])
        ],
    }


def _invitation(invitation: Invitation) -> dict:
    return {
        "game": invitation.game_id,
        "to": invitation.invitee,
        "state": invitation.state,
        "created": invitation.created,
    }
