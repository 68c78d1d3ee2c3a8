from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("tabletop.api.urls")),
    path("mail/", include("tabletop.mail.urls")),
    path("anymail/", include("anymail.urls")),
    path("", include("tabletop.play.urls")),
]
