"""What PostgreSQL plans for a query, for tests that hold a hot query to an index."""

from __future__ import annotations

import json
from collections.abc import Iterator

from django.db import connection


def plan_when_indexes_can_serve(queryset, **options) -> str:
    """The plan PostgreSQL picks when reading a whole table is its last resort: a test's few
    rows are cheaper to read whole, so without this the plan would not show whether an index
    can serve the query at a real site's size."""
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
    return queryset.explain(**options)


def scans_every_row_of(queryset, table: str) -> bool:
    """Whether the plan reads `table` whole: a sequential scan, or an index walked end to end
    with no condition on it (what the planner falls back to when sequential scans are off)."""
    (plan,) = json.loads(plan_when_indexes_can_serve(queryset, format="json"))
    return any(whole_table_read(node, table) for node in plan_nodes(plan["Plan"]))


def plan_nodes(node: dict) -> Iterator[dict]:
    yield node
    for child in node.get("Plans", []):
        yield from plan_nodes(child)


def whole_table_read(node: dict, table: str) -> bool:
    if node.get("Relation Name") != table:
        return False
    if node["Node Type"] == "Seq Scan":
        return True
    return node["Node Type"] in ("Index Scan", "Index Only Scan") and "Index Cond" not in node
