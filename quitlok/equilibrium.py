"""Who has the edge when both play their best: the Lab's figures from the shipped equilibrium (issue 27, item 3).

Everything here is read from the strategies that ship with the package (`quitlok.solve.SHIPPED`,
docs/solving.md) and priced with the solver's exact best responses (`quitlok.solve.best_responses`):

- the game's value: the player's result when both follow the shipped strategies;
- each fixed banker model (he stands on 17, 18, ...) beside it: the player's best result against that banker,
  and how much more that is than against a banker at his best (what the fixed model gives away);
- each computer player style (`quitlok.lab.PLAYER_STYLES`, the players of `quitlok.bots`) as a fixed player
  strategy in the solver's game: its result against a banker on 17 and against the banker's best response;
- the banker positions where his best play is mixed, the weightiest first.

Both traditions are solved (Kvitlach, 48 cards; Quitlok, 24 cards). Quitlok's figures ship worked out beside its
strategies (`SHIPPED_FIGURES`: its tree is too large to load for a page). The solution is loaded once per
process (`shipped_solution`, about 8 s: the game's tree and both best responses), and `edge_at_best` (a few
seconds more) is small and picklable, so that a worker process can work it out (`quitlok.costly.away`).
"""

import gc
import json
import threading
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from functools import cache
from pathlib import Path
from typing import TypeVar

import numpy as np

from quitlok.costly import SharedAnswers, away
from quitlok.errors import InvalidSetup, QuitlokError
from quitlok.i18n import N_, _, ngettext
from quitlok.i18n import decimal as _decimal
from quitlok.moves import Move
from quitlok.solve import (
    PLAYER_ACTIONS,
    RANKS,
    SHIPPED,
    Solution,
    Tree,
    best_responses,
    load,
    shipped_game,
    shipped_path,
    strategy_value,
)

__all__ = ["BankerModel", "EdgeAtBest", "MixedPosition", "StrategyCard", "StyleResult", "banker_stands_on",
           "edge_at_best", "history_words", "lab_figures", "player_style", "shipped_solution", "start_figures",
           "released", "strategy_card",
           "within_words"]

#: the computer players priced as players, with what they take cards below (quitlok.bots: cautious, bold);
#: "best" is the advisor's play against a banker on 17 (quitlok.bots.BestPlayer)
STYLE_DRAWS_BELOW = {"cautious": 15, "bold": 17}
STYLES = ("best", "cautious", "bold")
#: a banker position counts as mixed when his chance of standing there lies strictly between these
MIXED_LOW, MIXED_HIGH = 0.02, 0.98

T = TypeVar("T")


@cache
def shipped_solution(name: str = "kvitlach") -> Solution:
    """The shipped equilibrium of `name` with its tree, loaded (and its best responses checked) once a process."""
    return load(shipped_game(name), shipped_path(name))


@dataclass(frozen=True)
class BankerModel:
    """A banker who stands on a fixed total, against a player at his best."""

    stands_on: int
    #: the player's best result a hand against him
    player_best: float
    #: how much more that is than against a banker at his best (the game's value)
    gives_away: float


@dataclass(frozen=True)
class StyleResult:
    """A computer player style as a fixed strategy: its result a hand against a banker on 17 and against the
    banker's best response to it."""

    style: str
    against_17: float
    against_best_banker: float


@dataclass(frozen=True)
class MixedPosition:
    """A banker position where his best play is mixed: the public history he faces, his cards, his total, his
    chance of standing there, and how often a hand reaches it (both playing the shipped strategies)."""

    history: tuple
    cards: tuple
    total: int
    stands: float
    weight: float


@dataclass(frozen=True)
class EdgeAtBest:
    """The Lab's figures for one solved game."""

    name: str
    #: the player's result a hand when both follow the shipped strategies
    value: float
    #: the best responses' bounds: the player's best against the shipped banker, the banker's against the player
    player_best: float
    banker_best: float
    models: tuple[BankerModel, ...]
    styles: tuple[StyleResult, ...]
    #: every mixed banker position (chance of standing between MIXED_LOW and MIXED_HIGH), weightiest first (in
    #: shipped figures only the weightiest SHIPPED_MIXED, with their number in `mixed_total`)
    mixed: tuple[MixedPosition, ...]
    mixed_total: int | None = None

    @property
    def mixed_count(self) -> int:
        """How many banker positions are mixed."""
        return len(self.mixed) if self.mixed_total is None else self.mixed_total

    @property
    def exploitability(self) -> float:
        return self.player_best - self.banker_best


# --- fixed strategies in the solver's game ------------------------------------------------------------


def banker_stands_on(tree: Tree, stands_on: int) -> np.ndarray:
    """The banker who stands on `stands_on` or more (draws below it) wherever he may choose, as a strategy of
    the solver's game (the chance of standing at every banker state of every bank node)."""
    if not 1 <= stands_on <= 21:
        raise InvalidSetup(_("The banker stands on a total from 1 to 21 (got {got}).").format(got=repr(stands_on)))
    return tree.banker_stands_on(stands_on)


def _first_best(tree: Tree, slotval: np.ndarray) -> np.ndarray:
    """A pure player strategy playing, at every row, the first action of highest value."""
    sigma = np.zeros(tree.n_slots)
    for r in range(tree.n_rows):
        a, b = tree.row_slot_start[r], tree.row_slot_start[r + 1]
        best = a + int(np.argmax(slotval[a:b] >= slotval[a:b].max() - 1e-12))
        sigma[best] = 1.0
    return sigma


def player_style(tree: Tree, style: str) -> np.ndarray:
    """A computer player style as a pure strategy of the solver's game (one chip, bet-first rules).

    "cautious" and "bold" play as the Lab's rule-of-thumb players (quitlok.lab): bet the chip, call elvaroon
    whenever allowed, take cards while below 15 (17), keep a protected 11 only when it makes 17 to 21. "best"
    plays the advisor's best against a banker on 17 (the first of equal actions)."""
    if style == "best":
        _values, slotval, _best = tree.evaluate(tree.uniform_player(), tree.bank_values(banker_stands_on(tree, 17)),
                                      best=True)
        return _first_best(tree, slotval)
    if style not in STYLE_DRAWS_BELOW:
        raise InvalidSetup(_("The player style must be one of {styles} (got {got}).").format(styles=", ".join(STYLES),
                                                                                             got=repr(style)))
    below = STYLE_DRAWS_BELOW[style]
    game = tree.game
    if not game.rules.bet_first:
        return _quitlok_style(tree, below)
    sigma = np.zeros(tree.n_slots)
    for node, hand, actions in _player_rows(tree):
        if node.mode == "first":
            choice = "bet"
        elif node.mode == "resolve":
            choice = _keep_or_reject(game, hand, actions)
        elif Move.DRAW_ALUVUN in actions:
            choice = Move.DRAW_ALUVUN
        elif "draw" in actions and game.value(hand) < below:
            choice = "draw"
        else:
            choice = "stay"
        sigma[actions[choice]] = 1.0
    return sigma


def _player_rows(tree: Tree):
    """Each of the player's rows of `tree`: its node, the hand it holds (counts by rank) and its actions (name ->
    slot)."""
    for r in range(tree.n_rows):
        node = tree.nodes[tree.row_node[r]]
        hand = tuple(a + b for a, b in zip(node.kept, tree.row_x[r], strict=True))
        a, b = tree.row_slot_start[r], tree.row_slot_start[r + 1]
        yield node, hand, {PLAYER_ACTIONS[int(tree.slot_action_a[s])]: s for s in range(a, b)}


def _keep_or_reject(game, hand: tuple[int, ...], actions: dict) -> str:
    """A rule-of-thumb player's protected 11: kept only when it makes 17 to 21 (or when it cannot be thrown in)."""
    kept = list(hand)
    kept[10] += 1
    return "keep" if 17 <= game.value(tuple(kept)) <= 21 or "reject" not in actions else "reject"


def _quitlok_style(tree: Tree, below: int) -> np.ndarray:
    """A rule-of-thumb player (quitlok.bots.StyledPlayer) under Quitlok's rules, one chip of room, as a pure
    strategy: call aluvun whenever allowed (with the bet while the chip is not yet bet, else with a blot); below
    `below` bet the chip (its card comes face down) while it is not yet bet, else take a blot; else stay; keep a
    protected 11 only when it makes 17 to 21."""
    game = tree.game
    sigma = np.zeros(tree.n_slots)
    for node, hand, actions in _player_rows(tree):
        if node.mode == "resolve":
            choice = _keep_or_reject(game, hand, actions)
        else:
            order = [Move.BET_ALUVUN, Move.BLOT_ALUVUN]
            if game.value(hand) < below:
                order += [Move.BET, Move.BLOT]
            choice = next((move for move in order if move in actions), Move.STAY)
        sigma[actions[choice]] = 1.0
    return sigma


# --- the mixed positions --------------------------------------------------------------------------------


def _mixed(solution: Solution) -> tuple[MixedPosition, ...]:
    """The banker positions where he mixes, with how often a hand reaches each (the chance that the player
    stays at that history with some hand and the banker draws those cards, both on the shipped strategies)."""
    tree = solution.tree
    found = [MixedPosition(tree.bank_nodes[t]["key"], tuple(r for r in RANKS for _ in range(state[r - 1])), total,
                           stand, weight)
             for t, state, total, stand, weight in tree.banker_positions(solution.player, solution.banker,
                                                                        (MIXED_LOW, MIXED_HIGH))]
    return tuple(sorted(found, key=lambda m: -m.weight))


# --- the figures ----------------------------------------------------------------------------------------


def edge_at_best(name: str = "kvitlach") -> EdgeAtBest:
    """The Lab's figures for the shipped game `name` (a function of the module: a worker process runs it)."""
    return edge_figures(shipped_solution(name), name)


def edge_figures(solution: Solution, name: str) -> EdgeAtBest:
    """The Lab's figures for a solution of the game `name`."""
    tree = solution.tree
    rules = tree.game.rules
    models = []
    for stands_on in rules.banker_models:
        fixed = banker_stands_on(tree, stands_on)
        best = tree.evaluate(solution.player, tree.bank_values(fixed), best=True)[2]
        models.append(BankerModel(stands_on, best, best - solution.value))
    on_17 = banker_stands_on(tree, 17)
    styles = []
    for style in STYLES:
        sigma = player_style(tree, style)
        styles.append(StyleResult(style, strategy_value(tree, sigma, on_17),
                                  best_responses(tree, sigma, on_17)["banker_best"]))
    return EdgeAtBest(name, solution.value, solution.player_best, solution.banker_best, tuple(models),
                      tuple(styles), _mixed(solution))


# --- the figures shipped beside a large equilibrium ----------------------------------------------------------

#: games whose Lab figures ship worked out (quitlok/data/<name>_figures.json, written by the recompute tool): loading
#: Quitlok's equilibrium takes its tree (about 30 s and 1.2 GB, then 3-4 GB for both best responses), which no
#: server should do for a page; tests/solve/test_solve.py works them out again from the shipped strategies
SHIPPED_FIGURES = {"quitlok": "quitlok_figures.json"}


def figures_path(name: str) -> Path:
    return Path(__file__).parent / "data" / SHIPPED_FIGURES[name]


#: how many of the mixed positions ship (the weightiest): Quitlok has tens of thousands
SHIPPED_MIXED = 20


def write_figures(figures: EdgeAtBest, path: Path) -> None:
    """The Lab's figures as JSON (tools/solve_quitlok.py --save), with the weightiest SHIPPED_MIXED mixed positions."""
    kept = replace(figures, mixed=figures.mixed[:SHIPPED_MIXED], mixed_total=figures.mixed_count)
    path.write_text(json.dumps(asdict(kept), indent=None, separators=(",", ":")), encoding="utf-8")


def read_figures(path: Path) -> EdgeAtBest:
    """Figures written by `write_figures`."""
    raw = json.loads(path.read_text(encoding="utf-8"))

    def position(m: dict) -> MixedPosition:
        return MixedPosition(tuple(m["history"]), tuple(m["cards"]), m["total"], m["stands"], m["weight"])

    return EdgeAtBest(raw["name"], raw["value"], raw["player_best"], raw["banker_best"],
                      tuple(BankerModel(**m) for m in raw["models"]), tuple(StyleResult(**m) for m in raw["styles"]),
                      tuple(position(m) for m in raw["mixed"]), raw.get("mixed_total"))


def released(function: Callable[..., T], *args: object) -> T:
    """`function(*args)`, after which the shipped solutions are let go: a solution's tree holds about 700 MB, which a
    worker process (quitlok.costly.away) or a server must not keep once the small figures it was loaded for are
    worked out (they are kept instead: FIGURES, the Teachers page's cache)."""
    try:
        return function(*args)
    finally:
        shipped_solution.cache_clear()
        gc.collect()


# --- for the app ------------------------------------------------------------------------------------------

#: the figures, once per server for every visitor (worked out in a worker process: quitlok.costly.away)
FIGURES = SharedAnswers("the solved game's figures", max_entries=len(SHIPPED))


def lab_figures(name: str = "kvitlach") -> EdgeAtBest:
    """`edge_at_best(name)`, worked out once per server (in a worker process where there are any); read from the
    shipped figures where they ship (SHIPPED_FIGURES)."""
    if name in SHIPPED_FIGURES:
        return FIGURES.answer(name, lambda: read_figures(figures_path(name)))
    return FIGURES.answer(name, lambda: away(released, edge_at_best, name))


_starting = threading.Lock()
_working: set[str] = set()


def start_figures(name: str = "kvitlach") -> bool:
    """Start working out `lab_figures(name)` in a background thread of this process, unless it is stored or under
    way already, and return at once (so that no page waits for it): True when it was started here. A failure
    (the worker busy or gone: Unavailable) is not stored, so a later call starts it again."""
    with _starting:
        if name in _working or FIGURES.knows(name):
            return False
        _working.add(name)

    def work() -> None:
        try:
            lab_figures(name)
        except QuitlokError:
            pass  # not stored: asked again by the next look
        finally:
            with _starting:
                _working.discard(name)

    threading.Thread(target=work, name=f"solved figures {name}", daemon=True).start()
    return True


#: how many more cards a player took, in words, where a word reads better than the figure
_HOW_MANY_MORE = {1: N_("took one more card"), 2: N_("took two more cards"), 3: N_("took three more cards")}


#: the events of a Quitlok history (blots and bets at any time) that no Kvitlach history has
_QUITLOK_EVENTS = {"blot", str(Move.BLOT), str(Move.BLOT_ALUVUN), str(Move.BET_ALUVUN)}


def history_words(history: tuple, name: str = "kvitlach") -> str:
    """A public history ending in a stay, as a banker sees it: 'bet and took one more card, then stayed' (Kvitlach);
    'took a blot: 5, bet with a face-down card and took a blot: 3, then stayed' (Quitlok)."""
    from quitlok.quiz import and_words  # (the quiz imports the game and the odds: only when words are wanted)

    if name == "quitlok" or any(str(event) in _QUITLOK_EVENTS or isinstance(event, int) for event in history):
        return _quitlok_history_words(history)

    taken = sum(event in ("draw", Move.DRAW_ALUVUN, Move.RAISE_ALUVUN) for event in history)
    called = any(str(event).endswith("aluvun") for event in history)
    thrown = history.count("reject")
    # Translators: what a player did, one after another, as the banker saw it: "bet, took one more card and
    # called elvaroon" (then "..., then stayed")
    said = [_("bet"), _(_HOW_MANY_MORE[taken]) if taken in _HOW_MANY_MORE else
            ngettext("took {n} more card", "took {n} more cards", taken).format(n=taken)]
    if called:
        said.append(_("called elvaroon"))
    if thrown:
        said.append(ngettext("threw in an 11 face up", "threw in {n} 11s face up", thrown).format(n=thrown))
    return _("{actions}, then stayed").format(actions=and_words(said))


def _quitlok_history_words(history: tuple) -> str:
    """A Quitlok public history in words, event by event (the blots' cards in the order they came)."""
    from quitlok.quiz import and_words

    said = []
    for k, event in enumerate(history):
        following = history[k + 1] if k + 1 < len(history) else None
        card = following if isinstance(following, int) else None
        event = str(event)
        if event in ("blot", str(Move.BLOT)) and card is not None:
            # Translators: one of a Quitlok player's moves as the banker saw it; {card} is the face-up card's number
            said.append(_("took a blot: {card}").format(card=card))
        elif event == str(Move.BLOT_ALUVUN) and card is not None:
            said.append(_("called aluvun and took a blot: {card}").format(card=card))
        elif event == "bet":
            said.append(_("bet with a face-down card"))
        elif event == str(Move.BET_ALUVUN):
            said.append(_("called aluvun and bet with a face-down card"))
        elif event == "reject":
            said.append(_("threw in the 11 face up"))
    return _("{actions}, then stayed").format(actions=and_words(said))


def within_words(gap: float) -> str:
    """How close the shipped strategies are to an equilibrium, for people: 'less than a millionth of a chip'."""
    if gap < 1e-6:
        return _("less than a millionth of a chip")
    return _("{gap} chips").format(gap=_decimal(gap, 6))


# --- the strategy cards (issue 27, item 5) ------------------------------------------------------------------

#: the banker's totals where he chooses under Kvitlach (he must draw below 17, and stands on 20)
CHOICE_TOTALS = (17, 18, 19)


@dataclass(frozen=True)
class StrategyCard:
    """Both sides' play at their best, summed up for a printed card; each chance is weighted by how often a hand
    reaches the position, both playing the shipped strategies."""

    name: str
    value: float
    #: (his first card, the chance that he bets on it)
    bets: tuple[tuple[int, float], ...]
    #: (his total, with his chip bet, the chance that he takes another card there)
    draws: tuple[tuple[int, float], ...]
    #: the chance that he calls elvaroon with his next card where he may
    elvaroon: float
    #: (what the player showed, the banker's chance of standing on each of CHOICE_TOTALS; None: never reached)
    stands: tuple[tuple[str, tuple[float | None, ...]], ...]


def _seen_key(history: tuple) -> tuple[int, bool]:
    """What the banker saw a player do, as the strategy card groups it: (cards taken, 4 standing for 4 or more;
    elvaroon called)."""
    taken = sum(event in ("draw", Move.DRAW_ALUVUN, Move.RAISE_ALUVUN) for event in history)
    return min(taken, 4), any(str(e).endswith("aluvun") for e in history)


def _shown(key: tuple[int, bool]) -> str:
    """A `_seen_key` in words: 'took 1 card', 'took 2 cards, called elvaroon', 'took 4 or more cards'."""
    taken, called = key
    if taken < 4:
        cards = ngettext("took {n} card", "took {n} cards", taken).format(n=taken)
        return _("{cards}, called elvaroon").format(cards=cards) if called else cards
    return _("took 4 or more cards, called elvaroon") if called else _("took 4 or more cards")


def strategy_card(name: str = "kvitlach") -> StrategyCard:
    """The shipped equilibrium of `name`, summed up for the printed strategy cards."""
    solution = shipped_solution(name)
    tree, player = solution.tree, solution.player
    reach = tree.player_reach(player)
    bets, draws, elvaroon = {}, {}, [0.0, 0.0]
    for r in range(tree.n_rows):
        node = tree.nodes[tree.row_node[r]]
        a, b = tree.row_slot_start[r], tree.row_slot_start[r + 1]
        actions = {PLAYER_ACTIONS[int(tree.slot_action_a[s])]: s for s in range(a, b)}
        if node.mode == "first":
            rank = next(k + 1 for k, n in enumerate(tree.row_x[r]) if n)
            bets[rank] = float(player[actions["bet"]])
        elif node.mode == "decide" and node.stake and reach[r] > 0 and len(actions) > 1:
            hand = tuple(p + q for p, q in zip(node.kept, tree.row_x[r], strict=True))
            total = tree.game.value(hand)
            w = draws.setdefault(total, [0.0, 0.0])
            w[0] += reach[r] * (1 - player[actions["stay"]])
            w[1] += reach[r]
            if Move.DRAW_ALUVUN in actions:
                elvaroon[0] += reach[r] * player[actions[Move.DRAW_ALUVUN]]
                elvaroon[1] += reach[r]
    groups: dict[tuple[int, bool], np.ndarray] = {}
    for t, _state, total, stand, weight in tree.banker_positions(player, solution.banker):
        if total not in CHOICE_TOTALS:
            continue
        sums = groups.setdefault(_seen_key(tree.bank_nodes[t]["key"]), np.zeros((2, len(CHOICE_TOTALS))))
        column = CHOICE_TOTALS.index(total)
        sums[0, column] += weight * stand
        sums[1, column] += weight
    # in the order of what the banker saw (fewer cards first, elvaroon after), then in the current language
    stands = tuple((_shown(key), tuple(float(s / w) if w > 1e-12 else None for s, w in zip(*sums, strict=True)))
                   for key, sums in sorted(groups.items()) if sums[1].sum() > 1e-12)
    return StrategyCard(name, solution.value, tuple(sorted(bets.items())),
                        tuple((total, float(s / w)) for total, (s, w) in sorted(draws.items()) if w > 1e-12),
                        float(elvaroon[0] / elvaroon[1]) if elvaroon[1] else 0.0, stands)


# --- Quitlok's strategy card (24 cards): worked out by tools/at_best_table.py quitlok, shipped as JSON -------------

#: the banker's totals on Quitlok's card (he chooses at every total; below these he draws, on 20 he stands)
QUITLOK_TOTALS = (14, 15, 16, 17, 18, 19)
#: Quitlok's card, shipped (its tree is too large to load for a page)
QUITLOK_CARD = Path(__file__).parent / "data" / "quitlok_card.json"


@dataclass(frozen=True)
class QuitlokCard:
    """Both sides of Quitlok's equilibrium summed up for a printed card; each chance is weighted by how often a hand
    reaches the position, both playing the shipped strategies."""

    value: float
    #: (his total, before his bet: the chances that he bets, takes a blot, stays out)
    before: tuple[tuple[int, float, float, float], ...]
    #: (his total, with his chip bet: the chance that he takes a blot)
    after: tuple[tuple[int, float], ...]
    #: the chance that he calls aluvun with his next card where he may
    aluvun: float
    #: (how many blots the player showed, 3 standing for 3 or more; the banker's chance of standing on each of
    #: QUITLOK_TOTALS, None where never reached)
    stands: tuple[tuple[int, tuple[float | None, ...]], ...]


def quitlok_card(tree: Tree, player: np.ndarray, banker: np.ndarray, value: float) -> QuitlokCard:
    """Quitlok's card from its tree (grouped layout) and strategies (quitlok.solve.load_strategies)."""
    reach = tree.player_reach(player)
    before: dict[int, np.ndarray] = {}
    after: dict[int, np.ndarray] = {}
    aluvun = np.zeros(2)
    calls = (Move.BLOT_ALUVUN, Move.BET_ALUVUN)
    for r in np.flatnonzero(reach > 0):
        node = tree.nodes[tree.row_node[r]]
        a, b = tree.row_slot_start[r], tree.row_slot_start[r + 1]
        if node.mode != "decide" or b - a < 2:
            continue
        p = {PLAYER_ACTIONS[int(tree.slot_action_a[s])]: float(player[s]) for s in range(a, b)}
        total = tree.game.value(tuple(x + y for x, y in zip(node.kept, tree.row_x[r], strict=True)))
        w = float(reach[r])
        if node.stake:
            after.setdefault(total, np.zeros(2))[:] += (w * (p.get(Move.BLOT, 0) + p.get(Move.BLOT_ALUVUN, 0)), w)
        else:
            before.setdefault(total, np.zeros(4))[:] += (w * (p.get(Move.BET, 0) + p.get(Move.BET_ALUVUN, 0)),
                                                          w * (p.get(Move.BLOT, 0) + p.get(Move.BLOT_ALUVUN, 0)),
                                                          w * p[Move.STAY], w)
        if any(c in p for c in calls):
            aluvun += (w * sum(p.get(c, 0) for c in calls), w)
    gb = tree.grouped
    weight = gb.weights(tree.bank_weights(player, reach), banker)
    stand = gb.stand_prob(banker)
    sums: dict[int, np.ndarray] = {}
    for grp in gb.groups:
        blots = min(sum(tree.bank_nodes[int(grp.nodes[0])]["kept"]), 3)
        w = gb.block(grp, weight).sum(axis=1)
        ws = (gb.block(grp, weight) * gb.block(grp, stand)).sum(axis=1)
        acc = sums.setdefault(blots, np.zeros((2, len(QUITLOK_TOTALS))))
        for column, total in enumerate(QUITLOK_TOTALS):
            at = (grp.value == total) & ~grp.forced & ~grp.cannot
            acc[:, column] += (ws[at].sum(), w[at].sum())
    return QuitlokCard(
        value,
        tuple((t, *(float(v / s[3]) for v in s[:3])) for t, s in sorted(before.items()) if s[3] > 1e-12),
        tuple((t, float(s[0] / s[1])) for t, s in sorted(after.items()) if s[1] > 1e-12),
        float(aluvun[0] / aluvun[1]) if aluvun[1] else 0.0,
        tuple((blots, tuple(float(a / b) if b > 1e-12 else None for a, b in zip(*acc, strict=True)))
              for blots, acc in sorted(sums.items()) if acc[1].sum() > 1e-12))


def write_quitlok_card(card: QuitlokCard, path: Path = QUITLOK_CARD) -> None:
    path.write_text(json.dumps(asdict(card), separators=(",", ":")), encoding="utf-8")


@cache
def shipped_quitlok_card(path: Path = QUITLOK_CARD) -> QuitlokCard:
    """Quitlok's card as shipped."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    return QuitlokCard(raw["value"], tuple(tuple(row) for row in raw["before"]),
                       tuple(tuple(row) for row in raw["after"]), raw["aluvun"],
                       tuple((blots, tuple(chances)) for blots, chances in raw["stands"]))
