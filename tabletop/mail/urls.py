from django.urls import path

from tabletop.mail import views

urlpatterns = [
    path("", views.local_outbox, name="local-outbox"),
]
