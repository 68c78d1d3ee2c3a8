"""A finished game's record as plain text (tabletop.play.records): for people to read and for
`manage.py import_games` and `replay_log` to take."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext

from tabletop.play import records
from tabletop.web import tables


def record_text(request: HttpRequest, game_id: int) -> HttpResponse:
    found = tables.shown_game(request, game_id)
    if not found.is_over:
        # During play the seed and the hands in the log are secrets.
        raise Http404(gettext("The record can be downloaded once the game is over."))
    if found.forked_from_id is not None:
        raise Http404(
            gettext(
                "A game played on from another game's position has no text record yet; "
                "its JSON log replays it."
            )
        )
    # A private table's comments are its players' only.
    with_comments = not found.private or found.seat_of(request.user) is not None
    response = HttpResponse(
        records.write(found, with_comments), content_type="text/plain; charset=utf-8"
    )
    # Inline: the link opens it to read; the page's button (download) saves it.
    response["Content-Disposition"] = f'inline; filename="tabletop-{found.slug}-{found.pk}.txt"'
    return response
