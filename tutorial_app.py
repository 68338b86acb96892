"""Quitlok: learn Kvitlach, the Hanukkah 21-game. Start with `streamlit run tutorial_app.py`."""

import streamlit as st

from quitlok import ui

st.set_page_config(page_title="Quitlok · learn Kvitlach", page_icon="🕎", layout="wide")

pages = {
    "Start": [st.Page("pages/home.py", title="Home", icon=":material/home:", default=True)],
    "Learn": [
        st.Page("pages/lessons.py", title="Lessons, step by step", icon=":material/school:"),
        st.Page("pages/rules.py", title="The rules at a glance", icon=":material/menu_book:"),
        st.Page("pages/quiz.py", title="Quiz", icon=":material/quiz:"),
    ],
    "Play": [st.Page("pages/play.py", title="Practice table", icon=":material/playing_cards:")],
    "Tools": [st.Page("pages/advisor.py", title="Advisor: should I bet?", icon=":material/calculate:")],
}
navigation = st.navigation(pages)
ui.setup_page()
ui.house_rules_sidebar()
navigation.run()
