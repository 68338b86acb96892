"""One player against a banker who plays his best too: the equilibrium of one hand (issue 27).

The game: one player against the banker, one hand dealt without replacement from a full shuffled pack, one
chip (SPEC sections 1-3). Under Quitlok the player holds his first card face down and may blot (a face-up
card), bet his chip at any time (a face-down card comes with it), call aluvun, and stay; the banker then
stands or draws as he likes. Under Kvitlach (bet first) the player bets his chip or stays out before his
second card, then draws face-down cards, with elvaroon (and its raise when the room allows); the banker must
draw on 16 or less and is free above. The player knows his cards; the banker knows his own and what a real
banker sees: the player's face-up cards, how many face-down cards he took and when, every call and rejected
11, the stake.

The method: counterfactual regret minimisation, CFR+ (Tammelin 2014; alternating updates, regret matching+,
linearly weighted averages), on the game's *public tree*, with an exact best response for each side, which
gives the exploitability of the average strategies. How it stays small:

- The banker's first card is dealt after the player's turn here: nothing in the player's turn depends on it
  and he never sees it, so by exchangeability his odds are the same (the deal without replacement is kept).
- A player's row is a public history (every event the banker sees, in order) and the *multiset* of the
  player's face-down cards: the order of his own hidden cards changes neither what comes after nor what the
  banker sees, so those histories are merged (a well-formed merge: the same subtree, the same payoffs).
- The banker decides after the player; at each public history where the player stayed with a stake, his
  position is the multiset of his own cards (orders of the same cards give the same odds and the same
  posterior over the player's cards). His chance of drawing a multiset in one given order, against each
  possible hand of the player, is a product of falling factorials over the ranks: one matrix per public
  history, ``M[s, x]``; everything the banker's side needs is two matrix products with it a pass.
- At 20 the banker stands (it wins against every hand still open: a player's 21 is paid at once); at 21 or
  bust his turn ends by the rules.

Public API: ``Game`` (the rules and the pack), ``solve(game, iterations, ...) -> Solution``,
``Solution.value``, ``Solution.exploitability``, ``Solution.player_strategy(...)``,
``Solution.banker_strategy(...)``, ``best_responses(tree, player, banker)``, ``save``/``load``.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import numpy as np

from quitlok.errors import InvalidCards, InvalidSetup
from quitlok.moves import Move
from quitlok.rules import RuleSet

__all__ = ["Game", "Solution", "Tree", "best_responses", "load", "load_strategies", "save", "solve", "strategy_value"]

RANKS = tuple(range(1, 13))
_ELEVEN = 10  # index of the 11s in a counts tuple
_TWELVE = 11
#: banker result classes: final totals 0-20, then 21, then bust
_B21, _BUST = 21, 22
_CLASSES = 23
#: the player's actions, in the contract's order (quitlok.odds), and the extra ones of this game
PLAYER_ACTIONS = (Move.STAY, Move.BLOT, Move.BET, Move.BLOT_ALUVUN, Move.BET_ALUVUN, Move.DRAW, Move.DRAW_ALUVUN,
                  Move.RAISE_ALUVUN, "out", "keep", "reject")
BANKER_ACTIONS = (Move.STAND, Move.DRAW)


def _add(counts: tuple, rank: int, n: int = 1) -> tuple:
    c = list(counts)
    c[rank - 1] += n
    return tuple(c)


class Game:
    """The rules of one hand, the pack it is dealt from and the player's chips.

    `counts` (12 numbers, the copies of each rank 1-12) replaces the pack for small test games; `room` is the
    player's one chip: Quitlok bets it at any time; under bet-first rules `room` is bet first and
    `raise_room` more may come with the elvaroon raise (0: none, as quitlok.odds.player_edge prices it).
    """

    def __init__(self, rules: RuleSet, *, counts: Sequence[int] | None = None, room: int = 1,
                 raise_room: int = 0) -> None:
        if not isinstance(rules, RuleSet):
            raise InvalidSetup(f"rules must be a RuleSet, not {type(rules).__name__}")
        self.rules = rules
        pack = tuple(counts) if counts is not None else (rules.copies,) * 12
        if len(pack) != 12 or any(not isinstance(c, int) or not 0 <= c <= 4 for c in pack):
            raise InvalidCards("the pack is 12 counts of 0 to 4 copies, one for each rank 1-12")
        if sum(pack) < 3:
            raise InvalidCards("the pack needs at least 3 cards (the player's, the banker's and one more)")
        if room < 1 or raise_room < 0 or (raise_room and not rules.bet_first):
            raise InvalidSetup("room is at least 1 chip; raise_room only with bet-first rules")
        self.pack, self.room, self.raise_room = pack, room, raise_room
        self._values: dict[tuple, int] = {}

    @property
    def key(self) -> tuple:
        r = self.rules
        return (self.pack, r.twelve_values, r.framed_pair_21, r.blots, r.bet_first, r.aluvun, r.elvaroon_raise,
                r.banker_must_reach, self.room, self.raise_room)

    def totals(self, hand: tuple) -> set[int]:
        base = sum(rank * c for rank, c in zip(RANKS[:11], hand[:11], strict=True))
        sums = {base}
        for _ in range(hand[_TWELVE]):
            sums = {s + v for s in sums for v in self.rules.twelve_values}
        return sums

    def value(self, hand: tuple) -> int:
        """quitlok.hand.hand_value for a hand given as counts (a framed first pair is a two-card hand)."""
        found = self._values.get(hand)
        if found is None:
            if self.rules.framed_pair_21 and sum(hand) == 2 and hand[1] + hand[_ELEVEN] == 2:
                found = 21
            else:
                sums = self.totals(hand)
                fitting = [t for t in sums if t <= 21]
                found = max(fitting) if fitting else min(sums)
            self._values[hand] = found
        return found

    def can_call_aluvun(self, hand: tuple) -> bool:
        lone_11 = sum(hand) == 1 and hand[_ELEVEN] == 1 and self.rules.framed_pair_21
        return self.rules.aluvun and not lone_11 and 11 in self.totals(hand)


@dataclass
class _Node:
    key: tuple
    depth: int
    mode: str  # "first" (bet or stay out), "decide", "resolve" (a protected 11 came)
    stake: int
    room: int
    kept: tuple  # the player's face-up cards he kept
    rejected: int  # 11s thrown in face up
    hidden_11: bool = False  # resolve: the pending 11 is face down
    rows: dict = field(default_factory=dict)  # x (hidden counts) -> temporary row id


class Tree:
    """The public tree of one Game, flattened into arrays (rows: a public history and the player's face-down
    cards; slots: a row's legal actions; banker nodes: histories where the player stayed with a stake)."""

    def __init__(self, game: Game, layout: str | None = None) -> None:
        started = time.perf_counter()
        self.game = game
        #: the banker's side: "dense" (a column for every multiset of his cards, one matrix row per history and
        #: hidden hand: Kvitlach's shipped layout) or "grouped" (quitlok.solve_grouped: histories that share a deck
        #: share a matrix; what Quitlok needs). By default grouped, but dense for bet-first rules.
        self.layout = layout or ("dense" if game.rules.bet_first else "grouped")
        if self.layout not in ("dense", "grouped"):
            raise InvalidSetup(f"the banker's layout is 'dense' or 'grouped', not {layout!r}")
        g = game
        self.nodes: list[_Node] = []
        self._node_of: dict[tuple, int] = {}
        self._by_depth: dict[int, list[int]] = {}
        self._tmp_rows: list[tuple[int, tuple]] = []  # temporary id -> (node, x)
        # filled while expanding, in final (depth) order
        self.row_node: list[int] = []
        self.row_x: list[tuple] = []
        final_of: dict[int, int] = {}
        self.row_slot_start: list[int] = []
        self.slot_row: list[int] = []
        self.slot_action: list[int] = []
        self.slot_const: list[float] = []
        edges: list[tuple[int, int, float]] = []  # slot, temporary child row, p
        bank_edges: list[tuple[int, int]] = []  # slot, bank row
        self.bank_nodes: list[dict] = []
        self._bank_of: dict[tuple, int] = {}
        self.bank_row_node: list[int] = []
        self.bank_row_x: list[tuple] = []
        self.bank_row_value: list[int] = []
        self.root_rows: list[tuple[int, float]] = []

        full = sum(g.pack)
        first = _Node((), 0, "first" if g.rules.bet_first else "decide", 0, 0 if g.rules.bet_first else g.room,
                      (0,) * 12, 0)
        self._add_node(first)
        for rank in RANKS:
            if g.pack[rank - 1]:
                x = _add((0,) * 12, rank)
                self.root_rows.append((self._row(0, x), g.pack[rank - 1] / full))

        depth = 0
        while depth in self._by_depth:
            for node_id in self._by_depth[depth]:
                node = self.nodes[node_id]
                for x, tmp in node.rows.items():
                    final_of[tmp] = len(self.row_node)
                    self.row_node.append(node_id)
                    self.row_x.append(x)
                    self.row_slot_start.append(len(self.slot_row))
                    for action, outcomes, const, bank in self._expand(node, x):
                        slot = len(self.slot_row)
                        self.slot_row.append(final_of[tmp])
                        self.slot_action.append(PLAYER_ACTIONS.index(action))
                        self.slot_const.append(const)
                        edges.extend((slot, child, p) for child, p in outcomes)
                        if bank is not None:
                            bank_edges.append((slot, bank))
            depth += 1
        self.n_rows = len(self.row_node)
        self.row_slot_start.append(len(self.slot_row))
        self.n_slots = len(self.slot_row)
        self.row_depth = np.array([self.nodes[n].depth for n in self.row_node])
        self.slot_row_a = np.array(self.slot_row, dtype=np.int64)
        self.slot_const_a = np.array(self.slot_const)
        self.row_start = np.array(self.row_slot_start[:-1], dtype=np.int64)
        e = np.array(edges, dtype=np.float64).reshape(-1, 3)
        self.edge_slot = e[:, 0].astype(np.int64)
        self.edge_child = np.array([final_of[int(t)] for t in e[:, 1]], dtype=np.int64)
        self.edge_p = e[:, 2]
        b = np.array(bank_edges, dtype=np.int64).reshape(-1, 2)
        self.bank_slot, self.bank_row = b[:, 0], b[:, 1]
        self.root = np.array([final_of[t] for t, _ in self.root_rows], dtype=np.int64)
        self.root_p = np.array([p for _, p in self.root_rows])
        # per depth: the rows, slots and edges that leave it (rows and slots are in depth order)
        self.depths = int(self.row_depth.max()) + 1
        row_bounds = np.searchsorted(self.row_depth, np.arange(self.depths + 1))
        self.depth_rows = [(int(row_bounds[d]), int(row_bounds[d + 1])) for d in range(self.depths)]
        starts = np.array(self.row_slot_start, dtype=np.int64)
        self.depth_slots = [(int(starts[a]), int(starts[b])) for a, b in self.depth_rows]
        order = np.argsort(self.edge_slot, kind="stable")
        self.edge_slot, self.edge_child, self.edge_p = self.edge_slot[order], self.edge_child[order], \
            self.edge_p[order]
        ebounds = np.searchsorted(self.edge_slot, [s for pair in self.depth_slots for s in pair])
        self.depth_edges = [(int(ebounds[2 * d]), int(ebounds[2 * d + 1])) for d in range(self.depths)]
        self.slot_action_a = np.array(self.slot_action, dtype=np.int64)
        self.slot_count = np.diff(starts)
        # chance reach of every row (summed over the paths that merge in it)
        reach = np.zeros(self.n_rows)
        reach[self.root] = self.root_p
        for d in range(self.depths):
            a, b = self.depth_edges[d]
            s = self.edge_slot[a:b]
            reach += np.bincount(self.edge_child[a:b], reach[self.slot_row_a[s]] * self.edge_p[a:b],
                                 minlength=self.n_rows)
        self.chance_reach = reach
        if self.layout == "grouped":
            from quitlok.solve_grouped import GroupedBanker
            self.grouped = GroupedBanker(self)
            self.n_bank, self.n_bank_rows = self.grouped.n_bank, self.grouped.n_bank_rows
        else:
            self.grouped = None
            self._build_banker()
        del self._tmp_rows, self.slot_row, self.slot_const, self.slot_action
        self.build_seconds = time.perf_counter() - started

    # --- building the player's side ------------------------------------------------------------------

    def _add_node(self, node: _Node) -> int:
        found = self._node_of.get(node.key)
        if found is not None:
            return found
        self._node_of[node.key] = len(self.nodes)
        self.nodes.append(node)
        self._by_depth.setdefault(node.depth, []).append(len(self.nodes) - 1)
        return len(self.nodes) - 1

    def _row(self, node_id: int, x: tuple) -> int:
        node = self.nodes[node_id]
        found = node.rows.get(x)
        if found is None:
            found = node.rows[x] = len(self._tmp_rows)
            self._tmp_rows.append((node_id, x))
        return found

    def _deck(self, node: _Node, x: tuple) -> tuple:
        deck = [p - k - h for p, k, h in zip(self.game.pack, node.kept, x, strict=True)]
        deck[_ELEVEN] -= node.rejected
        return tuple(deck)

    def _hand(self, node: _Node, x: tuple) -> tuple:
        return tuple(a + b for a, b in zip(node.kept, x, strict=True))

    def _expand(self, node: _Node, x: tuple) -> list[tuple[str, list, float, int | None]]:
        """Every legal action of row (node, x): (action, [(temporary child row, p)], constant, bank row)."""
        g = self.game
        deck = self._deck(node, x)
        can_draw = sum(deck) >= 2  # one card stays for the banker
        d = node.depth
        actions = []
        if node.mode == "first":
            child = self._add_node(_Node(node.key + ("bet",), d + 1, "decide", g.room, g.raise_room, node.kept,
                                         node.rejected))
            actions.append(("bet", [(self._row(child, x), 1.0)], 0.0, None))
            actions.append(("out", [], 0.0, None))
            return actions
        if node.mode == "resolve":
            # keep: the 11 counts in the hand; reject: it is thrown in face up and the next card stands
            keep_key = node.key[:-1] + ("on",) if node.hidden_11 else node.key + ("keep",)
            const, outs = self._land(node, x, 11, keep_key, d + 1, public=not node.hidden_11)
            actions.append(("keep", outs, const, None))
            rejected = _Node(node.key + ("reject",), d, "decide", node.stake, node.room, node.kept,
                             node.rejected + 1)
            if sum(deck) - 1 >= 2:
                actions.append(("reject", *self._draw(rejected, x, rejected.key, d + 1,
                                                      hidden=node.hidden_11, protected=False), None))
            return actions
        hand = self._hand(node, x)
        aluvun = g.can_call_aluvun(hand)
        stake = node.stake
        if stake:
            actions.append(("stay", [], 0.0, self._bank_row(node, x)))
        else:
            actions.append(("stay", [], 0.0, None))
        if not can_draw:
            return actions
        moves = []
        if g.rules.bet_first:
            moves.append(("draw", stake, node.room, True, False))
            if aluvun:
                moves.append((Move.DRAW_ALUVUN, stake, node.room, True, True))
                if g.rules.elvaroon_raise and node.room:
                    moves.append((Move.RAISE_ALUVUN, stake + node.room, 0, True, True))
        else:
            if g.rules.blots:
                moves.append(("blot", stake, node.room, False, False))
            if node.room:
                moves.append(("bet", stake + node.room, 0, True, False))
            if aluvun and g.rules.blots:
                moves.append((Move.BLOT_ALUVUN, stake, node.room, False, True))
            if aluvun and node.room:
                moves.append((Move.BET_ALUVUN, stake + node.room, 0, True, True))
        for name, new_stake, new_room, hidden, protected in moves:
            after = _Node(node.key + (name,), d, "decide", new_stake, new_room, node.kept, node.rejected)
            outs, const = self._draw(after, x, after.key, d + 1, hidden=hidden, protected=protected)
            actions.append((name, outs, const, None))
        return actions

    def _draw(self, node: _Node, x: tuple, prefix: tuple, depth: int, *, hidden: bool,
              protected: bool) -> tuple[list, float]:
        """A card from `node`'s deck for row x (stake and room already those after the action): its children
        and the constant part (busts and 21s, weighted by their chances)."""
        deck = self._deck(node, x)
        size = sum(deck)
        outs, const = [], 0.0
        for rank in RANKS:
            c = deck[rank - 1]
            if not c:
                continue
            p = c / size
            key = prefix if hidden else prefix + (rank,)
            if protected and rank == 11:
                resolve = self._add_node(_Node(key + ("11?",) if hidden else key, depth, "resolve", node.stake,
                                               node.room, node.kept, node.rejected, hidden_11=hidden))
                outs.append((self._row(resolve, x), p))
                continue
            # an ordinary card: it lands (after a protected draw, past the resolve step: depth + 1)
            land_key = key + ("on",) if (protected and hidden) else key
            k, o = self._land(node, x, rank, land_key, depth + (1 if protected and hidden else 0),
                              public=not hidden)
            const += p * k
            outs.extend((child, p * q) for child, q in o)
        return outs, const

    def _land(self, node: _Node, x: tuple, rank: int, key: tuple, depth: int, *, public: bool) -> tuple:
        """The card `rank` joins the hand: bust loses the stake, 21 wins it, else a decision row."""
        kept = _add(node.kept, rank) if public else node.kept
        x2 = x if public else _add(x, rank)
        value = self.game.value(tuple(a + b for a, b in zip(kept, x2, strict=True)))
        if value > 21:
            return -node.stake, []
        if value == 21:
            return node.stake, []
        child = self._add_node(_Node(key, depth, "decide", node.stake, node.room, kept, node.rejected))
        return 0.0, [(self._row(child, x2), 1.0)]

    def _bank_row(self, node: _Node, x: tuple) -> int:
        key = node.key + ("stay",)
        t = self._bank_of.get(key)
        if t is None:
            t = self._bank_of[key] = len(self.bank_nodes)
            self.bank_nodes.append({"key": key, "kept": node.kept, "rejected": node.rejected, "stake": node.stake,
                                    "rows": []})
        row = len(self.bank_row_node)
        self.bank_nodes[t]["rows"].append(row)
        self.bank_row_node.append(t)
        self.bank_row_x.append(x)
        self.bank_row_value.append(self.game.value(self._hand(node, x)))
        return row

    # --- the banker's side ---------------------------------------------------------------------------

    def _build_banker(self) -> None:
        g = self.game
        must = g.rules.banker_must_reach or 0
        states: list[tuple] = [(0,) * 12]
        index = {states[0]: 0}
        kinds: list[str] = []
        i = 0
        while i < len(states):
            s = states[i]
            n = sum(s)
            v = g.value(s) if n else 0
            if n and v > 21:
                kind = "bust"
            elif n and v == 21:
                kind = "21"
            elif n and v >= 20:
                kind = "stand"
            elif n == 0 or v < must:
                kind = "forced"
            else:
                kind = "decide"
            kinds.append(kind)
            if kind in ("forced", "decide"):
                for rank in RANKS:
                    if s[rank - 1] < g.pack[rank - 1]:
                        t = _add(s, rank)
                        if t not in index:
                            index[t] = len(states)
                            states.append(t)
            i += 1
        # order by number of cards (a child is one card larger)
        order = sorted(range(len(states)), key=lambda k: sum(states[k]))
        states = [states[k] for k in order]
        kinds = [kinds[k] for k in order]
        index = {s: k for k, s in enumerate(states)}
        self.b_states = states
        self.b_kind = np.array([["forced", "decide", "stand", "21", "bust"].index(k) for k in kinds])
        S = len(states)
        self.b_S = S
        smat = np.array(states, dtype=np.int64)
        self.b_smat = smat
        self.b_size = smat.sum(axis=1)
        values = np.array([g.value(s) if sum(s) else 0 for s in states])
        cls = np.where(self.b_kind == 4, _BUST, np.where(self.b_kind == 3, _B21, np.minimum(values, 20)))
        self.b_class = cls
        self.b_value = values
        # children: (S, 12), S (a dummy zero state) where there is none
        child = np.full((S, 12), S, dtype=np.int64)
        for k, s in enumerate(states):
            if kinds[k] in ("forced", "decide"):
                for rank in RANKS:
                    t = index.get(_add(s, rank)) if s[rank - 1] < g.pack[rank - 1] else None
                    if t is not None:
                        child[k, rank - 1] = t
        self.b_child = child
        self.b_levels = [np.flatnonzero(self.b_size == n) for n in range(int(self.b_size.max()) + 1)]
        self.b_decide = np.flatnonzero(self.b_kind == 1)
        # per bank node: the deck and its rows; M[s, col] = P(the banker draws s in one given order | the row's
        # hidden cards), one column per bank row, the columns grouped by (bank node, the player's value)
        longest = max(g.pack) + 1
        ff = np.zeros((longest + 1, longest + 1))  # ff[a, k] = a (a-1) ... (a-k+1)
        for a in range(longest + 1):
            for k in range(longest + 1):
                ff[a, k] = float(np.prod(np.arange(a, a - k, -1))) if k <= a else 0.0
        T = self.n_bank = len(self.bank_nodes)
        self.n_bank_rows = len(self.bank_row_node)
        vp_all = np.array(self.bank_row_value, dtype=np.int64)
        node_all = np.array(self.bank_row_node, dtype=np.int64)
        cols = np.lexsort((vp_all, node_all))  # bank rows ordered by (node, value)
        self.b_col_row = cols
        group_key = node_all[cols] * 22 + vp_all[cols]
        starts = np.flatnonzero(np.r_[True, group_key[1:] != group_key[:-1]])
        self.b_group_start = starts
        self.b_group_t = node_all[cols][starts]
        self.b_group_v = vp_all[cols][starts]
        self.b_col_value = vp_all[cols]
        self.b_col_group = np.cumsum(np.r_[0, (group_key[1:] != group_key[:-1]).astype(np.int64)])
        # M's columns are the banker's states ordered by class (his final total, 21, bust): b_by_class
        self.b_by_class = np.argsort(self.b_class, kind="stable")
        self.b_from_class = np.argsort(self.b_by_class)
        bounds = np.searchsorted(self.b_class[self.b_by_class], np.arange(_CLASSES + 1))
        self.b_class_cols = [(int(bounds[k]), int(bounds[k + 1])) for k in range(_CLASSES)]
        M = np.empty((len(cols), S))  # one row per bank row (column of the text above): blocks per node
        self.b_stake = np.array([node["stake"] for node in self.bank_nodes], dtype=np.float64)
        self.b_can_draw = np.zeros((T, S), dtype=bool)
        size_cache: dict[int, np.ndarray] = {}
        node_cols = np.searchsorted(node_all[cols], np.arange(T + 1))
        for t, node in enumerate(self.bank_nodes):
            lo, hi = node_cols[t], node_cols[t + 1]
            rows = cols[lo:hi]
            deck = np.array([p - k for p, k in zip(g.pack, node["kept"], strict=True)], dtype=np.int64)
            deck[_ELEVEN] -= node["rejected"]
            xs = np.array([self.bank_row_x[r] for r in rows], dtype=np.int64)
            left = deck[None, :] - xs
            m = np.ones((S, len(rows)))
            for r in range(12):
                m *= ff[left[None, :, r], smat[:, None, r]]
            size = int(deck.sum()) - int(xs[0].sum())
            if size not in size_cache:
                size_cache[size] = np.array([float(np.prod(np.arange(size, size - k, -1))) if k <= size
                                             else np.inf for k in range(int(self.b_size.max()) + 1)])
            M[lo:hi] = (m / size_cache[size][self.b_size][:, None]).T[:, self.b_by_class]
            self.b_can_draw[t] = self.b_size < size
        self.b_M = M
        self.b_node_cols = node_cols
        # the payoff to the player of a hand worth v against each banker class
        v = np.arange(22)[:, None]
        c = np.arange(_CLASSES)[None, :]
        self.b_payoff = np.where(c == _BUST, 1.0, np.where(c == _B21, -1.0, np.where(v > c, 1.0, -1.0)))

    def fingerprint(self) -> str:
        """A short digest of the tree's shape: saved strategies are read back only into the same tree."""
        shape = self.b_S if self.grouped is None else ("grouped", self.grouped.n_slots)
        h = hashlib.sha256(repr((self.game.key, self.n_rows, self.n_slots, self.n_bank, self.n_bank_rows,
                                 shape)).encode())
        h.update(self.slot_action_a.tobytes())
        h.update(self.edge_child.tobytes())
        return h.hexdigest()[:16]

    # --- evaluation --------------------------------------------------------------------------------

    def player_reach(self, sigma: np.ndarray) -> np.ndarray:
        """Each row's chance x player reach (summed over merged paths)."""
        reach = np.zeros(self.n_rows)
        reach[self.root] = self.root_p
        for d in range(self.depths):
            a, b = self.depth_edges[d]
            s = self.edge_slot[a:b]
            reach += np.bincount(self.edge_child[a:b], reach[self.slot_row_a[s]] * sigma[s] * self.edge_p[a:b],
                                 minlength=self.n_rows)
        return reach

    def bank_weights(self, sigma: np.ndarray, reach: np.ndarray) -> np.ndarray:
        """q(x) at each bank row: the chance that the player holds x and stays there."""
        q = np.zeros(self.n_bank_rows)
        q[self.bank_row] = reach[self.slot_row_a[self.bank_slot]] * sigma[self.bank_slot]
        return q

    def bank_values(self, banker: np.ndarray) -> np.ndarray:
        """The player's expected result at each bank row (per unit of reaching it) under banker strategy
        `banker` (an (n_bank, S) array: the chance of standing at each decision state)."""
        if self.grouped is not None:
            return self.grouped.bank_values(banker)
        omega = (self._banker_reach(banker) * self._stand_prob(banker))[:, self.b_by_class]  # (T, S) by class
        # per node and class: (X_t, S_k) @ (S_k,), then the payoff of each column's value against the class
        per_col = np.empty(self.n_bank_rows)
        vp = self.b_col_value
        for t in range(self.n_bank):
            lo, hi = self.b_node_cols[t], self.b_node_cols[t + 1]
            m = self.b_M[lo:hi]
            acc = np.zeros(hi - lo)
            for k, (a, b) in enumerate(self.b_class_cols):
                if a != b:
                    acc += (m[:, a:b] @ omega[t, a:b]) * self.b_payoff[vp[lo:hi], k]
            per_col[lo:hi] = self.b_stake[t] * acc
        out = np.zeros(self.n_bank_rows)
        out[self.b_col_row] = per_col
        return out

    def _stand_prob(self, stand: np.ndarray) -> np.ndarray:
        """The chance of standing at every banker state of every bank node (forced: 0 or 1)."""
        if self.grouped is not None:
            return self.grouped.stand_prob(stand)
        kind = self.b_kind[None, :]
        p = np.where(kind >= 2, 1.0, np.where(kind == 0, 0.0, stand))
        return np.where(self.b_can_draw, p, 1.0)

    def _banker_reach(self, stand: np.ndarray) -> np.ndarray:
        """The banker's own reach of each state of each bank node, summed over the orders of its cards."""
        if self.grouped is not None:
            return self.grouped.reach(stand)
        p = self._stand_prob(stand)
        rho = np.zeros((self.n_bank, self.b_S + 1))
        rho[:, 0] = 1.0
        for level in self.b_levels:
            go = rho[:, level] * (1 - p[:, level])
            for r in range(12):
                rho[:, self.b_child[level, r]] += go  # distinct children for one rank (the dummy aside)
        return rho[:, :-1]

    def banker_cfv(self, q: np.ndarray, stand: np.ndarray | None) -> tuple:
        """Bottom-up over every bank node's banker states against bank-row weights q: (value of each state
        under `stand`, value of standing there, value of drawing there), each (T, S), as the player's expected
        result weighted by the chance of reaching it. With `stand` None, the banker's best response (min)."""
        if self.grouped is not None:
            return self.grouped.cfv(q, stand)
        qc = q[self.b_col_row]
        vp = self.b_col_value
        stand_val = np.empty((self.n_bank, self.b_S))
        for t in range(self.n_bank):
            lo, hi = self.b_node_cols[t], self.b_node_cols[t + 1]
            m = self.b_M[lo:hi]
            qt, vt = qc[lo:hi], vp[lo:hi]
            total = qt @ m
            sv = stand_val[t]
            for k, (a, b) in enumerate(self.b_class_cols):
                if a == b:
                    continue
                if k == _BUST:
                    sv[a:b] = total[a:b]
                elif k == _B21:
                    sv[a:b] = -total[a:b]
                else:  # he stands on k: the player wins with more, loses with k or less
                    sv[a:b] = total[a:b] - 2 * (np.where(vt <= k, qt, 0.0) @ m[:, a:b])
        stand_val = stand_val[:, self.b_from_class]
        stand_val *= self.b_stake[:, None]
        kind = self.b_kind
        can = self.b_can_draw
        p = self._stand_prob(stand if stand is not None else np.zeros((self.n_bank, self.b_S)))
        cfv = np.zeros((self.n_bank, self.b_S + 1))
        draw_val = np.zeros((self.n_bank, self.b_S))
        for level in reversed(self.b_levels):
            dv = cfv[:, self.b_child[level]].sum(axis=2)
            draw_val[:, level] = dv
            sv = stand_val[:, level]
            if stand is None:
                best = np.where(kind[level] == 1, np.minimum(sv, dv), np.where(kind[level] == 0, dv, sv))
                cfv[:, level] = np.where(can[:, level], best, sv)
            else:
                cfv[:, level] = p[:, level] * sv + (1 - p[:, level]) * dv
        return cfv[:, :-1], stand_val, draw_val

    def evaluate(self, sigma: np.ndarray, bank_vals: np.ndarray, *, best: bool = False) -> tuple:
        """Backward pass: (row values, slot values, game value). With best=True the player plays his best
        response (max over his legal actions) instead of sigma."""
        value = np.zeros(self.n_rows)
        slotval = np.zeros(self.n_slots)
        bank_part = np.zeros(self.n_slots)
        bank_part[self.bank_slot] = bank_vals[self.bank_row]
        for d in reversed(range(self.depths)):
            a, b = self.depth_slots[d]
            ea, eb = self.depth_edges[d]
            sv = self.slot_const_a[a:b] + bank_part[a:b]
            sv += np.bincount(self.edge_slot[ea:eb] - a, self.edge_p[ea:eb] * value[self.edge_child[ea:eb]],
                              minlength=b - a)
            slotval[a:b] = sv
            ra, rb = self.depth_rows[d]
            starts = self.row_start[ra:rb] - a
            if best:
                value[ra:rb] = np.maximum.reduceat(sv, starts)
            else:
                value[ra:rb] = np.add.reduceat(sv * sigma[a:b], starts)
        return value, slotval, float(value[self.root] @ self.root_p)

    def uniform_player(self) -> np.ndarray:
        return 1.0 / self.slot_count[self.slot_row_a]

    def uniform_banker(self) -> np.ndarray:
        if self.grouped is not None:
            return self.grouped.uniform()
        return np.full((self.n_bank, self.b_S), 0.5)

    def banker_stands_on(self, total: int) -> np.ndarray:
        """The banker who stands on `total` or more wherever he may choose, as a strategy in this tree's layout."""
        if self.grouped is not None:
            return self.grouped.stands_on(total)
        stand = (np.asarray(self.b_value) >= total).astype(float)
        return np.broadcast_to(stand, (self.n_bank, self.b_S)).copy()

    def banker_positions(self, player: np.ndarray, banker: np.ndarray, mixed: tuple[float, float] | None = None):
        """Every banker decision where he chooses, with how often a hand reaches it (both sides on the given
        strategies): [(history t, his cards as counts, his total, his chance of standing, weight)]. With `mixed`
        (low, high), only those reached (weight above 1e-12) where his chance of standing lies strictly between."""
        reach_p = self.player_reach(player)
        q = self.bank_weights(player, reach_p)
        stand = self._stand_prob(banker)
        out = []
        if self.grouped is not None:
            gb = self.grouped
            weight = gb.weights(q, banker)
            keep = ~(gb.forced | gb.cannot)
            if mixed is not None:
                keep &= (weight > 1e-12) & (stand > mixed[0]) & (stand < mixed[1])
            offsets = np.array([grp.offset for grp in gb.groups])
            for k in np.flatnonzero(keep):
                grp = gb.groups[int(np.searchsorted(offsets, k, side="right")) - 1]
                state, t_local = divmod(int(k) - grp.offset, len(grp.nodes))
                out.append((int(grp.nodes[t_local]), grp.states[state], int(grp.value[state]), float(stand[k]),
                            float(weight[k])))
            return out
        qc = q[self.b_col_row]
        reach_b = self._banker_reach(banker)
        for t in range(self.n_bank):
            lo, hi = self.b_node_cols[t], self.b_node_cols[t + 1]
            w = (qc[lo:hi] @ self.b_M[lo:hi])[self.b_from_class] * reach_b[t]
            for k in self.b_decide:
                if mixed is None or (w[k] > 1e-12 and mixed[0] < stand[t, k] < mixed[1]):
                    out.append((t, self.b_states[k], int(self.b_value[k]), float(stand[t, k]), float(w[k])))
        return out


# --- best responses and exploitability ---------------------------------------------------------------


def strategy_value(tree: Tree, player: np.ndarray, banker: np.ndarray) -> float:
    """The player's expected result of one hand when both follow the given strategies."""
    return tree.evaluate(player, tree.bank_values(banker))[2]


def best_responses(tree: Tree, player: np.ndarray, banker: np.ndarray) -> dict:
    """Exact best responses: the player's best result against `banker`, and the banker's best (lowest for the
    player) against `player`; their difference is the pair's exploitability (NashConv, >= 0)."""
    _, _, player_best = tree.evaluate(player, tree.bank_values(banker), best=True)
    reach = tree.player_reach(player)
    q = tree.bank_weights(player, reach)
    _, stand_val, draw_val = tree.banker_cfv(q, None)
    br = (stand_val <= draw_val).astype(float)  # ties: stand
    banker_best = tree.evaluate(player, tree.bank_values(br))[2]
    return {"player_best": player_best, "banker_best": banker_best,
            "exploitability": player_best - banker_best, "banker_response": br}


# --- CFR+ ----------------------------------------------------------------------------------------------


@dataclass
class Solution:
    """An equilibrium (approximate to `exploitability`): the average strategies of CFR+ and their checks."""

    tree: Tree
    player: np.ndarray  # chance of each slot's action, per row
    banker: np.ndarray  # (bank nodes, banker states): chance of standing
    value: float  # the player's expected result with both strategies
    player_best: float  # the player's best response against `banker`
    banker_best: float  # the banker's best response against `player`
    iterations: int = 0
    seconds: float = 0.0
    picked: str = "averages"  # which strategies (solve's pick: the average or the last iterate, per side)

    @property
    def exploitability(self) -> float:
        return self.player_best - self.banker_best

    # lookups

    @cached_property
    def _node_index(self) -> dict:
        return {node.key: k for k, node in enumerate(self.tree.nodes)}

    @cached_property
    def _row_index(self) -> dict:
        return {(self.tree.row_node[r], self.tree.row_x[r]): r for r in range(self.tree.n_rows)}

    def player_strategy(self, history: Iterable, hidden: Iterable[int]) -> dict[str, float]:
        """The player's mixed action at a public history (its events, as in the tree's keys: action names
        and the ranks of face-up cards) holding the face-down cards `hidden`: {action: probability}."""
        x = (0,) * 12
        for card in hidden:
            x = _add(x, card)
        node = self._node_index.get(tuple(history))
        row = None if node is None else self._row_index.get((node, x))
        if row is None:
            raise InvalidCards("no such position in this game")
        a, b = self.tree.row_slot_start[row], self.tree.row_slot_start[row + 1]
        return {PLAYER_ACTIONS[int(self.tree.slot_action_a[s])]: float(self.player[s]) for s in range(a, b)}

    def banker_strategy(self, history: Iterable, banker_cards: Iterable[int]) -> float:
        """The chance that the banker stands holding `banker_cards` after public history `history` (ending
        with "stay"); 1.0 where the rules or a sure win make him stand, 0.0 where they make him draw."""
        t = self.tree._bank_of.get(tuple(history))
        s = (0,) * 12
        for card in banker_cards:
            s = _add(s, card)
        if t is not None and self.tree.grouped is not None:
            k = self.tree.grouped.slot(t, s)
            if k is not None:
                return float(self.tree._stand_prob(self.banker)[k])
            if sum(s) and self.tree.game.value(s) <= 21:
                return 1.0  # 20: he stands (a terminal state of the grouped layout)
            raise InvalidCards("no such banker position in this game")
        k = {st: i for i, st in enumerate(self.tree.b_states)}.get(s)
        if t is None or k is None:
            raise InvalidCards("no such banker position in this game")
        return float(self.tree._stand_prob(self.banker)[t, k])

    def mixed_banker_positions(self, tolerance: float = 1e-4) -> list[tuple[tuple, tuple, float]]:
        """Banker positions reached with some chance where he mixes: (history, his cards, chance of standing)."""
        out = []
        for t, state, _total, p, _weight in self.tree.banker_positions(self.player, self.banker,
                                                                       (tolerance, 1 - tolerance)):
            cards = tuple(r for r in RANKS for _ in range(state[r - 1]))
            out.append((self.tree.bank_nodes[t]["key"], cards, p))
        return out


def _regret_match(regret: np.ndarray, rows: np.ndarray, starts: np.ndarray, counts: np.ndarray) -> np.ndarray:
    total = np.add.reduceat(regret, starts)
    per = total[rows]
    uniform = 1.0 / counts[rows]
    return np.where(per > 0, regret / np.where(per > 0, per, 1.0), uniform)


def _accumulate(regret: np.ndarray, gain: np.ndarray, predictive: bool, discount: tuple | None) -> np.ndarray:
    """Add one pass's regrets `gain` to `regret` (in place) and return the regrets to match: regret matching+
    floors the sum at 0 (discount None); discounted CFR first multiplies the positive regrets by discount[0] and the
    negative ones by discount[1] and keeps them signed. Predictive: the gain counts once more in what is matched."""
    if discount is not None:
        regret *= np.where(regret > 0, discount[0], discount[1])
    regret += gain
    if discount is None:
        np.maximum(regret, 0.0, out=regret)
    if predictive:
        return np.maximum(regret + gain, 0.0)
    return regret if discount is None else np.maximum(regret, 0.0)


#: the methods of `solve` (and of tools/solve_kvitlach.py, tools/solve_quitlok.py)
METHODS = ("cfr+", "pcfr+", "dcfr")


def solve(game: Game | Tree, iterations: int = 1000, *, target: float = 0.0, check_every: int = 50,
          progress=None, keep: dict | None = None, predictive: bool = False, power: float = 1.0,
          method: str | None = None, alpha: float = 1.5, beta: float = 0.0, pick: bool = False,
          player_passes: int = 1) -> Solution:
    """CFR for `iterations` (or until the exploitability is at most `target`, checked every `check_every`
    iterations), then exact best responses against the average strategies (or the picked ones: `pick`).

    `method`: "cfr+" (regret matching+, alternating updates; the default), "pcfr+" (predictive CFR+, Farina, Kroer
    and Sandholm 2021: the next strategy counts the last pass's regrets once more; the same as predictive=True) or
    "dcfr" (discounted CFR, Brown and Sandholm 2019: before each pass t the accumulated regrets are multiplied by
    t^alpha / (t^alpha + 1) where positive and t^beta / (t^beta + 1) where negative, not floored). The averages weigh
    pass t by t**power (discounted CFR's gamma).

    `pick`: at each check each side's strategy is chosen between its average and its last iterate (the current
    strategy), and kept over the checks, by how little the other side's best response gets against it: the
    exploitability is the player's best result against the banker minus the banker's best against the player, the
    first depends on the banker's strategy alone and the second on the player's, so each side is chosen on its own
    and the pair is never worse than the averages (predictive CFR+'s last iterate may be far better than its
    average: docs/solving.md).

    `player_passes`: the player's regrets are updated that many times against each strategy of the banker (one
    banker update an iteration; the player's discounts and average weights count his own passes). On most small
    Quitlok packs tried the player's strategy is the one that lags (the banker's picked strategy is near the value long
    before the player's), and a pass of the player alone costs little beside the banker's side (on the full 24-card
    pack about 1% of an iteration): 4 passes give 4 to 80 times less exploitability at equal iterations on 9- to
    16-card packs, 1.7 times on one 16-card pack where neither side lags (docs/solving.md)."""
    if not isinstance(player_passes, int) or player_passes < 1:
        raise InvalidSetup(f"player_passes is a whole number of at least 1, not {player_passes!r}")
    started = time.perf_counter()
    tree = game if isinstance(game, Tree) else Tree(game)
    if method is None:
        method = "pcfr+" if predictive else "cfr+"
    if method not in METHODS:
        raise InvalidSetup(f"the method is one of {', '.join(METHODS)}, not {method!r}")
    predictive = method == "pcfr+"
    rows_of_slot = tree.slot_row_a
    starts = tree.row_start
    counts = tree.slot_count
    regret_p = np.zeros(tree.n_slots)
    sigma_p = tree.uniform_player()
    avg_p = np.zeros(tree.n_slots)
    # the banker: regrets of standing and drawing at every (node, state)
    stand = tree.uniform_banker()
    regret_s = np.zeros_like(stand)
    regret_d = np.zeros_like(stand)
    avg_stand = np.zeros_like(stand)
    avg_weight = np.zeros_like(stand)
    avg_p_weight = np.zeros(tree.n_slots)
    result = None
    weight_sum = 0.0
    best_p = best_b = None  # pick: (the other side's best response against it, strategy, which) per side
    done = 0
    player_pass = 0  # the player's passes so far (player_passes a banker's pass)
    p_weight_sum = 0.0
    for it in range(1, iterations + 1):
        discount = None
        if method == "dcfr":
            discount = (it ** alpha / (it ** alpha + 1.0), it ** beta / (it ** beta + 1.0))
        # the player: regrets against the banker's current strategy (player_passes times: the banker's values are
        # computed once, so a pass of the player alone costs little beside the banker's side)
        bank_vals = tree.bank_values(stand)
        for _ in range(player_passes):
            player_pass += 1
            pt = player_pass
            p_discount = None
            if method == "dcfr":
                p_discount = (pt ** alpha / (pt ** alpha + 1.0), pt ** beta / (pt ** beta + 1.0))
            value, slotval, _ = tree.evaluate(sigma_p, bank_vals)
            gain = tree.chance_reach[rows_of_slot] * (slotval - value[rows_of_slot])
            sigma_p = _regret_match(_accumulate(regret_p, gain, predictive, p_discount), rows_of_slot, starts,
                                    counts)
            reach = tree.player_reach(sigma_p)
            p_weight = float(pt) ** power
            p_weight_sum += p_weight
            avg_p += p_weight * reach[rows_of_slot] * sigma_p
            avg_p_weight += p_weight * reach[rows_of_slot]
        weight = float(it) ** power
        weight_sum += weight
        # the banker: regrets against the player's new strategy (he lowers the player's result)
        q = tree.bank_weights(sigma_p, reach)
        if tree.grouped is not None:  # the same update, group by group (quitlok.solve_grouped)
            stand = tree.grouped.cfr_update(q, stand, regret_s, regret_d, avg_stand, avg_weight, weight, predictive,
                                            discount)
        else:
            stand = _banker_update(tree, q, stand, regret_s, regret_d, avg_stand, avg_weight, weight, predictive,
                                   discount)
        done = it
        if (target and it % check_every == 0) or it == iterations:
            player, banker = _averages(tree, avg_p, avg_p_weight, avg_stand, avg_weight, sigma_p, stand)
            if pick:
                for strategy, which in _candidates(player, sigma_p, avg_p_weight / p_weight_sum,
                                                   tree.player_reach(sigma_p)[rows_of_slot]):
                    got = _banker_best(tree, strategy)
                    if best_p is None or got > best_p[0]:
                        best_p = (got, strategy.copy(), f"{which} at {it}")
                rho = tree.grouped.reach(stand) if tree.grouped is not None else tree._banker_reach(stand)
                for strategy, which in _candidates(banker, stand, avg_weight / weight_sum, rho):
                    got = _player_best(tree, strategy)
                    if best_b is None or got < best_b[0]:
                        best_b = (got, strategy.copy(), f"{which} at {it}")
                player, banker = best_p[1], best_b[1]
                br = {"player_best": best_b[0], "banker_best": best_p[0], "exploitability": best_b[0] - best_p[0]}
            else:
                br = best_responses(tree, player, banker)
            result = (player, banker, br)
            picked = f"player: {best_p[2]}, banker: {best_b[2]}" if pick else "averages"
            if keep is not None:  # what a caller that stops the run early keeps (tools/solve_quitlok.py)
                keep["solution"] = Solution(tree=tree, player=player, banker=banker,
                                            value=strategy_value(tree, player, banker),
                                            player_best=br["player_best"], banker_best=br["banker_best"],
                                            iterations=it, seconds=time.perf_counter() - started, picked=picked)
            if progress:  # (after the keep: a caller that stops the run here keeps this check's solution)
                progress(it, br["exploitability"], time.perf_counter() - started)
            if br["exploitability"] <= target:
                break
    player, banker, br = result
    return Solution(tree=tree, player=player, banker=banker, value=strategy_value(tree, player, banker),
                    player_best=br["player_best"], banker_best=br["banker_best"], iterations=done,
                    seconds=time.perf_counter() - started, picked=picked)


def _candidates(average: np.ndarray, last: np.ndarray, average_reach: np.ndarray, last_reach: np.ndarray):
    """The strategies `solve`'s pick chooses from: the average, the last iterate, and their even mix (as realization
    plans: the chance of each action weighed by how often each strategy reaches it; a behaviour strategy's own reach
    per slot, `average_reach` the averaged one)."""
    yield average, "average"
    yield last, "last"
    num = average_reach * average + last_reach * last
    den = average_reach + last_reach
    yield np.where(den > 0, num / np.where(den > 0, den, 1.0), last), "mix"


def _player_best(tree: Tree, banker: np.ndarray) -> float:
    """The player's best result against `banker` (best_responses' first half)."""
    return tree.evaluate(tree.uniform_player(), tree.bank_values(banker), best=True)[2]


def _banker_best(tree: Tree, player: np.ndarray) -> float:
    """The banker's best result (lowest for the player) against `player` (best_responses' second half)."""
    q = tree.bank_weights(player, tree.player_reach(player))
    _, stand_val, draw_val = tree.banker_cfv(q, None)
    return tree.evaluate(player, tree.bank_values((stand_val <= draw_val).astype(float)))[2]


def _banker_update(tree: Tree, q, stand, regret_s, regret_d, avg_stand, avg_weight, weight, predictive,
                   discount=None) -> np.ndarray:
    """One CFR+ update of the banker in the dense layout (in place: regrets, weighted averages)."""
    cfv, stand_val, draw_val = tree.banker_cfv(q, stand)
    ps = _accumulate(regret_s, cfv - stand_val, predictive, discount)
    pd = _accumulate(regret_d, cfv - draw_val, predictive, discount)
    tot = ps + pd
    stand = np.where(tot > 0, ps / np.where(tot > 0, tot, 1.0), 0.5)
    rho = tree._banker_reach(stand)
    avg_stand += weight * rho * stand
    avg_weight += weight * rho
    return stand


def _averages(tree: Tree, avg_p, avg_p_weight, avg_stand, avg_weight, sigma_p, stand) -> tuple:
    """The average strategies (where a row or state was never reached, the current one)."""
    player = np.where(avg_p_weight > 0, avg_p / np.where(avg_p_weight > 0, avg_p_weight, 1.0), sigma_p)
    banker = np.where(avg_weight > 0, avg_stand / np.where(avg_weight > 0, avg_weight, 1.0), stand)
    return player, banker


# --- shipping the strategies ---------------------------------------------------------------------------


def save(solution: Solution, path: str | Path) -> None:
    """The two strategies, compressed, with the tree's fingerprint. In the grouped layout (Quitlok: 34 million
    banker positions) the banker's strategy is kept only where he reaches the position himself (his own reach
    above 0): elsewhere it changes no result, neither the game's value nor either best response."""
    tree = solution.tree
    extra = {}
    if tree.grouped is None:
        extra["banker"] = solution.banker
    else:
        reached = tree.grouped.reach(solution.banker) > 0
        extra["banker_at"] = np.packbits(reached)
        extra["banker_p"] = solution.banker[reached]
    np.savez_compressed(path, player=solution.player, fingerprint=np.array(tree.fingerprint()),
                        value=np.array(solution.value), player_best=np.array(solution.player_best),
                        banker_best=np.array(solution.banker_best), **extra)


def load(game: Game | Tree, path: str | Path) -> Solution:
    """Strategies saved by `save` for this game, checked again: both best responses are recomputed here."""
    tree = game if isinstance(game, Tree) else Tree(game)
    player, banker, _kept = load_strategies(tree, path)
    br = best_responses(tree, player, banker)
    return Solution(tree=tree, player=player, banker=banker, value=strategy_value(tree, player, banker),
                    player_best=br["player_best"], banker_best=br["banker_best"])


def load_strategies(tree: Tree, path: str | Path) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """The strategies saved by `save` for `tree`, without the best responses' check: (player, banker, where the
    banker's strategy was kept: a mask of the grouped layout's slots, or None where all of it was)."""
    with np.load(path) as data:
        if str(data["fingerprint"]) != tree.fingerprint():
            raise InvalidSetup(f"{path}: the saved strategies belong to another game or another version")
        player = data["player"]
        if "banker" in data:
            return player, data["banker"], None
        # kept where the banker reaches: elsewhere any choice gives the same results (save's docstring)
        banker = tree.uniform_banker()
        reached = np.unpackbits(data["banker_at"], count=banker.size).astype(bool)
        banker[reached] = data["banker_p"]
    return player, banker, reached


#: the equilibria shipped with the package, per tradition (48-card Kvitlach; 24-card Quitlok: docs/solving.md)
SHIPPED = {"kvitlach": "kvitlach_equilibrium.npz", "quitlok": "quitlok_equilibrium.npz"}
#: the exploitability (chips a hand) the shipped strategies are checked against (issue 27's goal; the
#: recompute, tools/solve_kvitlach.py, stops when it is reached: 9.7e-7 after 500 iterations)
#: Quitlok's (tools/solve_quitlok.py --player-passes 4): 300 iterations of discounted CFR, four passes of the player
#: to each of the banker's, each side's strategy picked, reached 8.2e-7 chips a hand (docs/solving.md)
SHIPPED_EXPLOITABILITY = {"kvitlach": 1e-6, "quitlok": 1e-6}


def shipped_game(name: str) -> Game:
    """The game whose equilibrium ships as `name`."""
    from quitlok.rules import KVITLACH, QUITLOK
    games = {"kvitlach": KVITLACH, "quitlok": QUITLOK}
    if name not in games:
        raise InvalidSetup(f"no shipped equilibrium named {name!r}; there is: {', '.join(SHIPPED)}")
    return Game(games[name])


def shipped_path(name: str) -> Path:
    if name not in SHIPPED:
        raise InvalidSetup(f"no shipped equilibrium named {name!r}; there is: {', '.join(SHIPPED)}")
    return Path(__file__).parent / "data" / SHIPPED[name]
