"""The teacher's own questions on the teacher's device (issue 24, item 6): write multiple-choice questions, ask
them in the class session among the engine's, and keep them for the next class.

The set (quitlok.classroom.own.QuestionSet) is kept in this browser's local storage, through the same keeper as a
learner's progress (quitlok.ui.browser.local_storage, under a name of its own), so it is there at the next class
on this device; a file to download and open again carries it to another device. A set found in the browser that
this page did not write (another tab, an earlier visit) is joined with the one on the page, never written over.
"""

from collections.abc import Callable

import streamlit as st

from quitlok.classroom.errors import BadOwnQuestion
from quitlok.classroom.own import (
    MOST_OPTIONS,
    MOST_QUESTIONS,
    MOST_SET_CHARS,
    OPTION_CHARS,
    PROMPT_CHARS,
    WHY_CHARS,
    OwnQuestion,
    QuestionSet,
)
from quitlok.i18n import _
from quitlok.ui import browser, internals
from quitlok.ui.words import content_sections, escape_markdown

#: the name of the set in the browser's local storage
STORAGE_NAME = "quitlok.own_questions"
#: the set on this page, and the number of the browser's last report taken up
SET, TAKEN, PROBLEM, FOLD = "own.set", "own.taken", "own.problem", "own.open"


def words(key: str) -> str:
    return content_sections("classroom/own")[key]


def current() -> QuestionSet:
    found = st.session_state.get(SET)
    return found if isinstance(found, QuestionSet) else QuestionSet()


def keep() -> None:
    """The browser's keeper of the set: writes the set as it is; takes up a set the browser holds that this page
    did not write, joined with this page's (the page is drawn again with it)."""
    ss = st.session_state
    text = current().to_text() if current().questions else ""
    report = browser.local_storage(STORAGE_NAME, text, taken=ss.get(TAKEN, 0), place="own-questions",
                                   most=MOST_SET_CHARS)
    if report is None or report.seq <= ss.get(TAKEN, 0):
        return
    ss[TAKEN] = report.seq
    try:
        stored = QuestionSet.from_text(report.text) if report.text else QuestionSet()
    except BadOwnQuestion as problem:
        ss[PROBLEM] = f"{words('unreadable')} {problem}"
        return
    ss[SET] = joined(current(), stored)
    st.rerun()


def joined(mine: QuestionSet, theirs: QuestionSet) -> QuestionSet:
    """Both sets' questions, this page's first, each once, as many as a set holds."""
    together = list(dict.fromkeys(mine.questions + theirs.questions))
    return QuestionSet(tuple(together[:MOST_QUESTIONS]))


def panel(ask: Callable[[OwnQuestion], None], *, asking: bool) -> None:
    """The teacher's own questions: each with its Ask button (disabled while a round is open, `asking` False),
    a form to write a new one, and the set as a file to take to another device."""
    ss = st.session_state
    kept = current()
    internals.keep_fold(FOLD)  # open as the teacher left it, while he writes one question after another
    with st.expander(_("Your own questions ({n})").format(n=len(kept.questions)), key=FOLD, on_change="rerun"):
        st.caption(words("intro"))
        if problem := ss.pop(PROBLEM, None):
            st.error(escape_markdown(problem), icon=":material/error:")
        for index, question in enumerate(kept.questions):
            with st.container(border=True, key=f"own-question-{index}"):
                options = (("✓ " if i == question.answer else "") + escape_markdown(o)
                           for i, o in enumerate(question.options))
                st.markdown(f"**{escape_markdown(question.prompt)}**  \n" + " · ".join(options))
                go, drop = st.columns(2)
                go.button(_("Ask it now"), key=f"own.ask.{index}", icon=":material/help:", disabled=not asking,
                          on_click=ask, args=(question,))
                drop.button(_("Remove"), key=f"own.remove.{index}", icon=":material/delete:",
                            on_click=_remove, args=(index,))
        _writing_form()
        _file(kept)
    keep()


def _remove(index: int) -> None:
    try:
        st.session_state[SET] = current().removed(index)
    except BadOwnQuestion as problem:
        st.session_state[PROBLEM] = str(problem)


def _writing_form() -> None:
    with st.form("own.new", clear_on_submit=True, border=True):
        st.markdown(_("**Write a question**"))
        st.text_area(_("Question"), key="own.prompt", max_chars=PROMPT_CHARS, height=80,
                     placeholder=_("for example: What does the Yiddish word kvitl mean?"))
        for i in range(MOST_OPTIONS):
            # Translators: a field for one answer of a multiple-choice question: "Option A"
            label = _("Option {letter} (may stay empty)") if i >= 2 else _("Option {letter}")
            st.text_input(label.format(letter=chr(65 + i)), key=f"own.option.{i}", max_chars=OPTION_CHARS)
        st.radio(_("The right answer"), range(MOST_OPTIONS), key="own.right", horizontal=True,
                 format_func=lambda i: chr(65 + i))
        st.text_area(_("Why (shown with the answer; may stay empty)"), key="own.why", max_chars=WHY_CHARS, height=68)
        st.form_submit_button(_("Keep this question"), icon=":material/add:", on_click=_add, key="own.keep")


def _add() -> None:
    ss = st.session_state
    filled = [(i, ss.get(f"own.option.{i}", "").strip()) for i in range(MOST_OPTIONS)]
    options = [text for _, text in filled if text]
    right = ss.get("own.right", 0)
    if not filled[right][1]:
        ss[PROBLEM] = words("right_empty")
        return
    answer = [i for i, text in filled if text].index(right)
    try:
        ss[SET] = current().added(OwnQuestion(ss.get("own.prompt", ""), tuple(options), answer, ss.get("own.why", "")))
    except BadOwnQuestion as problem:
        ss[PROBLEM] = str(problem)


def _file(kept: QuestionSet) -> None:
    st.caption(words("file"))
    if kept.questions:
        st.download_button(_("Download your questions"), kept.to_text(), file_name="quitlok-own-questions.json",
                           mime="application/json", key="own.download", icon=":material/download:")
    st.file_uploader(_("Open a file of questions"), type=["json"], key="own.file", on_change=_open_file)


def _open_file() -> None:
    ss = st.session_state
    upload = ss.get("own.file")
    if upload is None:
        return
    try:
        opened = QuestionSet.from_text(upload.getvalue()[:MOST_SET_CHARS + 1])
    except BadOwnQuestion as problem:
        ss[PROBLEM] = str(problem)
        return
    ss[SET] = joined(current(), opened)
