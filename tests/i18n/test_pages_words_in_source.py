"""The pages of rooms and classes pass Streamlit no words a person reads that are not marked for translation
(issue 26): every text, label, help, placeholder, option shown (format_func), tab, expander and popover title,
metric, link and the message of an exception they raise, read from the source. It sees what no run of a page
reaches, and what the pseudo-language test (test_pages_together_words.py and friends) lets pass while other
modules' literals still say the same words in English."""

import ast
import re

import pytest

from tests.conftest import ROOT

PAGES = ("pages/together.py", "pages/classroom.py", "pages/class_report.py", "pages/homework.py")
#: Streamlit's calls whose first arguments a person reads (and `label=`, `help=`, `placeholder=`, `value=` where a
#: metric shows it)
SHOWN = {"title", "header", "subheader", "markdown", "caption", "write", "info", "warning", "error", "success",
         "toast", "button", "download_button", "link_button", "text_input", "number_input", "selectbox",
         "multiselect", "radio", "checkbox", "toggle", "slider", "expander", "popover", "tabs", "metric", "html",
         "text_area", "select_slider"}
SHOWN_KEYWORDS = {"label", "help", "placeholder"}
#: the translation calls
MARKS = {"_", "ngettext", "pgettext", "N_"}
_RUN = re.compile(r"[A-Za-z]{3,}")
#: what a person does not read: HTML tags, icons, a Markdown link's address
_PROGRAM = re.compile(r"<[^<>]*>|:material/\w+:|\]\([^)]*\)|#[\w-]+")


def _words(node: ast.AST) -> list[str]:
    """The English of a literal that is not inside a translation call, nor an argument of another function (a key
    of words("intro"), a noun of plural(n, "day")) but .format's and .join's: its constant parts' runs of letters."""
    marked = set()
    for inner in ast.walk(node):
        name = getattr(inner.func, "id", getattr(inner.func, "attr", None)) if isinstance(inner, ast.Call) else None
        if name in MARKS:
            marked.update(id(n) for n in ast.walk(inner))
        elif isinstance(inner, ast.Call) and name not in ("format", "join"):
            marked.update(id(n) for argument in [*inner.args, *inner.keywords] for n in ast.walk(argument))
    found = []
    for inner in ast.walk(node):
        if isinstance(inner, ast.Constant) and isinstance(inner.value, str) and id(inner) not in marked:
            found += _RUN.findall(_PROGRAM.sub(" ", inner.value))
    return found


def _shown_arguments(call: ast.Call) -> list[ast.AST]:
    name = getattr(call.func, "attr", getattr(call.func, "id", None))
    if name not in SHOWN:
        return []
    shown = list(call.args[:2] if name == "metric" else call.args[:1])
    for keyword in call.keywords:
        if keyword.arg in SHOWN_KEYWORDS or (keyword.arg == "format_func" and isinstance(keyword.value, ast.Lambda)):
            shown.append(keyword.value)
    if name in ("selectbox", "multiselect", "radio", "select_slider") and len(call.args) > 1:
        shown.append(call.args[1])  # options shown as they are, without format_func
    return shown


def unmarked(source: str) -> list[tuple[int, list[str]]]:
    """(line, English) for every argument a person reads, and every exception's message, not marked."""
    found = []
    for node in ast.walk(ast.parse(source)):
        parts = _shown_arguments(node) if isinstance(node, ast.Call) else []
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            parts = list(node.exc.args)
        for part in parts:
            if words := _words(part):
                found.append((part.lineno, words))
    return found


@pytest.mark.parametrize("page", PAGES)
def test_every_word_a_page_passes_streamlit_is_marked(page):
    assert unmarked((ROOT / page).read_text()) == []


def test_the_check_finds_what_is_not_marked():
    source = '''
import streamlit as st
st.header("Join a room")
st.button(f"Remove {name}", key="k", help=_("Marked"))
st.selectbox(_("Seat"), seats, format_func=lambda s: "None" if s is None else str(s))
st.metric(_("Votes"), f"{n} of {m}")
raise RoomError(f"How they play: one of {styles}.")
st.html(f'<p class="ql-line">{line}</p>')
st.markdown(_("**{name}** bets").format(name=f"**{n}**"), key="x.y")
st.caption(words("intro", rules=rules.name) + plural(n, "day"))
st.info("; ".join(f"{w} ({n}) wrong" for w in ws))
'''
    found = dict(unmarked(source))
    assert found[3] == ["Join", "room"] and found[4] == ["Remove"] and found[5] == ["None"]
    assert found[7] == ["How", "they", "play", "one"] and found[11] == ["wrong"]
    assert set(found) == {3, 4, 5, 7, 11}


#: Streamlit's widgets: a widget without a key takes its id from its label, which changes with the language
WIDGETS = {"button", "download_button", "link_button", "text_input", "number_input", "selectbox", "multiselect",
           "radio", "checkbox", "toggle", "slider", "text_area", "select_slider"}


@pytest.mark.parametrize("page", PAGES)
def test_every_widget_has_a_key_of_its_own(page):
    """Rule 5 of issue 26: a widget's label is marked, so its identity is its key (a language switched keeps the
    widget, and two languages' labels never clash)."""
    unkeyed = [node.lineno for node in ast.walk(ast.parse((ROOT / page).read_text()))
               if isinstance(node, ast.Call) and getattr(node.func, "attr", None) in WIDGETS
               and not any(keyword.arg == "key" for keyword in node.keywords)]
    assert unkeyed == []
