"""What the API reads and what it answers with.

The answers are built as plain data by game_summary and game_detail; the serializers below
them describe those answers for the OpenAPI schema (and so for generated clients).
"""

from __future__ import annotations

from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

import games
from tabletop.play import clock, history, invitations, rematches, store, texts
from tabletop.play.models import Game, Invitation, Move, Rematch, Vote

JSON_OBJECT = {"type": "object", "additionalProperties": {}}


# ---------------------------------------------------------------------------- requests


@extend_schema_field({**JSON_OBJECT, "description": "A move: one of the game's legal_moves."})
class MoveField(serializers.JSONField):
    default_error_messages = {
        "not_an_object": "A move is a JSON object, such as the `move` of one of legal_moves."
    }

    def to_internal_value(self, data):
        data = super().to_internal_value(data)
        if not isinstance(data, dict):
            self.fail("not_an_object")
        return data


class CreateGameSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=list(games.slugs()))
    players = serializers.IntegerField(min_value=1, max_value=8)
    options = serializers.DictField(required=False, default=dict)
    days_per_move = serializers.IntegerField(required=False, default=3, min_value=1, max_value=60)
    reminder_hours = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=60 * 24 - 1),
        required=False,
        default=[24, 2],
        max_length=10,
        help_text="Hours before each deadline to send a reminder; each under the turn's length.",
    )
    timeout_policy = serializers.ChoiceField(
        choices=Game.Timeout.values, required=False, default=Game.Timeout.BOT
    )
    bots = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Play now against the computer: bots take every other seat, the game starts.",
    )
    private = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Invited players only: the table is not listed, and only its players and "
        "the people invited to it see it.",
    )
    invite = serializers.ListField(
        child=serializers.CharField(max_length=254),
        required=False,
        default=list,
        max_length=10,
        help_text="Players' names or email addresses to invite; each invitation holds a seat "
        "until it is answered.",
    )


class InviteSerializer(serializers.Serializer):
    invite = serializers.CharField(
        max_length=254, help_text="A player's name, or anyone's email address."
    )


class SubmitMoveSerializer(serializers.Serializer):
    move = MoveField()
    expected_seq = serializers.IntegerField(
        min_value=0, help_text="The game's seq the move was chosen at; a stale one is a 409."
    )


class TakeBackSerializer(serializers.Serializer):
    expected_seq = serializers.IntegerField(
        min_value=0, help_text="The game's seq the undo was asked at; a stale one is a 409."
    )


class CallVoteSerializer(serializers.Serializer):
    subject = serializers.ChoiceField(choices=Vote.Subject.values)
    days = serializers.IntegerField(
        required=False, help_text="extend: how many days the deadline moves (1 to 7)."
    )
    seat = serializers.IntegerField(
        required=False,
        min_value=0,
        help_text="extend: whose deadline (default the first waited for); replace: who.",
    )
    how = serializers.ChoiceField(
        choices=["scored", "abandoned"], required=False, help_text="end: how the game ends."
    )


class BallotSerializer(serializers.Serializer):
    yes = serializers.BooleanField(help_text="true for yes, false for no.")


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="Send it as the header `Authorization: Token <token>`.")


# ---------------------------------------------------------------------------- answers


class ErrorSerializer(serializers.Serializer):
    """Every refusal: a sentence for a person, and what a program needs to recover."""

    detail = serializers.CharField(help_text="Why the request was refused, for a person.")
    current_seq = serializers.IntegerField(
        required=False, help_text="With a 409: the seq the game is at now."
    )
    legal = serializers.ListField(
        child=serializers.DictField(),
        required=False,
        help_text="With an illegal move: the moves that are legal now.",
    )
    errors = serializers.DictField(
        required=False,
        help_text="With a refused form: the messages for each field, by field name.",
    )


class SeatSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    player = serializers.CharField()
    bot = serializers.BooleanField(help_text="The computer plays this seat.")
    deadline = serializers.DateTimeField(allow_null=True, help_text="To the minute.")


class GameSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.ChoiceField(choices=list(games.slugs()))
    title = serializers.CharField()
    status = serializers.ChoiceField(choices=Game.Status.values)
    players = serializers.IntegerField()
    seq = serializers.IntegerField(help_text="How many moves the log holds.")
    to_act = serializers.ListField(child=serializers.IntegerField(), help_text="Seats to move.")
    seats = SeatSerializer(many=True)
    private = serializers.BooleanField(help_text="Invited players only.")


class LegalMoveSerializer(serializers.Serializer):
    move = MoveField()
    text = serializers.CharField(help_text="The move in the game's notation (as in emails).")


class OutcomeSerializer(serializers.Serializer):
    scores = serializers.ListField(child=serializers.IntegerField())
    winners = serializers.ListField(child=serializers.IntegerField())
    details = serializers.DictField()


@extend_schema_field(JSON_OBJECT)
class ViewField(serializers.JSONField):
    """What one seat (or a spectator) may see of a game state; its shape is the game's own."""


class InvitationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.IntegerField()
    player = serializers.CharField(
        allow_null=True, help_text="The invited player's name; null for an address alone."
    )
    email = serializers.CharField(
        allow_null=True,
        help_text="The address it went to: shown to the table's creator and the invitee only.",
    )
    invited_by = serializers.CharField()
    state = serializers.ChoiceField(
        choices=["held", "accepted", "declined", "withdrawn"],
        help_text="`held`: a seat waits for the invitee's answer.",
    )
    created = serializers.DateTimeField()


class RematchSerializer(serializers.Serializer):
    game = serializers.IntegerField(help_text="The finished game to play again.")
    proposed_by = serializers.CharField()
    accepted = serializers.ListField(
        child=serializers.IntegerField(), help_text="The seats that have accepted."
    )
    waiting_for = serializers.ListField(
        child=serializers.CharField(), help_text="The players who have not accepted yet."
    )
    new_game = serializers.IntegerField(
        allow_null=True, help_text="The rematch, once every seat has accepted."
    )


class GamePositionSerializer(GameSummarySerializer):
    """The game and its position as you may see it, without the table's invitations and
    rematch (a move's answer leaves those out: they cannot change by a move)."""

    rematch_of = serializers.IntegerField(
        allow_null=True, help_text="The finished game this one plays again."
    )
    options = serializers.DictField()
    your_seat = serializers.IntegerField(allow_null=True)
    seed_sha256 = serializers.CharField()
    seed = serializers.CharField(allow_null=True, help_text="Shown once the game is over.")
    days_per_move = serializers.IntegerField()
    reminder_hours = serializers.ListField(child=serializers.IntegerField())
    timeout_policy = serializers.ChoiceField(choices=Game.Timeout.values)
    view = ViewField(allow_null=True, help_text="Your view of the game; null until it starts.")
    legal_moves = LegalMoveSerializer(many=True)
    outcome = OutcomeSerializer(allow_null=True)


class TakeBackNowSerializer(serializers.Serializer):
    allowed = serializers.BooleanField(
        help_text="Your latest step would be taken back at once (`POST takeback/`)."
    )
    reason = serializers.CharField(
        allow_null=True,
        help_text="Why not, as the take-back would be refused (naming nothing you have not "
        "seen); null when allowed.",
    )


class GameDetailSerializer(GamePositionSerializer):
    invitations = InvitationSerializer(
        many=True,
        help_text="Every invitation to the table for its players; your own for an invitee.",
    )
    rematch = RematchSerializer(allow_null=True, help_text="Once the game is over.")
    take_back = TakeBackNowSerializer(
        allow_null=True,
        help_text="Whether your latest step may be taken back, or why not; null when you have "
        "none to take back (not seated, the game not under way, or no step of yours lately).",
    )


class MoveResultSerializer(GamePositionSerializer):
    logged = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="The seqs logged: the move, then any automatic steps after it.",
    )


class LogLineSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    seat = serializers.IntegerField()
    source = serializers.ChoiceField(
        choices=[*Move.Source.values, history.A_PLAYERS_MOVE],
        help_text=f"How the move was made; another player's own choice reads "
        f"'{history.A_PLAYERS_MOVE}' until the game is over.",
    )
    text = serializers.CharField(
        help_text="The line in the reader's language (the Accept-Language header, or the "
        "player's setting)."
    )
    message = serializers.JSONField(
        allow_null=True,
        required=False,
        help_text="The same line in a language-free form a client may render itself: "
        '{"id": the English message with %(name)s placeholders, "params": {name: value or a '
        'nested message}, and for plurals "plural" and "count", for short words "context"}; '
        "the ids are the msgids of the site's catalogues. Null for a line told as plain text.",
    )
    created = serializers.DateTimeField(
        help_text="When the step was logged: exactly for your own steps, to the minute for "
        "any other; an automatic step (a standing order's, the computer's) has the time of the "
        "step that brought it."
    )
    withdrawn_by = serializers.CharField(
        allow_null=True, help_text="Who took this step back (a later take-back), or null."
    )


# The log comes in pages: a long game's whole log in one answer grew with every move.
LOG_PAGE = 100
LOG_PAGE_MAX = 1000


class LogQuerySerializer(serializers.Serializer):
    after = serializers.IntegerField(
        min_value=0,
        max_value=2**31 - 1,
        required=False,
        default=0,
        help_text="Only the lines of moves after this seq (a client that keeps up asks for what "
        "it has not read yet; the answer costs the same however long the log is).",
    )
    limit = serializers.IntegerField(
        min_value=1,
        max_value=LOG_PAGE_MAX,
        required=False,
        default=LOG_PAGE,
        help_text=f"At most this many lines (default {LOG_PAGE}). When more follow, the Link "
        'header names the next page (rel="next"), as `?after=` the last seq given.',
    )

    def to_internal_value(self, data):
        # DRF reads `?after=` as no `after` at all; the schema promises a number when given.
        empty = [name for name in self.fields if name in data and not str(data[name]).strip()]
        if empty:
            raise serializers.ValidationError(
                {name: [gettext("Give a number, or leave this out.")] for name in empty}
            )
        return super().to_internal_value(data)


class PositionSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    view = ViewField()
    views = serializers.ListField(
        child=serializers.DictField(),
        required=False,
        help_text="Once the game is over: every seat's view, by seat.",
    )


# ---------------------------------------------------------------------------- building answers


def seat_summary(game: Game) -> list[dict]:
    return [
        {
            "position": seat.position,
            "player": seat.user.get_username(),
            "bot": seat.is_bot,
            # To the minute: a turn's deadline counts from the step that began it, and its
            # seconds would tell that step's time (a standing order's answer from a person's).
            "deadline": clock.to_the_minute(seat.deadline) if seat.deadline else None,
        }
        for seat in game.seats_with_players()
    ]


def game_summary(game: Game) -> dict:
    return {
        "id": game.pk,
        "game": game.slug,
        "title": game.title,
        "status": game.status,
        "players": game.players,
        "seq": game.seq,
        "to_act": game.to_act,
        "seats": seat_summary(game),
        "private": game.private,
    }


def move_text(rules, move: dict, state: dict, seat: int) -> str:
    """A move as the reader's language writes it (the words a reply by email may use)."""
    return texts.in_active_language(rules.format_move(move, state, seat))


def game_detail(game: Game, user) -> dict:
    """The game as `user` may see it: their view and legal moves, or a spectator's, with the
    table's invitations and rematch."""
    invited = [invitation_answer(found, user) for found in invitations.seen_by(game, user)]
    proposal = rematches.proposed(game)
    return {
        **game_position(game, user),
        "invitations": invited,
        "rematch": rematch_answer(proposal) if proposal else None,
        "take_back": take_back_answer(game, game.seat_of(user)),
    }


def take_back_answer(game: Game, seat: int | None) -> dict | None:
    answer = store.take_back_answer(game, seat)
    if answer is None:
        return None
    return {"allowed": answer.allowed, "reason": None if answer.allowed else answer.reason}


def game_position(game: Game, user) -> dict:
    """The game and its position as `user` may see it (no query beyond the game's seats)."""
    seat = game.seat_of(user)
    detail = {
        **game_summary(game),
        "options": game.options,
        "your_seat": seat,
        "seed_sha256": game.seed_sha256,
        "seed": game.revealed_seed,
        "days_per_move": game.days_per_move,
        "reminder_hours": game.reminder_hours,
        "timeout_policy": game.timeout_policy,
        "view": None,
        "legal_moves": [],
        "outcome": game.outcome,
        "rematch_of": game.rematch_of_id,
    }
    if game.state is not None:
        rules = game.rules
        detail["view"] = rules.view(game.state, seat)
        if seat is not None and game.status == Game.Status.ACTIVE:
            detail["legal_moves"] = [
                {"move": move, "text": move_text(rules, move, game.state, seat)}
                for move in rules.legal_moves(game.state, seat)
            ]
    return detail


def invitation_answer(invitation: Invitation, viewer) -> dict:
    """An invitation as `viewer` may read it: its address only for the table's creator and
    the invitee."""
    game = invitation.game
    theirs = Invitation.objects.for_player(viewer).filter(pk=invitation.pk).exists()
    shows_address = game.created_by_id == getattr(viewer, "pk", None) or theirs
    return {
        "id": invitation.pk,
        "game": invitation.game_id,
        "player": invitation.user.get_username() if invitation.user_id else None,
        "email": invitation.email if shows_address else None,
        "invited_by": invitation.invited_by.get_username(),
        "state": invitation.state,
        "created": invitation.created,
    }


def rematch_answer(rematch: Rematch) -> dict:
    return {
        "game": rematch.game_id,
        "proposed_by": rematch.proposed_by.get_username(),
        "accepted": rematch.accepted_seats,
        "waiting_for": rematches.waiting_for(rematch),
        "new_game": rematch.new_game_id,
    }


class VoteSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    seq = serializers.IntegerField(help_text="The move that called the vote.")
    subject = serializers.ChoiceField(choices=Vote.Subject.values)
    question = serializers.CharField(help_text="What the table is asked, in words.")
    details = serializers.DictField()
    caller = serializers.IntegerField()
    concerns = serializers.IntegerField(allow_null=True)
    voters = serializers.ListField(child=serializers.IntegerField())
    yes = serializers.ListField(child=serializers.IntegerField())
    no = serializers.ListField(child=serializers.IntegerField())
    expires = serializers.DateTimeField()
    result = serializers.CharField(help_text="passed, failed, expired, or empty while open.")


class TakeBackAskedSerializer(serializers.Serializer):
    detail = serializers.CharField()
    vote = VoteSerializer(help_text="The take-back vote put to those who played since.")


def vote_detail(vote: Vote) -> dict:
    names = vote.game.state["players"]
    return {
        "id": vote.pk,
        "seq": vote.seq,
        "subject": vote.subject,
        "question": texts.in_active_language(
            store.question_text({"subject": vote.subject, **vote.details}, names)
        ),
        "details": vote.details,
        "caller": vote.caller,
        "concerns": vote.concerns,
        "voters": vote.voters,
        "yes": vote.yes,
        "no": vote.no,
        "expires": vote.expires,
        "result": vote.result,
    }
