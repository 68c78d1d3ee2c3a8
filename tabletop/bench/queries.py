"""Counting queries for the figures."""

from __future__ import annotations


class QueryCounter:
    """Counts every query (Django's own query log stops at 9,000)."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, execute, sql, params, many, context):
        self.count += 1
        return execute(sql, params, many, context)
