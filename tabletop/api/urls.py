from django.urls import path, re_path
from drf_spectacular.views import SpectacularAPIView

from tabletop.api import (
    analysis,
    channels,
    chat,
    comments,
    forks,
    my_data,
    records,
    reports,
    tables,
    views,
)

urlpatterns = [
    path("auth/token/", views.token, name="api-token"),
    path("games/", views.games_list, name="api-games"),
    path("games/archive/", records.archive, name="api-archive"),
    path("games/<int:game_id>/", views.game, name="api-game"),
    path("games/<int:game_id>/join/", views.join, name="api-join"),
    path("games/<int:game_id>/moves/", views.moves, name="api-moves"),
    path("games/<int:game_id>/takeback/", views.takeback, name="api-takeback"),
    path("games/<int:game_id>/votes/", views.votes, name="api-votes"),
    path("games/<int:game_id>/votes/<int:vote_id>/", views.vote, name="api-vote"),
    path("games/<int:game_id>/analysis/", analysis.analysis, name="api-analysis"),
    path("games/<int:game_id>/states/<int:seq>/", views.state_at, name="api-state"),
    path("games/<int:game_id>/invitations/", tables.invite, name="api-invitations"),
    path(
        "games/<int:game_id>/invitations/<int:invitation_id>/",
        tables.withdraw,
        name="api-invitation",
    ),
    path(
        "games/<int:game_id>/invitations/<int:invitation_id>/accept/",
        tables.accept,
        name="api-invitation-accept",
    ),
    path(
        "games/<int:game_id>/invitations/<int:invitation_id>/decline/",
        tables.decline,
        name="api-invitation-decline",
    ),
    path("games/<int:game_id>/cancel/", tables.cancel, name="api-cancel"),
    path("games/<int:game_id>/rematch/", tables.rematch, name="api-rematch"),
    path("games/<int:game_id>/fork/", forks.fork, name="api-fork"),
    path("games/<int:game_id>/chat/", chat.talk, name="api-chat"),
    path("games/<int:game_id>/note/", chat.note, name="api-note"),
    path("games/<int:game_id>/comments/", comments.thread, name="api-comments"),
    path(
        "games/<int:game_id>/comments/<int:comment_id>/",
        comments.one_comment,
        name="api-comment",
    ),
    path(
        "games/<int:game_id>/chat/<int:message_id>/report/",
        reports.report_talk,
        name="api-report-talk",
    ),
    path(
        "games/<int:game_id>/comments/<int:comment_id>/report/",
        reports.report_comment,
        name="api-report-comment",
    ),
    path("games/<int:game_id>/webhook/", channels.table_webhook, name="api-table-webhook"),
    path("games/<int:game_id>/webhooks/", channels.table_webhooks, name="api-table-webhooks"),
    path(
        "games/<int:game_id>/webhooks/<int:webhook_id>/",
        channels.one_table_webhook,
        name="api-table-webhooks-one",
    ),
    path("me/preferences/", channels.preferences, name="api-preferences"),
    path("me/export/", my_data.export, name="api-my-data"),
    path("players/<str:username>/", records.player, name="api-player"),
    path("ratings/<str:slug>/", records.leaderboard, name="api-ratings"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # Last: every other address ending in a slash (APPEND_SLASH adds it) is a JSON 404,
    # line breaks in it included (which "." would not match).
    re_path(r"^(?:[\s\S]*/)?$", views.not_found),
]
