"""The claim checker: does a hand go out? (DESIGN "Verify a going-out claim")."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from series.api.base import ApiView, error_responses, language
from series.api.serializers import (
    CARD_TEXT_LENGTH,
    CARDS_PER_LIST,
    CardTextField,
    card_list,
    options_field,
    preset_field,
)
from series.domain import melds
from series.domain.errors import InvalidCards
from series.domain.rules import CONTINENTAL, rules_from
from series.sheets.parsing import card, cards
from series.web.messages import render


class VerifyApi(ApiView):
    permission_classes = [AllowAny]

    class InputSerializer(serializers.Serializer):
        rules = preset_field(max_length=40, default=CONTINENTAL)
        options = options_field()
        cards = card_list(required=False, help_text="The whole hand: the solver arranges it.")
        groups = serializers.ListField(
            child=card_list(),
            max_length=CARDS_PER_LIST,
            required=False,
            help_text="The groups as the player lays them; give the discard too.",
        )
        discard = CardTextField(
            max_length=CARD_TEXT_LENGTH, required=False, allow_null=True, trim_whitespace=False
        )
        buys = serializers.IntegerField(min_value=0, max_value=100, default=0)
        ONE_OF = ("cards", "groups")  # the schema says so (ApiSchema)

        def validate(self, data):
            if ("cards" in data) == ("groups" in data):
                raise serializers.ValidationError(_("Send either cards or groups."))
            return data

    class OutputSerializer(serializers.Serializer):
        class ReasonSerializer(serializers.Serializer):
            code = serializers.CharField()
            message = serializers.CharField()
            params = serializers.DictField()

        valid = serializers.BooleanField()
        groups = serializers.ListField(child=serializers.ListField(child=serializers.CharField()))
        discard = serializers.CharField(allow_null=True)
        leftover = serializers.ListField(child=serializers.CharField())
        reasons = ReasonSerializer(many=True)

    @extend_schema(
        operation_id="verify",
        summary="Check a going-out claim: a whole hand, or the groups laid",
        description="Card text is read in the request's language (Accept-Language)."
        " The rules refuse (422): `unknown_card`, `card_not_in_pack`; rules the games do "
        "not know (`unknown_rules`, `unknown_option`, `invalid_option`).",
        tags=["verify"],
        auth=[],
        request=InputSerializer,
        responses={200: OutputSerializer, **error_responses(400, 401, 413, 415, 422)},
    )
    def post(self, request):
        data = self.validated(self.InputSerializer)
        rules = rules_from(data["rules"], data.get("options"))
        verdict = self.verdict(rules, data, language(request))
        refuse_impossible_input(verdict, field="cards" if "cards" in data else "groups")
        return Response(self.OutputSerializer(verdict_body(verdict)).data)

    @staticmethod
    def verdict(rules, data, lang: str) -> melds.Verdict:
        if "cards" in data:
            hand = cards(data["cards"], lang, field="cards")
            return melds.solve(rules, hand, buys=data["buys"])
        groups = [
            cards(group, lang, field=f"groups.{index}")
            for index, group in enumerate(data["groups"])
        ]
        discard = card(data.get("discard"), lang, field="discard")
        return melds.check_arrangement(rules, groups, discard, buys=data["buys"])


def refuse_impossible_input(verdict: melds.Verdict, *, field: str) -> None:
    """A hand no pack or rule could deal is bad input (422), not a hand that fails."""
    for reason in verdict.reasons:
        if reason.code in melds.BAD_INPUT_CODES:
            raise InvalidCards(reason.template, code=reason.code, field=field, **reason.params)


def verdict_body(verdict: melds.Verdict) -> dict:
    return {
        "valid": verdict.valid,
        "groups": [[str(c) for c in group] for group in verdict.groups],
        "discard": None if verdict.discard is None else str(verdict.discard),
        "leftover": [str(c) for c in verdict.leftover],
        "reasons": [
            {"code": r.code, "message": render(r), "params": r.params} for r in verdict.reasons
        ],
    }
