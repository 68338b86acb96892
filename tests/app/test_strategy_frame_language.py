"""The Advisor's strategy table is kept per rules and language: a table worked out in English is not shown to a
Hebrew or Czech reader (st.cache_data leaves "_"-named arguments out of its key: the language once was one)."""

from quitlok import QUITLOK
from quitlok.i18n import use
from quitlok.ui import advisor


def test_the_strategy_table_is_kept_per_language():
    advisor._strategy_frame.clear()
    with use("en"):
        english = advisor._strategy_frame(QUITLOK, "en")
    with use("he"):
        hebrew = advisor._strategy_frame(QUITLOK, "he")
    assert english.columns[0] == "First card"
    assert hebrew.columns[0] == "קלף ראשון"
