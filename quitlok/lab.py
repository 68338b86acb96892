"""The Lab: many independent hands simulated at once with numpy, so a class can watch an average settle.

A table of two, one player and one banker, plays hand after hand; every hand is dealt from a freshly
shuffled full pack. The player's first card comes first, then the banker's (face down), then the player's
turn, then, only if he stayed with his chip at stake, the banker's draws, then settlement. The player has
at most one chip at stake, so his play never depends on the bank; with the "best" style and a banker who
never retires, the average result converges to `quitlok.odds.player_edge` and the shares of won, lost and
unplayed chips to `quitlok.odds.edge_outcomes`.

How it stays fast: each style's play is built once per (rules, style, banker model) as lookup tables over
the player's reachable positions (an id per position; for each the next position after each rank, or that
he stays); the banker's draws likewise. A batch of hands is then stepped card by card, all hands at once.
Only the banks are sequential across hands; many tables play side by side, a round at a time.

The bank: the banker stakes an opening bank; the player's results move chips between him and the bank; a
hand after which the bank is empty breaks it; from hand `rules.retire_from_hand` of a bank on, when the
banker's first card is one of `rules.retire_cards` and the bank holds at least `retire_at` times the
opening bank, he retires before the player plays (no result for that hand). Either way a new bank of the
same size starts, with the same roles. Kvitlach's share of the bank from the other players is left out:
every bank is the banker's opening stake alone.
"""

import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from numbers import Real

import numpy as np

from quitlok.actions import Action, Bet, Blot, Draw, Keep, Reject, Stay
from quitlok.bots import PLAYERS, bank
from quitlok.cards import RANKS
from quitlok.costly import SharedAnswers, away
from quitlok.errors import InvalidSetup
from quitlok.game import PROTECTED, State, apply_action, new_game
from quitlok.hand import can_call_aluvun, hand_value
from quitlok.i18n import N_, _
from quitlok.moves import Move
from quitlok.odds import EdgeOutcomes, action_values, card_value, edge_outcomes, position_value
from quitlok.rulebook import ends_turn, is_bust, is_twenty_one, player_wins, turn_moves
from quitlok.rules import RuleSet
from quitlok.validate import is_whole, rule_set, whole_number

__all__ = ["MAX_HANDS", "PLAYER_STYLES", "LabBatch", "LabSetup", "LabSummary", "engine_results", "exact_edge",
           "played", "simulate", "style_words", "summarise"]

#: the most hands one simulation may ask for
MAX_HANDS = 1_000_000

#: the player styles, by name, with a short description for people
#: (marked for the catalog: shown in the current language with `style_words`)
PLAYER_STYLES: dict[str, str] = {
    "best": N_("plays every decision by the exact odds against this banker (the best play)"),
    "cautious": N_("takes cards while below 15, calls aluvun (elvaroon) whenever allowed"),
    "bold": N_("takes cards while below 17, calls aluvun (elvaroon) whenever allowed"),
}


def style_words(style: str) -> str:
    """A player style's description (PLAYER_STYLES) in the current language."""
    return _(PLAYER_STYLES[style])

#: what the rule-of-thumb styles draw below: the computer players of quitlok.bots
_DRAW_BELOW = {name: PLAYERS[name]().draw_below for name in ("cautious", "bold")}


@dataclass(frozen=True)
class LabSetup:
    """What the Lab simulates: the rules, the player's style and the banker's."""

    rules: RuleSet
    #: a key of PLAYER_STYLES
    player: str = "best"
    #: the banker draws below this total (raised to what the rules force)
    stands_on: int = 17
    #: he retires when the bank holds at least this many times the opening bank; None: never
    retire_at: float | None = None
    #: the opening bank in chips (the player's one chip is always covered)
    bank: int = 10

    def __post_init__(self) -> None:
        rule_set(self.rules)
        if not isinstance(self.player, str) or self.player not in PLAYER_STYLES:
            raise InvalidSetup(_("The player style must be one of {styles} (got {player}).").format(
                styles=", ".join(PLAYER_STYLES), player=repr(self.player)))
        if not is_whole(self.stands_on) or not 1 <= self.stands_on <= 21:
            raise InvalidSetup(_("The banker stands on a total from 1 to 21 (got {stands_on}).").format(
                stands_on=repr(self.stands_on)))
        whole_number(_("The opening bank"), self.bank, low=1)
        retire_at = self.retire_at
        if retire_at is not None and (isinstance(retire_at, bool) or not isinstance(retire_at, Real)
                                      or not math.isfinite(retire_at) or retire_at < 1):
            raise InvalidSetup(_("The banker retires at a bank of at least 1 times the opening bank, or "
                                 "never (None) (got {retire_at}).").format(retire_at=repr(retire_at)))

    @property
    def banker_model(self) -> int:
        """The total the banker stands on: `stands_on`, raised to what the rules force."""
        return self.rules.banker_model(self.stands_on)


@dataclass(frozen=True, eq=False)
class LabBatch:
    """Consecutive hands of a simulation, one entry per hand, in order."""

    #: int8: the player's result of each hand in chips (-1, 0, +1)
    results: np.ndarray
    #: bool: the hand ended with his chip at stake (won or lost)
    staked: np.ndarray
    #: bool: the bank was broken (empty) at the end of this hand
    broken: np.ndarray
    #: bool: the banker retired at this hand (before the player played)
    retired: np.ndarray


# --- the player's decisions ----------------------------------------------------------------------------
# Each style answers three questions about a position: the player's cards (in order), the cards he has seen
# (rejected 11s), the chip at stake and the room for one more. Actions are the advisor's (quitlok.moves.Move).


@dataclass(frozen=True)
class _Best:
    """Best play against a banker standing on `stands_on`, as the advisor prices it, nothing seen but
    the player's own cards (and the 11s he rejected)."""

    rules: RuleSet
    stands_on: int

    def bets(self, card: int) -> bool:
        """Bet-first rules: bet the chip on this first card when that beats staying out (a tie stays out)."""
        return position_value([card], [], self.rules, stake=1, room=0, stands_on=self.stands_on) > 0

    def choose(self, hand: tuple, seen: tuple, stake: int, room: int) -> Move:
        """The action rated highest; ties go to the earlier action in the advisor's order."""
        values = action_values(hand, seen, self.rules, stake=stake, room=room, stands_on=self.stands_on)
        names = list(values)
        return max(names, key=lambda name: (values[name], -names.index(name)))

    def rejects(self, hand: tuple, seen: tuple, stake: int, room: int) -> bool:
        """A protected 11 came to `hand`: reject it when the following card is worth more (keep on a tie)."""
        kept = hand + (11,)
        value = hand_value(kept, self.rules)
        if is_bust(value):
            keep = -stake
        elif is_twenty_one(value):
            keep = stake
        else:
            keep = position_value(kept, seen, self.rules, stake=stake, room=room, stands_on=self.stands_on)
        return card_value(hand, seen + (11,), self.rules, stake=stake, room=room, stands_on=self.stands_on) > keep


@dataclass(frozen=True)
class _Styled:
    """A rule-of-thumb player of quitlok.bots with one chip: calls aluvun whenever allowed, takes cards
    while below `draw_below`, bets the chip with his first card (or, bet-first, before it), and keeps a
    protected 11 only when it makes 17 to 21."""

    rules: RuleSet
    draw_below: int

    def bets(self, card: int) -> bool:
        return True

    def choose(self, hand: tuple, seen: tuple, stake: int, room: int) -> Move:
        rules = self.rules
        aluvun = can_call_aluvun(hand, rules)
        moves = turn_moves(rules, staked=True, room=room, can_draw=True, aluvun=aluvun, called=False)
        card = next((kind for kind in (Draw, Bet, Blot) if kind in moves), None)  # a bet rather than a blot
        if card is None:  # no blots, and the chip is already bet: no way to take a card
            return Move.STAY
        if aluvun:
            return Move.of(card, aluvun=True, bet_first=rules.bet_first)
        return Move.of(card, aluvun=False, bet_first=rules.bet_first) \
            if hand_value(hand, rules) < self.draw_below else Move.STAY

    def rejects(self, hand: tuple, seen: tuple, stake: int, room: int) -> bool:
        return not 17 <= hand_value(hand + (11,), self.rules) <= 21


def _decider(rules: RuleSet, player: str, stands_on: int) -> _Best | _Styled:
    return _Best(rules, stands_on) if player == "best" else _Styled(rules, _DRAW_BELOW[player])


# --- the lookup tables -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Tables:
    """One style's play and one banker model as arrays; positions are ids, ranks index columns 1-12."""

    #: the player's position on holding his first card, by rank (bet-first: after betting or staying out)
    start: np.ndarray
    #: he takes a card in this position (else he stays, or his turn has ended)
    takes: np.ndarray
    #: the position after each rank (-1: no such card can come)
    next: np.ndarray
    #: his chip at stake in this position (0 or 1)
    stake: np.ndarray
    #: his hand's value (over 21: bust)
    value: np.ndarray
    #: the banker's position after his first card, by rank
    banker_start: np.ndarray
    banker_draws: np.ndarray
    banker_next: np.ndarray
    banker_value: np.ndarray


class _Graph:
    """Positions numbered as they are found, with what each does; `work` holds those not yet expanded."""

    def __init__(self) -> None:
        self.ids: dict[tuple, int] = {}
        self.rows: list[list] = []  # [takes, stake, value, next by rank]
        self.work: list[tuple] = []

    def id(self, key: tuple, takes: bool, stake: int, value: int) -> int:
        if key not in self.ids:
            self.ids[key] = len(self.rows)
            self.rows.append([takes, stake, value, [-1] * 13])
            if takes:
                self.work.append(key)
        return self.ids[key]

    def arrays(self) -> tuple[np.ndarray, ...]:
        takes, stake, value, following = zip(*self.rows, strict=True)
        return (np.array(takes, dtype=bool), np.array(stake, dtype=np.int8), np.array(value, dtype=np.int8),
                np.array(following, dtype=np.int32))


def _player_graph(rules: RuleSet, decider: _Best | _Styled) -> tuple[np.ndarray, ...]:
    """Every position the player can reach under `decider`, from each first card.

    A position is (his cards as a sorted tuple, 11s rejected, stake, room): with nothing else seen, that is
    all the exact odds depend on. A position where he takes a card leads to one position per rank; a
    protected 11 he rejects leads to a "redraw" position that takes the following card unprotected.
    """
    graph = _Graph()
    choices: dict[tuple, Move] = {}

    def after(hand: tuple, rejected: int, stake: int, room: int) -> int:
        """The position once `hand` has its new card: bust and 21 end the turn, else he decides."""
        value = hand_value(hand, rules)
        if ends_turn(value):
            return graph.id(("end", stake, is_bust(value)), False, stake, min(value, 22))
        key = ("decide", tuple(sorted(hand)), rejected, stake, room)
        if key not in graph.ids:
            choices[key] = decider.choose(key[1], (11,) * rejected, stake, room)
        return graph.id(key, choices[key] != Move.STAY, stake, value)

    def available(hand: tuple, rejected: int, rank: int) -> bool:
        return hand.count(rank) + (rejected if rank == 11 else 0) < rules.copies

    stake, room = (1, 0) if rules.bet_first else (0, 1)  # bet-first: his chip is bet before any other card
    start = np.zeros(13, dtype=np.int32)
    for card in RANKS:
        stays_out = rules.bet_first and not decider.bets(card)
        start[card] = graph.id(("out",), False, 0, 0) if stays_out else after((card,), 0, stake, room)
    while graph.work:
        key = graph.work.pop()
        kind, hand, rejected, stake, room = key
        row = graph.rows[graph.ids[key]]
        stake, room, protected = (stake, room, False) if kind == "redraw" else choices[key].after(stake, room)
        for rank in RANKS:
            if not available(hand, rejected, rank):
                continue
            if protected and rank == 11 and decider.rejects(hand, (11,) * rejected, stake, room):
                row[3][rank] = graph.id(("redraw", hand, rejected + 1, stake, room), True, stake,
                                        hand_value(hand, rules))
            else:
                row[3][rank] = after(hand + (rank,), rejected, stake, room)
    takes, stake, value, following = graph.arrays()
    return start, takes, following, stake, value


def _banker_graph(rules: RuleSet, stands_on: int) -> tuple[np.ndarray, ...]:
    """The banker's positions, one per set of cards he can hold: he draws while his value is below
    `stands_on`, and stops at 21 or bust."""
    graph = _Graph()

    def position(cards: tuple) -> int:
        value = hand_value(cards, rules)
        return graph.id(tuple(sorted(cards)), value < stands_on, 0, min(value, 22))

    start = np.zeros(13, dtype=np.int32)
    for card in RANKS:
        start[card] = position((card,))
    while graph.work:
        cards = graph.work.pop()
        row = graph.rows[graph.ids[cards]]
        for rank in RANKS:
            if cards.count(rank) < rules.copies:
                row[3][rank] = position(cards + (rank,))
    takes, _, value, following = graph.arrays()
    return start, takes, following, value


#: the questions the Lab asks for any house rules, shared by every session of the server and worked out once
#: each, however many visitors ask at once (quitlok.costly): a style's tables (0.2-0.5 s each, a few MB), and
#: the exact edge of each banker model (0.3-1.3 s each on a shared 2-core machine; the RuleSet's fields bound
#: it, so every legal rule set is answered)
TABLES = SharedAnswers("the Lab's tables", max_entries=32)
EDGES = SharedAnswers("the Lab's exact edges", max_entries=64)


def exact_edge(rules: RuleSet, stands_on: int) -> EdgeOutcomes:
    """`quitlok.odds.edge_outcomes(rules, stands_on=stands_on, exact=True)`, once per server for each."""
    rules = rule_set(rules)
    if not is_whole(stands_on):  # not a key: edge_outcomes says what is wrong with it
        return edge_outcomes(rules, stands_on=stands_on, exact=True)
    return EDGES.answer((rules, stands_on), lambda: away(_exact_edge, rules, stands_on))


def _exact_edge(rules: RuleSet, stands_on: int) -> EdgeOutcomes:
    """(a function of the module, so that a worker process can run it: quitlok.costly.away)"""
    return edge_outcomes(rules, stands_on=stands_on, exact=True)


def _tables(rules: RuleSet, player: str, stands_on: int) -> _Tables:
    """The lookup tables for a style against a banker standing on `stands_on` (already the banker model)."""
    return TABLES.answer((rules, player, stands_on), lambda: _build_tables(rules, player, stands_on))


def _build_tables(rules: RuleSet, player: str, stands_on: int) -> _Tables:
    start, takes, following, stake, value = _player_graph(rules, _decider(rules, player, stands_on))
    banker_start, banker_draws, banker_next, banker_value = _banker_graph(rules, stands_on)
    return _Tables(start=start, takes=takes, next=following, stake=stake, value=value,
                   banker_start=banker_start, banker_draws=banker_draws, banker_next=banker_next,
                   banker_value=banker_value)


# --- playing a batch of hands ------------------------------------------------------------------------------


class _Stock:
    """The stock of every hand of a batch, one row each, dealt from the front.

    With a random generator each card dealt is drawn uniformly from the cards of its row not yet dealt (a
    Fisher-Yates shuffle done only as far as the hand needs); without one, rows are dealt in the given order
    (scripted stocks, and the packs shared with the engine).
    """

    def __init__(self, cards: np.ndarray, rng: np.random.Generator | None = None, ends: np.ndarray | None = None):
        self.cards = np.ascontiguousarray(cards, dtype=np.int8)
        self.size = self.cards.shape[1]
        #: where each row's cards end (scripted stocks of different lengths are padded to the longest)
        self.ends = np.full(len(self.cards), self.size) if ends is None else ends
        self.dealt = np.zeros(len(self.cards), dtype=np.intp)
        self.rng = rng

    @classmethod
    def shuffled(cls, rules: RuleSet, hands: int, rng: np.random.Generator) -> "_Stock":
        """A full pack for each of `hands` hands, shuffled as it is dealt."""
        return cls(np.tile(np.array(rules.pack, dtype=np.int8), (hands, 1)), rng)

    def left(self, rows: np.ndarray) -> np.ndarray:
        """True for the rows whose stock still has a card."""
        return self.dealt[rows] < self.ends[rows]

    def deal(self, rows: np.ndarray) -> np.ndarray:
        """The next card of each of `rows` (each must have one left)."""
        top = self.dealt[rows]
        flat = self.cards.reshape(-1)
        at_top = rows * self.size + top
        if self.rng is None:
            cards = flat[at_top]
        else:
            picked = rows * self.size + self.rng.integers(top, self.size)
            cards = flat[picked]
            flat[picked] = flat[at_top]
        self.dealt[rows] = top + 1
        return cards


def _play(tables: _Tables, stock: _Stock) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Play one hand on every row of `stock`: (the player's results, his chip at stake at the end, the
    banker's first cards). When a stock runs out the player may not take another card and the banker stands
    with what he has (at a table of two a full pack never runs out; scripted stocks can)."""
    rows = np.arange(len(stock.cards))
    position = tables.start[stock.deal(rows)]
    banker_first = stock.deal(rows)
    playing = rows[tables.takes[position]]
    while playing.size:
        playing = playing[stock.left(playing)]
        position[playing] = tables.next[position[playing], stock.deal(playing)]
        playing = playing[tables.takes[position[playing]]]
    stake, value = tables.stake[position], tables.value[position]
    results = np.where(is_bust(value), -stake, stake).astype(np.int8)  # bust loses the stake, 21 wins it
    waiting = np.flatnonzero((stake > 0) & ~ends_turn(value))  # stayed with the chip at stake: the banker plays
    banker = _banker_play(tables, stock, waiting, banker_first[waiting])
    results[waiting] = np.where(player_wins(value[waiting], banker), 1, -1)
    return results, stake > 0, banker_first


def _banker_play(tables: _Tables, stock: _Stock, rows: np.ndarray, first: np.ndarray) -> np.ndarray:
    """The banker's final value on each of `rows`, drawing from its stock while below his total."""
    position = tables.banker_start[first]
    drawing = np.flatnonzero(tables.banker_draws[position])
    while drawing.size:
        drawing = drawing[stock.left(rows[drawing])]
        position[drawing] = tables.banker_next[position[drawing], stock.deal(rows[drawing])]
        drawing = drawing[tables.banker_draws[position[drawing]]]
    return tables.banker_value[position]


class _Banks:
    """The banks of `count` tables playing side by side; hand i of a run is played at table i % count.

    A run's hands go round by round: the first hand of every table, then the second, and so on, so each
    table's bank carries over from one hand (and one batch) to its next.
    """

    def __init__(self, setup: LabSetup, count: int):
        self.opening, self.count = setup.bank, count
        self.chips = np.full(count, setup.bank, dtype=np.int64)
        self.played = np.zeros(count, dtype=np.int64)  # hands played by each table's current bank
        self.retire_from = setup.rules.retire_from_hand
        self.retire_card = np.isin(np.arange(13), sorted(setup.rules.retire_cards))
        # the least whole bank that is at least retire_at x opening (the margin keeps 1.2 x 10 at 12, not 13)
        self.retire_level = None if setup.retire_at is None else math.ceil(setup.retire_at * setup.bank - 1e-9)
        self.hands = 0

    def play(self, results: np.ndarray, banker_first: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Move the next hands' results through the banks: (retired, broken) for each hand."""
        retired = np.zeros(results.size, dtype=bool)
        broken = np.zeros(results.size, dtype=bool)
        start = 0
        while start < results.size:  # one round (or the part of one in this batch) at a time
            table = (self.hands + start) % self.count
            stop = min(results.size, start + self.count - table)
            hands, tables = slice(start, stop), slice(table, table + stop - start)
            number = self.played[tables] + 1
            if self.retire_level is None:
                retire = np.zeros(stop - start, dtype=bool)
            else:
                retire = ((number >= self.retire_from) & self.retire_card[banker_first[hands]]
                          & (self.chips[tables] >= self.retire_level))
            chips = self.chips[tables] - np.where(retire, 0, results[hands])
            breaks = chips == 0
            renew = retire | breaks
            self.chips[tables] = np.where(renew, self.opening, chips)
            self.played[tables] = np.where(renew, 0, number)
            retired[hands], broken[hands] = retire, breaks
            start = stop
        self.hands += results.size
        return retired, broken


def _batch(tables: _Tables, banks: _Banks, stock: _Stock) -> LabBatch:
    """Play the hands of `stock` and settle them with the banks."""
    results, staked, banker_first = _play(tables, stock)
    retired, broken = banks.play(results, banker_first)
    results[retired] = 0
    staked[retired] = False
    return LabBatch(results=results, staked=staked, broken=broken, retired=retired)


def _play_decks(setup: LabSetup, decks, tables: int = 1) -> LabBatch:
    """Play the given stocks (lists of cards from the top, full packs or their top parts) in order, at
    `tables` tables side by side: scripted hands for the tests."""
    ends = np.array([len(deck) for deck in decks])
    cards = np.zeros((len(decks), ends.max()), dtype=np.int8)
    for row, deck in zip(cards, decks, strict=True):
        row[:len(deck)] = deck
    return _batch(_setup_tables(setup), _Banks(setup, tables), _Stock(cards, ends=ends))


def _setup_tables(setup: LabSetup) -> _Tables:
    return _tables(setup.rules, setup.player, setup.banker_model)


def _table_count(hands: int) -> int:
    """How many tables share a run: about the square root of the hands, so that both the number of banks
    and the length of each table's run grow with the sample."""
    return math.isqrt(hands - 1) + 1


def simulate(setup: LabSetup, hands: int, *, seed: int = 0, batch: int = 100_000) -> Iterator[LabBatch]:
    """Simulate `hands` hands (1 to MAX_HANDS) and yield them in batches of `batch`, in order.

    The hands are played at ceil(sqrt(hands)) tables side by side, round by round (see _Banks): entry i of
    the concatenated results is hand i // tables of table i % tables. The same setup, hands, seed and batch
    give the same hands. The arguments are checked at once (InvalidSetup), before the first batch.
    """
    if not isinstance(setup, LabSetup):
        raise InvalidSetup(_("setup must be a LabSetup (got {setup}).").format(setup=repr(setup)))
    whole_number(_("The number of hands"), hands, low=1, high=MAX_HANDS)
    whole_number(_("The batch size"), batch, low=1, high=MAX_HANDS)
    _check_seed(seed)
    tables = _setup_tables(setup)

    def batches() -> Iterator[LabBatch]:
        rng = np.random.default_rng(seed)
        banks = _Banks(setup, _table_count(hands))
        for start in range(0, hands, batch):
            yield _batch(tables, banks, _Stock.shuffled(setup.rules, min(batch, hands - start), rng))

    return batches()


def _check_seed(seed: object) -> None:
    if not is_whole(seed) or seed < 0:
        raise InvalidSetup(_("The seed must be a whole number, 0 or more (got {seed}).").format(seed=repr(seed)))


# --- a run, summed up ---------------------------------------------------------------------------------------

#: the most points a running-average line has, whatever the number of hands
POINTS = 2000
#: the first hand number drawn: before it, an average of a few +1s and -1s only swings from end to end
FIRST_DRAWN = 10



@dataclass(frozen=True)
class LabSummary:
    """What a run of the simulation showed: totals over every hand, and the running average at `x`."""

    hands: int
    #: the player's chips over all hands (the banker's are minus this)
    total: int
    wins: int
    losses: int
    #: hands that ended with no chip at stake
    out: int
    broken: int
    retired: int
    #: hand numbers (1-based) where the running figures are drawn
    x: np.ndarray
    #: the player's average result per hand over the first x hands
    mean: np.ndarray
    #: its standard error, from the spread of those x hands
    se: np.ndarray

    @property
    def average(self) -> float:
        return self.total / self.hands

    @property
    def standard_error(self) -> float:
        return float(self.se[-1])


def sample_points(hands: int) -> np.ndarray:
    """At most POINTS hand numbers from FIRST_DRAWN (or 1) to `hands`, evenly spaced on a log scale."""
    first = min(FIRST_DRAWN, hands)
    return np.unique(np.round(np.geomspace(first, hands, min(POINTS, hands))).astype(np.int64))


def summarise(batches: Iterable) -> LabSummary:
    """The summary of a run from its batches, in order (each with `results`, `staked`, `broken`, `retired`)."""
    batches = list(batches)
    results = np.concatenate([b.results for b in batches]).astype(np.int64)
    hands = len(results)
    if hands == 0:
        raise ValueError(_("a run needs at least one hand"))
    x = sample_points(hands)
    sums = np.cumsum(results)[x - 1]
    squares = np.cumsum(results * results)[x - 1]  # results are -1, 0, +1: a square is 1 for a chip played
    mean = sums / x
    spread = np.where(x > 1, (squares - sums * mean) / np.maximum(x - 1, 1), 0.0)
    se = np.sqrt(np.maximum(spread, 0.0) / x)
    return LabSummary(
        hands=hands, total=int(results.sum()),
        wins=int((results > 0).sum()), losses=int((results < 0).sum()),
        out=int(sum(int((~b.staked).sum()) for b in batches)),
        broken=int(sum(int(b.broken.sum()) for b in batches)),
        retired=int(sum(int(b.retired.sum()) for b in batches)),
        x=x, mean=mean, se=se,
    )


def played(setup: LabSetup, hands: int, seed: int = 0, waiting: Callable[[float], None] | None = None) -> LabSummary:
    """A run of `hands` hands, summed up: worked out in a worker process where the app has them (a million hands
    take seconds of CPU, which the server's other visitors need: quitlok.costly.away), `waiting(seconds)` called
    meanwhile. Raises InvalidSetup for a setup that cannot be played, Unavailable when no worker answered."""
    return away(_played, setup, hands, seed, waiting=waiting)


def _played(setup: LabSetup, hands: int, seed: int) -> LabSummary:
    return summarise(simulate(setup, hands, seed=seed))


# --- the same hands at the engine's table ------------------------------------------------------------------


def _shuffled_packs(rules: RuleSet, hands: int, seed: int) -> np.ndarray:
    """`hands` freshly shuffled full packs, one per row."""
    rng = np.random.default_rng(seed)
    return rng.permuted(np.tile(np.array(rules.pack, dtype=np.int8), (hands, 1)), axis=1)


@dataclass(frozen=True)
class _EngineBest:
    """The best style as an engine player: the decisions the simulator's tables are built from."""

    decider: _Best

    def choose(self, state: State) -> Action:
        hand, seen, stake = state.hands[0], state.seen_by(0), state.stakes[0]
        room = 1 - stake
        if state.phase == PROTECTED:
            return Reject() if self.decider.rejects(hand[:-1], seen, stake, room) else Keep()
        if state.rules.bet_first and not stake:
            return Bet(1) if self.decider.bets(hand[0]) else Stay()
        actions = self.decider.choose(hand, seen, stake, room).actions(room)
        return actions[-1] if state.aluvun_called else actions[0]  # after the call at 11, its card


def engine_results(setup: LabSetup, hands: int, *, seed: int = 0) -> LabBatch:
    """The same model played by the real engine (quitlok.game): each hand a fresh two-seat game whose stock
    is a freshly shuffled pack, the player seat driven by the style (quitlok.bots' StyledPlayer for the
    rule-of-thumb styles), the banker drawing below the banker model. Slow; for checking the simulator.

    The player's purse is one chip (plus his share of a Kvitlach bank), so he can stake exactly one. Banks do
    not carry over from hand to hand here: `broken` and `retired` are all False.
    """
    if not isinstance(setup, LabSetup):
        raise InvalidSetup(_("setup must be a LabSetup (got {setup}).").format(setup=repr(setup)))
    whole_number(_("The number of hands"), hands, low=1, high=MAX_HANDS)
    _check_seed(seed)
    rules = setup.rules
    player = (_EngineBest(_Best(rules, setup.banker_model)) if setup.player == "best"
              else PLAYERS[setup.player]())
    purse = 1 + rules.share_of(setup.bank)
    results = np.zeros(hands, dtype=np.int8)
    for i, deck in enumerate(_shuffled_packs(rules, hands, seed).tolist()):
        state = new_game(rules, ["Player", "Banker"], banker=1, bank=setup.bank, purses=[purse, setup.bank],
                         stock=deck, seed=0)
        before = state.purses[0]
        while not state.hands_finished and not state.is_over:
            banker = state.to_act == state.banker
            state = apply_action(state, bank(state, setup.banker_model, math.inf) if banker
                                 else player.choose(state))
        results[i] = state.purses[0] - before
    unused = np.zeros(hands, dtype=bool)
    return LabBatch(results=results, staked=results != 0, broken=unused, retired=unused.copy())
