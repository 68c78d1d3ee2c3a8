"""The site goes on a phone's home screen: every page links a web app manifest with the
site's name, colours and icons, and the service worker that keeps the offline page is served
from the top of the site, so that it may answer for every page."""

from __future__ import annotations

import json
import re
import struct

from django.contrib.staticfiles import finders
from django.test import Client


def png_size(path: str) -> tuple[int, int]:
    with open(finders.find(path.removeprefix("/static/")), "rb") as image:
        head = image.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", head[16:24])


def test_every_page_links_the_manifest_and_the_theme_colour(db):
    page = Client().get("/accounts/login/").content.decode()
    manifest_url = re.search(r'<link rel="manifest" href="([^"]+)">', page).group(1)
    answer = Client().get(manifest_url)
    manifest = json.loads(answer.content)

    assert answer.status_code == 200
    assert answer["Content-Type"] == "application/manifest+json"
    assert f'<meta name="theme-color" content="{manifest["theme_color"]}">' in page
    assert (manifest["name"], manifest["start_url"], manifest["display"]) == (
        "tabletop",
        "/",
        "standalone",
    )


def test_the_manifest_offers_icons_of_192_and_512_pixels_and_the_drawing(db):
    icons = json.loads(Client().get("/manifest.webmanifest").content)["icons"]

    sizes = {icon["sizes"] for icon in icons if icon["type"] == "image/png"}
    assert sizes == {"192x192", "512x512"}
    for icon in icons:
        if icon["type"] == "image/png":
            width = int(icon["sizes"].split("x")[0])
            assert png_size(icon["src"]) == (width, width)
        assert finders.find(icon["src"].removeprefix("/static/")), icon["src"]
    assert {"any", "maskable"} <= {icon["purpose"] for icon in icons}
    assert any(icon["src"].endswith("favicon.svg") for icon in icons)


def test_the_manifest_describes_the_site_in_the_visitors_language(db):
    manifest = json.loads(Client().get("/manifest.webmanifest", HTTP_ACCEPT_LANGUAGE="pl").content)

    assert manifest["lang"] == "pl"
    assert manifest["description"] == "powolne gry, jeden ruch dziennie"


def test_the_service_worker_is_served_from_the_top_of_the_site_and_never_stale(db):
    answer = Client().get("/service-worker.js")

    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/javascript")
    assert answer["Cache-Control"] == "no-cache"
    assert b'addEventListener("push"' in answer.content
    assert b'addEventListener("fetch"' in answer.content


def test_the_offline_page_names_no_game_and_no_player(db, make_user):
    from tests.helpers.factories import started_game

    ann, ben = make_user("ann"), make_user("ben")
    started_game([ann, ben])
    client = Client()
    client.force_login(ann)
    page = client.get("/offline/").content.decode()

    assert "You are offline" in page
    assert "ann" not in page
    assert "<title>Offline · tabletop</title>" in page
