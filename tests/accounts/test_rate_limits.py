"""Rate limits on every guessable or costly door: log-in (web and API token), sign-up,
password reset, log-in codes, invitations and game creation. Over a limit the answer is 429
with Retry-After and a page or JSON that says so; a real player's day never gets there.

Every test starts with empty counters (tests/conftest.py gives each a cache key prefix)."""

from __future__ import annotations

import pytest
from django.core import mail
from django.test import Client
from rest_framework.test import APIClient

from tabletop.mail.models import Outbox
from tabletop.play import store
from tabletop.play.models import Game


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def from_ip(ip: str) -> Client:
    return Client(REMOTE_ADDR=ip)


def log_in(client: Client, name: str, password: str):
    return client.post("/accounts/login/", {"username": name, "password": password})


def token(client: APIClient, name: str, password: str):
    return client.post("/api/auth/token/", {"username": name, "password": password}, format="json")


def api_from(ip: str) -> APIClient:
    return APIClient(REMOTE_ADDR=ip)


def retry_after(response) -> int:
    return int(response["Retry-After"])


# ---------------------------------------------------------------------------- logging in


def test_the_log_in_page_refuses_the_right_password_after_ten_wrong_ones(make_user):
    make_user("ann")
    client = Client()
    for _ in range(10):
        assert log_in(client, "ann", "guess").status_code == 200
    refused = log_in(client, "ann", "pw-ann")
    assert refused.status_code == 429
    assert 0 < retry_after(refused) <= 15 * 60
    assert "Too many attempts" in refused.content.decode()
    assert "_auth_user_id" not in client.session


def test_wrong_passwords_from_many_networks_still_lock_the_name(make_user):
    make_user("ann")
    for n in range(10):
        log_in(from_ip(f"203.0.113.{n}"), "ann", "guess")
    assert log_in(from_ip("198.51.100.7"), "ann", "pw-ann").status_code == 429


def test_a_typo_or_two_never_locks_anyone_out(make_user):
    make_user("ann")
    client = Client()
    log_in(client, "ann", "pw-an")
    log_in(client, "ann", "pw-anm")
    assert log_in(client, "ann", "pw-ann")["Location"] == "/"


def test_a_locked_name_can_still_log_in_by_an_emailed_code(make_user):
    make_user("ann", "ann@example.com")
    for _ in range(10):
        log_in(Client(), "ann", "guess")
    client = Client()
    assert client.post("/accounts/login/code/", {"email": "ann@example.com"}).status_code == 302
    code = mail.outbox[-1].subject.rpartition(": ")[2]
    assert client.post("/accounts/login/code/confirm/", {"code": code}).status_code == 302
    assert "_auth_user_id" in client.session


def test_log_in_codes_to_one_address_are_limited(make_user):
    make_user("ann", "ann@example.com")
    for _ in range(5):
        assert (
            Client().post("/accounts/login/code/", {"email": "ann@example.com"}).status_code == 302
        )
    refused = Client().post("/accounts/login/code/", {"email": "ann@example.com"})
    assert refused.status_code == 429
    assert retry_after(refused) > 0
    assert len(mail.outbox) == 5


def test_the_api_token_refuses_the_right_password_after_repeated_failures(make_user):
    make_user("ann")
    # A patient guesser spreads the guesses over many addresses to dodge the per-IP limit.
    for n in range(10):
        assert token(api_from(f"203.0.113.{n}"), "ann", "guess").status_code == 400
    refused = token(api_from("198.51.100.7"), "ann", "pw-ann")
    assert refused.status_code == 429
    assert 0 < retry_after(refused) <= 15 * 60
    assert "wrong passwords" in refused.json()["detail"]
    assert token(api_from("198.51.100.8"), "bob", "whatever").status_code == 400  # other names


def test_the_api_token_is_limited_per_network_right_or_wrong(make_user):
    make_user("ann")
    client = api_from("203.0.113.9")
    for _ in range(10):
        assert token(client, "ann", "pw-ann").status_code == 200
    refused = token(client, "ann", "pw-ann")
    assert refused.status_code == 429
    assert 0 < retry_after(refused) <= 60
    assert "try again in" in refused.json()["detail"]
    assert token(api_from("203.0.113.10"), "ann", "pw-ann").status_code == 200


def test_wrong_passwords_on_the_log_in_page_count_against_the_api_token(make_user):
    make_user("ann")
    for n in range(10):
        log_in(from_ip(f"203.0.113.{n}"), "ann", "guess")
    assert token(api_from("198.51.100.7"), "ann", "pw-ann").status_code == 429


def test_wrong_passwords_at_the_api_count_against_the_log_in_page(make_user):
    make_user("ann")
    for n in range(10):
        token(api_from(f"203.0.113.{n}"), "ann", "guess")
    refused = log_in(from_ip("198.51.100.7"), "ann", "pw-ann")
    assert refused.status_code == 429
    assert retry_after(refused) > 0


def test_behind_a_trusted_proxy_each_client_counts_on_its_own(make_user, settings):
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1
    make_user("ann")
    proxy = "10.0.0.1"
    for _ in range(10):
        APIClient(REMOTE_ADDR=proxy, HTTP_X_FORWARDED_FOR="203.0.113.5").post(
            "/api/auth/token/", {"username": "ann", "password": "pw-ann"}, format="json"
        )
    other = APIClient(REMOTE_ADDR=proxy, HTTP_X_FORWARDED_FOR="198.51.100.7")
    assert token(other, "ann", "pw-ann").status_code == 200


# ---------------------------------------------------------------------------- signing up


def sign_up(client: Client, name: str):
    return client.post(
        "/accounts/signup/",
        {
            "username": name,
            "email": f"{name}@example.com",
            "password1": "a-long-table-password",
            "password2": "a-long-table-password",
        },
    )


def test_sign_ups_from_one_network_are_limited(db, django_user_model):
    for n in range(10):
        assert sign_up(Client(), f"player{n}").status_code == 302
    refused = sign_up(Client(), "one-too-many")
    assert refused.status_code == 429
    assert 0 < retry_after(refused) <= 3600
    assert "One moment, please" in refused.content.decode()
    assert not django_user_model.objects.filter(username="one-too-many").exists()
    assert sign_up(from_ip("198.51.100.7"), "elsewhere").status_code == 302


def test_password_reset_emails_to_one_address_are_limited(make_user):
    make_user("ann", "ann@example.com")
    for n in range(5):
        reset = from_ip(f"203.0.113.{n}").post(
            "/accounts/password/reset/", {"email": "ann@example.com"}
        )
        assert reset.status_code == 302
    refused = Client().post("/accounts/password/reset/", {"email": "ann@example.com"})
    assert refused.status_code == 429
    assert 0 < retry_after(refused) <= 3600
    assert len(mail.outbox) == 5


# ---------------------------------------------------------------------------- games


def new_game_form(**fields) -> dict:
    return {
        "game": "gazobu",
        "players": "2",
        "days_per_move": "3",
        "reminder_hours": ["24", "2"],
        "timeout_policy": "bot",
        "invite": "",
        **fields,
    }


def test_game_creation_is_limited_per_player_on_the_web_and_the_api_together(make_user):
    ann = make_user("ann")
    web, api = Client(), APIClient()
    web.force_login(ann)
    api.force_authenticate(ann)
    for _ in range(10):
        assert web.post("/games/new/", new_game_form()).status_code == 302
        created = api.post("/api/games/", {"game": "gazobu", "players": 2}, format="json")
        assert created.status_code == 201
    refused = web.post("/games/new/", new_game_form())
    assert refused.status_code == 429
    assert 0 < retry_after(refused) <= 3600
    refused = api.post("/api/games/", {"game": "gazobu", "players": 2}, format="json")
    assert refused.status_code == 429
    assert "created many games" in refused.json()["detail"]
    assert retry_after(refused) > 0
    assert Game.objects.filter(created_by=ann).count() == 20
    assert api.get("/api/games/").status_code == 200  # reading is not limited

    ben = make_user("ben")
    web.force_login(ben)
    assert web.post("/games/new/", new_game_form()).status_code == 302


def test_invitations_are_limited_per_player(make_user):
    ann = make_user("ann")
    client = Client()
    client.force_login(ann)
    # Each invitation holds a seat: three fit at a table of four.
    tables = [store.create_game(ann, "gazobu", 4) for _ in range(11)]
    for n in range(30):
        game = tables[n // 3]
        response = client.post(f"/games/{game.pk}/invite/", {"invite": f"friend{n}@example.com"})
        assert response.status_code == 302
    refused = client.post(f"/games/{tables[10].pk}/invite/", {"invite": "one-more@example.com"})
    assert refused.status_code == 429
    assert 0 < retry_after(refused) <= 3600
    assert Outbox.objects.filter(kind=Outbox.Kind.INVITATION).count() == 30


def test_invitations_from_the_new_game_form_count_too(make_user):
    ann = make_user("ann")
    client = Client()
    client.force_login(ann)
    # Each invitation holds a seat: three fit at a table of four.
    for batch in range(10):
        addresses = ", ".join(f"friend{batch}-{n}@example.com" for n in range(3))
        form = new_game_form(players="4", invite=addresses)
        assert client.post("/games/new/", form).status_code == 302
    refused = client.post("/games/new/", new_game_form(invite="one-more@example.com"))
    assert refused.status_code == 429
    assert Outbox.objects.filter(kind=Outbox.Kind.INVITATION).count() == 30
