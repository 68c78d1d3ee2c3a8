from allauth.account import views as allauth_views
from django.contrib.auth import views as auth_views
from django.urls import include, path

from tabletop.accounts import views

urlpatterns = [
    path("settings/", views.settings_page, name="settings"),
    path("settings/push/", views.push_subscription, name="push-subscription"),
    path("settings/blocks/", views.block_player, name="block-player"),
    path("settings/time-zone/", views.set_time_zone, name="set-time-zone"),
    # allauth's pages, under the paths and names that pages, bookmarks and emails already hold.
    path("accounts/login/", views.login_page, name="login"),
    path("accounts/login/code/", views.request_login_code, name="account_request_login_code"),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/logout/", allauth_views.logout, name="logout"),
    path("accounts/password_reset/", views.old_password_reset, name="password_reset"),
    # Password-reset links sent before allauth came, in Django's format, work until they expire.
    path(
        "accounts/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "accounts/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    path(
        "accounts/password_change/",
        auth_views.PasswordChangeView.as_view(),
        name="password_change",
    ),
    path(
        "accounts/password_change/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("accounts/", include("allauth.urls")),
    # Under /mail/ because every email sent so far holds links there.
    path("mail/go/<str:token>/", views.go, name="mail-go"),
]
