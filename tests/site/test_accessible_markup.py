"""What a screen reader needs from the markup, read from the pages as served:
one element per id, a label for every field, help texts found where the fields
point."""

from __future__ import annotations

from collections import Counter
from html.parser import HTMLParser

import pytest

pytestmark = pytest.mark.django_db


class Markup(HTMLParser):
    """The ids, the labels' targets, the fields and what they are described by."""

    def __init__(self, page: str):
        super().__init__()
        self.ids: Counter = Counter()
        self.labelled: set[str] = set()
        self.fields: list[str] = []
        self.described_by: list[str] = []
        self.feed(page)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids[attrs["id"]] += 1
        if tag == "label" and "for" in attrs:
            self.labelled.add(attrs["for"])
        if tag in ("select", "textarea") or (tag == "input" and attrs.get("type") != "hidden"):
            self.fields.append(attrs.get("id", ""))
        self.described_by.extend((attrs.get("aria-describedby") or "").split())


def markup(client, url: str) -> Markup:
    response = client.get(url)
    assert response.status_code == 200
    return Markup(response.content.decode())


def test_the_players_page_gives_each_field_its_own_id_and_label(as_role, table):
    page = markup(as_role("admin"), f"/clubs/{table.club.slug}/league/roster/")

    assert [name for name, count in page.ids.items() if count > 1] == []
    assert [field for field in page.fields if field not in page.labelled] == []


@pytest.mark.parametrize(
    ("role", "url"), [("admin", "/clubs/new/"), (None, "/signup/"), ("admin", "/account/password/")]
)
def test_a_fields_help_text_is_where_the_field_points(as_role, role, url):
    page = markup(as_role(role), url)

    assert page.described_by
    assert [target for target in page.described_by if target not in page.ids] == []
