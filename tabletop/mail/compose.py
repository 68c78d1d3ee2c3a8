"""Turning an outbox row into an email from the templates in templates/emails/.

Each kind has its triple `emails/<kind>-subject.txt`, `-body.txt`, `-body.html`, and a small
function here that gathers what its templates show. The content is written when the email
goes out, from the game as it is then; the headers make it a thread per game, give it a
reply address of its own, and let the player unsubscribe in one click.
"""

from __future__ import annotations

import secrets
from collections.abc import Collection
from datetime import datetime
from email.utils import parseaddr

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.base import group_moves
from tabletop.accounts import links, moments
from tabletop.accounts.former_players import in_reader_words
from tabletop.accounts.models import Preferences
from tabletop.mail import addresses, questions, subscriptions, tabletalk
from tabletop.mail.models import Outbox
from tabletop.mail.plaintext import as_text
from tabletop.play import ballots, clock, history, scores, store, texts
from tabletop.play.models import Game, Move, Vote

# A turn email lists at most this many lines of legal moves: past that, one line per kind of
# move with its variants folded (the help reply lists every move in full).
MOST_MOVE_LINES = 15
MOST_LINES_TOLD = 30
SOURCES = {
    Move.Source.TIMEOUT_BOT: (
        gettext_lazy("a bot moved for them"),
        gettext_lazy("a bot moved for you"),
    ),
    Move.Source.TIMEOUT_SKIP: (
        gettext_lazy("their turn was skipped"),
        gettext_lazy("your turn was skipped"),
    ),
    Move.Source.FORFEIT: (
        gettext_lazy("they forfeited; a bot plays their seat from now on"),
        gettext_lazy("you forfeited; a bot plays your seat from now on"),
    ),
    Move.Source.TIMEOUT_VOTE: (
        gettext_lazy(
            'the table votes on letting a bot play their seat (reply "vote yes" or "vote no")'
        ),
        gettext_lazy(
            "the table votes on letting a bot play your seat; until it decides, you may still move"
        ),
    ),
}


def compose(row: Outbox) -> EmailMultiAlternatives:
    """The email in its recipient's language (their setting; English when they have none) and
    time zone. An answer to an address before any seat was named carries the language it was
    written in."""
    if row.game is not None:
        # One read of the seats, their players and the players' preferences serves every
        # part of the email, the reader's own settings and the log's lines included.
        store.with_players(row.game)
    if row.user is not None:
        preferences = Preferences.of(seated_as(row.game, row.user))
    else:
        preferences = Preferences(language=row.context.get("language", ""))
    language = preferences.language or settings.LANGUAGE_CODE
    zone = moments.zone_named(preferences.time_zone)
    with translation.override(language), timezone.override(zone):
        return compose_in_language(row, preferences)


def compose_in_language(row: Outbox, preferences: Preferences) -> EmailMultiAlternatives:
    context = base_context(row, preferences)
    context.update(CONTEXTS[row.kind](row, context))
    name = row.kind
    subject = " ".join(render_to_string(f"emails/{name}-subject.txt", context).split())
    # A former player is named in the reader's words (former_players.py).
    subject, text, html = (
        in_reader_words(subject),
        in_reader_words(render_to_string(f"emails/{name}-body.txt", context)),
        in_reader_words(render_to_string(f"emails/{name}-body.html", context)),
    )
    message = EmailMultiAlternatives(
        subject,
        text,
        settings.DEFAULT_FROM_EMAIL,
        [row.to],
        headers=headers(row, context),
        reply_to=[context["reply_address"]] if context.get("reply_address") else None,
    )
    message.attach_alternative(html, "text/html")
    return message


# ---------------------------------------------------------------------------- headers


def mail_domain() -> str:
    return parseaddr(settings.DEFAULT_FROM_EMAIL)[1].rpartition("@")[2] or "localhost"


def new_message_id(row_id: int) -> str:
    """A row's Message-ID, made when it is first claimed and kept on it (outbox.claim). The
    random part keeps it unique beyond this database (a restored backup, a staging site), so
    a server that drops a second copy of a Message-ID never drops a different email."""
    return f"<tabletop.{row_id}.{secrets.token_hex(8)}@{mail_domain()}>"


def message_id(row: Outbox) -> str:
    """The row's kept Message-ID: a re-send (a retry, or another worker's after one died
    mid-send) goes out under the first attempt's, so the receiving side can drop the copy.
    A row never claimed (a preview) gets one derived from it."""
    return row.message_id or f"<tabletop.{row.kind}.{row.pk}@{mail_domain()}>"


def thread_id(game: Game) -> str:
    return f"<tabletop.game.{game.pk}@{mail_domain()}>"


def headers(row: Outbox, context: dict) -> dict[str, str]:
    found = {"Message-ID": message_id(row), "X-Tabletop-Kind": row.kind}
    if row.kind == Outbox.Kind.REPLY:
        found["Auto-Submitted"] = "auto-replied"
        if context.get("in_reply_to"):
            found["In-Reply-To"] = context["in_reply_to"]
            found["References"] = " ".join([*context.get("references", []), context["in_reply_to"]])
        return found
    # RFC 3834: vacation responders must not answer game mail.
    found["Auto-Submitted"] = "auto-generated"
    if row.game is not None:
        found["In-Reply-To"] = found["References"] = thread_id(row.game)
    found["List-Id"] = f"tabletop games <games.{mail_domain()}>"
    found["List-Unsubscribe"] = f"<{context['unsubscribe_url']}>"
    found["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    return found


# ---------------------------------------------------------------------------- shared parts


def base_context(row: Outbox, preferences: Preferences) -> dict:
    user, game = row.user, row.game
    context = {
        "row": row,
        "game": game,
        "user": user,
        "name": user.get_username() if user is not None else "",
        "seat": row.seat,
        "site_url": settings.SITE_URL,
        "preferences": preferences,
        "unsubscribe_url": subscriptions.unsubscribe_link(user, row.to),
        "settings_url": links.absolute(links.settings_path()),
    }
    context.update(row.context)
    if game is not None and user is not None and seat_user_id(game, row.seat) == user.pk:
        context["game_url"] = links.game_link(user, game)
        # The game-over email's reply address takes "rematch".
        if game.status == Game.Status.ACTIVE or row.kind == Outbox.Kind.GAME_OVER:
            context["reply_address"] = addresses.reply_address(game, row.seat, game.seq)
    elif game is not None:
        context["game_url"] = links.absolute(links.game_path(game.pk))
    if game is not None:
        context["rules_url"] = links.absolute(links.rules_path(game.slug))
    return context


def seated_as(game: Game | None, user):
    """The user as their seat at the game holds them (preferences read with them), else as
    the row has them."""
    if game is None:
        return user
    return next((s.user for s in game.seats_with_players() if s.user_id == user.pk), user)


def seat_user_id(game: Game, seat: int | None) -> int | None:
    if seat is None:
        return None
    return next((s.user_id for s in game.seats_with_players() if s.position == seat), None)


def when(moment: datetime | str | None, preferences: Preferences) -> str:
    """A moment as the player reads it: in their time zone, with how long from now."""
    if moment is None:
        return ""
    if isinstance(moment, str):
        moment = datetime.fromisoformat(moment)
    shown = moments.moment(moment, preferences.time_zone)
    return f"{shown}, {distance(moment - clock.now())}"


def distance(delta) -> str:
    seconds = int(delta.total_seconds())
    if seconds <= 0:
        return _("now")
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    hours_told = ngettext("%(count)d hour", "%(count)d hours", hours) % {"count": hours}
    if days:
        days_told = ngettext("%(count)d day", "%(count)d days", days) % {"count": days}
        return _("in %(days)s %(hours)s") % {"days": days_told, "hours": hours_told}
    if hours:
        return _("in %(hours)s") % {"hours": hours_told}
    minutes = max(1, rest // 60)
    return ngettext("in %(count)d minute", "in %(count)d minutes", minutes) % {"count": minutes}


def player_names(game: Game) -> list[str]:
    return [seat.user.get_username() for seat in game.seats_with_players()]


def move_lines(
    rules, state: dict, seat: int, in_full: bool = False, spellings: list[str] | None = None
) -> tuple[list[str], int]:
    """The lines listing a seat's legal moves, and how many more lines were left out.

    Every move spelled out when they fit in MOST_MOVE_LINES lines (or `in_full`, for the help
    reply); else the game's folded lines (`rules.move_groups`, optional), or those spellings
    grouped by their first word. `spellings` are the moves spelled out, when the caller has
    them already."""
    if spellings is None:
        spellings = [
            texts.in_active_language(rules.format_move(move, state, seat))
            for move in rules.legal_moves(state, seat)
        ]
    if in_full or len(spellings) <= MOST_MOVE_LINES:
        return spellings, 0
    fold = getattr(rules, "move_groups", None)
    groups = fold(state, seat) if fold is not None else group_moves(spellings)
    lines = [texts.in_active_language(group.line()) for group in groups]
    if len(lines) <= MOST_MOVE_LINES:
        return lines, 0
    return lines[: MOST_MOVE_LINES - 1], len(lines) - (MOST_MOVE_LINES - 1)


def situation(
    game: Game,
    seat: int,
    preferences: Preferences,
    in_full: bool = False,
    decided: list[ballots.Decided] | None = None,
) -> dict:
    """What a seat sees now: the votes decided since their last step (`decided` when the
    caller read them), their view, whether they must act, their legal moves, deadline.
    `in_full` lists every legal move spelled out (the help reply), not folded."""
    if decided is None:
        decided = ballots.decided_since_own_step(game, seat)
    rules = game.rules
    state = game.state
    to_act = seat in game.to_act
    legal = [
        texts.in_active_language(rules.format_move(move, state, seat))
        for move in rules.legal_moves(state, seat)
    ]
    lines, more = move_lines(rules, state, seat, in_full, legal) if to_act else ([], 0)
    seats = game.seats_with_players()
    deadline = next((s.deadline for s in seats if s.position == seat and to_act), None)
    names = player_names(game)
    waiting_for = [names[s] for s in game.to_act]
    picture = getattr(rules, "view_text", None)
    return {
        "view_text": (
            texts.in_active_language(picture(state, seat))
            if picture
            else as_text(rules.view(state, seat))
        ),
        "your_turn": to_act,
        "legal_moves": lines,
        "more_moves": more,
        "moves_folded": len(lines) + more < len(legal),
        "example_move": legal[0] if to_act and legal else "",
        "deadline": when(deadline, preferences),
        "waiting_for": waiting_for,
        "votes_decided": votes_decided(game, decided),
    }


# The ways a seat's own step reaches the log by its player's hand (or, in a demo or a
# simulation, a bot's standing in for them). A standing order, a timeout or a vote's result
# moved for them while they were away: that is news to them.
OWN_HANDS = (Move.Source.WEB, Move.Source.API, Move.Source.EMAIL, Move.Source.BOT)


def told(
    game: Game,
    seat: int | None,
    after_seq: int = 0,
    only: list[int] | None = None,
    leave_out: Collection[int] = (),
    others_only: bool = False,
):
    """Log lines after `after_seq` (or just the seqs in `only`) as `seat` may read them, but
    those of the seqs in `leave_out`; `others_only` leaves out the seat's own steps too (what
    they did themselves they know)."""
    if only is not None:
        if not only:
            return []
        lines = history.lines(game, seat, after_seq=min(only) - 1, upto=max(only))
        lines = [line for line in lines if line["seq"] in only]
    else:
        # Only the last lines are told: read no further back than them.
        lines = history.lines(game, seat, after_seq=max(after_seq, game.seq - MOST_LINES_TOLD))
    if others_only:
        lines = [line for line in lines if not own_step(line, seat)]
    return [line["text"] for line in lines[-MOST_LINES_TOLD:] if line["seq"] not in leave_out]


def own_step(line: dict, seat: int | None) -> bool:
    return line["seat"] == seat and line["source"] in OWN_HANDS


def votes_decided(game: Game, decided: list[ballots.Decided]) -> list[str]:
    """How each of these decided votes ended, in the reader's language."""
    names = player_names(game)
    return [
        questions.decided_text(vote.question, vote.result, names, vote.ended_by) for vote in decided
    ]


# ---------------------------------------------------------------------------- each kind


def turn(row: Outbox, context: dict) -> dict:
    game = row.game
    last_turn = ballots.last_own_step(game, row.seat)
    # The votes decided meanwhile are told apart (the situation's), not twice.
    decided = ballots.decided_since(game, last_turn)
    return {
        "since": told(
            game,
            row.seat,
            after_seq=last_turn,
            leave_out={d.seq for d in decided},
            others_only=True,
        ),
        "talk": tabletalk.said_since(game, row.seat, last_turn),
        **situation(game, row.seat, context["preferences"], decided=decided),
    }


def reminder(row: Outbox, context: dict) -> dict:
    return turn(row, context)


def timeout(row: Outbox, context: dict) -> dict:
    game = row.game
    names = player_names(game)
    late = row.context["late_seat"]
    source = row.context["source"]
    return {
        "late_name": names[late],
        "you_were_late": late == row.seat,
        "what_happened": str(SOURCES.get(source, (source, source))[late == row.seat]),
        "moves_told": told(game, row.seat, only=row.context.get("logged", [])),
        **situation(game, row.seat, context["preferences"]),
    }


def vote(row: Outbox, context: dict) -> dict:
    game = row.game
    names = player_names(game)
    asked = game.votes.get(pk=row.context["vote"])
    return {
        "caller": names[asked.caller],
        "question": questions.question_text({"subject": asked.subject, **asked.details}, names),
        "at_deadline": asked.details.get("at_deadline", False),
        "about_you": row.seat is not None and row.seat == asked.concerns,
        "unanimous": asked.subject in (Vote.Subject.END, Vote.Subject.TAKE_BACK),
        "expires": asked.expires,
        **situation(game, row.seat, context["preferences"]),
    }


def game_over(row: Outbox, context: dict) -> dict:
    game = row.game
    outcome = game.outcome or {"scores": [], "winners": [], "details": {}}
    names = player_names(game)
    final = [
        {"name": names[seat], "score": score, "won": seat in outcome["winners"]}
        for seat, score in enumerate(outcome["scores"])
    ]
    score = scores.explain(game, names)
    return {
        "scores": final,
        "winners": [names[seat] for seat in outcome["winners"]],
        "you_won": row.seat in outcome["winners"],
        "score": score,
        "score_table": table_text(score.columns, score.rows) if score else "",
        "replay_url": links.absolute(links.history_path(game.pk)),
        "last_lines": told(game, row.seat)[-5:],
    }


def table_text(columns: list[str], rows: list[list]) -> str:
    """A table in plain text: columns padded to their widest cell, numbers to the right."""
    cells = [[str(cell) for cell in row] for row in [columns, *rows]]
    widths = [max(len(row[n]) for row in cells) for n in range(len(columns))]
    lines = []
    for row in cells:
        padded = [
            cell.rjust(width) if n else cell.ljust(width)
            for n, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  " + "  ".join(padded).rstrip())
    return "\n".join(lines)


def invitation(row: Outbox, context: dict) -> dict:
    game = row.game
    return {
        "join_url": row.context.get("join_url") or context.get("game_url", ""),
        "players_seated": player_names(game),
    }


def table_cancelled(row: Outbox, context: dict) -> dict:
    return {"players_seated": player_names(row.game)}


def digest(row: Outbox, context: dict) -> dict:
    user = row.user
    waiting = []
    for game in Game.objects.filter(status=Game.Status.ACTIVE, seats__user=user).prefetch_related(
        "seats__user"
    ):
        seat = game.seat_of(user)
        if seat not in game.to_act:
            continue
        waiting.append(
            {
                "game": game,
                "url": links.game_link(user, game),
                "reply_address": addresses.reply_address(game, seat, game.seq),
                **situation(game, seat, context["preferences"]),
            }
        )
    return {"waiting": waiting}


def reply(row: Outbox, context: dict) -> dict:
    """The answer to an emailed reply; what it says is in row.context (see inbound.py)."""
    game = row.game
    found = {}
    if game is None or row.seat is None:
        return found
    if row.context.get("logged"):
        found["moves_told"] = told(game, row.seat, only=row.context["logged"])
    if row.context.get("changed_since") is not None:
        found["changes_told"] = told(game, row.seat, after_seq=row.context["changed_since"])
    if row.context.get("help"):
        notation = getattr(game.rules, "notation_help", None)
        found["notation_help"] = texts.in_active_language(notation()) if notation else ""
    if context.get("show_situation") and not game.is_over:
        in_full = bool(row.context.get("help"))
        found.update(situation(game, row.seat, context["preferences"], in_full))
    return found


def webhook_off(row: Outbox, context: dict) -> dict:
    """What the row's context holds (url, failures, error, table) is all it tells."""
    return {}


def comment(row: Outbox, context: dict) -> dict:
    """Who commented on which step and what is in the row; the step's line is read now."""
    seq = row.context.get("step", 0)
    lines = told(row.game, row.seat, only=[seq]) if seq else []
    return {"step_line": lines[0] if lines else ""}


def tournament(row: Outbox, context: dict) -> dict:
    """What a tournament did is all in the row (tournament_notices.py); its deadline is read
    in the player's zone."""
    deadline = row.context.get("round_deadline")
    return {"deadline_told": when(deadline, context["preferences"]) if deadline else ""}


CONTEXTS = {
    Outbox.Kind.TURN: turn,
    Outbox.Kind.REMINDER: reminder,
    Outbox.Kind.TIMEOUT: timeout,
    Outbox.Kind.GAME_OVER: game_over,
    Outbox.Kind.INVITATION: invitation,
    Outbox.Kind.DIGEST: digest,
    Outbox.Kind.REPLY: reply,
    Outbox.Kind.TABLE_CANCELLED: table_cancelled,
    Outbox.Kind.WEBHOOK_OFF: webhook_off,
    Outbox.Kind.VOTE: vote,
    Outbox.Kind.COMMENT: comment,
    Outbox.Kind.TOURNAMENT: tournament,
}
