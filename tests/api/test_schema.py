"""The OpenAPI schema tells a generated client the truth: types, refusals, one id per operation."""

from __future__ import annotations

import pytest
from django.core import checks
from rest_framework.test import APIClient

OPERATIONS = {
    ("get", "/api/tournaments/"): "tournaments_list",
    ("post", "/api/tournaments/"): "tournaments_create",
    ("get", "/api/tournaments/{tournament_id}/"): "tournaments_retrieve",
    ("post", "/api/tournaments/{tournament_id}/join/"): "tournaments_join",
    ("post", "/api/tournaments/{tournament_id}/leave/"): "tournaments_leave",
    ("post", "/api/tournaments/{tournament_id}/start/"): "tournaments_start",
    ("post", "/api/tournaments/{tournament_id}/cancel/"): "tournaments_cancel",
    ("post", "/api/tournaments/{tournament_id}/drop/"): "tournaments_drop",
    ("get", "/api/tournaments/{tournament_id}/standings/"): "tournaments_standings",
    ("post", "/api/auth/token/"): "auth_token_create",
    ("get", "/api/games/"): "games_list",
    ("post", "/api/games/"): "games_create",
    ("get", "/api/games/{game_id}/"): "games_retrieve",
    ("post", "/api/games/{game_id}/join/"): "games_join",
    ("get", "/api/games/{game_id}/moves/"): "games_moves_list",
    ("post", "/api/games/{game_id}/moves/"): "games_moves_create",
    ("post", "/api/games/{game_id}/takeback/"): "games_takeback_create",
    ("get", "/api/games/{game_id}/votes/"): "games_votes_list",
    ("post", "/api/games/{game_id}/votes/"): "games_votes_create",
    ("post", "/api/games/{game_id}/votes/{vote_id}/"): "games_votes_answer",
    ("get", "/api/games/{game_id}/states/{seq}/"): "games_states_retrieve",
    ("get", "/api/games/{game_id}/analysis/"): "games_analysis_retrieve",
    ("post", "/api/games/{game_id}/invitations/"): "games_invitations_create",
    ("delete", "/api/games/{game_id}/invitations/{invitation_id}/"): "games_invitations_destroy",
    (
        "post",
        "/api/games/{game_id}/invitations/{invitation_id}/accept/",
    ): "games_invitations_accept",
    (
        "post",
        "/api/games/{game_id}/invitations/{invitation_id}/decline/",
    ): "games_invitations_decline",
    ("post", "/api/games/{game_id}/cancel/"): "games_cancel",
    ("post", "/api/games/{game_id}/rematch/"): "games_rematch",
    ("post", "/api/games/{game_id}/fork/"): "games_fork",
    ("get", "/api/games/{game_id}/comments/"): "games_comments_list",
    ("post", "/api/games/{game_id}/comments/"): "games_comments_create",
    ("patch", "/api/games/{game_id}/comments/{comment_id}/"): "games_comments_update",
    ("delete", "/api/games/{game_id}/comments/{comment_id}/"): "games_comments_destroy",
    ("get", "/api/games/{game_id}/chat/"): "games_chat_list",
    ("post", "/api/games/{game_id}/chat/"): "games_chat_create",
    ("post", "/api/games/{game_id}/chat/{message_id}/report/"): "games_chat_report",
    ("post", "/api/games/{game_id}/comments/{comment_id}/report/"): "games_comments_report",
    ("get", "/api/games/{game_id}/note/"): "games_note_retrieve",
    ("put", "/api/games/{game_id}/note/"): "games_note_update",
    ("get", "/api/games/{game_id}/webhook/"): "games_webhook_retrieve",
    ("put", "/api/games/{game_id}/webhook/"): "games_webhook_update",
    ("delete", "/api/games/{game_id}/webhook/"): "games_webhook_destroy",
    ("get", "/api/games/{game_id}/webhooks/"): "games_webhooks_list",
    ("post", "/api/games/{game_id}/webhooks/"): "games_webhooks_create",
    ("get", "/api/games/{game_id}/webhooks/{webhook_id}/"): "games_webhooks_retrieve",
    ("put", "/api/games/{game_id}/webhooks/{webhook_id}/"): "games_webhooks_update",
    ("delete", "/api/games/{game_id}/webhooks/{webhook_id}/"): "games_webhooks_destroy",
    ("get", "/api/me/preferences/"): "me_preferences_retrieve",
    ("patch", "/api/me/preferences/"): "me_preferences_partial_update",
    ("get", "/api/me/export/"): "me_export_retrieve",
    ("get", "/api/games/archive/"): "games_archive_list",
    ("get", "/api/players/{username}/"): "players_retrieve",
    ("get", "/api/ratings/{slug}/"): "ratings_list",
}
THROTTLED = {
    "tournaments_create",
    "auth_token_create",
    "games_create",
    "games_moves_create",
    "games_join",
    "games_chat_create",
    "games_chat_report",
    "games_comments_report",
    "games_invitations_create",
    "games_fork",
    "games_comments_create",
    "games_comments_update",
}
# Operations that act on the game or invitation their path names, with no body to read.
READS_NO_BODY = {
    "tournaments_join",
    "tournaments_leave",
    "tournaments_start",
    "tournaments_cancel",
    "games_join",
    "games_invitations_destroy",
    "games_invitations_accept",
    "games_invitations_decline",
    "games_cancel",
    "games_rematch",
    "games_webhook_destroy",
    "games_webhooks_destroy",
    "games_comments_destroy",
}


@pytest.fixture
def schema(db) -> dict:
    return APIClient().get("/api/schema/?format=json").json()


def operations(schema: dict) -> dict[str, dict]:
    found = {}
    for path, methods in schema["paths"].items():
        for method, operation in methods.items():
            found[operation["operationId"]] = {**operation, "method": method, "path": path}
    return found


def answer_schema(operation: dict, status: str) -> dict:
    return operation["responses"][status]["content"]["application/json"]["schema"]


def test_every_operation_has_an_id_of_its_own(schema):
    found = {(op["method"], op["path"]): op_id for op_id, op in operations(schema).items()}
    assert found == OPERATIONS


def test_the_deploy_check_finds_nothing_wrong_with_the_schema(db):
    found = checks.run_checks(include_deployment_checks=True)
    assert [message for message in found if message.id.startswith("drf_spectacular")] == []


def test_lists_are_typed_as_lists_of_their_items(schema):
    ops = operations(schema)
    assert answer_schema(ops["games_list"], "200") == {
        "type": "array",
        "items": {"$ref": "#/components/schemas/GameSummary"},
    }
    assert answer_schema(ops["games_moves_list"], "200") == {
        "type": "array",
        "items": {"$ref": "#/components/schemas/LogLine"},
    }


def test_every_answer_has_a_named_type(schema):
    for op_id, operation in operations(schema).items():
        for status in operation["responses"]:
            assert "$ref" in str(answer_schema(operation, status)), (op_id, status)


def test_every_body_an_operation_reads_has_a_named_type(schema):
    for op_id, operation in operations(schema).items():
        if operation["method"] == "get" or op_id in READS_NO_BODY:
            assert "requestBody" not in operation, op_id
            continue
        content = operation["requestBody"]["content"]
        assert content["application/json"]["schema"]["$ref"], op_id


def test_every_refusal_has_the_error_shape(schema):
    error = schema["components"]["schemas"]["Error"]
    assert error["required"] == ["detail"]
    assert {"detail", "current_seq", "legal", "errors"} <= set(error["properties"])
    for op_id, operation in operations(schema).items():
        refusals = [status for status in operation["responses"] if status >= "400"]
        assert refusals, op_id
        for status in refusals:
            assert answer_schema(operation, status) == {"$ref": "#/components/schemas/Error"}


@pytest.mark.parametrize(
    ("op_id", "statuses"),
    [
        ("auth_token_create", {"200", "400", "413", "415", "429"}),
        ("games_list", {"200", "401"}),
        ("games_create", {"201", "400", "401", "403", "413", "415", "429"}),
        ("games_retrieve", {"200", "401", "403", "404"}),
        ("games_join", {"200", "400", "401", "403", "404", "409", "429"}),
        ("games_moves_list", {"200", "400", "401", "403", "404"}),
        ("games_moves_create", {"201", "400", "401", "403", "404", "409", "413", "415", "429"}),
        ("games_states_retrieve", {"200", "401", "403", "404", "409"}),
        ("games_analysis_retrieve", {"200", "202", "401", "403", "404"}),
        (
            "games_invitations_create",
            {"201", "400", "401", "403", "404", "409", "413", "415", "429"},
        ),
        ("games_invitations_destroy", {"200", "401", "403", "404", "409"}),
        ("games_invitations_accept", {"200", "401", "403", "404", "409"}),
        ("games_invitations_decline", {"200", "401", "403", "404", "409"}),
        ("games_cancel", {"200", "401", "403", "404", "409"}),
        ("games_rematch", {"200", "401", "403", "404", "409"}),
        ("games_chat_list", {"200", "401", "404"}),
        ("games_chat_create", {"201", "400", "401", "403", "404", "409", "413", "415", "429"}),
        ("games_chat_report", {"201", "400", "401", "403", "404", "413", "415", "429"}),
        ("games_comments_report", {"201", "400", "401", "403", "404", "413", "415", "429"}),
        ("games_note_retrieve", {"200", "401", "403", "404"}),
        ("games_note_update", {"200", "400", "401", "403", "404", "413", "415"}),
        ("games_archive_list", {"200", "400", "401", "404"}),
        ("players_retrieve", {"200", "401", "404"}),
        ("ratings_list", {"200", "401", "404"}),
    ],
)
def test_each_operation_documents_the_answers_it_gives(schema, op_id, statuses):
    assert set(operations(schema)[op_id]["responses"]) == statuses


def test_the_throttled_operations_document_429(schema):
    for op_id, operation in operations(schema).items():
        assert ("429" in operation["responses"]) == (op_id in THROTTLED), op_id


def test_logging_in_for_a_token_needs_no_credentials(schema):
    assert "security" not in operations(schema)["auth_token_create"]
