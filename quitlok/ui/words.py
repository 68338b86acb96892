"""Words for people, loaded from `content/` (Markdown), and the History pages built from them."""

import re
from dataclasses import dataclass
from functools import cache

import streamlit as st

from quitlok.content import CONTENT, headings, reference_entries, sections  # noqa: F401  (re-exported by quitlok.ui)
from quitlok.content import read as content
from quitlok.content import title as page_title
from quitlok.i18n import is_rtl, language
from quitlok.text import PDI, balanced

#: every ASCII sign: any of them can start Markdown, HTML or Streamlit's own syntax (:red[...], $maths$)
_SIGNS = re.compile(r"[!-/:-@\[-`{-~]")
#: an invisible character that joins words (U+2060 WORD JOINER)
WORD_JOINER = "\u2060"


def escape_markdown(text: str) -> str:
    """`text` from outside the app (a link's ?rules=, ?hand=, a player's name) made safe to show with st.markdown,
    st.warning, st.error and the like: it reads literally, never as a link, an image, HTML or formatting.

    Every ASCII sign becomes a numeric character reference ('[' becomes '&#91;'), which Markdown always shows
    as the character itself. That is not enough for addresses: Streamlit's GitHub Markdown turns any text that
    looks like https://..., www.... or a@b.org into a link, after references are read. So an invisible word
    joiner goes before every '.', ':' and '@', which no address can contain. Line breaks become spaces, so that
    no line can start a heading or a list.
    """
    flat = " ".join(str(text).split())
    return _SIGNS.sub(lambda sign: (WORD_JOINER if sign[0] in ".:@" else "") + f"&#{ord(sign[0])};", flat)


def content_sections(name: str) -> dict[str, str]:
    """`content/<name>.md` in the current language, split at its '## ' headings: {English key: text}, read once
    per language (do not change it)."""
    return _sections(name, language())


@cache
def _sections(name: str, code: str) -> dict[str, str]:
    return sections(name)


content_sections.cache_clear = _sections.cache_clear  # type: ignore[attr-defined]  (tests clear it)


@dataclass(frozen=True)
class Check:
    """A check question: the question, and each option with its feedback; exactly one is right."""

    question: str
    options: tuple[str, ...]
    feedback: tuple[str, ...]
    answer: int


def parse_check(text: str, where: str) -> Check:
    """A question, then options '- [x] right :: feedback' and '- [ ] wrong :: feedback'."""
    lines = text.splitlines()
    question = " ".join(line for line in lines if not line.startswith("- ["))
    options, feedback, answer = [], [], []
    for line in lines:
        if line.startswith("- ["):
            option, note = line[6:].split(" :: ")
            options.append(option.strip())
            feedback.append(note.strip())
            if line.startswith("- [x]"):
                answer.append(len(options) - 1)
    if len(answer) != 1 or len(options) < 2:
        raise ValueError(f"{where}: a question needs two or more options and exactly one right one, marked - [x]")
    return Check(question, tuple(options), tuple(feedback), answer[0])


def lesson_words(slug: str) -> tuple[str, dict[str, str], Check]:
    """A lesson's title, its sections ('text', 'try', 'done', 'predict') and its check question, in the current
    language."""
    return _lesson_words(slug, language())


@cache
def _lesson_words(slug: str, code: str) -> tuple[str, dict[str, str], Check]:
    name = f"lessons/{slug}"
    title = content(name).splitlines()[0].removeprefix("# ").strip()
    sections = content_sections(name)
    return title, sections, parse_check(sections["check"], name)


def fixed_questions() -> tuple[tuple[str, Check], ...]:
    """The quiz's fixed questions on history and terms, in the current language: (topic, question)."""
    return _fixed_questions(language())


lesson_words.cache_clear = _lesson_words.cache_clear  # type: ignore[attr-defined]  (tests clear them)
fixed_questions.cache_clear = lambda: _fixed_questions.cache_clear()  # type: ignore[attr-defined]


@cache
def _fixed_questions(code: str) -> tuple[tuple[str, Check], ...]:
    return tuple((key.split(":")[0], parse_check(text, f"quiz/questions: {key}"))
                 for key, text in content_sections("quiz/questions").items())


#: the URL path of the reference list (pages/sources.py, listed in tutorial_app.py)
SOURCES_PAGE = "sources"
#: a reference number such as [3], unless escaped (\[3\]) or already a link ([3](...))
_CITATION = re.compile(r"(?<!\\)\[(\d{1,2})\](?!\()")


def source_anchor(number: int) -> str:
    """The anchor of entry `number` on the reference list, so that a link can point at it: 'source-3'."""
    return f"source-{number}"


def link_citations(markdown: str) -> str:
    """Every reference number in `markdown`, such as [3], made a link to its entry in the reference list.

    Every page that cites sources shows its text through this, so no content file writes a link by hand.
    The link is relative ('sources#source-3'), so it works under any base URL; Streamlit opens it in a new
    tab, and the reference list scrolls to the entry, while the reader's own tab keeps its place and rules.
    """
    return _CITATION.sub(lambda m: f"[\\[{m[1]}\\]]({SOURCES_PAGE}#{source_anchor(int(m[1]))})", markdown)


#: Unicode's right-to-left isolate: what follows, up to its PDI, is a right-to-left run of its own
RLI = "\u2067"


def sources_line(text: str) -> str:
    """A page's line of sources ('[1] John McLeod, "Quitlok", pagat.com. [2] ...'), each entry isolated in a
    right-to-left language: an English title inside a Hebrew line otherwise takes its neighbours' punctuation
    and numbers with it ('Kosher.com, "Deal the Light" צוות [4]'); isolated, each entry reads in its own
    direction and the entries follow one another from the right. Each is a right-to-left isolate (RLI), its
    number on the right, even where its first word is Latin ('[9] kvitlach.us, למילים ...')."""
    if not is_rtl():
        return text
    entries = re.split(r"\s+(?=\[\d{1,2}\] )", " ".join(text.split()))
    return " ".join(RLI + balanced(entry) + PDI for entry in entries)


def history_page(name: str) -> None:
    """A History page from content/history/<name>.md: its title, its text and its sources, numbers linked."""
    sections = content_sections(f"history/{name}")
    st.title(page_title(f"history/{name}"))
    st.markdown(link_citations(sections["body"]))
    if "Sources" in sections:
        st.divider()
        st.caption(link_citations(sources_line(sections["Sources"])))


def reference_list() -> None:
    """The reference list: each entry under a heading with its own anchor, which the [n] links point at."""
    st.title(page_title("history/sources"))
    st.markdown(content_sections("history/sources")["body"])
    for number, (title, details) in reference_entries().items():
        st.header(f"[{number}] {title}", anchor=source_anchor(number))
        st.markdown(details)
