"""Reports in the admin: each reported line of table talk among the lines around it, each
reported comment among the comments around it, and the action that hides them
(play/reports.py), for every page, the API, the history, the record and the emails."""

from django.contrib import admin, messages
from django.db.models import Q, QuerySet
from django.http import HttpRequest
from django.utils.html import format_html, format_html_join

from tabletop.play import reports
from tabletop.play.models import ChatMessage, Report, StepComment


def reported(report: Report) -> ChatMessage | StepComment:
    """What the report is about: a line of talk or a comment (both have game, user, text,
    hidden)."""
    return report.message if report.message_id else report.comment


class HiddenFilter(admin.SimpleListFilter):
    title = "hidden"
    parameter_name = "hidden"

    def lookups(self, request: HttpRequest, model_admin) -> list[tuple[str, str]]:
        return [("yes", "Hidden"), ("no", "Not hidden")]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        hidden = Q(message__hidden__isnull=False) | Q(comment__hidden__isnull=False)
        if self.value() == "yes":
            return queryset.filter(hidden)
        if self.value() == "no":
            return queryset.exclude(hidden)
        return queryset


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    list_display = ["created", "reporter", "kind", "game", "author", "line", "reason", "hidden"]
    list_filter = [HiddenFilter]
    search_fields = [
        "message__text",
        "comment__text",
        "reason",
        "reporter__username",
        "message__user__username",
        "comment__user__username",
    ]
    list_select_related = [
        "reporter",
        "message__user",
        "message__game",
        "comment__user",
        "comment__game",
    ]
    fields = ["created", "reporter", "kind", "game", "author", "reason", "hidden", "in_context"]
    readonly_fields = fields
    actions = ["hide_lines"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.display(description="of")
    def kind(self, report: Report) -> str:
        return "table talk" if report.message_id else f"a comment on step {report.comment.seq}"

    @admin.display(description="game")
    def game(self, report: Report):
        return reported(report).game

    @admin.display(description="said by")
    def author(self, report: Report) -> str:
        return reported(report).user.get_username()

    @admin.display(description="line")
    def line(self, report: Report) -> str:
        return reported(report).text

    @admin.display(description="hidden", boolean=True)
    def hidden(self, report: Report) -> bool:
        return reported(report).hidden is not None

    @admin.display(description="the line among the lines around it")
    def in_context(self, report: Report) -> str:
        said = reported(report)
        rows = format_html_join(
            "",
            '<li style="{}"><span style="color:#666">{}, {}</span> <b>{}</b>: {}{}</li>',
            (
                (
                    "background:#fff3b0" if row.pk == said.pk else "",
                    where(row),
                    row.created.strftime("%Y-%m-%d %H:%M"),
                    row.user.get_username(),
                    row.text,
                    " (hidden)" if row.hidden else "",
                )
                for row in reports.context_of(said)
            ),
        )
        return format_html('<ol style="margin:0;padding-left:1.5em">{}</ol>', rows)

    @admin.action(description="Hide the reported lines and comments from everyone")
    def hide_lines(self, request: HttpRequest, chosen: QuerySet) -> None:
        picked = chosen.select_related("message", "comment")
        lines = {report.message for report in picked if report.message_id}
        found = {report.comment for report in picked if report.comment_id}
        hidden = sum(reports.hide(line, request.user) for line in lines)
        hidden_comments = sum(reports.hide_comment(c, request.user) for c in found)
        self.message_user(
            request,
            f"{hidden} line(s) and {hidden_comments} comment(s) hidden.",
            messages.SUCCESS,
        )


def where(row: ChatMessage | StepComment) -> str:
    if isinstance(row, StepComment):
        return f"on step {row.seq}" if row.seq else "on the deal"
    return f"after move {row.at_seq}"
