"""A Polish player plays a whole DOS match by replying to her emails in Polish, each line taken
from the moves the email itself lists (once without diacritics, once in capitals), and every
answer is in Polish; a Czech player plays a Gazobu turn by a Czech reply."""

from __future__ import annotations

import random
import re
import unicodedata

import pytest

from games import Rng
from games.bots import random_move
from tabletop.accounts.models import Preferences
from tabletop.mail import inbound
from tabletop.mail.compose import compose
from tabletop.mail.models import Outbox
from tabletop.play import store
from tabletop.play.models import Move
from tests.helpers import mail as mailhelpers
from tests.helpers.factories import play_as_people, started_game, user_at

pytest_plugins = ["tests.helpers.mail"]
pytestmark = pytest.mark.usefixtures("fast_passwords")

# The service's English (tabletop/mail, templates/emails) and the games' (their log lines and
# moves as written, games/dos and games/gazobu): none of it may reach a Polish or Czech reader.
SERVICE_WORDS = (
    "Hello", "Hi", "Played", "steps", "step", "It is your move", "Your legal moves",
    "What you see now", "Waiting for", "Open the game", "Your deadline", "reply", "Reply",
    "help", "Since your last turn", "What was played", "Game over", "your email",
)  # fmt: skip
DOS_WORDS = (
    "match", "matches", "draw", "draws", "add", "adds", "end", "ends the turn", "calls",
    "centre row", "red", "blue", "green", "yellow", "wild", "with", "as", "colour", "card",
    "cards", "single", "double", "deck",
)  # fmt: skip
GAZOBU_WORDS = (
    "takes", "take", "column", "draws", "draw", "places", "place", "pill", "pills", "under",
    "card", "cards",
)  # fmt: skip
# Words the service's Polish keeps on purpose: the commands a reply may use in any language,
# quoted in the how-to lines ("help", "status", "undo", "resign", "say ...").
COMMANDS = re.compile(r'"(help|status|undo|resign|say \.\.\.)"')


def english_in(text: str, words: tuple[str, ...]) -> list[str]:
    text = COMMANDS.sub("", text)
    return [w for w in words if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text)]


def latest_to(game, seat: int):
    """The newest email the seat can reply to with a move: its turn email, or the answer to
    its last reply when the turn goes on."""
    row = Outbox.objects.filter(
        game=game, seat=seat, kind__in=(Outbox.Kind.TURN, Outbox.Kind.REPLY)
    ).latest("pk")
    return mailhelpers.parsed(compose(row).message().as_bytes())


def body_of(message) -> str:
    return message.get_body(("plain",)).get_content()


def listed_moves(body: str) -> list[str]:
    """The whole moves the email lists under its legal moves: a folded line ("dopasuj
    niebieską 10 z: niebieską 8, zieloną 1 + DOS jako niebieski (note)") gives one line per
    way it names, its head before each."""
    block = body.split("Twoje dozwolone ruchy:\n", 1)[1].split("\n\n", 1)[0]
    lines = []
    for listed in block.splitlines():
        listed = listed.strip()
        if not listed or listed.startswith("("):
            continue
        listed = re.sub(r" \([^()]*\)$", "", listed)
        head, _, variants = listed.partition(": ")
        if not variants:
            lines.append(head)
            continue
        joiner = "; " if "; " in variants else ", "
        lines += [f"{head} {variant}" for variant in variants.split(joiner)]
    return lines


def keen(line: str) -> tuple:
    """The line a player keen to go out picks: a match of most cards, an add, the end, the
    call; a draw last."""
    kind = line.split(" ", 1)[0]
    order = ("dopasuj", "dodaj", "koniec", "DOS!", "złap", "dobierz")
    rank = order.index(kind) if kind in order else len(order)
    return (rank, -line.count("+"))


def plain_letters(line: str) -> str:
    line = line.replace("ł", "l").replace("Ł", "L")
    return "".join(c for c in unicodedata.normalize("NFKD", line) if not unicodedata.combining(c))


def answer_body() -> str:
    return compose(Outbox.objects.filter(kind=Outbox.Kind.REPLY).latest("pk")).body


def assert_in_polish(body: str, game_words: tuple[str, ...]) -> None:
    found = english_in(body, SERVICE_WORDS + game_words)
    assert not found, (found, body)


def play_the_other_seat(game, seat: int, rng: Rng) -> None:
    """The other player's steps through the store, as the page or the API would make them."""
    game.refresh_from_db()
    while seat in game.to_act:
        move = random_move(game.rules, game.state, seat, rng)
        store.submit(game, user_at(game, seat), move, game.seq, Move.Source.API)
        game.refresh_from_db()


def test_a_polish_player_plays_a_whole_dos_match_by_replies_in_polish(make_user):
    ola, ben = make_user("ola"), make_user("ben")
    Preferences.objects.create(user=ola, language="pl")
    game = started_game([ola, ben], "dos", {"target": 100})
    ola_seat = next(s.position for s in game.seats.all() if s.user == ola)
    ben_seat = 1 - ola_seat
    choose, rng = random.Random(33), Rng("ben")
    spellings = ["as listed", "without diacritics", "in capitals"]
    replies = 0
    while not game.is_over:
        assert replies < 400, "a DOS match to 100 is over long before this"
        play_the_other_seat(game, ben_seat, rng)
        if game.is_over:
            break
        email = latest_to(game, ola_seat)
        body = body_of(email)
        assert_in_polish(body, DOS_WORDS)
        listed = sorted(listed_moves(body), key=keen)
        line = listed[0] if choose.random() < 0.8 else choose.choice(listed)
        written, spelling = line, spellings[0] if spellings else ""
        if spelling == "without diacritics" and plain_letters(line) != line:
            written = plain_letters(line)
            spellings.pop(0)
        elif spelling == "in capitals" and line.upper() != line:
            written = line.upper()
            spellings.pop(0)
        elif spelling == "as listed":
            spellings.pop(0)
        expected = game.rules.parse_move(line, game.state, ola_seat)
        assert expected in game.rules.legal_moves(game.state, ola_seat), line
        before = game.seq
        record = inbound.receive(mailhelpers.reply_to(email, written), "test")
        assert record.result == "accepted", (written, record.detail)
        played = Move.objects.get(game=game, seq=before + 1)
        assert (played.payload, played.source) == (expected, Move.Source.EMAIL), written
        assert_in_polish(answer_body(), DOS_WORDS)
        replies += 1
        game.refresh_from_db()
    assert spellings == [], f"never replied {spellings[0]}"
    assert game.moves.filter(source=Move.Source.EMAIL).count() == replies
    over = compose(Outbox.objects.filter(kind=Outbox.Kind.GAME_OVER, seat=ola_seat).latest("pk"))
    assert_in_polish(over.body, DOS_WORDS)
    assert store.verify(game) == []


def test_the_score_explained_in_a_polish_dos_game_over_email_is_in_polish(make_user):
    ola, ben = make_user("ola"), make_user("ben")
    Preferences.objects.create(user=ola, language="pl")
    game = started_game([ola, ben], "dos", {"target": 100})
    play_as_people(game, seed="to the end")
    seat = next(s.position for s in game.seats.all() if s.user == ola)
    body = compose(Outbox.objects.filter(kind=Outbox.Kind.GAME_OVER, seat=seat).latest("pk")).body
    explained = body.split("Skąd wziął się wynik:\n", 1)[1].split("Tajne ziarno", 1)[0]
    assert not english_in(explained, DOS_WORDS + ("round", "rounds", "Round", "Total", "won"))


def test_the_picture_of_the_table_in_a_polish_dos_email_is_in_polish(make_user):
    ola, ben = make_user("ola"), make_user("ben")
    Preferences.objects.create(user=ola, language="pl")
    game = started_game([ola, ben], "dos")
    seat = next(s.position for s in game.seats.all() if s.user == ola)
    game.refresh_from_db()
    if seat not in game.to_act:
        play_the_other_seat(game, 1 - seat, Rng("ben"))
    body = body_of(latest_to(game, seat))
    picture = body.split("Co teraz widzisz:\n", 1)[1].split("Twoje dozwolone ruchy:", 1)[0]
    assert not english_in(picture, DOS_WORDS + ("round", "points", "hand", "dealer", "you"))


def test_a_czech_player_plays_a_gazobu_step_by_a_czech_reply(make_user):
    eva, ben = make_user("eva"), make_user("ben")
    Preferences.objects.create(user=eva, language="cs")
    game = started_game([eva, ben], "gazobu")
    seat = next(s.position for s in game.seats.all() if s.user == eva)
    play_the_other_seat(game, 1 - seat, Rng("ben"))
    email = latest_to(game, seat)
    body = body_of(email)
    assert email["Subject"].startswith(f"Gazobu #{game.pk}:")
    # Gazobu draws its table picture in Czech too: the whole email is read.
    found = english_in(body, SERVICE_WORDS + GAZOBU_WORDS)
    assert not found, (found, body)
    listed = body.split("Tvoje povolené tahy:\n", 1)[1].split("\n\n", 1)[0]
    line = next(row.strip() for row in listed.splitlines() if row.strip())
    expected = game.rules.parse_move(line, game.state, seat)
    before = game.seq
    record = inbound.receive(mailhelpers.reply_to(email, line), "test")
    assert record.result == "accepted", (line, record.detail)
    assert Move.objects.get(game=game, seq=before + 1).payload == expected
    answer = answer_body()
    assert answer.startswith("Ahoj eva,") or "eva" in answer.splitlines()[0]
    found = english_in(answer, SERVICE_WORDS + GAZOBU_WORDS)
    assert not found, (found, answer)
