"""An independent check of quitlok.solve on small packs: the game written out card by card, as a table deals
it (the player's card, then the banker's face-down card, then the player's turn, then the banker's), with
each side's information sets as a real player and banker have them (the order of cards included), counted
with quitlok.hand (not solve.py's own counting). It computes, for given strategies, their value and each
side's exact best response by plain recursion over every deal; slow, so only for packs of a few cards."""

from fractions import Fraction

from quitlok.hand import can_call_aluvun, hand_value

RANKS = range(1, 13)


def _deck_after(pack: tuple, cards) -> tuple:
    deck = list(pack)
    for c in cards:
        deck[c - 1] -= 1
    return tuple(deck)


class Explicit:
    """The game of quitlok.solve.Game(rules, counts=pack, room=1) written out card by card."""

    def __init__(self, rules, pack: tuple):
        self.rules, self.pack = rules, tuple(pack)

    # --- the player's turn as a list of "leaves": (probability, key, hidden cards, outcome) ---------------

    def _choices(self, st: dict) -> list[str]:
        r = self.rules
        if st["mode"] == "first":
            return ["bet", "out"]
        if st["mode"] == "resolve":
            acts = ["keep"]
            if sum(st["stock"]) >= 1:
                acts.append("reject")
            return acts
        acts = ["stay"]
        if sum(st["stock"]) < 1:
            return acts
        al = can_call_aluvun(st["hand"], r)
        if r.bet_first:
            acts.append("draw")
            if al:
                acts.append("draw+aluvun")
        else:
            acts.append("blot")
            if st["room"]:
                acts.append("bet")
            if al:
                acts.append("blot+aluvun")
            if al and st["room"]:
                acts.append("bet+aluvun")
        return acts

    def player_leaves(self, player_policy):
        """Every way the player's turn can end, for every deal of the player's and banker's first cards:
        (probability including his choices, banker's first card, public key, his face-down cards, the
        outcome: a number of chips, or ("bank", stake, value, stock))."""
        leaves = []
        full = sum(self.pack)
        for c1 in RANKS:
            if not self.pack[c1 - 1]:
                continue
            p1 = Fraction(self.pack[c1 - 1], full)
            rest = _deck_after(self.pack, [c1])
            for b1 in RANKS:
                if not rest[b1 - 1]:
                    continue
                p2 = Fraction(rest[b1 - 1], full - 1)
                st = {"mode": "first" if self.rules.bet_first else "decide", "hand": (c1,), "hidden": (c1,),
                      "key": (), "stake": 0, "room": 0 if self.rules.bet_first else 1,
                      "stock": _deck_after(rest, [b1])}
                self._turn(st, p1 * p2, b1, player_policy, leaves)
        return leaves

    def _turn(self, st, p, b1, policy, leaves):
        acts = self._choices(st)
        probs = policy(st, acts)
        for a in acts:
            q = probs.get(a, 0)
            if q:
                self._act(st, a, p * q, b1, policy, leaves)

    def _act(self, st, a, p, b1, policy, leaves):
        if a == "out":
            leaves.append((p, b1, st["key"], st["hidden"], 0))
            return
        if a == "stay":
            out = ("bank", st["stake"], hand_value(st["hand"], self.rules), st["stock"]) if st["stake"] else 0
            leaves.append((p, b1, st["key"] + ("stay",), st["hidden"], out))
            return
        if a == "bet" and st["mode"] == "first":
            self._turn(dict(st, mode="decide", key=st["key"] + ("bet",), stake=1, room=0), p, b1, policy, leaves)
            return
        if a == "keep":
            card = 11
            key = st["key"][:-1] + ("on",) if st["hidden11"] else st["key"] + ("keep",)
            hidden = st["hidden"] + (11,) if st["hidden11"] else st["hidden"]
            self._land(dict(st, mode="decide", key=key, hidden=hidden), card, p, b1, policy, leaves)
            return
        if a == "reject":
            base = dict(st, mode="decide", key=st["key"] + ("reject",))
            self._draw(base, p, b1, policy, leaves, hidden=st["hidden11"], protected=False, prefix=base["key"])
            return
        hidden = a in ("bet", "bet+aluvun", "draw", "draw+aluvun")
        stake, room = (st["stake"] + st["room"], 0) if a in ("bet", "bet+aluvun") else (st["stake"], st["room"])
        base = dict(st, stake=stake, room=room)
        self._draw(base, p, b1, policy, leaves, hidden=hidden, protected=a.endswith("aluvun"),
                   prefix=st["key"] + (a,))

    def _draw(self, st, p, b1, policy, leaves, *, hidden, protected, prefix):
        stock = st["stock"]
        size = sum(stock)
        for c in RANKS:
            if not stock[c - 1]:
                continue
            q = p * Fraction(stock[c - 1], size)
            left = _deck_after(stock, [c])
            if protected and c == 11:
                key = prefix + ("11?",) if hidden else prefix + (11,)
                self._turn(dict(st, mode="resolve", key=key, stock=left, hidden11=hidden), q, b1, policy, leaves)
                continue
            key = (prefix + ("on",) if protected else prefix) if hidden else prefix + (c,)
            hid = st["hidden"] + (c,) if hidden else st["hidden"]
            self._land(dict(st, mode="decide", key=key, stock=left, hidden=hid), c, q, b1, policy, leaves)

    def _land(self, st, card, p, b1, policy, leaves):
        hand = st["hand"] + (card,)
        v = hand_value(hand, self.rules)
        if v > 21:
            leaves.append((p, b1, None, st["hidden"], -st["stake"]))
        elif v == 21:
            leaves.append((p, b1, None, st["hidden"], st["stake"]))
        else:
            self._turn(dict(st, hand=hand), p, b1, policy, leaves)

    # --- the banker's turn ------------------------------------------------------------------------------

    def _banker_kind(self, cards) -> str:
        v = hand_value(cards, self.rules)
        if v > 21:
            return "bust"
        if v == 21:
            return "21"
        if v >= 20:
            return "stand"
        if v < (self.rules.banker_must_reach or 0):
            return "forced"
        return "decide"

    def _settle(self, stake, mine, cards) -> int:
        v = hand_value(cards, self.rules)
        return stake if v > 21 or mine > v else -stake

    def banker_value(self, stake, mine, cards, stock, key, banker_policy) -> Fraction:
        """The player's expected result once he stays, the banker following banker_policy(key, cards)."""
        kind = self._banker_kind(cards)
        size = sum(stock)
        if kind in ("bust", "21", "stand") or size == 0:
            return Fraction(self._settle(stake, mine, cards))
        stand = 0 if kind == "forced" else banker_policy(key, cards)
        total = stand * self._settle(stake, mine, cards) if stand else Fraction(0)
        if stand != 1:
            for c in RANKS:
                if stock[c - 1]:
                    total += (1 - stand) * Fraction(stock[c - 1], size) * self.banker_value(
                        stake, mine, cards + (c,), _deck_after(stock, [c]), key, banker_policy)
        return total

    def value(self, player_policy, banker_policy) -> Fraction:
        total = Fraction(0)
        for p, b1, key, _, out in self.player_leaves(player_policy):
            if isinstance(out, tuple):
                _, stake, mine, stock = out
                total += p * self.banker_value(stake, mine, (b1,), stock, key, banker_policy)
            else:
                total += p * out
        return total

    def banker_best(self, player_policy) -> Fraction:
        """The banker's best response to player_policy: the player's result when the banker minimises it
        at every information set (his first card, the public history, the cards he drew in order)."""
        total = Fraction(0)
        groups: dict = {}
        for p, b1, key, _, out in self.player_leaves(player_policy):
            if isinstance(out, tuple):
                groups.setdefault((b1, key), []).append((p, out))
            else:
                total += p * out
        for (b1, _key), items in groups.items():
            total += self._banker_min((b1,), [(p, stake, mine, stock) for p, (_, stake, mine, stock) in items])
        return total

    def _banker_min(self, cards, items) -> Fraction:
        kind = self._banker_kind(cards)
        stand = sum((p * self._settle(stake, mine, cards) for p, stake, mine, _ in items), Fraction(0))
        if kind in ("bust", "21", "stand") or sum(items[0][3]) == 0:
            return stand
        draw = Fraction(0)
        for c in RANKS:
            nxt = [(p * Fraction(stock[c - 1], sum(stock)), stake, mine, _deck_after(stock, [c]))
                   for p, stake, mine, stock in items if stock[c - 1]]
            if nxt:
                draw += self._banker_min(cards + (c,), nxt)
        return draw if kind == "forced" else min(stand, draw)

    def player_best(self, banker_policy) -> Fraction:
        """The player's best response to banker_policy: at every information set (his cards in order and
        his actions) the action with the highest result, averaged over the banker's unseen first card."""
        full = sum(self.pack)
        total = Fraction(0)
        for c1 in RANKS:
            if not self.pack[c1 - 1]:
                continue
            rest = _deck_after(self.pack, [c1])
            # the banker's first card: weights of each b1 with the stock it leaves
            worlds = [(Fraction(self.pack[c1 - 1], full) * Fraction(rest[b1 - 1], full - 1), b1,
                       _deck_after(rest, [b1])) for b1 in RANKS if rest[b1 - 1]]
            st = {"mode": "first" if self.rules.bet_first else "decide", "hand": (c1,), "hidden": (c1,),
                  "key": (), "stake": 0, "room": 0 if self.rules.bet_first else 1}
            total += self._best(st, worlds, banker_policy)
        return total

    def _best(self, st, worlds, bp) -> Fraction:
        """max over actions of the sum over worlds (weight, b1, stock) of their results."""
        best = None
        for a in self._choices(dict(st, stock=worlds[0][2])):
            v = self._best_act(st, a, worlds, bp)
            best = v if best is None or v > best else best
        return best

    def _best_act(self, st, a, worlds, bp) -> Fraction:
        if a == "out":
            return Fraction(0)
        if a == "stay":
            if not st["stake"]:
                return Fraction(0)
            mine = hand_value(st["hand"], self.rules)
            return sum((w * self.banker_value(st["stake"], mine, (b1,), stock, st["key"] + ("stay",), bp)
                        for w, b1, stock in worlds), Fraction(0))
        if a == "bet" and st["mode"] == "first":
            return self._best(dict(st, mode="decide", key=st["key"] + ("bet",), stake=1, room=0), worlds, bp)
        if a == "keep":
            key = st["key"][:-1] + ("on",) if st["hidden11"] else st["key"] + ("keep",)
            return self._best_land(dict(st, mode="decide", key=key), 11, worlds, bp)
        if a == "reject":
            base = dict(st, mode="decide", key=st["key"] + ("reject",))
            return self._best_draw(base, worlds, bp, hidden=st["hidden11"], protected=False, prefix=base["key"])
        hidden = a in ("bet", "bet+aluvun", "draw", "draw+aluvun")
        stake, room = (st["stake"] + st["room"], 0) if a in ("bet", "bet+aluvun") else (st["stake"], st["room"])
        return self._best_draw(dict(st, stake=stake, room=room), worlds, bp, hidden=hidden,
                               protected=a.endswith("aluvun"), prefix=st["key"] + (a,))

    def _best_draw(self, st, worlds, bp, *, hidden, protected, prefix) -> Fraction:
        total = Fraction(0)
        for c in RANKS:
            nxt = [(w * Fraction(stock[c - 1], sum(stock)), b1, _deck_after(stock, [c]))
                   for w, b1, stock in worlds if stock[c - 1]]
            if not nxt:
                continue
            if protected and c == 11:
                key = prefix + ("11?",) if hidden else prefix + (11,)
                total += self._best(dict(st, mode="resolve", key=key, hidden11=hidden), nxt, bp)
                continue
            key = (prefix + ("on",) if protected else prefix) if hidden else prefix + (c,)
            total += self._best_land(dict(st, mode="decide", key=key), c, nxt, bp)
        return total

    def _best_land(self, st, card, worlds, bp) -> Fraction:
        hand = st["hand"] + (card,)
        v = hand_value(hand, self.rules)
        weight = sum((w for w, _, _ in worlds), Fraction(0))
        if v > 21:
            return -st["stake"] * weight
        if v == 21:
            return st["stake"] * weight
        return self._best(dict(st, hand=hand), worlds, bp)
