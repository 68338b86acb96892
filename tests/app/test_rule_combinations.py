"""Every house rule the sidebar can set, with stakes, room, chips and bank at their limits: no traceback.

Two layers, so that every combination is covered and the suite stays quick:

- Every distinct RuleSet the sidebar can produce (`sidebar_rule_sets`: the sidebar's own
  `_rules_from_widgets` applied to every combination of its widgets' values, disabled ones included, since a
  toggle keeps its value while another rule disables it), each driven through the code the Advisor page runs,
  without Streamlit: the answer for a player (stake 0 and the most the page allows, room 0, 1 (a maximum bet
  of 1 clips it so) and the most, the lowest banker model the rules allow) and for a banker (open stake
  and room at their limits, one open hand and as many as the page takes, a blot where blots are played). The
  positions keep few cards unseen, so that each answer is quick: what is tested is that every rule and limit
  is handled, not the depth of the search (speed is `benchmarks/`'s business). `Runs` runs each position
  once per behaviour, not once per RuleSet: a RuleSet that agrees with an earlier run on every field that
  run read would run the same way, so it is counted as covered, never skipped silently.
- A covering set of the sidebar's widget values with the pages' limits (every `STRENGTH` factors take every
  combination of their values in some row), each row one real AppTest visit through tutorial_app.py to the
  Advisor (as player and as banker), the practice table (a game started with chips, bank and maximum bet at
  1 or 1000, on to the learner's turn and the hint) and the lessons (whose hands keep their own rules),
  asserting no exception element and an answer shown.
"""

import dataclasses
import functools
import itertools
import random
from collections import Counter
from types import SimpleNamespace
from unittest import mock

import pytest
from streamlit.testing.v1 import AppTest

from quitlok import QuitlokError, hand_value
from quitlok.bank_odds import OpenHand, banker_advice
from quitlok.game import RETIRE, STAKE
from quitlok.lessons import LESSONS
from quitlok.practice import COMPUTER_NAMES, start_table
from quitlok.rules import PRESETS, RuleSet
from quitlok.ui import bars, sidebar
from quitlok.ui.advisor import (
    answer,
    banker_choices,
    banker_verdict,
    next_card_effects,
    open_hand_lines,
)
from tests.app.conftest import APP, lesson_heading, single_rules, texts

#: the Advisor's chip boxes go from 0 (1 for an open stake) to this (pages/advisor.py MOST_CHIPS; checked below)
MOST_CHIPS = 10_000
#: the practice table's starting chips, opening bank and maximum bet go from 1 to this (pages/play.py)
MOST_TABLE_CHIPS = 1000
#: the most open hands the banker's Advisor takes (pages/advisor.py MOST_OPEN_HANDS: the practice table's seats)
MOST_OPEN_HANDS = len(COMPUTER_NAMES)


# --- every RuleSet the sidebar can produce -------------------------------------------------------------


def widget_domains() -> dict[str, list]:
    """Each sidebar widget's possible values: the preset's options, the values the presets give each radio,
    and both values of each toggle (the AppTest rows set each of them through the real sidebar)."""
    domains: dict[str, list] = {"rules.preset": list(PRESETS)}
    for key in sidebar._widget_values(next(iter(PRESETS.values()))):
        values = {sidebar._widget_values(preset)[key] for preset in PRESETS.values()}
        domains[key] = [False, True] if all(isinstance(v, bool) for v in values) else sorted(values, key=str)
    return domains


def rules_from(values: dict) -> RuleSet:
    """The RuleSet the sidebar makes of these widget values (its own code, reading them as session state)."""
    with mock.patch.object(sidebar, "st", SimpleNamespace(session_state=values)):
        return sidebar._rules_from_widgets()


def sidebar_rule_sets() -> dict[RuleSet, dict]:
    """Every distinct RuleSet the sidebar can produce -> the first widget values found that produce it."""
    domains = widget_domains()
    found: dict[RuleSet, dict] = {}
    for combination in itertools.product(*domains.values()):
        values = dict(zip(domains, combination, strict=True))
        found.setdefault(rules_from(values), values)
    return found


RULE_SETS = sidebar_rule_sets()


def rules_id(rules: RuleSet) -> str:
    flags = ("framed_pair_21", "bet_first", "blots", "aluvun", "elvaroon_raise", "alternate_direction",
             "agreed_max_bet")
    return "-".join([rules.name.split()[0], str(rules.pack_size), "".join(map(str, rules.twelve_values)),
                     "".join("1" if getattr(rules, f) else "0" for f in flags),
                     f"must{rules.banker_must_reach or 0}", f"share{rules.bank_share}"])


def test_every_widget_combination_gives_a_valid_rule_set_and_the_count_is_known():
    """4096 widget combinations; the rules that disable others (bet-first: no blots; the elvaroon raise only
    with bet-first play and the call) and the preset (its name and word for the call) leave 1792 RuleSets."""
    assert sum(1 for _ in itertools.product(*widget_domains().values())) == 2 ** 12
    assert len(RULE_SETS) == 2 * 2 ** 7 * (2 * 2 + 1 + 2)
    assert set(PRESETS.values()) <= set(RULE_SETS)


# --- running a page's code once per behaviour, not once per RuleSet ----------------------------------------

FIELDS = tuple(f.name for f in dataclasses.fields(RuleSet))


class _Reading:
    fields: set[str] | None = None


READING = _Reading()


class ReadRules(RuleSet):
    """A RuleSet that notes which of its fields the code reads while `READING.fields` is a set, and keeps every
    field ever read through it in `_reads` (a memo filled in an earlier run may answer without reading again).
    Comparing or hashing it, as a cache key does, reads nothing: the code's behaviour does not depend on that."""

    def __getattribute__(self, name):
        if name in FIELDS and READING.fields is not None:
            READING.fields.add(name)
            object.__getattribute__(self, "_reads").add(name)
        return object.__getattribute__(self, name)

    def __hash__(self):
        fields, READING.fields = READING.fields, None
        try:
            return RuleSet.__hash__(self)
        finally:
            READING.fields = fields

    def __eq__(self, other):
        fields, READING.fields = READING.fields, None
        try:
            return RuleSet.__eq__(self, other)
        finally:
            READING.fields = fields


def read_rules(rules: RuleSet) -> ReadRules:
    read = ReadRules(**{f: getattr(rules, f) for f in FIELDS})
    object.__setattr__(read, "_reads", set())
    return read


class Runs:
    """Runs a check with every RuleSet, once per behaviour: a run whose rules' fields read (in it, or in any
    earlier run with the same rules, whose memos it may reuse) are F would run the same way with any RuleSet
    that agrees on F, the code being deterministic; such a RuleSet counts as covered by it. Every RuleSet is
    either run or covered. Call it with the RuleSets in order: one after another, all checks of one."""

    def __init__(self) -> None:
        self.seen: dict[tuple, dict[frozenset, dict[tuple, object]]] = {}
        self.ran = self.covered = 0
        self._current: tuple[RuleSet, ReadRules] | None = None

    def __call__(self, inputs: tuple, rules: RuleSet, check):
        """`check(rules)`'s result for these inputs (anything else the check depends on), run or covered."""
        by_fields = self.seen.setdefault(inputs, {})
        for fields, results in by_fields.items():
            key = tuple(getattr(rules, f) for f in sorted(fields))
            if key in results:
                self.covered += 1
                return results[key]
        if self._current is None or self._current[0] is not rules:
            self._current = (rules, read_rules(rules))
        read = self._current[1]
        READING.fields = set()
        try:
            result = check(read)
        finally:
            READING.fields = None
        fields = frozenset(read._reads)
        by_fields.setdefault(fields, {})[tuple(getattr(rules, f) for f in sorted(fields))] = result
        self.ran += 1
        return result


def test_a_run_notes_the_fields_it_reads():
    runs = Runs()
    hand = (10, 6, 12)  # bust whatever a 12 counts: the value reads the pack, the 12's values and framed pairs
    results = [runs(("value",), rules, lambda r: hand_value(hand, r)) for rules in RULE_SETS]
    assert set(results) == {25} and runs.ran == 2 * 2 * 2 and runs.covered == len(RULE_SETS) - runs.ran


# --- the Advisor, as the page asks it ---------------------------------------------------------------------


def few_unseen(hand: tuple[int, ...], rules: RuleSet, keep: tuple[int, ...] = (1, 5, 10, 11, 12)) -> list[int]:
    """Seen cards that leave unseen only `keep` (one card each, those not in the hand): a quick position that
    still holds a card that busts, one that makes 21 with 10, an 11 for the call and a 12."""
    return sorted((Counter(rules.pack) - Counter(hand) - Counter(keep)).elements())


#: players' hands: the call at 11 on two cards, a lone 11 (not called when framed pairs make 21), a
#: 1 and a 12 (11 only when a 12 may count 10), 16, and a framed pair (21 when they count 21, else 13)
PLAYER_HANDS = ((6, 5), (11,), (1, 12), (10, 6), (2, 11))
STAKES = (0, MOST_CHIPS)
#: what the room may be once the page has clipped it to a maximum bet of 1 or of MOST_CHIPS
ROOMS = (0, 1, MOST_CHIPS)


def advisor_player(hand, rules: RuleSet, stake: int, room: int, model: int) -> str:
    """What pages/advisor.py's show_answer computes, without Streamlit: its headline. `model` 0 is the
    lowest total the rules let the banker stand on, 1 the highest (the slider's ends)."""
    stands_on = rules.banker_models[-model]
    seen = few_unseen(hand, rules)
    value = hand_value(hand, rules)
    if value >= 21:
        return "21" if value == 21 else "bust"
    said = answer(list(hand), seen, rules, stake=stake, room=room, stands_on=stands_on)
    advice = said.advice
    assert said.headline and said.should_bet and said.should_call and said.choices
    assert advice.best in advice.values and advice.unseen == len(rules.pack) - len(hand) - len(seen)
    next_card_effects(list(hand), rules, Counter(rules.pack) - Counter(hand) - Counter(seen))
    assert bars.next_card_title(advice, rules.aluvun_word) and bars.banker_title(value)
    return said.headline


#: the banker's hand: 16 (drawing forced under a must-draw rule)
BANKER_HANDS = ((10, 6),)
OPEN_STAKES = (1, MOST_CHIPS)
OPEN_ROOMS = (0, MOST_CHIPS)


def advisor_banker(hand, rules: RuleSet, open_hands: list[OpenHand]) -> str:
    """What pages/advisor.py's show_banker_answer computes, without Streamlit; a message for cards the
    rules do not allow (the page shows it as an error)."""
    shown = [card for h in open_hands for card in h.cards if card is not None]
    seen = few_unseen(hand + tuple(shown), rules, keep=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12))
    try:
        advice = banker_advice(list(hand), seen, rules, open_hands=open_hands)
    except QuitlokError as problem:
        return f"error: {problem}"
    names = [f"Player {i + 1}" for i in range(len(open_hands))]
    assert banker_verdict(advice) and advice.facts
    assert open_hand_lines(advice, names, [h.stake for h in open_hands])
    assert banker_choices(advice)
    return advice.best


def test_the_advisor_answers_every_rule_set_at_the_limits():
    runs, headlines = Runs(), Counter()
    for rules in RULE_SETS:
        for hand, stake, room, model in itertools.product(PLAYER_HANDS, STAKES, ROOMS, (0,)):
            said = runs(("player", hand, stake, room, model), rules,
                        lambda r: advisor_player(hand, r, stake, room, model))  # noqa: B023 (called at once)
            headlines[said] += 1
        for hand, stake, room, count in itertools.product(BANKER_HANDS, OPEN_STAKES, OPEN_ROOMS, (1, MOST_OPEN_HANDS)):
            # open hands of one face-down card each: one, and as many as the page takes
            open_hands = [OpenHand(stake, (None,), room)] * count
            runs(("banker", hand, stake, room, count), rules, lambda r: advisor_banker(hand, r, open_hands))  # noqa: B023
        # an open hand with a blot: allowed only where blots are played, a message otherwise
        blotted = [OpenHand(MOST_CHIPS, (None, 5), MOST_CHIPS)]
        said = runs(("banker blot",), rules, lambda r: advisor_banker((10, 6), r, blotted))  # noqa: B023
        assert said.startswith("error") != rules.blots, said
    print(f"advisor: {runs.ran} runs cover {runs.ran + runs.covered} (RuleSet, position) pairs; {dict(headlines)}")
    assert runs.ran + runs.covered == len(RULE_SETS) * (
        len(PLAYER_HANDS) * len(STAKES) * len(ROOMS) + len(BANKER_HANDS) * 8 + 1)


# --- real visits: a covering set of the sidebar's widget values with the pages' limits -----------------------

#: each row of the covering set gives every `STRENGTH` factors every combination of their values
STRENGTH = 2
#: the pages' limits, each at its low or its high end: on the Advisor the stake, the room and the maximum bet
#: (a banker's open stake and room); at the practice table the starting chips, the opening bank and the
#: maximum bet
LIMITS = ("limit.a", "limit.b", "limit.c")


def covering_rows(domains: dict[str, list], strength: int, seed: int = 0) -> list[dict]:
    """Rows of values, greedily chosen, such that every `strength` factors take every combination of their
    values in at least one row."""
    names = list(domains)
    wanted = {(group, values) for group in itertools.combinations(range(len(names)), strength)
              for values in itertools.product(*(range(len(domains[names[i]])) for i in group))}
    rng, rows = random.Random(seed), []
    while wanted:
        group, values = min(wanted)  # the row must cover at least this one
        candidates = []
        for _ in range(60):
            row = [rng.randrange(len(domains[name])) for name in names]
            for i, v in zip(group, values, strict=True):
                row[i] = v
            candidates.append(row)
        best = max(candidates, key=lambda row: sum(
            tuple(row[i] for i in g) == vs for g, vs in wanted))
        wanted -= {(g, vs) for g, vs in wanted if tuple(best[i] for i in g) == vs}
        rows.append({name: domains[name][i] for name, i in zip(names, best, strict=True)})
    return rows


ROWS = covering_rows(widget_domains() | dict.fromkeys(LIMITS, ["low", "high"]), STRENGTH)


def test_the_rows_cover_every_combination_of_each_few_factors():
    domains = widget_domains() | dict.fromkeys(LIMITS, ["low", "high"])
    for group in itertools.combinations(domains, STRENGTH):
        assert {tuple(row[name] for name in group) for row in ROWS} == set(
            itertools.product(*(domains[name] for name in group))), group


def set_sidebar(at: AppTest, row: dict) -> RuleSet:
    """The row's preset chosen (which loads its rules), then every single rule set as the row says, as a
    visitor would: the blots while betting at any time and the elvaroon raise while betting first (each is
    disabled otherwise, and keeps its value while disabled), then the betting rule and the rest."""
    at.sidebar.selectbox(key="rules.preset").set_value(row["rules.preset"]).run()
    single_rules(at).radio(key="rules.betting").set_value(sidebar._BET_ANY_TIME).run()
    at.sidebar.toggle(key="rules.blots").set_value(row["rules.blots"]).run()
    at.sidebar.radio(key="rules.betting").set_value(sidebar._BET_FIRST).run()
    at.sidebar.toggle(key="rules.elvaroon").set_value(row["rules.elvaroon"])
    at.run()
    bar = at.sidebar
    for key, value in row.items():
        if key.startswith("rules.") and key not in ("rules.preset", "rules.blots", "rules.elvaroon"):
            radio = key in ("rules.pack", "rules.twelve", "rules.betting")
            (bar.radio(key=key) if radio else bar.toggle(key=key)).set_value(value)
    at.run()
    assert not at.exception, at.exception
    rules = at.session_state["rules.current"]
    assert rules == rules_from({k: v for k, v in row.items() if k.startswith("rules.")})
    return rules


def shows_no_exception(at: AppTest, where: str) -> str:
    assert not at.exception, (where, at.exception)
    return texts(at)


@pytest.mark.parametrize("row", ROWS, ids=lambda row: rules_id(rules_from(
    {k: v for k, v in row.items() if k.startswith("rules.")})) + "-" + "".join(row[k][0] for k in LIMITS))
def test_each_page_answers_at_the_limits(row):
    high = {name: row[name] == "high" for name in LIMITS}
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    rules = set_sidebar(at, row)

    # the Advisor, as a player holding 6 and 5 (the call at 11 possible)
    at.switch_page("pages/advisor.py").run()
    for rank in (6, 5):
        at.button(key=f"advisor.add.{rank}").click().run()
        shows_no_exception(at, "advisor, a card")
    assert at.number_input(key="advisor.stake").max == MOST_CHIPS
    at.number_input(key="advisor.stake").set_value(MOST_CHIPS if high["limit.a"] else 0)
    at.number_input(key="advisor.room").set_value(MOST_CHIPS if high["limit.b"] else 0)
    if rules.agreed_max_bet:
        at.number_input(key="advisor.max_bet").set_value(MOST_CHIPS if high["limit.c"] else 1)
    at.run()
    page = shows_no_exception(at, "advisor, player")
    assert not at.error and "Should I bet?" in page and "Every choice, in chips" in page, page

    # the Advisor, as the banker holding 6 and 5, against open hands at the limits
    at.radio(key="advisor.role").set_value("I hold the bank").run()
    shows_no_exception(at, "advisor, banker")
    assert at.number_input(key="advisor.open_count").max == MOST_OPEN_HANDS
    at.number_input(key="advisor.open_count").set_value(MOST_OPEN_HANDS if high["limit.c"] else 1).run()
    for i in range(at.session_state["advisor.open_count"]):
        at.number_input(key=f"advisor.open.{i}.stake").set_value(MOST_CHIPS if high["limit.a"] else 1)
        at.number_input(key=f"advisor.open.{i}.room").set_value(MOST_CHIPS if high["limit.b"] else 0)
        at.text_input(key=f"advisor.open.{i}.cards").set_value("?")
    at.run()
    page = shows_no_exception(at, "advisor, banker at the limits")
    assert not at.error and "Each choice, in chips for the bank" in page, page

    # the practice table started at the limits, to the learner's turn, with the hint
    at.switch_page("pages/play.py").run()
    shows_no_exception(at, "play")
    assert at.number_input(key="play.chips").max == MOST_TABLE_CHIPS
    chips = MOST_TABLE_CHIPS if high["limit.a"] else 1
    bank = MOST_TABLE_CHIPS if high["limit.b"] else 1
    at.number_input(key="play.chips").set_value(chips)
    at.number_input(key="play.bank").set_value(bank)
    if rules.agreed_max_bet:
        at.number_input(key="play.max_bet").set_value(MOST_TABLE_CHIPS if high["limit.c"] else 1)
    at.run()
    at.button(key="play.start").click().run()
    page = shows_no_exception(at, "play, start")
    if bank > chips:
        assert "cannot be more than each player's chips" in page
        bank = chips
        at.number_input(key="play.bank").set_value(bank).run()
        at.button(key="play.start").click().run()
        shows_no_exception(at, "play, start again")
    for _ in range(20):  # computer moves, a hand at a time, to the learner's decision
        table = at.session_state["play.table"]
        if table.state.is_over or table.humans_turn:
            break
        at.button(key="play.skip").click().run()
        shows_no_exception(at, "play, skip")
    table = at.session_state["play.table"]
    if table.humans_turn and table.state.phase != STAKE:
        at.button(key="play.hint").click().run()
        page = shows_no_exception(at, "play, hint")
        # a player's or a banker's best play, a banker's forced draw, or why retiring is not priced
        assert any(words in page for words in ("Best now", "You must now", "retire")), page

    # the lessons: the first step, and the Kvitlach step (its own rules whatever the sidebar says)
    at.switch_page("pages/lessons.py").run()
    assert lesson_heading(at) and shows_no_exception(at, "lessons")
    at.selectbox(key=f"lesson.jump.{at.session_state['lesson.step']}").set_value(len(LESSONS) - 1).run()
    page = shows_no_exception(at, "lessons, last step")
    assert at.session_state[f"lesson.table.{LESSONS[-1].slug}"].state.rules == LESSONS[-1].rules


# --- the practice table's engine calls, under a chosen sample of the RuleSets --------------------------------

#: how many more RuleSets, drawn with a fixed seed from the rest, the practice table's engine calls run under
RANDOM_TABLE_RULE_SETS = 64
#: the seed of that draw: fixed, so that a failure names a RuleSet that fails again on the next run
TABLE_SAMPLE_SEED = 21
#: every this many sidebar widgets take every combination of their values in the sample
TABLE_STRENGTH = 3


def single_changes(values: dict) -> list[dict]:
    """These widget values with one single rule set to each of its other values (the preset kept)."""
    return [values | {key: other} for key, domain in widget_domains().items() if key != "rules.preset"
            for other in domain if other != values[key]]


@functools.cache
def table_choices() -> tuple[tuple[str, dict], ...]:
    """The sidebar's widget values the practice table's engine calls run under, each with why it was chosen:
    each preset as loaded, each preset with one single rule changed, the rows of a covering set of strength
    TABLE_STRENGTH, and RANDOM_TABLE_RULE_SETS RuleSets drawn with a fixed seed from those not yet chosen."""
    choices = []
    for name, preset in PRESETS.items():
        loaded = {"rules.preset": name} | sidebar._widget_values(preset)
        choices += [("preset", loaded)] + [("one rule changed", values) for values in single_changes(loaded)]
    choices += [("covering set", row) for row in covering_rows(widget_domains(), TABLE_STRENGTH)]
    chosen = {rules_from(values) for _, values in choices}
    rest = [rules for rules in RULE_SETS if rules not in chosen]
    choices += [("random", RULE_SETS[rules]) for rules in random.Random(TABLE_SAMPLE_SEED).sample(
        rest, RANDOM_TABLE_RULE_SETS)]
    return tuple(choices)


def table_rule_sets() -> list[RuleSet]:
    """The distinct RuleSets of table_choices, in order."""
    return list(dict.fromkeys(rules_from(values) for _, values in table_choices()))


def test_the_table_sample_has_each_preset_each_single_change_and_every_few_choices_together():
    choices, rule_sets = table_choices(), table_rule_sets()
    assert set(rule_sets) <= set(RULE_SETS) and set(PRESETS.values()) <= set(rule_sets)
    widgets = [key for key in widget_domains() if key != "rules.preset"]
    for name, preset in PRESETS.items():
        # each single rule, set to each other value from the preset, is among the RuleSets the table runs under
        loaded = {"rules.preset": name} | sidebar._widget_values(preset)
        for key in widgets:
            for other in widget_domains()[key]:
                assert rules_from(loaded | {key: other}) in rule_sets, (name, key, other)
    shown = [values for _, values in choices]
    for group in itertools.combinations(widget_domains(), TABLE_STRENGTH):
        assert {tuple(values[key] for key in group) for values in shown} == set(
            itertools.product(*(widget_domains()[key] for key in group))), group
    drawn = [rules_from(values) for why, values in choices if why == "random"]
    assert len(set(drawn)) == RANDOM_TABLE_RULE_SETS and not set(drawn) & {
        rules_from(values) for why, values in choices if why != "random"}
    assert len(rule_sets) < len(RULE_SETS) / 10, "a sample: the whole set is the Advisor test's (engine-only) job"


@pytest.mark.parametrize("chips", [1, 1000], ids=["chips-1", "chips-1000"])
def test_the_practice_table_starts_and_coaches_under_every_rule_set_at_the_limits(chips):
    """What the practice table's buttons do, under a sample of the rule sets the sidebar makes
    (`table_choices`): start a game with chips and opening bank at the page's limits (1 and 1000; the agreed
    maximum bet at its default), play to the learner's first decision and price it (the Hint, the note after a
    decision). The pairwise visits above draw the page; this runs its engine calls.

    What it proves: at both limits, the table starts, reaches the learner's decision (or the game's end) and
    prices it under each preset, under each preset with any one single rule changed, under a set in which every
    three sidebar choices appear together, and under 64 more rule sets drawn with a fixed seed; each game is
    dealt with the seed of its RuleSet's place among all 1,792, as when every one of them was run. Every one of
    the 1,792 still goes through the Advisor's engine calls above (a game reads every rule, so the Advisor's way
    of running once per behaviour would not shorten this one). Running all 1,792 here took 205 s of CPU (28
    minutes on the machine seven engineers shared), these 107 about 15 s."""
    seeds = {rules: number for number, rules in enumerate(RULE_SETS)}
    for rules in table_rule_sets():
        table = start_table(rules, computers=2, seat=0, chips=chips, bank=chips, style="mixed", banker=1,
                            banker_stands_on=None, max_bet=rules.default_max_bet(chips) if rules.agreed_max_bet
                            else None, seed=seeds[rules])
        for _ in range(50):  # "Skip to my turn" stops at the end of every hand too
            if table.humans_turn or table.state.is_over:
                break
            table = table.skip_to_human()
        assert table.humans_turn or table.state.is_over, rules_id(rules)
        if table.humans_turn:
            assert table.coaching() or table.banker_coaching() or table.state.phase in (STAKE, RETIRE), \
                rules_id(rules)
