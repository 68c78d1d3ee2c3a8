from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("tabletop.api.urls")),
    path("anymail/", include("anymail.urls")),
    path("", include("tabletop.accounts.urls")),
    path("", include("tabletop.web.urls")),
]
