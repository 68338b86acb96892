"""The Advisor page, driven by widget keys; every number shown must equal quitlok.odds."""

import json

from streamlit.testing.v1 import AppTest

from quitlok import KVITLACH, QUITLOK
from quitlok.odds import ACTION_WORDS, advise, banker_outcomes, next_card_odds, percent, strategy_table
from tests.app.conftest import APP, open_page, texts


def pick(at, *ranks, seen=False):
    at.radio(key="advisor.target").set_value("Cards I have seen" if seen else "My cards").run()
    for rank in ranks:
        at.button(key=f"advisor.add.{rank}").click().run()
        assert not at.exception
    return at


def charts(at):
    return [json.loads(chart.proto.spec) for chart in at.get("plotly_chart")]


def test_before_any_card_the_page_asks_for_one(app):
    at = open_page(app, "pages/advisor.py")
    assert "Pick your first card" in texts(at)


def test_six_and_five_shows_why_aluvun_is_worth_calling(app):
    at = pick(open_page(app, "pages/advisor.py"), 6, 5)
    advice = advise([6, 5], [], QUITLOK, stake=1, room=2, stands_on=17)
    page = texts(at)
    assert advice.best in ("blot+aluvun", "bet+aluvun")
    assert at.subheader[0].value.lower().startswith("call aluvun")
    assert f"from {percent(advice.bust)} to {percent(advice.bust_with_aluvun)}" in page
    assert "from 9.1% to 0.43%" in page and "2 of the 22 unseen cards would bust you" in page
    assert "Should I call aluvun?** **Yes.**" in page


def test_the_next_card_chart_shows_the_exact_odds(app):
    at = pick(open_page(app, "pages/advisor.py"), 10, 3)
    at = pick(at, 9, 9, 11, seen=True)
    spec = charts(at)[0]
    bar = spec["data"][0]
    odds = next_card_odds([10, 3], [9, 9, 11], QUITLOK)
    shown = dict(zip(bar["x"], bar["y"], strict=True))
    assert {int(k): v for k, v in shown.items() if v} == odds
    assert shown["9"] == 0
    colours = dict(zip(bar["x"], bar["marker"]["color"], strict=True))
    assert (colours["1"], colours["8"], colours["12"]) == ("#56B4E9", "#009E73", "#D55E00")  # safe, 21, bust


def test_the_banker_chart_and_the_table_equal_the_odds(app):
    at = open_page(app, "pages/advisor.py")
    at.select_slider(key="advisor.stands_on").set_value(16).run()
    at = pick(at, 10, 8)
    bar = charts(at)[1]["data"][0]
    expected = banker_outcomes([10, 8], [], QUITLOK, stands_on=16)
    assert dict(zip(bar["x"], bar["y"], strict=True)) == {str(k): v for k, v in expected.items()}
    advice = advise([10, 8], [], QUITLOK, stake=1, room=2, stands_on=16)
    table = at.dataframe[0].value
    assert table.iloc[0]["Expected result (chips)"] == advice.values[advice.best]
    assert sorted(table["Expected result (chips)"]) == sorted(advice.values.values())


def test_the_picker_refuses_more_copies_than_the_pack_holds(app):
    at = pick(open_page(app, "pages/advisor.py"), 7, 7)
    assert at.button(key="advisor.add.7").disabled
    assert at.session_state["advisor.hand"] == [7, 7]
    at.button(key="advisor.undo.hand").click().run()
    assert at.session_state["advisor.hand"] == [7] and not at.button(key="advisor.add.7").disabled


def test_kvitlach_asks_whether_to_bet_at_all(app):
    app.sidebar.selectbox(key="rules.preset").set_value("Kvitlach").run()
    at = open_page(app, "pages/advisor.py")
    at.number_input(key="advisor.stake").set_value(0).run()
    at = pick(at, 9)
    assert "Each chip you bet on this card is worth" in texts(at)
    assert at.button(key="advisor.add.9").label == "9 · 3 left"
    advice = advise([9], [], KVITLACH, stake=0, room=2, stands_on=17)
    assert set(at.dataframe[0].value["Action"]) == {ACTION_WORDS[a].capitalize() for a in advice.values}


def test_a_link_with_impossible_cards_gets_a_clear_message(app):
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.query_params["hand"] = "6,5,5,5"
    at.switch_page("pages/advisor.py").run()
    assert not at.exception
    assert "The link's cards are not possible" in at.error[0].value and "3 cards numbered 5" in at.error[0].value


def test_a_link_can_set_the_position(app):
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.query_params["hand"] = "6,5"
    at.query_params["seen"] = "10"
    at.switch_page("pages/advisor.py").run()
    assert not at.exception
    assert at.session_state["advisor.hand"] == [6, 5] and at.session_state["advisor.seen"] == [10]
    assert "1 would give you 21 at once" in texts(at)


def test_the_strategy_table_shows_the_best_first_move_for_every_card(app):
    at = open_page(app, "pages/advisor.py")
    shown = at.dataframe[-1].value
    for row in strategy_table(QUITLOK):
        assert shown.loc[row["card"], row["stands_on"]] == ACTION_WORDS[row["best"]]
