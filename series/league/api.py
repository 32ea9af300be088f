"""The league's REST API for readers: standings, a player's record and the
club's history (the admins' writes are in ``admin_api``). One view per
resource; access as the rest of the API (``series.clubs.access``)."""

from __future__ import annotations

from datetime import date

from django.utils.translation import gettext_noop
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from series.api.base import READ_ERRORS, error_responses
from series.api.serializers import player_id
from series.clubs.access import Access
from series.clubs.api_view import PLAYER_ID, SLUG, ClubApiView, require
from series.domain.errors import NotFound as DomainNotFound
from series.domain.series import ABANDONED, FINISHED, OPEN_STATUSES
from series.league import history, nights, player_record, selectors
from series.league.aggregates import FIGURES
from series.league.selectors import league_games
from series.models import Club, Player
from series.sheets.representation import night_table
from series.sheets.serializers import night_table_field

# A series' state as a client asks for it, and the statuses it stands for.
STATES = {"open": OPEN_STATUSES, "finished": (FINISHED,), "abandoned": (ABANDONED,)}
ROUNDING = 4


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, ROUNDING)


class SeasonSerializer(serializers.Serializer):
    key = serializers.CharField(help_text="A year (2025) or a named season's key.")
    name = serializers.CharField()
    first_day = serializers.DateField()
    last_day = serializers.DateField()
    named = serializers.BooleanField()


class FiguresSerializer(serializers.Serializer):
    series_played = serializers.IntegerField()
    series_won = serializers.IntegerField()
    deals_played = serializers.IntegerField()
    went_out = serializers.IntegerField()
    went_out_rate = serializers.FloatField(allow_null=True)
    penalty_total = serializers.IntegerField()
    penalty_per_deal = serializers.FloatField(allow_null=True)
    tiebreaks_played = serializers.IntegerField()
    tiebreaks_won = serializers.IntegerField()


def figures(line) -> dict:
    data = {name: getattr(line, name) for name in FIGURES}
    data["went_out_rate"] = _rounded(line.went_out_rate)
    data["penalty_per_deal"] = _rounded(line.penalty_per_deal)
    return data


def season_data(season) -> dict:
    return {
        "key": season.key,
        "name": season.name,
        "first_day": season.first_day,
        "last_day": season.last_day,
        "named": season.named,
    }


class GameField(serializers.ChoiceField):
    """A game's name: one of the games registered when the serializer is made,
    so a game registered after start (a plug-in) is a choice too."""

    def __init__(self, **kwargs):
        super().__init__(choices=league_games(), **kwargs)

    def bind(self, field_name, parent):
        super().bind(field_name, parent)
        self.choices = league_games()


def first_game() -> str:
    return league_games()[0]


class SeasonQuerySerializer(serializers.Serializer):
    season = serializers.CharField(
        max_length=60,
        required=False,
        help_text="A year or a named season's key; today's by default.",
    )
    game = GameField(default=first_game)


class LeagueApiView(ClubApiView):
    def season(self, club: Club, key: str | None) -> selectors.SeasonChoice:
        choice = selectors.season_choice(club, key, listed=False)
        if choice is None:
            raise DomainNotFound(
                gettext_noop("The club has no such season."),
                code="season_not_found",
                field="season",
            )
        return choice

    def player_for(self, player_id: int, access: Access) -> Player:
        player = player_record.player_with_club(player_id)
        if player is None:
            raise NotFound()
        self.club = require(self.request.user, player.club, access)
        return player


UPDATING = serializers.BooleanField(
    help_text="True while the club's league catches up with a change (a series that "
    "just finished, a correction of a finished series, a merge): the figures do not "
    "count it yet, for about a second."
)


# -- standings ------------------------------------------------------------------


class StandingRowSerializer(FiguresSerializer):
    player = serializers.IntegerField(help_text="The person (merged players count as one).")
    name = serializers.CharField()
    guest = serializers.BooleanField()
    rating = serializers.FloatField(
        help_text="mu − 3σ as of the season's last day (today while it runs), σ grown for "
        "the days since the person's latest series (RULES D-26)."
    )
    mu = serializers.FloatField()
    sigma = serializers.FloatField(help_text="As of the season's last day, like rating.")
    provisional = serializers.BooleanField(
        help_text="Fewer than 10 rated series of the game at the club, or none in the "
        "365 days before (RULES D-26)."
    )
    ranked = serializers.BooleanField(help_text="False: a guest, or below the minimum.")
    rank = serializers.IntegerField(allow_null=True)


class ClubStandingsApi(LeagueApiView):
    class OutputSerializer(serializers.Serializer):
        season = SeasonSerializer()
        game = GameField()
        min_series = serializers.IntegerField(help_text="Series to play to be ranked.")
        best_n = serializers.IntegerField(allow_null=True, help_text="Only the best N count.")
        rows = StandingRowSerializer(many=True, help_text="The ranked first, then the rest.")
        updating = UPDATING

    @extend_schema(
        operation_id="club_standings",
        description="A season the club does not have is answered 404 `season_not_found`.",
        summary="The ladder of a season and game",
        tags=["league"],
        parameters=[SLUG, SeasonQuerySerializer],
        responses={200: OutputSerializer, **error_responses(400, *READ_ERRORS)},
    )
    def get(self, request, slug):
        club = self.club_for(slug, Access.READ)
        query = self.validated(SeasonQuerySerializer, request.query_params)
        table = selectors.standings(club, query["game"], self.season(club, query.get("season")))
        body = {
            "season": season_data(table.season),
            "game": table.game,
            "min_series": table.min_series,
            "best_n": table.best_n,
            "rows": [standing_row(row) for row in table.rows],
            "updating": table.updating,
        }
        return Response(self.OutputSerializer(body).data)


def standing_row(row: selectors.StandingRow) -> dict:
    return {
        "player": row.player,
        "name": row.name,
        "guest": row.guest,
        **figures(row.figures),
        "rating": _rounded(row.rating),
        "mu": _rounded(row.mu),
        "sigma": _rounded(row.sigma),
        "provisional": row.provisional is not None,
        "ranked": row.rank is not None,
        "rank": row.rank,
    }


# -- the season's night standings ---------------------------------------------------


class NightStandingSerializer(serializers.Serializer):
    player = serializers.IntegerField(help_text="The person (merged players count as one).")
    name = serializers.CharField()
    points = serializers.FloatField(
        help_text="What the season's closed nights add (RULES D-27), as the club counts "
        "them (total, average or best N), rounded to 4 places."
    )
    nights = serializers.IntegerField(help_text="Closed nights attended this season.")
    place = serializers.IntegerField(
        allow_null=True,
        help_text="Level points go to the lower pooled average per deal, then share a "
        "place (1, 2, 2, 4); null: below the nights an average needs.",
    )
    per_deal = serializers.FloatField(
        allow_null=True,
        help_text="The average penalty per deal over the nights counted, pooled.",
    )


class ClubNightStandingsApi(LeagueApiView):
    @extend_schema(
        operation_id="club_night_standings",
        description="A season the club does not have is answered 404 `season_not_found`.",
        summary="The season's night standings of a game, as the league page shows them",
        tags=["league"],
        parameters=[SLUG, SeasonQuerySerializer],
        responses={
            200: NightStandingSerializer(many=True),
            **error_responses(400, *READ_ERRORS),
        },
    )
    def get(self, request, slug):
        club = self.club_for(slug, Access.READ)
        query = self.validated(SeasonQuerySerializer, request.query_params)
        choice = self.season(club, query.get("season"))
        standings = nights.night_standings_of(
            club, choice.chosen, choice.named, selectors.ladder_rules(club), query["game"]
        )
        body = [
            {
                "player": line.person,
                "name": name,
                "points": _rounded(float(line.score)),
                "nights": line.nights,
                "place": line.place,
                "per_deal": None if line.per_deal is None else _rounded(float(line.per_deal)),
            }
            for line, name, _guest in standings.lines
        ]
        return Response(NightStandingSerializer(body, many=True).data)


# -- a player ---------------------------------------------------------------------


class PlayerTotalsSerializer(FiguresSerializer):
    game = serializers.CharField()
    season = serializers.CharField(allow_blank=True, help_text="Empty: all time.")


class PlayerSeriesSerializer(serializers.Serializer):
    series = serializers.UUIDField()
    game = serializers.CharField()
    started_at = serializers.DateTimeField()
    players = serializers.IntegerField()
    place = serializers.IntegerField()
    won = serializers.BooleanField()
    total = serializers.IntegerField()
    deals_played = serializers.IntegerField()
    went_out = serializers.IntegerField()
    penalty_per_deal = serializers.FloatField(allow_null=True)
    rating = serializers.FloatField(help_text="After this series.")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()


class PlayerRatingSerializer(serializers.Serializer):
    game = serializers.CharField()
    shown = serializers.FloatField(help_text="mu − 3σ: the rating shown, as of today.")
    mu = serializers.FloatField()
    sigma = serializers.FloatField(
        help_text="Grown for the whole days since the latest series (RULES D-26)."
    )
    provisional = serializers.BooleanField(
        help_text="Fewer than 10 rated series of the game at the club, or none in the last "
        "365 days."
    )
    series = serializers.IntegerField(help_text="Rated series of the game at the club.")
    last_played = serializers.DateField(help_text="The day of the latest, in the club's time.")


class HeadToHeadSerializer(serializers.Serializer):
    opponent = serializers.IntegerField()
    name = serializers.CharField()
    game = serializers.CharField()
    series = serializers.IntegerField(help_text="Series where both sat.")
    ahead = serializers.IntegerField(help_text="This player finished ahead.")
    behind = serializers.IntegerField()
    level = serializers.IntegerField()


class PlayerApi(LeagueApiView):
    class OutputSerializer(serializers.Serializer):
        player = serializers.IntegerField()
        name = serializers.CharField()
        club = serializers.SlugField()
        guest = serializers.BooleanField()
        merged_into = serializers.IntegerField(allow_null=True)
        merged = serializers.ListField(child=serializers.IntegerField())
        all_time = PlayerTotalsSerializer(many=True)
        seasons = PlayerTotalsSerializer(many=True)
        ratings = PlayerRatingSerializer(many=True, help_text="One for each game played.")
        history_count = serializers.IntegerField(help_text="The player's finished series.")
        history = PlayerSeriesSerializer(
            many=True, help_text="Finished series, newest first, from offset, at most limit."
        )
        head_to_head = HeadToHeadSerializer(many=True)
        updating = UPDATING

    class QuerySerializer(serializers.Serializer):
        limit = serializers.IntegerField(min_value=1, max_value=100, default=50)
        offset = serializers.IntegerField(min_value=0, max_value=2**31 - 1, default=0)

    @extend_schema(
        operation_id="player_read",
        summary="A player's league record: all time, by season, their series a page at a time",
        tags=["league"],
        parameters=[PLAYER_ID, QuerySerializer],
        responses={200: OutputSerializer, **error_responses(400, *READ_ERRORS)},
    )
    def get(self, request, player_id):
        player = self.player_for(player_id, Access.READ)
        query = self.validated(self.QuerySerializer, request.query_params)
        record = player_record.player_record(player)
        series = player_record.series_newest_first(record.person)
        start, end = query["offset"], query["offset"] + query["limit"]
        body = player_body(record) | {
            "history_count": record.series_count,
            "history": [series_line(row) for row in series[start:end]],
            "updating": selectors.updating(player.club),
        }
        return Response(self.OutputSerializer(body).data)


def player_body(record: player_record.PlayerRecord) -> dict:
    player = record.player
    roster = getattr(player, "roster", None)
    return {
        "player": player.id,
        "name": player.name,
        "club": player.club.slug,
        "guest": bool(roster and roster.guest),
        "merged_into": record.person if record.person != player.id else None,
        "merged": [other.id for other in record.merged],
        "all_time": [totals(line) for line in record.all_time],
        "seasons": [totals(line) for line in record.seasons],
        "ratings": [
            {
                "game": game,
                "shown": _rounded(standing.shown),
                "mu": _rounded(standing.mu),
                "sigma": _rounded(standing.sigma),
                "provisional": standing.provisional_because(record.today) is not None,
                "series": standing.series,
                "last_played": date.fromordinal(standing.last_day),
            }
            for game, standing in record.ratings.items()
        ],
        "head_to_head": [vars(duel) | {"level": duel.level} for duel in record.head_to_head],
    }


def totals(line: player_record.SeasonFigures) -> dict:
    return {"game": line.game, "season": line.season, **figures(line.figures)}


def series_line(row) -> dict:
    return {
        "series": row.series_id,
        "game": row.game,
        "started_at": row.started_at,
        "players": row.players,
        "place": row.place,
        "won": row.won,
        "total": row.total,
        "deals_played": row.deals,
        "went_out": row.went_out,
        "penalty_per_deal": _rounded(row.total / row.deals) if row.deals else None,
        "rating": _rounded(row.ordinal),
        "mu": _rounded(row.mu),
        "sigma": _rounded(row.sigma),
    }


# -- history ------------------------------------------------------------------------


class HistorySeriesSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    rules = serializers.CharField(source="preset")
    game = serializers.SerializerMethodField()
    status = serializers.CharField()
    night = serializers.SerializerMethodField()
    deals_played = serializers.IntegerField()
    winner = serializers.IntegerField(source="winner_id", allow_null=True)
    totals = serializers.DictField(
        child=serializers.IntegerField(), help_text='{"<player id>": total} of everyone seated.'
    )
    version = serializers.IntegerField()
    started_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()

    def get_game(self, sheet) -> str:
        return sheet.rules.get("game", "")

    @extend_schema_field(night_table_field())
    def get_night(self, sheet) -> dict | None:
        return night_table(sheet.night, sheet.table_number)


class ClubHistoryApi(LeagueApiView):
    """The club's series list (a superset of the list of ``series.api``: the
    same fields and paging, plus filters by season, player and game)."""

    class QuerySerializer(serializers.Serializer):
        season = serializers.CharField(
            max_length=60,
            required=False,
            help_text="A year or a named season's key; all by default.",
        )
        player = player_id(
            required=False, help_text="Series where this player (or anyone merged into them) sat."
        )
        game = GameField(required=False)
        state = serializers.ChoiceField(
            choices=list(STATES),
            required=False,
            help_text="open: being played or in a tiebreak (the home page's list); "
            "finished; abandoned. All by default.",
        )
        limit = serializers.IntegerField(min_value=1, max_value=100, default=50)
        offset = serializers.IntegerField(min_value=0, max_value=2**31 - 1, default=0)

    class OutputSerializer(serializers.Serializer):
        count = serializers.IntegerField()
        results = HistorySeriesSerializer(many=True)

    @extend_schema(
        operation_id="club_series_history",
        description="A season the club does not have is answered 404 `season_not_found`.",
        summary="The club's series, newest first, by season, player, game and state",
        tags=["league"],
        parameters=[SLUG, QuerySerializer],
        responses={200: OutputSerializer, **error_responses(400, *READ_ERRORS)},
    )
    def get(self, request, slug):
        club = self.club_for(slug, Access.READ)
        query = self.validated(self.QuerySerializer, request.query_params)
        choice = self.season(club, query["season"]) if "season" in query else None
        players = history.same_person(query["player"]) if "player" in query else None
        statuses = STATES[query["state"]] if "state" in query else None
        sheets = history.club_history(
            club, choice, players=players, game=query.get("game"), statuses=statuses
        )
        start, end = query["offset"], query["offset"] + query["limit"]
        body = {"count": sheets.count(), "results": sheets[start:end]}
        return Response(self.OutputSerializer(body).data)
