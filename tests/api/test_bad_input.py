"""Malformed requests get a JSON error with a code, never a crash."""

from __future__ import annotations

import json

import pytest

from series.models import Event
from tests.support.api import deal_body, start_body

pytestmark = pytest.mark.django_db


def post_raw(client, path, data: bytes | str, content_type="application/json"):
    return client.generic("POST", f"/api/v1{path}", data, content_type=content_type)


def test_a_10_mb_body_is_refused_as_too_large(as_role, started):
    body = b'{"expected_version": 1, "reason": "' + b"x" * (10 * 1024 * 1024) + b'"}'
    response = post_raw(as_role("scorer"), f"/series/{started['id']}/deals", body)
    assert response.status_code == 413
    assert response.json()["code"] == "request_too_large"


def test_the_limit_follows_the_setting(client, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 100
    small = client.post("/api/v1/verify", {"cards": ["7C"] * 3}, content_type="application/json")
    large = client.post("/api/v1/verify", {"cards": ["7C"] * 40}, content_type="application/json")
    assert small.status_code == 422  # read and judged: 3 cards never go out
    assert large.status_code == 413


@pytest.mark.parametrize(
    "raw",
    [b"{not json", b"\xff\xfe", b'{"cards": NaN}', b"[" * 100_000 + b"]" * 100_000],
    ids=["broken", "not utf-8", "NaN", "deeply nested"],
)
def test_malformed_json_is_a_400(client, raw):
    response = post_raw(client, "/verify", raw)
    assert response.status_code == 400
    assert response.json()["code"] == "parse_error"


def test_a_body_that_is_not_json_is_a_415(as_role):
    response = post_raw(as_role("scorer"), "/clubs", "name=x", "application/x-www-form-urlencoded")
    assert response.status_code == 415
    assert response.json()["code"] == "unsupported_media_type"


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"expected_version": "one"}, "expected_version"),
        ({"went_out": [1]}, "went_out"),
        ({"hands": {"player": 1}}, "hands"),
        ({"hands": [{"player": 1, "cards": "AS 2C"}]}, "hands.0.cards"),
        ({"hands": [{"player": 1, "points": True}]}, "hands.0.points"),
        ({"buys": {"Anna": 1}}, "buys"),
        ({"going_out": {"groups": "7C 7H 7D"}}, "going_out.groups"),
        ({"number": 2**70}, "number"),
    ],
)
def test_wrong_types_are_a_400_naming_the_field(table, as_role, started, change, field):
    anna, bruno, carla = table.players
    body = {**deal_body(1, anna, [bruno, carla]), **change}
    response = as_role("scorer").post(f"/api/v1/series/{started['id']}/deals", body, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["field"] == field
    assert response.json()["message"]
    assert Event.objects.filter(stream=started["id"]).count() == 1


@pytest.mark.parametrize(
    "buys",
    [
        {"13": 1, "013": 2},
        {"10": 2, "+10": 1, " 10": 0},
        {"\u0661\u0663": 1},
        {"0": 1},
        {"1e1": 1},
        {"13 ": 1},
    ],
    ids=[
        "leading zero",
        "sign and space",
        "arabic-indic digits",
        "zero",
        "exponent",
        "trailing space",
    ],
)
def test_a_buys_key_not_written_as_a_player_id_is_a_400_naming_it(table, as_role, started, buys):
    # Read as numbers, "13" and "013" were one player and the buys were silently merged.
    anna, bruno, carla = table.players
    body = {**deal_body(1, anna, [bruno, carla]), "buys": buys}
    response = as_role("scorer").post(f"/api/v1/series/{started['id']}/deals", body, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["field"] == "buys"
    odd = next(key for key in buys if key != "13" and key != "10")
    assert f"“{odd}”" in response.json()["message"]
    assert Event.objects.filter(stream=started["id"]).count() == 1


def test_the_buys_key_refusal_is_in_the_requests_language(table, as_role, started):
    anna, bruno, carla = table.players
    body = {**deal_body(1, anna, [bruno, carla]), "buys": {"013": 1}}
    url = f"/api/v1/series/{started['id']}/deals"
    response = as_role("scorer").post(url, body, format="json", HTTP_ACCEPT_LANGUAGE="it")
    assert response.json()["message"] == (
        "La chiave “013” non è un id di giocatore scritto in cifre "
        "(senza segno, spazi o zeri iniziali)."
    )


def test_a_body_that_is_a_list_is_a_400(as_role):
    response = as_role("scorer").post("/api/v1/clubs", [1, 2], format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"


def test_an_empty_body_names_the_missing_fields(as_role, started):
    response = post_raw(as_role("scorer"), f"/series/{started['id']}/deals", b"")
    assert response.status_code == 400
    assert set(response.json()["errors"]) == {"expected_version", "went_out", "hands"}


def test_unknown_api_paths_and_bad_series_ids_are_json_404s(client):
    for path in (
        "/api/v1/nothing",
        "/api/v1/series/not-a-uuid",
        "/api/v1/series/1/deals",
        "/api/v1/series/a%0Ab",
    ):
        response = client.get(path)
        assert response.status_code == 404
        assert response.json()["code"] == "not_found"


def test_a_method_an_endpoint_does_not_have_is_a_405(client):
    response = client.delete("/api/v1/verify")
    assert response.status_code == 405
    assert response.json()["code"] == "method_not_allowed"


def test_unknown_rules_and_options_are_refused_by_the_domain(table, as_role):
    ids = [p.id for p in table.players]
    base = {"club": table.club.slug, "players": ids, "first_dealer": ids[0]}
    unknown = as_role("scorer").post("/api/v1/series", {**base, "rules": "poker"}, format="json")
    option = as_role("scorer").post(
        "/api/v1/series", {**base, "options": {"hand_size": "many"}}, format="json"
    )
    assert (unknown.status_code, unknown.json()["code"]) == (422, "unknown_rules")
    assert option.status_code == 422
    assert Event.objects.count() == 0


@pytest.mark.parametrize("text", ["⁷C", "²H", "①S", "¹⁰D"])
def test_digits_that_are_not_ascii_are_an_unknown_card_not_a_crash(client, text):
    response = post_raw(client, "/verify", json.dumps({"cards": [text]}))
    assert response.status_code == 422
    assert response.json()["code"] == "unknown_card"


def test_a_lone_surrogate_in_the_body_is_a_400_not_a_crash(client):
    response = post_raw(client, "/verify", r'{"cards": ["7C"], "options": {"\ud800": 1}}')
    assert response.status_code == 400
    assert response.json()["code"] == "parse_error"


def test_a_lone_surrogate_in_a_series_option_or_a_clubs_rules_is_a_400(table, as_role):
    series = post_raw(
        as_role("scorer"),
        "/series",
        json.dumps(start_body(table))[:-1] + r', "options": {"\udfff": 1}}',
    )
    club = post_raw(
        as_role("scorer"), "/clubs", r'{"name": "X", "default_rules": {"options": {"\ud800": 1}}}'
    )
    assert (series.status_code, club.status_code) == (400, 400)
    assert Event.objects.count() == 0


def test_a_key_twice_in_one_object_is_a_400_naming_it(client):
    response = post_raw(client, "/verify", '{"cards": ["7C"], "cards": ["8C"]}')
    assert response.status_code == 400
    assert response.json()["code"] == "parse_error"
    assert "“cards”" in response.json()["message"]


def test_a_body_in_chunks_is_a_411_and_changes_nothing(table, as_role):
    response = as_role("admin").generic(
        "PATCH",
        f"/api/v1/clubs/{table.club.slug}",
        json.dumps({"name": "Renamed"}),
        content_type="application/json",
        HTTP_TRANSFER_ENCODING="chunked",
        CONTENT_LENGTH="",
    )
    assert response.status_code == 411
    assert response.json()["code"] == "length_required"
    table.club.refresh_from_db()
    assert table.club.name == "Circolo del Burraco"


@pytest.mark.parametrize("name", [1.1, 7, True, ["Anna"]])
def test_a_name_must_be_a_json_string(table, as_role, name):
    response = as_role("admin").post(
        f"/api/v1/clubs/{table.club.slug}/players", {"name": name}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["field"] == "name"
    assert not table.club.players.filter(name=str(name)).exists()


@pytest.mark.parametrize("query", ["season=", "game=", "season=&game="])
def test_a_blank_query_parameter_is_a_400_not_read_as_missing(table, client, as_role, query):
    response = as_role("member").get(f"/api/v1/clubs/{table.club.slug}/standings?{query}")
    assert response.status_code == 400
    assert response.json()["field"] in {"season", "game"}


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("\u200b", "name_invisible_character"),
        ("Anna\u202e", "name_invisible_character"),
        ("a" + "\u0301" * 59, "name_marks"),
        ("ANNA", "name_taken"),
        ("anna", "name_taken"),
        ("\u3164", "name_invisible_character"),
        ("\u2800", "name_invisible_character"),
        ("Anna\u3164", "name_invisible_character"),
        ("\u3164Anna", "name_invisible_character"),
        ("A\u115fnna", "name_invisible_character"),
    ],
)
def test_a_player_name_the_rule_refuses_is_a_422_naming_the_field(table, as_role, name, code):
    response = as_role("admin").post(
        f"/api/v1/clubs/{table.club.slug}/players", {"name": name}, format="json"
    )
    assert response.status_code == 422
    assert (response.json()["code"], response.json()["field"]) == (code, "name")
    assert table.club.players.count() == 3


def test_the_name_rules_refusal_is_in_the_requests_language(table, as_role):
    response = as_role("admin").post(
        f"/api/v1/clubs/{table.club.slug}/players",
        {"name": "Anna\u202e"},
        format="json",
        HTTP_ACCEPT_LANGUAGE="it",
    )
    assert response.json()["message"] == (
        "Un nome non può contenere il carattere invisibile U+202E: scrivilo senza."
    )


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/clubs/{slug}/players", {"name": 12}, "name"),
        ("/clubs", {"name": "Club", "public": 1}, "public"),
        (
            "/series/{series}/deals",
            {"expected_version": "1", "went_out": 1, "hands": []},
            "expected_version",
        ),
        (
            "/series/{series}/deals",
            {"expected_version": 1, "went_out": 1, "hands": [{"player": 2, "cards": [7]}]},
            "hands.0.cards.0",
        ),
    ],
    ids=["number for text", "number for true", "text for a number", "number for a card"],
)
def test_a_value_of_another_json_type_than_the_schema_says_is_refused(
    table, as_role, started, path, body, field
):
    # DRF alone would read 12 as "12" and 1 as true: the schema says text and true or false.
    url = "/api/v1" + path.format(slug=table.club.slug, series=started["id"])
    response = as_role("admin").post(url, body, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["field"] == field


def test_a_query_parameter_given_empty_is_refused_not_taken_as_absent(table, as_role):
    url = f"/api/v1/clubs/{table.club.slug}/standings"
    response = as_role("member").get(url, {"game": ""})
    assert response.status_code == 400 and response.json()["field"] == "game"


def test_a_method_no_operation_takes_is_405_even_with_a_bad_token(client):
    response = client.generic("TRACE", "/api/v1/verify", HTTP_AUTHORIZATION="Token nonsense")
    assert response.status_code == 405


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"rumy": True}, "rumy"),
        ({"foo": 1}, "foo"),
        ({"__proto__": {"rummy": True}}, "__proto__"),
        ({"recorded_by": 1}, "recorded_by"),
        ({"hands": "bonus"}, "hands.1.bonus"),
        ({"going_out": {"groups": [], "bonus": 1}}, "going_out.bonus"),
    ],
)
def test_a_field_the_deal_does_not_take_is_a_400_naming_it(table, as_role, started, change, field):
    # A misspelt "rumy" was recorded without the Rummy, silently.
    anna, bruno, carla = table.players
    body = deal_body(1, anna, [bruno, carla])
    if change.get("hands") == "bonus":
        body["hands"][1]["bonus"] = 5
    else:
        body.update(change)
    response = as_role("scorer").post(f"/api/v1/series/{started['id']}/deals", body, format="json")
    assert response.status_code == 400, response.json()
    assert (response.json()["code"], response.json()["field"]) == ("unknown_field", field)
    assert Event.objects.filter(stream=started["id"]).count() == 1


def test_an_operation_that_takes_no_body_refuses_one_with_fields(table, as_role, started):
    client = as_role("scorer")
    path = f"/api/v1/series/{started['id']}/live-link"
    response = client.post(path, {"expires": "never"}, format="json")
    assert response.status_code == 400, response.json()
    assert (response.json()["code"], response.json()["field"]) == ("unknown_field", "expires")
    assert client.post(path, format="json").status_code == 201


@pytest.mark.parametrize("day", ["2026-1-1", "20260101", "٢٠٢٦-٠١-٠١", "２０２６-０１-０１"])
def test_a_nights_date_is_read_only_as_yyyy_mm_dd(table, as_role, day):
    # DRF's date field reads all of these through Django's parse_date (and Python's
    # fromisoformat): the API and the pages take one form of a day.
    response = as_role("admin").post(
        f"/api/v1/clubs/{table.club.slug}/nights", {"date": day}, format="json"
    )
    assert response.status_code == 400, response.json()
    assert (response.json()["code"], response.json()["field"]) == ("invalid_date", "date")
    assert not Event.objects.exists()


def test_a_query_number_in_arabic_indic_digits_is_refused(table, as_role):
    path = f"/api/v1/players/{table.players[0].id}"
    refused = as_role("member").get(path, {"limit": "٥"})
    assert refused.status_code == 400, refused.json()
    assert (refused.json()["code"], refused.json()["field"]) == ("not_a_whole_number", "limit")
    assert as_role("member").get(path, {"limit": "5"}).status_code == 200


@pytest.mark.parametrize("password", ["secret\x00word!", "secret\x1bword!"])
def test_text_holding_a_control_character_is_refused_naming_the_field(client, password):
    response = post_raw(
        client, "/auth/token", json.dumps({"username": "anna", "password": password})
    )
    assert response.status_code == 400, response.json()
    assert response.json()["field"] == "password"
