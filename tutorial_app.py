"""Quitlok: learn Kvitlach, the Hanukkah 21-game. Start with `streamlit run tutorial_app.py`."""

import streamlit as st

from quitlok import ui
from quitlok.i18n import N_, _
from quitlok.ui import fair, guard, language, nav, presence, progress, session_only


def main() -> None:
    """The app: this run's language, the pages and their list, the page asked for."""
    language.apply()  # this run's language: the address's ?lang=, the visitor's choice, the browser's
    # (quitlok.ui.language)
    st.set_page_config(page_title=_("Quitlok · learn Kvitlach"), page_icon="🕎", layout="wide")

    # the sections' names are keys (quitlok.ui.nav compares one): marked here, translated where drawn
    pages = {
        # Translators: the names of the sections of the list of pages (Start holds the Home page).
        N_("Start"): [st.Page("pages/home.py", title=_("Home"), icon=":material/home:", default=True)],
        N_("Learn"): [
            st.Page("pages/lessons.py", title=_("Lessons, step by step"), icon=":material/school:"),
            st.Page("pages/rules.py", title=_("The rules at a glance"), icon=":material/menu_book:"),
            st.Page("pages/quiz.py", title=_("Quiz"), icon=":material/quiz:"),
            st.Page("pages/review.py", title=_("Review your mistakes"), icon=":material/replay:", url_path="review"),
        ],
        N_("Play"): [
            st.Page("pages/play.py", title=_("Practice table"), icon=":material/playing_cards:"),
            st.Page("pages/together.py", title=_("Play together"), icon=":material/diversity_3:", url_path="together"),
        ],
        N_("Teachers"): [
            st.Page("pages/classroom.py", title=_("Class session"), icon=":material/co_present:", url_path="classroom"),
            st.Page("pages/class_report.py", title=_("Class report"), icon=":material/summarize:",
                    url_path="class_report"),
            st.Page("pages/homework.py", title=_("Homework"), icon=":material/assignment:", url_path="homework"),
            st.Page("pages/teachers.py", title=_("Printables and lesson plans"), icon=":material/print:",
                    url_path="teachers"),
        ],
        N_("Tools"): [
            st.Page("pages/advisor.py", title=_("Advisor: should I bet?"), icon=":material/calculate:"),
            st.Page("pages/lab.py", title=_("Lab: who has the edge?"), icon=":material/science:", url_path="lab"),
        ],
        N_("History"): [
            st.Page("pages/history_origins.py", title=_("Origins and names"), icon=":material/history_edu:"),
            st.Page("pages/history_cards.py", title=_("The cards"), icon=":material/style:"),
            st.Page("pages/history_people.py", title=_("Who wrote the sources"), icon=":material/groups:"),
            st.Page("pages/variants.py", title=_("Variants side by side"), icon=":material/compare_arrows:"),
            st.Page("pages/glossary.py", title=_("Glossary"), icon=":material/translate:"),
            st.Page("pages/sources.py", title=_("Reference list"), icon=":material/library_books:"),
        ],
    }
    # a pupil in a running class session, and the projected screen, see the session alone (quitlok.ui.session_only)
    alone = session_only.alone()
    navigation = st.navigation(pages, position="hidden")  # the app draws the list of pages itself (quitlok.ui.nav)
    if alone and navigation.url_path != pages["Teachers"][0].url_path:
        st.switch_page(pages["Teachers"][0])  # another page's address opens the session (its code is kept)
    with ui.app_run(), fair.fair_share(), guard.page_guard():  # a page that fails says so in the app's words; a
        # visitor whose pages take more than his share of the processor waits for it first (quitlok.ui.fair)
        ui.setup_page()
        language.setup(picker=not alone)  # the sidebar's picker; the page's <html lang dir>; right to left
        if alone:
            session_only.no_sidebar()
        else:
            nav.page_list(pages, navigation)
            ui.house_rules_sidebar()
        progress.load()
        presence.forget()  # the server beats for a room's seats only while a whole run has drawn its part
        # (Play together)
        try:
            navigation.run()
        finally:  # after a page's st.rerun() too (a page that calls st.stop() is saved by the next run's load())
            progress.keep()


# Python's multiprocessing runs this file again, as `__mp_main__`, in a worker process of quitlok.costly spawned at
# the moment another visitor's run had just made it Streamlit's `__main__` (quitlok.ui.internals, the sixteenth
# workaround, closes all but that moment): there the app's pages must not run (one did, in a classroom of five
# devices, and logged a page failure)
if __name__ != "__mp_main__":
    main()
