"""The Lab page: the exact edge table equals quitlok.odds.edge_outcomes, and a simulation's figures and words
equal the sums of quitlok.lab.simulate's batches for the same setup and seed, worked out here on their own."""

import json

import numpy as np
import pytest

from quitlok import lab as the_lab
from quitlok.errors import InvalidSetup
from quitlok.lab import LabSetup, simulate
from quitlok.odds import edge_outcomes, percent
from quitlok.rules import PRESETS, QUITLOK
from tests.app.conftest import open_page, single_rules, texts

PAGE = "pages/lab.py"
COLUMNS = ["Rules", "Banker stands on", "Player's edge per 100 hands", "Player wins", "Player loses", "No chip played"]


def per_hundred(x) -> str:
    return f"{100 * float(x):+.1f} chips per 100 hands"


def chips(x) -> str:
    return f"{100 * float(x):+.1f} chips"


def pct(x) -> str:
    return f"{100 * float(x):.1f}%"


def expected_rows(rules) -> list[list]:
    rows = []
    for total in rules.banker_models:
        o = edge_outcomes(rules, stands_on=total, exact=True)
        rows.append([rules.name, total, chips(o.edge), pct(o.win), pct(o.lose), pct(o.out)])
    return rows


def shown_rows(at, rules_name: str) -> list[list]:
    table = at.table[0].value
    assert list(table.columns) == COLUMNS
    return [list(row) for row in table[table["Rules"] == rules_name].itertuples(index=False)]


def figures(at) -> dict[str, dict]:
    """The page's three charts, in order, as Plotly JSON."""
    charts = at.get("plotly_chart")
    names = ("running", "banker", "shares")
    return {key: json.loads(chart.proto.spec) for key, chart in zip(names, charts, strict=True)}


def words(at) -> str:
    """The page's words with every line break and run of spaces as one space."""
    return " ".join(texts(at).split())


def traces(spec: dict) -> dict[str, dict]:
    return {trace.get("name", ""): trace for trace in spec["data"]}


def sums(setup: LabSetup, hands: int, seed: int) -> dict:
    """The batches' totals, worked out here without the page's code."""
    batches = list(simulate(setup, hands, seed=seed))
    results = np.concatenate([b.results for b in batches]).astype(int)
    assert len(results) == hands
    return {
        "total": int(results.sum()), "wins": int((results == 1).sum()), "losses": int((results == -1).sum()),
        "out": int(sum((~b.staked).sum() for b in batches)),
        "broken": int(sum(b.broken.sum() for b in batches)), "retired": int(sum(b.retired.sum() for b in batches)),
        "spread": float(results.std(ddof=1)),
    }


def run(at, **choices):
    """Set the simulation's widgets by key ("lab.player": "cautious", ...) and press Run."""
    for key, value in choices.items():
        widget = at.main.get("radio") + at.main.get("number_input") + at.main.get("select_slider")
        next(w for w in widget if w.key == key).set_value(value)
    at.button(key="lab.run").click().run()
    assert not at.exception, at.exception
    return at


def test_the_table_shows_both_traditions_exactly(app):
    at = open_page(app, PAGE)
    for rules in PRESETS.values():
        assert shown_rows(at, rules.name) == expected_rows(rules)
    assert len(at.table[0].value) == sum(len(r.banker_models) for r in PRESETS.values())
    edges = [edge_outcomes(r, stands_on=s, exact=True).edge for r in PRESETS.values() for s in r.banker_models]
    page = texts(at)
    assert min(edges) > 0 and "a player **at his best** has the edge" in page
    assert f"from {per_hundred(min(edges))} to {per_hundred(max(edges))}" in page
    assert "kvitlach.us [\\[9\\]](sources#source-9)" in page, "the kvitlach.us figures are cited"
    assert "law of large numbers" in page and "Choose a player and a banker, then press **Run**" in page
    assert not at.get("plotly_chart")


def test_house_rules_add_their_own_rows(app):
    single_rules(app).radio(key="rules.twelve").set_value("12, 10 or 9").run()
    at = open_page(app, PAGE)
    house = at.session_state["rules.current"]
    assert house.name == "Quitlok with house rules"
    assert shown_rows(at, house.name) == expected_rows(house)
    assert shown_rows(at, QUITLOK.name) == expected_rows(QUITLOK)
    assert len(at.table[0].value) == sum(len(r.banker_models) for r in PRESETS.values()) + len(house.banker_models)
    assert f"Under your house rules ({house.name})" in texts(at)
    assert at.radio(key="lab.rules").options == [house.name, "Quitlok", "Kvitlach"]
    at = run(at, **{"lab.hands": 1_000})
    assert "Last run: Quitlok with house rules, best player" in words(at), "the simulation follows the sidebar"
    edge = edge_outcomes(house, stands_on=17, exact=True)
    assert f"exact edge: {float(edge.edge):+.4f}" in traces(figures(at)["running"])


def test_a_run_shows_what_the_batches_add_up_to(app):
    at = run(open_page(app, PAGE), **{"lab.hands": 1_000, "lab.seed": 3})
    setup = LabSetup(rules=QUITLOK, player="best", stands_on=17, retire_at=None, bank=10)
    expected = sums(setup, 1_000, 3)
    average = expected["total"] / 1_000
    edge = edge_outcomes(QUITLOK, stands_on=17, exact=True)

    shown = figures(at)
    running = traces(shown["running"])
    player = running["player's average so far"]
    assert player["x"][-1] == 1_000 and player["y"][-1] == average
    assert len(player["x"]) <= 2_000
    exact_line = running[f"exact edge: {float(edge.edge):+.4f}"]
    assert exact_line["y"] == [float(edge.edge)] * 2
    assert traces(shown["banker"])["banker's profit so far"]["y"][-1] == -average
    bars = traces(shown["shares"])
    assert bars["this run"]["x"] == [expected["wins"] / 1_000, expected["losses"] / 1_000, expected["out"] / 1_000]
    assert bars["exact"]["x"] == [float(edge.win), float(edge.lose), float(edge.out)]
    assert expected["wins"] + expected["losses"] + expected["out"] == 1_000

    page = words(at)
    assert (f"After 1,000 hands the player's average was **{average:+.4f} chips a hand**, "
            f"{abs(average - float(edge.edge)):.4f} from the exact {float(edge.edge):+.4f}.") in page
    two = 2 * expected["spread"] / np.sqrt(1_000)
    assert f"about {two:.4f} either way (two standard errors)" in page
    inside = abs(average - float(edge.edge)) <= two
    assert ("The exact edge lies inside that band" in page) == inside
    assert ("The exact edge lies just outside that band" in page) == (not inside)
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Hands played"] == "1,000"
    assert metrics["Hands ending in a broken bank"] == percent(expected["broken"] / 1_000)
    assert metrics["Hands ending in a retirement"] == percent(expected["retired"] / 1_000) == "0%"
    assert "No exact line" not in page

    at.radio(key="lab.player").set_value("bold").run()  # a new choice does not run again by itself
    assert not at.exception
    assert traces(figures(at)["running"])["player's average so far"]["y"][-1] == average
    assert "These results are for the settings of the last run" in words(at)


def test_a_cautious_player_gets_no_exact_line_and_is_told_why(app):
    at = run(open_page(app, PAGE), **{"lab.hands": 1_000, "lab.player": "cautious", "lab.retire": "2"})
    setup = LabSetup(rules=QUITLOK, player="cautious", stands_on=17, retire_at=2.0, bank=10)
    expected = sums(setup, 1_000, 0)
    running = traces(figures(at)["running"])
    assert not [name for name in running if name.startswith("exact")]
    assert running["player's average so far"]["y"][-1] == expected["total"] / 1_000
    assert list(traces(figures(at)["shares"])) == ["this run"]
    page = words(at)
    assert "No exact line is drawn" in page and "**cautious**" in page and "**best play**" in page
    assert f"After 1,000 hands the player's average was **{expected['total'] / 1_000:+.3f} chips a hand**" in page
    assert {m.label: m.value for m in at.metric}["Hands ending in a retirement"] == percent(expected["retired"] / 1_000)


def test_a_banker_who_retires_gets_no_exact_line_either(app):
    at = run(open_page(app, PAGE), **{"lab.hands": 1_000, "lab.retire": "1.5"})
    assert not [name for name in traces(figures(at)["running"]) if name.startswith("exact")]
    assert "never retires" in texts(at) and "No exact line is drawn" in texts(at)


def test_kvitlach_offers_only_its_banker_models(app):
    at = open_page(app, PAGE)
    at.radio(key="lab.rules").set_value("Kvitlach").run()
    assert at.select_slider(key="lab.stands_on").options == ["17", "18"]


def test_a_bad_setup_is_an_error_message_not_a_traceback(app, monkeypatch):
    def refuses(setup, hands, *, seed=0, batch=100_000):
        raise InvalidSetup("That bank cannot be played: the test says so.")
        yield  # a generator, as simulate is

    monkeypatch.setattr(the_lab, "simulate", refuses)
    at = run(open_page(app, PAGE), **{"lab.hands": 1_000})
    assert "That bank cannot be played: the test says so." in [e.value for e in at.error]
    assert not at.get("plotly_chart")


# --- both at their best: the solved game (issue 27, item 3) -------------------------------------------------


def hundredths(x) -> str:
    return f"{100 * float(x):+.2f} chips"


def test_both_at_their_best_shows_the_shipped_equilibrium(app):
    """The value is the shipped strategies' (the figure saved beside them), each fixed banker model's row is the
    advisor's exact edge against him (quitlok.odds.player_edge, worked out on its own), the mixed examples are
    positions the solver itself lists as mixed, and Quitlok's figures are the ones shipped beside its strategies."""
    import time

    from quitlok import equilibrium
    from quitlok.odds import player_edge
    from quitlok.rules import KVITLACH
    from quitlok.solve import shipped_path

    equilibrium.lab_figures("kvitlach")  # worked out here first (a server does it in the background)
    at = open_page(app, PAGE)
    page = words(at)
    assert "Who has the edge when both play their best" in texts(at)
    with np.load(shipped_path("kvitlach")) as data:
        value = float(data["value"])
    assert f"the player still has the edge: **{hundredths(value)} per 100 hands** under Kvitlach" in page
    assert hundredths(value) == "+4.95 chips"
    tables = [t.value for t in at.table]
    models = next(t for t in tables if "Banker" in t.columns)
    assert list(models.itertuples(index=False, name=None))[0] == ("At his best", hundredths(value), "none")
    for stands_on, row in zip(KVITLACH.banker_models, list(models.itertuples(index=False, name=None))[1:],
                              strict=True):
        edge = float(player_edge(KVITLACH, stands_on=stands_on))
        assert row == (f"Stands on {stands_on}", hundredths(edge), hundredths(edge - value))
    styles = next(t for t in tables if "Player" in t.columns)
    assert list(styles["Player"]) == ["Best play", "Cautious", "Bold"]
    best = styles.iloc[0]
    assert best["Banker on 17"] == hundredths(player_edge(KVITLACH, stands_on=17)), "best play is the advisor's"
    # the mixed examples: positions the solver lists as mixed, with the chance shown
    solution = equilibrium.shipped_solution("kvitlach")
    listed = {(h, c): p for h, c, p in solution.mixed_banker_positions()}
    figures = equilibrium.lab_figures("kvitlach")
    assert f"At {figures.mixed_count:,} of the banker's positions his best play is mixed" in page
    for m in figures.mixed[:2]:
        assert listed[(m.history, m.cards)] == m.stands
        assert 0.02 < m.stands < 0.98
        assert f"holding {' + '.join(map(str, m.cards))} ({m.total})" in page
        assert f"stand {percent(m.stands)} of the time" in page
    # Quitlok: its figures ship worked out beside its strategies (tests/solve/test_solve.py checks them)
    quitlok = equilibrium.read_figures(equilibrium.figures_path("quitlok"))
    assert f"the player's result is **{hundredths(quitlok.value)} per 100 hands** under Quitlok" in page
    quitlok_models = [t for t in tables if "Banker" in t.columns][1]
    for stands_on, row in zip(QUITLOK.banker_models,
                              list(quitlok_models.itertuples(index=False, name=None))[1:], strict=True):
        edge = float(player_edge(QUITLOK, stands_on=stands_on))
        assert row == (f"Stands on {stands_on}", hundredths(edge), hundredths(edge - quitlok.value))
    # Quitlok's computer styles, priced as players of its solved game (tests/solve/test_at_best_quitlok.py: they
    # play as the computer players do), read from the shipped figures
    quitlok_styles = [t for t in tables if "Player" in t.columns][1]
    assert list(quitlok_styles["Player"]) == ["Best play", "Cautious", "Bold"]
    for style, row in zip(quitlok.styles, quitlok_styles.itertuples(index=False, name=None), strict=True):
        assert row[1:3] == (hundredths(style.against_17), hundredths(style.against_best_banker))
    assert quitlok_styles.iloc[0]["Banker on 17"] == hundredths(player_edge(QUITLOK, stands_on=17))
    assert "docs/solving.md" in page
    # once worked out, the page is fast: the figures come from the server's store
    started = time.perf_counter()
    at.run()
    assert not at.exception
    assert time.perf_counter() - started < 5


def test_both_at_their_best_never_makes_the_page_wait(app, monkeypatch):
    """Until the figures are stored, the page starts working them out in the background and says so, and draws
    the rest of the page at once; once they are stored, it shows them."""
    from quitlok import equilibrium
    from quitlok.costly import SharedAnswers

    started = []
    monkeypatch.setattr(equilibrium, "FIGURES", SharedAnswers("test figures", 2))
    monkeypatch.setattr(equilibrium, "start_figures", lambda name="kvitlach": started.append(name))
    at = open_page(app, PAGE)
    assert "is being worked out from the solved game" in words(at)
    assert started == ["kvitlach", "kvitlach", "quitlok", "quitlok"]
    assert "Try it: play many hands" in words(at), "the rest of the page is drawn"
    assert not at.table[1:]
    equilibrium.FIGURES.answer("kvitlach", lambda: equilibrium.edge_at_best("kvitlach"))
    equilibrium.FIGURES.answer("quitlok", lambda: equilibrium.read_figures(equilibrium.figures_path("quitlok")))
    at.run()
    assert "the player still has the edge" in words(at) and "being worked out" not in words(at)


def test_a_refusal_is_said_calmly(app, monkeypatch):
    from quitlok import equilibrium
    from quitlok.costly import SharedAnswers
    from quitlok.errors import InvalidSetup

    def unreadable(name):
        raise InvalidSetup("the saved strategies belong to another game or another version")

    monkeypatch.setattr(equilibrium, "FIGURES", SharedAnswers("test figures", 2))
    with pytest.raises(InvalidSetup):
        equilibrium.FIGURES.answer("kvitlach", lambda: unreadable("kvitlach"))
    at = open_page(app, PAGE)
    assert "The Lab could not work this out just now: the saved strategies belong" in words(at)
    assert "Try it: play many hands" in words(at) and not at.exception
