"""Queries on the hottest paths, compiled once per thread and run with the real ids.

Building the SQL of a query with joins or subqueries costs the ORM several times what running
it does: the move's lock-with-seats query took about 1.5 ms to compile on SQLite and 0.1 ms to
run, and the version query behind every poll a dozen subqueries' worth. Their shape never
changes, only the ids in them, so each thread compiles one with stand-in ids (negative numbers
no row has) and runs the same SQL with the real ones. The rows come back converted and, for
`instances`, built into model objects with their `select_related` relations, as the ORM's own
iterator builds them. `update_each` writes what `bulk_update` would, as text, for the same
reason: the move's two seat clocks cost more to build through the ORM than to write.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from django.db import connections, router
from django.db.models import Model, QuerySet
from django.db.models.query import get_related_populators
from django.db.models.sql.compiler import SQLCompiler

_compiled = threading.local()


@dataclass(frozen=True)
class PreparedQuery:
    alias: str
    compiler: SQLCompiler
    sql: str
    params: tuple
    names: list[str]

    def execute(self, stand_ins: dict[int, object]) -> list[tuple]:
        """The rows for the real values of `stand_ins`, converted as the ORM converts them."""
        params = [stand_ins.get(p, p) if type(p) is int else p for p in self.params]
        with connections[self.alias].cursor() as cursor:
            cursor.execute(self.sql, params)
            rows = cursor.fetchall()
        return list(self.compiler.results_iter(results=[rows])) if rows else []


def prepare(alias: str, key: Hashable, build: Callable[[], QuerySet]) -> PreparedQuery:
    """The query `build()` makes (with stand-in ids in it), compiled for `alias` once per
    thread under `key`."""
    cache = _compiled.__dict__.setdefault("queries", {})
    if (alias, key) not in cache:
        query = build().query
        compiler = query.get_compiler(using=alias)
        sql, params = compiler.as_sql()
        names = [*query.extra_select, *query.values_select, *query.annotation_select]
        cache[alias, key] = PreparedQuery(alias, compiler, sql, tuple(params), names)
    return cache[alias, key]


def is_an_id(alias: str, model: type[Model], value: int) -> bool:
    """Whether `value` fits the model's primary key column: outside it the ORM answers "no
    such row", while the database, sent it as a parameter here, would refuse the query."""
    ops = connections[alias].ops
    lowest, highest = ops.integer_field_range(model._meta.pk.get_internal_type())
    return lowest <= value <= highest


def instances(prepared: PreparedQuery, stand_ins: dict[int, object]) -> list[Model]:
    """The model objects of a prepared model query (not `values()`), with the relations it
    selects filled in."""
    compiler = prepared.compiler
    info, select = compiler.klass_info, compiler.select
    model = info["model"]
    first, last = info["select_fields"][0], info["select_fields"][-1] + 1
    attnames = [column[0].target.attname for column in select[first:last]]
    populators = get_related_populators(info, select, prepared.alias)
    found = []
    for row in prepared.execute(stand_ins):
        obj = model.from_db(prepared.alias, attnames, row[first:last])
        for populator in populators:
            populator.populate(row, obj)
        found.append(obj)
    return found


def update_each(objs: list[Model], fields: list[str]) -> None:
    """What `bulk_update(objs, fields)` writes, one UPDATE ... SET column = CASE id WHEN ...
    statement, built as text: the ORM builds it from a Case expression per field, which on the
    move's path (two seats' clocks) cost more than the rest of the clock's work."""
    model = type(objs[0])
    connection = connections[router.db_for_write(model)]
    quote = connection.ops.quote_name
    cast = connection.features.requires_casted_case_in_updates
    key = quote(model._meta.pk.column)
    assignments, params = [], []
    for name in fields:
        field = model._meta.get_field(name)
        value = f"CAST(%s AS {field.cast_db_type(connection)})" if cast else "%s"
        assignments.append(
            f"{quote(field.column)} = CASE {key}{f' WHEN %s THEN {value}' * len(objs)} END"
        )
        for obj in objs:
            params += [obj.pk, field.get_db_prep_save(getattr(obj, field.attname), connection)]
    params += [obj.pk for obj in objs]
    sql = (
        f"UPDATE {quote(model._meta.db_table)} SET {', '.join(assignments)} "
        f"WHERE {key} IN ({', '.join(['%s'] * len(objs))})"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
