"""The pages a member's mail links to: confirming an address, and the one-click
unsubscribe (RFC 8058)."""

from django.urls import path

from series.mail import views

urlpatterns = [
    path("account/email/confirm/<str:token>/", views.email_confirm, name="email_confirm"),
    path("mail/unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
]
