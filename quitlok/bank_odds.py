"""The banker's side: draw or stand, exactly, against the stakes still open.

When the banker plays, every staying player's stake waits on his final total. Whether he should draw
one more card depends on his own cards, every card he has seen, the stock, and what the staying players
may hold under their face-down cards. The banker cannot see those, but their play tells him something:
a player who stayed was neither bust nor at 21 at any moment (either would have ended his turn), and a
player who plays well stays only on hands worth staying on.

The model, in words (`MODEL_WORDS` says it for people), SPEC section 3, "The banker's view":

- The *unseen* cards are the pack minus the banker's cards, the face-up cards he has seen, and the
  staying players' face-up cards: the stock's face-down cards and every face-down card at the table.
- The players' face-down cards are dealt *jointly* from the unseen cards: a deal of all of them is weighed
  by how often it comes (cards of one rank told apart), keeping only deals in which every player's cards
  fit his play: his hand below 21 after every card, and best play (the advisor's, against a banker standing
  on `player_stands_on`, from what that player could see: the unseen cards but his own, and the banker's
  cards, which were face down when he played) would stay with his stake and room. For a player on whom no
  cards fit best play (one who does not play by the odds), every set that left his hand below 21 counts;
  where no joint deal fits, every player's hand below 21 counts.
- The banker's cards come from the stock card by card, as `quitlok.game` deals them: the stock's
  face-down cards are the unseen cards the table does not hold; when the stock is down to its last card
  and cards lie face up under it, that card is shuffled with them into a new stock. He chooses at every
  card the better of standing and drawing (the rules may force a draw); a tie goes to the bank, as the
  rules say. With no card left to draw he stands.

The arithmetic: each player's possible face-down sets (by rank, with the total they make) come from
`quitlok.odds`'s memoised solver; a DP over the players whose state is the multiset of face-down cards
used so far (the union) gives, for each union, how many deals make it (`weight`) and the stakes its deals
win or lose by player total (`stakes_by_total`). The banker's draw probabilities depend on the players'
hands only through that union, so each node of the banker's draws is one vectorised sum over the unions,
and best play is the unnormalised recursion max(stand, draw) (a node's weight scales both sides). Floats,
or exact integers divided once per node (``exact=True``), from the same code.
"""

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from math import perm

import numpy as np

from quitlok.cards import RANKS, check_cards
from quitlok.costly import SharedAnswers, away, cpu_budget, spend
from quitlok.errors import InvalidCards, InvalidSetup, TooLarge, shown
from quitlok.i18n import N_, _, ngettext, pgettext
from quitlok.i18n import decimal as _decimal
from quitlok.i18n import number as _number
from quitlok.moves import Move
from quitlok.odds import add_card, pack_counts, percent, solver_for, summarize, summary_value, values_at
from quitlok.rulebook import banker_must_draw, ends_turn, is_bust, player_wins
from quitlok.rules import RuleSet
from quitlok.stock import Stock
from quitlok.validate import flag, is_whole, rule_set, whole_number

__all__ = ["DRAW", "MODEL_WORDS", "STAND", "BankerAdvice", "OpenHand", "banker_advice"]

#: the banker's choices (quitlok.moves)
STAND, DRAW = Move.STAND, Move.DRAW

#: the most unions of the players' face-down cards one question weighs (about 1-2 s and 100 MB at the most);
#: beyond it the exact answer would take minutes and gigabytes, and no answer is given (TooLarge)
MOST_UNIONS = 250_000
#: candidate unions gathered before they are summed up, within one player's deal
_CHUNK = 300_000
#: the answers, shared by every session of the server (the Advisor, the table's banker Hint): by position
ANSWERS = SharedAnswers("banker's advice", max_entries=256)

MODEL_WORDS = N_(
    "How the advisor weighs the players' hidden cards: all of them together, dealt from the cards you have "
    "not seen, so that what one player holds changes what the others can hold and what you can draw. A deal "
    "counts by how often it comes, and only if it never took a player's hand to 21 or beyond (either would "
    "have ended his turn) and best play would have stayed on each hand; where no cards fit a player's play, "
    "every hand of his below 21 counts. Your own next cards come from the stock, shuffled anew with the "
    "face-up cards under it when it is down to its last card."
)


def model_words() -> str:
    """MODEL_WORDS in the current language."""
    return _(MODEL_WORDS)


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
    #: when his next card comes from a new stock: (face-up cards under the stock, how many of them would bust
    #: him, face-down cards left: 1 or 0); (0, 0, 0) when no card is left to draw; None otherwise. The words
    #: (`facts`, `reason`) are made from the figures in the asker's language, each time (_with_words)
    reshuffle: tuple[int, int, int] | None = None


def banker_advice(hand, seen, rules: RuleSet, *, open_hands: Sequence[OpenHand], stock: Stock | None = None,
                  player_stands_on: int = 17, exact: bool = False) -> BankerAdvice:
    """Stand or draw for a banker holding `hand`, having seen `seen` (face-up cards other than his own and
    the open hands', those under the stock among them), against `open_hands`, his cards coming from `stock`
    (None: every unseen card the open hands do not hold is in the stock, every seen card under it). Raises
    InvalidCards or InvalidSetup naming the problem."""
    rules = rule_set(rules)
    exact = flag("exact", exact)
    if not is_whole(player_stands_on) or not 1 <= player_stands_on <= 21:
        raise InvalidSetup(_("player_stands_on: the banker the players play against stands on a total "
                             "from 1 to 21, not {player_stands_on}").format(player_stands_on=shown(player_stands_on)))
    hand = check_cards(hand, rules.copies, _("banker's cards"))
    if not hand:
        raise InvalidCards(_("banker's cards: empty; the banker holds at least his first card"))
    seen = check_cards(seen, rules.copies, _("seen cards"))
    open_hands = _check_open_hands(open_hands, rules)
    face_up = tuple(card for open_hand in open_hands for card in open_hand.cards if card is not None)
    known = check_cards(hand + seen + face_up, rules.copies, _("banker's cards, seen cards and open hands together"))
    pool = Counter(rules.pack) - Counter(known)
    unseen = sum(pool.values())
    hidden = sum(open_hand.cards.count(None) for open_hand in open_hands)
    if hidden > unseen:
        raise InvalidCards(_("open hands: {hidden} face-down cards, but only {unseen} cards are unseen").format(
            hidden=hidden, unseen=unseen))
    if stock is None:
        stock_cards, under = unseen - hidden, seen
    else:
        if not isinstance(stock, Stock):
            raise InvalidSetup(_("stock: a quitlok.stock.Stock (face-down cards left, cards under it), "
                                 "not {stock}").format(stock=shown(stock)))
        stock = stock.checked(seen, rules.copies)
        stock_cards, under = stock.cards, stock.under
        if stock_cards + hidden > unseen:
            raise InvalidCards(_("stock: {stock_cards} face-down cards in the stock and {hidden} in the "
                                 "open hands, but only {unseen} cards are unseen; no table has that many").format(
                stock_cards=stock_cards, hidden=hidden, unseen=unseen))
    # the normalised position: seen cards and those under the stock in any order, no stock = its default
    key = (rules, hand, tuple(sorted(seen)), open_hands, stock_cards, tuple(sorted(under)), player_stands_on, exact)

    # worked out once per position (ANSWERS), in a worker process where the app has them (quitlok.costly.away);
    # said in the asker's language here, since the answer is shared by visitors of every language
    advice = ANSWERS.answer(key, lambda: away(_work_out, rules, hand, pool, open_hands, player_stands_on, exact,
                                              stock_cards, under))
    return _with_words(advice, open_hands, rules.banker_must_reach, advice.reshuffle)


def _work_out(rules: RuleSet, hand: tuple, pool: Counter, open_hands: tuple, player_stands_on: int, exact: bool,
              stock_cards: int, under: tuple) -> BankerAdvice:
    """The advice, within quitlok.costly.BUDGET of CPU time (past it TooLarge, never a guess): a function of the
    module, so that a worker process can run it."""
    with cpu_budget():
        return _Banker(rules, hand, pool, open_hands, player_stands_on, exact, stock_cards, under).advice()


def _check_open_hands(open_hands, rules: RuleSet) -> tuple[OpenHand, ...]:
    if isinstance(open_hands, OpenHand) or not isinstance(open_hands, Sequence):
        raise InvalidSetup(_("open_hands: a list of OpenHand, one per staying player with a stake"))
    if not open_hands:
        raise InvalidSetup(_("open_hands: no stake is open, so the banker does not play"))
    checked = []
    for i, open_hand in enumerate(open_hands, 1):
        if not isinstance(open_hand, OpenHand):
            raise InvalidSetup(_("open hand {i}: an OpenHand(stake, cards, room), not {open_hand}").format(
                i=i, open_hand=shown(open_hand)))
        whole_number(_("open hand {i}'s stake").format(i=i), open_hand.stake)
        whole_number(_("open hand {i}'s room").format(i=i), open_hand.room)
        if open_hand.stake < 1:
            raise InvalidSetup(_("open hand {i}: a staying player with an open stake has at least 1 chip "
                                 "on it").format(i=i))
        if not isinstance(open_hand.cards, tuple | list):
            raise InvalidCards(_("open hand {i}: its cards are a list such as (None, 5), not {cards}").format(
                i=i, cards=shown(open_hand.cards)))
        cards = tuple(open_hand.cards)
        if not cards:
            raise InvalidCards(_("open hand {i}: no cards; a staying player holds at least his first card").format(i=i))
        check_cards([c for c in cards if c is not None], 4, _("open hand {i}'s face-up cards").format(i=i))
        if cards[0] is not None:
            raise InvalidCards(_("open hand {i}: a player's first card is dealt face down, so the banker "
                                 "cannot know it (write ? for it)").format(i=i))
        if not rules.blots and any(card is not None for card in cards):
            raise InvalidCards(_("open hand {i}: under these rules every card a player takes comes face "
                                 "down (there are no blots), so write ? for each").format(i=i))
        checked.append(OpenHand(open_hand.stake, cards, open_hand.room))
    return tuple(checked)


class _Players:
    """The open hands' face-down cards dealt jointly: for every union of them (as counts by rank), how many
    deals make it and the stakes those deals put on each player total."""

    def __init__(self, rows: list, stakes: list, pool: np.ndarray, copies: int, exact: bool):
        self.exact, self.pool = exact, pool
        self.dtype = object if exact else np.float64
        #: falling[a, k]: ways to deal k told-apart cards of a rank, in order, from a of them
        self.falling = np.array([[perm(a, k) if k <= a else 0 for k in range(copies + 1)]
                                 for a in range(copies + 1)], dtype=self.dtype)
        self.base = copies + 1
        self.place = self.base ** np.arange(12, dtype=np.int64)
        # every player's rows as {counts: {total: ways}}; the totals any player may hold, as columns
        self.players = []
        for player_rows in rows:
            by_counts: dict = defaultdict(dict)
            for (counts, total), ways in player_rows.items():
                by_counts[counts][total] = ways
            self.players.append(dict(by_counts))
        self.columns = sorted({total for player_rows in rows for (_, total) in player_rows})
        self.stakes = stakes
        self._deal_all()

    def _step(self, unions, keys, weights, table, player: int, track: bool, last: bool):
        """Deal one more player's face-down cards to every union; `table` is the stakes-by-total matrix or None.
        With `last`, the weight of each of this player's totals is gathered too."""
        pieces, gathered, marginal = [], 0, defaultdict(lambda: 0)
        kept = None  # the unions summed up so far: (keys, weights, table)
        for counts, by_total in self.players[player].items():
            spend()  # within the question's budget of CPU time (quitlok.costly), else TooLarge
            ways = sum(by_total.values())
            factor = np.ones(len(keys), dtype=self.dtype)
            for r, c in enumerate(counts):
                if c:
                    factor = factor * self.falling[self.pool[r] - unions[:, r], c]
            keep = np.nonzero(factor)[0]
            if not len(keep):
                continue
            dealt = weights[keep] * factor[keep]
            if last:
                whole = dealt.sum()
                for total, w in by_total.items():
                    marginal[total] += whole * w
                if not track:
                    continue
            row = None
            if track:
                spread = np.zeros(len(self.columns), dtype=self.dtype)
                for total, w in by_total.items():
                    spread[self.columns.index(total)] += self.stakes[player] * w
                row = (table[keep] * factor[keep, None] * ways + dealt[:, None] * spread[None, :])
            pieces.append((keys[keep] + int((np.array(counts) * self.place).sum()), dealt * ways, row))
            gathered += len(keep)
            if gathered > _CHUNK:
                kept = self._sum_up(pieces, kept, track)
                pieces, gathered = [], 0
                if len(kept[0]) > MOST_UNIONS:
                    break
        if pieces or kept is None:
            kept = self._sum_up(pieces, kept, track)
        keys, weights, table = kept
        if len(keys) > MOST_UNIONS:
            raise TooLarge(_("open hands: their face-down cards can be made up in more than "
                             "{fmost_unions} ways that each change the odds, too many to weigh exactly "
                             "here; fewer face-down cards or open hands can be answered").format(
                fmost_unions=_number(MOST_UNIONS)))
        unions = (keys[:, None] // self.place[None, :]) % self.base
        return unions, keys, weights, table, marginal

    def _sum_up(self, pieces: list, kept, track: bool):
        """The candidate unions in `pieces` (and those `kept` so far), each union once with its sums."""
        if kept is not None:
            pieces = [kept, *pieces]
        if not pieces:
            return (np.zeros(0, dtype=np.int64), np.zeros(0, dtype=self.dtype),
                    np.zeros((0, len(self.columns)), dtype=self.dtype) if track else None)
        keys = np.concatenate([p[0] for p in pieces])
        weights = np.concatenate([p[1] for p in pieces])
        table = np.concatenate([p[2] for p in pieces]) if track else None
        order = np.argsort(keys, kind="stable")
        keys = keys[order]
        starts = np.flatnonzero(np.r_[True, keys[1:] != keys[:-1]])
        weights = np.add.reduceat(weights[order], starts)
        if track:
            table = np.add.reduceat(table[order], starts, axis=0)
        return keys[starts], weights, table

    def _run(self, order: list, track: bool):
        unions = np.zeros((1, 12), dtype=np.int64)
        keys = np.zeros(1, dtype=np.int64)
        weights = np.ones(1, dtype=self.dtype)
        table = np.zeros((1, len(self.columns)), dtype=self.dtype) if track else None
        marginal = {}
        for i, player in enumerate(order):
            last = i == len(order) - 1
            unions, keys, weights, table, marginal = self._step(unions, keys, weights, table, player, track, last)
            if not track and not len(keys):
                break
        return unions, weights, table, marginal

    def _deal_all(self) -> None:
        n = len(self.players)
        self.unions, self.weights, self.table, last = self._run(list(range(n)), True)
        self.whole = self.weights.sum() if len(self.weights) else 0
        self.marginals: list = [None] * n
        self.marginals[n - 1] = last
        # the other players' totals: the same deal with each kind of player last (alike players share it)
        for j in range(n - 1):
            twin = next((k for k in range(j + 1, n) if self.players[k] == self.players[j]), None)
            if twin is not None:
                continue
            order = [k for k in range(n) if k != j] + [j]
            self.marginals[j] = self._run(order, False)[3]
        for j in range(n - 2, -1, -1):
            if self.marginals[j] is None:
                self.marginals[j] = next(self.marginals[k] for k in range(j + 1, n)
                                         if self.players[k] == self.players[j])


class _Banker:
    """One banker question: the players' possible hands dealt jointly, then the banker's best play over his
    draws from the stock."""

    def __init__(self, rules: RuleSet, hand: tuple, pool: Counter, open_hands: tuple, player_stands_on: int,
                 exact: bool, stock_cards: int, under: tuple):
        self.rules, self.hand, self.open_hands, self.exact = rules, hand, open_hands, exact
        self.num = Fraction if exact else float
        self.pool = np.array([pool[r] for r in RANKS], dtype=np.int64)
        self.size = int(self.pool.sum())
        self.hidden = sum(h.cards.count(None) for h in open_hands)
        self.player_solver = solver_for(rules, rules.banker_model(player_stands_on), exact)
        kept = [self._possible_hands(i, open_hand) for i, open_hand in enumerate(open_hands, 1)]
        self.models = [model for model, _ in kept]
        stakes = [h.stake for h in open_hands]
        self.players = _Players([rows for _, rows in kept], stakes, self.pool, rules.copies, exact)
        if not self.players.whole and any(model == "best play" for model in self.models):
            # no joint deal fits every player's best play: every hand below 21 counts, for everyone
            kept = [self._possible_hands(i, open_hand, best_play=False) for i, open_hand in enumerate(open_hands, 1)]
            self.models = [model for model, _ in kept]
            self.players = _Players([rows for _, rows in kept], stakes, self.pool, rules.copies, exact)
        if not self.players.whole:
            raise InvalidCards(_("open hands: their face-down cards cannot all be dealt from the unseen "
                                 "cards without one of them reaching 21 first, so they cannot all still "
                                 "be open"))
        # the stock: the banker's first `first` cards come from the unseen cards the table does not hold; then,
        # with cards under the stock, a new stock of the last one (`last`: 1, or 0 when none is left) and those
        self.stock_cards, self.under = stock_cards, np.array([under.count(r) for r in RANKS], dtype=np.int64)
        self.rest = self.size - self.hidden  # the stock's and the other seats' face-down cards
        if self.under.sum():
            self.first, self.last = max(stock_cards - 1, 0), min(stock_cards, 1)
        else:
            self.first, self.last = stock_cards, 0
        self.second = int(self.under.sum()) + self.last if self.under.sum() else 0
        #: for each union, the unseen cards the table does not hold: the stock's and other seats' face-down cards
        self.left = self.pool[None, :] - self.players.unions
        self.most = self.left.max(axis=0).tolist()
        #: less[r][k]: for each union, the cards of rank r+1 left in the stock after k of them were drawn
        kind = object if exact else np.float64
        self.less = [[np.ascontiguousarray(self.left[:, r] - k).astype(kind) for k in range(rules.copies + 1)]
                     for r in range(12)]
        self._lasts: dict = {}
        self._memo: dict = {}
        self._columns: dict = {}

    def value(self, s) -> int:
        return summary_value(s, self.rules.twelve_values, self.rules.framed_pair_21)

    # --- the players: every hidden set his play allows, with how many rank orders make it ---------------

    def _possible_hands(self, number: int, open_hand: OpenHand, best_play: bool = True) -> tuple[str, dict]:
        """("best play" or "open", {(hidden counts, total): orders}) for one open hand: best play's stays
        when any fit (and `best_play`), else every hand that stayed below 21."""
        spend()
        ways: dict = defaultdict(int)
        used = [0] * 12
        steps = [0]

        def walk(i: int, s) -> None:
            steps[0] += 1
            if not steps[0] % 2048:  # 7 hands of 6 face-down cards walk 800,000 steps (2.8 s) before the budget
                spend()
            if i == len(open_hand.cards):
                ways[(tuple(used), s)] += 1
                return
            card = open_hand.cards[i]
            for rank in RANKS if card is None else (card,):
                after = add_card(s, rank)
                if card is None and used[rank - 1] >= self.pool[rank - 1] or ends_turn(self.value(after)):
                    continue
                used[rank - 1] += card is None
                walk(i + 1, after)
                used[rank - 1] -= card is None

        walk(0, (0, 0, 0, 0))
        if not ways:
            up = self.value(summarize(card for card in open_hand.cards if card is not None))
            why = (_("its face-up cards already count {total}").format(total=up) if ends_turn(up) else
                   _("no cards from those unseen could fill its face-down places without reaching 21 first"))
            raise InvalidCards(_("open hand {number}: {why}, and a hand at 21 or more is settled at "
                                 "once, so it cannot still be open").format(number=number, why=why))
        stays = {key: w for key, w in ways.items() if best_play and self._best_play_stays(open_hand, *key)}
        model, kept = ("best play", stays) if stays else ("open", ways)
        totals: dict = defaultdict(int)
        for (counts, s), w in kept.items():
            totals[(counts, self.value(s))] += w
        return model, dict(totals)

    def _best_play_stays(self, open_hand: OpenHand, counts: tuple, s) -> bool:
        """Would best play stay on this hand, seeing what the player saw (the banker's cards were face down)?
        Asked as the advisor asks it without a stock (`quitlok.odds.advise(..., stock=None)`): the cards he
        saw lie under the stock and come back at a reshuffle."""
        unseen = self.pool - np.array(counts) + np.array([self.hand.count(r) for r in RANKS])
        own = np.array(counts) + np.array([sum(card == r for card in open_hand.cards) for r in RANKS])
        under = self.rules.copies - unseen - own
        size = int(unseen.sum())
        if size < 2:  # no table leaves him fewer unseen cards than the banker's and the stock's last
            return False
        deck = (pack_counts(unseen.tolist()), size - 1, 0, pack_counts(under.tolist()))
        values = values_at(self.player_solver, s, deck, open_hand.stake, open_hand.room)
        # floats: an exact tie may come out a hair apart, and a tie stays (as the advisor's order says)
        return values[Move.STAY] >= max(values.values()) - (0 if self.exact else 1e-12)

    # --- the banker: best play over his draws, weighed over the unions of the players' hands ------------

    def advice(self) -> BankerAdvice:
        start = summarize(self.hand)
        mine = self.value(start)
        values = {}
        forced = banker_must_draw(self.rules, mine)
        can_draw = not ends_turn(mine) and self.first + self.second > 0
        # each union's column is already weighed by its deals: the ways start at one order (no draw yet)
        one = np.ones(len(self.players.weights), dtype=object if self.exact else np.float64)
        root = (one, one)
        if not (forced and can_draw):
            values[STAND] = self.stand(mine, (0,) * 12, (0,) * 12, root[0])
        if can_draw:
            values[DRAW] = self.draw(start, (0,) * 12, (0,) * 12, root)
        best = STAND if STAND in values and values[STAND] >= max(values.values()) else DRAW
        busting = sum(int(c) for r, c in zip(RANKS, self.pool, strict=True) if is_bust(self.value(add_card(start, r))))
        totals = []
        for marginal in self.players.marginals:
            whole = sum(marginal.values())
            totals.append({t: (Fraction(int(w), int(whole)) if self.exact else float(w) / float(whole))
                           for t, w in sorted(marginal.items()) if w})
        advice = BankerAdvice(values=values, best=best, totals=tuple(totals), models=tuple(self.models), value=mine,
                              unseen=self.size, busting=busting, facts="", reason="")
        reshuffle = None
        if self.first == 0 and self.second > 0 and not ends_turn(mine):
            bust = sum(int(c) for r, c in zip(RANKS, self.under, strict=True)
                       if is_bust(self.value(add_card(start, r))))
            reshuffle = (int(self.under.sum()), bust, self.last)
        elif self.first + self.second == 0 and not ends_turn(mine):
            reshuffle = (0, 0, 0)  # no card is left to draw
        return replace(advice, reshuffle=reshuffle)

    def orders(self, first: int, second: int) -> int:
        """How many orders of the banker's draws (and last stock cards) each weighed deal stands for."""
        ways = perm(self.rest, first)
        if second:
            ways *= (self.rest - self.first if self.last else 1) * perm(self.second, second)
        return ways

    def column(self, banker_total: int) -> np.ndarray:
        """For each union: the stakes the bank wins less those it loses standing on `banker_total`."""
        key = None if is_bust(banker_total) else banker_total  # every bust total pays the same
        if key not in self._columns:
            table = self.players.table
            won = table[:, ~player_wins(np.array(self.players.columns), banker_total)].sum(axis=1)
            self._columns[key] = 2 * won - table.sum(axis=1)
        return self._columns[key]

    def stand(self, banker_total: int, first: tuple, second: tuple, ways: np.ndarray):
        # (not np.dot: BLAS's threads cost far more than a short sum here, on a busy machine)
        total = (ways * self.column(banker_total)).sum()
        orders = self.orders(sum(first), sum(second)) * self.players.whole
        return Fraction(int(total), int(orders)) if self.exact else float(total) / float(orders)

    def draw(self, s, first: tuple, second: tuple, ways: tuple):
        """Draw one card now, then play on at best. `ways` holds, for each union, how many orders of the
        cards drawn so far it allows: before the reshuffle (from the stock), and with those after it."""
        total = self.num(0)
        if sum(first) < self.first:
            for rank in RANKS:
                if first[rank - 1] >= self.most[rank - 1]:
                    continue  # no union leaves another card of this rank
                after = first[:rank - 1] + (first[rank - 1] + 1,) + first[rank:]
                key = (add_card(s, rank), after, second)
                if key not in self._memo:
                    more = ways[0] * self.less[rank - 1][first[rank - 1]]
                    self.best(key, (more, more))
                total += self._memo[key]
            return total
        # the new stock: the last face-down card (one of the unseen cards not yet drawn) and the cards under it
        for rank in RANKS:
            after = second[:rank - 1] + (second[rank - 1] + 1,) + second[rank:]
            if after[rank - 1] > self.under[rank - 1] + self.last:
                continue
            key = (add_card(s, rank), first, after)
            if key not in self._memo:
                self.best(key, (ways[0], ways[0] * self.new_stock(first, after)))
            total += self._memo[key]
        return total

    def new_stock(self, first: tuple, drawn: tuple) -> np.ndarray:
        """For each union: the orders in which `drawn` comes from the new stock, over what its last card is."""
        under = self.under.tolist()
        if not self.last:
            plain = 1
            for r in range(12):
                plain *= perm(under[r], drawn[r]) if drawn[r] <= under[r] else 0
            return np.full(len(self.left), plain, dtype=object if self.exact else np.float64)
        by_last = []
        for x in range(12):
            ways = 1
            for r in range(12):
                n = under[r] + (r == x)
                ways *= perm(n, drawn[r]) if drawn[r] <= n else 0
            by_last.append(ways)
        if first not in self._lasts:  # for each union, the cards the last one of the stock may be
            self._lasts[first] = (self.left - np.array(first)[None, :]).astype(object if self.exact else np.float64)
        return (self._lasts[first] * np.array(by_last, dtype=object if self.exact else np.float64)).sum(axis=1)

    def best(self, key: tuple, ways: tuple):
        s, first, second = key
        spend()
        value = self.value(s)
        more = not ends_turn(value) and sum(first) + sum(second) < self.first + self.second
        forced = banker_must_draw(self.rules, value)
        if not more:
            result = self.stand(value, first, second, ways[1])
        elif forced:
            result = self.draw(s, first, second, ways)
        else:
            result = max(self.stand(value, first, second, ways[1]), self.draw(s, first, second, ways))
        self._memo[key] = result
        return result


def _with_words(advice: BankerAdvice, open_hands: tuple, must: int | None,
                reshuffle: tuple[int, int, int] | None = None) -> BankerAdvice:
    """The facts and the verdict in words a learner reads; `reshuffle` (cards under the stock, how many of
    them would bust him, face-down cards left in the stock: 1 or 0) when his next card comes from a new stock,
    (0, 0, 0) when no card is left to draw."""
    stakes = sum(h.stake for h in open_hands)
    n = len(open_hands)
    hands = ngettext("{n} open hand", "{n} open hands", n).format(n=n)
    chips = ngettext("{n} chip at stake", "{n} chips at stake", stakes).format(n=stakes)
    # Translators: {hands} is "2 open hands", {chips} "3 chips at stake"
    parts = [_("You hold {value}, against {hands} ({chips}).").format(value=advice.value, hands=hands, chips=chips)]
    if reshuffle == (0, 0, 0):
        parts.append(_("No card is left to draw, in the stock or under it: you stand."))
    elif reshuffle is not None:
        under, busting, last = reshuffle
        parts.append((ngettext("The stock is down to its last card: your next card comes from it shuffled with the "
                               "{n} face-up card under it, {busting} of which would bust you.",
                               "The stock is down to its last card: your next card comes from it shuffled with the "
                               "{n} face-up cards under it, {busting} of which would bust you.", under) if last else
                      ngettext("The stock is empty: your next card comes from the {n} face-up card under it, "
                               "shuffled into a new stock; {busting} of them would bust you.",
                               "The stock is empty: your next card comes from the {n} face-up cards under it, "
                               "shuffled into a new stock; {busting} of them would bust you.", under)
                      ).format(n=under, busting=busting))
    elif not ends_turn(advice.value) and not advice.busting:
        parts.append(_("None of the {unseen} unseen cards can bust you.").format(unseen=advice.unseen))
    elif not ends_turn(advice.value):
        parts.append(_("{busting} of the {unseen} unseen cards would bust you ({percent}).").format(
            busting=advice.busting, unseen=advice.unseen, percent=percent(Fraction(advice.busting, advice.unseen))))
    if must is not None and advice.value < must:
        parts.append(_("The rules make you draw below {must}.").format(must=must))
    facts = " ".join(parts)
    # Translators: the banker's choices, in "Best: stand, worth +0.12 chips for the bank on average"
    words = {STAND: pgettext("banker's choice", "stand"), DRAW: pgettext("banker's choice", "draw a card")}
    # Translators: another choice and its value in chips: "draw a card: -0.30"
    others = [_("{choice}: {value}").format(choice=words[c], value=_decimal(v, 2, signed=True))
              for c, v in advice.values.items() if c != advice.best]
    fields = {"choice": words[advice.best], "value": _decimal(advice.values[advice.best], 2, signed=True),
              "others": "; ".join(others)}
    verdict = (_("Best: {choice}, worth {value} chips for the bank on average ({others}).") if others else
               _("Best: {choice}, worth {value} chips for the bank on average.")).format(**fields)
    return replace(advice, facts=facts, reason=f"{facts} {verdict}")

