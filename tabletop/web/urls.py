from django.urls import path

from tabletop.web import calendars, chat, mailpages, records, rules, tables, views, webhooks

urlpatterns = [
    path("", views.dashboard, name="dashboard"),
    path("games/mine/", views.dashboard_games, name="dashboard-games"),
    path("games/new/", views.new_game, name="new-game"),
    path("games/open/", views.open_games, name="open-games"),
    path("games/archive/", records.archive, name="archive"),
    path("players/<str:username>/", records.player, name="player"),
    path("ratings/<str:slug>/", records.leaderboard, name="leaderboard"),
    path("games/<int:game_id>/", views.game, name="game"),
    path("games/<int:game_id>/panel/", views.panel, name="game-panel"),
    path("games/<int:game_id>/join/", views.join, name="join"),
    path("games/<int:game_id>/invite/", tables.invite, name="invite"),
    path(
        "games/<int:game_id>/invitations/<int:invitation_id>/accept/",
        tables.accept,
        name="accept-invitation",
    ),
    path(
        "games/<int:game_id>/invitations/<int:invitation_id>/decline/",
        tables.decline,
        name="decline-invitation",
    ),
    path(
        "games/<int:game_id>/invitations/<int:invitation_id>/withdraw/",
        tables.withdraw,
        name="withdraw-invitation",
    ),
    path("games/<int:game_id>/cancel/", tables.cancel, name="cancel"),
    path("games/<int:game_id>/rematch/", tables.rematch, name="rematch"),
    path("games/<int:game_id>/move/", views.move, name="move"),
    path("games/<int:game_id>/resign/", views.resign, name="resign"),
    path("games/<int:game_id>/chat/", chat.say, name="chat"),
    path("games/<int:game_id>/note/", chat.keep_note, name="note"),
    path("games/<int:game_id>/webhook/", webhooks.table_webhook, name="table-webhook"),
    path("games/<int:game_id>/history/", views.game_history, name="history"),
    path("games/<int:game_id>/history/log.json", views.export_log, name="export"),
    path("rules/<str:slug>/", rules.rules_page, name="rules"),
    path("calendar/<str:token>.ics", calendars.calendar_feed, name="calendar-feed"),
    path("mail/", mailpages.local_outbox, name="local-outbox"),
    path("mail/unsubscribe/<str:token>/", mailpages.unsubscribe, name="mail-unsubscribe"),
]
