"""The rules at a glance: the whole game on one screen, and the house rules in force."""

import streamlit as st

from quitlok import ui
from quitlok.i18n import _
from quitlok.rules import rule_summary

ui.through_the_app()

st.title(_("The rules at a glance"))
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

st.header(_("Your table: {rules}").format(rules=rules.name))
st.caption(_("Change these in the sidebar under House rules; the practice table uses them for a new game."))
game = st.session_state.get("play.table")  # a practice game under these rules knows its agreed maximum bet
summary = rule_summary(rules, game.state.max_bet if game is not None and game.state.rules == rules else None)
st.table({_("Rule"): [label for label, _value in summary], _("At your table"): [value for _label, value in summary]})
st.caption(ui.link_citations(ui.content("rules/sources")))
