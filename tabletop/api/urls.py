from django.urls import path
from drf_spectacular.views import SpectacularAPIView
from rest_framework.authtoken.views import obtain_auth_token

from tabletop.api import views

urlpatterns = [
    path("auth/token/", obtain_auth_token, name="api-token"),
    path("games/", views.games_list, name="api-games"),
    path("games/<int:game_id>/", views.game, name="api-game"),
    path("games/<int:game_id>/join/", views.join, name="api-join"),
    path("games/<int:game_id>/moves/", views.moves, name="api-moves"),
    path("games/<int:game_id>/states/<int:seq>/", views.state_at, name="api-state"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
]
