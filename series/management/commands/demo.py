"""Create the demo club: two seasons of Continental Rummy played by bots."""

import secrets

from django.core.management.base import BaseCommand, CommandError

from series.demo import club as demo
from series.models import Club


class Command(BaseCommand):
    help = (
        "Create the public demo club (slug 'demo') with 8 players and two seasons of "
        "history, every deal dealt from a shuffled pack and played out."
    )

    def add_arguments(self, parser):
        parser.add_argument("--seed", type=int, default=2025, help="the shuffle's seed")
        parser.add_argument("--seasons", type=int, default=2, help="calendar years of history")
        parser.add_argument("--every-days", type=int, default=7, help="days between game nights")
        parser.add_argument("--password", help="password of the user 'demo' (default: random)")
        parser.add_argument(
            "--if-empty", action="store_true", help="do nothing if the database has any club"
        )

    def handle(self, *args, seed, seasons, every_days, password, if_empty, **options):
        if if_empty and Club.objects.exists():
            self.stdout.write("The database has clubs already; no demo club created.")
            return
        if Club.objects.filter(slug=demo.SLUG).exists():
            raise CommandError("The demo club exists already.")
        password = password or secrets.token_urlsafe(9)

        def progress(done: int, total: int) -> None:
            if done % 10 == 0 or done == total:
                self.stderr.write(f"  game night {done}/{total}…")

        self.stderr.write("Playing the demo club's history…")
        club = demo.create_demo_club(
            seed=seed,
            seasons=seasons,
            every_days=every_days,
            password=password,
            progress=progress,
        )
        self.stdout.write(
            f"Demo club ready: {club.series.count()} series. "
            f"Sign in as 'demo' with the password {password}"
        )
