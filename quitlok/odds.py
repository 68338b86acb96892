"""Exact odds over the cards still unseen, and the advisor (SPEC section 3).

The *pool* is the pack minus the player's hand minus every card the player has
seen; each unseen card is equally likely to be any card of the pool. Every
function returns floats, or `Fraction`s with ``exact=True``; both come from the
same arithmetic, written once over a number type.

The cards come from the stock (SPEC section 3, "The stock and the reshuffle"):
`stock=Stock(cards, under)` says how many of the unseen cards lie face down in
it (the banker's face-down card is never one of them) and which seen cards lie
face up under it; each card is taken as quitlok.game's `_Table.draw` takes it,
so at the stock's last face-down card the seen cards under it come back in.
`stock=None`: every unseen card but the banker's is in the stock and every seen
card under it. A position no table reaches raises InvalidCards.

How it stays fast (after Eric Farmer's blackjack analyser):

- Pools are multisets packed into one int (3 bits per rank), so results are
  memoised on what is left in the pack, never on the order cards came in.
- The banker's final total for a pool comes from one table per stand-on total:
  every multiset of cards on which the banker stops, with the number of
  orders in which he can draw it without stopping earlier. A pool's
  distribution is then a vectorised sum over that table (numpy), in floats or
  in exact integers, divided once.
- The player's best play is a recursion over (hand summary, pool, stake,
  room), memoised per solver; a solver is kept per (rules, banker model,
  number type), so a repeated question is a dictionary look-up.
- That pool model is the fast path wherever a cheap bound shows that no card
  still to be dealt on the branch can meet the reshuffle; near it, a card-by-
  card recursion keyed on the stock (`_Solver.deals`, `best_at`, `banker_at`)
  for the player, whose choices depend on what he has seen. The banker's
  draws go card by card only until no card under the stock can come back to
  him: from there the stock is a plain pool once its face-down card is known,
  and his result a mixture of the pool model's over that card (`banker_on`,
  `banker_from`: the vectorised table from the hand he holds).
- The solvers are shared by a server's threads: their order is kept under a
  lock, and each memo is read with one `get` and filled with one assignment.
"""

import threading
from bisect import bisect_right
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache, lru_cache
from math import gcd, lcm, perm, prod

import numpy as np

from quitlok.actions import Aluvun, Bet, Blot, Draw
from quitlok.cards import FRAMED, RANKS, check_cards
from quitlok.errors import InvalidCards, InvalidSetup
from quitlok.i18n import N_, _, ngettext, pgettext
from quitlok.i18n import decimal as _decimal
from quitlok.i18n import percent as _percent
from quitlok.moves import KVITLACH_MOVES, QUITLOK_MOVES, Move
from quitlok.rulebook import (
    best_total,
    ends_turn,
    framed_pair,
    is_bust,
    is_twenty_one,
    may_call_aluvun,
    player_wins,
    settled_at_once,
    turn_moves,
)
from quitlok.rules import RuleSet, call_word
from quitlok.stock import Stock
from quitlok.validate import chance, flag, is_whole, rule_set, shown, whole_number

__all__ = ["Advice", "EdgeOutcomes", "action_values", "action_words", "advise", "banker_outcomes", "bust_chance",
           "card_value", "chance_words", "edge_outcomes", "first_bets", "next_card_odds", "percent",
           "player_edge", "position_value", "stay_value", "strategy_table", "young_chance_words"]

BUST = "bust"
_RANK_INDEX = np.arange(12)
#: the memos of all solvers together stay within this many units, least recently used solver forgotten first:
#: a banker entry (a distribution) weighs BANKER_WEIGHT units, any other entry one; a unit is about 120 bytes,
#: so the budget is about 100 MB, and a long-running server stays small whatever it is asked
MEMO_BUDGET = 800_000
BANKER_WEIGHT = 6

def _memo_full(memo: dict, weight: int = 1) -> bool:
    """One question alone may fill a memo to half the budget before it starts again, so no call grows
    without bound."""
    return weight * len(memo) > MEMO_BUDGET // 2

#: solvers kept at once (one per rules, banker model and number type)
MOST_SOLVERS = 32
#: the advisor's actions in the contract's order (quitlok.moves)
QUITLOK_ACTIONS, KVITLACH_ACTIONS = QUITLOK_MOVES, KVITLACH_MOVES

# --- pools: multisets of ranks packed 3 bits a rank -------------------------------------------------

_SHIFT = {rank: 3 * (rank - 1) for rank in RANKS}


def _count(pool: int, rank: int) -> int:
    return (pool >> _SHIFT[rank]) & 7


@lru_cache(maxsize=1 << 14)  # the solvers ask for the same pools again and again (with _size, about 4 MB full)
def _counts(pool: int) -> tuple[int, ...]:
    return tuple((pool >> _SHIFT[rank]) & 7 for rank in RANKS)


@lru_cache(maxsize=1 << 14)
def _size(pool: int) -> int:
    """How many cards the pool holds."""
    return sum(_counts(pool))


def pack_counts(counts: Iterable[int]) -> int:
    return sum(c << _SHIFT[rank] for rank, c in zip(RANKS, counts, strict=True))


def _pack_cards(cards: Iterable[int]) -> int:
    """A list of cards as a packed multiset."""
    return sum(1 << _SHIFT[card] for card in cards)


@lru_cache(maxsize=1 << 14)
def _low_sums(pool: int, low_twelve: int) -> tuple[int, ...]:
    """(0, smallest card, smallest two, ...): the least that j cards of the pool can add to a hand, a 12 counted
    at its least value."""
    values = sorted(low_twelve if rank == 12 else rank for rank in RANKS for _ in range(_count(pool, rank)))
    sums = [0]
    for value in values:
        sums.append(sums[-1] + value)
    return tuple(sums)


def _pool(hand: Iterable[int], seen: Iterable[int], rules: RuleSet, *, need_hand: bool) -> tuple[tuple, int]:
    """Validate the rules and cards and return (hand, packed pool); raise InvalidSetup or InvalidCards
    naming the problem."""
    rules = rule_set(rules)
    hand = check_cards(hand, rules.copies, "hand")
    seen = check_cards(seen, rules.copies, _("seen cards"))
    both = check_cards(hand + seen, rules.copies, _("hand and seen cards together"))
    if need_hand and not hand:
        raise InvalidCards(_("hand: empty; the question needs at least one card in your hand"))
    counts = [rules.copies - both.count(rank) for rank in RANKS]
    return hand, pack_counts(counts)


# --- hands: what counting needs to know, as a small hashable summary ----------------------------------
# (sum of the cards other than 12s, number of 12s, number of cards up to 3, framed cards while n <= 2)

Summary = tuple[int, int, int, int]


def summarize(cards: Iterable[int]) -> Summary:
    s: Summary = (0, 0, 0, 0)
    for card in cards:
        s = add_card(s, card)
    return s


def add_card(s: Summary, card: int) -> Summary:
    base, twelves, n, framed = s
    n += 1
    return (base + (card if card != 12 else 0), twelves + (card == 12), min(n, 3),
            framed + (card in FRAMED) if n <= 2 else 0)


@cache
def _totals(base: int, twelves: int, twelve_values: tuple[int, ...]) -> frozenset[int]:
    sums = {0}
    for _twelve in range(twelves):
        sums = {s + v for s in sums for v in twelve_values}
    return frozenset(base + s for s in sums)


@cache
def summary_value(s: Summary, twelve_values: tuple[int, ...], framed_pair_21: bool) -> int:
    """hand_value for a summary (SPEC section 1)."""
    base, twelves, n, framed = s
    if framed_pair(n, framed, framed_pair_21=framed_pair_21):
        return 21
    return best_total(_totals(base, twelves, twelve_values))


# --- the banker's table: every multiset he can stop on, and in how many orders -----------------------


@dataclass(frozen=True)
class _BankerTable:
    """The multisets on which a banker standing on `stands_on` stops, sorted by final result."""

    counts: np.ndarray  # (finals, 12) cards of each rank
    sizes: np.ndarray  # (finals,)
    orders: np.ndarray  # (finals,) orders in which he draws the multiset without stopping earlier
    starts: np.ndarray  # where each result's block begins, for np.add.reduceat
    labels: tuple  # the result of each block: a total or BUST
    runs: tuple  # (start, result, size) of each run of finals with one result and one number of cards
    unfinished: dict  # multiset key -> (orders, value) for hands on which he would still draw
    longest: int


@lru_cache(maxsize=128)  # a table per rules and banker model, and per hand he starts from (_draws)
def _banker_table(copies: int, twelve_values: tuple[int, ...], framed_pair_21: bool, stands_on: int,
                  start: Summary = (0, 0, 0, 0)) -> _BankerTable:
    """Walk the banker's draws one card at a time from his hand `start` (none: his first card is drawn too),
    merging multisets (not orders): the multisets are of the cards he draws."""
    level: dict[int, tuple[int, Summary]] = {0: (1, start)}
    unfinished: dict[int, tuple[int, int]] = {0: (1, summary_value(start, twelve_values, framed_pair_21))}
    finals: dict[int, list] = {}
    while level:
        following: dict[int, tuple[int, Summary]] = {}
        for key, (orders, summary) in level.items():
            for rank in RANKS:
                if _count(key, rank) == copies:
                    continue
                child = key + (1 << _SHIFT[rank])
                child_summary = add_card(summary, rank)
                value = summary_value(child_summary, twelve_values, framed_pair_21)
                if value >= stands_on:
                    entry = finals.setdefault(child, [0, value])
                    entry[0] += orders
                else:
                    previous = following.get(child, (0, child_summary))[0]
                    following[child] = (previous + orders, child_summary)
        for key, (orders, summary) in following.items():
            unfinished[key] = (orders, summary_value(summary, twelve_values, framed_pair_21))
        level = following

    def result(value: int):
        return BUST if is_bust(value) else value

    ordered = sorted(finals.items(), key=lambda item: (is_bust(item[1][1]), item[1][1], sum(_counts(item[0]))))
    counts = np.array([_counts(key) for key, _ in ordered], dtype=np.int64)
    sizes = counts.sum(axis=1)
    labels, starts, runs = [], [], []
    for i, (_key, (_orders, value)) in enumerate(ordered):
        if not labels or labels[-1] != result(value):
            labels.append(result(value))
            starts.append(i)
        if not runs or runs[-1][1:] != (result(value), sizes[i]):
            runs.append((i, result(value), int(sizes[i])))
    return _BankerTable(
        counts=counts,
        sizes=sizes,
        orders=np.array([orders for _, (orders, _) in ordered], dtype=object),
        starts=np.array(starts),
        labels=tuple(labels),
        runs=tuple(runs),
        unfinished=unfinished,
        longest=int(counts.sum(axis=1).max()),
    )


def _falling(n: int, k: int) -> int:
    """n (n-1) ... (n-k+1); 0 when k > n."""
    return perm(n, k) if 0 <= k <= n else 0


_NO_CARDS: Summary = (0, 0, 0, 0)


@lru_cache(maxsize=1024)
def _rests(longest: int, size: int) -> tuple[int, tuple[int, ...], int]:
    """For a banker's table whose hands draw at most `longest` cards, from a pool of `size` cards: the most he
    can draw, L; for each k, the orders of the L - k cards that would follow k (falling(size - k, L - k)), which
    bring every final to one denominator; and that denominator, falling(size, L)."""
    most = min(longest, size)
    return most, tuple(_falling(size - k, most - k) if k <= size else 0 for k in range(longest + 1)), \
        _falling(size, most)


@dataclass(frozen=True)
class _Draws:
    """A banker's table in a solver's number type, with what `_Solver.banker_from` multiplies it by."""

    table: _BankerTable
    #: falling[r, c, b] = falling(c, copies of rank r+1 in final b): a pool's vector is one gather and a product
    falling: np.ndarray
    orders: np.ndarray
    run_starts: np.ndarray
    #: exact sums stay in machine integers (see _draws)
    machine: bool
    #: floats: for a pool of n cards, each final's orders times the orders of the cards that would follow it,
    #: over the common denominator (see _rests), filled as pools of each size are asked about
    scaled: dict = field(default_factory=dict, compare=False, hash=False)


@lru_cache(maxsize=128)  # shared by all solvers (a coach's scratch solver does not build them again); ~35 MB at most
def _draws(copies: int, twelve_values: tuple[int, ...], framed_pair_21: bool, stands_on: int, start: Summary,
           exact: bool) -> _Draws:
    """The banker's table from hand `start` (below `stands_on`), ready for `_Solver.banker_from`."""
    table = _banker_table(copies, twelve_values, framed_pair_21, stands_on, start)
    small = [[_falling(c, m) for m in range(copies + 1)] for c in range(copies + 1)]
    falling = np.array([[np.array(small[c], dtype=np.int64)[table.counts[:, r]] for c in range(copies + 1)]
                        for r in range(12)])
    # exact sums stay in machine integers when even the full pack's cannot overflow them (the big factor, the
    # orders of the cards that follow, is applied per run in Python integers)
    machine = exact and sum(falling.astype(object)[_RANK_INDEX, copies].prod(axis=0) * table.orders) < 2**62
    dtype = np.int64 if machine else object if exact else np.float64
    return _Draws(table=table, falling=falling.astype(dtype), orders=table.orders.astype(dtype),
                  run_starts=np.array([first for first, _, _ in table.runs]), machine=machine)


# --- the solver: one per rules, banker model and number type ------------------------------------------


class _Solver:
    """Exact play and banker odds for one RuleSet, one banker model and one number type."""

    #: follow the banker's draws from the stock card by card, without the fast paths of `banker_on` (the
    #: reference those are tested against, tests/odds/test_reshuffle_speed.py)
    card_by_card = False

    def __init__(self, rules: RuleSet, stands_on: int, exact: bool):
        self.rules, self.exact, self.stands_on = rules, exact, stands_on
        self.low_twelve = min(rules.twelve_values)
        self.num = Fraction if exact else float
        self.dtype = object if exact else np.float64
        self._draws_of: dict[Summary, _Draws] = {}
        self.draws = self.draws_from(_NO_CARDS)
        self.table = self.draws.table
        self._banker: dict[int | tuple, dict] = {}  # keyed on the pool, or (the banker's hand, pool)
        self._best: dict[tuple, object] = {}
        self._chances: dict[tuple, tuple] = {}
        self._next: dict[Summary, tuple] = {}
        self._next_of: dict[Summary, dict] = {}
        self._moves: dict[tuple, dict] = {}  # the moves of a hand, by stake, room and whether a card is left
        # the stock card by card, near the reshuffle (keyed on decks, see `deals`)
        self._deals: dict[tuple, tuple] = {}
        self._deal_counts: dict[tuple, tuple] = {}
        self._best_at: dict[tuple, object] = {}
        self._banker_at: dict[tuple, dict] = {}
        self._banker_on: dict[tuple, dict] = {}

    def memo_weight(self) -> int:
        """How much this solver's memos hold, in MEMO_BUDGET's units."""
        return (BANKER_WEIGHT * (len(self._banker) + len(self._banker_at) + len(self._banker_on))
                + len(self._best) + len(self._chances) + len(self._next) + len(self._next_of) + len(self._moves)
                + len(self._deals)
                + len(self._deal_counts) + len(self._best_at))

    def forget(self) -> None:
        """Empty the memos: the answers stay the same, only slower until they are filled again.

        Another thread may be reading them: every memo is read with one `get` and filled with one assignment
        (each atomic), and no answer is read back from a memo after it was stored."""
        for memo in (self._banker, self._best, self._chances, self._next, self._next_of, self._moves, self._deals,
                     self._deal_counts, self._best_at, self._banker_at, self._banker_on):
            memo.clear()

    # numbers

    def ratio(self, a: int, b: int):
        return Fraction(a, b) if self.exact else a / b

    def value(self, s: Summary) -> int:
        return summary_value(s, self.rules.twelve_values, self.rules.framed_pair_21)

    def next_hands(self, s: Summary) -> tuple[tuple[int, Summary, int], ...]:
        """(rank, hand after it, its value) for every rank: the same few summaries recur constantly."""
        found = self._next.get(s)
        if found is None:
            found = self._next[s] = tuple((rank, t, self.value(t)) for rank in RANKS for t in [add_card(s, rank)])
        return found

    def next_hand_of(self, s: Summary) -> dict[int, tuple[Summary, int]]:
        """`next_hands` by rank: {rank: (hand after it, its value)}."""
        found = self._next_of.get(s)
        if found is None:
            found = self._next_of[s] = {rank: (t, value) for rank, t, value in self.next_hands(s)}
        return found

    def can_call_aluvun(self, s: Summary) -> bool:
        """quitlok.hand.can_call_aluvun for a summary (a lone 11 is the summary (11, 0, 1, 1))."""
        return may_call_aluvun(self.rules, _totals(s[0], s[1], self.rules.twelve_values), s == (11, 0, 1, 1))

    # the banker

    def draws_from(self, start: Summary) -> _Draws:
        """The banker's table from hand `start`, in this solver's number type (kept by the solver too: a look-up
        in _draws's cache hashes all its arguments)."""
        found = self._draws_of.get(start)
        if found is None:
            found = self._draws_of[start] = _draws(self.rules.copies, self.rules.twelve_values,
                                                   self.rules.framed_pair_21, self.stands_on, start, self.exact)
        return found

    def ways(self, pool: int, draws: _Draws | None = None) -> np.ndarray:
        """For each final multiset B of the banker's table: prod over ranks of falling(count in pool, count in B)."""
        return (draws or self.draws).falling[_RANK_INDEX, _counts(pool)].prod(axis=0)

    def banker(self, pool: int) -> dict:
        """{final total or BUST: probability} for a banker drawing from `pool`."""
        return self.banker_from(_NO_CARDS, pool)

    def banker_from(self, start: Summary, pool: int) -> dict:
        """{final total or BUST: probability} for a banker holding `start` (below his total) and drawing the rest
        from `pool` while below his total; he stands with what he has if the pool runs out."""
        key = pool if start == _NO_CARDS else (start, pool)
        found = self._banker.get(key)
        if found is not None:
            return found
        counts = _counts(pool)
        size = sum(counts)
        if size == 0:
            return {self.value(start): self.num(1)}
        draws = self.draws if start == _NO_CARDS else self.draws_from(start)
        table = draws.table
        _, rest, denominator = _rests(table.longest, size)
        # floats from a hand after the reshuffle: the chances come out of one product and a sum (the pool
        # model's floats are summed as before, in whole numbers of orders)
        chances = not self.exact and start != _NO_CARDS
        if chances:
            scaled = draws.scaled.get(size)
            if scaled is None:
                scaled = draws.scaled[size] = \
                    draws.orders * (np.array(rest, dtype=np.float64) / denominator)[table.sizes]
            sums = np.add.reduceat(self.ways(pool, draws) * scaled, table.starts).tolist()
            result = dict(zip(table.labels, sums, strict=True))
        elif draws.machine:
            result = dict.fromkeys(table.labels, 0)
            runs = np.add.reduceat(self.ways(pool, draws) * draws.orders, draws.run_starts)
            for (_, label, cards), total in zip(table.runs, runs.tolist(), strict=True):
                result[label] += total * rest[cards]
        else:
            rest = np.array(rest, dtype=self.dtype) if self.exact else np.array(rest, dtype=np.float64)
            sums = np.add.reduceat(self.ways(pool, draws) * draws.orders * rest[table.sizes], table.starts)
            result = dict(zip(table.labels, (int(x) if self.exact else float(x) for x in sums), strict=True))
        if pool in table.unfinished:  # the pool runs out before he reaches his total: he stands
            orders, value = table.unfinished[pool]
            whole = orders * prod(perm(c) for c in counts)
            result[value] = result.get(value, 0) + (whole / denominator if chances else whole)
        if chances:
            result = {label: p for label, p in result.items() if p}
        else:
            result = {label: self.ratio(n, denominator) if self.exact else n / denominator
                      for label, n in result.items() if n}
        if _memo_full(self._banker, BANKER_WEIGHT):
            self._banker.clear()
        self._banker[key] = result
        return result

    def stay_value(self, s: Summary, pool: int):
        """Expected result of one chip left open on hand `s`."""
        return self.open_chip(self.value(s), ((self.banker(pool), self.num(1)),))

    def open_chip(self, mine: int, outcomes: Iterable[tuple[dict, object]]):
        """One chip left open on a hand worth `mine` against the banker's outcomes, each distribution with its
        weight: +1 when he busts or ends lower, -1 when he ends equal or higher (ties go to the banker); a hand
        of 21 is +1 and a bust hand -1 whatever he does (the distributions are then not asked for)."""
        if is_bust(mine):
            return self.num(-1)
        if is_twenty_one(mine):
            return self.num(1)
        total = self.num(0)
        for banker, w in outcomes:
            for result, p in banker.items():
                total += w * p if result in _BEATEN[mine] else -w * p
        return total

    # the player

    def after(self, s: Summary, value: int, pool: int, stake: int, room: int):
        """A card has come: bust loses the stake, 21 wins it, else best play goes on."""
        at_once = settled_at_once(value)
        return self.num(at_once * stake) if at_once else self.best(s, pool, stake, room)

    def take(self, s: Summary, pool: int, stake: int, room: int, protected: bool):
        """Expected result of taking the next card (protected by aluvun or not)."""
        size = _size(pool)
        total = self.num(0)
        for rank, hand, value in self.next_hands(s):
            c = _count(pool, rank)
            if not c:
                continue
            rest = pool - (1 << _SHIFT[rank])
            outcome = self.after(hand, value, rest, stake, room)
            if protected and rank == 11 and rest:
                outcome = max(outcome, self.take(s, rest, stake, room, protected=False))
            total += self.ratio(c, size) * outcome
        return total

    def moves(self, s: Summary, pool: int, stake: int, room: int) -> dict[Move, tuple[int, int, bool]]:
        """Every legal action that takes a card, in the contract's order: (stake, room, protected) for the card.

        The game's moves (quitlok.rulebook.turn_moves) for a player who has bet (SPEC section 3: under bet-first
        rules the odds price the position after the bet), each card alone and then each after the call at 11;
        a bet is one of all the room."""
        key = (s, stake, room, bool(pool))
        found = self._moves.get(key)
        if found is None:
            rules, can_draw = self.rules, bool(pool)
            aluvun = self.can_call_aluvun(s)
            kinds = turn_moves(rules, staked=True, room=room, can_draw=can_draw, aluvun=aluvun, called=False)
            moves = [Move.of(kind, aluvun=False, bet_first=rules.bet_first) for kind in kinds if kind in _CARDS]
            if Aluvun in kinds:
                moves += [Move.of(kind, aluvun=True, bet_first=rules.bet_first)
                          for kind in turn_moves(rules, staked=True, room=room, can_draw=can_draw, aluvun=aluvun,
                                                 called=True) if kind in _CARDS]
            found = {move: move.after(stake, room) for move in moves}
            if _memo_full(self._moves):
                self._moves.clear()
            self._moves[key] = found
        return found

    def actions(self, s: Summary, pool: int, stake: int, room: int) -> dict[str, object]:
        """Every legal action's expected result in chips, in the contract's order."""
        values = {_STAY: stake * self.stay_value(s, pool) if stake else self.num(0)}
        for name, (new_stake, new_room, protected) in self.moves(s, pool, stake, room).items():
            values[name] = self.take(s, pool, new_stake, new_room, protected)
        return values

    # the chances behind a value: how often best play wins or loses its stake

    def chances(self, s: Summary, pool: int, stake: int, room: int) -> tuple:
        """(win, lose): the chance that best play from here ends with the stake won or lost (the rest: nothing
        staked at the end). Follows the same choices as `best`, ties to the earlier action."""
        key = (s, pool, stake, room)
        result = self._chances.get(key)
        if result is None:
            values = self.actions(s, pool, stake, room)
            choice = max(values, key=lambda action: (values[action], -list(values).index(action)))
            if choice == _STAY:
                result = self.stay_chances(s, pool) if stake else (self.num(0), self.num(0))
            else:
                result = self.take_chances(s, pool, *self.moves(s, pool, stake, room)[choice])
            if _memo_full(self._chances):
                self._chances.clear()
            self._chances[key] = result
        return result

    def stay_chances(self, s: Summary, pool: int) -> tuple:
        mine = self.value(s)
        win = sum((p for result, p in self.banker(pool).items() if result in _BEATEN[mine]), self.num(0))
        return win, 1 - win

    def take_chances(self, s: Summary, pool: int, stake: int, room: int, protected: bool) -> tuple:
        """(win, lose) of taking the next card and playing on as `take` does."""
        size = _size(pool)
        win = lose = self.num(0)
        for rank, hand, value in self.next_hands(s):
            c = _count(pool, rank)
            if not c:
                continue
            rest = pool - (1 << _SHIFT[rank])
            if protected and rank == 11 and rest and \
                    self.take(s, rest, stake, room, False) > self.after(hand, value, rest, stake, room):
                w, lo = self.take_chances(s, rest, stake, room, False)
            elif is_bust(value) or is_twenty_one(value):
                w, lo = (self.num(0), self.num(0)) if not stake else \
                    (self.num(is_twenty_one(value)), self.num(is_bust(value)))
            else:
                w, lo = self.chances(hand, rest, stake, room)
            p = self.ratio(c, size)
            win, lose = win + p * w, lose + p * lo
        return win, lose

    def best(self, s: Summary, pool: int, stake: int, room: int):
        key = (s, pool, stake, room)
        found = self._best.get(key)
        if found is None:
            found = max(self.actions(s, pool, stake, room).values())
            if _memo_full(self._best):
                self._best.clear()
            self._best[key] = found
        return found

    # --- the stock card by card (SPEC section 3, "The stock and the reshuffle") -------------------------
    # A *deck* is (unseen, hidden, known, under): the cards the player has not seen (a packed multiset; each is
    # equally likely to be any of them), how many of those lie face down in the stock, the cards of the stock
    # he knows (packed: the former face-up cards, after a reshuffle) and the face-up cards under the stock
    # (packed). The banker's face-down card is one of the unseen cards, never a stock card.

    def deals(self, deck: tuple) -> tuple:
        """(rank, chance, deck after it) for the next card taken from the stock, as quitlok.game's
        `_Table.draw` deals it: with at most one face-down card left and cards under the stock, they are
        shuffled into a new stock first. Empty when no card is left to deal."""
        found = self._deals.get(deck)
        if found is not None:
            return found
        den, counts = self.deal_counts(deck)
        found = tuple((rank, self.ratio(n, den), rest) for rank, n, rest in counts)
        if _memo_full(self._deals):
            self._deals.clear()
        self._deals[deck] = found
        return found

    def clear_of_reshuffle(self, s: Summary | None, deck: tuple) -> bool:
        """True when no card still to be dealt on this branch (the player's from hand `s`, if given, then the
        banker's) can meet the reshuffle or an empty stock, so that each comes from the unseen cards alike: the
        pool model, whose memos are the fast path. A safe bound, cheap per node: a hand takes at most as many
        cards as the smallest unseen cards it can take without passing 20 (the banker: below his total), plus
        one more per 11 that aluvun may reject."""
        unseen, hidden, known, _ = deck
        if known:
            return False
        sums = _low_sums(unseen, self.low_twelve)
        draws = bisect_right(sums, self.stands_on - 1) - 1  # the banker's, after his face-down card
        if s is not None:
            low = s[0] + s[1] * self.low_twelve
            if low <= 20:
                draws += min(bisect_right(sums, 20 - low), len(sums) - 1)
                if self.rules.aluvun:
                    draws += _count(unseen, 11)
        return draws < hidden

    # The player's choices depend only on what he has seen: after a reshuffle the new stock holds the cards he
    # knows and one he does not, and a card he takes may be either. So his recursion runs over *beliefs*:
    # tuples of (deck, weight) given the cards he got, each deck a way the table may lie and its weight a whole
    # number (its chance is the weight over the belief's total). A single deck clear of the reshuffle is the pool
    # model's position.

    def deal_counts(self, deck: tuple) -> tuple[int, tuple]:
        """`deals` in whole numbers: (denominator, ((rank, numerator, deck after it), ...)); the denominator is
        1 when no card is left to deal."""
        found = self._deal_counts.get(deck)
        if found is not None:
            return found
        unseen, hidden, known, under = deck
        if hidden + _size(known) <= 1 and under:
            known, under = known + under, 0
        n = hidden + _size(known)
        size = _size(unseen) if hidden else 1
        out = []
        if hidden:
            out += [(rank, hidden * c, (unseen - (1 << _SHIFT[rank]), hidden - 1, known, under))
                    for rank, c in zip(RANKS, _counts(unseen), strict=True) if c]
        out += [(rank, c * size, (unseen, hidden, known - (1 << _SHIFT[rank]), under))
                for rank, c in zip(RANKS, _counts(known), strict=True) if c]
        found = (n * size or 1, tuple(out))
        if _memo_full(self._deal_counts):
            self._deal_counts.clear()
        self._deal_counts[deck] = found
        return found

    def belief_deals(self, belief: tuple) -> tuple:
        """(rank, chance, belief after it) for the next card taken. A belief's weights are whole numbers with
        no common factor, worked out exactly in either number type: two ways to the same belief meet in one
        memo entry (float weights, rounded differently on each way, did not)."""
        found = self._deals.get(belief)
        if found is not None:
            return found
        counts = [(w, *self.deal_counts(deck)) for deck, w in belief]
        common = lcm(*(den for _, den, _ in counts))
        by_rank: dict[int, dict] = {}
        for w, den, deals in counts:
            scale = w * (common // den)
            for rank, n, rest in deals:
                parts = by_rank.setdefault(rank, {})
                parts[rest] = parts.get(rest, 0) + scale * n
        whole = common * sum(w for w, _, _ in counts)
        out = []
        for rank in sorted(by_rank):
            parts = by_rank[rank]
            if len(parts) > 1:
                factor = gcd(*parts.values())
                after = tuple(sorted((rest, q // factor) for rest, q in parts.items()))
            else:
                after = ((next(iter(parts)), 1),)
            out.append((rank, self.ratio(sum(parts.values()), whole), after))
        found = tuple(out)
        if _memo_full(self._deals):
            self._deals.clear()
        self._deals[belief] = found
        return found

    def clear_belief(self, s: Summary | None, belief: tuple) -> bool:
        return len(belief) == 1 and self.clear_of_reshuffle(s, belief[0][0])

    def best_at(self, s: Summary, belief: tuple, stake: int, room: int):
        """`best` with the stock: the value of best play from hand `s`."""
        if self.clear_belief(s, belief):
            return self.best(s, belief[0][0][0], stake, room)
        key = (s, belief, stake, room)
        found = self._best_at.get(key)
        if found is None:
            found = max(self.actions_at(s, belief, stake, room).values())
            if _memo_full(self._best_at):
                self._best_at.clear()
            self._best_at[key] = found
        return found

    def actions_at(self, s: Summary, belief: tuple, stake: int, room: int) -> dict[str, object]:
        """`actions` with the stock."""
        if self.clear_belief(s, belief):
            return self.actions(s, belief[0][0][0], stake, room)
        values = {_STAY: stake * self.stay_value_at(s, belief) if stake else self.num(0)}
        can_draw = bool(self.belief_deals(belief))
        for name, (new_stake, new_room, protected) in self.moves(s, can_draw, stake, room).items():
            values[name] = self.take_at(s, belief, new_stake, new_room, protected)
        return values

    def take_at(self, s: Summary, belief: tuple, stake: int, room: int, protected: bool):
        """`take` with the stock: a rejected 11 goes face up under the stock."""
        if self.clear_belief(s, belief):
            return self.take(s, belief[0][0][0], stake, room, protected)
        total = self.num(0)
        after = self.next_hand_of(s)
        for rank, p, rest in self.belief_deals(belief):
            hand, value = after[rank]
            at_once = settled_at_once(value)
            outcome = self.num(at_once * stake) if at_once else self.best_at(hand, rest, stake, room)
            if protected and rank == 11:
                rejected = tuple((_rejected(deck), w) for deck, w in rest)
                outcome = max(outcome, self.take_at(s, rejected, stake, room, protected=False))
            total += p * outcome
        return total

    def stay_value_at(self, s: Summary, belief: tuple):
        """`stay_value` with the stock."""
        whole = sum(w for _, w in belief)
        return self.open_chip(self.value(s), ((self.banker_at(deck), self.ratio(w, whole)) for deck, w in belief))

    def banker_at(self, deck: tuple) -> dict:
        """`banker` with the stock: his face-down card is one of the unseen cards, then he draws from the
        stock."""
        if self.clear_of_reshuffle(None, deck):
            return self.banker(deck[0])
        found = self._banker_at.get(deck)
        if found is not None:
            return found
        unseen, hidden, known, under = deck
        size = _size(unseen)
        found = {}
        for rank, c in zip(RANKS, _counts(unseen), strict=True):
            if c:
                first = add_card((0, 0, 0, 0), rank)
                _mix(found, self.ratio(c, size),
                     self.banker_on(first, (unseen - (1 << _SHIFT[rank]), hidden, known, under)))
        if _memo_full(self._banker_at, BANKER_WEIGHT):
            self._banker_at.clear()
        self._banker_at[deck] = found
        return found

    def banker_on(self, b: Summary, deck: tuple) -> dict:
        """The banker's final result from his hand `b`, drawing from the stock while below his total; he
        stands with what he has if no card is left."""
        value = self.value(b)
        if value >= self.stands_on:
            return {BUST if is_bust(value) else value: self.num(1)}
        unseen, hidden, known, under = deck
        if under and hidden + _size(known) <= 1:  # the next card comes from a new stock (as in `deals`)
            known, under = known + under, 0
        elif under and not self.card_by_card and self.banker_draws(b, unseen + known) < hidden + _size(known):
            under = 0  # he stops before the stock's last card: the cards under it cannot come back to him
        if not under and not self.card_by_card:
            if hidden <= 1:
                return self.banker_from_stock(b, unseen, hidden, known)
            if not known and self.banker_draws(b, unseen) <= hidden:
                return self.banker_from(b, unseen)  # the face-down cards are any of the unseen, in any order
        key = (b, deck)
        found = self._banker_on.get(key)
        if found is not None:
            return found
        deals = self.deals(deck)
        if not deals:
            return {value: self.num(1)}
        found = {}
        for rank, p, rest in deals:
            _mix(found, p, self.banker_on(add_card(b, rank), rest))
        if _memo_full(self._banker_on, BANKER_WEIGHT):
            self._banker_on.clear()
        self._banker_on[key] = found
        return found

    def banker_draws(self, b: Summary, cards: int) -> int:
        """At most how many cards a banker holding `b` draws when they come from `cards`: he takes another only
        while his hand is below his total, and it is at least his cards' least total (a safe bound)."""
        sums = _low_sums(cards, self.low_twelve)
        return bisect_right(sums, self.stands_on - 1 - b[0] - b[1] * self.low_twelve)

    def banker_from_stock(self, b: Summary, unseen: int, hidden: int, known: int) -> dict:
        """`banker_on` from a stock that will not be shuffled again (nothing lies under it): the cards `known`
        and `hidden` (0 or 1) more, one of the `unseen` cards. He draws them in an order where every order is
        as likely, so given the hidden card the stock is a plain pool, and his result is a mixture over that
        card of the pool model's (`banker_from`, vectorised and memoised on the pool): the same numbers as
        following the stock card by card (`card_by_card`), without a memo entry per deck."""
        if not hidden:
            return self.banker_from(b, known)
        key = (b, unseen, known)
        found = self._banker_on.get(key)
        if found is not None:
            return found
        size = _size(unseen)
        found = {}
        for rank, c in zip(RANKS, _counts(unseen), strict=True):
            if c:
                _mix(found, self.ratio(c, size), self.banker_from(b, known + (1 << _SHIFT[rank])))
        if _memo_full(self._banker_on, BANKER_WEIGHT):
            self._banker_on.clear()
        self._banker_on[key] = found
        return found


#: the game's action types of the moves that take a card
_CARDS = (Blot, Bet, Draw)
#: Move.STAY for the solver's inner loops: a member looked up on its enum class takes about a microsecond in
#: Python 3.11, a module name a few nanoseconds
_STAY = Move.STAY


def _beaten(mine: int) -> frozenset:
    """The banker's results (totals, BUST) that an open stake on a hand worth `mine` wins against, by
    quitlok.rulebook.player_wins (ties go to the banker): looked up, not asked, in the solver's inner loops."""
    return frozenset(result for result in (*range(1, 22), BUST) if result == BUST or player_wins(mine, result))


#: `_beaten` for every hand a stake stays open on
_BEATEN = {mine: _beaten(mine) for mine in range(21)}


def _rejected(deck: tuple) -> tuple:
    """The deck after a rejected 11 went face up under the stock."""
    unseen, hidden, known, under = deck
    return unseen, hidden, known, under + (1 << _SHIFT[11])


def _mix(into: dict, p, dist: dict) -> None:
    """Add p times the distribution `dist` into `into`."""
    for result, q in dist.items():
        into[result] = into[result] + p * q if result in into else p * q


def solver_for(rules: RuleSet, stands_on: int, exact: bool) -> _Solver:
    """The solver for these rules, banker model and number type, after checking the arguments (always first:
    a look-up never answers for an argument the checks would refuse)."""
    if not is_whole(stands_on) or not 1 <= stands_on <= 21:
        raise InvalidSetup(_("The banker model stands on a total from 1 to 21, not {got}.").format(
            got=shown(stands_on)))
    return (_SCRATCH.get() or _SOLVERS).get(rule_set(rules), stands_on, flag("exact", exact))


class _Solvers:
    """The solvers in use, most recently asked last: at most MOST_SOLVERS, and their memos within MEMO_BUDGET."""

    def __init__(self) -> None:
        self._by_key: OrderedDict[tuple, _Solver] = OrderedDict()
        # a server answers several visitors at once: the order of solvers is read and changed under this lock
        # (a solver's own memos are safe without it, see _Solver.forget)
        self._lock = threading.Lock()

    def get(self, rules: RuleSet, stands_on: int, exact: bool) -> _Solver:
        key = (rules, stands_on, exact)
        with self._lock:
            solver = self._by_key.pop(key, None) or _Solver(rules, stands_on, exact)
            self._by_key[key] = solver
            while len(self._by_key) > MOST_SOLVERS:
                self._by_key.popitem(last=False)
            self._keep_within_budget(solver)
        return solver

    def weight(self) -> int:
        """All memos together, in MEMO_BUDGET's units."""
        with self._lock:
            return self._weight()

    def _weight(self) -> int:
        return sum(solver.memo_weight() for solver in self._by_key.values())

    def _keep_within_budget(self, current: _Solver) -> None:
        total = self._weight()
        for solver in list(self._by_key.values()):  # least recently used first
            if total <= MEMO_BUDGET:
                return
            if solver is not current:
                total -= solver.memo_weight()
                solver.forget()
        if total > MEMO_BUDGET:
            current.forget()

    def clear(self) -> None:
        """Drop every solver (a fresh start, as in a new process)."""
        with self._lock:
            self._by_key.clear()


_SOLVERS = _Solvers()
#: the solvers of the questions asked inside `scratch_memos()` in this thread, if any
_SCRATCH: ContextVar[_Solvers | None] = ContextVar("quitlok_odds_scratch", default=None)


@contextmanager
def scratch_memos() -> Iterator[None]:
    """Answer the questions asked inside from solvers of their own, dropped at the end.

    For questions about positions nobody else will ask about: a practice game's coaching prices positions
    that no other game meets, and in the shared memos each visitor's game left about 1 MB behind until the
    budget was reached (benchmarks/bench_memory.py). A question's own memo still serves all of its parts."""
    token = _SCRATCH.set(_Solvers())
    try:
        yield
    finally:
        _SCRATCH.reset(token)


def _chips(stake: object, room: object) -> None:
    """Stake and room are whole numbers of chips (InvalidSetup otherwise)."""
    whole_number("stake", stake)
    whole_number("room", room)


# --- the public functions -----------------------------------------------------------------------------


_EMPTY = N_("pool: empty; every card of the pack is in your hand or seen, so none can be drawn")


def _deck(hand, seen, rules: RuleSet, stock: Stock | None, *, need_hand: bool) -> tuple[tuple, tuple]:
    """Validate the cards and the stock and return (hand, deck) (see _Solver.deals); InvalidCards or
    InvalidSetup name what does not fit, including a position no table can reach.

    `stock=None`: every unseen card but the banker's face-down card lies in the stock, and every seen card face
    up under it (the pool model wherever the pool is larger than the cards that can be drawn)."""
    hand, pool = _pool(hand, seen, rules, need_hand=need_hand)
    size = _size(pool)
    if stock is None:
        if not size:
            raise InvalidCards(_(_EMPTY))
        seen = check_cards(seen, rule_set(rules).copies, _("seen cards"))
        hidden, under = size - 1, _pack_cards(seen)
    else:
        if not isinstance(stock, Stock):
            raise InvalidSetup(_("stock: a quitlok.stock.Stock such as Stock(3, (11,)) or None, not {got}").format(
                got=shown(stock)))
        stock = stock.checked(check_cards(seen, rule_set(rules).copies, _("seen cards")), rule_set(rules).copies)
        hidden, under = stock.cards, _pack_cards(stock.under)
    if size < (2 if stock is None else hidden + 1):
        stock_words = _("at least one face-down card in the stock") if stock is None else \
            ngettext("the {n} face-down card of the stock", "the {n} face-down cards of the stock",
                     stock.cards).format(n=stock.cards)
        raise InvalidCards(ngettext(
            "pool: only {n} unseen card (the pack minus your hand and the seen cards), but at a table the banker's "
            "face-down card and {stock} are unseen: no table reaches this position",
            "pool: only {n} unseen cards (the pack minus your hand and the seen cards), but at a table the banker's "
            "face-down card and {stock} are unseen: no table reaches this position", size).format(
            n=size, stock=stock_words))
    return hand, (pool, hidden, 0, under)


def _next_cards(solver: "_Solver", deck: tuple) -> dict:
    """{rank: chance} of the next card taken from the stock."""
    odds: dict = {}
    for rank, p, _rest in solver.deals(deck):
        odds[rank] = odds[rank] + p if rank in odds else p
    return {rank: odds[rank] for rank in RANKS if rank in odds}


def next_card_odds(hand, seen, rules: RuleSet, *, exact: bool = False, stock: Stock | None = None) -> dict:
    """The chance of each rank (those with a chance) for the next card, taken from the stock (across the
    reshuffle when it is down to its last card)."""
    solver = solver_for(rules, 17, exact)
    _hand, deck = _deck(hand, seen, rules, stock, need_hand=False)
    odds = _next_cards(solver, deck)
    if not odds:
        raise InvalidCards(_("stock: empty, and no card lies under it: no card can be drawn"))
    return odds


def bust_chance(hand, seen, rules: RuleSet, *, aluvun: bool = False, exact: bool = False,
                stock: Stock | None = None):
    """The chance that the next card kept busts the hand.

    With `aluvun`, a first 11 that would bust is rejected (face up under the stock) and the following card
    is kept; for a hand that cannot total 11 the flag changes nothing.
    """
    solver = solver_for(rules, 17, exact)
    hand, deck = _deck(hand, seen, rules, stock, need_hand=True)
    s = summarize(hand)
    protected = flag("aluvun", aluvun) and solver.can_call_aluvun(s)
    if not solver.deals(deck):
        raise InvalidCards(_("stock: empty, and no card lies under it: no card can be drawn"))

    def chance(deck: tuple, protected: bool):
        total = solver.num(0)
        for rank, p, rest in solver.deals(deck):
            if is_bust(solver.value(add_card(s, rank))):
                total += p * chance(_rejected(rest), False) if protected and rank == 11 else p
        return total

    return chance(deck, protected)


def banker_outcomes(hand, seen, rules: RuleSet, *, stands_on: int = 17, exact: bool = False,
                    stock: Stock | None = None) -> dict:
    """The banker's final result {total: chance, ..., "bust": chance}: his face-down card is one of the unseen
    cards, then he draws from the stock."""
    solver = solver_for(rules, stands_on, exact)
    _, deck = _deck(hand, seen, rules, stock, need_hand=False)
    return dict(solver.banker_at(deck))


def stay_value(hand, seen, rules: RuleSet, *, stands_on: int = 17, exact: bool = False, stock: Stock | None = None):
    """Expected result of one chip left open on this hand: +1 win, -1 loss (ties go to the banker)."""
    solver = solver_for(rules, stands_on, exact)
    hand, deck = _deck(hand, seen, rules, stock, need_hand=True)
    return solver.stay_value_at(summarize(hand), ((deck, 1),))


def card_value(hand, seen, rules: RuleSet, *, stake: int, room: int, bet: int = 0, aluvun: bool = False,
               stands_on: int = 17, exact: bool = False, stock: Stock | None = None):
    """Expected result in chips of adding `bet` to the stake and taking one card now (protected when
    `aluvun`), with best play afterwards and `room - bet` chips still allowed.

    `advise` lists only all-or-nothing bets; this prices any bet, a blot (bet 0) or the card after a
    rejected 11, so the table can say what a learner's own choice was worth.
    """
    _chips(stake, room)
    if not is_whole(bet) or not 0 <= bet <= room:
        raise InvalidSetup(_("A bet of {bet} does not fit a room of {room} chips.").format(bet=shown(bet),
                                                                                          room=shown(room)))
    flag("aluvun", aluvun)
    solver = solver_for(rules, stands_on, exact)
    hand, deck = _deck(hand, seen, rules, stock, need_hand=True)
    if not solver.deals(deck):
        raise InvalidCards(_("stock: empty, and no card lies under it: no card can be drawn"))
    s = summarize(hand)
    return solver.take_at(s, ((deck, 1),), stake + bet, room - bet, aluvun and solver.can_call_aluvun(s))


def position_value(hand, seen, rules: RuleSet, *, stake: int, room: int, stands_on: int = 17, exact: bool = False,
                   stock: Stock | None = None):
    """Expected result in chips of this position under best play (the best of `advise`'s values)."""
    return max(action_values(hand, seen, rules, stake=stake, room=room, stands_on=stands_on, exact=exact,
                             stock=stock).values())


@dataclass(frozen=True)
class EdgeOutcomes:
    """A lone player's hand against the bank under best play, one chip, nothing seen (`player_edge`'s setting).

    The three chances add up to 1; `edge` is `win - lose` chips per hand (negative: the bank has the edge).
    """

    rules: RuleSet
    stands_on: int
    win: object
    lose: object
    #: no chip at stake when the hand ends: stayed out, or threw in without a bet (busting a free blot included)
    out: object
    edge: object


def edge_outcomes(rules: RuleSet, *, stands_on: int = 17, exact: bool = False) -> EdgeOutcomes:
    """`player_edge` with the chances behind it: how often the player wins his chip, loses it, or never plays
    it, computed exactly over every first card.

    Betting at any time: he holds his first card with nothing staked and one chip of room, and plays on at
    best. Bet-first rules: he bets one chip before his second card when that is worth more than staying out
    (a tie stays out), then plays at best with no room left.
    """
    solver = solver_for(rules, stands_on, exact)
    rules = solver.rules
    full = pack_counts([rules.copies] * 12)
    zero = solver.num(0)
    win = lose = edge = zero
    for card in RANKS:
        s, pool = summarize([card]), full - (1 << _SHIFT[card])
        stake, room = (1, 0) if rules.bet_first else (0, 1)
        value = solver.best(s, pool, stake, room)
        if rules.bet_first and value <= 0:
            continue  # he stays out: nothing won or lost
        w, lo = solver.chances(s, pool, stake, room)
        win, lose, edge = win + w, lose + lo, edge + value
    n = len(RANKS)
    win, lose, edge = win / n, lose / n, edge / n
    return EdgeOutcomes(rules=rules, stands_on=stands_on, win=win, lose=lose, out=1 - win - lose, edge=edge)


def player_edge(rules: RuleSet, *, stands_on: int = 17, exact: bool = False):
    """SPEC section 3: a lone player's expected result in chips for one hand against a banker standing on
    `stands_on`, nothing seen, best play, one chip, averaged over his first card. Negative: the bank's edge."""
    return edge_outcomes(rules, stands_on=stands_on, exact=exact).edge


def action_values(hand, seen, rules: RuleSet, *, stake: int = 0, room: int = 1, stands_on: int = 17,
                  exact: bool = False, stock: Stock | None = None) -> dict:
    """`advise(...).values` alone: each legal action's expected result in chips, without the counts and words
    the advisor adds. For callers that ask about many positions (a simulator building a best-play table)."""
    _chips(stake, room)
    solver = solver_for(rules, stands_on, exact)
    hand, deck = _deck(hand, seen, rules, stock, need_hand=True)
    return values_at(solver, summarize(hand), deck, stake, room)


def values_at(solver: "_Solver", s: Summary, deck: tuple, stake: int, room: int) -> dict:
    """Every legal action's value; a hand already at 21 or bust has only its result ("stay")."""
    mine = solver.value(s)
    if is_bust(mine) or is_twenty_one(mine):
        return {_STAY: solver.num(stake if is_twenty_one(mine) else -stake)}
    return solver.actions_at(s, ((deck, 1),), stake, room)


def _best(values: dict) -> str:
    """The action with the highest value; ties go to the earlier action in the contract's order."""
    return max(values, key=lambda action: (values[action], -list(values).index(action)))


@dataclass(frozen=True)
class Advice:
    """What the advisor says for one position."""

    #: each legal action's expected result in chips under best play afterwards, in the contract's order
    values: dict
    #: the action with the highest value (ties: the earlier action)
    best: str
    next_card: dict
    bust: object
    #: the bust chance when calling aluvun first (the same as `bust` when it cannot be called)
    bust_with_aluvun: object
    #: the hand can total 11 and the rules play aluvun
    aluvun_callable: bool
    banker: dict
    #: counts behind the reason: unseen cards, how many bust the hand, how many make 21
    unseen: int
    busting: int
    making_21: int
    #: the counts in words, without the verdict ("Your cards count 11. 2 of the 22 unseen cards ...")
    facts: str
    reason: str
    #: when the stock is down to its last face-down card (or empty) and cards lie face up under it, the next
    #: card comes from a new stock: its size (0: no reshuffle before the next card), and of the face-up cards
    #: shuffled back, how many there are, how many would bust the hand and how many would make 21
    new_stock: int = 0
    face_up_back: int = 0
    busting_back: int = 0
    making_21_back: int = 0


def _bust(solver: "_Solver", s: Summary, deck: tuple, protected: bool):
    """The chance that the next card kept from the stock busts hand `s` (a protected 11 that would bust is
    rejected, face up under the stock, and the following card kept)."""
    total = solver.num(0)
    for rank, p, rest in solver.deals(deck):
        if is_bust(solver.value(add_card(s, rank))):
            total += p * _bust(solver, s, _rejected(rest), False) if protected and rank == 11 else p
    return total


def advise(hand, seen, rules: RuleSet, *, stake: int = 0, room: int = 1, stands_on: int = 17,
           exact: bool = False, stock: Stock | None = None) -> Advice:
    """The best action for the player to act, holding `stake` and allowed `room` more chips, the cards coming
    from `stock` (None: more face-down cards than can be drawn) across the reshuffle."""
    _chips(stake, room)
    solver = solver_for(rules, stands_on, exact)
    hand, deck = _deck(hand, seen, rules, stock, need_hand=True)
    s = summarize(hand)
    mine = solver.value(s)
    values = values_at(solver, s, deck, stake, room)
    best = _best(values)
    pool, hidden, _, under = deck

    def count(cards: int, result) -> int:
        return sum(c for rank, c in zip(RANKS, _counts(cards), strict=True) if result(solver.value(add_card(s, rank))))

    callable_ = solver.can_call_aluvun(s)
    reshuffle = hidden <= 1 and under
    advice = Advice(
        values=values,
        best=best,
        next_card=_next_cards(solver, deck),
        bust=_bust(solver, s, deck, False),
        bust_with_aluvun=_bust(solver, s, deck, callable_),
        aluvun_callable=callable_,
        banker=dict(solver.banker_at(deck)),
        unseen=_size(pool),
        busting=count(pool, is_bust),
        making_21=count(pool, is_twenty_one),
        facts="",
        reason="",
        new_stock=hidden + _size(under) if reshuffle else 0,
        face_up_back=_size(under) if reshuffle else 0,
        busting_back=count(under, is_bust) if reshuffle else 0,
        making_21_back=count(under, is_twenty_one) if reshuffle else 0,
    )
    return _with_reason(advice, mine, hand, rules)


def strategy_table(rules: RuleSet, stands_on: Iterable[int] | None = None, *, exact: bool = False) -> list[dict]:
    """The first decision for every first card against each banker model, nothing else seen.

    `stands_on` defaults to every total a banker may stand on under the rules (`rules.banker_models`).

    Betting at any time (Quitlok): no stake yet and one chip of room: should I bet, blot or stay?
    Bet-first rules (Kvitlach): the first decision is the bet itself, before any card: bet one chip
    ("bet", then best play) or stay out ("stay", 0). (What to do after that bet, on one card, is always
    to draw, so it is no question for a table.)
    One row per (banker's total, first card): its best action and every action's value.
    """
    rules, exact = rule_set(rules), flag("exact", exact)
    if stands_on is not None and (isinstance(stands_on, str | bytes) or not isinstance(stands_on, Sequence)):
        raise InvalidSetup(_("stands_on must be a list of totals, or None for every model (got {got}).").format(
            got=shown(stands_on)))
    rows = []
    for total in rules.banker_models if stands_on is None else stands_on:
        for card in RANKS:
            if rules.bet_first:
                values = {Move.STAY: Fraction(0) if exact else 0.0,
                          Move.BET: first_bets([card], [], rules, room=1, stands_on=total, exact=exact)[1]}
            else:
                values = action_values([card], [], rules, stake=0, room=1, stands_on=total, exact=exact)
            rows.append({"stands_on": total, "card": card, "best": _best(values), **values})
    return rows


def first_bets(hand, seen, rules: RuleSet, *, room: int, stands_on: int = 17, exact: bool = False,
               stock: Stock | None = None) -> dict:
    """Bet-first rules, nothing bet yet: {n: expected result} of each first bet worth comparing.

    A bet of n chips brings no card and leaves `room - n` for a raise with elvaroon. For 1 <= n < room the
    result is a maximum of quantities linear in (n, room - n), hence convex in n, so its best is at n = 1 or
    n = room - 1; n = room (no raise left) is priced apart. Those three sizes are all a learner needs to
    compare; staying out is worth 0.
    """
    whole_number("room", room)
    sizes = sorted({n for n in (1, room - 1, room) if 1 <= n <= room})
    return {n: position_value(hand, seen, rules, stake=n, room=room - n, stands_on=stands_on, exact=exact,
                              stock=stock)
            for n in sizes}


def action_words(rules: RuleSet) -> dict[Move, str]:
    """The advisor's actions in words, with the tradition's own name for the call at 11."""
    call = call_word(rule_set(rules).aluvun_word)
    return {
        # Translators: the advisor's actions, as "Best: ..." ends them; {call} is aluvun or elvaroon
        Move.STAY: pgettext("advisor's action", "stay"),
        Move.BLOT: _("take a blot (a free face-up card)"),
        Move.BET: _("bet and take a face-down card"),
        Move.BLOT_ALUVUN: _("call {call}, then take a blot").format(call=call),
        Move.BET_ALUVUN: _("call {call}, then bet").format(call=call),
        Move.DRAW: _("draw a card"),
        Move.DRAW_ALUVUN: _("call {call}, then draw").format(call=call),
        Move.RAISE_ALUVUN: _("call {call} and raise").format(call=call),
    }


def _with_reason(advice: Advice, mine: int, hand: tuple[int, ...], rules: RuleSet) -> Advice:
    """Add the plain-language facts and reason, in numbers a learner can follow."""
    call = call_word(rules.aluvun_word)
    parts = [_("Your cards count {value}.").format(value=mine)]
    if not ends_turn(mine) and advice.new_stock:
        parts.append(_reshuffle_words(advice))
    elif not ends_turn(mine):
        parts.append(_("{busting} of the {unseen} unseen cards would bust you; {making} would give you 21 at once.")
                     .format(busting=advice.busting, unseen=advice.unseen, making=advice.making_21))
    if advice.aluvun_callable:
        parts.append(_("Calling {call} first cuts your bust chance from {before} to {after}.").format(
            call=call, before=percent(advice.bust), after=percent(advice.bust_with_aluvun)))
    elif hand == (11,) and rules.aluvun and rules.framed_pair_21:
        parts.append(_("{call} is not called on a lone 11: the only card it could guard against is the other 11, "
                       "which makes the framed pair, 21.").format(call=call.capitalize()))
    facts = " ".join(parts)
    gain = float(advice.values[advice.best])
    best = _("Best: {action}, worth {gain} chips on average.").format(action=action_words(rules)[advice.best],
                                                                       gain=_decimal(gain, 2, signed=True))
    return replace(advice, facts=facts, reason=f"{facts} {best}")


def _reshuffle_words(advice: Advice) -> str:
    """The next card comes from a new stock: say so, with what the player knows of it."""
    back = advice.face_up_back
    fields = {"n": back, "size": advice.new_stock, "busting": advice.busting_back, "making": advice.making_21_back,
              "chance": percent(advice.bust)}
    if advice.new_stock > back:
        where = ngettext("The stock is down to its last card: before the next card it is shuffled with the {n} "
                         "face-up card under it into a new stock of {size}.",
                         "The stock is down to its last card: before the next card it is shuffled with the {n} "
                         "face-up cards under it into a new stock of {size}.", back)
    else:
        where = ngettext("The stock is empty: before the next card the {n} face-up card under it are shuffled into "
                         "a new stock.",
                         "The stock is empty: before the next card the {n} face-up cards under it are shuffled into "
                         "a new stock.", back)
    known = ngettext("Of those {n} face-up card, {busting} would bust you and {making} would give you 21 at once; "
                     "the next card busts you with a chance of {chance}.",
                     "Of those {n} face-up cards, {busting} would bust you and {making} would give you 21 at once; "
                     "the next card busts you with a chance of {chance}.", back)
    return where.format(**fields) + " " + known.format(**fields)


def percent(p) -> str:
    """A chance for learners, in the current language: '9.1%', '0.43%' (Czech '9,1 %')."""
    share = min(max(float(chance("p", p)), 0.0), 1.0)
    x = 100 * share
    return _percent(share, 0 if x >= 10 or x == 0 else 1 if x >= 1 else 2)


def _in(k: int, n: int, *, about: bool = False, share: str | None = None) -> str:
    """'3 in 10', 'about 3 in 10', and either with its percentage, '3 in 10 (30%)': whole sentences of the
    catalog, in the current language."""
    if share is None:
        # Translators: a chance as a learner reads it: 3 cards in 10 (the numbers are {k} and {n})
        return _("about {k} in {n}").format(k=k, n=n) if about else _("{k} in {n}").format(k=k, n=n)
    if about:
        # Translators: a chance with its percentage, such as "about 3 in 10 (31%)"
        return _("about {k} in {n} ({percent})").format(k=k, n=n, percent=share)
    # Translators: a chance with its percentage, such as "3 in 10 (30%)"
    return _("{k} in {n} ({percent})").format(k=k, n=n, percent=share)


def _sure(p: Fraction, share: str | None = None) -> str:
    """'no chance' or 'certain', with the percentage when given."""
    if share is None:
        return _("no chance") if p == 0 else _("certain")
    # Translators: {percent} is 0% or 100%
    return (_("no chance ({percent})") if p == 0 else _("certain ({percent})")).format(percent=share)


#: the largest n of a "k in n" that reads at a glance; other chances are rounded to one
SMALL_N = 20
#: the largest n of a chance said to a young class ("about 1 in 3"), and how far from the exact chance it may be
YOUNG_N, YOUNG_TOLERANCE = 10, Fraction(3, 100)


def chance_words(p: Fraction, *, with_percent: bool = True) -> str:
    """A chance as a learner reads it: '8 in 11 (73%)', '1 in 231 (0.43%)', 'about 1 in 4 (25%)';
    without the percentage (`with_percent=False`, for a young class): '8 in 11', 'about 1 in 4'.

    Exact when the fraction is already simple (n at most SMALL_N, or 1 in n); otherwise the simplest
    'k in n' with n at most SMALL_N within one percentage point (and a tenth of the chance, so that
    small chances stay right), or else 'about 1 in n' (or 'about n-1 in n' near certainty).
    """
    p = chance("p", p)
    with_percent = flag("with_percent", with_percent)
    p = min(max(Fraction(p) if isinstance(p, int | Fraction) else Fraction(float(p)), Fraction(0)), Fraction(1))
    share = percent(p) if with_percent else None
    if p in (0, 1):
        return _sure(p, share)
    if p.denominator <= SMALL_N or p.numerator == 1:
        return _in(p.numerator, p.denominator, share=share)
    tolerance = min(Fraction(1, 100), p / 10, (1 - p) / 10)
    for n in range(2, SMALL_N + 1):
        k = round(p * n)
        if 0 < k < n and abs(Fraction(k, n) - p) <= tolerance:
            return _in(k, n, about=True, share=share)
    if p <= Fraction(1, 2):
        return _in(1, round(1 / p), about=True, share=share)
    n = round(1 / (1 - p))
    return _in(n - 1, n, about=True, share=share)


def young_chance_words(p: Fraction) -> str:
    """A chance as a young class says it, in small numbers and no percentage: '1 in 2', 'about 1 in 3',
    'about 2 in 3', 'less than 1 in 10', 'more than 9 in 10', 'no chance', 'certain': the k in n with the
    smallest n up to YOUNG_N within YOUNG_TOLERANCE of the chance (exact when it equals it), else the nearest."""
    p = chance("p", p)
    p = min(max(Fraction(p) if isinstance(p, int | Fraction) else Fraction(float(p)), Fraction(0)), Fraction(1))
    if p in (0, 1):
        return _sure(p)
    if p.denominator <= YOUNG_N:
        return _in(p.numerator, p.denominator)
    if p < Fraction(1, YOUNG_N) - YOUNG_TOLERANCE / 3:
        # Translators: a small chance said to a young class, such as "less than 1 in 10"
        return _("less than {k} in {n}").format(k=1, n=YOUNG_N)
    if p > 1 - Fraction(1, YOUNG_N) + YOUNG_TOLERANCE / 3:
        # Translators: a large chance said to a young class, such as "more than 9 in 10"
        return _("more than {k} in {n}").format(k=YOUNG_N - 1, n=YOUNG_N)
    nearest = []
    for n in range(2, YOUNG_N + 1):
        k = min(max(round(p * n), 1), n - 1)
        off = abs(Fraction(k, n) - p)
        if off == 0:
            return _in(k, n)
        if off <= YOUNG_TOLERANCE:
            return _in(k, n, about=True)
        nearest.append((off, n, k))
    _off, n, k = min(nearest)
    return _in(k, n, about=True)
