"""The league: club settings (seasons, ladder rules) and its read models.

``Season`` and ``LadderRules`` are club settings, edited by club admins.
``RosterPlayer``, ``SeriesResult``, ``SeasonStanding``, ``ClubRecord``,
``PersonSummary`` and ``HeadToHeadTally`` are projections, rebuilt from the
log with the rest (``sheets.projection.rebuild``).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import models
from django.utils.translation import gettext_lazy as _

from series.domain.league.seasons import SeasonSpan
from series.models.projections import SeriesSheet
from series.models.reference import Club, Player

DEFAULT_MIN_SERIES = 3


class LadderRules(models.Model):
    """How a club ranks its players; a club without a row has the defaults."""

    club = models.OneToOneField(
        Club, on_delete=models.CASCADE, primary_key=True, related_name="ladder_rules"
    )
    min_series = models.PositiveSmallIntegerField(
        _("series to be ranked"), default=DEFAULT_MIN_SERIES
    )
    best_n = models.PositiveSmallIntegerField(_("only the best series count"), null=True)
    # The season's night standings (series/domain/league/night_standings.py).
    night_count = models.CharField(_("night standings count"), max_length=10, default="total")
    night_min = models.PositiveSmallIntegerField(_("nights to be ranked on average"), default=1)
    night_best = models.PositiveSmallIntegerField(_("only the best nights count"), default=5)
    # Provisional ratings (RULES D-26): marked "?" where they stand, or listed
    # after the settled ones.
    provisional_last = models.BooleanField(_("provisional ratings listed last"), default=False)


class SeasonQuerySet(models.QuerySet):
    def spans(self, club_id: int) -> list[SeasonSpan]:
        """The club's named seasons as date ranges: for the league's pages and
        writers, and for the draw of a night, which counts who met this season."""
        return [season.span() for season in self.filter(club_id=club_id)]


class Season(models.Model):
    """A named date range of a club; it wins over the calendar year."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    key = models.SlugField(max_length=60)
    name = models.CharField(_("name"), max_length=60)
    starts_on = models.DateField(_("first day"))
    ends_on = models.DateField(_("last day"))

    objects = SeasonQuerySet.as_manager()

    class Meta:
        ordering = ["starts_on", "id"]
        constraints = [
            models.UniqueConstraint(fields=["club", "key"], name="season_key_once_per_club"),
            models.CheckConstraint(
                condition=models.Q(ends_on__gte=models.F("starts_on")), name="season_not_reversed"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def span(self) -> SeasonSpan:
        return SeasonSpan(self.key, self.name, self.starts_on, self.ends_on)


# -- projections --------------------------------------------------------------


class RosterPlayer(models.Model):
    """A player the club's roster stream names: a guest, retired, or merged into ``person``."""

    player = models.OneToOneField(
        Player, on_delete=models.PROTECT, primary_key=True, related_name="roster"
    )
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="+")
    person = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    guest = models.BooleanField(default=False)
    retired = models.BooleanField(default=False)


class SeriesResultQuerySet(models.QuerySet):
    def latest_of_each(self, persons: Iterable[int], fields: tuple[str, ...]) -> dict:
        """For each of ``persons``, ``fields`` of their latest row among these (by
        start, then series), or nothing if they have none: one query, an index
        lookup per person. The league's standings read the ratings so, and a
        night's draw by rating."""
        latest = self.filter(person=models.OuterRef("pk")).order_by("-started_at", "-series_id")
        found = Player.objects.filter(id__in=list(persons)).annotate(
            **{f"latest_{name}": models.Subquery(latest.values(name)[:1]) for name in fields}
        )
        return {
            person: values
            for person, *values in found.values_list("id", *(f"latest_{name}" for name in fields))
            if values[0] is not None
        }


class SeriesResult(models.Model):
    """A finished series as the league counts it: one row per person seated.

    ``person`` is the seated player after merges. ``mu``, ``sigma`` and
    ``ordinal`` are the person's rating after this series, and ``streak`` the
    series they had won in a row by then, both counted over the club's series
    of the same game in order of start.
    """

    # No constraint in the database: a rebuild empties the score sheets first.
    series = models.ForeignKey(
        SeriesSheet, on_delete=models.CASCADE, db_constraint=False, related_name="results"
    )
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="+")
    game = models.CharField(max_length=20)
    started_at = models.DateTimeField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    person = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="results")
    players = models.PositiveSmallIntegerField()  # at the table
    place = models.PositiveSmallIntegerField()  # 1 = won
    won = models.BooleanField()
    total = models.IntegerField()
    deals = models.PositiveIntegerField()
    went_out = models.PositiveIntegerField()
    # The number of the last deal they went out of (0: none): who of two reached
    # a season's record in one series first, without reading the score sheet.
    last_out = models.PositiveIntegerField()
    tiebreak = models.BooleanField()  # played a tiebreak deal
    deficit = models.PositiveIntegerField()  # furthest behind the leader after any deal
    streak = models.PositiveIntegerField()
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()

    objects = SeriesResultQuerySet.as_manager()

    class Meta:
        ordering = ["started_at", "series", "place", "person"]
        constraints = [
            models.UniqueConstraint(fields=["series", "person"], name="result_once_per_person")
        ]
        indexes = [
            models.Index(fields=["club", "game", "started_at"], name="result_club_game_start"),
            # A club's results from a series on, whatever the game (the catch-up).
            models.Index(fields=["club", "started_at", "series"], name="result_club_position"),
            # A person's series in order; the latest (ties by series id) is one probe.
            models.Index(
                fields=["person", "game", "started_at", "series"], name="result_person_latest"
            ),
            # The club records: lowest total, longest run, biggest comeback.
            models.Index(fields=["club", "game", "total"], name="result_lowest_total"),
            models.Index(fields=["club", "game", "streak"], name="result_longest_run"),
            models.Index(
                fields=["club", "game", "deficit"],
                condition=models.Q(won=True),
                name="result_comeback",
            ),
        ]


class FiguresLine(models.Model):
    """A person's figures in a game over a season: the columns that a standings
    line and a person's summary share."""

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="+")
    game = models.CharField(max_length=20)
    season = models.CharField(max_length=60)  # a year, or a named season's key
    person = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    series_played = models.PositiveIntegerField()
    series_won = models.PositiveIntegerField()
    deals_played = models.PositiveIntegerField()
    went_out = models.PositiveIntegerField()
    penalty_total = models.IntegerField()
    tiebreaks_played = models.PositiveIntegerField()
    tiebreaks_won = models.PositiveIntegerField()

    class Meta:
        abstract = True


class SeasonStanding(FiguresLine):
    """A person's line of a season's standings, as the club's ladder rules count it.

    The figures cover the series that count (all, or each person's best N);
    ``season_went_out`` counts every series of the season. ``rating``, ``mu``
    and ``sigma`` are those after the person's last series of the season, which
    started at ``last_played``.
    """

    season_went_out = models.PositiveIntegerField()
    rating = models.FloatField()
    mu = models.FloatField()
    sigma = models.FloatField()
    # When the person's last series of the season started: their rating is
    # shown as of the season's last day, grown for the days since (RULES D-26).
    last_played = models.DateTimeField(null=True)

    class Meta:
        ordering = ["club", "game", "season", "person"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "game", "season", "person"], name="standing_once_per_season"
            )
        ]
        indexes = [
            models.Index(fields=["club", "game", "season_went_out"], name="standing_went_out"),
        ]


class PersonSummary(FiguresLine):
    """A person's figures in a game over all their series (``season`` empty) or
    over one season's (a year, or a named season's key), every series counted
    whatever the ladder rules; and the series of their lowest and of their
    highest points a deal (a tie goes to the earlier series)."""

    # No constraint in the database: a rebuild empties the score sheets first.
    best_series = models.ForeignKey(
        SeriesSheet, null=True, on_delete=models.CASCADE, db_constraint=False, related_name="+"
    )
    worst_series = models.ForeignKey(
        SeriesSheet, null=True, on_delete=models.CASCADE, db_constraint=False, related_name="+"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["person", "game", "season"], name="summary_once_per_season"
            )
        ]


class HeadToHeadTally(models.Model):
    """How a person fared against an opponent in the series of a game where
    both sat: how often each finished ahead of the other."""

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="+")
    game = models.CharField(max_length=20)
    person = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    opponent = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    series = models.PositiveIntegerField()
    ahead = models.PositiveIntegerField()  # the person finished ahead
    behind = models.PositiveIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["person", "game", "opponent"], name="tally_once_per_opponent"
            )
        ]
        indexes = [models.Index(fields=["club", "opponent"], name="tally_opponent")]


class ClubRecord(models.Model):
    """One of a club's all-time records in a game, and who holds it."""

    class Kind(models.TextChoices):
        LOWEST_TOTAL = "lowest_total"
        MOST_WENT_OUT = "most_went_out"  # deals gone out in one season
        LONGEST_RUN = "longest_run"  # series won in a row
        BIGGEST_COMEBACK = "biggest_comeback"  # furthest behind after a deal, and won

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="+")
    game = models.CharField(max_length=20)
    kind = models.CharField(max_length=20, choices=Kind.choices)
    person = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    value = models.IntegerField()
    # The series it was set in (its start); a season's record also names the
    # season, and its series is the one in which the count reached it.
    series = models.ForeignKey(
        SeriesSheet, null=True, on_delete=models.CASCADE, db_constraint=False, related_name="+"
    )
    started_at = models.DateTimeField(null=True)
    season = models.CharField(max_length=60, blank=True)

    class Meta:
        ordering = ["club", "game", "kind"]
        constraints = [
            models.UniqueConstraint(fields=["club", "game", "kind"], name="record_once_per_kind")
        ]


class LeagueBehind(models.Model):
    """A club whose league waits for its follower (``league.catch_up``): a series
    that finished, a change to a finished one, a merge; all counted outside the
    request."""

    club = models.OneToOneField(
        Club, primary_key=True, on_delete=models.CASCADE, related_name="league_behind"
    )
    since = models.DateTimeField()  # the first change not yet counted
    # Where the catch-up starts: the earliest series (by start, then id) whose
    # count changed; the series before it keep their results. None: every series.
    from_started_at = models.DateTimeField(null=True)
    from_series = models.UUIDField(null=True)

    def __str__(self) -> str:
        return f"the league of club {self.club_id}, behind since {self.since}"

    @property
    def start(self) -> tuple | None:
        """Where the catch-up starts: (start, series id), or None for every series."""
        return None if self.from_started_at is None else (self.from_started_at, self.from_series)
