"""Tables for the advisor page: every action's value, and the best first move for every first card."""

import pandas as pd
import streamlit as st

from quitlok.odds import ACTION_WORDS, strategy_table
from quitlok.rules import RuleSet


def actions_table(values: dict, best: str):
    """Every action's expected result, best first and highlighted."""
    ordered = sorted(values, key=lambda a: (a != best, -float(values[a])))
    frame = pd.DataFrame({
        "Action": [ACTION_WORDS[a].capitalize() for a in ordered],
        "Expected result (chips)": [float(values[a]) for a in ordered],
        "vs best": [float(values[a]) - float(values[best]) for a in ordered],
    })
    return frame.style.format({"Expected result (chips)": "{:+.3f}", "vs best": "{:+.3f}"}).apply(
        lambda row: ["background-color: rgba(201, 162, 39, .25); font-weight: 600" if row.name == 0 else ""] * len(row),
        axis=1)


@st.cache_data(show_spinner="Working out every first card…")
def strategy_frame(rules: RuleSet) -> pd.DataFrame:
    """The best first decision for every first card (rows) against each banker model (columns)."""
    rows = strategy_table(rules)
    frame = pd.DataFrame(rows).pivot(index="card", columns="stands_on", values="best")
    frame = frame.map(lambda action: ACTION_WORDS[action])
    frame.index.name, frame.columns.name = "First card", "Banker stands on"
    return frame
