from django.urls import path

from tabletop.mail import views

urlpatterns = [
    path("", views.local_outbox, name="local-outbox"),
    path("go/<str:token>/", views.go, name="mail-go"),
    path("unsubscribe/<str:token>/", views.unsubscribe, name="mail-unsubscribe"),
]
