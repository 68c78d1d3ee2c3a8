"""The rules pages: /rules/<slug>/ explains one game in the project's own words, with its card
pictures, a worked scoring example (tabletop/web/examples.py), every house ruling the service
applies, and the words its board uses (tabletop/web/glossary.py). Anyone may read them.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

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
    }
    return render(request, f"web/rules/{slug}.html", context)
