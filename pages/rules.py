"""The rules at a glance: the whole game on one screen, and the house rules in force."""

import streamlit as st

from quitlok import ui
from quitlok.rules import rule_summary

ui.through_the_app()

st.title("The rules at a glance")
rules = ui.current_rules()

sections, headings = ui.content_sections("rules/summary"), ui.headings("rules/summary")
left, right = st.columns(2)
for i, (key, text) in enumerate(sections.items()):
    with left if i < (len(sections) + 1) // 2 else right:
        st.header(headings[key])
        st.markdown(ui.link_citations(text))

together = ui.headings("rules/together")
for key, text in ui.content_sections("rules/together").items():
    st.header(together[key])
    st.markdown(text)

st.header(f"Your table: {rules.name}")
st.caption("Change these in the sidebar under House rules; the practice table uses them for a new game.")
game = st.session_state.get("play.table")  # a practice game under these rules knows its agreed maximum bet
summary = rule_summary(rules, game.state.max_bet if game is not None and game.state.rules == rules else None)
st.table({"Rule": [label for label, _ in summary], "At your table": [value for _, value in summary]})
st.caption(ui.link_citations(ui.content("rules/sources")))
