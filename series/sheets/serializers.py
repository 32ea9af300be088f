"""The score sheet's API shapes: a deal's entry as a scorer sends it, and a
series as every read and write answers it (its seats, totals and deal lines,
and the night table it is, when it is one). They check JSON shapes and types
only; the domain decides what the values mean."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from series.api.serializers import (
    CARD_TEXT_LENGTH,
    CARDS_PER_LIST,
    INT_MAX,
    INT_MIN,
    CardTextField,
    PlayerCountsField,
    card_list,
    player_id,
)
from series.domain.series import ABANDONED, FINISHED, IN_PROGRESS, TIEBREAK


class HandSerializer(serializers.Serializer):
    player = player_id()
    cards = card_list(required=False, allow_null=True, help_text="The cards left in hand.")
    points = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=INT_MIN,
        max_value=INT_MAX,
        help_text="The points left in hand, instead of the cards.",
    )


class GoingOutSerializer(serializers.Serializer):
    groups = serializers.ListField(child=card_list(), max_length=CARDS_PER_LIST)
    discard = CardTextField(
        max_length=CARD_TEXT_LENGTH, required=False, allow_null=True, trim_whitespace=False
    )


class DealEntrySerializer(serializers.Serializer):
    """What a scorer records for a deal (RULES §2, §4)."""

    went_out = player_id(allow_null=True, help_text="Null only when nobody went out (Rummy).")
    no_winner = serializers.BooleanField(
        required=False,
        default=False,
        help_text="The stock ran out with nobody going out (standard Rummy); went_out is null.",
    )
    hands = HandSerializer(many=True, max_length=20)
    going_out = GoingOutSerializer(required=False, allow_null=True)
    buys = PlayerCountsField(
        required=False,
        help_text="Discards bought, by player id: each key an id written in ASCII digits, "
        "without a sign or a leading zero (else 400); an id not playing the deal is "
        "refused 422 `player_not_in_deal`.",
    )
    rummy = serializers.BooleanField(
        required=False, default=False, help_text="A Rummy: the whole hand melded in one turn."
    )
    # What ``validate`` checks, as the schema says it (``ApiSchema``): somebody went
    # out (an id; no_winner false or left out), or nobody did (null, no_winner true).
    # (``not``, as named enums are made of every ``enum`` the schema holds.)
    AGREE = (
        {"properties": {"went_out": {"type": "integer"}, "no_winner": {"not": {"enum": [True]}}}},
        {
            "properties": {
                "went_out": {"not": {"type": "integer"}},
                "no_winner": {"not": {"enum": [False]}},
            },
            "required": ["no_winner"],
        },
    )

    def validate(self, data):
        # Two ways of saying one thing must agree: a null went_out means no winner.
        if data.get("no_winner", False) != (data.get("went_out") is None):
            raise serializers.ValidationError(
                {"no_winner": _("Send went_out: null together with no_winner: true.")}
            )
        return data


class SeatSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    seat = serializers.IntegerField()


class DealLineSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    dealer = serializers.IntegerField()
    went_out = serializers.IntegerField(allow_null=True)
    tiebreak = serializers.BooleanField()
    corrected = serializers.BooleanField()
    void = serializers.BooleanField()
    confirmation = serializers.ChoiceField(
        choices=["", "not_asked", "confirmed", "disputed"],
        help_text="Empty while the deal waits for a second member's confirmation; "
        "not_asked when the club asked for none when it was recorded.",
    )
    scores = serializers.DictField(child=serializers.IntegerField(), help_text="By player id.")


class NightTableSerializer(serializers.Serializer):
    """The club night a series is a table of."""

    id = serializers.UUIDField(help_text="The night (GET /api/v1/nights/{id}).")
    table = serializers.IntegerField(help_text="The table's number in its round: Table 3.")


def night_table_field(**kwargs) -> NightTableSerializer:
    return NightTableSerializer(
        allow_null=True,
        help_text="The night whose table plays this series; null outside a night.",
        **kwargs,
    )


class SeriesSerializer(serializers.Serializer):
    """A series' score sheet: see ``representation``."""

    id = serializers.UUIDField()
    club = serializers.CharField(help_text="The club's slug.")
    rules = serializers.CharField(help_text="The rule set (preset) of the series.")
    options = serializers.DictField(help_text="House rules that differ from the preset.")
    status = serializers.ChoiceField(choices=[IN_PROGRESS, TIEBREAK, FINISHED, ABANDONED])
    night = night_table_field()
    players = SeatSerializer(many=True)
    deals = DealLineSerializer(many=True)
    totals = serializers.DictField(child=serializers.IntegerField(), help_text="By player id.")
    next_number = serializers.IntegerField()
    next_dealer = serializers.IntegerField(allow_null=True)
    tiebreak_players = serializers.ListField(child=serializers.IntegerField())
    eliminated = serializers.ListField(child=serializers.IntegerField())
    winner = serializers.IntegerField(allow_null=True)
    version = serializers.IntegerField()
