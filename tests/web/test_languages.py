"""English, Polish and Czech: the player's setting picks the language, else the browser's,
else English; emails go in the recipient's; the catalogues translate every string the code
marks, and a page or an email in Polish or Czech shows no English of the interface."""

from __future__ import annotations

import io
import json
import re
import zoneinfo
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.extract import extract
from babel.messages.pofile import read_po
from django.conf import settings
from django.db import transaction
from django.test import Client
from django.utils import timezone
from django.utils.translation.template import templatize
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

import games
import games.dos.cards
import games.dr_gomb
from tabletop.accounts import zones
from tabletop.accounts.models import PlayerWebhook, Preferences
from tabletop.mail import inbound, subscriptions
from tabletop.mail.compose import compose
from tabletop.mail.models import Outbox, TableWebhook
from tabletop.play import history, invitations, store
from tabletop.play.models import Game, Move
from tabletop.ratings import standings
from tabletop.ratings.models import Rating
from tests.helpers import mail as mailhelpers
from tests.helpers.factories import play_as_people, play_random_steps, started_game, user_at

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("pl", "cs")
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")
# How Django's makemessages reads the Python code: the functions and which argument is what.
KEYWORDS = {
    "gettext": None,
    "gettext_lazy": None,
    "_": None,
    "ngettext": (1, 2),
    "ngettext_lazy": (1, 2),
    "pgettext": ((1, "c"), 2),
    "pgettext_lazy": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
# How the games mark what they say (games/texts.py); their sentences share the catalogues.
GAME_KEYWORDS = {"tell": None, "tell_plural": (1, 2), "word": ((1, "c"), 2)}
# Words that read the same in every language here: names of languages, the brand, a game, a
# format.
SAME_EVERYWHERE = {"English", "Polski", "Čeština", "tabletop", "bot", "E-mail", "DOS", "SHA-256"}
SAME_EVERYWHERE |= {"JSON"}


def catalogue(language: str):
    with (ROOT / "tabletop" / "locale" / language / "LC_MESSAGES" / "django.po").open("rb") as po:
        return read_po(po, locale=language)


def translations(language: str) -> dict:
    """(context, msgid) -> msgstr (a tuple of forms for plurals)."""
    return {
        (m.context, m.id[0] if isinstance(m.id, tuple) else m.id): m.string
        for m in catalogue(language)
        if m.id
    }


# ---------------------------------------------------------------------------- the catalogues


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_catalogue_has_no_empty_or_fuzzy_entry(language):
    problems = []
    for message in catalogue(language):
        if not message.id:
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(form.strip() for form in forms):
            problems.append(f"empty: {message.id!r}")
        if message.fuzzy:
            problems.append(f"fuzzy: {message.id!r}")
        wanted = set(PLACEHOLDER.findall(str(message.id)))
        for form in forms:
            if not set(PLACEHOLDER.findall(form)) <= wanted:
                problems.append(f"placeholders differ: {message.id!r} -> {form!r}")
    assert problems == []


def marked_in_templates() -> set[tuple[str | None, str]]:
    found = set()
    for path in (ROOT / "templates").rglob("*"):
        if path.suffix not in (".html", ".txt"):
            continue
        code = templatize(path.read_text(), origin=str(path))
        found |= marked_in_python(code)
    return found


def marked_in_python(code: str, keywords: dict = KEYWORDS) -> set[tuple[str | None, str]]:
    found = set()
    for _, message, _, context in extract("python", io.BytesIO(code.encode()), keywords):
        found.add((context, message[0] if isinstance(message, tuple) else message))
    return found


def marked_in_the_code() -> set[tuple[str | None, str]]:
    found = marked_in_templates()
    for path in (ROOT / "tabletop").rglob("*.py"):
        if "migrations" not in path.parts:
            found |= marked_in_python(path.read_text(), KEYWORDS | GAME_KEYWORDS)
    for path in (ROOT / "games").rglob("*.py"):
        found |= marked_in_python(path.read_text(), GAME_KEYWORDS)
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_string_the_code_marks_is_translated(language):
    translated = translations(language)
    untranslated = sorted(
        (message for message in marked_in_the_code() if not translated.get(message)), key=str
    )
    assert untranslated == []


# ---------------------------------------------------------------------------- choosing


def test_a_visitor_reads_the_language_their_browser_asks_for(db):
    page = Client().get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="cs,en;q=0.5")
    assert page["Content-Language"] == "cs"
    assert "Accept-Language" in page["Vary"]
    assert '<html lang="cs">' in page.content.decode()
    assert "Přihlásit se" in page.content.decode()


def test_a_browser_asking_for_no_language_of_ours_gets_english(db):
    page = Client().get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="de-DE,fr;q=0.8")
    assert page["Content-Language"] == "en"
    assert "Log in" in page.content.decode()


def test_the_players_setting_wins_over_the_browser(make_user):
    ann = make_user("ann")
    client = Client()
    client.force_login(ann)
    answer = client.post(
        "/settings/",
        {"language": "pl", "time_zone": "Europe/Warsaw", "digest_hour": 8, "email_turn": "on"},
        HTTP_ACCEPT_LANGUAGE="cs",
    )
    assert answer.status_code == 302
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert '<html lang="pl">' in page and "Twoje gry" in page
    assert Preferences.of(ann).language == "pl"


def test_a_player_without_a_setting_follows_their_browser(make_user):
    client = Client()
    client.force_login(make_user("ann"))
    assert "Tvoje hry" in client.get("/", HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert "Your games" in client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_signing_up_in_polish_keeps_polish_for_the_emails(db, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    Client().post(
        "/accounts/signup/",
        {
            "username": "ola",
            "email": "ola@example.com",
            "password1": "a long pass phrase",
            "password2": "a long pass phrase",
        },
        HTTP_ACCEPT_LANGUAGE="pl",
    )
    assert Preferences.objects.get(user__username="ola").language == "pl"


# ---------------------------------------------------------------------------- pages


class VisibleText(HTMLParser):
    """The text a person reads or hears: text nodes and the attributes that are read out."""

    READ_OUT = ("title", "aria-label", "placeholder", "alt")

    def __init__(self) -> None:
        super().__init__()
        self.pieces: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.hidden += 1
        for name, value in attrs:
            if name in self.READ_OUT and value:
                self.pieces.append(value)

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.hidden -= 1

    def handle_data(self, data):
        if not self.hidden:
            self.pieces.append(data)


def visible_text(html: str) -> set[str]:
    parser = VisibleText()
    parser.feed(html)
    return {" ".join(piece.split()) for piece in parser.pieces if piece.strip()}


def untranslated(english: set[str], translated: set[str], data: set[str]) -> list[str]:
    """What reads the same in both, once the players' and games' own words are taken out."""
    words = sorted(data | SAME_EVERYWHERE, key=len, reverse=True)
    left = []
    for text in english & translated:
        rest = text
        for word in words:
            rest = rest.replace(word, " ")
        if re.search(r"[A-Za-z]{2,}", rest):
            left.append(text)
    return sorted(left)


def read_page(client: Client, path: str, language: str) -> set[str]:
    page = client.get(path, HTTP_ACCEPT_LANGUAGE=language)
    assert page.status_code == 200, path
    return visible_text(page.content.decode())


@pytest.fixture
def a_busy_player(make_user):
    """ann with a game waiting for her, one waiting for others, an open table and an
    invitation, so that every part of the dashboard shows."""
    ann, bob, cy = make_user("ann"), make_user("bob"), make_user("cy")
    playing = started_game([ann, bob])
    while ann.pk not in [s.user_id for s in playing.seats.all() if s.position in playing.to_act]:
        # Who opens is dealt at random: deal again until ann has a game waiting for her.
        playing = started_game([ann, bob])
    forming = store.create_game(ann, "gazobu", 3)
    invitations.invite(forming, "cy", ann)
    other = store.create_game(cy, "dos", 3)
    invitations.invite(other, "ann", cy)
    return ann, {"ann", "bob", "cy", playing.title, other.title}, [playing, forming, other]


RULES_FRAME = {
    message
    for name in ("base.html", "web/rules/base.html")
    for message in marked_in_python(
        templatize((ROOT / "templates" / name).read_text(), origin=name)
    )
}
PAGES = ["/", "/settings/", "/games/open/"] + [f"/games/new/?game={slug}" for slug in games.slugs()]


def names_and_own_words(language: str) -> set[str]:
    """What a page shows that is not our interface: zones' and cards' names, our brand..."""
    data = set(zoneinfo.available_timezones())
    # The time zone picker's places ("Argentina / Buenos Aires (UTC-03:00)") are names too.
    data |= {label for _, group in zones.grouped_choices() for _, label in group}
    # Words the language writes as English does ("bonus" in Czech).
    data |= {msgid for (_, msgid), msgstr in translations(language).items() if msgstr == msgid}
    # The games' and the cards' names are the games' own words.
    data |= {rules.title for rules in games.all()}
    data |= {games.gazobu.card_name(card) for card, *_ in games.gazobu.CARDS}
    return data


@pytest.mark.parametrize("language", LANGUAGES)
def test_pages_in_polish_and_czech_show_no_english_of_the_interface(a_busy_player, language):
    ann, data, tables = a_busy_player
    client = Client()
    client.force_login(ann)
    paths = PAGES + [f"/games/{game.pk}/" for game in tables] + ["/rules/gazobu/"]
    paths.append(f"/games/{tables[0].pk}/history/")
    data |= {"Gazobu", "DOS"}
    data |= names_and_own_words(language) | {ann.email} | {g.seed_sha256 for g in tables}
    for path in paths:
        english = read_page(client, path, "en")
        translated = read_page(client, path, language)
        if path.startswith("/rules/"):
            # The rules themselves are the game's own words; the frame around them is ours.
            english = {text for text in english if (None, text) in RULES_FRAME}
        left = untranslated(english, translated, data)
        assert left == [], f"{path}: {left}"


def played(game, move: dict) -> None:
    store.submit(game, user_at(game, game.to_act[0]), move, game.seq, Move.Source.WEB)
    game.refresh_from_db()


@pytest.fixture
def a_rated_player(make_user, settings):
    """ann after a rated game with bob, in a game whose table votes while she may still take
    back her move, with her own and her table's webhooks switched off after failing, and
    browser notifications on offer: so that every part of those pages shows."""
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = "public", "private"
    ann, bob, cy = make_user("ann"), make_user("bob"), make_user("cy")
    finished = play_as_people(started_game([ann, bob]), "languages")
    Rating.objects.filter(slug="gazobu").update(games=standings.LEADERBOARD_MIN_GAMES)
    voting = started_game([ann, bob, cy])
    while user_at(voting, voting.to_act[0]) != ann:
        voting = started_game([ann, bob, cy])
    played(voting, {"kind": "draw"})
    played(voting, {"kind": "place", "card": voting.state["drawn"][0], "column": 1})
    store.call_vote(voting, bob, "end", {"how": "abandoned"}, Move.Source.WEB)
    failed = {"failures": 5, "switched_off": timezone.now(), "last_error": "HTTP 500"}
    url = "https://hooks.example.com/tabletop"
    PlayerWebhook.objects.create(user=ann, url=url, **failed)
    TableWebhook.objects.create(
        game=voting, owner=ann, set_by=ann, url=url, format="discord", **failed
    )
    data = {"ann", "bob", "cy", finished.title, voting.title, url, "HTTP 500"}
    data |= {finished.seed, finished.seed_sha256, voting.seed_sha256}
    data.add("manage.py replay_log FILE")  # a command, typed as it is written
    # The log's lines are the games' own words (English), a vote's and a take-back's too.
    for game in (finished, voting):
        data |= {line["text"] for viewer in (0, None) for line in history.lines(game, viewer)}
    return ann, data, finished, voting


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_records_channels_and_votes_pages_show_no_english_of_the_interface(
    a_rated_player, language
):
    ann, data, finished, voting = a_rated_player
    client = Client()
    client.force_login(ann)
    data |= names_and_own_words(language) | {ann.email, *Rating.objects.values_list("slug")[0]}
    data |= {hook.secret for hook in PlayerWebhook.objects.all()}
    data |= {hook.secret for hook in TableWebhook.objects.all()}
    paths = [
        "/games/archive/",
        "/games/archive/?player=ann&result=won",
        "/players/ann/",
        "/players/bob/",
        "/ratings/gazobu/",
        "/ratings/dos/",
        f"/games/{finished.pk}/fork/?seq=3",
        f"/games/{finished.pk}/history/?seq=3",
        f"/games/{voting.pk}/webhook/",
        f"/games/{voting.pk}/",
        "/settings/",
    ]
    for path in paths:
        left = untranslated(read_page(client, path, "en"), read_page(client, path, language), data)
        assert left == [], f"{path}: {left}"
    # Every part those pages have was there to be read.
    game_page = read_page(client, f"/games/{voting.pk}/", "en")
    assert {"Undo my last move", "The table is voting", "Vote yes"} <= game_page
    assert "Browser notifications" in read_page(client, "/settings/", "en")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_unsubscribe_pages_show_no_english_of_the_interface(make_user, language):
    ann = make_user("ann")
    path = subscriptions.unsubscribe_link(ann).removeprefix("http://localhost:8000")
    data = names_and_own_words(language) | {ann.email}

    def pages(asking: str) -> list[set[str]]:
        client = Client(HTTP_ACCEPT_LANGUAGE=asking)
        asked = client.get(path)
        unsubscribed = client.post(path, {"List-Unsubscribe": "One-Click"})
        back_on = client.post(path, {"undo": "1"})
        return [visible_text(page.content.decode()) for page in (asked, unsubscribed, back_on)]

    for english, translated in zip(pages("en"), pages(language), strict=True):
        assert untranslated(english, translated, data) == []


# ---------------------------------------------------------------------------- emails

# The words a reply understands stay English, as the notation does.
EMAIL_COMMANDS = {"help", "status", "undo", "resign", "say ...", "vote yes", "vote no"}


def lines_of(text: str) -> set[str]:
    return {" ".join(line.split()) for line in text.splitlines() if line.strip()}


def composed_in(row: Outbox, language: str):
    preferences, _ = Preferences.objects.get_or_create(user=row.user)
    preferences.language = language
    preferences.save()
    return compose(Outbox.objects.get(pk=row.pk))


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_turn_email_in_polish_and_czech_shows_no_english_of_the_interface(make_user, language):
    ann, bob = make_user("ann"), make_user("bob")
    game = started_game([ann, bob])
    row = Outbox.objects.filter(kind=Outbox.Kind.TURN).first()
    english = composed_in(row, "en")
    translated = composed_in(row, language)
    rules_words = {line for line in lines_of(english.body) if line.startswith(("  ", "-"))}
    # The position and the moves are the rules module's words and notation (English).
    from tabletop.mail.compose import situation

    told = situation(game, row.seat, Preferences.of(row.user))
    data = {"ann", "bob", game.title, *lines_of(told["view_text"]), *told["legal_moves"]}
    data |= {url for url in re.findall(r"https?://\S+", english.body)}
    data |= rules_words
    # The words a reply understands stay English, as the notation does.
    data |= EMAIL_COMMANDS
    same = untranslated(lines_of(english.body), lines_of(translated.body), data)
    assert same == [], same
    assert translated.subject != english.subject
    html_same = untranslated(
        visible_text(english.alternatives[0][0]), visible_text(translated.alternatives[0][0]), data
    )
    assert html_same == [], html_same


def email_data(game, row: Outbox, english) -> set[str]:
    """The players', the game's and the rules module's words in an email (see above)."""
    from tabletop.mail.compose import situation

    told = situation(game, row.seat, Preferences.of(row.user))
    data = {*(s.user.username for s in game.seats.all()), game.title, *told["legal_moves"]}
    data |= lines_of(told["view_text"]) | EMAIL_COMMANDS
    data |= {line for line in lines_of(english.body) if line.startswith(("  ", "-"))}
    return data | set(re.findall(r"https?://\S+", english.body))


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("subject", ["extend", "end"])
def test_a_vote_email_in_polish_and_czech_shows_no_english_of_the_interface(
    make_user, language, subject
):
    ann, bob, cy = make_user("ann"), make_user("bob"), make_user("cy")
    game = started_game([ann, bob, cy])
    late = game.to_act[0]
    caller = user_at(game, (late + 1) % 3)
    details = {"seat": late, "days": 2} if subject == "extend" else {"how": "scored"}
    store.call_vote(game, caller, subject, details, Move.Source.WEB)
    row = Outbox.objects.filter(kind=Outbox.Kind.VOTE).exclude(user=caller).first()
    english = composed_in(row, "en")
    translated = composed_in(row, language)
    data = email_data(game, row, english)
    assert untranslated(lines_of(english.body), lines_of(translated.body), data) == []
    assert translated.subject != english.subject
    html_same = untranslated(
        visible_text(english.alternatives[0][0]), visible_text(translated.alternatives[0][0]), data
    )
    assert html_same == [], html_same


class Undone(Exception):
    """Takes back a reply once its English answer is read (see answered_in_english_and)."""


def answer_to(raw: bytes):
    record = inbound.receive(raw, "test")
    return record, compose(Outbox.objects.filter(kind=Outbox.Kind.REPLY).latest("pk"))


def answered_in_english_and(player, raw: bytes, language: str):
    """The answer to a reply as the player would read it in English, and then, the reply
    handled for real, in their language: the same game at the same move, the same draws."""
    Preferences.objects.update_or_create(user=player, defaults={"language": "en"})
    try:
        with transaction.atomic():
            _, english = answer_to(raw)
            raise Undone
    except Undone:
        pass
    Preferences.objects.update_or_create(user=player, defaults={"language": language})
    record, translated = answer_to(raw)
    return record, english, translated


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_answer_to_a_polish_players_emailed_move_is_all_polish(make_user, settings, language):
    settings.MAIL_REQUIRE_AUTHENTICATED_SENDER = False  # test replies come unsigned
    game = started_game([make_user("ann"), make_user("bob")])
    seat = game.to_act[0]
    player = user_at(game, seat)
    turn_email = mailhelpers.latest_email(Outbox.Kind.TURN, seat)
    replies = [
        ("draw", "accepted"),  # played
        ("undo", "refused"),  # the draw showed a card: the store refuses the take-back
        ("place 99", "refused"),  # an illegal line, after the game moved on
        ("place 1", "accepted"),  # played, though the email answered is a move behind
        ("draw", "refused"),  # stale: no longer the player's turn
    ]
    for text, result in replies:
        raw = mailhelpers.reply_to(turn_email, text)
        record, english, translated = answered_in_english_and(player, raw, language)
        assert record.result == result, (text, record.detail)
        row = Outbox.objects.filter(kind=Outbox.Kind.REPLY).latest("pk")
        game.refresh_from_db()
        data = email_data(game, row, english)
        # What was played is told in the rules module's words (listed with "- " in the text);
        # the line refused is the reply's own.
        data |= {line.removeprefix("- ") for line in data if line.startswith("- ")}
        if "line" in row.context:  # the rules module's refusal of it (games/ speaks English)
            data |= {text, row.context["line"]["reason"]}
            data |= {line for line in lines_of(english.body) if line.startswith(text)}
        same = untranslated(lines_of(english.body), lines_of(translated.body), data)
        assert same == [], (text, same)
        html_same = untranslated(
            visible_text(english.alternatives[0][0]),
            visible_text(translated.alternatives[0][0]),
            data,
        )
        assert html_same == [], (text, html_same)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_reply_refused_before_its_seat_is_known_is_answered_in_the_senders_language(
    make_user, settings, language
):
    settings.MAIL_REQUIRE_AUTHENTICATED_SENDER = False  # test replies come unsigned
    game = started_game([make_user("ann"), make_user("bob")])
    seat = game.to_act[0]
    player = user_at(game, seat)
    turn_email = mailhelpers.latest_email(Outbox.Kind.TURN, seat)
    local, domain = turn_email["Reply-To"].split("@")
    parts = local.split("-")
    parts[1] = str(1 - int(parts[1], 36))  # the other seat, the same signature
    tampered = mailhelpers.reply_to(turn_email, "draw", to=f"{'-'.join(parts)}@{domain}")
    twice = mailhelpers.reply_to(turn_email, "draw")
    answer_to(twice)  # played; the same message again is answered as received before
    for raw in (tampered, twice):
        record, english, translated = answered_in_english_and(player, raw, language)
        data = {"ann", "bob"} | set(re.findall(r"https?://\S+", english.body))
        assert untranslated(lines_of(english.body), lines_of(translated.body), data) == []
        assert f'<html lang="{language}">' in translated.alternatives[0][0]


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_api_refusal_to_a_polish_player_reads_in_polish(make_user, language):
    ann, bob = make_user("ann"), make_user("bob")
    for player in (ann, bob):
        Preferences.objects.create(user=player, language=language)
    game = started_game([ann, bob])
    mover, waiting = user_at(game, game.to_act[0]), user_at(game, 1 - game.to_act[0])
    translated = translations(language)

    def refusal(player, expected_seq: int):
        api = APIClient(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=player).key}")
        move = {"move": {"kind": "draw"}, "expected_seq": expected_seq}
        return api.post(f"/api/games/{game.pk}/moves/", move, format="json")

    stale = refusal(mover, 5)
    assert stale.status_code == 409
    wording = (
        "The game has moved on: it is at move %(seq)s; your move was made at move %(expected)s."
    )
    assert stale.json()["detail"] == translated[(None, wording)] % {"seq": 0, "expected": 5}
    assert stale["Content-Language"] == language
    not_yours = refusal(waiting, 0)
    assert not_yours.status_code == 403
    wording = "It is not your turn; the game is waiting for %(names)s."
    assert not_yours.json()["detail"] == translated[(None, wording)] % {"names": mover.username}


@pytest.mark.parametrize("language", LANGUAGES)
def test_refusals_of_tables_and_forks_read_in_the_players_language(make_user, language):
    """A table they may not join, a fork from a move that does not exist and a game with
    turns too long or reminders past the deadline: each refusal reads in the player's
    language, on the page and in the API."""
    ann, cy = make_user("ann"), make_user("cy")
    Preferences.objects.create(user=cy, language=language)
    translated = translations(language)
    page = Client()
    page.force_login(cy)

    private = store.create_game(ann, "gazobu", 3, private=True)
    joined = unescape(page.post(f"/games/{private.pk}/join/", follow=True).content.decode())
    wording = "This table is private: only the players invited to it take its seats."
    assert translated[(None, wording)] in joined and wording not in joined
    assert not private.seats.filter(user=cy).exists()

    finished = play_as_people(started_game([ann, cy]), "fork-languages")
    missing = finished.seq + 5
    seats = {"seq": missing, "seat_0": "computer", "seat_1": cy.pk}
    forked = page.post(f"/games/{finished.pk}/fork/", seats)
    assert forked.status_code == 400
    wording = "Move %(at)s does not exist; this game has moves 0 to %(last)s."
    said = unescape(forked.content.decode())
    assert translated[(None, wording)] % {"at": missing, "last": finished.seq} in said
    assert wording % {"at": missing, "last": finished.seq} not in said

    api = APIClient(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=cy).key}")
    long_turns = api.post(
        "/api/games/", {"game": "gazobu", "players": 2, "days_per_move": 99}, format="json"
    )
    assert long_turns.status_code == 400 and long_turns["Content-Language"] == language
    assert long_turns.json()["detail"].startswith("days_per_move: ")
    assert "Ensure this value" not in long_turns.json()["detail"]
    late = {"game": "gazobu", "players": 2, "days_per_move": 1, "reminder_hours": [30]}
    refused = api.post("/api/games/", late, format="json")
    assert refused.status_code == 400 and refused["Content-Language"] == language
    wording = "Reminders must fall between the start of a turn and its deadline."
    assert refused.json()["detail"] == translated[(None, wording)] != wording
    assert not Game.objects.filter(created_by=cy).exists()


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_private_table_and_a_missing_game_are_refused_in_the_players_language(
    make_user, language
):
    """Through the API a stranger meets a private table before the store: the reason why it
    is hidden, and an address that names no game, read in their language too."""
    ann, cy = make_user("ann"), make_user("cy")
    Preferences.objects.create(user=cy, language=language)
    translated = translations(language)
    private = store.create_game(ann, "gazobu", 3, private=True)
    api = APIClient(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=cy).key}")
    hidden = api.get(f"/api/games/{private.pk}/")
    wording = "This table is private: only its players and the people they invited see it."
    assert hidden.status_code == 403
    assert hidden.json()["detail"] == translated[(None, wording)] != wording
    missing = api.get(f"/api/games/{private.pk + 1000}/")
    assert missing.status_code == 404
    wording = "There is no game %(id)s."
    assert missing.json()["detail"] == translated[(None, wording)] % {"id": private.pk + 1000}


def test_a_players_calendar_and_notifications_speak_their_setting(make_user):
    from icalendar import Calendar

    from tabletop.mail import outgoing

    ann, bob = make_user("ann"), make_user("bob")
    for player in (ann, bob):
        Preferences.objects.create(user=player, language="cs")
    game = started_game([ann, bob])
    row = Outbox.objects.filter(kind=Outbox.Kind.TURN).first()
    assert outgoing.payload(row)["text"].startswith(f"Jsi na tahu ve hře Gazobu #{game.pk} (lhůta ")
    token = Preferences.of(row.user).calendar_secret()
    feed = Calendar.from_ical(Client().get(f"/calendar/{token}.ics").content)
    assert str(feed["x-wr-calname"]) == f"tabletop: lhůty hráče {row.user.username}"
    assert str(feed.walk("VEVENT")[0]["summary"]) == f"Gazobu #{game.pk}: tvůj tah"


def test_a_refused_webhook_address_is_explained_in_the_players_language(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    game = started_game([ann, bob])
    client = Client()
    client.force_login(ann)
    answer = client.post(
        f"/games/{game.pk}/webhook/",
        {"url": "http://172.16.0.1/", "format": "json"},
        HTTP_ACCEPT_LANGUAGE="cs",
    )
    assert answer.status_code == 400
    assert "Server 172.16.0.1 je soukromá adresa" in answer.content.decode()


def test_an_email_goes_in_the_recipients_language_not_the_senders(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    Preferences.objects.create(user=ann, language="en")
    Preferences.objects.create(user=bob, language="cs")
    game = store.create_game(ann, "gazobu", 3)
    invitations.invite(game, "bob", ann)
    message = compose(Outbox.objects.get(kind=Outbox.Kind.INVITATION, user=bob))
    assert message.subject == f"ann tě zve ke hře Gazobu #{game.pk}"
    assert "Zasednout ke stolu:" in message.body
    html = message.alternatives[0][0]
    assert '<html lang="cs">' in html


def test_a_deadline_in_an_email_is_dated_in_the_recipients_language(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    Preferences.objects.create(user=ann, language="pl")
    Preferences.objects.create(user=bob, language="pl")
    started_game([ann, bob], days_per_move=3)
    message = compose(Outbox.objects.filter(kind=Outbox.Kind.TURN).first())
    deadline = next(line for line in message.body.splitlines() if "Twój termin:" in line)
    assert re.search(r"za [23] dni", deadline), deadline
    assert not re.search(r"Mon|Tue|Wed|Thu|Fri|Sat|Sun|Jan|Feb|Mar|Dec", deadline), deadline


def test_english_stays_the_default_for_a_player_without_a_setting(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    game = started_game([ann, bob])
    message = compose(Outbox.objects.filter(kind=Outbox.Kind.TURN).first())
    assert message.subject == f"Gazobu #{game.pk}: your move"


def test_the_languages_offered_are_english_polish_and_czech():
    assert [code for code, _ in settings.LANGUAGES] == ["en", "pl", "cs"]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("slug", games.slugs())
def test_every_games_page_in_play_shows_in_polish_and_czech(make_user, slug, language):
    rules = games.get(slug)
    players = [make_user(name) for name in ("ann", "bob", "cy")[: max(2, rules.min_players)]]
    game = play_random_steps(started_game(players, slug), 6)
    for player in players:
        client = Client()
        client.force_login(player)
        for path in (f"/games/{game.pk}/", f"/games/{game.pk}/history/?seq=2"):
            page = client.get(path, HTTP_ACCEPT_LANGUAGE=language)
            assert page.status_code == 200, path
            assert f'<html lang="{language}">' in page.content.decode()


def test_a_deadline_on_the_dashboard_reads_in_the_players_language(a_busy_player):
    ann, _, _ = a_busy_player
    client = Client()
    client.force_login(ann)
    czech = client.get("/", HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert re.search(r"termín za \d+\xa0(dny|dní|den)", czech), czech
    polish = client.get("/", HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert re.search(r"termin za \d+\xa0(dni|dzień)", polish), polish


# ---------------------------------------------------------------------------- the move pickers

PICKER_DATA = re.compile(r'<script id="picker-data" type="application/json">(.*?)</script>', re.S)
PICKER_WORDS = re.compile(r'data-[a-z-]+-word="([^"]*)"')


def picker_texts(html: str) -> set[str]:
    """What the move picker's script shows: its JSON's words and the words the page gives it."""
    found = PICKER_DATA.search(html)
    if not found:
        return set()
    data = json.loads(found.group(1))
    texts = {data["title"], data["ready"], data["choose"], data["choice_title"], data["call_title"]}
    for step in data["steps"]:
        texts |= {step["title"], step["forced"], step["also"], *step["prompts"].values()}
        texts |= {part["label"] for part in step["parts"]}
    for move in data["moves"]:
        texts |= {move["preview"], move["choice_label"]}
    texts |= {unescape(word) for word in PICKER_WORDS.findall(html)}
    return {" ".join(text.split()) for text in texts if text.strip()}


def a_page_with_its_picker(client: Client, game) -> str:
    """The game page of the first seat to act, in English, once its picker shows."""
    for _ in range(40):
        game.refresh_from_db()
        client.force_login(user_at(game, game.to_act[0]))
        path = f"/games/{game.pk}/"
        if PICKER_DATA.search(client.get(path, HTTP_ACCEPT_LANGUAGE="en").content.decode()):
            return path
        game = play_random_steps(game, 1, seed=f"picker-{game.seq}")
    raise AssertionError(f"{game.slug}: no picker in 40 steps")


def log_lines(html: str) -> set[str]:
    """The game's log lines on a page: the game's own words, as the README says."""
    log = re.search(r'<ol class="log" reversed>(.*?)</ol>', html, re.S)
    return {text for text in visible_text(log.group(1)) if len(text) > 2} if log else set()


CARD_WORDS = {
    *games.dos.cards.COLOURS,
    *games.dr_gomb.COLOURS,
    *games.dr_gomb.NAME_OF.values(),
}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("slug", ["dos", "dr_gomb"])
def test_a_game_page_with_its_move_picker_shows_no_english_of_the_interface(
    make_user, slug, language
):
    players = [make_user("ann"), make_user("bob")]
    game = started_game(players, slug)
    client = Client()
    path = a_page_with_its_picker(client, game)
    english_page = client.get(path, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    translated_page = client.get(path, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    english = visible_text(english_page) | picker_texts(english_page)
    translated = visible_text(translated_page) | picker_texts(translated_page)
    assert picker_texts(translated_page), "the picker is missing"
    data = names_and_own_words(language) | {"ann", "bob", game.title, game.seed_sha256}
    data |= CARD_WORDS | log_lines(english_page)
    assert untranslated(english, translated, data) == []
