"""The rules pages: /rules/<slug>/ explains one game in the project's own words, with its card
pictures, a worked scoring example (tabletop/web/examples.py), every house ruling the service
applies, and the words its board uses (tabletop/web/glossary.py). Anyone may read them.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tabletop.play import invitations
from tabletop.play.models import Game
from tabletop.web import examples, glossary, pages


def rules_page(request: HttpRequest, slug: str) -> HttpResponse:
    rules = pages.rules_for(slug)
    if rules is None:
        context = {"slug": slug, "games": pages.gallery()}
        return render(request, "web/rules/unknown.html", context, status=404)
    context = {
        "rules": rules,
        "terms": glossary.of_game(slug).values(),
        "example": examples.of_game(slug),
        "back_to": opened_from(request),
    }
    return render(request, f"web/rules/{slug}.html", context)


def opened_from(request: HttpRequest) -> Game | None:
    """The game whose page opened these rules (`?from=<id>`), if the viewer may see it; a
    link the viewer may not follow names nothing, and bad input is simply no link."""
    game_id = request.GET.get("from", "")
    if not game_id.isdigit() or len(game_id) > 18:
        return None
    game = Game.objects.filter(pk=int(game_id)).first()
    if game is None or invitations.why_hidden(game, request.user):
        return None
    return game
