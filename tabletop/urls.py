from allauth.account.decorators import secure_admin_login
from django.contrib import admin
from django.urls import include, path

from tabletop import health

# The admin logs in through the site's log-in page, with its rate limits on wrong passwords.
admin.site.login = secure_admin_login(admin.site.login)
# Where allauth sends a request over one of its rate limits: 429 with Retry-After.
handler429 = "tabletop.accounts.views.too_many_requests"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("tabletop.api.urls")),
    # Only MAIL_INBOUND_PROVIDER's inbound webhook answers; every other provider's URL is a 404.
    path("anymail/", include("tabletop.mail.webhooks")),
    path("health/", health.health, name="health"),
    path("", include("tabletop.accounts.urls")),
    path("", include("tabletop.web.urls")),
]
