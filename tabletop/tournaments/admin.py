"""Tournaments in the admin, to look at and never to write: a tournament changes only through
its services (entries, rounds, drops), which keep its log and projection together; its log,
shown beneath it, is append-only."""

from django.contrib import admin
from django.http import HttpRequest

from tabletop.tournaments.models import Entry, Round, Tournament, TournamentEvent


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False


class EntryInline(ReadOnlyInline):
    model = Entry
    fields = ["player", "joined", "points", "dropped", "drop_reason"]
    readonly_fields = fields


class RoundInline(ReadOnlyInline):
    model = Round
    fields = ["number", "started", "deadline", "ended"]
    readonly_fields = fields


class EventInline(ReadOnlyInline):
    model = TournamentEvent
    fields = ["seq", "kind", "data", "created"]
    readonly_fields = fields


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "format", "table_size", "status", "current_round", "created"]
    list_filter = ["status", "format", "slug", "private"]
    search_fields = ["name", "organiser__username"]
    list_select_related = ["organiser"]
    inlines = [EntryInline, RoundInline, EventInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return False
