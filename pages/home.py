"""Home: what Kvitlach is, in a few lines, and where a newcomer and a teacher should go."""

import streamlit as st

from quitlok import ui

ui.through_the_app()

st.title("Quitlok: learn Kvitlach")
st.markdown(ui.content("home/intro"))
st.caption(ui.content("home/pack"))
ui.show_cards(tuple(range(1, 13)), (True,) * 12, mine=False, small=True)

newcomer, teacher = st.columns(2, border=True)
with newcomer:
    st.subheader("New to the game?")
    st.markdown(ui.content("home/newcomer"))
    st.page_link("pages/lessons.py", label="Start the lessons (about twenty minutes)", icon=":material/school:")
    st.page_link("pages/play.py", label="Play a practice hand", icon=":material/playing_cards:")
    st.page_link("pages/advisor.py", label="Ask the advisor: should I bet?", icon=":material/calculate:")
with teacher:
    st.subheader("Teaching a class?")
    st.markdown(ui.content("home/teacher"))
    st.page_link("pages/rules.py", label="Rules to show the class", icon=":material/menu_book:")
    st.page_link("pages/history_origins.py", label="History and culture, with sources", icon=":material/history_edu:")
    st.page_link("pages/variants.py", label="How family traditions differ", icon=":material/compare_arrows:")
    st.page_link("pages/play.py", label="Play a hand together", icon=":material/groups:")

st.caption(ui.content("home/sources"))
