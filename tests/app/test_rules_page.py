"""The Rules page says the maximum bet the way the table agrees it: in chips, with the table's number."""

from tests.app.conftest import open_page, texts


def _max_bet_row(at) -> str:
    frame = at.table[0].value
    return frame[frame["Rule"] == "Maximum bet"]["At your table"].iloc[0]


def test_quitlok_has_no_maximum_bet_beyond_the_bank(app):
    at = open_page(app, "pages/rules.py")
    assert _max_bet_row(at) == "none: only the bank limits a bet"


def test_kvitlach_names_the_maximum_bet_in_chips_and_the_tables_number(app):
    app.sidebar.selectbox(key="rules.preset").set_value("Kvitlach").run()
    at = open_page(app, "pages/rules.py")
    assert "agreed in chips before the game" in _max_bet_row(at)
    assert not _max_bet_row(at).endswith("of the bank")  # the old, misleading "1/4 of the bank"
    at = open_page(at, "pages/play.py")
    at.button(key="play.start").click().run()
    table = at.session_state["play.table"]
    at = open_page(at, "pages/rules.py")
    assert _max_bet_row(at) == f"agreed before the game: {table.state.max_bet} chips"


def test_the_rules_page_tells_the_kvitlach_differences_the_lessons_teach(app):
    page = texts(open_page(app, "pages/rules.py"))
    for said in ("elvaroon", "one chance to raise", "Kvitlach has no", "half the banker's stake",
                 "Not on a lone 11", "17 or more"):
        assert said in page, said
