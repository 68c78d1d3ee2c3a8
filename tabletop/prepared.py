"""Queries on the hottest paths, compiled once per thread and run with the real ids.

Building the SQL of a query with joins or subqueries costs the ORM several times what running
it does: the move's lock-with-seats query took about 1.5 ms to compile on SQLite and 0.1 ms to
run, and the version query behind every poll a dozen subqueries' worth. Their shape never
changes, only the ids in them, so each thread compiles one with stand-ins (negative ids, or
strings no row has) and runs the same SQL with the real values. The rows come back converted
(with the converters looked up once) and, for `instances`, built into model objects with their
`select_related` relations, as the ORM's own iterator builds them.

`insert`, `update` and `update_each` write what `bulk_create`, `save(update_fields=...)` and
`bulk_update` would, with SQL built as text (`insert` and `update` once per thread), for the
same reason: a move's four writes (its log row, its lines, the seats' clocks and the game's
projection) cost the ORM several times what they cost the database. They send no model
signals; nothing listens for these models' saves.
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
    # What the ORM's results_iter would look up again on every run (a call per column).
    converters: dict

    def execute(self, stand_ins: dict[int, object]) -> list[list]:
        """The rows for the real values of `stand_ins`, converted as the ORM converts them."""
        params = [real_value(p, stand_ins) for p in self.params]
        with connections[self.alias].cursor() as cursor:
            cursor.execute(self.sql, params)
            rows = cursor.fetchall()
        if not self.converters:
            return [list(row) for row in rows]
        return list(self.compiler.apply_converters(rows, self.converters))


def real_value(param: object, stand_ins: dict[int, object]) -> object:
    """The real value for a stand-in parameter, of the parameter's own type: on PostgreSQL
    a small or positive integer column's parameter comes wrapped (psycopg's Int2, Int4)."""
    if isinstance(param, bool) or not isinstance(param, int | str) or param not in stand_ins:
        return param
    value = stand_ins[param]
    return value if value is None or type(param) in (int, str) else type(param)(value)


def prepare(alias: str, key: Hashable, build: Callable[[], QuerySet]) -> PreparedQuery:
    """The query `build()` makes (with stand-in ids in it), compiled for `alias` once per
    thread under `key`."""
    cache = _compiled.__dict__.setdefault("queries", {})
    if (alias, key) not in cache:
        query = build().query
        compiler = query.get_compiler(using=alias)
        sql, params = compiler.as_sql()
        names = [*query.extra_select, *query.values_select, *query.annotation_select]
        columns = [column[0] for column in compiler.select[: compiler.col_count]]
        if compiler.has_composite_fields(columns):
            raise ValueError("composite primary keys are not prepared")
        converters = compiler.get_converters(columns)
        cache[alias, key] = PreparedQuery(alias, compiler, sql, tuple(params), names, converters)
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


# Rows per INSERT: a game's end writes a line for every move, and each count of rows is an SQL
# text of its own (kept per thread), so long lists go in batches of this many.
INSERT_BATCH = 50


def insert(objs: list[Model], *, with_keys: bool = False) -> None:
    """What `bulk_create(objs)` writes, for objects of one model without primary keys yet;
    `with_keys` reads the new keys back into the objects (one object where the database
    cannot return rows from a bulk insert)."""
    for start in range(0, len(objs), INSERT_BATCH):
        _insert_batch(objs[start : start + INSERT_BATCH], with_keys)


def _insert_batch(objs: list[Model], with_keys: bool) -> None:
    model = type(objs[0])
    alias = router.db_for_write(model)
    connection = connections[alias]
    fields = _insert_fields(model)
    sql = _insert_sql(alias, model, fields, len(objs), with_keys)
    for obj in objs:
        # As bulk_create does: a relation saved since it was set (a line's move) gives its key.
        obj._prepare_related_fields_for_save(operation_name="insert")
    params = [
        field.get_db_prep_save(field.pre_save(obj, True), connection)
        for obj in objs
        for field in fields
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        keys = _new_keys(connection, cursor, model) if with_keys else []
    for n, obj in enumerate(objs):
        obj._state.adding, obj._state.db = False, alias
        if with_keys:
            obj.pk = keys[n]


def _insert_fields(model: type[Model]) -> list:
    return [f for f in model._meta.concrete_fields if not f.primary_key and not f.generated]


def _insert_sql(alias: str, model: type[Model], fields: list, rows: int, with_keys: bool) -> str:
    cache = _compiled.__dict__.setdefault("inserts", {})
    key = (alias, model, rows, with_keys)
    if key not in cache:
        connection = connections[alias]
        quote = connection.ops.quote_name
        row = f"({', '.join(['%s'] * len(fields))})"
        sql = (
            f"INSERT INTO {quote(model._meta.db_table)} "
            f"({', '.join(quote(field.column) for field in fields)}) "
            f"VALUES {', '.join([row] * rows)}"
        )
        if with_keys and connection.features.can_return_rows_from_bulk_insert:
            returning, _ = connection.ops.return_insert_columns([model._meta.pk])
            sql += f" {returning}"
        elif with_keys and rows > 1:
            raise ValueError(f"{connection.vendor} returns no keys from a bulk insert")
        cache[key] = sql
    return cache[key]


def _new_keys(connection, cursor, model: type[Model]) -> list:
    if connection.features.can_return_rows_from_bulk_insert:
        return [row[0] for row in cursor.fetchall()]
    table, column = model._meta.db_table, model._meta.pk.column
    return [connection.ops.last_insert_id(cursor, table, column)]


def update(obj: Model, fields: list[str]) -> None:
    """What `obj.save(update_fields=fields)` writes, the UPDATE built once per thread."""
    model = type(obj)
    alias = router.db_for_write(model)
    connection = connections[alias]
    cache = _compiled.__dict__.setdefault("updates", {})
    key = (alias, model, tuple(fields))
    if key not in cache:
        quote = connection.ops.quote_name
        columns = ", ".join(f"{quote(model._meta.get_field(name).column)} = %s" for name in fields)
        cache[key] = (
            f"UPDATE {quote(model._meta.db_table)} SET {columns} "
            f"WHERE {quote(model._meta.pk.column)} = %s"
        )
    params = []
    for name in fields:
        field = model._meta.get_field(name)
        params.append(field.get_db_prep_save(field.pre_save(obj, False), connection))
    with connection.cursor() as cursor:
        cursor.execute(cache[key], [*params, obj.pk])


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
