"""Class report: a class session's per-question and per-pupil results on the teacher's device, as CSV files,
and a review after class (quitlok.classroom.report, read by quitlok.classroom.records).

The address holds the session's code (?class=); the teacher's key is the one the Class session page keeps in
this browser (its cookie, or this visit's own), so only the device the class was taught from opens it.
"""

import os

import pandas as pd
import streamlit as st

from quitlok import ui
from quitlok.classroom.own import OWN
from quitlok.classroom.records import session_report
from quitlok.classroom.report import mark
from quitlok.classroom.store import Classes
from quitlok.i18n import _, percent
from quitlok.rooms import NotHost, RoomNotFound
from quitlok.rooms.store import IDLE_SECONDS
from quitlok.ui import browser, names, positions

ui.through_the_app()


@st.cache_resource
def store(url: str | None) -> Classes:
    return Classes(url)


def words(key: str, **values: str) -> str:
    """The class session's words; {hours}: how long an idle session is kept (quitlok.rooms.store.IDLE_SECONDS)."""
    return ui.content_sections("classroom/help")[key].format(hours=IDLE_SECONDS // 3600, **values)


def teacher_key(code: str) -> str | None:
    """The teacher's key of session `code` held by this browser: this visit's (the Class session page's), else
    the cookie that page keeps."""
    ss = st.session_state
    if ss.get("class.code") == code and ss.get("class.teacher") and ss.get("class.key"):
        return ss["class.key"]
    return browser.cookie(f"quitlok_class_{code}")


st.title(_("Class report"))
code = "".join((st.query_params.get("class") or st.session_state.get("class.code") or "").split()).upper()[:12]
if not code:
    st.info(words("report_no_code"), icon=":material/info:")
    st.stop()
classes = store(os.environ.get("QUITLOK_DATABASE_URL"))
try:
    report = session_report(classes, code, teacher_key(code) or "")
except RoomNotFound:
    st.error(words("not_found", code=ui.escape_markdown(code)), icon=":material/search_off:")
    st.stop()
except NotHost:
    st.warning(words("report_no_key"), icon=":material/lock:")
    st.stop()
st.query_params["class"] = code
st.markdown(words("report_intro", code=code))
st.page_link("pages/classroom.py", label=_("Back to the class session"), icon=":material/co_present:",
             query_params={"class": code})
if not report.questions:
    st.caption(_("No question has been revealed yet."))
    st.stop()
st.subheader(_("Questions"))
QUESTION = _("Question")
st.table(pd.DataFrame(
    [(_("Question {n}").format(n=q.number), q.title, q.answered, q.right, percent(q.share, 0),
      "; ".join(f"{w} ({n})" for w, n, _note in q.wrong)) for q in report.questions],
    # Translators: the columns of the table of questions; Kind: which kind of question; Right: how many answered right
    columns=[QUESTION, _("Kind"), _("Answers"), _("Right"), _("Share right"), _("Wrong answers given")]
).set_index(QUESTION))
with st.container(key="class-report-again"):
    for q in report.questions:
        with st.expander(_("Show question {n} again: {title}").format(n=q.number, title=q.title)):
            if q.question.position is not None:
                positions.position(q.question.position)
            st.markdown(ui.escape_markdown(q.question.prompt) if q.question.kind == OWN else q.question.prompt)
            for i, option in enumerate(q.question.options):
                st.markdown(f"**{chr(65 + i)}. {ui.escape_markdown(option)}**")
            why = ui.escape_markdown(q.question.why) if q.question.kind == OWN else q.question.why
            st.success(_("**The exact answer: {answer}.** {why}").format(answer=ui.escape_markdown(q.answer), why=why),
                       icon=":material/check_circle:")
            for shown, count, note in q.wrong:
                st.markdown(f"- {ui.escape_markdown(shown)}: {count}" + (f" · {ui.escape_markdown(note)}" if note
                                                                           else ""))
st.subheader(_("Pupils"))
PUPIL = _("Pupil")
st.table(pd.DataFrame(
    [(names.markdown(p.name), p.asked, p.answered, p.right, *(mark(a) for a in p.answers)) for p in report.pupils],
    # Translators: Q{n}: the heading of a table's column for question number {n}, as short as can be
    columns=[PUPIL, _("Asked while there"), _("Answered"), _("Right"), *(_("Q{n}").format(n=q.number)
                                                                          for q in report.questions)]
).set_index(PUPIL))
left, right = st.columns(2)
left.download_button(_("Pupils' results (CSV)"), report.pupils_csv(), file_name=f"quitlok-class-{code}-pupils.csv",
                     mime="text/csv", key="report.pupils_csv", icon=":material/download:")
right.download_button(_("Questions (CSV)"), report.questions_csv(), file_name=f"quitlok-class-{code}-questions.csv",
                      mime="text/csv", key="report.questions_csv", icon=":material/download:")
