from django.urls import path, re_path
from drf_spectacular.views import SpectacularAPIView

from tabletop.api import views

urlpatterns = [
    path("auth/token/", views.token, name="api-token"),
    path("games/", views.games_list, name="api-games"),
    path("games/<int:game_id>/", views.game, name="api-game"),
    path("games/<int:game_id>/join/", views.join, name="api-join"),
    path("games/<int:game_id>/moves/", views.moves, name="api-moves"),
    path("games/<int:game_id>/states/<int:seq>/", views.state_at, name="api-state"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # Last: every other address ending in a slash (APPEND_SLASH adds it) is a JSON 404.
    re_path(r"^(?:.*/)?$", views.not_found),
]
