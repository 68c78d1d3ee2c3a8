"""The schema states the limits the service keeps, so that a request the schema allows is
taken and one it forbids is refused: text without NUL characters, the archive's sorts and
pages."""

from __future__ import annotations

import re

import pytest
from rest_framework.test import APIClient

from tabletop.play import store
from tabletop.play.models import Move
from tests.helpers.factories import started_game


@pytest.fixture
def schema(db) -> dict:
    return APIClient().get("/api/schema/?format=json").json()


def archive_parameter(schema: dict, name: str) -> dict:
    parameters = schema["paths"]["/api/games/archive/"]["get"]["parameters"]
    return next(parameter["schema"] for parameter in parameters if parameter["name"] == name)


def test_every_text_a_request_sends_is_said_to_be_free_of_nul_characters(schema):
    texts = [
        (name, field)
        for name, component in schema["components"]["schemas"].items()
        if name.endswith("Request")
        for field, shape in component.get("properties", {}).items()
        # A moment (format date-time) is no free text: it is read as one or refused.
        if shape.get("type") == "string" and not {"enum", "format"} & set(shape)
    ]
    assert ("NoteRequest", "text") in texts
    for name, field in texts:
        shape = schema["components"]["schemas"][name]["properties"][field]
        assert not re.fullmatch(shape["pattern"], "a\x00b"), (name, field)
        assert re.fullmatch(shape["pattern"], "a note, on\ntwo lines"), (name, field)


def test_a_note_with_a_nul_character_is_refused_as_the_schema_says(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    game = started_game([ann, ben])
    client = APIClient()
    client.force_authenticate(ann)
    response = client.put(f"/api/games/{game.pk}/note/", {"text": "a\x00b"}, format="json")
    assert response.status_code == 400
    assert "Null characters" in response.json()["detail"]


@pytest.mark.parametrize("sort", ["finished", "-moves", "game,-finished"])
def test_the_archive_takes_every_sort_its_schema_allows(schema, make_user, sort):
    ann, ben = make_user("ann"), make_user("ben")
    store.resign(started_game([ann, ben]), ben, Move.Source.RESIGN)
    assert re.fullmatch(archive_parameter(schema, "sort")["pattern"], sort)
    response = APIClient().get("/api/games/archive/", {"sort": sort})
    assert response.status_code == 200
    assert response.json()["count"] == 1


@pytest.mark.parametrize("sort", ["player", "finished;moves", "--game"])
def test_the_archive_refuses_every_sort_its_schema_forbids(schema, db, sort):
    assert not re.fullmatch(archive_parameter(schema, "sort")["pattern"], sort)
    assert APIClient().get("/api/games/archive/", {"sort": sort}).status_code == 400


def test_the_archive_says_its_pages_start_at_one(schema, db):
    assert archive_parameter(schema, "page")["minimum"] == 1
    assert APIClient().get("/api/games/archive/", {"page": 0}).status_code == 404


def chat_pattern(schema: dict) -> str:
    return schema["components"]["schemas"]["SayRequest"]["properties"]["text"]["pattern"]


@pytest.mark.parametrize("text", ["\x10\x0e", "  \t ", "\u202e\u2066", "\x85"])
def test_table_talk_with_nothing_left_to_say_is_refused_as_the_schema_says(schema, make_user, text):
    ann, ben = make_user("ann"), make_user("ben")
    game = started_game([ann, ben])
    client = APIClient()
    client.force_authenticate(ann)
    assert not re.search(chat_pattern(schema), text)
    response = client.post(f"/api/games/{game.pk}/chat/", {"text": text}, format="json")
    assert response.status_code == 400
    assert "nothing to say" in response.json()["detail"]


@pytest.mark.parametrize("text", ["gg", " \x10ok\u202e "])
def test_table_talk_the_schema_allows_is_said(schema, make_user, text):
    ann, ben = make_user("ann"), make_user("ben")
    game = started_game([ann, ben])
    client = APIClient()
    client.force_authenticate(ann)
    assert re.search(chat_pattern(schema), text)
    response = client.post(f"/api/games/{game.pk}/chat/", {"text": text}, format="json")
    assert response.status_code == 201


@pytest.mark.parametrize("query", ["after=", "limit=", "after=&limit=5"])
def test_a_log_query_given_without_its_number_is_refused(make_user, query):
    ann, ben = make_user("ann"), make_user("ben")
    game = started_game([ann, ben])
    response = APIClient().get(f"/api/games/{game.pk}/moves/?{query}")
    assert response.status_code == 400
    assert "Give a number" in response.json()["detail"]
