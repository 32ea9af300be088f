"""OpenAPI extensions: how the schema describes our device tokens, the rules'
presets and options (from the game registry), card text, and the links from
one operation to the next."""

from __future__ import annotations

from drf_spectacular.contrib.knox_auth_token import KnoxTokenScheme
from drf_spectacular.extensions import OpenApiSerializerFieldExtension

from series.api.card_text import CARD_TEXT_PATTERN
from series.api.serializers import INT_MAX, INT_MIN, PLAYER_KEY_PATTERN
from series.domain import games

JSON_TYPES = {bool: "boolean", int: "integer", str: "string"}


class DeviceTokenScheme(KnoxTokenScheme):
    """``Authorization: Token …``, as knox's scheme (our subclass of its authentication)."""

    target_class = "series.accounts.services.DeviceTokenAuthentication"
    name = "deviceToken"


# What a write's answer lets a client do next (OpenAPI links): the id in the
# answer's body is the next operation's path parameter. Clients and the
# schema-driven tests follow them from one operation to the next.
# (operation, status) -> {link name: (operation, {parameter: expression})}
BODY = "requestBody"  # in the parameters: the next request's body
_SERIES = "$response.body#/id"
_SLUG = "$request.path.slug"
_NIGHT = "$response.body#/id"
_NIGHT_NEXT = {
    name: (operation, {"night_id": _NIGHT})
    for name, operation in (
        ("ReadTheNight", "night_read"),
        ("CheckPlayersIn", "night_check_in"),
        ("CheckYourselfIn", "night_self_check_in"),
        ("CheckAPlayerOut", "night_check_out"),
        ("DrawARound", "night_round_draw"),
        ("MoveAPlayer", "night_move"),
        ("StartTheTables", "night_tables_start"),
        ("CloseTheNight", "night_close"),
    )
}
LINKS = {
    ("series_start", "201"): {
        name: (operation, {"series_id": _SERIES})
        for name, operation in (
            ("ReadTheSeries", "series_read"),
            ("RecordADeal", "deal_record"),
            ("ReadTheLog", "series_events"),
            ("ReadTheDealsToConfirm", "deals_to_confirm"),
            ("AbandonTheSeries", "series_abandon"),
        )
    },
    ("deal_record", "201"): {
        "CorrectTheDeal": ("deal_correct", {"series_id": _SERIES, "number": 1}),
        "VoidTheDeal": ("deal_void", {"series_id": _SERIES, "number": 1}),
        "ConfirmTheDeal": ("deal_confirm", {"series_id": _SERIES, "number": 1}),
        "DisputeTheDeal": ("deal_dispute", {"series_id": _SERIES, "number": 1}),
    },
    ("night_open", "201"): _NIGHT_NEXT,
    ("night_check_in", "200"): _NIGHT_NEXT,
    ("night_round_draw", "201"): {
        **_NIGHT_NEXT,
        "EnterATablesResult": ("night_table_result", {"night_id": _NIGHT, "number": 1}),
    },
    ("club_create", "201"): {
        name: (operation, {"slug": "$response.body#/slug"})
        for name, operation in (
            ("ReadTheClub", "club_read"),
            ("AddAPlayer", "club_player_add"),
            ("ListTheMembers", "club_members_list"),
            ("MakeAnInvitation", "club_invitation_create"),
            ("ListTheSeries", "club_series_history"),
        )
    },
    ("club_invitation_create", "201"): {
        "RevokeTheInvitation": (
            "club_invitation_revoke",
            {"slug": _SLUG, "invitation_id": "$response.body#/id"},
        ),
        "JoinWithIt": ("invitation_accept", {BODY: {"token": "$response.body#/token"}}),
    },
    ("club_player_add", "201"): {
        name: (operation, {"player_id": "$response.body#/id"})
        for name, operation in (
            ("ReadThePlayer", "player_read"),
            ("RenameThePlayer", "player_rename"),
            ("RetireThePlayer", "player_retire"),
            ("MarkAsGuest", "player_guest_mark"),
        )
    },
}


def add_links(result, generator, request, public):
    """drf-spectacular's postprocessing hook: the ``LINKS`` above, in the schema."""
    known = {
        operation["operationId"]
        for item in result["paths"].values()
        for operation in item.values()
        if isinstance(operation, dict) and "operationId" in operation
    }
    for item in result["paths"].values():
        for operation in item.values():
            if not isinstance(operation, dict):
                continue
            for status, response in operation.get("responses", {}).items():
                links = LINKS.get((operation.get("operationId"), status), {})
                chosen = {
                    name: _link(target, parameters)
                    for name, (target, parameters) in links.items()
                    if target in known
                }
                if chosen:
                    response["links"] = chosen
    return result


def _link(target: str, parameters: dict) -> dict:
    link = {"operationId": target}
    path = {name: value for name, value in parameters.items() if name != BODY}
    if path:
        link["parameters"] = path
    if BODY in parameters:
        link[BODY] = parameters[BODY]
    return link


class PresetFieldSchema(OpenApiSerializerFieldExtension):
    """A preset: one of the games' presets, as registered when the schema is made."""

    target_class = "series.api.serializers.PresetField"

    def map_serializer_field(self, auto_schema, direction):
        return {"type": "string", "enum": preset_names()}


class OptionsFieldSchema(OpenApiSerializerFieldExtension):
    """House rules: every option a game declares, with its type (null where it is
    a value); no other name."""

    target_class = "series.api.serializers.OptionsField"

    def map_serializer_field(self, auto_schema, direction):
        properties = {}
        for option in games.options():
            schema = {"type": JSON_TYPES[option.kind]}
            if option.nullable:
                schema["nullable"] = True
            properties[option.name] = schema
        return {"type": "object", "properties": properties, "additionalProperties": False}


class PlayerCountsFieldSchema(OpenApiSerializerFieldExtension):
    """Counts keyed by player ids. OpenAPI 3.0 gives no pattern for an object's
    keys (3.1's ``propertyNames``), so the key pattern is stated in the
    description and as ``x-propertyNames`` (the same JSON Schema), for clients
    and tests that read it."""

    target_class = "series.api.serializers.PlayerCountsField"

    def map_serializer_field(self, auto_schema, direction):
        return {
            "type": "object",
            "additionalProperties": {"type": "integer", "minimum": INT_MIN, "maximum": INT_MAX},
            "x-propertyNames": {"pattern": PLAYER_KEY_PATTERN},
        }


class CardTextFieldSchema(OpenApiSerializerFieldExtension):
    """Card text: what the parser reads in some language (RULES D-1)."""

    target_class = "series.api.serializers.CardTextField"

    def map_serializer_field(self, auto_schema, direction):
        return {"type": "string", "pattern": CARD_TEXT_PATTERN}


def preset_names() -> list[str]:
    """The presets' enum, named once in the schema (``ENUM_NAME_OVERRIDES``)."""
    return list(games.presets())
