"""How a game says things a player reads, so that the service can say them in the reader's
language while `games` stays free of Django.

A game builds each sentence (a log line, a move as listed, a refusal) with `tell`,
`tell_plural` or `word` instead of an f-string. What they return is a `Text`: a `str` whose
value is the English sentence, so every caller that reads a str reads exactly what it read
before; and it carries the English message id and its parameters, so the service looks the
id up in its catalogues (tabletop/locale/<language>/LC_MESSAGES/django.po, the same ones as
the rest of the site, compiled by Babel) and fills in the parameters, themselves translated
where they are `Text`s too:

    tell("%(who)s takes column %(column)s.", who=name, column=2)
    tell_plural("%(count)s card", "%(count)s cards", len(taken))
    word("dos colour", "red")          # a short word, told apart by its context

The message ids are found in the code by Babel's extractor with the keywords
`tell`, `tell_plural:1,2` and `word:1c,2` (tests/web/test_languages.py does, and fails on any
the catalogues lack). `Text.as_data()` is the language-free form of a sentence (the API and
the stored log lines keep it); `Text.from_data` reads it back.

Write a sentence whole, with the player's name a parameter: word order differs between
languages, so a sentence is never glued together from translated pieces with `+`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol


class Catalogue(Protocol):
    """What the service hands `Text.translated`: Django's translation module fits."""

    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, number: int) -> str: ...

    def pgettext(self, context: str, message: str) -> str: ...

    def npgettext(self, context: str, singular: str, plural: str, number: int) -> str: ...


class Text(str):
    """A sentence in English (its str value) that knows its message id and parameters."""

    msgid: str
    params: dict[str, Any]
    plural: str | None
    count: int | None
    context: str | None

    def __new__(
        cls,
        msgid: str,
        params: dict[str, Any] | None = None,
        *,
        plural: str | None = None,
        count: int | None = None,
        context: str | None = None,
    ) -> Text:
        params = dict(params or {})
        if count is not None:
            params.setdefault("count", count)
        template = plural if plural is not None and count != 1 else msgid
        english = template % params
        made = super().__new__(cls, english)
        made.msgid, made.params = msgid, params
        made.plural, made.count, made.context = plural, count, context
        return made

    def translated(self, catalogue: Catalogue) -> str:
        """The sentence as `catalogue` (the active language) says it; English where it has no
        translation, or a broken one."""
        template = self._template(catalogue)
        params = {name: translated(value, catalogue) for name, value in self.params.items()}
        try:
            return template % params
        except (KeyError, ValueError, TypeError):
            return str(self)

    def _template(self, catalogue: Catalogue) -> str:
        if self.plural is not None:
            if self.context is not None:
                return catalogue.npgettext(self.context, self.msgid, self.plural, self.count)
            return catalogue.ngettext(self.msgid, self.plural, self.count)
        if self.context is not None:
            return catalogue.pgettext(self.context, self.msgid)
        return catalogue.gettext(self.msgid)

    def as_data(self) -> dict:
        """The language-free form: {"id", "params"} and, where used, "plural", "count",
        "context"; parameters that are sentences are nested in the same form."""
        data: dict[str, Any] = {"id": self.msgid, "params": {}}
        for name, value in self.params.items():
            data["params"][name] = value.as_data() if isinstance(value, Text) else value
        for key in ("plural", "count", "context"):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        return data

    @classmethod
    def from_data(cls, data: dict) -> Text:
        params = {
            name: cls.from_data(value) if isinstance(value, dict) and "id" in value else value
            for name, value in data.get("params", {}).items()
        }
        return cls(
            data["id"],
            params,
            plural=data.get("plural"),
            count=data.get("count"),
            context=data.get("context"),
        )

    def __reduce__(self):
        # Keep the message through copy.deepcopy and pickling (a str subclass would not).
        return (_rebuilt, (self.as_data(),))


def _rebuilt(data: dict) -> Text:
    return Text.from_data(data)


def translated(value: Any, catalogue: Catalogue) -> Any:
    """A parameter as the catalogue says it: sentences translated, anything else as it is."""
    return value.translated(catalogue) if isinstance(value, Text) else value


def tell(msgid: str, **params: Any) -> Text:
    """A sentence: `msgid` is its English, with %(name)s for each parameter."""
    return Text(msgid, params)


def tell_plural(singular: str, plural: str, count: int, **params: Any) -> Text:
    """A sentence whose words follow a number (`count`, also a parameter of that name unless
    given another value): one form in English for 1 and one for any other number; the
    catalogues hold as many as their language has (three in Polish and Czech)."""
    return Text(singular, params, plural=plural, count=count)


def word(context: str, msgid: str) -> Text:
    """A short word or name (a colour, a card, a monster) that the catalogues translate by
    its context, so that "red" of one game is not "red" of another."""
    return Text(msgid, context=context)


def joined(items: Iterable[Any]) -> Text | str:
    """'a', 'a and b', 'a, b and c', each item a sentence or a plain value."""
    items = list(items)
    if not items:
        return ""
    if len(items) == 1:
        return items[0] if isinstance(items[0], Text) else str(items[0])
    rest = items[0]
    for item in items[1:-1]:
        rest = tell("%(first)s, %(next)s", first=rest, next=item)
    return tell("%(first)s and %(last)s", first=rest, last=items[-1])
