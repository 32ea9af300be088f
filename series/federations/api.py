"""The federations' REST API, under /api/v1/: one view per operation (RULES D-25)."""

from __future__ import annotations

from dataclasses import asdict

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from series.api.base import (
    IDEMPOTENCY_KEY_PARAMETER,
    READ_ERRORS,
    WRITE_ERRORS,
    ApiView,
    error_responses,
    idempotency_key,
)
from series.domain.federations.membership import ACTIVE
from series.federations import persons, selectors, services
from series.models import Club

SLUG = OpenApiParameter("slug", str, OpenApiParameter.PATH, description="The federation's slug.")
CLUB = OpenApiParameter("club", str, OpenApiParameter.PATH, description="The club's slug.")
TAGS = ["federations"]
NO_RULE_ERRORS = tuple(code for code in WRITE_ERRORS if code != 422)


class FederationApiView(ApiView):
    def federation(self, slug: str, *, read: bool = True):
        federation = selectors.federation_by_slug(slug)
        if federation is None or (read and not selectors.may_read(federation, self.request.user)):
            raise NotFound()
        return federation

    def club(self, slug: str) -> Club:
        club = Club.objects.filter(slug=slug).first()
        if club is None:
            raise NotFound()
        return club

    def forbidden_as(self, call, **kwargs):
        try:
            return call(**kwargs)
        except services.Forbidden:
            raise PermissionDenied() from None


class MembershipSerializer(serializers.Serializer):
    club = serializers.CharField(help_text="The club's slug.")
    status = serializers.ChoiceField(choices=["pending", "active", "ended"])
    names_shown = serializers.BooleanField()


def _membership(club: Club, state) -> dict:
    return {"club": club.slug, "status": state.status, "names_shown": state.names_shown}


class FederationsApi(FederationApiView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        name = serializers.CharField(max_length=100)
        slug = serializers.SlugField(max_length=60, required=False)
        public = serializers.BooleanField(default=True, help_text="Anyone reads its list.")

    class OutputSerializer(serializers.Serializer):
        slug = serializers.CharField()
        name = serializers.CharField()
        public = serializers.BooleanField()
        token = serializers.CharField(help_text="The join link's token, shown once.")

    @extend_schema(
        operation_id="federation_create",
        description="Refused (422): `name_required`, `slug_required`, `slug_taken`.",
        summary="Make a federation; you are its first admin",
        tags=TAGS,
        request=InputSerializer,
        responses={201: OutputSerializer, **error_responses(*WRITE_ERRORS)},
    )
    def post(self, request):
        data = self.validated(self.InputSerializer)
        made = services.federation_create(user=request.user, **data)
        body = {
            "slug": made.federation.slug,
            "name": made.federation.name,
            "public": made.federation.public,
            "token": made.token,
        }
        return Response(self.OutputSerializer(body).data, status=status.HTTP_201_CREATED)


class FederationDetailApi(FederationApiView):
    class OutputSerializer(serializers.Serializer):
        slug = serializers.CharField()
        name = serializers.CharField()
        public = serializers.BooleanField()
        games = serializers.ListField(child=serializers.CharField())
        clubs = MembershipSerializer(many=True)

    @extend_schema(
        operation_id="federation_read",
        summary="A federation: its clubs and the games its list ranks",
        tags=TAGS,
        parameters=[SLUG],
        responses={200: OutputSerializer, **error_responses(*READ_ERRORS)},
    )
    def get(self, request, slug):
        federation = self.federation(slug)
        body = {
            "slug": federation.slug,
            "name": federation.name,
            "public": federation.public,
            "games": selectors.games_played(federation),
            "clubs": [
                {"club": m.club.slug, "status": m.status, "names_shown": m.names_shown}
                for m in selectors.members(federation)
            ],
        }
        return Response(self.OutputSerializer(body).data)


class FederationLinkApi(FederationApiView):
    permission_classes = [IsAuthenticated]

    class OutputSerializer(serializers.Serializer):
        token = serializers.CharField(help_text="The new join link's token, shown once.")

    @extend_schema(
        operation_id="federation_link_renew",
        summary="A new join link; the unused ones stop working (federation admins)",
        tags=TAGS,
        parameters=[SLUG],
        request=None,
        responses={201: OutputSerializer, **error_responses(*NO_RULE_ERRORS)},
    )
    def post(self, request, slug):
        federation = self.federation(slug, read=False)
        token = self.forbidden_as(services.link_renew, federation=federation, user=request.user)
        return Response({"token": token}, status=status.HTTP_201_CREATED)


class MembersApi(FederationApiView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        club = serializers.SlugField(max_length=60, help_text="Your club's slug.")
        token = serializers.CharField(
            max_length=100, required=False, help_text="The federation's join link's token."
        )
        names_shown = serializers.BooleanField(
            default=False,
            help_text="A private club's players are listed by name, not initials.",
        )

    @extend_schema(
        operation_id="federation_member_join",
        description="By a club's admin. With the federation's link (`token`), or when you "
        "run the federation too, the club joins at once (201); otherwise it asks and waits "
        "for a federation admin (202). Refused (422): `club_joined_already`, `token_used`, "
        "`token_renewed`, `token_unknown`.",
        summary="A club joins the federation",
        tags=TAGS,
        parameters=[SLUG, IDEMPOTENCY_KEY_PARAMETER],
        request=InputSerializer,
        responses={
            201: MembershipSerializer,
            202: MembershipSerializer,
            **error_responses(*WRITE_ERRORS),
        },
    )
    def post(self, request, slug):
        federation = self.federation(slug, read=False)
        data = self.validated(self.InputSerializer)
        club = self.club(data["club"])
        state = self.forbidden_as(
            services.club_join,
            federation=federation,
            club=club,
            user=request.user,
            token=data.get("token"),
            names_shown=data["names_shown"],
            idempotency_key=idempotency_key(request),
        )
        answer = status.HTTP_201_CREATED if state.status == ACTIVE else status.HTTP_202_ACCEPTED
        return Response(_membership(club, state), status=answer)


class MemberAnswerApi(FederationApiView):
    """A side's answer about a club of the federation: accept it, or end it."""

    permission_classes = [IsAuthenticated]

    def answer(self, write, slug: str, club: str) -> Response:
        federation = self.federation(slug, read=False)
        member = self.club(club)
        state = self.forbidden_as(
            write,
            federation=federation,
            club=member,
            user=self.request.user,
            idempotency_key=idempotency_key(self.request),
        )
        return Response(_membership(member, state))


class MemberAcceptApi(MemberAnswerApi):
    @extend_schema(
        operation_id="federation_member_accept",
        description="Refused (422): `nothing_to_accept`, a club that is not waiting.",
        summary="Accept a club that asked to join (federation admins)",
        tags=TAGS,
        parameters=[SLUG, CLUB, IDEMPOTENCY_KEY_PARAMETER],
        request=None,
        responses={200: MembershipSerializer, **error_responses(*WRITE_ERRORS)},
    )
    def post(self, request, slug, club):
        return self.answer(services.club_accept, slug, club)


class MemberEndApi(MemberAnswerApi):
    @extend_schema(
        operation_id="federation_member_end",
        description="By the club's admin or a federation admin; the club's nights no longer "
        "count. Refused (422): `not_a_member_club`.",
        summary="End a club's membership",
        tags=TAGS,
        parameters=[SLUG, CLUB, IDEMPOTENCY_KEY_PARAMETER],
        request=None,
        responses={200: MembershipSerializer, **error_responses(*WRITE_ERRORS)},
    )
    def post(self, request, slug, club):
        return self.answer(services.membership_end, slug, club)


class LineSerializer(serializers.Serializer):
    person = serializers.CharField(help_text='"u<account id>" or "p<player id>".')
    name = serializers.CharField(help_text="Initials where the person or a private club says so.")
    players = serializers.ListField(child=serializers.IntegerField(), help_text="One per club.")
    score = serializers.FloatField()
    part_a = serializers.FloatField()
    part_b = serializers.FloatField()
    results = serializers.IntegerField(help_text="The results that count (n).")
    place = serializers.IntegerField(help_text="Shared by level scores: 1, 2, 2, 4.")


class GameQuerySerializer(serializers.Serializer):
    game = serializers.CharField(max_length=30, help_text="The game ranked, e.g. continental.")
    limit = serializers.IntegerField(min_value=1, max_value=100, default=50)
    offset = serializers.IntegerField(min_value=0, max_value=2**31 - 1, default=0)


class RankingApi(FederationApiView):
    class OutputSerializer(serializers.Serializer):
        count = serializers.IntegerField()
        results = LineSerializer(many=True)

    @extend_schema(
        operation_id="federation_ranking",
        description="RULES D-25. A game the federation's clubs have not played is refused "
        "(422 `game_not_played`).",
        summary="The federation's ranking list of a game, best first",
        tags=TAGS,
        parameters=[SLUG, GameQuerySerializer],
        responses={200: OutputSerializer, **error_responses(400, 422, *READ_ERRORS)},
    )
    def get(self, request, slug):
        federation = self.federation(slug)
        query = self.validated(GameQuerySerializer, request.query_params)
        count, lines = selectors.ranking(
            federation, query["game"], offset=query["offset"], limit=query["limit"]
        )
        if not count:
            selectors.refuse_unplayed(federation, query["game"])
        # The lines are the schema's already (OutputSerializer): sent as they are.
        return Response({"count": count, "results": [asdict(line) for line in lines]})


class CountedSerializer(serializers.Serializer):
    night = serializers.CharField(help_text="The night's id, or the championship's.")
    championship = serializers.BooleanField(help_text="A championship: its weight 1 more.")
    day = serializers.DateField()
    club = serializers.CharField()
    player = serializers.IntegerField()
    ranked = serializers.IntegerField(help_text="N, the players ranked that night.")
    place = serializers.FloatField(help_text="The mean place of level players.")
    r = serializers.FloatField()
    weight = serializers.FloatField()
    age_factor = serializers.FloatField()
    in_a = serializers.BooleanField()
    in_b = serializers.BooleanField()


def counted_row(result) -> dict:
    counted = result.counted
    return {
        "night": counted.result.key[1:],
        "championship": counted.result.championship,
        "day": counted.result.day,
        "club": result.club,
        "player": result.player,
        "ranked": counted.result.ranked,
        "place": float(counted.result.place),
        "r": float(counted.r),
        "weight": float(counted.weight),
        "age_factor": float(counted.age),
        "in_a": counted.in_a,
        "in_b": counted.in_b,
    }


class PersonApi(FederationApiView):
    class OutputSerializer(serializers.Serializer):
        person = serializers.CharField()
        name = serializers.CharField()
        players = serializers.ListField(child=serializers.IntegerField())
        score = serializers.FloatField()
        part_a = serializers.FloatField()
        part_b = serializers.FloatField()
        part_a_size = serializers.IntegerField(help_text="NA.")
        missing_a = serializers.IntegerField(help_text="Results counted as r = 0 in part A.")
        missing_b = serializers.IntegerField()
        count = serializers.IntegerField(help_text="n, the results that count.")
        results = CountedSerializer(many=True)

    @extend_schema(
        operation_id="federation_person",
        summary="A person's results that count, each with r, weight, age factor and part",
        tags=TAGS,
        parameters=[
            SLUG,
            OpenApiParameter("person", str, OpenApiParameter.PATH, description="u<id> or p<id>"),
            GameQuerySerializer,
        ],
        responses={200: OutputSerializer, **error_responses(400, 422, *READ_ERRORS)},
    )
    def get(self, request, slug, person):
        federation = self.federation(slug)
        query = self.validated(GameQuerySerializer, request.query_params)
        page = selectors.person_results(
            federation, query["game"], person, offset=query["offset"], limit=query["limit"]
        )
        if page is None:
            raise NotFound()
        score = page.score
        body = {
            "person": page.person,
            "name": page.name,
            "players": page.players,
            "score": float(score.score),
            "part_a": float(score.part_a),
            "part_b": float(score.part_b),
            "part_a_size": score.part_a_size,
            "missing_a": score.missing_a,
            "missing_b": score.missing_b,
            "count": score.results,
            "results": [counted_row(result) for result in page.results],
        }
        return Response(self.OutputSerializer(body).data)


# -- a person's players across clubs ---------------------------------------------------------


class LinkSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    club = serializers.CharField(help_text="The club's slug.")
    name = serializers.CharField()
    confirmed = serializers.BooleanField()


class LinksOutputSerializer(serializers.Serializer):
    initials_only = serializers.BooleanField()
    players = LinkSerializer(many=True)


def links_body(user) -> dict:
    return {
        "initials_only": persons.initials_only(user),
        "players": [
            {
                "player": linked.player.id,
                "club": linked.player.club.slug,
                "name": linked.player.name,
                "confirmed": linked.confirmed,
            }
            for linked in persons.linked_players(user)
        ],
    }


def _links(user) -> Response:
    return Response(LinksOutputSerializer(links_body(user)).data)


class AccountLinksApi(FederationApiView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        club = serializers.SlugField(max_length=60)
        player = serializers.IntegerField(min_value=1, max_value=2**31 - 1)

    @extend_schema(
        operation_id="account_players",
        summary="Your players in every club, and which you confirmed",
        tags=TAGS,
        responses={200: LinksOutputSerializer, **error_responses(401)},
    )
    def get(self, request):
        return _links(request.user)

    @extend_schema(
        operation_id="account_player_confirm",
        description="Refused (422): `not_your_player`, `player_of_another_club`, "
        "`club_confirmed_already` (one player of a club is you).",
        summary="Confirm that a player linked to your account is you",
        tags=TAGS,
        request=InputSerializer,
        responses={200: LinksOutputSerializer, **error_responses(*WRITE_ERRORS)},
    )
    def post(self, request):
        data = self.validated(self.InputSerializer)
        persons.link_confirm(user=request.user, club_slug=data["club"], player_id=data["player"])
        return _links(request.user)


class AccountLinkWithdrawApi(FederationApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="account_player_withdraw",
        description="Refused (422): `not_confirmed`, a player you have not confirmed.",
        summary="Take back your confirmation of a player",
        tags=TAGS,
        parameters=[OpenApiParameter("player_id", int, OpenApiParameter.PATH)],
        request=None,
        responses={200: LinksOutputSerializer, **error_responses(*WRITE_ERRORS)},
    )
    def post(self, request, player_id):
        persons.link_withdraw(user=request.user, player_id=player_id)
        return _links(request.user)


class AccountInitialsApi(FederationApiView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        initials_only = serializers.BooleanField()

    @extend_schema(
        operation_id="account_initials",
        summary="Be listed across clubs under your initials only, or by name",
        tags=TAGS,
        request=InputSerializer,
        responses={200: LinksOutputSerializer, **error_responses(*NO_RULE_ERRORS)},
    )
    def post(self, request):
        data = self.validated(self.InputSerializer)
        persons.initials_choose(user=request.user, initials_only=data["initials_only"])
        return _links(request.user)
