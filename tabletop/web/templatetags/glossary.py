"""`{% term slug key where %}...{% endterm %}`: a word on a board that explains itself.

It renders a button (the word, or whatever the tag wraps) described by a short note that shows
on hover, keyboard focus and tap (CSS in tabletop.css, the tap in tabletop.js) and links to the
word's place on the game's rules page. `where` keeps ids unique when a word shows several times
(one per seat, say).
"""

from __future__ import annotations

import functools
import re

from django import template
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext

from tabletop.web import glossary

register = template.Library()


def tooltip(slug: str, key: str, where: str, inner: str) -> SafeString:
    word, meaning, url, more, about = explained(
        slug, key, get_language(), get_urlconf(), get_script_prefix()
    )
    note_id = re.sub(r"[^a-z0-9-]", "-", f"term-{slug}-{key}-{where}".lower()).rstrip("-")
    return format_html(
        '<span class="term" data-term="{key}">'
        '<button type="button" class="term-word" aria-describedby="{id}" aria-expanded="false">'
        "{inner}</button>"
        '<span class="term-note" id="{id}"><b>{word}</b> {meaning} '
        '<a href="{url}">{more}<span class="sr"> {about}</span></a></span></span>',
        key=key,
        id=note_id,
        inner=inner or word,
        word=word,
        meaning=meaning,
        url=url,
        more=more,
        about=about,
    )


@functools.lru_cache(maxsize=1024)
def explained(slug: str, key: str, language: str, urlconf, prefix: str) -> tuple[str, ...]:
    """A term's words and link in one language, looked up once: a board shows the same few
    terms on every panel it draws. The language, URLconf and script prefix are the key only."""
    term = glossary.term(slug, key)
    word = str(term.word)
    return (
        word,
        str(term.meaning),
        reverse("rules", args=[slug]) + f"#{term.anchor}",
        gettext("More in the rules"),
        gettext("about %(word)s") % {"word": word},
    )


class TermNode(template.Node):
    def __init__(self, args: list, nodelist: template.NodeList) -> None:
        self.args = args
        self.nodelist = nodelist

    def render(self, context: template.Context) -> str:
        slug, key, *where = (arg.resolve(context) for arg in self.args)
        inner = SafeString(self.nodelist.render(context).strip())
        return tooltip(slug, key, "-".join(str(w) for w in where), inner)


@register.tag("term")
def do_term(parser: template.base.Parser, token: template.base.Token) -> TermNode:
    bits = token.split_contents()[1:]
    if len(bits) < 2:
        raise template.TemplateSyntaxError("{% term slug key [where...] %} needs a slug and a key")
    nodelist = parser.parse(("endterm",))
    parser.delete_first_token()
    return TermNode([parser.compile_filter(bit) for bit in bits], nodelist)
