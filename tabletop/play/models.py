"""Games, their seats and the append-only log of moves.

The log (Move) is the truth; the state, seq and to_act on Game are a projection of it that
the store (`tabletop/play/store/`) keeps current and `manage.py verify_log` can rebuild.
Nothing but the store writes a Move or changes a projection.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

import games
from tabletop.play import clock


def new_seed() -> str:
    return draw_seed()


def draw_seed() -> str:
    """A secret seed. The tests put one derived from the test's own name in its place, so
    that each test plays the same games on every run; nothing else ever replaces it."""
    return secrets.token_hex(32)


class Game(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("waiting for players")
        ACTIVE = "active", _("in play")
        FINISHED = "finished", _("finished")
        CANCELLED = "cancelled", _("cancelled before it started")

    class Timeout(models.TextChoices):
        BOT = "bot", _("a bot moves for the late seat")
        SKIP = "skip", _("the late seat is skipped where the rules allow, else a bot moves")
        FORFEIT = "forfeit", _("the late seat forfeits")
        TABLE = "table", _("the table votes on replacing the late seat by a bot")

    slug = models.CharField(max_length=32)
    options = models.JSONField(default=dict)
    players = models.PositiveSmallIntegerField()
    seed = models.CharField(max_length=64, default=new_seed, editable=False)
    seed_sha256 = models.CharField(max_length=64, editable=False)
    rules_version = models.PositiveIntegerField(default=1)
    # A private table is joined by invitation only and listed to nobody else.
    private = models.BooleanField(default=False)
    # The finished game whose players asked to play this one again ("rematch").
    rematch_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematches"
    )
    # A game played on from a finished game's position after move `forked_at` (a fork): its
    # log starts there, replayed from the source's log; never rated.
    forked_from = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="forks"
    )
    forked_at = models.PositiveIntegerField(null=True, blank=True)
    # Which games.base random scheme the game's steps draw from; kept for life so that old
    # games replay exactly (games from before scheme 2 keep scheme 1).
    random_scheme = models.PositiveSmallIntegerField(default=games.LATEST_RANDOM_SCHEME)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="created_games"
    )
    created = models.DateTimeField(auto_now_add=True)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)

    # Time control, chosen at creation.
    days_per_move = models.PositiveSmallIntegerField(default=3)
    reminder_hours = models.JSONField(default=list)
    timeout_policy = models.CharField(max_length=10, choices=Timeout.choices, default=Timeout.BOT)

    # The projection: a cache of replaying the log.
    state = models.JSONField(null=True, blank=True)
    seq = models.PositiveIntegerField(default=0)
    to_act = models.JSONField(default=list)
    outcome = models.JSONField(null=True, blank=True)
    # How many steps have drawn from the random stream (scheme 2 draws the next from there).
    random_events = models.PositiveIntegerField(default=0)
    # The seats that have resigned or forfeited, in order: every move asks (a resigned seat is
    # played by a bot and cannot win), and the log would otherwise be searched each time.
    resigned = models.JSONField(default=list)

    class Meta:
        indexes = [models.Index(fields=["status", "slug"])]

    def __str__(self) -> str:
        return f"{self.title} #{self.pk}"

    def save(self, *args, **kwargs):
        if not self.seed_sha256:
            self.seed_sha256 = games.seed_digest(self.seed)
        super().save(*args, **kwargs)

    @property
    def rules(self):
        return games.get(self.slug)

    @property
    def title(self) -> str:
        return self.rules.title

    @property
    def is_over(self) -> bool:
        return self.status == self.Status.FINISHED

    @property
    def revealed_seed(self) -> str | None:
        """The secret seed, once nobody can profit from knowing it."""
        return self.seed if self.is_over else None

    def seats_with_players(self) -> list:
        """The seats in order with their players, from what was read with the game if it was
        (the store reads them once per move)."""
        if "seats" in getattr(self, "_prefetched_objects_cache", {}):
            return list(self.seats.all())
        return list(self.seats.select_related("user"))

    def seat_of(self, user) -> int | None:
        if not getattr(user, "is_authenticated", False):
            return None
        for seat in self.seats.all():
            if seat.user_id == user.pk:
                return seat.position
        return None


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="seats"
    )
    joined = models.DateTimeField(auto_now_add=True)
    # Deadline and reminder bookkeeping: rows the beat sweep finds with indexed queries.
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    next_reminder = models.DateTimeField(null=True, blank=True, db_index=True)
    turn_started = models.DateTimeField(null=True, blank=True)
    # The game's seq when the seat's current turn began: a reply address written at an
    # earlier seq belongs to an earlier turn and plays nothing.
    turn_seq = models.PositiveIntegerField(null=True, blank=True)
    forfeited = models.BooleanField(default=False)
    # The computer plays this seat with the game's strong bot (a table filled with bots).
    is_bot = models.BooleanField(default=False)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["game", "user"], name="one_seat_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.game} (seat {self.position})"


class Move(models.Model):
    """One step of a game. Never updated or deleted."""

    class Source(models.TextChoices):
        WEB = "web"
        API = "api"
        EMAIL = "email"
        TIMEOUT_BOT = "timeout-bot", "bot at the deadline"
        TIMEOUT_SKIP = "timeout-skip", "skipped at the deadline"
        FORFEIT = "forfeit"
        STANDING_ORDER = "standing-order", "standing order"
        BOT = "bot"
        RESIGN = "resign"
        # A vote's result, applied by the store (a ballot that decided it, or its expiry).
        VOTE = "vote"
        TIMEOUT_VOTE = "timeout-vote", "a vote called at the deadline"

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="moves")
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    payload = models.JSONField()
    source = models.CharField(max_length=16, choices=Source.choices)
    # The service's clock, as deadlines and presence read it (clock.now), not the wall's.
    created = models.DateTimeField(default=clock.now, editable=False)

    class Meta:
        ordering = ["seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="one_move_per_seq"),
        ]

    def __str__(self) -> str:
        return f"{self.game} move {self.seq}"


class LogLine(models.Model):
    """One logged move as one viewer may read it (a seat, or None for anyone not seated),
    written with the move so that pages, the API and emails read lines instead of replaying.

    A projection of the log like Game.state: the store writes it, `verify_log` checks and
    rebuilds it. Once the game is over every reader reads the same line of each move, told in
    the third person with nothing hidden (viewer = EVERYONE); the store writes those as the
    game ends.
    """

    # The viewer of the lines told once the game is over (the rules' `games.EVERYONE`): no
    # seat has this number, and a small integer keeps the one-line-per-viewer constraint.
    EVERYONE = 32767

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="log_lines")
    move = models.ForeignKey(Move, on_delete=models.CASCADE, related_name="lines")
    seq = models.PositiveIntegerField()
    viewer = models.PositiveSmallIntegerField(null=True, blank=True)
    # In English; `message` is the same line in its language-free form (games.texts: the
    # message id and parameters), which readers render in their own language. None for a
    # line told before games spoke through the catalogues, or told as plain text.
    text = models.TextField()
    message = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq", "viewer"], name="one_line_per_viewer"),
            # NULLs are distinct in a unique index: the spectators' line needs its own.
            models.UniqueConstraint(
                fields=["game", "seq"],
                condition=models.Q(viewer__isnull=True),
                name="one_spectator_line",
            ),
        ]
        indexes = [models.Index(fields=["game", "viewer", "seq"], name="latest_lines_for_viewer")]

    def __str__(self) -> str:
        return f"{self.game} move {self.seq} for {self.viewer}"


class Snapshot(models.Model):
    """The state after move `seq` and the random events drawn by then, every SNAPSHOT_EVERY
    moves: a replay up to any move starts from the nearest one instead of the setup."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="snapshots")
    seq = models.PositiveIntegerField()
    state = models.JSONField()
    random_events = models.PositiveIntegerField()

    class Meta:
        ordering = ["seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="one_snapshot_per_seq")]

    def __str__(self) -> str:
        return f"{self.game} snapshot at {self.seq}"


class Vote(models.Model):
    """A question put to the table, as the log tells it (the call, each ballot and the result
    are logged moves); a projection that the store keeps and nothing else writes."""

    class Subject(models.TextChoices):
        EXTEND = "extend", "extend the current deadline"
        REPLACE = "replace", "replace an absent player by the strong bot"
        END = "end", "end the game now"
        TAKE_BACK = "take-back", "accept a take-back"

    class Result(models.TextChoices):
        PASSED = "passed"
        FAILED = "failed"
        EXPIRED = "expired"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="votes")
    # The seq of the logged call: the log's name for the vote.
    seq = models.PositiveIntegerField()
    subject = models.CharField(max_length=16, choices=Subject.choices)
    # What exactly is asked: days, seat, how the game ends, the steps to withdraw.
    details = models.JSONField(default=dict)
    caller = models.PositiveSmallIntegerField()
    # The seat the vote is about, which does not vote on it (None: it concerns everyone).
    concerns = models.PositiveSmallIntegerField(null=True, blank=True)
    voters = models.JSONField(default=list)
    yes = models.JSONField(default=list)
    no = models.JSONField(default=list)
    expires = models.DateTimeField(db_index=True)
    result = models.CharField(max_length=8, choices=Result.choices, blank=True)

    class Meta:
        ordering = ["seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="one_vote_per_call")]

    def __str__(self) -> str:
        return f"{self.game} vote at {self.seq}"

    @property
    def is_open(self) -> bool:
        return not self.result


class InvitationQuerySet(models.QuerySet):
    def holding_seats(self) -> models.QuerySet:
        return self.filter(accepted__isnull=True, declined__isnull=True, withdrawn__isnull=True)

    def for_player(self, user) -> models.QuerySet:
        """Invitations to `user`: by name, or to an address they have proven they read (an
        address anyone may type into a sign-up form proves nothing)."""
        if not getattr(user, "is_authenticated", False):
            return self.none()
        return self.for_player_id(user.pk)

    def for_player_id(self, user_id: int) -> models.QuerySet:
        """`for_player` by the player's id (a prepared query's stand-in is an id)."""
        from tabletop.accounts.addresses import verified_addresses

        # A subquery: the dashboard asks it on every visit, and needs no query of its own.
        by_address = models.Q(user__isnull=True, email__in=verified_addresses(user_id))
        return self.filter(models.Q(user_id=user_id) | by_address)


class Invitation(models.Model):
    """A seat held for someone until they accept, decline, or the inviter withdraws it.

    An existing player is invited by name (`user`, with their address copied to `email`);
    anyone else by address alone.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="invitations")
    email = models.EmailField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="invitations_received",
    )
    invited_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    created = models.DateTimeField(auto_now_add=True)
    accepted = models.DateTimeField(null=True, blank=True)
    declined = models.DateTimeField(null=True, blank=True)
    withdrawn = models.DateTimeField(null=True, blank=True)

    objects = InvitationQuerySet.as_manager()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "email"], name="one_invitation_per_address"),
        ]

    def __str__(self) -> str:
        return f"{self.email} to {self.game}"

    @property
    def holds_a_seat(self) -> bool:
        return not (self.accepted or self.declined or self.withdrawn)

    @property
    def state(self) -> str:
        if self.accepted:
            return "accepted"
        if self.declined:
            return "declined"
        if self.withdrawn:
            return "withdrawn"
        return "held"

    @property
    def invitee(self) -> str:
        """Who was asked, as the table sees it: their name, or the address."""
        return self.user.get_username() if self.user_id else self.email


class ChatMessage(models.Model):
    """Table talk: a short message a player posts at a game. It never changes the game."""

    MAX_LENGTH = 500

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    text = models.CharField(max_length=MAX_LENGTH)
    # The game's seq when it was said, so the history can place it between moves.
    at_seq = models.PositiveIntegerField()
    source = models.CharField(max_length=16, default="web")
    created = models.DateTimeField(auto_now_add=True)
    # When a moderator hid it (play/reports.py): its text is read by nobody from then on, and
    # the record says a moderator hid a line there.
    hidden = models.DateTimeField(null=True, blank=True)
    hidden_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        ordering = ["created", "pk"]
        indexes = [models.Index(fields=["game", "created"])]

    def __str__(self) -> str:
        return f"{self.user} at {self.game}: {self.text[:40]}"


class Note(models.Model):
    """A player's private note on a game, seen only by its author."""

    MAX_LENGTH = 4000

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="notes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    text = models.TextField(max_length=MAX_LENGTH, blank=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="one_note_each")]

    def __str__(self) -> str:
        return f"{self.user}'s note on {self.game}"


class Rematch(models.Model):
    """A proposal to play a finished game's table again; the new game starts once all accept."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="rematch")
    proposed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    accepted_seats = models.JSONField(default=list)
    created = models.DateTimeField(auto_now_add=True)
    new_game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    def __str__(self) -> str:
        return f"rematch of {self.game}"


class Report(models.Model):
    """A player's word to the moderators that a line of table talk (`message`) or a comment
    on a step (`comment`) should not be there; one per line and reporter, however often they
    press the button."""

    REASON_LENGTH = 200

    message = models.ForeignKey(
        ChatMessage, null=True, blank=True, on_delete=models.CASCADE, related_name="reports"
    )
    comment = models.ForeignKey(
        "StepComment", null=True, blank=True, on_delete=models.CASCADE, related_name="reports"
    )
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reports_made"
    )
    reason = models.CharField(max_length=REASON_LENGTH, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["message", "reporter"], name="one_report_per_reporter"),
            models.UniqueConstraint(
                fields=["comment", "reporter"], name="one_comment_report_per_reporter"
            ),
            models.CheckConstraint(
                condition=models.Q(message__isnull=True) ^ models.Q(comment__isnull=True),
                name="report_of_talk_or_a_comment",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.reporter} reported {self.message or self.comment}"


class Analysis(models.Model):
    """A finished game's review (play/analysis.py): each step's win chances, and for each
    step a player chose, what the strong bot would have chosen from that player's view.

    One per game and rules version; computed by the worker after the game ends, again only
    when an operator asks. Nothing of it exists, or may be computed, while a game runs.
    """

    class Status(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="analyses")
    rules_version = models.PositiveIntegerField()
    # The playouts per step it was computed with (settings.ANALYSIS_PLAYOUTS at the time).
    playouts = models.PositiveIntegerField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    steps_done = models.PositiveIntegerField(default=0)
    steps_total = models.PositiveIntegerField(default=0)
    # One entry per position 0..game.seq: {"seq", "chances": [float by seat, 0..1],
    # "scores": [int by seat] or None, "seat": who chose the step or None, "played": its
    # text, "suggestion": {"move", "text"} or None, "swing": the chooser's chance after the
    # played step minus after the bot's choice, or None}.
    steps = models.JSONField(default=list)
    # The steps where a player's chance fell the most: [{"seq", "seat", "before", "after",
    # "suggestion"}], largest fall first.
    turning_points = models.JSONField(default=list)
    created = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "rules_version"], name="one_analysis_per_rules_version"
            )
        ]

    def __str__(self) -> str:
        return f"analysis of {self.game} ({self.status})"


class StepComment(models.Model):
    """A comment on one step of a finished game, in that step's thread (play/comments.py).

    Written once a game is over, by its players or, on an open table, any logged-in visitor;
    the author edits or deletes their own. A private table's comments are its players' only.
    """

    MAX_LENGTH = ChatMessage.MAX_LENGTH

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="comments")
    seq = models.PositiveIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    text = models.CharField(max_length=MAX_LENGTH)
    created = models.DateTimeField(auto_now_add=True)
    edited = models.DateTimeField(null=True, blank=True)
    # As for table talk: when a moderator hid it, its text is read by nobody from then on.
    hidden = models.DateTimeField(null=True, blank=True)
    hidden_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        ordering = ["seq", "created", "pk"]
        indexes = [models.Index(fields=["game", "seq"])]

    def __str__(self) -> str:
        return f"{self.user} on {self.game} step {self.seq}: {self.text[:40]}"
