"""Links to one step of a game's history: its title and description for link previews, the
permalink shown at the step, and on a finished game the switch between everything and what
one player saw at that step (`/games/<id>/history/as/<seat>/`, tabletop.play.seat_history).

The seat is in the path, not the query, so the page's own `?seq=` links step through the
game in the same player's view.
"""

from __future__ import annotations

from django.conf import settings
from django.http import Http404
from django.urls import reverse
from django.utils.translation import gettext

from tabletop.play.models import Game


def seat_shown(game: Game, as_seat: int | None) -> int | None:
    """The seat whose view of the past is asked for (None: everything); 404 with the reason
    for a game still in play, whose seats' views are their secrets, or a seat it lacks."""
    if as_seat is None:
        return None
    if not game.is_over:
        raise Http404(gettext("What a player saw is shown once the game is over."))
    if not 0 <= as_seat < game.players:
        raise Http404(gettext("This game has no seat %(seat)s.") % {"seat": as_seat})
    return as_seat


def history_url(game: Game, as_seat: int | None) -> str:
    if as_seat is None:
        return reverse("history", args=[game.pk])
    return reverse("history-as", args=[game.pk, as_seat])


def step_links(game: Game, seq: int, as_seat: int | None, line: dict | None) -> dict:
    """The step's title, description and permalink, and the views to switch between."""
    names = [seat.user.get_username() for seat in game.seats_with_players()]
    title = gettext("%(title)s #%(pk)s, move %(seq)s") % {
        "title": game.title,
        "pk": game.pk,
        "seq": seq,
    }
    if as_seat is not None:
        title = gettext("%(step)s, as %(name)s saw it") % {"step": title, "name": names[as_seat]}
    if line is not None:
        description = line["text"]
    else:
        description = gettext("The position before the first move.")
    switch = []
    if game.is_over:
        switch = [
            {
                "label": gettext("everything"),
                "url": f"{history_url(game, None)}?seq={seq}",
                "current": as_seat is None,
            },
            *(
                {
                    "label": gettext("as %(name)s saw it") % {"name": name},
                    "url": f"{history_url(game, seat)}?seq={seq}",
                    "current": as_seat == seat,
                }
                for seat, name in enumerate(names)
            ),
        ]
    return {
        "step_title": title,
        "step_description": description,
        "permalink": f"{settings.SITE_URL}{history_url(game, as_seat)}?seq={seq}",
        "step_switch": switch,
        "as_seat": as_seat,
    }
