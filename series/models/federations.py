"""Federations: bodies of clubs with one ranking list across them (RULES D-25).

Reference data: ``Federation``, its admins, its join links, a person's
confirmation of each player linked to their account (``PersonLink``) and
their choice to be listed under initials (``PersonChoice``). What a club's
membership is follows from its stream of events (``FederationMember``, kept
by the writer's inline projection); ``PlayedNight`` and ``FederationStanding``
are kept by the federations' follower (``series.federations.projection``) and
rebuilt from the log like every read model; ``PersonBehind`` marks the
persons whose confirmations changed, for the follower to count again.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from series.models.reference import Club, Player


class Federation(models.Model):
    slug = models.SlugField(_("slug"), max_length=60, unique=True)
    name = models.CharField(_("name"), max_length=100)
    public = models.BooleanField(_("public ranking list"), default=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class FederationAdmin(models.Model):
    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="admins")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="federations_run"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["federation", "user"], name="one_federation_admin")
        ]


class FederationLink(models.Model):
    """A link a club joins by. Only a SHA-256 of its token is kept; it is used
    once, and a renewal replaces it."""

    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="links")
    token_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    used_by = models.ForeignKey(Club, null=True, on_delete=models.SET_NULL, related_name="+")
    used_at = models.DateTimeField(null=True)
    renewed_at = models.DateTimeField(null=True)

    class Meta:
        ordering = ["-created_at", "-id"]


class PersonLink(models.Model):
    """A person's confirmation that ``player`` is them: counted across clubs while
    the player is still linked to ``user``."""

    player = models.OneToOneField(
        Player, on_delete=models.CASCADE, primary_key=True, related_name="person_link"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="person_links"
    )
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    confirmed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "club"], name="one_person_link_per_club")
        ]


class PersonChoice(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="person_choice",
    )
    initials_only = models.BooleanField(_("listed under initials only"), default=False)


class FederationMember(models.Model):
    """A club's membership of a federation, as its stream says (a projection)."""

    PENDING, ACTIVE, ENDED = "pending", "active", "ended"

    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="members")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="federations")
    status = models.CharField(max_length=10)
    names_shown = models.BooleanField(default=False)  # a private club agreed to full names
    version = models.PositiveIntegerField()
    updated_at = models.DateTimeField()

    class Meta:
        ordering = ["federation", "club"]
        constraints = [
            models.UniqueConstraint(fields=["federation", "club"], name="one_federation_member")
        ]


class PlayedNight(models.Model):
    """A player's result of one closed night, or of a closed championship (its
    final ranking, ``championship``), as D-25 reads it (a projection)."""

    night_id = models.UUIDField()  # the night's id, or the championship's
    player = models.ForeignKey(Player, on_delete=models.CASCADE, db_constraint=False)
    club = models.ForeignKey(Club, on_delete=models.CASCADE, db_constraint=False)
    game = models.CharField(max_length=30)
    day = models.DateField()
    ranked = models.PositiveIntegerField()  # N
    place_twice = models.PositiveIntegerField()  # 2 × the mean place: whole for 2.5
    championship = models.BooleanField(default=False)  # weighs 1 more (RULES D-25)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["night_id", "player"], name="played_night_once")
        ]
        indexes = [models.Index(fields=["player", "day"], name="played_night_player")]


class FederationStanding(models.Model):
    """A person listed by a federation for a game (a projection; its place is
    counted when the list is read)."""

    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="+")
    game = models.CharField(max_length=30)
    person = models.CharField(max_length=24)  # "u<account id>" or "p<player id>"
    players = models.JSONField(default=list)  # one per club
    score = models.FloatField()
    part_a = models.FloatField()
    part_b = models.FloatField()
    results = models.PositiveIntegerField()
    refresh_at = models.DateTimeField(null=True)  # when an age factor next moves

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["federation", "game", "person"], name="one_federation_standing"
            )
        ]
        indexes = [
            models.Index(fields=["federation", "game", "-score"], name="federation_ranking"),
            models.Index(fields=["refresh_at"], name="federation_refresh"),
        ]


class PersonBehind(models.Model):
    """A person whose players across clubs changed (a confirmation, its end):
    the follower counts them again in every federation and clears the mark."""

    person = models.CharField(max_length=24, primary_key=True)
