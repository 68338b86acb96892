"""Lab: who has the edge? The exact edge for both traditions (quitlok.odds.edge_outcomes), and a simulation
(quitlok.lab) that shows the average settling on it, for the player and banker styles the learner picks."""

from dataclasses import replace
from functools import reduce

import streamlit as st

from quitlok import equilibrium, ui
from quitlok.errors import InvalidSetup, QuitlokError, Unavailable
from quitlok.i18n import N_, _, ngettext
from quitlok.i18n import decimal as _decimal
from quitlok.i18n import number as _number
from quitlok.lab import EDGES, MAX_HANDS, PLAYER_STYLES, LabSetup, LabSummary, exact_edge, played
from quitlok.odds import EdgeOutcomes, percent
from quitlok.rules import PRESETS, RuleSet, banker_model_words
from quitlok.ui import guard, sidebar
from quitlok.ui import lab_charts as lab

ui.through_the_app()

RULES, PLAYER, MODEL, RETIRE = "lab.rules", "lab.player", "lab.stands_on", "lab.retire"
BANK, HANDS, SEED, LAST = "lab.bank", "lab.hands", "lab.seed", "lab.last"
PRESSED = "lab.pressed"  # Run was pressed: set by its callback, taken by this run of the page
FIGURES = "lab.figures"  # the last run's charts, and what they were drawn from (a rerun draws them again at no cost)
#: hands a second a run plays, about (for its progress bar: the run is played in a worker process)
HANDS_A_SECOND = 150_000
#: when the banker retires: never, or once his bank has grown to this many times the opening bank
RETIRING = {"never": None, "1.5": 1.5, "2": 2.0}
RETIRING_WORDS = {"never": N_("Never"), "1.5": N_("At 1½ times his opening bank"), "2": N_("At twice his opening bank")}
#: the same, inside the line that says a run's settings
RETIRES_WORDS = {"never": N_("never retires"), "1.5": N_("retires at 1½ times his opening bank"),
                 "2": N_("retires at twice his opening bank")}
#: the player's styles (quitlok.lab.PLAYER_STYLES' keys) as the choice names them, and inside a sentence
# Translators: how the simulated player plays: at his best, cautiously or boldly
STYLE_LABELS = {"best": N_("Best"), "cautious": N_("Cautious"), "bold": N_("Bold")}
STYLE_WORDS = {"best": N_("best"), "cautious": N_("cautious"), "bold": N_("bold")}
#: who has the edge, as the house rules' line names him
WHO_WORDS = {"player": N_("player"), "bank": N_("bank")}
HAND_CHOICES = [n for n in (1_000, 10_000, 100_000, 1_000_000) if n <= MAX_HANDS]
MOST_BANK, MOST_SEED = 10_000, 2**31 - 1
house = ui.current_rules()


def words(key: str, **values) -> str:
    return ui.content_sections("lab/lab")[key].format(**values)


def exact(rules: RuleSet, stands_on: int) -> EdgeOutcomes:
    """The exact chances and edge for a lone player at his best (0.3-1.3 s each): worked out once per server
    for every visitor (quitlok.lab.exact_edge), with a spinner while it is."""
    if EDGES.knows((rules, stands_on)):
        return exact_edge(rules, stands_on)
    with st.spinner(_("Working out the exact edge…")):
        return exact_edge(rules, stands_on)


def or_list(items) -> str:
    """'15, 16, 17 or 18'."""
    items = [str(i) for i in items]
    return items[0] if len(items) == 1 else _("{items} or {last}").format(items=", ".join(items[:-1]), last=items[-1])


# --- the exact answer --------------------------------------------------------------------------------------


def is_preset(rules: RuleSet) -> bool:
    return any(replace(rules, name=p.name) == p for p in PRESETS.values())


def the_exact_answer() -> None:
    st.header(words("exact_title"))
    try:
        the_edges()
    except Unavailable as problem:  # the server is busy: said so, and the simulation below still works
        st.warning(words("unavailable", problem=problem))


def the_edges() -> None:
    presets = [exact(rules, s) for rules in PRESETS.values() for s in rules.banker_models]
    edges = [o.edge for o in presets]
    key = "player_edge" if min(edges) > 0 else "bank_edge" if max(edges) < 0 else "mixed_edge"
    said = [words(key, low=lab.per_hundred(min(edges)), high=lab.per_hundred(max(edges)))]
    rows = list(presets)
    if not is_preset(house):
        mine = [exact(house, s) for s in house.banker_models]
        rows += mine
        for who in ("player", "bank"):
            totals = [o.stands_on for o in mine if (o.edge > 0) == (who == "player")]
            if totals:
                said.append(words("house_edge", name=sidebar.rules_name(house), who=_(WHO_WORDS[who]),
                                  totals=or_list(totals)))
    st.markdown(" ".join(said))
    st.markdown(words("why"))
    st.table(lab.edge_frame(rows), hide_index=True)
    st.caption(words("table_note"))


# --- both at their best: the solved game (quitlok.equilibrium, docs/solving.md) -------------------------------

#: how many mixed positions the page shows as examples (the weightiest: the ones a hand reaches most often)
MIXED_EXAMPLES = 2
#: the solved games (docs/solving.md): Kvitlach, 48 cards; Quitlok, 24 cards
SOLVED = ("kvitlach", "quitlok")
#: each solved game's heading
SOLVED_TITLES = {"kvitlach": N_("Kvitlach (48 cards, bet first)"), "quitlok": N_("Quitlok (24 cards, blots)")}


#: how often the page looks whether the solved game's figures are ready (the first time on a server: about 15 s)
LOOK_EVERY = 2.0


@guard.fragment(run_every=LOOK_EVERY)
def waiting_for_figures(name: str) -> None:
    """While the figures are worked out (in the background: the page does not wait), a note; once they are
    stored, the page is drawn again with them."""
    if equilibrium.FIGURES.knows(name):
        st.rerun()
    equilibrium.start_figures(name)  # again, if the last try failed
    st.info(words("best_working"), icon=":material/hourglass_top:")


def either(first: str, second: str) -> str:
    """Two examples, one after the other: 'a; or b'."""
    return _("{first}; or {second}").format(first=first, second=second)


def cards_words(cards: tuple) -> str:
    return " + ".join(str(c) for c in cards)


def both_at_best() -> None:
    st.header(words("best_title"))
    for name in SOLVED:
        st.subheader(_(SOLVED_TITLES[name]))
        one_solved_game(name)


def one_solved_game(name: str) -> None:
    """One tradition's figures when both play their best."""
    if not equilibrium.FIGURES.knows(name):
        equilibrium.start_figures(name)
        waiting_for_figures(name)
        return
    try:
        solved = equilibrium.lab_figures(name)  # from the store
    except QuitlokError as problem:  # a refusal, stored (the shipped data unreadable): said, the page goes on
        st.warning(words("unavailable", problem=problem))
        return
    value = _("{value} per 100 hands").format(value=lab.hundredths(solved.value))
    st.markdown(words("best_value" if name == "kvitlach" else "best_quitlok", value=value))
    st.markdown(words("best_models"))
    st.table(lab.banker_models_frame(solved), hide_index=True)
    st.caption(words("best_models_note"))
    if solved.styles:
        st.markdown(words("best_styles"))
        st.table(lab.styles_frame(solved), hide_index=True)
        st.caption(words("best_styles_note", value=value))
    examples = [words("best_example", cards=cards_words(m.cards), total=m.total,
                      history=equilibrium.history_words(m.history, name), stands=percent(m.stands))
                for m in solved.mixed[:MIXED_EXAMPLES]]
    if examples:
        st.markdown(words("best_mixed", count=_number(solved.mixed_count), examples=reduce(either, examples)))
    st.caption(words("best_method", gap=equilibrium.within_words(solved.exploitability)))


# --- the simulation ----------------------------------------------------------------------------------------


#: the choice of rules that follows the sidebar, whatever it is set to
HOUSE = "house"


def rules_choices() -> dict[str, RuleSet]:
    """The sidebar's house rules first (HOUSE, so that the choice follows the sidebar), then each preset
    that differs from them."""
    choices = {HOUSE: house}
    for name, preset in PRESETS.items():
        if preset.name != house.name:
            choices[name] = preset
    return choices


def keep_option(key: str, options: list, default) -> None:
    """A choice that the new rules no longer offer goes back to `default` (or the first option)."""
    if st.session_state.get(key) not in options:
        st.session_state[key] = default if default in options else options[0]


def controls() -> tuple[RuleSet, str, int, str, int, int, int]:
    choices = rules_choices()
    keep_option(RULES, list(choices), HOUSE)
    chosen = st.radio(_("Rules"), list(choices), key=RULES, format_func=lambda key: sidebar.rules_name(choices[key]),
                      help=_("The first are the house rules chosen in the sidebar."))
    rules = choices[chosen]
    styles = list(PLAYER_STYLES)
    keep_option(PLAYER, styles, "best")
    captions = [_(PLAYER_STYLES[s]) for s in styles]
    player = st.radio(_("The player plays"), styles, key=PLAYER, format_func=lambda style: _(STYLE_LABELS[style]),
                      captions=[c[:1].upper() + c[1:] for c in captions],
                      help=words("player_help"))
    models = list(rules.banker_models)
    keep_option(MODEL, models, 17)
    stands_on = st.select_slider(_("The banker stands on"), models, key=MODEL,
                                 help=banker_model_words(st.session_state[MODEL]).capitalize() + ".")
    keep_option(RETIRE, list(RETIRING), "never")
    retire = st.radio(_("The banker retires"), list(RETIRING), key=RETIRE,
                      format_func=lambda when: _(RETIRING_WORDS[when]),
                      help=words("retire_help"))
    bank = st.number_input(_("Opening bank (chips)"), 1, MOST_BANK, key=BANK)
    keep_option(HANDS, HAND_CHOICES, 10_000)
    hands = st.radio(_("Hands to play"), HAND_CHOICES, key=HANDS, horizontal=True, format_func=_number)
    with st.expander(_("Random seed")):
        seed = st.number_input(_("Seed: the same seed plays the same cards again"), 0, MOST_SEED, key=SEED,
                               help=_("A longer run is dealt afresh: it does not continue a shorter one."))
    return rules, player, stands_on, retire, bank, hands, seed


def setup_words(setup: LabSetup, hands: int, seed: int) -> str:
    """A run's settings in a line: 'Quitlok, best player, banker stands on 17 and never retires, ...'."""
    retiring = next((w for k, w in RETIRES_WORDS.items() if RETIRING[k] == setup.retire_at), RETIRES_WORDS["never"])
    return _("{rules}, {style} player, banker stands on {total} and {retiring}, opening bank {bank}, {hands} hands, "
             "seed {seed}").format(rules=setup.rules.name, style=_(STYLE_WORDS[setup.player]), total=setup.stands_on,
                                   retiring=_(retiring), bank=setup.bank, hands=_number(hands), seed=seed)


def run(setup: LabSetup, hands: int, seed: int) -> None:
    """Play the hands (in a worker process, quitlok.lab.played), showing how long it has taken, and keep the
    summary for later runs of the page."""
    bar = st.progress(0.0, text=words("playing", hands=_number(hands), seconds=0))
    expected = max(0.5, hands / HANDS_A_SECOND)

    def waiting(seconds: float) -> None:
        bar.progress(min(0.95, seconds / expected), text=words("playing", hands=_number(hands), seconds=round(seconds)))

    try:
        summary = played(setup, hands, seed, waiting=waiting)
    except InvalidSetup as problem:
        bar.empty()
        st.error(str(problem))
        return
    except Unavailable as problem:
        bar.empty()
        st.warning(words("unavailable", problem=problem))
        return
    bar.empty()
    st.session_state[LAST] = (setup, hands, seed, summary)


def charts(run: tuple[LabSetup, int, int], summary: LabSummary, outcomes, large: bool) -> tuple:
    """The three charts of a run: drawn once, and again only when what they show changes (the run, the exact
    answer, projector mode). A run is its setup, hands and seed: the same three play the same hands."""
    edge = None if outcomes is None else outcomes.edge
    key = (run, edge, large)
    kept = st.session_state.get(FIGURES)
    if kept is not None and kept[0] == key:
        return kept[1]
    figures = (lab.running_average_chart(summary, edge, large=large), lab.banker_chart(summary, large=large),
               lab.shares_chart(summary, outcomes, large=large))
    st.session_state[FIGURES] = (key, figures)
    return figures


def results(current: tuple[LabSetup, int, int] | None) -> None:
    last = st.session_state.get(LAST)
    if last is None:
        st.info(words("not_run"))
        return
    setup, hands, seed, summary = last
    if current is not None and current != (setup, hands, seed):
        st.info(words("stale", setup=setup_words(setup, hands, seed)))
    else:
        st.caption(_("Last run: {setup}.").format(setup=setup_words(setup, hands, seed)))
    best = setup.player == "best" and setup.retire_at is None
    outcomes = None
    if best:
        try:
            outcomes = exact(setup.rules, setup.stands_on)
        except Unavailable as problem:  # the run is shown without its exact line
            st.warning(words("unavailable", problem=problem))
    average, two = summary.average, 2 * summary.standard_error
    if not best:
        st.info(words("no_line_style", style=_(STYLE_WORDS[setup.player])) if setup.player != "best"
                else words("no_line_retire"))
    large = ui.projector()
    running, banker, shares = charts((setup, hands, seed), summary, outcomes, large)
    st.markdown(f"**{words('running_title')}**")
    st.plotly_chart(running, key="lab.running_chart", config={"displayModeBar": False})
    if outcomes is not None:
        gap = abs(average - float(outcomes.edge))
        st.markdown(words("final_exact", hands=_number(summary.hands), average=_decimal(average, 4, signed=True),
                          gap=_decimal(gap, 4), exact=lab.exact_chips(outcomes.edge), two=_decimal(two, 4))
                    + " " + words("inside_band" if gap <= two else "outside_band"))
    else:
        st.markdown(words("final_no_exact", hands=_number(summary.hands), average=lab.chips_a_hand(average),
                          lower=lab.chips_a_hand(average - two), upper=lab.chips_a_hand(average + two)))
    st.caption(words("running_caption"))
    st.markdown(f"**{words('banker_title')}**")
    st.plotly_chart(banker, key="lab.banker_chart", config={"displayModeBar": False})
    st.caption(words("banker_caption"))
    st.markdown(f"**{words('shares_title')}**")
    with st.container(horizontal=True, gap="medium"):  # side by side on a phone too
        st.metric(_("Hands played"), _number(summary.hands), width="content")
        # the English says "hands" for one too (as before): the number is there for the languages that need it
        st.metric(_("Hands ending in a broken bank"), percent(summary.broken / summary.hands), width="content",
                  help=ngettext("{n} hands ended with the bank empty", "{n} hands ended with the bank empty",
                                summary.broken).format(n=_number(summary.broken)))
        st.metric(_("Hands ending in a retirement"), percent(summary.retired / summary.hands), width="content",
                  help=ngettext("{n} hands: the banker took his bank home", "{n} hands: the banker took his bank home",
                                summary.retired).format(n=f"{summary.retired:,}"))
    st.plotly_chart(shares, key="lab.shares_chart", config={"displayModeBar": False})


def the_simulation() -> None:
    st.header(words("sim_title"))
    model = st.empty()  # the model in words, for the rules chosen below
    st.session_state.setdefault(BANK, 10)
    st.session_state.setdefault(SEED, 0)
    if ui.projector():  # large text needs the whole width: the results come under the controls
        left = right = st.container()
    else:
        left, right = st.columns([2, 5], gap="large")
    current = None
    with left, st.container(border=True):
        rules, player, stands_on, retire, bank, hands, seed = controls()
        # Translators: the button that plays the simulation's hands
        st.button(_("Run"), type="primary", key="lab.run", icon=":material/play_arrow:", width="stretch",
                  on_click=st.session_state.update, args=({PRESSED: True},))
    model.markdown(words("model", hand=rules.retire_from_hand, cards=or_list(sorted(rules.retire_cards))))
    with right:
        try:
            setup = LabSetup(rules=rules, player=player, stands_on=stands_on, retire_at=RETIRING[retire],
                             bank=int(bank))
        except InvalidSetup as problem:
            st.error(str(problem))
        else:
            current = (setup, int(hands), int(seed))
            last = st.session_state.get(LAST)
            # the page runs it, so its progress shows in place; the same setup, hands and seed as the last run
            # play the same hands again, so its results stand as they are
            if st.session_state.pop(PRESSED, False) and (last is None or last[:3] != current):
                run(*current)
        results(current)
        for_teachers()  # beside the controls before a run, under the charts after one


def for_teachers() -> None:
    with st.container(border=True):
        st.header(words("teachers_title"))
        st.markdown(words("teachers"))


# --- the page --------------------------------------------------------------------------------------------

st.title(_("Lab: who has the edge?"))
st.markdown(ui.link_citations(words("intro")))
the_exact_answer()
st.divider()
both_at_best()
st.divider()
the_simulation()
