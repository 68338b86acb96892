"""The banker's side: draw or stand, exactly, against the stakes still open.

When the banker plays, every staying player's stake waits on his final total. Whether he should draw
one more card depends on his own cards, every card he has seen, and what the staying players may hold
under their face-down cards. The banker cannot see those, but their play tells him something: a
player who stayed was neither bust nor at 21 at any moment (either would have ended his turn), and a
player who plays well stays only on hands worth staying on.

The model, in words (`MODEL_WORDS` says it for people):

- The *pool* is the pack minus the banker's cards, the face-up cards he has seen, and the staying
  players' face-up cards. Every face-down card on the table, and every card he may draw, comes from it.
- A staying player's face-down cards are weighed by how often they are dealt from the pool, keeping
  only those that left his hand below 21 after every card and on which best play (the advisor's, against
  a banker standing on `player_stands_on`, from what the player could see: the pool and the banker's
  cards, which were face down when he played) would stay with his stake and room. When no cards fit his
  play (a player who does not play by the odds), every set that left his hand below 21 counts.
- Each player is weighed on his own: the other players' face-down cards count as unseen cards, as the
  advisor counts them for a player.
- The banker then draws from the pool less the player's face-down cards, choosing at every card the
  better of standing and drawing (the rules may force a draw); a tie goes to the bank, as the rules say.

The arithmetic is `quitlok.odds`'s: pools are multisets, the player's best play comes from the same
memoised solver, and each banker position is one vectorised sum over the players' possible hands, in
floats or (with ``exact=True``) in exact integers divided once.
"""

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import perm

import numpy as np

from quitlok.cards import RANKS, check_cards
from quitlok.errors import InvalidCards, InvalidSetup, shown
from quitlok.odds import _add, _pack, _solver, _summary, _value, percent
from quitlok.rules import RuleSet
from quitlok.validate import flag, is_whole, rule_set, whole_number

__all__ = ["DRAW", "MODEL_WORDS", "STAND", "BankerAdvice", "OpenHand", "banker_advice"]

STAND, DRAW = "stand", "draw"

MODEL_WORDS = (
    "How the advisor weighs the players' hidden cards: each staying player's face-down cards count by how "
    "often they would be dealt from the cards you have not seen, keeping only those that never took his hand "
    "to 21 or beyond (either would have ended his turn) and on which best play would stay. When no cards fit "
    "his play, every hand below 21 counts. Your own next cards come from what is left."
)


@dataclass(frozen=True)
class OpenHand:
    """A staying player's hand as the banker sees it."""

    #: the chips the player has open
    stake: int
    #: his cards in the order he received them; None for a face-down card
    cards: tuple[int | None, ...]
    #: how many more chips he could have bet when he stayed (what best play weighs against staying)
    room: int = 0


@dataclass(frozen=True)
class BankerAdvice:
    """The banker's choice, exactly, under the model above."""

    #: the bank's expected result in chips of each legal choice ("stand", "draw"), best play afterwards
    values: dict
    #: the choice with the higher value; a tie stands
    best: str
    #: for each open hand, the chance of each total it may hold: {total: chance}
    totals: tuple[dict, ...]
    #: for each open hand, whether best play explains it ("best play") or every hand below 21 counts ("open")
    models: tuple[str, ...]
    #: the banker's total now
    value: int
    #: unseen cards (the pool), and how many of them would bust him if drawn now
    unseen: int
    busting: int
    facts: str
    reason: str


def banker_advice(hand, seen, rules: RuleSet, *, open_hands: Sequence[OpenHand], player_stands_on: int = 17,
                  exact: bool = False) -> BankerAdvice:
    """Stand or draw for a banker holding `hand`, having seen `seen` (face-up cards other than his own and
    the open hands'), against `open_hands`. Raises InvalidCards or InvalidSetup naming the problem."""
    rules = rule_set(rules)
    exact = flag("exact", exact)
    if not is_whole(player_stands_on) or not 1 <= player_stands_on <= 21:
        raise InvalidSetup(f"player_stands_on: the banker the players play against stands on a total from 1 to 21, "
                           f"not {shown(player_stands_on)}")
    hand = check_cards(hand, rules.copies, "banker's cards")
    if not hand:
        raise InvalidCards("banker's cards: empty; the banker holds at least his first card")
    seen = check_cards(seen, rules.copies, "seen cards")
    open_hands = _check_open_hands(open_hands, rules)
    face_up = tuple(card for open_hand in open_hands for card in open_hand.cards if card is not None)
    known = check_cards(hand + seen + face_up, rules.copies, "banker's cards, seen cards and open hands together")
    pool = Counter(rules.pack) - Counter(known)
    hidden = sum(open_hand.cards.count(None) for open_hand in open_hands)
    if hidden > sum(pool.values()):
        raise InvalidCards(f"open hands: {hidden} face-down cards, but only {sum(pool.values())} cards are unseen")
    return _Banker(rules, hand, pool, open_hands, player_stands_on, exact).advice()


def _check_open_hands(open_hands, rules: RuleSet) -> tuple[OpenHand, ...]:
    if isinstance(open_hands, OpenHand) or not isinstance(open_hands, Sequence):
        raise InvalidSetup("open_hands: a list of OpenHand, one per staying player with a stake")
    if not open_hands:
        raise InvalidSetup("open_hands: no stake is open, so the banker does not play")
    checked = []
    for i, open_hand in enumerate(open_hands, 1):
        if not isinstance(open_hand, OpenHand):
            raise InvalidSetup(f"open hand {i}: an OpenHand(stake, cards, room), not {shown(open_hand)}")
        whole_number(f"open hand {i}'s stake", open_hand.stake)
        whole_number(f"open hand {i}'s room", open_hand.room)
        if open_hand.stake < 1:
            raise InvalidSetup(f"open hand {i}: a staying player with an open stake has at least 1 chip on it")
        if not isinstance(open_hand.cards, tuple | list):
            raise InvalidCards(f"open hand {i}: its cards are a list such as (None, 5), not {shown(open_hand.cards)}")
        cards = tuple(open_hand.cards)
        if not cards:
            raise InvalidCards(f"open hand {i}: no cards; a staying player holds at least his first card")
        check_cards([c for c in cards if c is not None], 4, f"open hand {i}'s face-up cards")
        if cards[0] is not None:
            raise InvalidCards(f"open hand {i}: a player's first card is dealt face down, so the banker cannot "
                               f"know it (write ? for it)")
        if not rules.blots and any(card is not None for card in cards):
            raise InvalidCards(f"open hand {i}: under these rules every card a player takes comes face down "
                               "(there are no blots), so write ? for each")
        checked.append(OpenHand(open_hand.stake, cards, open_hand.room))
    return tuple(checked)


class _Banker:
    """One banker question: the players' possible hands, then the banker's best play over his draws."""

    def __init__(self, rules: RuleSet, hand: tuple, pool: Counter, open_hands: tuple, player_stands_on: int,
                 exact: bool):
        self.rules, self.hand, self.open_hands, self.exact = rules, hand, open_hands, exact
        self.num = Fraction if exact else float
        self.pool = np.array([pool[r] for r in RANKS], dtype=np.int64)
        self.size = int(self.pool.sum())
        self.player_solver = _solver(rules, rules.banker_model(player_stands_on), exact)
        self.falling = np.array([[perm(n, d) if d <= n else 0 for d in range(rules.copies + 1)]
                                 for n in range(rules.copies + 1)], dtype=object if exact else np.float64)
        self.players = [self._possible_hands(i, open_hand) for i, open_hand in enumerate(open_hands, 1)]
        self._memo: dict = {}

    def value(self, s) -> int:
        return _value(s, self.rules.twelve_values, self.rules.framed_pair_21)

    # --- the players: every hidden set his play allows, with how often it is dealt -----------------------

    def _possible_hands(self, number: int, open_hand: OpenHand) -> dict:
        """{(hidden counts, total): ways} for one open hand, best play's stays when any fit, else all open hands."""
        ways: dict = defaultdict(int)
        used = [0] * 12

        def walk(i: int, s, weight: int) -> None:
            if i == len(open_hand.cards):
                ways[(tuple(used), s)] += weight
                return
            card = open_hand.cards[i]
            for rank in RANKS if card is None else (card,):
                left = int(self.pool[rank - 1]) - used[rank - 1] if card is None else 1
                after = _add(s, rank)
                if left <= 0 or self.value(after) >= 21:
                    continue
                used[rank - 1] += card is None
                walk(i + 1, after, weight * left)
                used[rank - 1] -= card is None

        walk(0, (0, 0, 0, 0), 1)
        if not ways:
            up = self.value(_summary(card for card in open_hand.cards if card is not None))
            why = (f"its face-up cards already count {up}" if up >= 21 else
                   "no cards from those unseen could fill its face-down places without reaching 21 first")
            raise InvalidCards(f"open hand {number}: {why}, and a hand at 21 or more is settled at once, so it "
                               "cannot still be open")
        stays = {key: w for key, w in ways.items() if self._best_play_stays(open_hand, *key)}
        model, kept = ("best play", stays) if stays else ("open", ways)
        totals: dict = defaultdict(int)
        for (counts, s), w in kept.items():
            totals[(counts, self.value(s))] += w
        return {"model": model, "rows": totals, "stake": open_hand.stake, "hidden": open_hand.cards.count(None)}

    def _best_play_stays(self, open_hand: OpenHand, counts: tuple, s) -> bool:
        """Would best play stay on this hand, seeing what the player saw (the banker's cards were face down)?"""
        seen_by_player = self.pool - np.array(counts) + np.array([self.hand.count(r) for r in RANKS])
        values = self.player_solver.actions(s, _pack(seen_by_player.tolist()), open_hand.stake, open_hand.room)
        # floats: an exact tie may come out a hair apart, and a tie stays (as the advisor's order says)
        return values["stay"] >= max(values.values()) - (0 if self.exact else 1e-12)

    # --- the banker: best play over his draws, weighed over the players' hands --------------------------

    def advice(self) -> BankerAdvice:
        start = _summary(self.hand)
        self._prepare()
        mine = self.value(start)
        nothing = (0,) * 12
        values = {}
        forced = self.rules.banker_must_reach is not None and mine < self.rules.banker_must_reach
        can_draw = mine < 21 and self.size > self.min_hidden
        if not (forced and can_draw):
            values[STAND] = self.stand(mine, nothing)
        if can_draw:
            values[DRAW] = self.draw(start, nothing)
        best = STAND if STAND in values and values[STAND] >= max(values.values()) else DRAW
        busting = sum(int(c) for r, c in zip(RANKS, self.pool, strict=True) if self.value(_add(start, r)) > 21)
        totals, models = [], []
        for player in self.players:
            whole = sum(player["rows"].values())
            by_total: dict = defaultdict(int)
            for (_, total), w in player["rows"].items():
                by_total[total] += w
            totals.append({t: (Fraction(w, whole) if self.exact else w / whole) for t, w in sorted(by_total.items())})
            models.append(player["model"])
        advice = BankerAdvice(values=values, best=best, totals=tuple(totals), models=tuple(models), value=mine,
                              unseen=self.size, busting=busting, facts="", reason="")
        return _with_words(advice, self.open_hands, self.rules.banker_must_reach)

    def _prepare(self) -> None:
        """The players' rows as arrays: hidden counts, total, ways, and which player each row belongs to."""
        rows = [(i, counts, total, w) for i, player in enumerate(self.players)
                for (counts, total), w in player["rows"].items()]
        dtype = object if self.exact else np.float64
        self.left = self.pool[None, :] - np.array([counts for _, counts, _, _ in rows], dtype=np.int64)
        self.totals = np.array([total for _, _, total, _ in rows])
        self.weights = np.array([w for _, _, _, w in rows], dtype=dtype)
        self.row_player = np.array([i for i, _, _, _ in rows])
        self.starts = np.searchsorted(self.row_player, np.arange(len(self.players)))
        self.whole = [sum(player["rows"].values()) for player in self.players]
        self.min_hidden = min(player["hidden"] for player in self.players)

    def per_player(self, banker_total: int, drawn: tuple) -> list:
        """For each player: his stake-weighted result for the bank, over his possible hands, of the banker
        standing on `banker_total` after drawing `drawn` (unnormalised by the chance of that order of draws)."""
        ways = self.falling[self.left, np.array(drawn)[None, :]].prod(axis=1) * self.weights
        bank_wins = (self.totals <= banker_total) if banker_total <= 21 else np.zeros(len(self.totals), bool)
        signed = np.where(bank_wins, ways, -ways)
        sums = np.add.reduceat(signed, self.starts)
        d = sum(drawn)
        result = []
        for player, whole, total in zip(self.players, self.whole, sums, strict=True):
            orders = perm(self.size - player["hidden"], d) if d <= self.size - player["hidden"] else 0
            if not orders:
                result.append(self.num(0))
            elif self.exact:
                result.append(Fraction(int(total) * player["stake"], whole * orders))
            else:
                result.append(float(total) * player["stake"] / (whole * orders))
        return result

    def stand(self, banker_total: int, drawn: tuple):
        return sum(self.per_player(banker_total, drawn), self.num(0))

    def draw(self, s, drawn: tuple):
        """Draw one card now, then play on at best; worlds with no card left stand as they are."""
        d = sum(drawn)
        total = sum((r for player, r in zip(self.players, self.per_player(self.value(s), drawn), strict=True)
                     if self.size - player["hidden"] == d), self.num(0))
        for rank in RANKS:
            if self.pool[rank - 1] > drawn[rank - 1]:
                after = drawn[:rank - 1] + (drawn[rank - 1] + 1,) + drawn[rank:]
                total += self.best(_add(s, rank), after)
        return total

    def best(self, s, drawn: tuple):
        key = (s, drawn)
        if key not in self._memo:
            value = self.value(s)
            stand = self.stand(value, drawn)
            if value >= 21 or sum(drawn) >= self.size - self.min_hidden:
                self._memo[key] = stand
            else:
                draw = self.draw(s, drawn)
                forced = self.rules.banker_must_reach is not None and value < self.rules.banker_must_reach
                self._memo[key] = draw if forced else max(stand, draw)
        return self._memo[key]


def _with_words(advice: BankerAdvice, open_hands: tuple, must: int | None) -> BankerAdvice:
    """The facts and the verdict in words a learner reads."""
    stakes = sum(h.stake for h in open_hands)
    n = len(open_hands)
    parts = [f"You hold {advice.value}, against {n} open hand{'s' if n != 1 else ''} "
             f"({stakes} chip{'s' if stakes != 1 else ''} at stake)."]
    if advice.value < 21 and not advice.busting:
        parts.append(f"None of the {advice.unseen} unseen cards can bust you.")
    elif advice.value < 21:
        parts.append(f"{advice.busting} of the {advice.unseen} unseen cards would bust you"
                     f" ({percent(Fraction(advice.busting, advice.unseen))}).")
    if must is not None and advice.value < must:
        parts.append(f"The rules make you draw below {must}.")
    facts = " ".join(parts)
    words = {STAND: "stand", DRAW: "draw a card"}
    others = [f"{words[c]}: {float(v):+.2f}" for c, v in advice.values.items() if c != advice.best]
    verdict = (f"Best: {words[advice.best]}, worth {float(advice.values[advice.best]):+.2f} chips for the bank "
               f"on average" + (f" ({'; '.join(others)})." if others else "."))
    return BankerAdvice(**{**advice.__dict__, "facts": facts, "reason": f"{facts} {verdict}"})

