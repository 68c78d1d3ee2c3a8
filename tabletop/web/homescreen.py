"""The site on a phone's home screen: the web app manifest, the service worker (served from the
top of the site, so that it may answer for every page when the network is gone) and the page it
answers with then."""

from __future__ import annotations

from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext

# The colours of the top bar and of the paper (tabletop.css), for the phone's own frame.
THEME_COLOUR = "#2d1e3f"
BACKGROUND_COLOUR = "#f7f2e8"
# Kept in the static files (its first address, which browsers subscribed to notifications
# still know), and served from the top of the site as well.
WORKER = "web/push-worker.js"


def manifest(request: HttpRequest) -> JsonResponse:
    return JsonResponse(
        {
            "id": "/",
            "name": "tabletop",
            "short_name": "tabletop",
            "description": gettext("slow games, one move a day"),
            "lang": request.LANGUAGE_CODE,
            "start_url": reverse("dashboard"),
            "scope": "/",
            "display": "standalone",
            "theme_color": THEME_COLOUR,
            "background_color": BACKGROUND_COLOUR,
            "icons": [
                icon("web/icon-192.png", "192x192", "image/png", "any"),
                icon("web/icon-512.png", "512x512", "image/png", "any"),
                # The die sits inside the middle 80%, so a phone may cut the icon to its shape.
                icon("web/icon-512.png", "512x512", "image/png", "maskable"),
                icon("web/favicon.svg", "any", "image/svg+xml", "any"),
            ],
        },
        content_type="application/manifest+json",
    )


def icon(path: str, sizes: str, kind: str, purpose: str) -> dict:
    return {"src": static(path), "sizes": sizes, "type": kind, "purpose": purpose}


def service_worker(request: HttpRequest) -> HttpResponse:
    with open(finders.find(WORKER), encoding="utf-8") as source:
        script = source.read()
    answer = HttpResponse(script, content_type="text/javascript; charset=utf-8")
    # The browser checks for a new worker on its own; a cached one would hide a new release.
    answer["Cache-Control"] = "no-cache"
    return answer


def offline(request: HttpRequest) -> HttpResponse:
    """What the service worker shows for a page it cannot fetch. It is kept in the browser, so
    it names no game and no count of games waiting."""
    return render(request, "web/offline.html", {"games_waiting": 0})
