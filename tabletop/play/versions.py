"""What a viewer's picture of a game depends on, read in one query, so that the live panel and
the API's game detail can answer "nothing changed" (204, 304) without building anything.

A move changes seq. Everything else they show that changes without a move has a cheap mark
here: seats taken and their deadlines (a player's clock settings move them), table talk
and the lines of it a moderator hid, invitations held or answered, the rematch and who
accepted it, the players' vacations, the viewer's own note and the next game waiting for them
elsewhere. Countdowns ("in 2 days") and a vacation beginning move with time alone and are no
mark: a mark for them would change every minute, and the page shows them afresh on every move
and every reload.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.db import router
from django.db.models import Count, Max, Min, OuterRef, QuerySet, Subquery

from tabletop import prepared
from tabletop.accounts.models import Preferences
from tabletop.play.models import ChatMessage, Game, Invitation, Note, Seat


@dataclass(frozen=True)
class Version:
    # `pk` and `seq` as on a Game, so that presence.mark_seen takes a version as it is.
    pk: int
    seq: int
    status: str
    private: bool
    created_by_id: int
    viewer: int | None
    seat: int | None
    seated: int
    said: int | None
    invited: tuple
    rematch: tuple
    unmoved: tuple
    # Lines of talk a moderator hid: hiding one changes no latest line, yet the panel must go.
    hushed: int = 0
    # Whether the viewer keeps a note on the game, and the game that has waited longest for
    # them elsewhere (web.waiting.next_game): a page built from this version asks for neither
    # when there is none.
    noted: bool = False
    elsewhere: int | None = None

    @property
    def plainly_shown(self) -> bool:
        """Whether the viewer may see the game by what this row holds: invitations.why_hidden
        lets them for the same reasons. An invitee who has no seat yet is left to the full
        check, which is also what refuses everyone else."""
        return not self.private or self.seat is not None or self.created_by_id == self.viewer

    @property
    def text(self) -> str:
        """The panel's poll version: seq, status, seats taken, then the latest line said, the
        invitations and the rematch, each once there is one."""
        text = f"{self.seq}-{self.status}-{self.seated}"
        if self.said:
            text += f"-{self.said}"
        if self.hushed:
            text += f"-h{self.hushed}"
        if self.invited:
            text += f"-i{digest(self.invited)}"
        if self.rematch:
            text += f"-r{digest(self.rematch)}"
        return text

    @property
    def tag(self) -> str:
        """An ETag for this viewer alone: two viewers never share one unless they see the same."""
        return digest((self.text, self.viewer, self.seat, self.unmoved))


def digest(value) -> str:
    return hashlib.sha256(repr(value).encode()).hexdigest()[:16]


def read(game_id: int, user) -> Version | None:
    """The game's version as `user` sees it, or None if there is no such game."""
    viewer = user.pk if getattr(user, "is_authenticated", False) else None
    row = fetch_marks(game_id, viewer)
    if row is None:
        return None
    return Version(
        pk=row["pk"],
        seq=row["seq"],
        status=row["status"],
        private=row["private"],
        created_by_id=row["created_by_id"],
        viewer=viewer,
        seat=row.get("seat"),
        seated=row["seated"] or 0,
        said=row["said"],
        hushed=row["hushed"] or 0,
        noted=row.get("note") is not None,
        elsewhere=row.get("elsewhere"),
        invited=(row["invited_last"], row["invited_holding"]) if row["invited_last"] else (),
        rematch=marks_of(row, "rematch__accepted_seats", "rematch__new_game_id"),
        unmoved=marks_of(
            row,
            "deadline_first",
            "deadline_last",
            "vacation_first",
            "vacation_last",
            "vacations",
            "note",
            "elsewhere",
        ),
    )


def version_query(game_id: int, viewer: int | None) -> QuerySet:
    marks = {**game_marks(), **viewer_marks(viewer)}
    return (
        Game.objects.filter(pk=game_id)
        .annotate(**marks)
        .values(
            "pk",
            "seq",
            "status",
            "private",
            "created_by_id",
            "rematch__accepted_seats",
            "rematch__new_game_id",
            *marks,
        )
        .order_by("pk")[:1]
    )


# Compiling the version query (a dozen subqueries) cost several times what running it does,
# at every poll; its SQL depends only on the database and on whether there is a viewer.
STAND_IN_GAME, STAND_IN_VIEWER = -7_770_001, -7_770_002


def fetch_marks(game_id: int, viewer: int | None) -> dict | None:
    """The row of `version_query(game_id, viewer)`, its values converted as the ORM does."""
    alias = router.db_for_read(Game)
    if not prepared.is_an_id(alias, Game, game_id):
        return None
    with_viewer = viewer is not None
    query = prepared.prepare(
        alias,
        ("version", with_viewer),
        lambda: version_query(STAND_IN_GAME, STAND_IN_VIEWER if with_viewer else None),
    )
    rows = query.execute({STAND_IN_GAME: game_id, STAND_IN_VIEWER: viewer})
    return dict(zip(query.names, rows[0], strict=True)) if rows else None


def marks_of(row: dict, *names: str) -> tuple:
    found = tuple(row.get(name) for name in names)
    return found if any(value is not None for value in found) else ()


def per_game(rows: QuerySet, aggregate, by: str = "game") -> Subquery:
    """One aggregate of the rows belonging to the outer game (the models' default ordering
    cleared, or it would split the group)."""
    grouped = rows.filter(**{by: OuterRef("pk")}).order_by().values(by)
    return Subquery(grouped.annotate(value=aggregate).values("value")[:1])


def game_marks() -> dict:
    chat = ChatMessage.objects.filter(game=OuterRef("pk")).order_by("-pk").values("pk")[:1]
    vacationing = Preferences.objects.filter(vacation_start__isnull=False)
    return {
        "seated": per_game(Seat.objects.all(), Count("pk")),
        "said": Subquery(chat),
        "hushed": per_game(ChatMessage.objects.filter(hidden__isnull=False), Count("pk")),
        "invited_last": per_game(Invitation.objects.all(), Max("pk")),
        "invited_holding": per_game(Invitation.objects.holding_seats(), Count("pk")),
        "deadline_first": per_game(Seat.objects.all(), Min("deadline")),
        "deadline_last": per_game(Seat.objects.all(), Max("deadline")),
        "vacation_first": per_game(vacationing, Max("vacation_start"), by="user__seats__game"),
        "vacation_last": per_game(vacationing, Max("vacation_end"), by="user__seats__game"),
        "vacations": per_game(vacationing, Count("pk"), by="user__seats__game"),
    }


def viewer_marks(viewer: int | None) -> dict:
    if viewer is None:
        return {}
    seat = Seat.objects.filter(game=OuterRef("pk"), user_id=viewer).values("position")[:1]
    note = Note.objects.filter(game=OuterRef("pk"), user_id=viewer).values("updated")[:1]
    # The game web.waiting.next_game links to: the viewer's oldest turn in another game.
    elsewhere = (
        Seat.objects.filter(
            user_id=viewer, turn_started__isnull=False, game__status=Game.Status.ACTIVE
        )
        .exclude(game=OuterRef("pk"))
        .order_by("turn_started", "game_id")
        .values("game_id")[:1]
    )
    return {"seat": Subquery(seat), "note": Subquery(note), "elsewhere": Subquery(elsewhere)}
