"""The player's own words in a reply: no quoted original, no signature, text from HTML.

Mail clients put the new text above the quote ("On ... wrote:", "-----Original Message-----",
"> " lines) and a signature below it; mail-parser-reply knows their many languages. An HTML-only
reply is turned into text first, without the quoted parts its client marked as such.
"""

from __future__ import annotations

import re
from email.message import EmailMessage as MimeMessage
from html.parser import HTMLParser

from mailparser_reply import EmailMessage

# The quote headers of these languages' mail clients are recognised. (Danish is left out: its
# signature pattern takes a reply that starts with a blank line for a signature.)
LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "cs", "pl", "sv", "ja", "ko", "zh"]
MOST_CHARACTERS = 20_000
QUOTE_CLASSES = ("gmail_quote", "gmail_attr", "moz-cite-prefix", "yahoo_quoted", "protonmail_quote")
QUOTE_IDS = ("divrplyfwdmsg", "appendonsend", "mail-editor-reference-message-container")
BLOCKS = {"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "hr", "table"}
VOID = {"br", "hr", "img", "meta", "link", "input", "wbr", "col", "area", "base", "source"}
HIDDEN = {"blockquote", "style", "script", "head", "title"}
# A NUL or an escape code in a line would reach the answer and the database.
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def reply_lines(message: MimeMessage) -> list[str]:
    """The lines the player wrote, in order, without blanks or control characters."""
    text = latest_reply(body_text(message))
    lines = (CONTROL.sub("", line).strip() for line in text.splitlines())
    return [line for line in lines if line and not line.startswith(">")]


def body_text(message: MimeMessage) -> str:
    plain = message.get_body(("plain",))
    if plain is not None:
        return content(plain)
    html = message.get_body(("html",))
    return html_to_text(content(html)) if html is not None else ""


def content(part: MimeMessage) -> str:
    try:
        text = part.get_content()
    except (LookupError, UnicodeError):
        text = (part.get_payload(decode=True) or b"").decode("utf-8", errors="replace")
    return str(text)[:MOST_CHARACTERS]


def latest_reply(text: str) -> str:
    """The newest fragment of a reply thread, without its signature.

    If the first fragment is itself a quote header ("On ... wrote:"), the player wrote nothing
    above the quote.
    """
    text = text.replace("\r\n", "\n").strip()
    parsed = EmailMessage(text=text, languages=list(LANGUAGES), keep_hyphen_lists=True).read()
    if not parsed.replies:
        return ""
    newest = parsed.replies[0]
    return "" if newest.headers else newest.body


class TextOfHtml(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden_depth = 0
        self.open_tags: list[tuple[str, bool]] = []
        self.stopped = False

    def handle_starttag(self, tag: str, attrs) -> None:
        found = dict(attrs)
        classes = (found.get("class") or "").lower()
        ident = (found.get("id") or "").lower()
        if ident in QUOTE_IDS:
            self.stopped = True  # Outlook: everything from here on is the original
        hides = tag in HIDDEN or any(name in classes for name in QUOTE_CLASSES)
        if tag in BLOCKS:
            self.parts.append("\n")
        if tag in VOID:
            return
        self.open_tags.append((tag, hides))
        if hides:
            self.hidden_depth += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in BLOCKS:
            self.parts.append("\n")
        if all(opened != tag for opened, _ in self.open_tags):
            return  # a stray end tag closes nothing
        while self.open_tags:
            opened, hides = self.open_tags.pop()
            if hides:
                self.hidden_depth -= 1
            if opened == tag:
                break

    def handle_data(self, data: str) -> None:
        if not self.hidden_depth and not self.stopped:
            self.parts.append(data)


def html_to_text(html: str) -> str:
    reader = TextOfHtml()
    reader.feed(html)
    reader.close()
    lines = ("".join(reader.parts)).splitlines()
    return "\n".join(" ".join(line.split()) for line in lines)
