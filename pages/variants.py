"""Variants: every rule difference between Quitlok and Kvitlach, side by side, with its sources."""

import streamlit as st

from quitlok import KVITLACH, QUITLOK, ui
from quitlok.rules import rule_summary

ui.through_the_app()

notes = ui.content_sections("history/variants")
st.title(ui.content("history/variants").splitlines()[0].removeprefix("# "))
st.markdown(notes["intro"])
quitlok, kvitlach = rule_summary(QUITLOK), rule_summary(KVITLACH)
st.table({
    "Rule": [label for label, _ in quitlok],
    "Quitlok": [value for _, value in quitlok],
    "Kvitlach": [value for _, value in kvitlach],
    "What the sources say": [notes[label] for label, _ in quitlok],
})
st.caption(notes["Sources"])
