from django.urls import path

from tabletop.web import mailpages, views

urlpatterns = [
    path("", views.dashboard, name="dashboard"),
    path("games/new/", views.new_game, name="new-game"),
    path("games/open/", views.open_games, name="open-games"),
    path("games/<int:game_id>/", views.game, name="game"),
    path("games/<int:game_id>/panel/", views.panel, name="game-panel"),
    path("games/<int:game_id>/join/", views.join, name="join"),
    path("games/<int:game_id>/invite/", views.invite, name="invite"),
    path("games/<int:game_id>/move/", views.move, name="move"),
    path("games/<int:game_id>/resign/", views.resign, name="resign"),
    path("games/<int:game_id>/history/", views.game_history, name="history"),
    path("games/<int:game_id>/history/log.json", views.export_log, name="export"),
    path("mail/", mailpages.local_outbox, name="local-outbox"),
    path("mail/unsubscribe/<str:token>/", mailpages.unsubscribe, name="mail-unsubscribe"),
]
