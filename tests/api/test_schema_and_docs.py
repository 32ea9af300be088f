"""The OpenAPI schema and the docs pages, Swagger UI and ReDoc, served by the app
itself (DESIGN "No CDN")."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import jsonschema
import pytest
from django.conf import settings
from django.core.management import call_command

from series.domain import games

pytestmark = pytest.mark.django_db


def test_the_schema_is_valid_openapi_3_and_generates_without_warnings(tmp_path):
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", tmp_path / "s.yaml")
    assert (tmp_path / "s.yaml").read_text().startswith("openapi: 3.")


def test_the_schema_is_served_as_json(client):
    schema = client.get("/api/v1/schema?format=json").json()
    assert schema["openapi"].startswith("3.")
    assert "/api/v1/series/{series_id}/deals" in schema["paths"]
    assert schema["components"]["schemas"]["Error"]["required"] == ["code", "field", "message"]


def test_the_docs_pages_load_everything_from_the_app_itself(client):
    for url in ("/api/v1/docs", "/api/v1/redoc"):
        page = client.get(url)
        html = page.content.decode()
        assert page.status_code == 200 and page["Content-Type"].startswith("text/html")
        assert not re.search(r'(src|href)="(https?:)?//', html), url
        assert re.findall(r"<script[^>]*>\s*</script>", html)  # scripts by src only
        assert not re.search(r"<script[^>]*>\s*[^<\s]", html), url  # nothing inline
        assert "<style" not in html and "style=" not in html, url
        assert "/static/drf_spectacular_sidecar/" in html


def test_swagger_uis_set_up_script_is_served_as_a_file_of_its_own(client):
    script = client.get("/api/v1/docs?script=")
    assert script["Content-Type"].startswith("application/javascript")
    assert "/api/v1/schema" in script.content.decode()


@pytest.fixture
def components(client):
    return client.get("/api/v1/schema?format=json").json()["components"]["schemas"]


def test_the_schema_gives_the_lengths_of_names_and_that_they_cannot_be_blank(components):
    name = components["ClubsCreateInput"]["properties"]["name"]
    assert (name["minLength"], name["maxLength"]) == (1, 100)
    assert re.search(name["pattern"], "Circolo") and not re.search(name["pattern"], "   ")
    assert not re.search(name["pattern"], "Circolo\x00")  # DRF refuses NUL anywhere


def test_the_schema_gives_the_idempotency_keys_limits(client):
    schema = client.get("/api/v1/schema?format=json").json()
    header = next(
        p
        for p in schema["paths"]["/api/v1/series/{series_id}/deals"]["post"]["parameters"]
        if p["name"] == "Idempotency-Key"
    )["schema"]
    assert (header["minLength"], header["maxLength"]) == (1, 64)
    assert re.fullmatch(header["pattern"], "3f2c-retry-1")
    assert not re.fullmatch(header["pattern"], "clé")  # printable ASCII only


def test_presets_and_options_are_those_of_the_game_registry(components):
    assert components["PresetEnum"]["enum"] == list(games.presets())
    options = components["SeriesStartInput"]["properties"]["options"]
    assert options["additionalProperties"] is False
    kinds = {"boolean": bool, "integer": int, "string": str}
    assert {name: kinds[o["type"]] for name, o in options["properties"].items()} == {
        option.name: option.kind for option in games.options()
    }
    assert options["properties"]["target"]["nullable"] is True


def test_card_text_has_the_pattern_the_parser_reads(components):
    # RULES D-1: letters of every language, suit symbols, several cards to a text.
    pattern = components["GoingOut"]["properties"]["discard"]["pattern"]
    for text in ("7C", "10h", "FC", "R♥", "JK", "7C 8C"):
        assert re.fullmatch(pattern, text), text
    for text in ("1C", "ZZ", "7C8C"):
        assert not re.fullmatch(pattern, text), text


def test_a_started_series_links_to_recording_its_deals(client):
    schema = client.get("/api/v1/schema?format=json").json()
    links = schema["paths"]["/api/v1/series"]["post"]["responses"]["201"]["links"]
    assert links["RecordADeal"] == {
        "operationId": "deal_record",
        "parameters": {"series_id": "$response.body#/id"},
    }
    made = schema["paths"]["/api/v1/clubs/{slug}/invitations"]["post"]["responses"]["201"]
    assert made["links"]["JoinWithIt"]["requestBody"] == {"token": "$response.body#/token"}


def test_every_request_object_says_it_takes_no_other_field(client):
    schema = client.get("/api/v1/schema?format=json").json()
    components = schema["components"]["schemas"]
    bodies = [
        operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
        for item in schema["paths"].values()
        for operation in item.values()
        if isinstance(operation, dict) and "requestBody" in operation
    ]
    assert len(bodies) > 30
    objects = {ref.rsplit("/", 1)[1] for ref in bodies} | {"Hand", "GoingOut", "DefaultRules"}
    assert {
        name: components[name].get("additionalProperties") for name in objects
    } == dict.fromkeys(objects, False)


def test_an_opened_night_links_to_what_its_director_does_next(client):
    paths = client.get("/api/v1/schema?format=json").json()["paths"]
    links = paths["/api/v1/clubs/{slug}/nights"]["post"]["responses"]["201"]["links"]
    assert {"ReadTheNight", "CheckPlayersIn", "DrawARound", "CloseTheNight"} <= set(links)
    assert links["DrawARound"] == {
        "operationId": "night_round_draw",
        "parameters": {"night_id": "$response.body#/id"},
    }
    drawn = paths["/api/v1/nights/{night_id}/rounds"]["post"]["responses"]["201"]["links"]
    assert drawn["StartTheTables"]["operationId"] == "night_tables_start"


def test_the_schema_says_which_fields_go_one_instead_of_the_other(components):
    # A request the schema calls valid is one the server takes (or a rule refuses).
    assert components["VerifyInput"]["oneOf"] == [
        {"required": ["cards"]},
        {"required": ["groups"]},
    ]
    assert components["MovesInput"]["anyOf"] == [{"required": ["table"]}, {"required": ["other"]}]


def test_a_body_that_must_hold_one_of_its_fields_must_be_sent(client):
    # No body holds neither cards nor groups: the server answers 400, so the
    # schema cannot call an empty request valid.
    paths = client.get("/api/v1/schema?format=json").json()["paths"]
    assert paths["/api/v1/verify"]["post"]["requestBody"]["required"] is True
    assert paths["/api/v1/nights/{night_id}/moves"]["post"]["requestBody"]["required"] is True
    answer = client.post("/api/v1/verify", content_type="application/json")
    assert answer.status_code == 400


def test_an_address_django_refuses_does_not_fit_the_schema(components):
    address, blank = components["PatchedAccountUpdateInput"]["properties"]["email"]["oneOf"]
    pattern = address["pattern"]
    assert re.search(pattern, "anna@example.org") and blank["maxLength"] == 0
    assert not any(re.search(pattern, bad) for bad in ("0@0.a", "anna@", "a b@example.org"))


def test_the_schema_says_went_out_and_no_winner_agree_and_buys_are_keyed_by_ids(components):
    """RULES §2: a null went_out means nobody went out; the schema says what the
    server refuses (400) when they disagree, and how a player id is written as a key."""
    deal = components["DealRecordInput"]
    agree = {"anyOf": deal["anyOf"]}
    for body in ({"went_out": 7}, {"went_out": 7, "no_winner": False}):
        jsonschema.validate(body, agree)
    jsonschema.validate({"went_out": None, "no_winner": True}, agree)
    for body in ({"went_out": None}, {"went_out": 7, "no_winner": True}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(body, agree)
    keys = deal["properties"]["buys"]["x-propertyNames"]["pattern"]
    assert re.search(keys, "13") and not re.search(keys, "013")
    assert not re.search(keys, "+13") and not re.search(keys, "١٣")
    assert "player_not_in_deal" in deal["properties"]["buys"]["description"]


def codes_the_server_raises() -> set[str]:
    """Every refusal code written in the server's code: ``code="…"`` where a
    refusal is raised, ``code = "…"`` on an error class."""
    codes = set()
    for path in Path(settings.BASE_DIR, "series").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            pairs = []
            if isinstance(node, ast.Call):
                pairs = [(k.arg, k.value) for k in node.keywords]
            elif isinstance(node, ast.Assign) and len(node.targets) == 1:
                pairs = [(getattr(node.targets[0], "id", None), node.value)]
            codes |= {
                value.value
                for name, value in pairs
                if name == "code"
                and isinstance(value, ast.Constant)
                and isinstance(value.value, str)
            }
    return codes


CODE = re.compile(r"`([a-z]+(?:_[a-z]+)+)`")


def test_every_write_that_answers_422_names_the_rules_refusals_it_can_give(client):
    """A 422 is a rule's refusal: the operation's description names its codes, and
    each is a code the server gives; an operation no rule refuses documents no 422."""
    schema = client.get("/api/v1/schema?format=json").json()
    known = codes_the_server_raises()
    writes = {
        operation["operationId"]: operation
        for item in schema["paths"].values()
        for method, operation in item.items()
        if method in ("post", "put", "patch", "delete")
    }
    unnamed = {
        name
        for name, operation in writes.items()
        if "422" in operation["responses"]
        and (
            "422" not in operation.get("description", "")
            or not CODE.search(operation["description"])
        )
    }
    assert unnamed == set()
    named = {
        (name, code)
        for name, operation in writes.items()
        for code in CODE.findall(operation.get("description", ""))
    }
    assert {(name, code) for name, code in named if code not in known} == set()
    assert "422" not in writes["club_season_remove"]["responses"]  # nothing but 404 refuses it
    assert "422" not in writes["club_invitation_revoke"]["responses"]
