"""A player's private calendar feed (.ics): each deadline they have now, as an event that ends
at the deadline, with an alarm at each of their reminders.

The address holds a secret token instead of a log-in (calendar apps fetch it on their own,
without cookies); anyone holding it reads the player's deadlines and nothing else, and the
player can reset it from the settings page. A calendar app polls the address, so the feed
follows the games as they move.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.auth.decorators import login_not_required
from django.http import Http404, HttpRequest, HttpResponse
from django.utils import translation
from django.utils.translation import gettext
from django.views.decorators.http import require_GET
from icalendar import Alarm, Calendar, Event

from tabletop.accounts import links, moments
from tabletop.accounts.models import Preferences
from tabletop.play import clock
from tabletop.play.models import Game, Seat
from tabletop.tournaments.models import Round, Tournament

# The event is the last stretch before the deadline, so it shows on the day it falls.
EVENT_LENGTH = timedelta(minutes=30)


@login_not_required
@require_GET
def calendar_feed(request: HttpRequest, token: str) -> HttpResponse:
    preferences = (
        Preferences.objects.filter(calendar_token=token).select_related("user").first()
        if token
        else None
    )
    if preferences is None:
        raise Http404(gettext("There is no calendar at this address (was it reset?)."))
    # A calendar app asks without the player's session: the feed speaks their setting.
    with translation.override(preferences.language or settings.LANGUAGE_CODE):
        feed = deadlines_calendar(preferences)
    response = HttpResponse(feed.to_ical(), content_type="text/calendar; charset=utf-8")
    response["Cache-Control"] = "private, no-cache"
    response["X-Robots-Tag"] = "noindex"
    if request.GET.get("download"):
        # The settings page's Download: the same feed as a file, for an app that imports one.
        response["Content-Disposition"] = 'attachment; filename="tabletop-deadlines.ics"'
    return response


def deadlines_calendar(preferences: Preferences) -> Calendar:
    feed = Calendar()
    feed.add("prodid", "-//tabletop//deadlines//EN")
    feed.add("version", "2.0")
    feed.add(
        "x-wr-calname",
        gettext("tabletop: %(name)s's deadlines") % {"name": preferences.user.get_username()},
    )
    feed.add("refresh-interval;value=duration", "PT1H")
    for seat in waiting_seats(preferences.user):
        feed.add_component(deadline_event(seat, preferences))
    for played in rounds_played_by(preferences.user):
        feed.add_component(round_event(played, preferences))
    return feed


def waiting_seats(user) -> list[Seat]:
    """The player's seats with a running deadline (the game waits for them)."""
    seats = Seat.objects.filter(
        user=user, deadline__isnull=False, game__status=Game.Status.ACTIVE
    ).select_related("game")
    return [seat for seat in seats.order_by("deadline") if seat.position in seat.game.to_act]


def deadline_event(seat: Seat, preferences: Preferences) -> Event:
    game = seat.game
    names = [s.user.get_username() for s in game.seats.select_related("user")]
    others = [names[position] for position in game.to_act if position != seat.position]
    waiting = (
        gettext("your move (and %(others)s's)") % {"others": ", ".join(others)}
        if others
        else gettext("your move")
    )
    event = Event()
    turn = f"game-{game.pk}-seat-{seat.position}-turn-{seat.turn_seq}"
    event.add("uid", f"tabletop-{turn}@{site_name()}")
    event.add("dtstamp", clock.now())
    event.add("dtstart", seat.deadline - EVENT_LENGTH)
    event.add("dtend", seat.deadline)
    event.add("summary", f"{game.title} #{game.pk}: {waiting}")
    url = links.absolute(links.game_path(game.pk))
    event.add("url", url)
    event.add(
        "description",
        gettext("The deadline of your move in %(title)s #%(pk)s: %(time)s; then %(then)s. %(url)s")
        % {
            "title": game.title,
            "pk": game.pk,
            "time": moments.moment(seat.deadline, preferences.time_zone),
            "then": game.get_timeout_policy_display(),
            "url": url,
        },
    )
    for point in reminders(seat, preferences):
        event.add_component(alarm_at(point, game))
    return event


def rounds_played_by(user) -> list[Round]:
    """The running rounds of running tournaments in which the player sits at a table."""
    return list(
        Round.objects.filter(
            ended__isnull=True,
            tournament__status=Tournament.Status.RUNNING,
            tables__game__seats__user=user,
        )
        .select_related("tournament")
        .distinct()
        .order_by("deadline")
    )


def round_event(played: Round, preferences: Preferences) -> Event:
    """A round's deadline: then its games still going are adjudicated."""
    tournament = played.tournament
    event = Event()
    event.add("uid", f"tabletop-tournament-{tournament.pk}-round-{played.number}@{site_name()}")
    event.add("dtstamp", clock.now())
    event.add("dtstart", played.deadline - EVENT_LENGTH)
    event.add("dtend", played.deadline)
    event.add(
        "summary",
        gettext("%(name)s: round %(number)s ends")
        % {"name": tournament.name, "number": played.number},
    )
    url = links.absolute(links.tournament_path(tournament.pk))
    event.add("url", url)
    event.add(
        "description",
        gettext(
            "Round %(number)s of %(name)s ends %(time)s; its games still going then are "
            "adjudicated. %(url)s"
        )
        % {
            "number": played.number,
            "name": tournament.name,
            "time": moments.moment(played.deadline, preferences.time_zone),
            "url": url,
        },
    )
    return event


def reminders(seat: Seat, preferences: Preferences) -> list:
    if seat.turn_started is None:
        return []
    return clock.reminder_points(
        seat.deadline, seat.game.reminder_hours, seat.turn_started, preferences
    )


def alarm_at(moment, game: Game) -> Alarm:
    alarm = Alarm()
    alarm.add("action", "DISPLAY")
    alarm.add("trigger", moment)
    alarm.add(
        "description",
        gettext("Your move in %(title)s #%(pk)s is due soon")
        % {"title": game.title, "pk": game.pk},
    )
    return alarm


def site_name() -> str:
    return settings.SITE_URL.split("//", 1)[-1].split("/", 1)[0]
