from django.urls import path

from tabletop.play import views

urlpatterns = [
    path("", views.dashboard, name="dashboard"),
]
