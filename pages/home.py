"""Home: what Kvitlach is, in a few lines, and where a newcomer and a teacher should go."""

import streamlit as st

from quitlok import ui
from quitlok.i18n import _, ngettext
from quitlok.lessons import LESSONS
from quitlok.progress import MAX_CODE, Progress, ProgressError
from quitlok.ui import progress as learner

ui.through_the_app()
if target := st.session_state.pop("home.go_to", None):  # Go on was pressed: its callback chose the page
    st.switch_page(target)

def words(key: str) -> str:
    return ui.content_sections("home/progress")[key]


def welcome_back(kept: Progress) -> None:
    """Where a returning learner is: lessons done, quiz topics mastered, and one button to go on."""
    done = [lesson.slug for lesson in LESSONS if (r := kept.lessons.get(lesson.slug)) and r.done]
    mastered, met = kept.topics_mastered()  # the Quiz's summary counts them the same way
    with st.container(border=True, key="home-welcome-back"):
        st.header(_("Welcome back"))
        st.caption(words("back"))
        a, b, c = st.columns(3)
        # Translators: a count shown as a figure, such as "3 of 12" (lessons done, topics mastered).
        a.metric(_("Lessons done"), _("{done} of {total}").format(done=len(done), total=len(LESSONS)))
        b.metric(_("Quiz topics mastered"),
                 _("{done} of {total}").format(done=mastered, total=met) if met else _("none yet"),
                 help=ui.content_sections("quiz/page")["mastered"])
        due = len(kept.due(learner.now()))
        c.metric(_("Positions due for review"), due)
        if due:
            st.page_link("pages/review.py", label=ngettext("Review {n} position where a move cost you chips",
                                                          "Review {n} positions where a move cost you chips",
                                                          due).format(n=due),
                         icon=":material/replay:")
        step = next((i for i, lesson in enumerate(LESSONS) if lesson.slug not in done), None)
        if step is not None:
            title = ui.lesson_words(LESSONS[step].slug)[0]
            st.button(_("Go on: lesson {number}, {title}").format(number=step + 1, title=title), type="primary",
                      key="home.go_on",
                      icon=":material/play_arrow:", on_click=go_on, args=("pages/lessons.py", step))
        else:
            st.button(_("Go on: a round of the quiz"), type="primary", key="home.go_on", icon=":material/quiz:",
                      on_click=go_on, args=("pages/quiz.py",))


def go_on(page: str, step: int | None = None) -> None:
    """The Go on button: the lessons at `step` (the lessons page reads "lesson.step"), or the quiz."""
    if step is not None:
        st.session_state["lesson.step"] = step
    st.session_state["home.go_to"] = page


def load_code() -> None:
    try:
        loaded = Progress.from_share_code(st.session_state.get("home.code", ""))
    except ProgressError as refused:
        st.session_state["home.note"] = ("error", ui.escape_markdown(str(refused)))  # it may repeat the code's words
        return
    learner.update(lambda old: loaded)
    st.session_state["home.note"] = ("success", words("loaded"))


def forget() -> None:
    learner.forget()
    st.session_state["home.note"] = ("success", words("forgotten"))


def progress_tools(kept: Progress) -> None:
    """Copy the progress to another device, load it from one, or forget it."""
    with st.expander(_("Your progress on this device: copy, load or forget"), key="home.tools",
                     on_change="rerun") as tools:  # drawn only when opened: each widget costs every page load
        if not tools.open:
            return
        st.caption(words("kept"))
        if kind_and_text := st.session_state.pop("home.note", None):
            kind, text = kind_and_text
            (st.error if kind == "error" else st.success)(text)  # an error's text is escaped: see load_code
        if not kept.empty:
            st.markdown(words("copy"))
            st.code(kept.share_code(), language=None, wrap_lines=True)
        st.text_input(_("Load progress"), key="home.code", placeholder="QL1-…", help=words("load"),
                      max_chars=MAX_CODE)
        st.button(_("Load progress"), key="home.load", on_click=load_code, icon=":material/upload:")
        if aside := learner.kept_aside():
            st.caption(words("aside_kept").format(count=str(aside)))
        if not kept.empty or aside:
            sure = st.checkbox(words("forget"), key="home.sure")
            st.button(_("Forget my progress"), key="home.forget", disabled=not sure, on_click=forget,
                      icon=":material/delete:")

st.title(_("Quitlok: learn Kvitlach"))
kept = learner.current()
if not kept.empty:
    welcome_back(kept)
st.markdown(ui.content("home/intro"))
st.caption(ui.content("home/pack"))
ui.show_cards(tuple(range(1, 13)), (True,) * 12, mine=False, small=True)

newcomer, teacher = st.columns(2, border=True)
with newcomer:
    st.header(_("New to the game?"))
    st.markdown(ui.content("home/newcomer"))
    st.page_link("pages/lessons.py", label=_("Start the lessons (about twenty minutes)"), icon=":material/school:")
    st.page_link("pages/play.py", label=_("Play a practice hand"), icon=":material/playing_cards:")
    st.page_link("pages/advisor.py", label=_("Ask the advisor: should I bet?"), icon=":material/calculate:")
with teacher:
    st.header(_("Teaching a class?"))
    st.markdown(ui.content("home/teacher"))
    st.page_link("pages/rules.py", label=_("Rules to show the class"), icon=":material/menu_book:")
    st.page_link("pages/history_origins.py", label=_("History and culture, with sources"),
                 icon=":material/history_edu:")
    st.page_link("pages/variants.py", label=_("How family traditions differ"), icon=":material/compare_arrows:")
    st.page_link("pages/play.py", label=_("Play a hand together"), icon=":material/groups:")

progress_tools(kept)

st.caption(ui.content("home/sources"))
