"""Reports of table talk in the admin: each reported line among the lines around it, and the
action that hides it (play/reports.py), for every page, the API, the history and the emails."""

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.html import format_html, format_html_join

from tabletop.play import reports
from tabletop.play.models import Report


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    list_display = ["created", "reporter", "game", "author", "line", "reason", "hidden"]
    list_filter = [("message__hidden", admin.EmptyFieldListFilter)]
    search_fields = ["message__text", "reason", "reporter__username", "message__user__username"]
    list_select_related = ["reporter", "message__user", "message__game"]
    fields = ["created", "reporter", "game", "author", "reason", "hidden", "in_context"]
    readonly_fields = fields
    actions = ["hide_lines"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.display(description="game")
    def game(self, report: Report):
        return report.message.game

    @admin.display(description="said by")
    def author(self, report: Report) -> str:
        return report.message.user.get_username()

    @admin.display(description="line")
    def line(self, report: Report) -> str:
        return report.message.text

    @admin.display(description="hidden", boolean=True)
    def hidden(self, report: Report) -> bool:
        return report.message.hidden is not None

    @admin.display(description="the line among the lines around it")
    def in_context(self, report: Report) -> str:
        rows = format_html_join(
            "",
            '<li style="{}"><span style="color:#666">after move {}, {}</span> <b>{}</b>: {}{}</li>',
            (
                (
                    "background:#fff3b0" if line.pk == report.message_id else "",
                    line.at_seq,
                    line.created.strftime("%Y-%m-%d %H:%M"),
                    line.user.get_username(),
                    line.text,
                    " (hidden)" if line.hidden else "",
                )
                for line in reports.context_of(report.message)
            ),
        )
        return format_html('<ol style="margin:0;padding-left:1.5em">{}</ol>', rows)

    @admin.action(description="Hide the reported lines from everyone")
    def hide_lines(self, request: HttpRequest, chosen: QuerySet) -> None:
        lines = {report.message for report in chosen.select_related("message")}
        hidden = sum(reports.hide(line, request.user) for line in lines)
        self.message_user(request, f"{hidden} line(s) hidden.", messages.SUCCESS)
