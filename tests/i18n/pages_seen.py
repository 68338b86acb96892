"""What a page run under AppTest shows a person, and which of it is English that escaped the pseudo-language.

A small check of its own for the pages of rooms and classes (tests/i18n/test_pages_*_words.py), written while the
app-level language switch and its shared check are being built elsewhere (issue 26): once they land, these tests
can use them instead.

- `in_pseudo(monkeypatch)`: every run of the app (AppTest runs the script in threads of its own, where a context
  variable set by the test is not seen) speaks the pseudo-language: the language's context variable gets the
  pseudo-language as its default, and `PSEUDO_ADDRESS` puts it in the address as the app's switch will read it.
- `shown(at)`: every text of the page's main part (not the sidebar) that a person reads: headings, Markdown,
  captions, alerts, every widget's label, help, placeholder and options as shown, expanders', tabs' and popovers'
  titles, metrics, links, tables (column headings, index and cells) and the words of our own HTML.
- `english_left(texts, names, content, others)`: the stretches of plain ASCII words (with a run of three or more
  letters) in them that are neither names, program text, nor let pass for now (below).

What may still be English for now: `content_shown()`, the sections of content/ files the pages show, each found
whole as it reads in the pseudo-language (the content in each language is being built elsewhere); and
`others_words()`, every string literal of the modules other engineers are marking (the table, the narration, the
class questions, the library's messages) that is not yet inside `_()`, `ngettext`, `pgettext` or `N_`: a stretch of
English is let pass only when found whole in one of them. Both shrink by themselves as those are translated, so
the allowance disappears with them; the pages' own literals are never in it (and test_pages_words_in_source.py
checks that the pages pass no bare literal to Streamlit at all).
"""

from __future__ import annotations

import ast
import contextvars
import re
from collections.abc import Iterable, Iterator
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import pandas as pd
from google.protobuf.message import Message

from quitlok import i18n
from quitlok.i18n import PSEUDO, use
from quitlok.practice import COMPUTER_NAMES
from tests.conftest import ROOT

#: the address's language, as the app-level switch reads it (?lang=)
PSEUDO_ADDRESS = {"lang": PSEUDO}

_RUN = re.compile(r"[A-Za-z]{3,}")
#: what a person does not read as words: a Markdown link's address, an icon's name, an address, a code span,
#: an HTML character reference, an option's letter ("B. Stay")
_PROGRAM = re.compile(r"\]\([^)]*\)|:material/\w+:|https?://\S+|`[^`]*`|&#?\w+;|(?<![A-Za-z])[A-Z]\.(?= )")
#: the translation calls: a literal inside one of them is marked
MARKS = {"_", "ngettext", "pgettext", "N_"}
#: the game's own words that every language keeps (the traditions' names), and the names of the computer players
#: and of the people at the engine's tables
NAMES = frozenset({"Quitlok", "Kvitlach", *COMPUTER_NAMES})


def in_pseudo(monkeypatch) -> None:
    """Every run of the app in this test speaks the pseudo-language (see the module's docstring)."""
    monkeypatch.setattr(i18n, "_LANGUAGE", contextvars.ContextVar("quitlok_language", default=PSEUDO))


class _Words(HTMLParser):
    """The words of HTML as a reader sees them (tags and styles left out), and its aria-label and alt texts."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        self.skip += tag in ("style", "script")
        self.parts += [value for name, value in attrs if name in ("aria-label", "alt", "title") and value]

    def handle_endtag(self, tag):
        self.skip -= tag in ("style", "script") and self.skip > 0

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


def html_words(html: str) -> str:
    reader = _Words()
    reader.feed(html)
    return "\n".join(reader.parts)


def _table_words(frame: object) -> Iterator[str]:
    data = getattr(frame, "data", frame)  # a Styler's frame
    if isinstance(data, pd.DataFrame):
        yield from map(str, data.columns)
        yield from map(str, data.index.names)
        if not isinstance(data.index, pd.RangeIndex):
            yield from map(str, data.index)
        for row in data.itertuples(index=False):
            yield from map(str, row)


def _proto_words(proto) -> Iterator[str]:
    """The strings a person reads of an element's message: its label, help, placeholder, body, options..."""
    for field, value in proto.ListFields():
        if field.name in ("label", "help", "placeholder", "body", "options", "display_value", "caption"):
            if field.type == field.TYPE_STRING:
                yield from ([value] if isinstance(value, str) else list(value))
        elif field.type == field.TYPE_MESSAGE and field.name not in ("arrow_data", "data", "spec"):
            for item in ([value] if isinstance(value, Message) else value):
                yield from _proto_words(item)


def _walk(node) -> Iterator[object]:
    yield node
    for child in getattr(node, "children", {}).values():
        yield from _walk(child)


def shown(at) -> list[str]:
    """Every text a person reads in the page's main part (the sidebar left out)."""
    texts = []
    for node in _walk(at.main):
        kind = getattr(node, "type", None)
        if kind == "table" or kind == "dataframe":
            texts += list(_table_words(node.value))
            continue
        proto = getattr(node, "proto", None)
        if proto is None:
            continue
        words = list(_proto_words(proto))
        texts += [html_words(w) for w in words] if kind == "html" else words
    return [t for t in texts if t]


def english_left(texts: Iterable[str], names: frozenset[str] = frozenset(), content: tuple[re.Pattern, ...] = (),
                 others: str = "") -> dict[str, list[str]]:
    """{text: its pieces of English}, for each text that holds any: a piece is a stretch of plain ASCII words with a
    run of 3+ letters, once program text, the `content` sections shown whole and the `names` are taken out, that is
    not found whole (case aside) in `others`, the other modules' words still in English (others_words)."""
    found = {}
    for text in texts:
        text = _PROGRAM.sub(" | ", text)
        for section in content:
            text = section.sub(" | ", text)
        for name in sorted(names | NAMES, key=len, reverse=True):
            text = re.sub(rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z])", " | ", text)
        pieces = [piece.strip(" ,;:.!?()-/&'") for piece in _PIECE.findall(text)]
        pieces = [piece for piece in pieces if _RUN.search(piece) and not _found_in(piece, others)]
        if pieces:
            found[text] = pieces
    return found


#: a stretch of plain words: ASCII letters, spaces and the signs inside a sentence
_PIECE = re.compile(r"[A-Za-z][A-Za-z '’,;:.!?()\-/&]*")


def _found_in(piece: str, others: str) -> bool:
    """Whether `piece` is said by the other modules' literals: found whole, or (a sentence they put together from
    several literals and values) covered from start to end by stretches found whole, each of two words or more, or
    one word that begins or ends a literal (where a value or another literal joins it: f"Option {letter}")."""
    words = piece.lower().split()
    if not others or not words:
        return False
    if _said(" ".join(words), others):
        return True
    start = 0
    while start < len(words):
        end = next((end for end in range(len(words), start + 1, -1) if _said(" ".join(words[start:end]), others)),
                   start + 1 if _at_an_edge(words[start], others) else None)
        if end is None:
            return False
        start = end
    return True


@cache
def _at_an_edge(word: str, others: str) -> bool:
    word = re.escape(word.strip(" ,;:.!?()-/&'"))
    return re.search(rf"(?m)^[^a-z\n]*{word}(?![a-z])|(?<![a-z]){word}[^a-z\n]*$", others) is not None


@cache
def _said(phrase: str, others: str) -> bool:
    pattern = r"\s+".join(map(re.escape, phrase.split()))
    return re.search(rf"(?<![a-z]){pattern}(?![a-z])", others) is not None


def _literal_parts(tree: ast.AST) -> Iterator[str]:
    """The string literals of a module (f-strings' constant parts too) that are not docstrings and are not inside
    a translation call."""
    marked, docstrings = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) in MARKS:
            marked.update(id(inner) for inner in ast.walk(node))
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in marked
                and id(node) not in docstrings):
            yield node.value


#: the modules whose words the pages of rooms and classes show (the table, the move bar, the narration, the class
#: questions, the library's messages...), marked by other engineers (issue 26): the whole library
OTHERS = ("quitlok",)
#: the content files the pages show (content/<name>.md)
CONTENT = ("together/help", "classroom/help", "homework/help", "classroom/names", "classroom/own", "play/help", "guard",
           "restarts", "quiz/questions")


@cache
def others_words() -> str:
    """Every string literal of the other engineers' modules not yet marked for translation (see the module's
    docstring), in lower case, one a line: what they may still show in English."""
    literals = []
    for name in OTHERS:
        path = ROOT / name
        for file in sorted(path.rglob("*.py")) if path.is_dir() else [path] if path.exists() else []:
            literals += _literal_parts(ast.parse(Path(file).read_text()))
    text = "\n".join(literals).lower()
    text = re.sub(r"\{(e?s)\}", r"\1", text)  # the narration's verbs: "stay{s}" says "stays" of another seat
    return re.sub(r"\{[^{}]*\}", "\n", text)  # a value put in: where a stretch of words ends


def content_shown() -> tuple[re.Pattern, ...]:
    """The sections of content/ that the pages show, as they read in the pseudo-language, each a pattern that
    finds it whole in a text (its {placeholders} standing for any value)."""
    from quitlok import ui
    from quitlok.lessons import LESSONS

    with use(PSEUDO):
        texts = [text for name in CONTENT for text in ui.content_sections(name).values()]
        texts += [ui.lesson_words(lesson.slug)[0] for lesson in LESSONS]
    patterns = []
    for text in {t.strip() for t in texts}:
        pieces = re.split(r"\{\w*\}", _PROGRAM.sub(" ", text))
        if not _RUN.search(" ".join(pieces)):  # nothing but placeholders and signs: it would find anything
            continue
        patterns.append(re.compile(".*?".join(r"\s+".join(map(re.escape, piece.split())) for piece in pieces),
                                   re.DOTALL))
    return tuple(sorted(patterns, key=lambda p: -len(p.pattern)))
