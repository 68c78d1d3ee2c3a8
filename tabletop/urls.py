from django.contrib import admin
from django.urls import include, path

from tabletop import health

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("tabletop.api.urls")),
    # Only MAIL_INBOUND_PROVIDER's inbound webhook answers; every other provider's URL is a 404.
    path("anymail/", include("tabletop.mail.webhooks")),
    path("health/", health.health, name="health"),
    path("", include("tabletop.accounts.urls")),
    path("", include("tabletop.web.urls")),
]
