"""A club night: open it, check players in, draw rounds, start its tables, close it."""

from __future__ import annotations

from uuid import UUID

from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from series.api.base import (
    IDEMPOTENCY_KEY_PARAMETER,
    READ_ERRORS,
    SERIES_WRITE_ERRORS,
    WRITE_ERRORS,
    ApiView,
    error_responses,
    replay_headers,
    write_arguments,
)
from series.api.serializers import expected_version_field, options_field, player_id, preset_field
from series.clubs import selectors as club_selectors
from series.clubs.access import Access, allows
from series.clubs.api_view import require
from series.domain.errors import DomainError, _
from series.domain.nights import draws
from series.domain.nights import report as report_facts
from series.domain.nights import scoring as scorings
from series.domain.nights.commands import REASON_LENGTH
from series.domain.nights.large_tables import LARGE_TABLE_RULES
from series.domain.nights.planning import STAGES
from series.models import Club
from series.nights import planning, selectors, services
from series.nights.selectors import NightPage, NightReport, RoundView

NIGHT_ID = OpenApiParameter("night_id", OpenApiTypes.UUID, OpenApiParameter.PATH)
CLUB_SLUG = OpenApiParameter("slug", str, OpenApiParameter.PATH, description="The club's slug.")


class TableSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="Table 1, Table 2 …")
    series = serializers.UUIDField(allow_null=True, help_text="The table's series, once started.")
    players = serializers.ListField(child=serializers.IntegerField(), help_text="In seat order.")
    first_dealer = serializers.IntegerField()
    large_table = serializers.CharField(
        allow_null=True, help_text="The large-table preset this table plays (7 or 8 players)."
    )
    status = serializers.ChoiceField(["drawn", "playing", "finished", "abandoned"])
    result = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()),
        allow_null=True,
        help_text="An abandoned table's result as the director entered it: groups of level "
        "players, best first (RULES D-18); null when none was entered.",
    )


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    seed = serializers.IntegerField(
        help_text="The draw's seed: the same seed and players give the same tables (RULES D-15)."
    )
    method = serializers.ChoiceField(draws.codes())
    closed = serializers.BooleanField()
    tables = TableSerializer(many=True)


class RoundPointsSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    place = serializers.IntegerField(
        allow_null=True, help_text="The place at the table (1, 2, 2, 4); null: not played."
    )
    points = serializers.FloatField(
        allow_null=True,
        help_text="What the table gave by the night's method (by per deal, its average per "
        "deal), rounded to 2 places; null: not played.",
    )


class RankingLineSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    place = serializers.IntegerField(help_text="Shared by level players (1, 2, 2, 4).")
    points = serializers.FloatField(
        allow_null=True, help_text="The night's points (or average per deal), rounded to 2 places."
    )
    exact = serializers.CharField(allow_null=True, help_text="The points as an exact fraction.")
    rounds = serializers.IntegerField(help_text="Rounds played (tables not played left out).")
    per_round = RoundPointsSerializer(
        many=True,
        help_text="Why these points: each round's table, place and points (a night closed "
        "before they were recorded has none).",
    )


STATES = list(STAGES)


class NightSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    club = serializers.CharField(help_text="The club's slug.")
    date = serializers.DateField()
    version = serializers.IntegerField()
    state = serializers.ChoiceField(
        STATES,
        help_text="planned: planned ahead, opened on the day; withdrawn: a planned night "
        "that will not take place.",
    )
    time = serializers.CharField(
        allow_null=True, help_text='A planned night\'s start time, "20:30"; null: the day only.'
    )
    venue = serializers.CharField(allow_blank=True, help_text="Where it is played, as planned.")
    coming = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="The players who said they are coming: for the club's members (empty for "
        "others, who read the count in the club's nights).",
    )
    not_coming = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="The players who said they are not coming: for the club's members.",
    )
    method = serializers.ChoiceField(
        scorings.codes(), allow_null=True, help_text="Null until a planned night opens."
    )
    method_explained = serializers.CharField()
    min_table = serializers.IntegerField(
        allow_null=True, help_text="The smallest table the night seats (null until it opens)."
    )
    max_table = serializers.IntegerField(
        allow_null=True, help_text="The largest table the night seats (null until it opens)."
    )
    present = serializers.ListField(child=serializers.IntegerField())
    rounds = RoundSerializer(many=True)
    ranking = RankingLineSerializer(many=True)
    provisional = serializers.BooleanField(
        help_text="Tables still play: the ranking is as if every table ended now."
    )


def _state(night) -> str:
    """A night's row as the API's ``state`` names it."""
    if night.withdrawn:
        return "withdrawn"
    if night.planned:
        return "planned"
    return "closed" if night.closed else "open"


def _round_body(round_: RoundView) -> dict:
    return {
        "number": round_.number,
        "seed": round_.seed,
        "method": round_.method,
        "closed": round_.closed,
        "tables": [
            {
                "number": t.number,
                "series": t.series and str(t.series),
                "players": t.players,
                "first_dealer": t.first_dealer,
                "large_table": t.large_table,
                "status": t.status,
                "result": None if t.result is None else [list(group) for group in t.result],
            }
            for t in round_.tables
        ],
    }


def night_body(night: NightPage, club: Club, *, answers: bool = True) -> dict:
    """The night as the API shows it (the shape ``NightSerializer`` documents);
    who answered "I'm coming" or not only for ``answers`` (the club's members),
    as the night's page names them to members only."""
    plan, ahead = night.plan, night.planned
    return {
        "id": str(night.id),
        "club": club.slug,
        "date": night.date,
        "version": night.version,
        "state": night.state,
        "time": plan.time.strftime("%H:%M") if plan.time else None,
        "venue": plan.venue,
        "coming": [line.id for line in plan.coming] if answers else [],
        "not_coming": [line.id for line in plan.not_coming] if answers else [],
        "method": None if ahead else night.method,
        "method_explained": "" if ahead else night.method_explained,
        "min_table": None if ahead else night.min_table,
        "max_table": None if ahead else night.max_table,
        "present": [line.id for line in night.present],
        "rounds": [_round_body(r) for r in night.rounds],
        "ranking": [
            {
                "player": line.player,
                "name": line.name,
                "place": line.place,
                "points": None if line.points is None else round(float(line.points), 2),
                "exact": None if line.points is None else str(line.points),
                "rounds": line.rounds,
                "per_round": [
                    {
                        "round": r.round,
                        "table": r.table,
                        "place": r.place,
                        "points": None if r.points is None else round(float(r.points), 2),
                    }
                    for r in line.per_round
                ],
            }
            for line in night.ranking.lines
        ],
        "provisional": night.ranking.provisional,
    }


class NightApiView(ApiView):
    """A view about one night; ``club`` is set once access is granted."""

    club: Club | None = None
    role: str | None = None  # the user's role in the club, read with the access

    def club_of_night(self, night_id: UUID, access: Access) -> Club:
        return self.club_access(selectors.night_club(night_id), access)

    def club_access(self, club: Club | None, access: Access) -> Club:
        """``club`` once the user may do ``access`` in it; their role kept."""
        if club is not None:
            self.role = club_selectors.club_role(user=self.request.user, club=club)
        self.club = require(self.request.user, club, access, self.role)
        return self.club

    def directed(self, night_id: UUID) -> dict:
        """A director's command: the view's input, validated, once the user may
        direct the night."""
        data = self.validated(self.InputSerializer)
        self.club_of_night(night_id, Access.DIRECT)
        return data

    def answer(self, night_id: UUID, *, replayed: bool = False, status_code=status.HTTP_200_OK):
        members = allows(self.role, self.club, Access.MEMBER)
        body = night_body(selectors.night_page(night_id), self.club, answers=members)
        return Response(body, status=status_code, headers=replay_headers(replayed))


WRITTEN = OpenApiResponse(NightSerializer, description="The night after the change.")


class NightSummarySerializer(serializers.Serializer):
    id = serializers.UUIDField()
    date = serializers.DateField()
    version = serializers.IntegerField()
    state = serializers.ChoiceField(STATES)
    time = serializers.CharField(allow_null=True, help_text='A planned night\'s start, "20:30".')
    venue = serializers.CharField(allow_blank=True)
    rounds = serializers.IntegerField()
    present = serializers.IntegerField(help_text="Players checked in.")
    coming = serializers.IntegerField(help_text="Players who said they are coming.")


# What a night is given when it opens (a night planned ahead: on its day).
OPENING = ("rules", "options", "points_table", "large_table", "min_table", "max_table")


class ClubNightsApi(NightApiView):
    @extend_schema(
        operation_id="night_list",
        summary="A club's nights, latest first",
        tags=["nights"],
        parameters=[CLUB_SLUG],
        responses={200: NightSummarySerializer(many=True), **error_responses(*READ_ERRORS)},
    )
    def get(self, request, slug: str):
        club = require(request.user, club_selectors.club_by_slug(slug), Access.READ)
        return Response(
            [
                {
                    "id": str(n.id),
                    "date": n.date.isoformat(),
                    "version": n.version,
                    "state": _state(n),
                    "time": n.time.strftime("%H:%M") if n.time else None,
                    "venue": n.venue,
                    "rounds": n.rounds,
                    "present": len(n.present),
                    "coming": len(n.coming),
                }
                for n in selectors.club_nights(club)
            ]
        )

    class InputSerializer(serializers.Serializer):
        rules = preset_field(max_length=40, required=False)
        options = options_field()
        scoring = serializers.ChoiceField(scorings.codes(), default=scorings.DEFAULT)
        points_table = serializers.DictField(
            child=serializers.ListField(child=serializers.IntegerField(min_value=0)),
            required=False,
            help_text='Points per place by table size, for "points_table": {"4": [7, 4, 2, 0]}.',
        )
        large_table = serializers.ChoiceField(LARGE_TABLE_RULES, required=False)
        date = serializers.DateField(
            required=False,
            help_text="Today in the club's time zone. A day after today plans the night ahead "
            "(state `planned`): its rules, scoring and table sizes are given when it opens.",
        )
        time = serializers.CharField(
            required=False,
            allow_null=True,
            max_length=5,
            help_text='A planned night\'s start time, "20:30" (24-hour clock).',
        )
        venue = serializers.CharField(
            required=False, allow_blank=True, max_length=120, help_text="Where, as free text."
        )
        min_table = serializers.IntegerField(
            min_value=1,
            max_value=20,
            required=False,
            help_text="The smallest table the night seats; the game's smallest when left out. "
            "Draws and moves stay within the night's sizes, and a points table needs rows "
            "for these sizes only.",
        )
        max_table = serializers.IntegerField(
            min_value=1,
            max_value=20,
            required=False,
            help_text="The largest table the night seats; the game's largest when left out.",
        )
        championship = serializers.UUIDField(
            required=False,
            help_text="A championship of the club the night counts for: it plays the "
            "championship's rules and method unless told (then it must match them).",
        )
        final = serializers.BooleanField(
            default=False,
            help_text='With "championship": the night is its final (after the cut, once); '
            'draw it by the method "championship".',
        )

    @extend_schema(
        operation_id="night_open",
        summary="Open a club night (admins and scorers)",
        description="The rules refuse (422): `unknown_rules`, `unknown_option` and the "
        "options' own codes; `unknown_scoring`; a points table sent with another scoring "
        "(`points_table_unused`), one whose sizes or points the night cannot rank "
        "(`invalid_points_table`, `points_table_missing_size`); "
        "`unknown_large_table_rule`; a date outside 1900-01-01 to 2999-12-31, the days a "
        "season holds (`night_date_out_of_range`). With `championship`, the championship's "
        "refusals too (`championship_night_other_game`, `championship_nights_full`, a final "
        "before the cut `championship_no_cut` or a second `championship_final_exists`): then "
        "no night opens; `final` without `championship` "
        "(`night_final_without_championship`). A date after today plans the night "
        "(state `planned`, 201 as well): it takes a `time` (`invalid_time`) and a `venue`, and "
        "no rules, scoring or table sizes (`night_planned_later`); a time or a venue with "
        "today's date is refused (`night_not_ahead`).",
        tags=["nights"],
        parameters=[CLUB_SLUG, IDEMPOTENCY_KEY_PARAMETER],
        request=InputSerializer,
        responses={201: WRITTEN, **error_responses(*WRITE_ERRORS)},
    )
    def post(self, request, slug: str):
        data = self.validated(self.InputSerializer)
        self.club_access(club_selectors.club_by_slug(slug), Access.DIRECT)
        table = data.get("points_table")
        opening = {
            "club": self.club,
            "date": data.get("date"),
            "rules": data.get("rules"),
            "options": data.get("options"),
            "points_table": table or None,  # its sizes are checked by the night's rules
            "large_table": data.get("large_table"),
            "min_table": data.get("min_table"),
            "max_table": data.get("max_table"),
        }
        recording = write_arguments(request, versioned=False)  # a new night: no version
        if "championship" in data:  # RULES D-23, D-24: the championship's night
            result = services.OPENERS["championship"](
                championship_id=data["championship"],
                final=data["final"],
                scoring=data["scoring"] if "scoring" in request.data else None,
                **opening,
                **recording,
            )
        elif data["final"]:
            raise DomainError(
                _("A final night names its championship."),
                code="night_final_without_championship",
                field="final",
            )
        else:  # a date after today plans the night; its rules are given when it opens
            result = planning.night_new(
                club=self.club,
                date=opening["date"],
                time=data.get("time"),
                venue=data.get("venue"),
                opening={
                    "scoring": data["scoring"] if "scoring" in request.data else None,
                    **{name: opening[name] for name in OPENING},
                },
                **recording,
            )
        response = self.answer(
            result.night_id, replayed=result.replayed, status_code=status.HTTP_201_CREATED
        )
        response["Location"] = reverse("api:night", kwargs={"night_id": result.night_id})
        return response


class NightDetailApi(NightApiView):
    @extend_schema(
        operation_id="night_read",
        summary="A night: who is present, its rounds and tables, its ranking",
        tags=["nights"],
        parameters=[NIGHT_ID],
        responses={200: NightSerializer, **error_responses(*READ_ERRORS)},
    )
    def get(self, request, night_id: UUID):
        self.club_of_night(night_id, Access.READ)
        return self.answer(night_id)


class ReportLineSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    place = serializers.IntegerField(help_text="Shared by level players (1, 2, 2, 4).")
    points = serializers.FloatField(
        allow_null=True, help_text="The night's points (or average per deal), rounded to 2 places."
    )
    per_round = RoundPointsSerializer(many=True, help_text="Each round's table, place and points.")


class TableTotalSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    total = serializers.IntegerField(help_text="The player's total at the table.")


class ReportTableSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    number = serializers.IntegerField()
    totals = TableTotalSerializer(
        many=True, help_text="In seat order; an abandoned table's as they stood."
    )


class FactSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(report_facts.KINDS)
    text = serializers.CharField(help_text="The fact in words, in the request's language.")
    players = serializers.ListField(
        child=serializers.IntegerField(), help_text="The players it is about."
    )


class NightReportSerializer(serializers.Serializer):
    night = serializers.UUIDField()
    club = serializers.CharField(help_text="The club's slug.")
    date = serializers.DateField()
    method = serializers.ChoiceField(scorings.codes())
    ranking = ReportLineSerializer(many=True)
    tables = ReportTableSerializer(many=True, help_text="Each started table, by round.")
    facts = FactSerializer(
        many=True,
        help_text="The highest penalty in one deal, the lowest total at a finished table, "
        "who went out most, each tiebreak and who played it, each director's result.",
    )


def _points(value) -> float | None:
    return None if value is None else round(float(value), 2)


def report_body(report: NightReport, club: Club) -> dict:
    """The night's report as the API shows it (``NightReportSerializer``)."""
    night = report.night
    return {
        "night": str(night.id),
        "club": club.slug,
        "date": night.date,
        "method": night.method,
        "ranking": [
            {
                "player": line.player,
                "name": line.name,
                "place": line.place,
                "points": _points(line.points),
                "per_round": [
                    {
                        "round": r.round,
                        "table": r.table,
                        "place": r.place,
                        "points": _points(r.points),
                    }
                    for r in line.per_round
                ],
            }
            for line in night.ranking.lines
        ],
        "tables": [
            {
                "round": table.round,
                "number": table.number,
                "totals": [
                    {"player": t.player, "name": t.name, "total": t.total} for t in table.totals
                ],
            }
            for table in report.tables
        ],
        "facts": [
            {"kind": fact.kind, "text": fact.text, "players": list(fact.players)}
            for fact in report.facts
        ],
    }


class NightReportApi(NightApiView):
    @extend_schema(
        operation_id="night_report",
        summary="A night's report: its ranking by round, each table's totals, its notable facts",
        description="What the night's printed report shows. Whoever may read the night "
        "may read its report; a night still open is reported as it stands.",
        tags=["nights"],
        parameters=[NIGHT_ID],
        responses={200: NightReportSerializer, **error_responses(*READ_ERRORS)},
    )
    def get(self, request, night_id: UUID):
        club = self.club_of_night(night_id, Access.READ)
        return Response(report_body(selectors.night_report(night_id), club))


class CheckInsApi(NightApiView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        expected_version = expected_version_field(required=False)
        players = serializers.ListField(child=player_id(), min_length=1, max_length=200)

    @extend_schema(
        operation_id="night_check_in",
        summary="Check players in (a late arrival joins the next round)",
        description="Each player once (422 `night_player_twice`); a player seated at a table "
        "of another open night of the club is refused (422 `player_seated_elsewhere`, "
        "RULES D-19).",
        tags=["nights"],
        parameters=[NIGHT_ID, IDEMPOTENCY_KEY_PARAMETER],
        request=InputSerializer,
        responses={200: WRITTEN, **error_responses(*SERIES_WRITE_ERRORS)},
    )
    def post(self, request, night_id: UUID):
        data = self.directed(night_id)
        result = services.night_check_in(
            night_id=night_id, players=data["players"], **write_arguments(request, data)
        )
        return self.answer(night_id, replayed=result.replayed)


class SelfCheckInApi(NightApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="night_self_check_in",
        summary="Check yourself in (members; what the night's QR code does)",
        description="Checks in the player your account is linked to in the night's club. "
        "Already present: answered as done (`Idempotent-Replayed: true`), nothing recorded. "
        "An account linked to no player of the club is refused (422 `night_not_a_player`): "
        "the night's director checks you in (`check-ins`).",
        tags=["nights"],
        parameters=[NIGHT_ID, IDEMPOTENCY_KEY_PARAMETER],
        request=None,
        responses={200: WRITTEN, **error_responses(400, 401, 403, 404, 422)},
    )
    def post(self, request, night_id: UUID):
        self.club_of_night(night_id, Access.MEMBER)
        result = services.night_self_check_in(
            night_id=night_id, **write_arguments(request, versioned=False)
        )
        return self.answer(night_id, replayed=result.replayed)


class CheckOutsApi(NightApiView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        expected_version = expected_version_field(required=False)
        player = player_id()

    @extend_schema(
        operation_id="night_check_out",
        description="The rules refuse (422): `night_player_absent`, a player not checked in; "
        "`night_player_seated`, one at a table that plays; `night_closed`.",
        summary="A player leaves between rounds",
        tags=["nights"],
        parameters=[NIGHT_ID, IDEMPOTENCY_KEY_PARAMETER],
        request=InputSerializer,
        responses={200: WRITTEN, **error_responses(*SERIES_WRITE_ERRORS)},
    )
    def post(self, request, night_id: UUID):
        data = self.directed(night_id)
        result = services.night_check_out(
            night_id=night_id, player=data["player"], **write_arguments(request, data)
        )
        return self.answer(night_id, replayed=result.replayed)


class RoundsApi(NightApiView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        expected_version = expected_version_field(required=False)
        min_table = serializers.IntegerField(min_value=1, max_value=20)
        max_table = serializers.IntegerField(min_value=1, max_value=20)
        method = serializers.ChoiceField(draws.codes(), default=draws.DEFAULT)

    class OutputSerializer(RoundSerializer):
        version = serializers.IntegerField(help_text="The night's version after the draw.")

    @extend_schema(
        operation_id="night_round_draw",
        summary="Draw the next round's tables, seats and first dealers",
        description="Tables start their series with `tables/start`; until then a player "
        "can be moved or two swapped (`moves`). Another director drawing first answers 409."
        " The rules refuse (422): `night_round_open`, a round still playing; "
        "`too_few_players`, `sizes_do_not_fit`, `invalid_table_size`; `unknown_draw`; "
        "`night_closed`.",
        tags=["nights"],
        parameters=[NIGHT_ID, IDEMPOTENCY_KEY_PARAMETER],
        request=InputSerializer,
        responses={201: OutputSerializer, **error_responses(*SERIES_WRITE_ERRORS)},
    )
    def post(self, request, night_id: UUID):
        data = self.directed(night_id)
        result = services.night_round_draw(
            night_id=night_id,
            min_table=data["min_table"],
            max_table=data["max_table"],
            method=data["method"],
            **write_arguments(request, data),
        )
        night = selectors.night_page(night_id)
        drawn = next(r for r in night.rounds if r.number == _drawn_round(result))
        body = {**_round_body(drawn), "version": result.state.version}
        return Response(
            body, status=status.HTTP_201_CREATED, headers=replay_headers(result.replayed)
        )


def _drawn_round(result: services.NightResult) -> int:
    """The round a draw recorded (a replayed retry: the round of its first event)."""
    return len(result.state.rounds)


class MovesApi(NightApiView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        expected_version = expected_version_field(required=False)
        player = player_id()
        table = serializers.IntegerField(
            min_value=1, max_value=100, required=False, help_text="Move the player to this table."
        )
        other = player_id(required=False, help_text="Or swap the player with this one.")
        ANY_OF = ("table", "other")  # the schema says so (ApiSchema); other goes first

    @extend_schema(
        operation_id="night_move",
        description="The rules refuse (422): `night_no_round`; `night_player_absent`, "
        "`night_player_not_seated`; `night_same_table`; a table that started "
        "(`night_table_started`), would be empty (`night_table_empty`) or too full "
        "(`night_table_full`, `night_table_size_outside`); `night_no_table`; "
        "`night_closed`.",
        summary="Move a player to another table, or swap two (before their tables start)",
        tags=["nights"],
        parameters=[NIGHT_ID, IDEMPOTENCY_KEY_PARAMETER],
        request=InputSerializer,
        responses={200: WRITTEN, **error_responses(*SERIES_WRITE_ERRORS)},
    )
    def post(self, request, night_id: UUID):
        data = self.directed(night_id)
        common = {"night_id": night_id, "player": data["player"], **write_arguments(request, data)}
        if "other" in data:
            result = services.night_players_swap(other=data["other"], **common)
        elif "table" in data:
            result = services.night_player_move(table=data["table"], **common)
        else:
            raise serializers.ValidationError({"table": ["Give a table, or another player."]})
        return self.answer(night_id, replayed=result.replayed)


class TablesStartApi(NightApiView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        expected_version = expected_version_field(required=False)
        tables = serializers.ListField(
            child=serializers.IntegerField(min_value=1, max_value=100),
            required=False,
            help_text="The tables to start; every table not started yet when left out.",
        )

    @extend_schema(
        operation_id="night_tables_start",
        description="The rules refuse (422): `night_no_round`, `night_no_table`; a player retired "
        "or out of the club since the draw (`player_retired`, `player_not_in_club`); "
        "`night_closed`.",
        summary="Start the series of the current round's tables",
        tags=["nights"],
        parameters=[NIGHT_ID, IDEMPOTENCY_KEY_PARAMETER],
        request=InputSerializer,
        responses={200: WRITTEN, **error_responses(*SERIES_WRITE_ERRORS)},
    )
    def post(self, request, night_id: UUID):
        data = self.directed(night_id)
        result = services.night_tables_start(
            night_id=night_id, tables=data.get("tables"), **write_arguments(request, data)
        )
        return self.answer(night_id, replayed=result.replayed)


class RoundWithdrawApi(NightApiView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        expected_version = expected_version_field(required=False)

    @extend_schema(
        operation_id="night_round_withdraw",
        summary="Withdraw a round drawn and not started",
        description="Takes back the current round while none of its tables has started "
        "(422 `night_round_started` once one has; `night_no_round` for another round): its "
        "players are free again, and the night can close without it.",
        tags=["nights"],
        parameters=[
            NIGHT_ID,
            OpenApiParameter("number", int, OpenApiParameter.PATH, description="The round."),
            IDEMPOTENCY_KEY_PARAMETER,
        ],
        request=InputSerializer,
        responses={200: WRITTEN, **error_responses(*SERIES_WRITE_ERRORS)},
    )
    def post(self, request, night_id: UUID, number: int):
        data = self.directed(night_id)
        result = services.night_round_withdraw(
            night_id=night_id, round_number=number, **write_arguments(request, data)
        )
        return self.answer(night_id, replayed=result.replayed)


class CloseApi(NightApiView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        expected_version = expected_version_field(required=False)

    @extend_schema(
        operation_id="night_close",
        summary="Close the night, recording its points",
        description="Refused while a table plays (422 `night_table_playing`, the table in "
        "`params.table`): let it finish, or abandon its series first; and while the current "
        "round is drawn and none of its tables started (422 `night_round_not_started`): start "
        "its tables (`tables/start`), or withdraw the round (`rounds/{n}/withdraw`); and while "
        "a deal of its tables is disputed (422 `night_deal_disputed`, with `params.round`, "
        "`table` and `deal`): correct it, or have it confirmed (RULES D-22). Once closed, its "
        "tables' series take no correction, void or abandon (422 `night_closed`) until it is "
        "reopened (`reopen`).",
        tags=["nights"],
        parameters=[NIGHT_ID, IDEMPOTENCY_KEY_PARAMETER],
        request=InputSerializer,
        responses={200: WRITTEN, **error_responses(*SERIES_WRITE_ERRORS)},
    )
    def post(self, request, night_id: UUID):
        data = self.directed(night_id)
        result = services.night_close(night_id=night_id, **write_arguments(request, data))
        return self.answer(night_id, replayed=result.replayed)


class ReopenApi(NightApiView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        expected_version = expected_version_field(required=False)
        reason = serializers.CharField(
            max_length=REASON_LENGTH, help_text="Why the night is reopened: its page shows it."
        )

    @extend_schema(
        operation_id="night_reopen",
        summary="Reopen a closed night, saying why (admins and scorers)",
        description="RULES D-22: a closed night's tables take no correction, void or abandon "
        "(422 `night_closed`); reopened, they do again, and so do director's results. Until "
        "the night closes again the league keeps the points of its last close; closing it "
        "again records the new result. A night that is open is refused (422 "
        "`night_not_closed`). Every close and reopening is listed on the night's page, with "
        "who and why.",
        tags=["nights"],
        parameters=[NIGHT_ID, IDEMPOTENCY_KEY_PARAMETER],
        request=InputSerializer,
        responses={200: WRITTEN, **error_responses(*SERIES_WRITE_ERRORS)},
    )
    def post(self, request, night_id: UUID):
        data = self.directed(night_id)
        result = services.night_reopen(
            night_id=night_id, reason=data["reason"], **write_arguments(request, data)
        )
        return self.answer(night_id, replayed=result.replayed)


class TableResultApi(NightApiView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        expected_version = expected_version_field(required=False)
        round = serializers.IntegerField(
            min_value=1,
            max_value=100,
            required=False,
            help_text="The table's round; the current round when left out.",
        )
        order = serializers.ListField(
            child=serializers.ListField(child=player_id(), min_length=1, max_length=8),
            min_length=1,
            max_length=8,
            help_text="The table's players best first, in groups of level players: "
            "[[12], [10, 11]] places 12 first and 10 and 11 level second.",
        )

    @extend_schema(
        operation_id="night_table_result",
        summary="Enter the director's result for an abandoned table",
        description="RULES D-18: a table whose series was abandoned is not played for its "
        "players until the director enters a result; then they score the places entered, "
        "by the night's method. Every player seated at the table is placed once (422 "
        "`night_player_not_at_table`, `night_player_placed_twice`, `night_player_not_placed`); "
        "a table still playing (`night_table_playing`) or finished (`night_table_finished`) "
        "takes none. Entered again, the later result counts.",
        tags=["nights"],
        parameters=[
            NIGHT_ID,
            OpenApiParameter("number", int, OpenApiParameter.PATH, description="The table."),
            IDEMPOTENCY_KEY_PARAMETER,
        ],
        request=InputSerializer,
        responses={200: WRITTEN, **error_responses(*SERIES_WRITE_ERRORS)},
    )
    def post(self, request, night_id: UUID, number: int):
        data = self.directed(night_id)
        result = services.night_table_result(
            night_id=night_id,
            table=number,
            order=data["order"],
            round_number=data.get("round"),
            **write_arguments(request, data),
        )
        return self.answer(night_id, replayed=result.replayed)
