"""Variants: the rules of Quitlok and Kvitlach side by side, first where they differ, then what they share.

Which rows differ is decided by the engine's own summary of the two presets, so the page cannot call a rule
different when the app plays it the same way."""

import streamlit as st

from quitlok import KVITLACH, QUITLOK, ui
from quitlok.i18n import SOURCE, _, use
from quitlok.rules import rule_summary

ui.through_the_app()

notes = ui.content_sections("history/variants")
st.title(ui.page_title("history/variants"))
st.markdown(notes["intro"])

with use(SOURCE):  # the notes are keyed by the rules' English names (content's headings are keyed in English)
    keys = [label for label, _value in rule_summary(QUITLOK)]
rows = [(q_label if q_label == k_label else f"{q_label} / {k_label}", q_value, k_value, notes[key])
        for key, (q_label, q_value), (k_label, k_value)
        in zip(keys, rule_summary(QUITLOK), rule_summary(KVITLACH), strict=True)]
differ = [row for row in rows if row[1] != row[2]]
shared = [row for row in rows if row[1] == row[2]]

st.header(_("Where the traditions differ"))
st.markdown(notes["Where the traditions differ"])
st.table({
    _("Rule"): [label for label, *_rest in differ],
    # Translators: the names of the two traditions (column headings), as the rules' names are written.
    _("Quitlok"): [q for _label, q, _k, _note in differ],
    _("Kvitlach"): [k for _label, _q, k, _note in differ],
    _("What the sources say"): [ui.link_citations(note) for *_rest, note in differ],
})

st.header(_("What both traditions share"))
st.markdown(notes["What both traditions share"])
st.table({
    _("Rule"): [label for label, *_rest in shared],
    _("Both traditions"): [q for _label, q, _k, _note in shared],
    _("What the sources say"): [ui.link_citations(note) for *_rest, note in shared],
})
st.caption(ui.link_citations(notes["Sources"]))
