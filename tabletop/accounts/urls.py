from django.contrib.auth import views as auth_views
from django.urls import include, path

from tabletop.accounts import views

password_reset = auth_views.PasswordResetView.as_view(
    subject_template_name="registration/password-reset-subject.txt",
    email_template_name="registration/password-reset-body.txt",
    html_email_template_name="registration/password-reset-body.html",
)

urlpatterns = [
    path("settings/", views.settings_page, name="settings"),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/password_reset/", password_reset, name="password_reset"),
    path("accounts/", include("django.contrib.auth.urls")),
    # Under /mail/ because every email sent so far holds links there.
    path("mail/go/<str:token>/", views.go, name="mail-go"),
]
