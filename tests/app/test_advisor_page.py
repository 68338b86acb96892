"""The Advisor page, driven by widget keys; every number shown must equal quitlok.odds."""

import re
from fractions import Fraction
from html.parser import HTMLParser

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from quitlok import KVITLACH, QUITLOK
from quitlok.bank_odds import OpenHand, banker_advice
from quitlok.odds import (
    action_words,
    advise,
    banker_outcomes,
    chance_words,
    next_card_odds,
    percent,
    position_value,
    strategy_table,
)
from quitlok.rules import banker_model_words
from quitlok.stock import Stock
from quitlok.ui.advisor import choices_html, signed
from tests.app.conftest import APP, html_text, open_page, single_rules, texts
from tests.app.test_link_text import as_read, raw_signs

ANY_TIME = "Any time, a card with every bet"


def pick(at, *ranks, seen=False):
    at.radio(key="advisor.target").set_value("Cards I have seen" if seen else "My cards").run()
    for rank in ranks:
        at.button(key=f"advisor.add.{rank}").click().run()
        assert not at.exception
    return at


class _Bars(HTMLParser):
    """The Advisor's charts (quitlok/ui/bars.py) read back from their HTML: each chart's name and size, and
    for each column its name and bars (the chance, the colour, the words above it and what it says)."""

    def __init__(self):
        super().__init__()
        self.charts, self.above = [], None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        if tag == "figure" and "ql-bars" in classes:
            self.charts.append({"title": a["aria-label"], "large": "ql-large" in classes, "columns": {}})
        elif "ql-col" in classes:
            self.column = self.charts[-1]["columns"].setdefault(a["data-name"], [])
        elif "ql-bar" in classes:
            colour = re.findall(r"#[0-9A-Fa-f]{6}", a["style"])[-1]
            self.column.append({"value": float(a["data-value"]), "colour": colour, "says": a["aria-label"],
                                "above": "", "pattern": "gradient" in a["style"]})
        elif "ql-above" in classes:
            self.above = self.column[-1]

    def handle_data(self, data):
        if self.above is not None:
            self.above["above"] += data

    def handle_endtag(self, tag):
        self.above = None


def charts(at) -> list[dict]:
    reader = _Bars()
    for element in at.get("html"):
        reader.feed(element.proto.body)
    return reader.charts


class _Choices(HTMLParser):
    """The table of every choice (quitlok.ui.advisor.choices_html) read back from its HTML: its headings, and
    per row each cell's words, with the exact number a number cell keeps in `data-value`, and whether the row
    is marked best."""

    def __init__(self):
        super().__init__()
        self.head, self.rows, self.cell, self.inside, self.in_head = [], [], None, False, False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "table" and "ql-choices" in (a.get("class") or ""):
            self.inside = True
        elif self.inside and tag == "thead":
            self.in_head = True
        elif self.inside and tag == "tr" and not self.in_head:
            self.rows.append({"best": a.get("class") == "ql-best", "cells": []})
        elif self.inside and tag in ("th", "td"):
            self.cell = [a.get("data-value"), ""]

    def handle_data(self, data):
        if self.cell is not None:
            self.cell[1] += data

    def handle_endtag(self, tag):
        if tag == "table":
            self.inside = False
        elif tag == "thead":
            self.in_head = False
        elif self.cell is not None and tag in ("th", "td"):
            (self.head if self.in_head else self.rows[-1]["cells"]).append(tuple(self.cell))
            self.cell = None


def _choices_read(at) -> _Choices:
    reader = _Choices()
    for element in at.main.get("html"):
        reader.feed(element.proto.body)
    return reader


def choices(at) -> pd.DataFrame:
    """The Advisor's table of every choice, as a frame of exact values: Choice, Chips on average, Compared
    with the best."""
    reader = _choices_read(at)
    return pd.DataFrame([[float(value) if value else words for value, words in row["cells"]] for row in reader.rows],
                        columns=[words for _, words in reader.head])


def from_link(**params) -> AppTest:
    """The advisor opened by a link carrying `params` (?hand=6,5&rules=kvitlach...)."""
    at = AppTest.from_file(APP, default_timeout=60)
    for name, value in params.items():
        at.query_params[name] = value
    at.run()
    at.switch_page("pages/advisor.py").run()
    assert not at.exception, at.exception
    return at


def main_words(at) -> str:
    """Every word the page itself shows (not the shared sidebar): text, tables, widget labels and help."""
    main = at.main
    kinds = ("markdown", "caption", "subheader", "header", "title", "info", "error", "warning", "expander")
    parts = [getattr(e, "value", None) or getattr(e, "label", "") for kind in kinds for e in main.get(kind)]
    parts += [t.value.to_string() + " ".join(t.value.columns) for t in main.table]
    parts.append(html_text(main))
    for kind in ("button", "radio", "number_input", "select_slider"):
        parts += [f"{e.label} {e.help or ''}" for e in main.get(kind)]
    return "\n".join(str(p) for p in parts)


def test_before_any_card_the_page_asks_for_one(app):
    at = open_page(app, "pages/advisor.py")
    assert "Pick your first card" in texts(at)


def test_six_and_five_shows_why_aluvun_is_worth_calling(app):
    at = pick(open_page(app, "pages/advisor.py"), 6, 5)
    advice = advise([6, 5], [], QUITLOK, stake=1, room=2, stands_on=17)
    page = texts(at)
    assert advice.best in ("blot+aluvun", "bet+aluvun")
    assert at.header[0].value == action_words(QUITLOK)[advice.best].capitalize()
    assert f"from {percent(advice.bust)} to {percent(advice.bust_with_aluvun)}" in page
    assert "from 9.1% to 0.43%" in page and "2 of the 22 unseen cards would bust you" in page
    assert "Should I call aluvun?** **Yes.**" in page
    assert "Next card: 2 in 22 would bust you (9.1%); with aluvun, 0.43%" in page
    assert f"assuming {banker_model_words(17)}" in page


def test_the_next_card_chart_shows_the_exact_odds(app):
    at = pick(open_page(app, "pages/advisor.py"), 10, 3)
    at = pick(at, 9, 9, 11, seen=True)
    columns = charts(at)[0]["columns"]
    odds = next_card_odds([10, 3], [9, 9, 11], QUITLOK)
    shown = {name: bars[0]["value"] for name, bars in columns.items()}
    assert {int(k): v for k, v in shown.items() if v} == pytest.approx(odds)
    assert list(shown) == [str(r) for r in range(1, 13)] and shown["9"] == 0
    looks = {name: (bars[0]["colour"], bars[0]["pattern"]) for name, bars in columns.items()}
    assert (looks["1"], looks["8"], looks["12"]) == (("#56B4E9", False), ("#009E73", True), ("#D55E00", True))
    assert columns["11"][0]["above"] == "1", "how many 11s are still unseen"
    assert columns["12"][0]["says"] == "next card 12: 11% (2 in 19), busts you"


def test_the_banker_chart_and_the_table_equal_the_odds(app):
    at = open_page(app, "pages/advisor.py")
    at.select_slider(key="advisor.stands_on").set_value(16).run()
    at = pick(at, 10, 8)
    columns = charts(at)[1]["columns"]
    expected = banker_outcomes([10, 8], [], QUITLOK, stands_on=16)
    assert {name: bars[0]["value"] for name, bars in columns.items()} == pytest.approx(
        {str(k): v for k, v in expected.items()})
    assert columns["bust"][0]["colour"] == "#009E73" and columns["bust"][0]["pattern"], "good for the player: green"
    advice = advise([10, 8], [], QUITLOK, stake=1, room=2, stands_on=16)
    table = choices(at)
    words = action_words(QUITLOK)
    assert table.iloc[0]["Choice"] == words[advice.best].capitalize()
    assert table.iloc[0]["Chips on average"] == advice.values[advice.best]
    assert dict(zip(table["Choice"], table["Chips on average"], strict=True)) == {
        words[a].capitalize(): v for a, v in advice.values.items()}
    assert f"assuming {banker_model_words(16)}" in texts(at)
    assert "Where the banker ends: you win if he busts or ends below your 18" in texts(at)


def test_the_table_of_choices_shows_signed_chips_and_marks_the_best_row(app):
    """What people read in the table: three places with their sign (0.000 for the best against itself, never
    -0.000), each choice a row heading, and the best row marked (bold on gold) and first."""
    at = pick(open_page(app, "pages/advisor.py"), 6, 5)
    reader = _choices_read(at)
    assert [words for _, words in reader.head] == ["Choice", "Chips on average", "Compared with the best"]
    assert [row["best"] for row in reader.rows] == [True] + [False] * (len(reader.rows) - 1)
    for row in reader.rows:
        (_, choice), *numbers = row["cells"]
        assert choice and all(words == signed(float(value)) for value, words in numbers)
    assert reader.rows[0]["cells"][2][1] == "0.000"
    assert [signed(x) for x in (-0.0004, -1e-17, 0.0, 0.1234, -0.03)] == ["0.000", "0.000", "0.000", "+0.123",
                                                                         "-0.030"]
    assert 'scope="row"' in choices_html({"Stay": 0.0}) and "<script>" not in choices_html({"<script>": 0.0})


def test_the_picker_refuses_more_copies_than_the_pack_holds(app):
    at = pick(open_page(app, "pages/advisor.py"), 7, 7)
    assert at.button(key="advisor.add.7").disabled
    assert at.session_state["advisor.hand"] == [7, 7]
    at.button(key="advisor.undo.hand").click().run()
    assert at.session_state["advisor.hand"] == [7] and not at.button(key="advisor.add.7").disabled


def test_kvitlach_offers_only_the_banker_models_its_rules_allow(app):
    """Kvitlach's banker must draw on 16 or less: no 15 or 16 in the slider or the strategy table."""
    at = open_page(app, "pages/advisor.py")
    at.select_slider(key="advisor.stands_on").set_value(15).run()
    at.sidebar.selectbox(key="rules.preset").set_value("Kvitlach").run()
    slider = at.select_slider(key="advisor.stands_on")
    assert slider.options == ["17", "18"] and slider.value == 17
    assert "he stands on 17 at the least" in slider.help
    assert not at.table, "the strategy table is drawn only when its expander is opened"
    table = strategy_shown(at)
    assert list(table.columns) == ["Banker stands on 17", "Banker stands on 18"]
    for card in range(1, 13):
        for total in (17, 18):
            bet = position_value([card], [], KVITLACH, stake=1, room=0, stands_on=total) > 0
            assert table.loc[card, f"Banker stands on {total}"] == ("Bet 1" if bet else "Stay out")
    assert list(table.index[table["Banker stands on 17"] == "Bet 1"]) == [2, 11, 12]
    assert "whether to bet 1 chip before your next card or stay out" in texts(at)
    at = pick(at, 9)
    assert f"assuming {banker_model_words(17)}" in texts(at)


def strategy_shown(at):
    """The strategy table, its expander opened as a visitor opens it."""
    at.session_state["advisor.strategy"] = True
    at.run()
    assert not at.exception, at.exception
    return at.table[-1].value.set_index("First card")


def test_the_strategy_table_shows_the_best_first_move_for_every_card(app):
    at = open_page(app, "pages/advisor.py")
    shown = strategy_shown(at)
    assert list(shown.columns) == [f"Banker stands on {t}" for t in QUITLOK.banker_models]
    assert list(shown.index) == list(range(1, 13))
    words = action_words(QUITLOK)
    for row in strategy_table(QUITLOK):
        assert shown.loc[row["card"], f"Banker stands on {row['stands_on']}"] == words[row["best"]].capitalize()
    assert not at.dataframe, "tables show their full text, with no scrolling inside"


@pytest.mark.parametrize("preset", ["Quitlok", "Kvitlach"])
def test_a_lone_11_says_why_not_to_call_aluvun(app, preset):
    app.sidebar.selectbox(key="rules.preset").set_value(preset).run()
    at = pick(open_page(app, "pages/advisor.py"), 11)
    call = "aluvun" if preset == "Quitlok" else "elvaroon"
    assert (f"**Should I call {call}?** **No.** {call.capitalize()} is not called on a lone 11: the only card it "
            "could guard against is the other 11, which makes the framed pair, 21.") in texts(at)
    assert not any(call in choice.lower() for choice in choices(at)["Choice"])
    assert "costs nothing" not in texts(at)


def test_kvitlach_says_elvaroon_everywhere_on_the_page(app):
    app.sidebar.selectbox(key="rules.preset").set_value("Kvitlach").run()
    at = pick(open_page(app, "pages/advisor.py"), 6, 5)
    at.number_input(key="advisor.room").set_value(1).run()
    words = main_words(at)
    assert "aluvun" not in words.lower()
    assert "**Should I call elvaroon?** **Yes.**" in words
    assert "Call elvaroon and raise" in words and "with elvaroon, " in words
    assert at.header[0].value == action_words(KVITLACH)[advise([6, 5], [], KVITLACH, stake=1, room=1).best] \
        .capitalize()


def test_kvitlach_asks_whether_to_bet_at_all(app):
    """Before the bet, Kvitlach's question is which bet to place, or none; calling elvaroon comes after it."""
    app.sidebar.selectbox(key="rules.preset").set_value("Kvitlach").run()
    at = open_page(app, "pages/advisor.py")
    at.number_input(key="advisor.stake").set_value(0).run()
    at = pick(at, 3, 4, 4)
    assert at.button(key="advisor.add.4").label == "4 · 2 left"
    table = choices(at)
    assert list(table["Choice"]) == ["Bet 1, keeping 1 for a raise with elvaroon", "Bet 2",
                                     "Stay out (no bet: your cards are thrown in)"]
    assert at.header[0].value == "Bet 1"
    assert "**Should I bet?** **Yes: bet 1.**" in texts(at)
    after = advise([3, 4, 4], [], KVITLACH, stake=1, room=1)
    assert f"After that bet: **Yes.** Calling it cuts your chance of busting on the next card from " \
           f"{percent(after.bust)} to {percent(after.bust_with_aluvun)}." in texts(at)


def test_calling_before_a_bet_with_nothing_staked_says_what_the_numbers_say(app):
    """No stake is not 'it costs nothing, so yes': before a bet the call can be worth chips, or nothing."""
    at = from_link(hand="12,2", stake="0", room="1")
    advice = advise([12, 2], [], QUITLOK, stake=0, room=1)
    assert advice.values["bet+aluvun"] > advice.values["bet"]
    assert ("**Should I call aluvun?** **Yes.** Calling it cuts your chance of busting on the next card from "
            "9.1% to 0.43%. With it the best is to call aluvun, then bet, worth +0.33 chips on average; without it, "
            "to bet and take a face-down card, worth +0.21 chips.") in texts(at)
    at = from_link(hand="6,5", stake="0", room="1")
    assert ("**Should I call aluvun?** **It makes no difference here.** Calling it cuts your chance of busting on "
            "the next card from 9.1% to 0.43%. Your best play is worth 0.00 chips with it or without it.") \
        in texts(at)
    assert "costs nothing" not in texts(at)


def test_a_call_that_protects_nothing_makes_no_difference():
    """Kvitlach 1 and 12 can count 11, but an 11 would make 21: the call guards against nothing."""
    at = from_link(rules="kvitlach", hand="1,12", stake="1", room="0")
    assert ("**Should I call elvaroon?** **It makes no difference here.** Here it does not lower your chance of "
            "busting on the next card (0%).") in texts(at)


def test_blots_off_and_no_room_left_is_explained_not_a_traceback():
    at = from_link(hand="6,5")
    single_rules(at).toggle(key="rules.blots").set_value(False).run()
    at.number_input(key="advisor.room").set_value(0).run()
    assert not at.exception
    assert ("**Should I call aluvun?** **Not now.** Aluvun protects the next card, and you can take none: "
            "blots are off under your rules and you may bet no more chips.") in texts(at)
    assert "**Should I bet?** **You can't.**" in texts(at)
    assert list(choices(at)["Choice"]) == ["Stay"]


def test_kvitlach_betting_any_time_and_no_room_left_is_explained_not_a_traceback():
    at = from_link(rules="kvitlach", hand="6,5")
    single_rules(at).radio(key="rules.betting").set_value(ANY_TIME).run()
    at.number_input(key="advisor.room").set_value(0).run()
    assert not at.exception
    assert "**Should I call elvaroon?** **Not now.** Elvaroon protects the next card, and you can take none" \
        in texts(at)


def test_projector_mode_gives_the_answer_the_whole_width(app):
    app.sidebar.toggle(key="ui.projector").set_value(True).run()
    at = pick(open_page(app, "pages/advisor.py"), 6, 5)
    assert not at.main.columns
    assert charts(at)[0]["large"]


def test_a_link_with_impossible_cards_gets_a_clear_message():
    at = from_link(hand="6,5,5,5")
    assert "The link's cards are not possible" in at.error[0].value and "3 cards numbered 5" in at.error[0].value


@pytest.mark.parametrize("name", ["hand", "seen", "stake", "room", "stock"])
@pytest.mark.parametrize("text", ["[x](https://example.org)", "**big** <b>x</b>"])
def test_text_from_the_link_is_shown_as_text(name, text):
    at = from_link(**{name: text})
    message = at.error[0].value
    assert f"“{text}”" in as_read(message), message
    quoted = message.split("“")[1].split("”")[0]
    assert not raw_signs(quoted), quoted
    assert "](" not in message and "<b>" not in message and "**big" not in message


def test_a_link_can_set_the_position():
    at = from_link(hand="6,5", seen="10", stake="2", room="3")
    assert at.session_state["advisor.hand"] == [6, 5] and at.session_state["advisor.seen"] == [10]
    assert at.number_input(key="advisor.stake").value == 2 and at.number_input(key="advisor.room").value == 3
    assert "1 would give you 21 at once" in texts(at)
    assert not at.error


@pytest.mark.parametrize("value", ["-1", "1.5", "²", "10001", "9" * 5000, "0" * 5000 + "1"])
def test_a_link_with_a_bad_number_of_chips_gets_a_clear_message(value):
    at = from_link(hand="6,5", stake=value)
    assert "should be a whole number of chips from 0 to 10,000" in at.error[0].value
    assert at.number_input(key="advisor.stake").value == 1, "the stake stays as it was"
    assert at.session_state["advisor.hand"] == [6, 5], "the good parts of the link are still used"


def test_kvitlach_stake_and_room_never_pass_the_tables_maximum_bet():
    at = from_link(rules="kvitlach", hand="6,5")
    at.number_input(key="advisor.stake").set_value(1).run()
    at.number_input(key="advisor.room").set_value(2).run()
    assert at.number_input(key="advisor.max_bet").value == KVITLACH.default_max_bet(10) == 2
    assert "the advisor takes it that you may bet 1 more" in main_words(at)
    expected = advise([6, 5], [], KVITLACH, stake=1, room=1)
    assert choices(at).iloc[0]["Chips on average"] == float(expected.values[expected.best])
    at.number_input(key="advisor.max_bet").set_value(3).run()
    assert "may bet 1 more" not in main_words(at)


def test_quitlok_asks_for_no_maximum_bet(app):
    at = pick(open_page(app, "pages/advisor.py"), 6, 5)
    assert not [e for e in at.main.get("number_input") if e.key == "advisor.max_bet"]


def test_a_bet_worth_the_same_to_the_hundredth_says_it_makes_almost_no_difference():
    at = from_link(rules="kvitlach", hand="6,5")
    at.number_input(key="advisor.room").set_value(1).run()
    advice = advise([6, 5], [], KVITLACH, stake=1, room=1)
    raised, drawn = float(advice.values["raise+aluvun"]), float(advice.values["draw+aluvun"])
    assert f"{raised:+.2f}" == f"{drawn:+.2f}"  # the position the review met: both shown as -0.01
    assert "makes almost no difference" in main_words(at)


# --- "I hold the bank": draw or stand against the open stakes -------------------------------------------


def as_banker(at, *open_hands):
    """Switch the page to the banker and describe the open hands: (stake, "?, 5", room)."""
    at.radio(key="advisor.role").set_value("I hold the bank").run()
    at.number_input(key="advisor.open_count").set_value(len(open_hands)).run()
    for i, (stake, cards, room) in enumerate(open_hands):
        at.number_input(key=f"advisor.open.{i}.stake").set_value(stake)
        at.text_input(key=f"advisor.open.{i}.cards").set_value(cards)
        at.number_input(key=f"advisor.open.{i}.room").set_value(room)
    at.run()
    assert not at.exception, at.exception
    return at


def test_the_banker_sees_stand_or_draw_as_the_exact_odds_say(app):
    at = as_banker(open_page(app, "pages/advisor.py"), (2, "?, 5", 0), (1, "?, 3, ?", 1))
    at = pick(at, 10, 6)
    at = pick(at, 1, 8, seen=True)
    advice = banker_advice([10, 6], [1, 8], QUITLOK, open_hands=[OpenHand(2, (None, 5), 0),
                                                                 OpenHand(1, (None, 3, None), 1)])
    page = texts(at)
    heading = at.main.header[0].value
    assert heading == {"stand": "Stand", "draw": "Draw a card"}[advice.best]
    assert advice.facts in page
    table = choices(at)
    assert dict(zip(table["Choice"], table["Chips on average"], strict=True)) == pytest.approx(
        {{"stand": "Stand", "draw": "Draw a card"}[c]: v for c, v in advice.values.items()})
    columns = charts(at)[0]["columns"]
    for i, totals in enumerate(advice.totals):
        assert {int(name): bars[i]["value"] for name, bars in columns.items()} == pytest.approx(
            {int(name): totals.get(int(name), 0) for name in columns})
        assert all(bars[i]["says"].startswith(f"Player {i + 1}: {name} with ") for name, bars in columns.items())
    beats = Fraction(sum(p for t, p in advice.totals[0].items() if t > 16)).limit_denominator(100_000)
    assert f"Player 1, stake 2: beats your 16 now: {chance_words(beats)}" in page
    # the open hands' face-up cards count as seen: three 3s and 5s are gone from the picker's counts
    assert at.button(key="advisor.add.5").label == "5 · 1 left"
    assert at.button(key="advisor.add.3").label == "3 · 1 left"


def test_a_banker_s_bad_open_hand_gets_a_message_not_a_traceback(app):
    at = as_banker(pick(open_page(app, "pages/advisor.py"), 10, 6), (1, "?, 25", 0))
    assert "Player 1: each card is a number from 1 to 12, or ? for a face-down card." in texts(at)
    at.text_input(key="advisor.open.0.cards").set_value(", ".join("?" * 20)).run()
    assert "Player 1: a hand of 20 cards is more than anyone holds below 21." in texts(at)
    at.text_input(key="advisor.open.0.cards").set_value(", ".join("?" * 9)).run()
    assert "open hand 1: no cards from those unseen could fill its face-down places" in texts(at)
    at.text_input(key="advisor.open.0.cards").set_value("5, ?").run()
    assert "a player's first card is dealt face down" in texts(at)
    at.text_input(key="advisor.open.0.cards").set_value("?, 10, 11").run()  # 21 would have been paid at once
    assert "can't be worked out" in texts(at) and not at.exception


def test_a_kvitlach_banker_below_17_may_only_draw(app):
    at = open_page(app, "pages/advisor.py")
    at.sidebar.selectbox(key="rules.preset").set_value("Kvitlach").run()
    at = pick(as_banker(at, (1, "?, ?", 0)), 10, 5)
    assert at.main.header[0].value == "Draw a card"
    assert list(choices(at)["Choice"]) == ["Draw a card"]
    assert "The rules make you draw below 17" in texts(at)


@pytest.mark.parametrize("name", ["hand", "seen"])
@pytest.mark.parametrize("text", ["6," * 30_000, "9" * 5_000, "1" + " " * 60_000])
def test_cards_longer_than_any_real_hand_are_refused_with_one_short_message(name, text):
    at = from_link(**{name: text})
    assert len(at.error) == 1
    message = at.error[0].value
    assert len(message) < 250 and "…" in message, message
    assert "longer than any real" in message or "should be numbers" in message
    assert at.session_state["advisor.hand"] == [] and at.session_state["advisor.seen"] == []


def test_the_stock_is_plenty_unless_the_visitor_says_how_many_cards_are_left():
    """Issue 21: the Advisor lets a visitor give the stock; the seen cards are then taken to lie under it, and
    the answer follows the stock across the reshuffle (quitlok.odds with a Stock)."""
    seen = [3, 4, 5, 6]
    at = from_link(hand="10,7", seen="3,4,5,6", stake="1", room="0")
    assert at.number_input(key="advisor.stock").value is None
    plenty = advise([10, 7], seen, QUITLOK, stake=1, room=0)
    assert choices(at).iloc[0]["Chips on average"] == float(plenty.values[plenty.best])
    assert "Face-down cards left in the stock" in main_words(at) and "face up under the stock" in main_words(at)
    at.number_input(key="advisor.stock").set_value(1).run()
    near = advise([10, 7], seen, QUITLOK, stake=1, room=0, stock=Stock(1, tuple(seen)))
    assert near.values != plenty.values
    assert sorted(choices(at)["Chips on average"]) == sorted(float(v) for v in near.values.values())
    words = main_words(at)
    assert "new stock of 5" in words and "the cards you have seen lying face up under it" in words
    assert "unseen cards would bust you" not in words
    assert not at.error and not at.exception


def test_a_link_can_give_the_stock_and_a_bad_one_gets_a_clear_message():
    at = from_link(hand="10,7", seen="3,4,5,6", stock="1")
    assert at.number_input(key="advisor.stock").value == 1 and "new stock of 5" in main_words(at)
    for bad in ("-1", "25", "many", "9" * 500):
        at = from_link(hand="10,7", stock=bad)
        assert "should be the number of face-down cards left in the stock" in at.error[0].value
        assert at.number_input(key="advisor.stock").value is None
    at = from_link(hand="10,7", stock="23")  # 22 unseen cards: no table leaves 23 in the stock
    assert "can't be worked out" in main_words(at) and "no table reaches this position" in main_words(at)
