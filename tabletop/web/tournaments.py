"""The tournament pages: the list (open for sign-up, running, finished), a new tournament,
one tournament with its standings and rounds, joining and leaving, and the organiser's start,
cancel and drop.

Each view reads the request and calls one function of tabletop.tournaments; a refusal is shown
on the tournament page with the status it names, and a tournament by invitation is a 403 page
with the reason for anyone who may not see it (as a private table is).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Page, Paginator
from django.db.models import Count, Prefetch
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from tabletop.accounts import limits
from tabletop.play import store
from tabletop.play.models import Game
from tabletop.tournaments import drops, entries, rounds, visibility
from tabletop.tournaments.models import Round, RoundGame, Tournament
from tabletop.tournaments.results import standings_of
from tabletop.web import pages
from tabletop.web.tournament_forms import DropForm, NewTournamentForm

Status = Tournament.Status
# How many of each kind a page of the list shows, newest first; each kind has its own pages.
LISTED = 50


# ---------------------------------------------------------------------------- the list


def tournament_list(request: HttpRequest) -> HttpResponse:
    # Counted apart from the visibility's filter: the count would otherwise share that
    # filter's joins (on the entries and the invited), and count only the rows it let through.
    visible = visibility.visible_to(request.user).values("pk")
    shown = Tournament.objects.filter(pk__in=visible).select_related("organiser")
    shown = shown.annotate(joined_count=Count("entries")).order_by("-pk")
    sections = [
        (gettext("Open for sign-up"), "signup", listed_page(request, shown, Status.SIGNUP)),
        (gettext("Running"), "running", listed_page(request, shown, Status.RUNNING)),
        (gettext("Finished"), "finished", listed_page(request, shown, Status.FINISHED)),
    ]
    listed = [t for _, _, page in sections for t in page]
    deadlines = current_deadlines(listed)
    names = names_of(pk for t in listed for pk in t.winners)
    for tournament in listed:
        tournament.round_deadline = deadlines.get(tournament.pk)
        tournament.winner_names = [names.get(pk, "") for pk in tournament.winners]
    return render(request, "tournaments/list.html", {"sections": sections})


def listed_page(request: HttpRequest, shown, status: str) -> Page:
    """One kind's page of the list, its number read from the parameter named for the kind
    (`?finished=3`); a number out of range shows the nearest page rather than an error."""
    found = Paginator(shown.filter(status=status), LISTED)
    return found.get_page(request.GET.get(status))


def current_deadlines(listed: list[Tournament]) -> dict:
    """Each running tournament's current round deadline, by tournament id."""
    running = [t for t in listed if t.status == Status.RUNNING]
    found = Round.objects.filter(tournament__in=running, ended__isnull=True)
    return {r.tournament_id: r.deadline for r in found}


def names_of(ids) -> dict[int, str]:
    users = get_user_model().objects.filter(pk__in=set(ids))
    return {user.pk: user.get_username() for user in users}


# ---------------------------------------------------------------------------- a new one


@login_required
@limits.limit("create-game")
def new_tournament(request: HttpRequest) -> HttpResponse:
    rules = pages.rules_for(request.GET.get("game", "") or request.POST.get("game", ""))
    if rules is None:
        return render(request, "tournaments/choose_game.html", {"games": pages.gallery()})
    form = NewTournamentForm(rules, request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = create(request.user, rules.slug, form)
        except store.Refused as refusal:
            form.add_error(None, refusal.message)
        else:
            return redirect("tournament", tournament.pk)
    return render(request, "tournaments/new.html", {"form": form, "rules": rules})


def create(organiser, slug: str, form: NewTournamentForm) -> Tournament:
    data = form.cleaned_data
    tournament = entries.create_tournament(
        organiser,
        data["name"],
        slug,
        format=data["format"],
        table_size=data["table_size"],
        max_players=data["max_players"],
        signup_deadline=data["signup_deadline"],
        rounds=data["rounds"],
        options=form.options(),
        days_per_move=data["days_per_move"],
        round_days=data["round_days"],
        private=form.is_private(),
    )
    if data["invite"]:
        entries.invite(tournament, organiser, data["invite"])
    return tournament


# ---------------------------------------------------------------------------- one tournament


def shown_tournament(request: HttpRequest, tournament_id: int) -> Tournament:
    """The tournament, if the viewer may see it; 403 with the reason for one by invitation."""
    found = Tournament.objects.select_related("organiser").filter(pk=tournament_id).first()
    if found is None:
        raise Http404(gettext("There is no tournament %(id)s.") % {"id": tournament_id})
    hidden = visibility.why_hidden(found, request.user)
    if hidden:
        raise PermissionDenied(hidden)
    return found


def tournament(request: HttpRequest, tournament_id: int) -> HttpResponse:
    found = shown_tournament(request, tournament_id)
    return render(request, "tournaments/tournament.html", tournament_page(found, request.user))


def tournament_page(tournament: Tournament, user, drop_form: DropForm | None = None) -> dict:
    entry_list = list(tournament.entries.select_related("player"))
    played = list(
        Round.objects.filter(tournament=tournament).prefetch_related(
            Prefetch(
                "tables",
                RoundGame.objects.select_related("game").prefetch_related("game__seats__user"),
            )
        )
    )
    mine = next((e for e in entry_list if e.player_id == user.pk), None)
    organising = user.is_authenticated and tournament.organiser_id == user.pk
    running = tournament.status == Status.RUNNING
    return {
        "tournament": tournament,
        "rules": tournament.rules,
        "players": [e.player for e in entry_list],
        "standings": standing_rows(tournament, entry_list),
        "rounds": [round_of(r) for r in reversed(played)],
        "current": next((r for r in played if r.ended is None), None),
        "entry": mine,
        "may_join": user.is_authenticated and mine is None and tournament.status == Status.SIGNUP,
        "may_leave": mine is not None and mine.dropped is None and not tournament.is_over,
        "organising": organising,
        "drop_form": drop_form or (DropForm(tournament) if organising and running else None),
        "winner_names": list(names_of(tournament.winners).values()),
    }


def standing_rows(tournament: Tournament, entry_list: list) -> list[dict]:
    """The standings rebuilt from the log, with each player's name and drop."""
    by_player = {e.player_id: e for e in entry_list}
    rows = []
    for row in standings_of(tournament):
        entry = by_player.get(row.player)
        rows.append(
            {
                "place": row.rank,
                "points": row.points,
                "opponents_points": row.opponents_points,
                "score": row.score_sum,
                "games": row.games,
                "byes": row.byes,
                "name": entry.player.get_username() if entry else "",
                "dropped": entry is not None and entry.dropped is not None,
                "drop_reason": drop_reason(entry) if entry else "",
            }
        )
    return rows


def drop_reason(entry) -> str:
    """Why a player was dropped, in the reader's words where it is one of the service's."""
    reasons = {
        drops.WITHDREW: gettext("withdrew"),
        drops.TIMED_OUT: gettext("timed out repeatedly"),
    }
    return reasons.get(entry.drop_reason, entry.drop_reason)


def round_of(played: Round) -> dict:
    return {"round": played, "tables": [table_of(link) for link in played.tables.all()]}


def table_of(link: RoundGame) -> dict:
    game = link.game
    seats = sorted(game.seats.all(), key=lambda seat: seat.position)
    names = [seat.user.get_username() if seat.user_id else "" for seat in seats]
    outcome = game.outcome if game.status == Game.Status.FINISHED and game.outcome else None
    result = []
    if outcome:
        winners = set(outcome.get("winners", []))
        scores = outcome.get("scores") or []
        for position, name in enumerate(names):
            score = scores[position] if position < len(scores) else ""
            result.append({"name": name, "score": score, "won": position in winners})
    return {"number": link.table, "game": game, "players": names, "result": result}


# ---------------------------------------------------------------------------- actions


def refused(request: HttpRequest, tournament: Tournament, message: str, status: int, **extra):
    """The tournament page again, with the refusal above its controls."""
    tournament.refresh_from_db()
    if visibility.why_hidden(tournament, request.user):
        raise PermissionDenied(message)
    context = {**tournament_page(tournament, request.user, **extra), "refusal": message}
    return render(request, "tournaments/tournament.html", context, status=status)


def act(request: HttpRequest, tournament_id: int, action, done: str) -> HttpResponse:
    """Do `action(tournament)`; back to the page with `done`, or with the refusal."""
    found = shown_tournament(request, tournament_id)
    try:
        action(found)
    except store.Refused as refusal:
        return refused(request, found, refusal.message, refusal.status)
    messages.success(request, done)
    return redirect("tournament", found.pk)


@login_required
@require_POST
def join(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return act(
        request,
        tournament_id,
        lambda found: entries.join_tournament(found, request.user),
        gettext("You joined the tournament."),
    )


@login_required
@require_POST
def leave(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return act(
        request,
        tournament_id,
        lambda found: entries.leave_tournament(found, request.user),
        gettext("You left the tournament."),
    )


@login_required
@require_POST
def start(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return act(
        request,
        tournament_id,
        lambda found: rounds.start_tournament(found, request.user),
        gettext("The tournament started: round 1 is seated and its games are on."),
    )


@login_required
@require_POST
def cancel(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return act(
        request,
        tournament_id,
        lambda found: entries.cancel_tournament(found, request.user),
        gettext("The tournament is called off."),
    )


@login_required
@require_POST
def drop(request: HttpRequest, tournament_id: int) -> HttpResponse:
    found = shown_tournament(request, tournament_id)
    form = DropForm(found, request.POST)
    if not form.is_valid():
        error = " ".join(message for errors in form.errors.values() for message in errors)
        return refused(request, found, error, 400, drop_form=form)
    player = form.chosen_player()
    return act(
        request,
        tournament_id,
        lambda found: drops.drop_player(
            found, player, form.cleaned_data["reason"], by=request.user
        ),
        gettext("%(name)s is dropped from the tournament.") % {"name": player.get_username()},
    )
