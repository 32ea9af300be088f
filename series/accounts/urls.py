"""The account's pages: sign in and out, sign up, the account page, its
password, devices and PIN."""

from django.contrib.auth import views as auth_views
from django.urls import include, path

from series.accounts import views
from series.accounts.forms import SignInForm

account_pages = [
    path("", views.account, name="account"),
    path("password/", views.PasswordChangeView.as_view(), name="password_change"),
    path("reset/", views.password_reset, name="password_reset"),
    path("reset/sent/", views.password_reset_done, name="password_reset_done"),
    path(
        "reset/<uidb64>/<token>/",
        views.password_reset_confirm,
        name="password_reset_confirm",
    ),
    path("reset/done/", views.password_reset_complete, name="password_reset_complete"),
    path("devices/", views.devices, name="account_devices"),
    path("pin/", views.account_pin, name="account_pin"),
]

urlpatterns = [
    path(
        "login/",
        auth_views.LoginView.as_view(
            template_name="accounts/login.html", authentication_form=SignInForm
        ),
        name="login",
    ),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("signup/", views.signup, name="signup"),
    path("account/", include(account_pages)),
]
