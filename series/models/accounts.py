"""What a member keeps on their profile: the short PIN that confirms a deal on
another member's phone. Stored hashed with Django's password hashers."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.hashers import check_password, make_password
from django.db import models


class Profile(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="scorekeeper_profile"
    )
    confirmation_pin = models.CharField(max_length=128, blank=True)

    def set_pin(self, pin: str) -> None:
        self.confirmation_pin = make_password(pin)

    def pin_matches(self, pin: str) -> bool:
        return bool(self.confirmation_pin) and check_password(pin, self.confirmation_pin)
