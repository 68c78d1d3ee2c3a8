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


def planner_counts(cursor, vendor: str) -> dict[str, int]:
    """The rows each table holds as the database's planner last counted them (ANALYZE), for the
    tables whose columns it has statistics of (building an index counts the rows alone).
    `cursor` is any DB-API cursor on the database: Django's, or a plain driver's."""
    if vendor == "postgresql":
        cursor.execute(
            "SELECT relname, reltuples FROM pg_class WHERE relkind = 'r' AND EXISTS "
            "(SELECT 1 FROM pg_stats WHERE schemaname = 'public' AND tablename = relname)"
        )
        return {table: int(count) for table, count in cursor.fetchall()}
    cursor.execute("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'")
    if cursor.fetchone() is None:
        return {}
    # A row per index, each beginning with the rows it covers (fewer for a partial one).
    cursor.execute("SELECT tbl, stat FROM sqlite_stat1")
    counts: dict[str, int] = {}
    for table, stat in cursor.fetchall():
        counts[table] = max(counts.get(table, 0), int(stat.split()[0]))
    return counts
