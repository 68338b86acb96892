"""The shared UI helpers (quitlok/ui, quitlok/cards_svg.py) speak the reader's language (issue 26): their words, the
HTML they build (aria-labels, titles, alt texts), their widgets' labels and help, their charts' titles, axes, legends
and hover texts hold no English under the tests' pseudo-language (quitlok.i18n.PSEUDO, i18n-rules.md point 10), and
what they keep between runs (a cached answer, a shared chart) is kept per language.

The machinery's general check (tests/i18n/visible.py) was not there yet when these tests were written: `english`
below is the small check they need.

Words that other modules own are marked by their owners at the same time: the narration (quitlok.narration), the
moves' names (quitlok.game.action_label), the advisor's wording (quitlok.odds.action_words, chance_words, an
Advice's facts), the computer players' descriptions, content/ files (help texts). `others_marked` makes those
pseudo too (or names them as allowed), so that any English left on what quitlok/ui draws is quitlok/ui's own; once
they are marked it changes nothing, the pseudo-language of a pseudo text being itself.
"""

import random
import re
from collections import Counter
from contextvars import ContextVar
from dataclasses import replace
from fractions import Fraction
from html.parser import HTMLParser

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hst
from streamlit.testing.v1 import AppTest

from quitlok import KVITLACH, QUITLOK, i18n
from quitlok.bots import cautious
from quitlok.cards_svg import card_label, card_svg
from quitlok.game import BANKER, STAKE, new_game
from quitlok.i18n import LANGUAGES, PSEUDO, language, pseudo, use
from quitlok.narration import YOU
from quitlok.practice import PracticeTable
from tests.app.conftest import APP

#: the players of the scripted games; the traditions' own names and the call at 11, which are the same in every
#: language; the languages' names in the (machinery's) picker, each written in itself
NAMES = ("Bella", "Chaim", "Dov")
ALLOWED = (*NAMES, "Quitlok", "Kvitlach", "Quitli", "aluvun", "elvaroon", "Aluvun", "Elvaroon", *LANGUAGES.values())


# --- the check ---------------------------------------------------------------------------------------------------


class _Visible(HTMLParser):
    """What a person meets in HTML: its text (styles and scripts left out) and the attributes read out or shown
    (aria-label, title, alt, placeholder)."""

    SHOWN = ("aria-label", "title", "alt", "placeholder")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("style", "script"):
            self.hidden += 1
        self.parts += [value for name, value in attrs if name in self.SHOWN and value]

    def handle_endtag(self, tag):
        if tag in ("style", "script"):
            self.hidden -= 1

    def handle_data(self, data):
        if not self.hidden:
            self.parts.append(data)


def visible(text: str) -> str:
    reader = _Visible()
    reader.feed(str(text))
    reader.close()
    return " ".join(reader.parts)


#: program text a person may meet untranslated: addresses, a Markdown link's target, Material icons' names, Plotly's
#: placeholders (%{x:,}), the HTML Plotly reads (<extra>)
_PROGRAM = re.compile(r"https?://\S+|\]\([^)]*\)|:material/\w+:|%\{[^}]*\}|</?extra>")


def english(text: str, *allowed: str) -> list[str]:
    """The runs of three or more plain ASCII letters in what a person sees of `text` (Markdown or HTML), other than
    names and program text: each is English that escaped translation."""
    seen = _PROGRAM.sub(" ", visible(_PROGRAM.sub(" ", str(text))))
    for word in sorted({*ALLOWED, *allowed}, key=len, reverse=True):
        seen = seen.replace(word, " ")
    return re.findall(r"[A-Za-z]{3,}", seen)


def test_the_check_finds_english_in_text_attributes_and_markdown_but_not_in_styles_names_or_addresses():
    assert english('<div title="Face-down cards">ƒǿǿ</div>') == ["Face", "down", "cards"]
    assert english('<img alt="your card: 7">') == ["your", "card"]
    assert english("**Bet 2**: ŧħḗ ƀḗşŧ") == ["Bet"]
    assert english("<style>.ql-seat { border: 1px solid }</style><b>Ɓḗŧ</b> Bella [ƀ](https://pagat.com/x) "
                   ":material/home: %{x:,}<extra></extra>") == []


# --- the others' words, pseudo until their owners mark them ------------------------------------------------------


def _said_in_pseudo(function):
    def said(*args, **kwargs):
        result = function(*args, **kwargs)
        if language() != PSEUDO:
            return result
        if isinstance(result, str):
            return pseudo(result)
        if isinstance(result, dict):
            return {key: pseudo(value) if isinstance(value, str) else value for key, value in result.items()}
        return result
    return said


#: (module, name) of the words quitlok/ui shows that other modules make
FOREIGN = [
    ("quitlok.ui.table", "sentence"), ("quitlok.ui.table", "hand_title"), ("quitlok.ui.table", "status_line"),
    ("quitlok.ui.table", "narrated_hand_over"), ("quitlok.ui.table", "ordinal"), ("quitlok.ui.table", "action_label"),
    ("quitlok.ui.move_bar", "action_label"), ("quitlok.ui.coaching", "action_label"),
    ("quitlok.ui.coaching", "chance_words"), ("quitlok.ui.advisor", "chance_words"),
    ("quitlok.ui.advisor", "action_words"), ("quitlok.ui.advisor", "percent"), ("quitlok.ui.bars", "percent"),
    ("quitlok.ui", "content_sections"), ("quitlok.ui.guard", "content_sections"),
]


@pytest.fixture
def others_marked(monkeypatch):
    import importlib
    for module, name in FOREIGN:
        where = importlib.import_module(module)
        monkeypatch.setattr(where, name, _said_in_pseudo(getattr(where, name)))


@pytest.fixture
def in_pseudo(monkeypatch, others_marked):
    """Every run of the app (in its own thread) in the pseudo-language, as `?lang=qps` asks for it once the
    app-level switch reads it (until then the language's default is made the pseudo-language)."""
    monkeypatch.setattr(i18n, "_LANGUAGE", ContextVar("quitlok_language", default=PSEUDO))
    i18n.translations.cache_clear()
    yield
    i18n.translations.cache_clear()


# --- the helpers, called as a library ----------------------------------------------------------------------------


def test_every_card_label_and_picture_says_its_words_in_the_readers_language():
    with use(PSEUDO):
        for rank in (None, 7, 11):
            for face_up in (True, False):
                for mine, owner, shared in ((True, None, False), (True, None, True), (False, "Dov", False),
                                            (False, None, False)):
                    assert not english(card_label(rank, face_up=face_up, mine=mine, owner=owner, shared=shared))
                    assert not english(card_svg(rank, face_up=face_up, mine=mine, owner=owner, shared=shared))
    assert card_label(11, face_up=False, mine=True) == "your card: framed 11, face down, only you see it"
    assert card_label(None, face_up=False, owner="Dov") == "Dov's card, face down"


def _table(rules=QUITLOK, **game) -> PracticeTable:
    state = new_game(rules, ["Bella", YOU, "Chaim"], **game)
    human = state.players.index(YOU)
    return PracticeTable(state=state, human=human,
                         computers=tuple((s, cautious(s)) for s in range(len(state.players)) if s != human))


def _describes(table: PracticeTable) -> list[str]:
    return [player.describe(table.state.rules) for _, player in table.computers]


def test_the_tables_html_top_bar_seats_and_the_learners_words(others_marked):
    from quitlok.game import Bet, apply_action
    from quitlok.ui import table as view
    table = _table(KVITLACH, banker=0, bank=8, purses=20, stock=[5, 9, 10, 6, 9, 3, 4], seed=3)
    with use(PSEUDO):
        for html in (view.top_bar_html(table), view.ring_html(table), view.phone_hand_html(table),
                     view.situation(table), view.action_help(Bet(1), table), view.max_bet_note(table.state)):
            assert html and not english(html, *_describes(table)), html
        moved = apply_action(table.state, Bet(1))
        assert not english(view.doing_words(moved))
        assert not english(view.and_list(["Bella", "Dov", "Chaim"]))
        assert not english(view.under_words(18))


def test_the_advisors_answers_tables_and_bar_charts(others_marked):
    from quitlok.ui import advisor, bars
    with use(PSEUDO):
        for rules, hand, stake in ((QUITLOK, [6, 5], 1), (KVITLACH, [6, 5], 0), (QUITLOK, [11], 1),
                                   (QUITLOK, [10, 3], 0)):
            answer = advisor.answer(hand, [], rules, stake=stake, room=2, stands_on=17)
            words = [answer.headline, answer.should_bet, answer.should_call, advisor.choices_html(answer.choices)]
            for said in words:
                assert not english(said), said
            advice = answer.advice
            effects = advisor.next_card_effects(hand, rules, Counter(range(1, 13)))
            for html in (bars.next_card_title(advice, rules.aluvun_word), bars.banker_title(18),
                         bars.next_card_chart(advice, effects, {rank: 2 for rank in range(1, 13)}),
                         bars.banker_chart(advice.banker),
                         bars.open_hands_chart(({17: 0.5, 20: 0.5}, {19: 1.0}), ["Bella", "Dov"], 18)):
                assert not english(html), html
        assert not english(advisor.likeliest_words({18: 0.5, 19: 0.5}))
        for problem in ("", "x", ",".join("?" * 13)):
            with pytest.raises(ValueError) as refused:
                advisor.open_cards(problem)
            assert not english(str(refused.value))


def test_an_answer_worked_out_in_one_language_is_not_shown_in_another():
    from quitlok.ui import advisor
    english_answer = advisor.answer([6, 5], [], QUITLOK, stake=1, room=2, stands_on=17)
    with use(PSEUDO):
        pseudo_answer = advisor.answer([6, 5], [], QUITLOK, stake=1, room=2, stands_on=17)
    assert pseudo_answer.should_bet != english_answer.should_bet and not english(pseudo_answer.should_call)


def _figure_words(figure) -> str:
    """Every text of a Plotly figure a person may read: titles, axes, legend names, hover templates, texts,
    annotations, tick labels."""
    found: list[str] = []

    def walk(value, key=""):
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, k)
        elif isinstance(value, list | tuple):
            for v in value:
                walk(v, key)
        elif isinstance(value, str) and key in ("text", "name", "hovertemplate", "ticktext", "customdata", "y"):
            found.append(value)
    shown = figure.to_plotly_json()
    for trace in shown["data"]:
        if trace.get("showlegend") is False and trace.get("hoverinfo") == "skip":
            trace.pop("name", None)  # a trace's name that neither a legend nor a hover shows
    walk(shown)
    return " ".join(found)


def test_the_class_charts_speak_the_readers_language_and_are_shared_per_language():
    from quitlok.ui import charts
    options = ("Ƀḗŧ", "Şŧȧẏ")
    english_figure = charts.choices_chart(options, [3, 4], 1)
    with use(PSEUDO):
        for large in (False, True):
            assert not english(_figure_words(charts.choices_chart(options, [3, 4], 1, large=large)))
            assert not english(_figure_words(charts.slider_chart([10.0, 22.5, 60.0], 30.0, 5.0, large=large)))
        assert charts.choices_chart(options, [3, 4], 1) is not english_figure


def test_the_labs_tables_and_charts(others_marked):
    import numpy as np

    from quitlok.lab import LabSummary
    from quitlok.ui import lab_charts
    from quitlok.ui.sidebar import rules_name
    summary = LabSummary(hands=1000, total=40, wins=400, losses=450, out=150, broken=0, retired=0,
                         x=np.array([10, 100, 1000]), mean=np.array([0.1, 0.05, 0.04]), se=np.array([0.3, 0.1, 0.03]))
    exact = type("Exact", (), {"win": Fraction(2, 5), "lose": Fraction(9, 20), "out": Fraction(3, 20)})()
    with use(PSEUDO):
        for figure in (lab_charts.running_average_chart(summary, Fraction(1, 25)), lab_charts.banker_chart(summary),
                       lab_charts.shares_chart(summary, exact)):
            assert not english(_figure_words(figure))
        assert not english(lab_charts.per_hundred(0.039))
        assert not english(rules_name(replace(QUITLOK, name="Quitlok with house rules")))


def test_a_refusal_names_who_is_refused_and_how_long_to_wait_in_the_readers_language(others_marked):
    from quitlok.errors import TooOften
    from quitlok.ui import limits
    with use(PSEUDO):
        for what, whom, wait in (("open", "visitor", 30), ("join", "address", 300)):
            assert not english(limits.refusal(TooOften(what, whom, wait)))


# --- the practice table's page, as a learner plays it in the pseudo-language --------------------------------------


def _visit(monkeypatch, state: PracticeTable | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=90)
    at.query_params["lang"] = PSEUDO
    at.run()
    assert not at.exception, at.exception
    if state is not None:
        at.session_state["play.table"] = state
    at.switch_page("pages/play.py").run()
    assert not at.exception, at.exception
    return at


#: the keys of what quitlok/ui draws on the practice table's page (the page's own widgets are pages/play.py's)
_MINE = re.compile(r"play\.(do|sure|unsure|hint|bet|stake)\b|hand-over-close|rules\.|ui\.projector|ql-folded")


def _page_words(at: AppTest) -> list[tuple[str, str]]:
    """(where, text) of everything quitlok/ui draws on the page: our HTML, the move bar, the Hint, the coaching notes,
    the sidebar's house rules and page list's sections. The page's own headings, its setup form and its game-over
    line are pages/play.py's, marked by another engineer (tests/i18n/test_pages_words.py)."""
    setup = next((e for e in at.expander if e.label == "New game"), None)
    theirs = {id(e.proto) for e in (setup.get("caption") if setup else [])}
    words = [("html", str(e.proto.body)) for e in at.get("html")]
    for kind in ("button", "number_input", "toggle", "radio", "selectbox"):
        for widget in at.get(kind):
            if widget.key and _MINE.match(widget.key):
                words += [(widget.key, widget.label), (widget.key, widget.help or "")]
                if kind in ("radio", "selectbox"):
                    words += [(widget.key, option) for option in widget.options]
    for kind in ("markdown", "caption", "success", "warning", "subheader"):
        for element in at.get(kind):
            if id(element.proto) not in theirs and "You finish with" not in str(element.value):
                words.append((kind, str(element.value)))
    words += [("expander", e.label) for e in at.sidebar.expander]
    return words


def _assert_no_english(at: AppTest, *allowed: str) -> None:
    table = at.session_state["play.table"]
    facts = []
    if (coaching := table.coaching()) is not None and coaching.advice is not None:
        facts.append(coaching.advice.facts)
    if (banking := table.banker_coaching()) is not None:
        facts.append(banking.facts)
    escaped = [(where, text, found) for where, text in _page_words(at)
               if (found := english(text, *allowed, *_describes(table), *facts))]
    assert not escaped, escaped


def _click(at: AppTest, key: str) -> None:
    button = next(b for b in at.button if b.key == key or (b.key.rsplit(".", 1)[0] == key and b.key[-1].isdigit()))
    button.click().run()
    assert not at.exception, at.exception


def _keys(at: AppTest) -> set[str]:
    return {b.key.rsplit(".", 1)[0] if b.key.rsplit(".", 1)[-1].isdigit() else b.key
            for b in at.button if b.key and not b.disabled}


def test_the_practice_table_as_a_player_the_hint_the_coaching_notes_and_the_hand_over(monkeypatch, in_pseudo):
    table = _table(banker=0, bank=10, purses=20, stock=[6, 9, 3, 5, 11, 4])
    at = _visit(monkeypatch, table)
    _assert_no_english(at)  # your turn
    _click(at, "play.do.bet")
    _click(at, "play.hint")
    _assert_no_english(at)  # the Hint, open
    _click(at, "play.do.stay")  # a costly decision: its note
    assert at.warning
    _assert_no_english(at)
    for _ in range(20):
        if at.session_state["play.table"].hand_ended:
            break
        _click(at, "play.next" if "play.next" in _keys(at) else "play.skip")
    assert at.session_state["play.table"].hand_ended
    _assert_no_english(at)  # the hand over, the log's earlier hands


def test_the_practice_table_asks_about_a_big_bet_and_ends_the_game(monkeypatch, in_pseudo):
    state = new_game(QUITLOK, ["Bella", YOU], banker=0, bank=10, purses=[10, 3], stock=[10, 3, 8, 10, 5])
    table = PracticeTable(state=state, human=1, computers=((0, cautious(0)),))
    at = _visit(monkeypatch, table)
    at.number_input(key="play.bet").set_value(3).run()
    _click(at, "play.do.bet")
    assert "play.sure" in _keys(at)
    _assert_no_english(at)  # Bet 3 chips of your 3?
    _click(at, "play.sure")
    _click(at, "play.do.stay")
    for _ in range(5):
        if at.session_state["play.table"].state.is_over:
            break
        _click(at, "play.next")
    assert at.session_state["play.table"].state.is_over
    _assert_no_english(at)  # game over


def test_the_practice_table_as_the_banker_with_its_hint_and_its_note(monkeypatch, in_pseudo):
    at = _visit(monkeypatch)
    at.session_state["play.computers"] = 1
    at.session_state["play.first"] = "Me"
    at.run()
    _click(at, "play.start")
    _assert_no_english(at)  # the bank comes to you: the stake's form
    _click(at, "play.do.stakebank")
    for _ in range(60):
        table = at.session_state["play.table"]
        if table.state.phase == BANKER and table.humans_turn:
            break
        _click(at, "play.do.keepbank" if "play.do.keepbank" in _keys(at) else "play.next")
    else:
        pytest.fail("the computer player never left a stake open for the banker")
    _assert_no_english(at)  # your turn as banker
    _click(at, "play.hint")
    _assert_no_english(at)  # the banker's Hint
    _click(at, "play.do.stand" if "play.do.stand" in _keys(at) else "play.do.draw")
    _assert_no_english(at)  # the banker's note


# --- every state a game reaches ----------------------------------------------------------------------------------


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=hst.integers(0, 10_000), kvitlach=hst.booleans(), seats=hst.integers(2, 5), max_bet=hst.booleans(),
       choose=hst.booleans())
def test_the_tables_words_hold_no_english_in_any_state_of_a_random_game(others_marked, seed, kvitlach, seats,
                                                                         max_bet, choose):
    from quitlok.game import apply_action, legal_actions
    from quitlok.ui import table as view
    from tests.random_play import random_move
    rules = replace(KVITLACH if kvitlach else QUITLOK, agreed_max_bet=max_bet)
    players = ["Bella", YOU, "Chaim", "Dov", "Ester"][:seats]
    state = new_game(rules, players, banker=0, bank=6, purses=12, seed=seed, choose_stake=choose,
                     **({"max_bet": 2} if max_bet else {}))
    rng = random.Random(seed)
    computers = tuple((s, cautious(s)) for s in range(seats) if s != 1)
    with use(PSEUDO):
        for _ in range(120):
            for ended in (False, True):
                table = PracticeTable(state=state, human=1, computers=computers, hand_ended=ended)
                allowed = [*players, *_describes(table)]
                shown = [view.top_bar_html(table), view.ring_html(table), view.hand_over_html(table)]
                if state.to_act == 1:
                    shown.append(view.situation(table))
                    if state.phase != STAKE:  # (the stake's form words its help itself: stake_form)
                        shown += [view.action_help(a, table) for a in legal_actions(state)]
                elif state.to_act is not None:
                    shown.append(view.doing_words(state))
                for said in shown:
                    assert not english(said, *allowed), said
            if state.is_over:
                break
            action = random_move(state, rng)
            state = apply_action(state, action)
