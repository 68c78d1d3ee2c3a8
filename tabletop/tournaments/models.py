"""Tournaments, their entries, rounds and the games seated in them, and the tournament's own
append-only log (TournamentEvent), from which its standings are rebuilt.

The log is the truth; `Entry.points`, `Entry.dropped`, `Tournament.current_round` and
`Tournament.winners` are a projection of it that the services keep current and
`manage.py verify_log` checks. Games stay play's: a RoundGame only links one to its round.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

import games
from tabletop.play import clock
from tabletop.play.models import Game


class Tournament(models.Model):
    class Format(models.TextChoices):
        ROUND_ROBIN = "round_robin", _("round robin")
        SWISS = "swiss", _("Swiss")

    class Status(models.TextChoices):
        SIGNUP = "signup", _("open for sign-up")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")
        CANCELLED = "cancelled", _("cancelled")

    name = models.CharField(max_length=100)
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="organised_tournaments"
    )
    # The game and its table, as every game of the tournament is set.
    slug = models.CharField(max_length=32)
    options = models.JSONField(default=dict)
    days_per_move = models.PositiveSmallIntegerField(default=3)
    format = models.CharField(max_length=12, choices=Format.choices)
    # Swiss: chosen by the organiser; round robin: as many as its schedule has, set at the start.
    rounds = models.PositiveSmallIntegerField(null=True, blank=True)
    table_size = models.PositiveSmallIntegerField()
    max_players = models.PositiveSmallIntegerField()
    # By invitation only: only the invited join, and its games are private tables.
    private = models.BooleanField(default=False)
    invited = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="tournament_invitations"
    )
    signup_deadline = models.DateTimeField(db_index=True)
    # Days a round may run before its games still going are adjudicated.
    round_days = models.PositiveSmallIntegerField(default=14)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SIGNUP)
    created = models.DateTimeField(default=clock.now, editable=False)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)

    # The projection of the log.
    current_round = models.PositiveSmallIntegerField(default=0)
    winners = models.JSONField(default=list)  # user ids, once finished

    class Meta:
        indexes = [models.Index(fields=["status", "signup_deadline"])]

    def __str__(self) -> str:
        return f"{self.name} #{self.pk}"

    @property
    def rules(self):
        return games.get(self.slug)

    @property
    def is_over(self) -> bool:
        return self.status in (self.Status.FINISHED, self.Status.CANCELLED)


class Entry(models.Model):
    """A player in a tournament: joined before its start; dropped (withdrawn, timed out
    repeatedly, or by the organiser) is never seated again."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="tournament_entries"
    )
    joined = models.DateTimeField(default=clock.now)
    dropped = models.DateTimeField(null=True, blank=True)
    drop_reason = models.CharField(max_length=200, blank=True)
    # The points from the log's results and byes (projection; standings.py reckons them).
    points = models.FloatField(default=0)

    class Meta:
        ordering = ["joined", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="one_entry_per_player")
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.tournament}"


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    started = models.DateTimeField(default=clock.now)
    # After this the games still running are adjudicated (deadlines.py); indexed for the sweep.
    deadline = models.DateTimeField(db_index=True)
    ended = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_round_per_number")
        ]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.number}"


class RoundGame(models.Model):
    """A game of play's, seated at table `table` of a round."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    game = models.OneToOneField(Game, on_delete=models.PROTECT, related_name="tournament_table")
    table = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["round", "table"]
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="one_game_per_table")
        ]

    def __str__(self) -> str:
        return f"{self.round} table {self.table}"


class TournamentEvent(models.Model):
    """One entry of a tournament's log: who joined or left, each round's seating and why,
    results, timeouts, drops, adjudications, the end. Never updated or deleted."""

    class Kind(models.TextChoices):
        CREATED = "created"
        JOINED = "joined"
        LEFT = "left"
        STARTED = "started"
        SEATED = "seated"
        RESULT = "result"
        ADJUDICATED = "adjudicated"
        TIMEOUT = "timeout"
        DROPPED = "dropped"
        ROUND_ENDED = "round-ended"
        FINISHED = "finished"
        CANCELLED = "cancelled"

    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="events")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=16, choices=Kind.choices)
    data = models.JSONField(default=dict)
    created = models.DateTimeField(default=clock.now, editable=False)

    class Meta:
        ordering = ["seq"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "seq"], name="one_event_per_seq")
        ]

    def __str__(self) -> str:
        return f"{self.tournament} event {self.seq} ({self.kind})"
