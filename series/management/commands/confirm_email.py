"""Confirm a member's e-mail address as an operator (series.accounts.subscriptions)."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from series.accounts import subscriptions


class Command(BaseCommand):
    help = (
        "Confirm the e-mail address of the account USERNAME, as the link sent to it "
        "would: its night results are then sent there, if the member turned them on."
    )

    def add_arguments(self, parser):
        parser.add_argument("username")

    def handle(self, *args, username: str, **options):
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"There is no account {username!r}.")
        if not user.email:
            raise CommandError(f"{username} has no e-mail address to confirm.")
        subscriptions.email_confirm(user_id=user.id, email=user.email)
        self.stdout.write(f"Confirmed {user.email} for {username}.")
