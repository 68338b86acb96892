"""The banker's side of quitlok.solve's public tree, grouped by deck: what makes Quitlok (24 cards) solvable.

Quitlok's blots are public and come in any order, so the banker plays at 133,123 public histories (Kvitlach: 90),
and the dense layout of `quitlok.solve.Tree` (one matrix row per history and hidden hand, one column for each of the
4,286 multisets of banker cards) would take about 10 GB. This layout computes the same game with far less:

- **Histories that share a deck share a matrix.** What the banker may draw depends on the history only through the
  cards the player kept face up, the 11s thrown in and how many face-down cards the player holds: histories with
  the same (kept cards, rejected 11s, face-down count) form a *group* (1,002 in Quitlok) with one matrix over the
  group's hidden hands and the banker states its deck allows; the group's histories are its columns, so every pass
  is two dense matrix products a group (BLAS) instead of a product per history.
- **The banker's terminal outcomes are grouped by the state they come from.** Most of his card multisets are
  busts (3,075 of 4,286). A bust, a 21 and a 20 (where he stands: it wins against every hand still open, as in
  the dense layout) end his turn with the same result for every hidden hand: +1 or -1 stake. Their chance after
  a draw from state s, for hidden hand x, is M[x, s] times the cards left that lead there, over the cards left;
  so each decision state gets one column A[x, s] (the stake-free value of the terminal draws from it), and only
  the states where he still decides keep their own columns.
- With E[x, s] = M[x, s] * sign(player's value of x > the banker's total at s), the player's result at a history
  t is  sum_s  rho_t[s] p_t[s] E[x, s] + rho_t[s] (1 - p_t[s]) A[x, s]  (rho: the banker's own reach of s summed
  over the orders of its cards; p: his chance of standing): one product with [E | A]; the banker's
  counterfactual values of standing and of the terminal part of drawing are one product of the same matrix with
  the player's weights.

The banker strategy is a flat array: for each group a block of (its histories x its decision states), row-major.
These results are exact: the card-by-card checks of tests/solve hold for this layout under both traditions.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

import numpy as np
from scipy import sparse

RANKS = range(1, 13)


def _falling(longest: int) -> np.ndarray:
    ff = np.zeros((longest + 1, longest + 1))  # ff[a, k] = a (a-1) ... (a-k+1)
    for a in range(longest + 1):
        for k in range(longest + 1):
            ff[a, k] = float(np.prod(np.arange(a, a - k, -1))) if k <= a else 0.0
    return ff


class Group:
    """One deck's histories: the matrices of the banker's side and where its banker slots lie."""

    __slots__ = ("nodes", "stake", "xs", "rows", "row_x", "row_t", "states", "value", "size", "levels", "child",
                 "forced", "cannot", "child_t", "K", "S", "offset", "index")


def banker_states(game, deck: tuple) -> tuple[list, list, list]:
    """The banker's decision states within `deck`, by number of cards: (states, their values, for each state its
    children [(rank, child state or a terminal value +1/-1)])."""
    empty = (0,) * 12
    states, index, children = [empty], {empty: 0}, []
    i = 0
    while i < len(states):
        s = states[i]
        kids = []
        for rank in RANKS:
            if s[rank - 1] >= deck[rank - 1]:
                continue
            t = list(s)
            t[rank - 1] += 1
            t = tuple(t)
            v = game.value(t)
            if v > 21:
                kids.append((rank, 1.0))  # bust: the player wins his stake
            elif v >= 20:
                kids.append((rank, -1.0))  # 21, or 20: he stands and wins against every hand still open
            else:
                if t not in index:
                    index[t] = len(states)
                    states.append(t)
                kids.append((rank, index[t]))
        children.append(kids)
        i += 1
    values = [game.value(s) if sum(s) else 0 for s in states]
    return states, values, children


class GroupedBanker:
    """The banker's side of a Tree in the grouped layout (see the module's docstring)."""

    def __init__(self, tree) -> None:
        g = tree.game
        must = g.rules.banker_must_reach or 0
        self.n_bank = T = len(tree.bank_nodes)
        row_t = np.array(tree.bank_row_node, dtype=np.int64)
        values = np.array(tree.bank_row_value, dtype=np.int64)
        if values.size and values.max() > 20:
            raise AssertionError("a player who holds 21 is paid at once: no bank row is worth more than 20")
        self.stake = np.array([node["stake"] for node in tree.bank_nodes], dtype=np.float64)
        longest = max(g.pack) + 1
        ff = _falling(longest)
        keys: dict[tuple, list[int]] = {}
        for t, node in enumerate(tree.bank_nodes):
            h = sum(tree.bank_row_x[node["rows"][0]])
            keys.setdefault((node["kept"], node["rejected"], h), []).append(t)
        self.groups: list[Group] = []
        self.group_of = np.empty(T, dtype=np.int64)
        self.local_of = np.empty(T, dtype=np.int64)
        cache: dict[tuple, tuple] = {}
        offset = 0
        for (kept, rejected, h), nodes in keys.items():
            grp = Group()
            grp.nodes = np.array(nodes, dtype=np.int64)
            grp.stake = self.stake[grp.nodes]
            for k, t in enumerate(nodes):
                self.group_of[t] = len(self.groups)
                self.local_of[t] = k
            rows = [r for t in nodes for r in tree.bank_nodes[t]["rows"]]
            xs = sorted({tree.bank_row_x[r] for r in rows})
            xi = {x: k for k, x in enumerate(xs)}
            grp.rows = np.array(rows, dtype=np.int64)
            grp.row_x = np.array([xi[tree.bank_row_x[r]] for r in rows], dtype=np.int64)
            grp.row_t = self.local_of[row_t[grp.rows]]
            vx = np.array([values[r] for r in rows], dtype=np.int64)
            v_of_x = np.zeros(len(xs), dtype=np.int64)
            v_of_x[grp.row_x] = vx
            deck = [p - k for p, k in zip(g.pack, kept, strict=True)]
            deck[10] -= rejected
            deck = tuple(deck)
            found = cache.get(deck)
            if found is None:
                found = cache[deck] = banker_states(g, deck)
            states, svals, children = found
            S = len(states)
            smat = np.array(states, dtype=np.int64)
            size = smat.sum(axis=1)
            xmat = np.array(xs, dtype=np.int64)
            left = np.array(deck, dtype=np.int64)[None, :] - xmat  # (X, 12)
            n_left = int(sum(deck)) - h
            m = np.ones((len(xs), S))
            for r in range(12):
                m *= ff[np.clip(left[:, None, r], 0, None), smat[None, :, r]]
            denom = np.array([float(np.prod(np.arange(n_left, n_left - k, -1))) if k <= n_left else np.inf
                              for k in size])
            m /= denom[None, :]
            # the terminal draws from each state: +1 bust, -1 a sure loss for the player
            term = np.zeros((S, 12))
            child_pairs = []
            for k, kids in enumerate(children):
                for rank, what in kids:
                    if isinstance(what, float):
                        term[k, rank - 1] = what
                    else:
                        child_pairs.append((k, what))
            cannot = size >= n_left  # no card left for him: he stands
            cnt = np.clip(left[:, None, :] - smat[None, :, :], 0, None)  # (X, S, 12) cards of each rank left
            spare = np.where(cannot, 1, n_left - size).astype(float)
            a = m * np.einsum("xsr,sr->xs", cnt, term) / spare[None, :]
            a[:, cannot] = 0.0
            sign = np.where(v_of_x[:, None] > np.array(svals)[None, :], 1.0, -1.0)
            grp.K = np.ascontiguousarray(np.hstack([m * sign, a]))
            grp.S = S
            grp.states = states
            grp.index = {s: k for k, s in enumerate(states)}
            grp.value = np.array(svals, dtype=np.int64)
            grp.size = size
            grp.forced = (size == 0) | (grp.value < must)
            grp.cannot = cannot
            grp.xs = xs
            levels = []
            for n in range(int(size.max()) + 1):
                idx = np.flatnonzero(size == n)
                if idx.size:
                    levels.append((int(idx[0]), int(idx[-1]) + 1))
            grp.levels = levels
            pairs = np.array(child_pairs, dtype=np.int64).reshape(-1, 2)
            grp.child_t = []
            grp.child = []  # per level n: the 0/1 matrix (states of level n) x (states of level n + 1)
            for n in range(len(levels) - 1):
                (a0, a1), (b0, b1) = levels[n], levels[n + 1]
                sel = pairs[(pairs[:, 0] >= a0) & (pairs[:, 0] < a1)]
                c = sparse.csr_matrix((np.ones(len(sel)), (sel[:, 0] - a0, sel[:, 1] - b0)), shape=(a1 - a0, b1 - b0))
                grp.child.append(c)
                grp.child_t.append(c.T.tocsr())
            grp.offset = offset
            offset += len(nodes) * S
            self.groups.append(grp)
        self.n_slots = offset
        self.forced = np.zeros(offset, dtype=bool)
        self.cannot = np.zeros(offset, dtype=bool)
        for grp in self.groups:
            block = slice(grp.offset, grp.offset + len(grp.nodes) * grp.S)
            self.forced[block] = np.repeat(grp.forced, len(grp.nodes))
            self.cannot[block] = np.repeat(grp.cannot, len(grp.nodes))
        self.n_bank_rows = len(tree.bank_row_node)
        self.threads = max(1, int(os.environ.get("QUITLOK_SOLVE_THREADS", "2")))
        self._forced_at: np.ndarray | None = None
        self._cannot_at: np.ndarray | None = None
        self._cached: tuple | None = None  # (a strategy, its reach): the update's reach is the next pass's

    # --- the strategy's layout: per group a block (its states x its histories), row-major --------------------

    def block(self, grp: Group, flat: np.ndarray) -> np.ndarray:
        return flat[grp.offset:grp.offset + len(grp.nodes) * grp.S].reshape(grp.S, len(grp.nodes))

    def slot(self, t: int, state: tuple) -> int | None:
        """The flat index of the banker's position (history t, his cards `state` as counts); None if the layout
        has no such decision (a terminal or impossible state)."""
        grp = self.groups[int(self.group_of[t])]
        k = grp.index.get(state)
        return None if k is None else grp.offset + k * len(grp.nodes) + int(self.local_of[t])

    def uniform(self) -> np.ndarray:
        return np.full(self.n_slots, 0.5)

    def stands_on(self, total: int) -> np.ndarray:
        out = np.empty(self.n_slots)
        for grp in self.groups:
            self.block(grp, out)[:] = (grp.value >= total)[:, None]
        return out

    def stand_prob(self, stand: np.ndarray) -> np.ndarray:
        """The chance of standing at every decision state, with the forced ones set (0: he must draw; 1: no card
        left to draw)."""
        if self._forced_at is None:  # index arrays: few slots are forced (a where() over them all is slow)
            self._forced_at = np.flatnonzero(self.forced & ~self.cannot)
            self._cannot_at = np.flatnonzero(self.cannot)
        out = np.array(stand, dtype=np.float64)
        out[self._forced_at] = 0.0
        out[self._cannot_at] = 1.0
        return out

    def _each(self, work) -> None:
        """work(group) for every group, on `threads` threads (numpy and scipy let go of the interpreter)."""
        if self.threads == 1:
            for grp in self.groups:
                work(grp)
            return
        with ThreadPoolExecutor(self.threads) as pool:
            for _ in pool.map(work, self.groups):
                pass

    def reach(self, stand: np.ndarray) -> np.ndarray:
        """The banker's own reach of each decision state (summed over the orders of its cards), flat."""
        if self._cached is not None and self._cached[0] is stand:
            return self._cached[1]
        p = self.stand_prob(stand)
        out = np.empty(self.n_slots)
        self._each(lambda grp: self._reach(grp, self.block(grp, p), self.block(grp, out)))
        return out

    @staticmethod
    def _reach(grp: Group, p: np.ndarray, rho: np.ndarray) -> None:
        rho[:] = 0.0
        rho[0] = 1.0
        for n, c in enumerate(grp.child_t):
            (a0, a1), (b0, b1) = grp.levels[n], grp.levels[n + 1]
            rho[b0:b1] += c @ (rho[a0:a1] * (1.0 - p[a0:a1]))

    # --- the passes -----------------------------------------------------------------------------------------

    def bank_values(self, banker: np.ndarray) -> np.ndarray:
        """The player's expected result at each bank row (per unit of reaching it) under `banker`."""
        p = self.stand_prob(banker)
        rho_all = self.reach(banker)
        out = np.empty(self.n_bank_rows)

        def work(grp: Group) -> None:
            pb, rho = self.block(grp, p), self.block(grp, rho_all)
            stands = rho * pb
            r = grp.K @ np.vstack([stands, rho - stands])  # (X, T_g)
            out[grp.rows] = r[grp.row_x, grp.row_t] * grp.stake[grp.row_t]

        self._each(work)
        return out

    def _values(self, grp: Group, q: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """A group's values of standing and of the terminal draws, (S, T_g) each, against bank-row weights q."""
        qm = np.zeros((len(grp.xs), len(grp.nodes)))
        qm[grp.row_x, grp.row_t] = q[grp.rows]
        y = (grp.K.T @ qm) * grp.stake[None, :]  # (2 S, T_g)
        return y[:grp.S], y[grp.S:]

    def _backward(self, grp: Group, sv: np.ndarray, dv: np.ndarray, c: np.ndarray, pb: np.ndarray | None) -> None:
        """Bottom-up over a group's states: dv gets the children's values added, c the state's value (under pb,
        or the banker's best response with pb None)."""
        for n in reversed(range(len(grp.levels))):
            a0, a1 = grp.levels[n]
            if n + 1 < len(grp.levels):
                b0, b1 = grp.levels[n + 1]
                dv[a0:a1] += grp.child[n] @ c[b0:b1]
            s_, d_ = sv[a0:a1], dv[a0:a1]
            if pb is None:
                best = np.where(grp.forced[a0:a1, None], d_, np.minimum(s_, d_))
                c[a0:a1] = np.where(grp.cannot[a0:a1, None], s_, best)
            else:
                c[a0:a1] = d_ + pb[a0:a1] * (s_ - d_)

    def cfv(self, q: np.ndarray, stand: np.ndarray | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(value of each decision state under `stand`, value of standing there, value of drawing there), flat,
        against bank-row weights q; with `stand` None, the banker's best response (lowest for the player)."""
        p = None if stand is None else self.stand_prob(stand)
        cfv = np.empty(self.n_slots)
        sv_all = np.empty(self.n_slots)
        dv_all = np.empty(self.n_slots)

        def work(grp: Group) -> None:
            sv, dv = self._values(grp, q)
            self.block(grp, sv_all)[:] = sv
            self.block(grp, dv_all)[:] = dv
            self._backward(grp, self.block(grp, sv_all), self.block(grp, dv_all), self.block(grp, cfv),
                           None if p is None else self.block(grp, p))

        self._each(work)
        return cfv, sv_all, dv_all

    def cfr_update(self, q: np.ndarray, stand: np.ndarray, regret_s: np.ndarray, regret_d: np.ndarray,
                   avg_stand: np.ndarray, avg_weight: np.ndarray, weight: float,
                   predictive: bool = False, discount: tuple | None = None) -> np.ndarray:
        """One CFR+ update of the banker, group by group (in place: regrets and weighted averages): his regrets
        against bank-row weights q, the new strategy by regret matching+, and its reach added to the averages
        with `weight`. Returns the new strategy (its reach is kept for the next bank_values). `discount` (positive,
        negative): discounted CFR's factors on the accumulated regrets, kept signed (quitlok.solve._accumulate)."""
        p = self.stand_prob(stand)
        new = np.empty(self.n_slots)
        rho_all = np.empty(self.n_slots)

        def work(grp: Group) -> None:
            sv, dv = self._values(grp, q)
            c = np.empty_like(sv)
            self._backward(grp, sv, dv, c, self.block(grp, p))
            rs, rd = self.block(grp, regret_s), self.block(grp, regret_d)
            gain_s = np.subtract(c, sv, out=sv)  # (sv and dv are not needed after this)
            gain_d = np.subtract(c, dv, out=dv)
            if discount is not None:
                rs *= np.where(rs > 0, discount[0], discount[1])
                rd *= np.where(rd > 0, discount[0], discount[1])
            rs += gain_s
            rd += gain_d
            if discount is None:
                np.maximum(rs, 0.0, out=rs)
                np.maximum(rd, 0.0, out=rd)
            if predictive:  # predictive CFR+: the next strategy also counts this pass's regrets once more
                ps = np.maximum(np.add(rs, gain_s, out=gain_s), 0.0, out=gain_s)
                pd = np.maximum(np.add(rd, gain_d, out=gain_d), 0.0, out=gain_d)
            elif discount is not None:
                ps = np.maximum(rs, 0.0, out=gain_s)
                pd = np.maximum(rd, 0.0, out=gain_d)
            else:
                ps, pd = rs, rd
            tot = np.add(ps, pd, out=c)
            st = self.block(grp, new)
            some = tot > 0
            st.fill(0.5)
            np.divide(ps, tot, out=st, where=some)
            pn = st.copy()
            pn[grp.forced] = 0.0
            pn[grp.cannot] = 1.0
            rho = self.block(grp, rho_all)
            self._reach(grp, pn, rho)
            rho_w = np.multiply(rho, weight, out=pn)
            self.block(grp, avg_weight)[:] += rho_w
            rho_w *= st
            self.block(grp, avg_stand)[:] += rho_w

        self._each(work)
        self._cached = (new, rho_all)
        return new

    def weights(self, q: np.ndarray, banker: np.ndarray) -> np.ndarray:
        """How often a hand reaches each banker decision (the player's weight there times the banker's own reach),
        flat: both sides playing the given strategies."""
        reach = self.reach(banker)
        out = np.empty(self.n_slots)
        for grp in self.groups:
            qm = np.zeros((len(grp.xs), len(grp.nodes)))
            qm[grp.row_x, grp.row_t] = q[grp.rows]
            self.block(grp, out)[:] = np.abs(grp.K[:, :grp.S]).T @ qm
        return out * reach

    def positions(self):
        """Every banker decision slot: (flat index, history t, his cards as counts, his total)."""
        for grp in self.groups:
            nt = len(grp.nodes)
            for k, s in enumerate(grp.states):
                for k_t, t in enumerate(grp.nodes):
                    yield grp.offset + k * nt + k_t, int(t), s, int(grp.value[k])
