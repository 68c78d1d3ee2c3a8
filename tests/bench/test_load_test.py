"""The load test's ends in the database (`make load`): its seeded players can play at once, and
its check tells a lost move from a sound log. Locust itself never runs in the suite."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from datetime import timedelta
from pathlib import Path

import pytest
from django.db import connection
from django.test import Client
from django.utils import timezone

from tabletop.bench import load
from tabletop.mail import inbound
from tabletop.mail.models import Outbox
from tabletop.play import store
from tabletop.play.models import Game, Move, Seat
from tests.helpers.factories import started_game
from tests.helpers.plans import planner_counts

pytestmark = pytest.mark.django_db


def play_first_legal_move(game: Game, source: str) -> str:
    seat = game.to_act[0]
    user = game.seats.get(position=seat).user
    move = game.rules.legal_moves(game.state, seat)[0]
    store.submit(game, user, move, game.seq, source)
    return f"{game.pk}:{seat}:{source}"


def test_the_seeded_players_sit_in_a_ring_of_started_games_ready_to_be_played():
    players = load.seed(6, per_player=2)
    assert [p["kind"] for p in players] == ["page", "api", "email", "api", "page", "page"]
    assert Game.objects.filter(status=Game.Status.ACTIVE).count() == 6
    first = players[0]
    assert len(first["games"]) == 2
    page = Client()
    page.cookies["sessionid"] = first["session"]
    game_id, seat = first["games"][0]
    assert page.get(f"/games/{game_id}/").context["seat"] == seat
    api = Client(HTTP_AUTHORIZATION=f"Token {players[1]['token']}")
    assert {g["id"] for g in api.get("/api/games/").json()} == {g for g, _ in players[1]["games"]}


def test_the_check_finds_every_accepted_move_in_a_sound_log():
    load.seed(2, per_player=1)
    game = Game.objects.get()
    key = play_first_legal_move(game, Move.Source.API)
    verdict = load.check({key: 1})
    assert verdict.sound and not verdict.unconfirmed
    assert verdict.moves[Move.Source.API] == verdict.accepted[Move.Source.API] == 1


def test_the_check_names_a_move_a_player_was_told_of_that_the_log_lacks():
    load.seed(2, per_player=1)
    game = Game.objects.get()
    key = play_first_legal_move(game, Move.Source.WEB)
    verdict = load.check({key: 2})
    assert not verdict.sound
    assert verdict.lost == [f"{key}: 2 accepted, 1 in the log"]


def test_the_locust_players_load_in_a_process_of_their_own(tmp_path: Path):
    # Locust patches the standard library with gevent when imported: never in this process.
    players = tmp_path / "players.json"
    players.write_text(json.dumps([{"kind": k, "email": f"{k}@x.test"} for k in load.KINDS]))
    counts = subprocess.run(
        [
            sys.executable,
            "-c",
            # As locust does: itself first (its gevent patching inside an import breaks it).
            "import locust; from tabletop.bench import locustfile as f; "
            "print(f.PagePlayer.fixed_count, f.ApiPlayer.fixed_count, f.EmailPlayer.fixed_count)",
        ],
        env={**os.environ, "LOAD_PLAYERS": str(players)},
        capture_output=True,
        text=True,
        check=True,
    )
    assert counts.stdout.split() == ["2", "2", "1"]


def test_the_locust_players_poll_the_panel_as_its_page_does(tmp_path: Path, make_user):
    """The poll a player reads off the panel is the page's own htmx poll, whatever it asks to
    be sent back (a seated player's panel asks for its table forms' stand-in)."""
    game = started_game([make_user("ann"), make_user("ben")])
    client = Client()
    client.force_login(game.seats.get(position=0).user)
    panel = tmp_path / "panel.html"
    panel.write_text(client.get(f"/games/{game.pk}/panel/").content.decode())
    read = subprocess.run(
        [
            sys.executable,
            "-c",
            "import locust, sys; from tabletop.bench.locust_common import panel_state; "
            "print(panel_state(open(sys.argv[1]).read())['poll'])",
            str(panel),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    poll = read.stdout.strip()
    assert poll.startswith(f"/games/{game.pk}/panel/?version=") and poll.endswith("&forms=held")
    # The version it holds is the panel's own: nothing changed since.
    assert client.get(poll, HTTP_HX_REQUEST="true").status_code == 204


# ---------------------------------------------------------------------------- the slow-game site


@pytest.mark.parametrize("count", [2, 3, 5, 7, 10, 31])
def test_the_site_plan_seats_each_player_at_three_tables_of_two_to_four(count: int):
    tables = load.plan_tables(count, per_player=3)
    assert all(2 <= len(group) <= 4 for _slug, group in tables)
    assert all(len(set(group)) == len(group) for _slug, group in tables)
    seats = Counter(number for _slug, group in tables for number in group)
    assert seats == {number: 3 for number in range(count)}


def test_the_site_seeds_started_games_of_every_kind_whose_logs_replay():
    site = load.seed_site(16, per_player=3)
    players = site["players"]
    assert site["model"] == "site" and len(players) == 16
    assert all(len(p["games"]) == 3 for p in players)
    games = list(Game.objects.all())
    assert {game.slug for game in games} == set(load.ALL_SLUGS)
    assert {game.players for game in games} <= {2, 3, 4}
    assert all(game.status == Game.Status.ACTIVE for game in games)
    assert all(store.verify(game) == [] for game in games)


def test_the_seeded_site_is_counted_for_the_planner_as_a_sites_autovacuum_would():
    # Issue 31: the load test's fresh database was never analysed (autovacuum is off on this
    # machine), so PostgreSQL planned a player's turns as a hash over every running game, and
    # the database's share of the capacity measured that, not the site.
    load.seed_site(8, per_player=3)
    with connection.cursor() as cursor:
        counted = planner_counts(cursor, connection.vendor)
    assert counted.get("play_seat") == Seat.objects.count() > 0
    assert counted.get("play_game") == Game.objects.count() > 0


def test_the_site_players_hold_a_letter_for_every_turn_waiting_and_come_logged_in():
    site = load.seed_site(8, per_player=3)
    letters = {(held["game"], held["seat"]) for p in site["players"] for held in p["letters"]}
    waiting = {(game.pk, seat) for game in Game.objects.all() for seat in game.to_act}
    assert letters == waiting
    assert not Outbox.objects.filter(status=Outbox.Status.PENDING).exists()
    player = site["players"][0]
    page = Client()
    page.cookies["sessionid"] = player["session"]
    assert page.get("/").context["user"].username == player["name"]
    api = Client(HTTP_AUTHORIZATION=f"Token {player['token']}")
    assert {g["id"] for g in api.get("/api/games/").json()} == {g for g, _ in player["games"]}


def test_a_letter_answered_by_email_plays_the_move(settings):
    settings.MAIL_REQUIRE_AUTHENTICATED_SENDER = False
    site = load.seed_site(4, per_player=3)
    player = next(p for p in site["players"] if p["letters"])
    held = player["letters"][0]
    message = (
        f"From: {player['email']}\r\nTo: {held['reply_to']}\r\nSubject: Re: your move\r\n"
        f"Message-ID: <letter@players.load.test>\r\n\r\n{held['moves'][0]}\r\n"
    ).encode()
    inbound.receive(message, "smtp", [held["reply_to"]])
    assert Game.objects.get(pk=held["game"]).seq == held["seq"] + 1


def test_a_turn_email_still_waiting_counts_until_the_run_ended():
    began = timezone.now()
    sent = Outbox.objects.create(kind=Outbox.Kind.TURN, to="a@players.load.test")
    Outbox.objects.filter(pk=sent.pk).update(
        status=Outbox.Status.SENT, sent=sent.created + timedelta(seconds=5)
    )
    assert 5 <= load.longest_turn_wait(began, timezone.now()) < 90
    Outbox.objects.create(kind=Outbox.Kind.TURN, to="b@players.load.test")
    assert load.longest_turn_wait(began, timezone.now() + timedelta(seconds=90)) >= 90


def test_a_turn_email_held_while_its_player_was_at_the_game_waits_from_the_holds_end():
    began = timezone.now()
    held = Outbox.objects.create(kind=Outbox.Kind.TURN, to="a@players.load.test")
    due = held.created + timedelta(seconds=300)
    Outbox.objects.filter(pk=held.pk).update(
        status=Outbox.Status.SENT, not_before=due, sent=due + timedelta(seconds=4)
    )
    assert 4 <= load.longest_turn_wait(began, timezone.now() + timedelta(seconds=400)) < 60
    still_held = Outbox.objects.create(
        kind=Outbox.Kind.TURN, to="b@players.load.test", not_before=due
    )
    assert load.longest_turn_wait(began, due - timedelta(seconds=1)) < 60
    Outbox.objects.filter(pk=still_held.pk).update(not_before=None)
    assert load.longest_turn_wait(began, due + timedelta(seconds=5)) >= 300


def test_a_failed_turn_email_waits_from_its_creation_through_its_retries():
    began = timezone.now()
    failed = Outbox.objects.create(kind=Outbox.Kind.TURN, to="a@players.load.test")
    retry = failed.created + timedelta(seconds=200)
    Outbox.objects.filter(pk=failed.pk).update(
        status=Outbox.Status.SENT,
        last_error="421 try later",
        not_before=retry,
        sent=retry + timedelta(seconds=1),
    )
    assert load.longest_turn_wait(began, timezone.now() + timedelta(seconds=400)) >= 200


def test_the_site_players_and_the_capacity_search_load_in_a_process_of_their_own(tmp_path):
    players = tmp_path / "players.json"
    players.write_text(json.dumps(load.seed_site(4, per_player=3)))
    held = {"held": True, "online_target": 250}
    missed = {"held": False, "online_target": 500}
    script = (
        "import locust; from tabletop.bench import locustfile as f; "
        "print(issubclass(f.OnlinePlayer, locust.FastHttpUser), f.OfflinePlayers.fixed_count, "
        "len(f.SITE_STATE.letters), f.CapacitySteps.__name__, "
        f"f.capacity([{held!r}, {missed!r}, {held!r}]))"
    )
    printed = subprocess.run(
        [sys.executable, "-c", script],
        env={**os.environ, "LOAD_PLAYERS": str(players), "LOAD_STEPS": "250 500"},
        capture_output=True,
        text=True,
        check=True,
    )
    waiting = sum(len(game.to_act) for game in Game.objects.all())
    assert printed.stdout.split() == ["True", "1", str(waiting), "CapacitySteps", "250"]
