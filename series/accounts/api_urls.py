"""The account's API paths: its devices' tokens, its settings and its PIN."""

from django.urls import path

from series.accounts import api

urlpatterns = [
    path("auth/token", api.TokenCreateApi.as_view(), name="token"),
    path("auth/sign-out", api.SignOutApi.as_view(), name="sign-out"),
    path("auth/sign-out-all", api.SignOutAllApi.as_view(), name="sign-out-all"),
    path("account", api.AccountApi.as_view(), name="account"),
    path("account/password", api.PasswordChangeApi.as_view(), name="password"),
    path("account/devices", api.DevicesApi.as_view(), name="devices"),
    path(
        "account/devices/<str:device_id>/revoke",
        api.DeviceRevokeApi.as_view(),
        name="device-revoke",
    ),
    path("account/pin", api.PinApi.as_view(), name="pin"),
]
