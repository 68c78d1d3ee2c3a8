from django.contrib import admin
from django.urls import include, path

from tabletop import health

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("tabletop.api.urls")),
    path("anymail/", include("anymail.urls")),
    path("health/", health.health, name="health"),
    path("", include("tabletop.accounts.urls")),
    path("", include("tabletop.web.urls")),
]
