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
    page = " ".join(texts(open_page(app, "pages/rules.py")).split())
    for said in ("elvaroon", "one chance to raise", "Kvitlach has no", "half of what the banker staked, rounded down",
                 "Not on a lone 11", "17 or more"):
        assert said in page, said


def test_the_rules_page_answers_what_a_new_table_asks(app):
    """How the first banker is chosen, how big a bank is, what a new banker stakes, who cannot pay his share,
    whether the banker may call aluvun, and how to get back into a room after a phone slept."""
    page = " ".join(texts(open_page(app, "pages/rules.py")).split())
    for said in ("the highest banks, and ties are dealt again",  # the first banker
                 "what the table agrees (here 10 of each player's 20 chips)",  # the app's defaults
                 "or all his chips if he has less",  # what a new banker stakes
                 "pays nothing and sits that bank out",  # SPEC section 2
                 "never the banker",  # aluvun: the engine offers it to players only, as the sources do
                 "after a phone slept", "reload it", "the host's tools make a new link to your seat"):
        assert said in page, said
    assert "[\\[1\\]](sources#" in page  # the sources are cited as on the History pages, linked


def test_what_the_rules_page_says_of_the_bank_is_what_the_table_does(app):
    """The defaults the page names are the practice table's, and the banker is never offered aluvun."""
    from quitlok import KVITLACH, QUITLOK
    from quitlok.game import Aluvun, Bet, Draw, Stay, apply_action, legal_actions, new_game

    at = open_page(app, "pages/play.py")
    assert (at.session_state["play.bank"], at.session_state["play.chips"]) == (10, 20)
    for rules, ben in ((QUITLOK, [Bet(1), Stay()]), (KVITLACH, [Bet(1), Draw(), Stay()])):
        s = new_game(rules, ["Ann", "Ben"], banker=0, bank=10, purses=20, stock=[9, 6, 5, 5], seed=1)
        for action in ben:  # Ben: 9, then 5: 14, and stays
            s = apply_action(s, action)
        s = apply_action(s, Draw())  # Ann, the banker: 6, then 5: 11
        assert s.to_act == 0 and s.value(0) == 11
        assert Aluvun() not in legal_actions(s) and Draw() in legal_actions(s)
