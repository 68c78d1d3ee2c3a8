from django.contrib.auth import views as auth_views
from django.urls import include, path

from tabletop.play import views

password_reset = auth_views.PasswordResetView.as_view(
    subject_template_name="registration/password-reset-subject.txt",
    email_template_name="registration/password-reset-body.txt",
    html_email_template_name="registration/password-reset-body.html",
)

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
    path("settings/", views.settings_page, name="settings"),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/password_reset/", password_reset, name="password_reset"),
    path("accounts/", include("django.contrib.auth.urls")),
]
