"""What the pages show: the context each template gets, built from the store's data.

Nothing here decides anything about a game; it only reads games, seats, views and the log and
arranges them for the templates. A page only ever sees a seat's `view`, never the state.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace
from types import ModuleType

from django.db import router
from django.db.models import Count, Prefetch, prefetch_related_objects
from django.utils.translation import gettext, pgettext, pgettext_lazy

import games
from tabletop import prepared
from tabletop.mail import questions
from tabletop.play import (
    chat,
    clock,
    comments,
    export,
    history,
    invitations,
    notes,
    rematches,
    scores,
    seat_history,
    stamps,
    store,
    versions,
)
from tabletop.play.models import Game, Move, Seat
from tabletop.web import analysis, ballots, boards, pickers, step_links
from tabletop.web.taglines import tagline
from tabletop.web.vacations import Vacation, vacations
from tabletop.web.waiting import next_game

LATEST_LINES = 12
LATEST_TALK = 30


def available_games() -> list[ModuleType]:
    """The games whose rules this server has (the registry names some still being written)."""
    found = []
    for slug in games.slugs():
        try:
            found.append(games.get(slug))
        except ImportError:
            continue
    return found


def gallery() -> list[dict]:
    """The games to choose from, each with its one-line pitch in the reader's language."""
    return [
        {
            "slug": rules.slug,
            "title": rules.title,
            "min_players": rules.min_players,
            "max_players": rules.max_players,
            "tagline": tagline(rules),
        }
        for rules in available_games()
    ]


def rules_for(slug: str) -> ModuleType | None:
    return next((rules for rules in available_games() if rules.slug == slug), None)


# ---------------------------------------------------------------------------- seats


@dataclass
class SeatRow:
    position: int
    name: str
    to_act: bool
    deadline: object
    is_you: bool
    resigned: bool
    forfeited: bool
    is_bot: bool = False
    winner: bool = False
    score: int | None = None
    vacation: Vacation | None = None


def seat_rows(game: Game, viewer: int | None) -> list[SeatRow]:
    resigned = store.resigned_seats(game) if game.status != Game.Status.OPEN else []
    outcome = game.outcome or {}
    seats = game.seats_with_players()
    # The players at the table see each other's vacations; onlookers do not.
    away = {}
    if viewer is not None and not game.is_over:
        away = vacations([seat.user for seat in seats], clock.now())
    rows = []
    for seat in seats:
        scores = outcome.get("scores") or []
        rows.append(
            SeatRow(
                position=seat.position,
                name=seat.user.get_username(),
                to_act=seat.position in (game.to_act or []),
                deadline=seat.deadline if seat.position in (game.to_act or []) else None,
                is_you=seat.position == viewer,
                resigned=seat.position in resigned,
                forfeited=seat.forfeited,
                is_bot=seat.is_bot,
                winner=seat.position in outcome.get("winners", []),
                score=scores[seat.position] if seat.position < len(scores) else None,
                vacation=away.get(seat.user_id),
            )
        )
    return rows


def with_players(game: Game) -> Game:
    """The game with its seats and their players read once for the whole page."""
    return store.with_players(game)


def waiting_names(game: Game) -> list[str]:
    names = {s.position: s.user.get_username() for s in game.seats_with_players()}
    return [names[seat] for seat in game.to_act or [] if seat in names]


def result_line(game: Game) -> str:
    """ "alice wins (31 to 12)" for a finished game."""
    if not game.outcome:
        return ""
    names = [s.user.get_username() for s in game.seats_with_players()]
    winners = [names[seat] for seat in game.outcome.get("winners", []) if seat < len(names)]
    scores = game.outcome.get("scores") or []
    if not winners:
        told = gettext("nobody wins")
    elif len(winners) == 1:
        told = gettext("%(name)s wins") % {"name": winners[0]}
    else:
        told = gettext("%(names)s win") % {
            "names": pgettext("between names", " and ").join(winners)
        }
    if scores:
        counts = pgettext("between scores", " to ").join(
            str(s) for s in sorted(scores, reverse=True)
        )
        return f"{told} ({counts})"
    return told


# ---------------------------------------------------------------------------- dashboard


@dataclass
class Entry:
    game: Game
    seat: Seat | None = None
    waiting: list[str] = field(default_factory=list)
    result: str = ""
    won: bool = False


def dashboard(user) -> dict:
    """Games waiting for the user first (soonest deadline first), then for others, then done;
    in a few queries however many games (the seats with their games, all their seats with
    their players, the votes, what the page around it asks)."""
    seats = seats_with_their_tables(user)
    yours, others, forming, finished = [], [], [], []
    for seat in seats:
        game = seat.game
        if game.status == Game.Status.OPEN:
            forming.append(Entry(game, seat))
        elif game.status == Game.Status.FINISHED:
            won = seat.position in (game.outcome or {}).get("winners", [])
            finished.append(Entry(game, seat, result=result_line(game), won=won))
        elif game.status == Game.Status.CANCELLED:
            finished.append(Entry(game, seat, result=gettext("cancelled before it started")))
        elif seat.position in game.to_act:
            yours.append(Entry(game, seat, waiting=waiting_names(game)))
        else:
            others.append(Entry(game, seat, waiting=waiting_names(game)))
    yours.sort(key=lambda entry: (entry.seat.deadline is None, entry.seat.deadline or 0))
    running = {
        seat.game_id: seat.position for seat in seats if seat.game.status == Game.Status.ACTIVE
    }
    finished.sort(key=lambda entry: entry.game.finished or entry.game.created, reverse=True)
    return {
        "yours": yours,
        "others": others,
        "forming": forming,
        "finished": finished[:20],
        "votes_waiting": ballots.waiting_on_dashboard(user, running),
        # What base.html's title counts (web.waiting), known here without its query.
        "games_waiting": len(yours),
    }


def seats_with_their_tables(user) -> list[Seat]:
    """The player's seats with their games, newest first, and every seat of those games with
    its player. The seats' query is compiled once per thread (`prepared`): the dashboard is
    the page players open most, and building it cost the ORM more than running it."""
    query = prepared.prepare(
        router.db_for_read(Seat),
        "dashboard seats",
        lambda: (
            Seat.objects.filter(user=STAND_IN_USER)
            .select_related("game")
            .order_by("-game__created", "-game_id")
        ),
    )
    seats = prepared.instances(query, {STAND_IN_USER: user.pk})
    prefetch_related_objects(
        seats, Prefetch("game__seats", queryset=Seat.objects.select_related("user"))
    )
    return seats


STAND_IN_USER = -7_770_401  # no player has it: the prepared query's stand-in


def dashboard_version(user) -> str:
    """What the dashboard's live list compares to know whether any of the player's games
    changed: the token of the player's stamp, which every write to their games changes
    (play/stamps.py); with the cache away, their games' moves, status, seats taken and
    deadlines (one query on the player's seats). Read before the games."""
    stamp = stamps.read(None, user)
    if stamp is not None:
        return stamp.digest(0)
    rows = (
        Seat.objects.filter(user=user)
        .annotate(seated=Count("game__seats"))
        .order_by("game_id")
        .values_list("game_id", "game__seq", "game__status", "seated", "deadline")
    )
    return hashlib.sha256(repr(list(rows)).encode()).hexdigest()[:16]


# ---------------------------------------------------------------------------- a game


def game_page(
    game: Game,
    user,
    error: str = "",
    seen: versions.Version | None = None,
    stamp: stamps.Stamp | None = None,
) -> dict:
    """Everything the game page shows `user`: their view, their moves and the latest lines.
    `seen` is the game's version as the caller already read it (the panel's poll): its
    marks also say which parts have nothing to read (no talk, no note, no invitation).
    `stamp` is the game's stamps as the caller read them before the game."""
    seen = seen or versions.read(game.pk, user)
    seat = with_players(game).seat_of(user)
    context = {
        "game": game,
        "seat": seat,
        "seats": seat_rows(game, seat),
        "error": error,
        "free_seats": game.players - game.seats.count(),
        "free_seats_range": range(game.players - game.seats.count()),
        "can_join": game.status == Game.Status.OPEN and seat is None,
        "waiting": waiting_names(game),
        "lines": [],
        "board": None,
        "result": result_line(game),
        "score": score_explained(game),
        "live": game.status not in (Game.Status.FINISHED, Game.Status.CANCELLED),
        "version": version(game, user, seen, stamp),
        "next_game": next_game(user, game) if seen.elsewhere is not None else None,
        **table_talk(game, user, seat, seen),
        **table(game, user, seat, seen),
    }
    if game.state is None:
        return context
    rules = game.rules
    view = rules.view(game.state, seat)
    legal = legal_moves(game, seat)
    context["board"] = boards.prepare(
        boards.Position(
            rules=rules,
            view=view,
            seat=seat,
            legal=legal,
            state_for_labels=game.state,
            live=game.status == Game.Status.ACTIVE,
        )
    )
    context["board_template"] = boards.template_for(game.slug)
    context["picker"] = pickers.picker(rules, view, seat, legal)
    latest = history.latest_lines(game, seat, LATEST_LINES)
    context["lines"] = list(reversed(named(game, latest)))
    context["your_deadline"] = your_deadline(game, seat)
    context["resigned"] = seat is not None and seat in store.resigned_seats(game)
    # Asking the table and resigning: for a player still in a game under way.
    context["table_forms"] = (
        seat is not None and game.status == Game.Status.ACTIVE and not context["resigned"]
    )
    context["undo"] = store.take_back_answer(game, seat)
    context["votes"] = open_votes(game, seat)
    context["votes_decided"] = ballots.decided_on_page(game, seat)
    return context


def open_votes(game: Game, seat: int | None) -> list[dict]:
    """The questions the table is voting on, each with whether `seat` may answer it."""
    if game.status != Game.Status.ACTIVE:
        return []
    names = game.state["players"]
    return [
        {
            "id": vote.pk,
            "question": questions.question_text({"subject": vote.subject, **vote.details}, names),
            "caller": names[vote.caller],
            "yes": len(vote.yes),
            "no": len(vote.no),
            "voters": len(vote.voters),
            "expires": vote.expires,
            "can_answer": seat in vote.voters and seat not in vote.yes + vote.no,
        }
        for vote in ballots.open_on_page(game)
    ]


def score_explained(game: Game):
    """How a finished game's score was made, in sentences and a table."""
    if not game.is_over:
        return None
    return scores.explain(game, [s.user.get_username() for s in game.seats_with_players()])


# The tag beside a log line not played by a person's own hand (English: the source itself).
SOURCE_TAGS = {
    Move.Source.TIMEOUT_BOT: pgettext_lazy("a log line's source", "timeout-bot"),
    Move.Source.TIMEOUT_SKIP: pgettext_lazy("a log line's source", "timeout-skip"),
    Move.Source.FORFEIT: pgettext_lazy("a log line's source", "forfeit"),
    Move.Source.STANDING_ORDER: pgettext_lazy("a log line's source", "standing-order"),
    Move.Source.BOT: pgettext_lazy("a log line's source", "bot"),
    Move.Source.RESIGN: pgettext_lazy("a log line's source", "resign"),
    Move.Source.VOTE: pgettext_lazy("a log line's source", "vote"),
    Move.Source.TIMEOUT_VOTE: pgettext_lazy("a log line's source", "timeout-vote"),
}


def named(game: Game, lines: list[dict]) -> list[dict]:
    """Each log line with its mover's name (the seat marker's title; the lines name their
    mover themselves, except to the mover during play) and its source's tag."""
    names = {s.position: s.user.get_username() for s in game.seats_with_players()}
    return [
        {
            **line,
            "name": names.get(line["seat"], ""),
            "source_tag": SOURCE_TAGS.get(line["source"], line["source"]),
        }
        for line in lines
    ]


def version(
    game: Game,
    user=None,
    seen: versions.Version | None = None,
    stamp: stamps.Stamp | None = None,
) -> str:
    """What the live panel compares to know whether anything changed, at the seq the page was
    built from: the token of the stamps read before the game (play/stamps.py), or without
    them (a cache away, a page built after a write) the version read from the database
    (play/versions.py), which the poll still answers from."""
    if stamp is not None:
        return stamp.token(game.seq)
    seen = seen or versions.read(game.pk, user)
    return replace(seen, seq=game.seq, status=game.status).text


def table_talk(game: Game, user, seat: int | None, seen: versions.Version) -> dict:
    """The table talk the viewer reads (the latest of it), and their own note: their eyes only."""
    note = None
    if seat is not None:
        note = notes.note_of(game, user) if seen.noted else ""
    return {
        "talk": chat.messages_for(game, seat, user)[-LATEST_TALK:] if seen.said else [],
        "can_talk": seat is not None and game.status != Game.Status.CANCELLED,
        "talk_max": chat.MAX_LENGTH,
        "note": note,
        "note_max": notes.MAX_LENGTH,
    }


def table(game: Game, user, seat: int | None, seen: versions.Version) -> dict:
    """The table around the game: who is invited, what the viewer may do about it (take a
    seat, answer their invitation, invite, withdraw, cancel), and the rematch once it is over.
    A table nobody was ever invited to (the version's mark) has no invitation to read."""
    creator = game.created_by_id == getattr(user, "pk", None)
    forming = game.status == Game.Status.OPEN
    invited = bool(seen.invited)
    free = 0
    if forming:
        free = store.seats_free(game) if invited else max(0, game.players - game.seats.count())
    yours = invitations.held_for(game, user) if invited and forming and seat is None else None
    context = {
        "is_creator": creator,
        "invitations": invitations.seen_by(game, user) if invited else [],
        "held_seats": list(game.invitations.holding_seats()) if invited and forming else [],
        "free_seats_range": range(free),
        "can_join": forming and seat is None and yours is None and not game.private and free > 0,
        "your_invitation": yours,
        "can_invite": forming and free > 0 and (creator or (seat is not None and not game.private)),
        "can_cancel": forming and creator,
        "invitation_note": invitation_note(game, user, seat) if invited else "",
        "rematch": None,
    }
    if game.is_over:
        context.update(rematch_offer(game, seat, proposed=bool(seen.rematch)))
    return context


def invitation_note(game: Game, user, seat: int | None) -> str:
    """Why someone who was invited is only watching."""
    if seat is not None or game.status == Game.Status.CANCELLED:
        return ""
    mine = invitations.latest_for(game, user)
    if mine is None:
        return ""
    if mine.withdrawn:
        return gettext("%(name)s withdrew your invitation to this table.") % {
            "name": game.created_by.get_username()
        }
    if mine.declined:
        return gettext("You declined the invitation to this table.")
    if mine.holds_a_seat and game.status != Game.Status.OPEN:
        return gettext("The game started before you took the seat you were invited to.")
    return ""


def rematch_offer(game: Game, seat: int | None, proposed: bool = True) -> dict:
    """The rematch and who accepted it; `proposed` False when the version says there is none."""
    proposal = rematches.proposed(game) if proposed else None
    bot = seat is not None and seat in store.bot_seats(game)
    accepted = proposal is not None and seat in proposal.accepted_seats
    started = proposal is not None and proposal.new_game_id is not None
    return {
        "rematch": proposal,
        "rematch_waiting": rematches.waiting_for(proposal) if proposal else [],
        "rematch_accepted": rematches.accepted_by(proposal) if proposal else [],
        "can_rematch": seat is not None and not bot and not accepted and not started,
    }


def legal_moves(game: Game, seat: int | None) -> list[dict]:
    if seat is None or game.status != Game.Status.ACTIVE:
        return []
    if seat in store.resigned_seats(game):
        return []
    return game.rules.legal_moves(game.state, seat)


def your_deadline(game: Game, seat: int | None):
    if seat is None or seat not in (game.to_act or []):
        return None
    return next(s.deadline for s in game.seats_with_players() if s.position == seat)


# ---------------------------------------------------------------------------- history


# The history page lists the log of this many moves either side of the step it shows: a
# long game's whole log made the page grow with every move.
HISTORY_AROUND = 40


def history_page(game: Game, user, seq: int, as_seat: int | None = None) -> dict:
    """The position after move `seq` as `user` saw it (everything, once the game is over),
    or of a finished game as the seat `as_seat` saw it then."""
    seat = with_players(game).seat_of(user)
    seq = max(0, min(seq, game.seq))
    if as_seat is None:
        position, log = history.position_and_lines(game, seq, seat, around=HISTORY_AROUND)
    else:
        position, log = seat_history.position_and_lines(game, seq, as_seat, seat, HISTORY_AROUND)
    after_seq, upto = history.log_window(game, seq, HISTORY_AROUND)
    lines = named(game, log)
    rules = game.rules
    board = boards.prepare(
        boards.Position(
            rules=rules,
            view=position["view"],
            seat=seat if as_seat is None else as_seat,
            legal=[],
            state_for_labels=None,
            live=False,
            views=position.get("views"),
        )
    )
    current = next((line for line in lines if line["seq"] == seq), None)
    talk = chat.between_moves(chat.messages_for(game, seat, user))
    thread = comments.thread(game, user, seq)
    review = analysis.review(game, seq)
    marks = review.get("marks", {}) if review else {}
    for line in lines:
        line["talk"] = talk.get(line["seq"], [])
        line["comments"] = thread.counts.get(line["seq"], 0)
        line["review"] = marks.get(line["seq"])
    grouped = turns(lines)
    for turn in grouped:
        turn["current"] = any(line["seq"] == seq for line in turn["lines"])
    return {
        "review": review,
        "game": game,
        "seat": seat,
        "seats": seat_rows(game, seat),
        "seq": seq,
        "last": game.seq,
        "previous": max(seq - 1, 0),
        "next": min(seq + 1, game.seq),
        "lines": lines,
        "turns": grouped,
        # The log is listed around the step shown; links step to the moves either side.
        "window_start": after_seq,
        "earlier": after_seq if after_seq > 0 else None,
        "later": upto + 1 if upto < game.seq else None,
        "talk_at_the_deal": talk.get(0, []),
        "current": current,
        "board": board,
        "board_template": boards.template_for(game.slug),
        "result": result_line(game),
        "thread": thread,
        "comment_max": comments.MAX_LENGTH,
        **step_links.step_links(game, seq, as_seat, current),
    }


def turns(lines: list[dict]) -> list[dict]:
    """The log's steps under their turns: a turn is one seat's steps in a row (a take and its
    placements, a roll and its lay, a bot's moves), whatever the game calls a turn."""
    grouped: list[dict] = []
    for line in lines:
        if grouped and grouped[-1]["seat"] == line["seat"]:
            grouped[-1]["lines"].append(line)
        else:
            grouped.append(
                {
                    "number": len(grouped) + 1,
                    "seat": line["seat"],
                    "name": line["name"],
                    "lines": [line],
                }
            )
    return grouped


def verification(game: Game) -> dict:
    """Re-run the whole log twice: against the stored projection, and from the export alone."""
    stored = store.verify(game)
    rerun = export.rerun(export.export(game)) if game.is_over else []
    return {"projection": stored, "rerun": rerun, "clean": not stored and not rerun}


# ---------------------------------------------------------------------------- settings
