"""Reads of a federation: its clubs, its ranking list and a person's results (RULES D-25).

The list reads the follower's lines (``FederationStanding``) a page at a time
and counts places as it reads them (``RANK()``: level scores share a place,
1, 2, 2, 4); names come from the players, under initials where the person
chose so or a private club did not agree to names. Each read is a fixed
number of queries, however long the list or a person's history.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.db.models import Count, Exists, F, OuterRef, Window
from django.db.models.functions import Rank
from django.utils import timezone

from series.domain.errors import DomainError, _
from series.domain.federations import GONE_DAYS, Counted, PersonScore, person_score
from series.domain.federations.membership import ACTIVE, PENDING
from series.federations.persons import is_key, players_of
from series.federations.projection import RESULT_FIELDS, played_result
from series.models import (
    Federation,
    FederationAdmin,
    FederationMember,
    FederationStanding,
    Membership,
    PersonChoice,
    PlayedNight,
    Player,
)


def federation_by_slug(slug: str) -> Federation | None:
    return Federation.objects.filter(slug=slug).first()


def may_read(federation: Federation, user) -> bool:
    """A public federation's list is anyone's; a private one its admins' and its clubs' members'."""
    if federation.public:
        return True
    if not user.is_authenticated:
        return False
    if FederationAdmin.objects.filter(federation=federation, user=user).exists():
        return True
    clubs = FederationMember.objects.filter(federation=federation, status=ACTIVE).values("club")
    return Membership.objects.filter(user=user, club__in=clubs).exists()


def federations_for(user) -> list[Federation]:
    """The federations a person would look for from the home page: a visitor's the
    public ones; a member's those they run or one of their clubs belongs to (asking
    to join too)."""
    if not user.is_authenticated:
        return list(Federation.objects.filter(public=True))
    clubs = Membership.objects.filter(user=user).values("club")
    return list(
        Federation.objects.filter(
            Exists(FederationAdmin.objects.filter(federation=OuterRef("pk"), user=user))
            | Exists(
                FederationMember.objects.filter(
                    federation=OuterRef("pk"), club__in=clubs, status__in=(ACTIVE, PENDING)
                )
            )
        )
    )


def members(federation: Federation) -> list[FederationMember]:
    """The clubs in the federation and those asking to join, by name."""
    return list(
        FederationMember.objects.filter(federation=federation, status__in=(ACTIVE, PENDING))
        .select_related("club")
        .order_by("status", "club__name")
    )


def games_played(federation: Federation) -> list[str]:
    """The games the federation's clubs have closed nights of."""
    clubs = FederationMember.objects.filter(federation=federation, status=ACTIVE).values("club")
    return sorted(
        set(PlayedNight.objects.filter(club__in=clubs).values_list("game", flat=True).distinct())
    )


def refuse_unplayed(federation: Federation, game: str) -> None:
    """A list of a game no member club has closed a night of is refused (a list of
    lines needs no look: its clubs play the game)."""
    clubs = FederationMember.objects.filter(federation=federation, status=ACTIVE).values("club")
    if not PlayedNight.objects.filter(club__in=clubs, game=game).exists():
        raise DomainError(
            _("The federation's clubs have closed no night of {game}: no list to show."),
            code="game_not_played",
            field="game",
            game=game,
        )


# -- names ----------------------------------------------------------------------------


def initials(name: str) -> str:
    """ "Anna Maria Rossi" → "A. M. R."."""
    return " ".join(f"{word[0].upper()}." for word in name.split() if word) or "?"


@dataclass(frozen=True, slots=True)
class Names:
    """Who each person is in a list: one query for any number of persons."""

    by_person: dict[str, str]

    @classmethod
    def of(cls, federation: Federation, persons: dict[str, list[int]]) -> Names:
        ids = {player for players in persons.values() for player in players}
        agreed = FederationMember.objects.filter(
            federation=federation, club=OuterRef("club_id"), names_shown=True
        )
        chose = PersonChoice.objects.filter(user=OuterRef("user_id"), initials_only=True)
        rows = {
            row["id"]: row
            for row in Player.objects.filter(id__in=ids)
            .annotate(agreed=Exists(agreed), chose=Exists(chose))
            .values("id", "name", "user_id", "club__public", "agreed", "chose")
        }
        names = {}
        for person, players in persons.items():
            mine = [rows[p] for p in players if p in rows]
            if not mine:
                names[person] = "?"
                continue
            private = any(not r["club__public"] and not r["agreed"] for r in mine)
            # The account's choice covers its players, confirmed or not yet (a "u"
            # person's players are all linked to that one account).
            chose_initials = any(r["chose"] for r in mine)
            name = mine[0]["name"]
            names[person] = initials(name) if private or chose_initials else name
        return cls(names)


# -- the list -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Line:
    person: str
    name: str
    players: list[int]
    score: float
    part_a: float
    part_b: float
    results: int
    place: int


def ranking(
    federation: Federation, game: str, *, offset: int = 0, limit: int | None = None
) -> tuple[int, list[Line]]:
    """(how many are listed, the lines from ``offset``), best first: two queries,
    the lines (their places and their count beside them) and their names."""
    listed = FederationStanding.objects.filter(federation=federation, game=game)
    placed = listed.annotate(
        place=Window(Rank(), order_by=F("score").desc()), listed=Window(Count("id"))
    ).order_by("-score", "person")
    rows = list(
        placed.values(
            "person", "players", "score", "part_a", "part_b", "results", "place", "listed"
        )[offset : None if limit is None else offset + limit]
    )
    count = rows[0].pop("listed") if rows else 0
    for row in rows:
        row.pop("listed", None)
    if not rows and offset:
        count = listed.count()
    names = Names.of(federation, {row["person"]: row["players"] for row in rows})
    return count, [Line(name=names.by_person[row["person"]], **row) for row in rows]


# -- a person's results ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PersonResult:
    counted: Counted
    club: str
    player: int


@dataclass(frozen=True, slots=True)
class PersonPage:
    person: str
    name: str
    players: list[int]
    score: PersonScore
    results: list[PersonResult]  # the page asked for, best r × weight first


def person_results(
    federation: Federation, game: str, person: str, *, offset: int = 0, limit: int = 50
) -> PersonPage | None:
    """A person's counted results with r, weight, age factor and part, counted as
    the list counts them but at this instant: a fixed number of queries."""
    if not is_key(person):
        return None
    players = players_of([person])[person]
    if not players:
        return None
    now = timezone.now()
    clubs = {
        row["club_id"]: row
        for row in FederationMember.objects.filter(federation=federation, status=ACTIVE).values(
            "club_id", "club__name", "club__time_zone"
        )
    }
    since = now.date() - timedelta(days=GONE_DAYS + 1)
    rows = PlayedNight.objects.filter(
        player_id__in=players, club_id__in=clubs, game=game, day__gte=since
    ).values_list(*RESULT_FIELDS)
    made, where = [], {}
    for night, player, club, _game, day, ranked, twice, championship in rows:
        zone = clubs[club]["club__time_zone"] or timezone.get_default_timezone_name()
        result = played_result(night, day, ranked, twice, championship, zone)
        made.append(result)
        where[result.key] = (clubs[club]["club__name"], player)
    score = person_score(made, now)
    if not score.results:
        return None
    played_for = sorted({player for _club, player in where.values()})
    names = Names.of(federation, {person: played_for})
    page = score.counted[offset : offset + limit]
    results = [PersonResult(c, *where[c.result.key]) for c in page]
    return PersonPage(person, names.by_person[person], played_for, score, results)
