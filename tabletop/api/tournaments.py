"""The API of tournaments: the list and a new one, one tournament with its rounds and games,
joining and leaving, the organiser's start, cancel and drop, and the standings.

Each view reads the request, calls one function of tabletop.tournaments and answers; their
refusals (tabletop.play.store.Refused and its kin) are answered by errors.handle_exception with
their status and message, as the store's are.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import Count, Prefetch
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.decorators import api_view, permission_classes, throttle_classes
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings

import games
from tabletop.api import throttles
from tabletop.api.views import refusals
from tabletop.tournaments import drops, entries, rounds, visibility
from tabletop.tournaments.models import Round, RoundGame, Tournament
from tabletop.tournaments.results import standings_of

LISTED = ("signup", "running", "finished", "cancelled")


def find_tournament(tournament_id: int, user) -> Tournament:
    """The tournament, if `user` may see it (one by invitation: 401 without credentials, 403
    for anyone but its organiser, players and invited)."""
    found = Tournament.objects.select_related("organiser").filter(pk=tournament_id).first()
    if found is None:
        raise exceptions.NotFound(gettext("There is no tournament %(id)s.") % {"id": tournament_id})
    hidden = visibility.why_hidden(found, user)
    if hidden and not user.is_authenticated:
        raise exceptions.NotAuthenticated(hidden)
    if hidden:
        raise exceptions.PermissionDenied(hidden)
    return found


class CreateTournamentSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=100, required=False, allow_blank=True, default="")
    game = serializers.ChoiceField(choices=[rules.slug for rules in games.all()])
    options = serializers.DictField(required=False, default=dict)
    format = serializers.ChoiceField(choices=Tournament.Format.choices)
    table_size = serializers.IntegerField(min_value=2, max_value=5)
    max_players = serializers.IntegerField(min_value=2, max_value=entries.MOST_PLAYERS)
    rounds = serializers.IntegerField(
        min_value=1,
        max_value=entries.MOST_SWISS_ROUNDS,
        required=False,
        allow_null=True,
        help_text="Swiss only: how many rounds. A round robin has as many as its schedule.",
    )
    days_per_move = serializers.IntegerField(min_value=1, max_value=60, default=3)
    round_days = serializers.IntegerField(
        min_value=1,
        max_value=365,
        default=14,
        help_text="Days a round may run; then its games still going are adjudicated.",
    )
    signup_deadline = serializers.DateTimeField(
        help_text="ISO 8601 with its offset; the tournament starts then (or earlier, by its "
        "organiser) if one table's worth of players joined, else it is called off."
    )
    private = serializers.BooleanField(
        default=False, help_text="By invitation: only the invited join and see it."
    )
    invite = serializers.ListField(
        child=serializers.CharField(max_length=150),
        required=False,
        default=list,
        max_length=entries.MOST_PLAYERS,
        help_text="Players' names asked to a tournament by invitation.",
    )


class DropSerializer(serializers.Serializer):
    player = serializers.CharField(max_length=150, help_text="The player's name.")
    reason = serializers.CharField(max_length=200, help_text="Kept in the tournament's log.")


class StandingSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    player = serializers.CharField(help_text="The player's name.")
    points = serializers.FloatField()
    opponents_points = serializers.FloatField()
    score = serializers.IntegerField()
    games = serializers.IntegerField()
    byes = serializers.IntegerField()
    dropped = serializers.BooleanField()


class TableSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    game = serializers.IntegerField()
    players = serializers.ListField(child=serializers.CharField())
    status = serializers.CharField()
    scores = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    winners = serializers.ListField(child=serializers.CharField(), allow_null=True)


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    started = serializers.DateTimeField()
    deadline = serializers.DateTimeField()
    ended = serializers.DateTimeField(allow_null=True)
    tables = TableSerializer(many=True)


class TournamentSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    game = serializers.CharField()
    options = serializers.DictField()
    format = serializers.CharField()
    table_size = serializers.IntegerField()
    rounds = serializers.IntegerField(allow_null=True)
    current_round = serializers.IntegerField()
    max_players = serializers.IntegerField()
    players = serializers.IntegerField(help_text="How many have joined.")
    days_per_move = serializers.IntegerField()
    round_days = serializers.IntegerField()
    signup_deadline = serializers.DateTimeField()
    private = serializers.BooleanField()
    status = serializers.CharField()
    organiser = serializers.CharField()
    winners = serializers.ListField(child=serializers.CharField())
    url = serializers.CharField()


class TournamentDetailSerializer(TournamentSerializer):
    joined = serializers.BooleanField(help_text="Whether you are one of its players.")
    entries = serializers.ListField(child=serializers.DictField())
    round_list = RoundSerializer(many=True)


def names_of(ids) -> dict[int, str]:
    users = get_user_model().objects.filter(pk__in=set(ids))
    return {user.pk: user.get_username() for user in users}


def summary(tournament: Tournament, names: dict[int, str], joined_count: int) -> dict:
    return {
        "id": tournament.pk,
        "name": tournament.name,
        "game": tournament.slug,
        "options": tournament.options,
        "format": tournament.format,
        "table_size": tournament.table_size,
        "rounds": tournament.rounds,
        "current_round": tournament.current_round,
        "max_players": tournament.max_players,
        "players": joined_count,
        "days_per_move": tournament.days_per_move,
        "round_days": tournament.round_days,
        "signup_deadline": tournament.signup_deadline,
        "private": tournament.private,
        "status": tournament.status,
        "organiser": tournament.organiser.get_username(),
        "winners": [names.get(pk, "") for pk in tournament.winners],
        "url": f"/tournaments/{tournament.pk}/",
    }


def table_answer(link: RoundGame, names: dict[int, str]) -> dict:
    game = link.game
    seats = sorted(game.seats.all(), key=lambda seat: seat.position)
    outcome = game.outcome if game.status == game.Status.FINISHED else None
    return {
        "table": link.table,
        "game": game.pk,
        "players": [names.get(seat.user_id, "") for seat in seats],
        "status": game.status,
        "scores": (outcome or {}).get("scores") if outcome else None,
        "winners": [names.get(seats[i].user_id, "") for i in outcome.get("winners", [])]
        if outcome
        else None,
    }


def detail(tournament: Tournament, user) -> dict:
    played = Round.objects.filter(tournament=tournament).prefetch_related(
        Prefetch(
            "tables",
            RoundGame.objects.select_related("game").prefetch_related("game__seats"),
        )
    )
    entry_list = list(tournament.entries.all())
    ids = [e.player_id for e in entry_list] + list(tournament.winners)
    ids += [seat.user_id for r in played for t in r.tables.all() for seat in t.game.seats.all()]
    names = names_of(i for i in ids if i is not None)
    answer = summary(tournament, names, len(entry_list))
    answer["joined"] = any(e.player_id == user.pk for e in entry_list)
    answer["entries"] = [
        {
            "player": names.get(e.player_id, ""),
            "points": e.points,
            "dropped": e.dropped is not None,
            "drop_reason": e.drop_reason,
        }
        for e in entry_list
    ]
    answer["round_list"] = [
        {
            "number": r.number,
            "started": r.started,
            "deadline": r.deadline,
            "ended": r.ended,
            "tables": [table_answer(link, names) for link in r.tables.all()],
        }
        for r in played
    ]
    return answer


def standings_answer(tournament: Tournament) -> list[dict]:
    table = standings_of(tournament)
    dropped = set(
        tournament.entries.filter(dropped__isnull=False).values_list("player_id", flat=True)
    )
    names = names_of(row.player for row in table)
    return [
        {
            "place": row.rank,
            "player": names.get(row.player, ""),
            "points": row.points,
            "opponents_points": row.opponents_points,
            "score": row.score_sum,
            "games": row.games,
            "byes": row.byes,
            "dropped": row.player in dropped,
        }
        for row in table
    ]


def find_player(name: str):
    found = get_user_model().objects.filter(username=name).first()
    if found is None:
        raise exceptions.ValidationError({"player": [gettext("There is no player %s.") % name]})
    return found


@extend_schema(
    operation_id="tournaments_list",
    summary="Tournaments you may see, newest first, by status",
    parameters=[
        OpenApiParameter("status", str, enum=list(LISTED), description="Only these (default: all).")
    ],
    responses={200: TournamentSerializer(many=True), **refusals(400, 401)},
    methods=["GET"],
)
@extend_schema(
    operation_id="tournaments_create",
    summary="Create a tournament; you are its organiser (join it to play in it)",
    description="Refused (400) when the game is not played at tables of `table_size`, a Swiss "
    "tournament has no `rounds`, the most players is less than one table, or the sign-up "
    "deadline is past; counted against the limit on new games (429).",
    request=CreateTournamentSerializer,
    responses={201: TournamentDetailSerializer, **refusals(400, 401, 413, 415, 429)},
    methods=["POST"],
)
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticatedOrReadOnly])
@throttle_classes([*api_settings.DEFAULT_THROTTLE_CLASSES, throttles.GameCreation])
def tournament_list(request: Request) -> Response:
    if request.method == "POST":
        return create(request)
    shown = visibility.visible_to(request.user).select_related("organiser")
    wanted = request.query_params.get("status")
    if wanted:
        if wanted not in LISTED:
            raise exceptions.ValidationError(
                {"status": [gettext("A status is one of: %s.") % ", ".join(LISTED)]}
            )
        shown = shown.filter(status=wanted)
    shown = shown.annotate(joined_count=Count("entries", distinct=True)).order_by("-pk")[:200]
    names = names_of(pk for t in shown for pk in t.winners)
    return Response([summary(t, names, t.joined_count) for t in shown])


def create(request: Request) -> Response:
    form = CreateTournamentSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    data = form.validated_data
    invited = [find_player(name) for name in data["invite"]]
    tournament = entries.create_tournament(
        request.user,
        data["name"],
        data["game"],
        format=data["format"],
        table_size=data["table_size"],
        max_players=data["max_players"],
        signup_deadline=data["signup_deadline"],
        rounds=data.get("rounds"),
        options=data["options"],
        days_per_move=data["days_per_move"],
        round_days=data["round_days"],
        private=data["private"],
    )
    if invited:
        entries.invite(tournament, request.user, invited)
    return Response(detail(tournament, request.user), status=status.HTTP_201_CREATED)


@extend_schema(
    operation_id="tournaments_retrieve",
    summary="One tournament: its players, rounds, tables, games and results",
    responses={200: TournamentDetailSerializer, **refusals(401, 403, 404)},
)
@api_view(["GET"])
@permission_classes([IsAuthenticatedOrReadOnly])
def tournament(request: Request, tournament_id: int) -> Response:
    return Response(detail(find_tournament(tournament_id, request.user), request.user))


@extend_schema(
    operation_id="tournaments_standings",
    summary="The standings, rebuilt from the tournament's log, best first",
    description="Points by placing: at a table of s seats place p is worth (s - p)/(s - 1) (a "
    "win 1, last place 0), shared places splitting their points; a bye is worth 1/2. Ties are "
    "broken by the opponents' points, then by the sum of game scores; rows equal on all three "
    "share a place.",
    responses={200: StandingSerializer(many=True), **refusals(401, 403, 404)},
)
@api_view(["GET"])
@permission_classes([IsAuthenticatedOrReadOnly])
def standings(request: Request, tournament_id: int) -> Response:
    return Response(standings_answer(find_tournament(tournament_id, request.user)))


def acting(operation_id: str, summary_text: str, description: str, statuses, request=None):
    """The schema of one of the POST actions below, all answering the tournament."""
    return extend_schema(
        operation_id=operation_id,
        summary=summary_text,
        description=description,
        request=request,
        responses={200: TournamentDetailSerializer, **refusals(*statuses)},
    )


@acting(
    "tournaments_join",
    "Join a tournament open for sign-up",
    "Refused: started, cancelled or past its sign-up deadline, or full (409); by invitation "
    "and you were not asked (403); joined already (400).",
    (400, 401, 403, 404, 409),
)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def join(request: Request, tournament_id: int) -> Response:
    found = find_tournament(tournament_id, request.user)
    entries.join_tournament(found, request.user)
    return Response(detail(found, request.user))


@acting(
    "tournaments_leave",
    "Leave a tournament; once it runs, withdraw from it",
    "Before the start your place is freed. Once it runs you are dropped: never seated again, "
    "and your running games go on with the computer in your seat. Refused: not joined (400), "
    "over (409).",
    (400, 401, 403, 404, 409),
)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def leave(request: Request, tournament_id: int) -> Response:
    found = find_tournament(tournament_id, request.user)
    entries.leave_tournament(found, request.user)
    found.refresh_from_db()
    return Response(detail(found, request.user))


@acting(
    "tournaments_start",
    "Start a tournament now (its organiser): round 1 is seated and its games start",
    "Refused: not the organiser (403), started or over, or fewer players than one table (409).",
    (401, 403, 404, 409),
)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def start(request: Request, tournament_id: int) -> Response:
    found = rounds.start_tournament(find_tournament(tournament_id, request.user), request.user)
    return Response(detail(found, request.user))


@acting(
    "tournaments_cancel",
    "Call off a tournament before it starts (its organiser)",
    "Refused: not the organiser (403), started already (409).",
    (401, 403, 404, 409),
)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def cancel(request: Request, tournament_id: int) -> Response:
    found = find_tournament(tournament_id, request.user)
    found = entries.cancel_tournament(found, request.user)
    return Response(detail(found, request.user))


@acting(
    "tournaments_drop",
    "Drop a player from a running tournament (its organiser), with a reason that is logged",
    "The player is never seated again; their running games go on with the computer in their "
    "seat. Refused: not the organiser (403), not running, the player not in it or dropped "
    "already (409).",
    (400, 401, 403, 404, 409),
    request=DropSerializer,
)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def drop(request: Request, tournament_id: int) -> Response:
    found = find_tournament(tournament_id, request.user)
    form = DropSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    player = find_player(form.validated_data["player"])
    drops.drop_player(found, player, form.validated_data["reason"], by=request.user)
    return Response(detail(found, request.user))
