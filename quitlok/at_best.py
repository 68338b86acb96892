"""The solved game in play: where the shipped equilibrium applies at a table, and what it plays there (issue 27,
item 4).

The equilibrium (`quitlok.solve`, docs/solving.md) is worked out for one game only, and this module answers from
it only there. It **applies** to a decision when all of these hold (`spot(state)` checks them on a State, from
its facts alone):

1. the rules are the solved game's (`quitlok.solve.shipped_game`: the KVITLACH preset, 48 cards; a house rule
   changed anywhere, or the 24-card pack, and it does not);
2. one player against the banker: the hand was dealt to exactly two seats, the banker's and one player's;
3. a fresh pack: the hand was dealt from the whole shuffled pack (every card not in the two hands is in the
   stock, except 11s this player threw in with elvaroon in this hand), so nothing else has been seen;
4. the stake the solved game assumes: one chip, bet before the second card, with no room to raise (the
   table's maximum bet, the bank or his purse allow him no more); a larger stake, or room to raise with
   elvaroon, gives the player choices the solved game does not have;
5. the table has told the banker no more than the solved game does. A protected 11 that the player *kept* is
   announced at the table (quitlok.events.ElevenKept), while in the solved game the banker cannot tell it from
   another card; but keeping it always ends the turn (the cards could count 11, so with the 11 they make 21 or
   bust), so no decision of the solved game follows one, and `history_of` refuses it all the same. The choice to
   keep or reject itself is not answered here.

Quitlok's equilibrium ships too (quitlok/data/quitlok_equilibrium.npz, within 2.1e-5 chips a hand: docs/solving.md),
but it is not used in play yet (its table by information set, and the public histories of blots and bets at any
time, are still to be written), so nothing here applies under its rules.

Where it applies: the banker's chance of standing on his cards after what the player showed (`banker_at_best`),
the player's chances of each move with his cards (`player_at_best`), the computer banker's choice sampled from
the first with a seeded source (`choose_as_banker`), and the Advisor's questions (`advisor_banker`,
`advisor_player`). The strategies are read from a small table (`quitlok/data/kvitlach_at_best.npz`, written by
`tools/at_best_table.py` from the shipped equilibrium and checked against it by tests/solve/test_at_best.py):
loading the equilibrium itself takes the solver's tree (seconds and hundreds of MB), which the Lab does in a
worker process; a Hint must not.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from quitlok import events as ev
from quitlok.actions import Action, Draw, Stand
from quitlok.game import BANKER, PROTECTED, TURN, State
from quitlok.hand import hand_value
from quitlok.i18n import _, ngettext
from quitlok.moves import Move
from quitlok.rules import KVITLACH, RuleSet
from quitlok.solve import PLAYER_ACTIONS

__all__ = ["BankerAtBest", "PlayerAtBest", "TABLE", "advisor_banker", "advisor_player", "applies_words",
           "banker_at_best", "choose_as_banker", "history_of", "player_at_best", "spot", "table"]

#: the table of the shipped equilibrium's strategies (tools/at_best_table.py writes it)
TABLE = Path(__file__).parent / "data" / "kvitlach_at_best.npz"
#: the solved game's stake, and the room to raise it leaves (quitlok.solve.Game: room 1, raise_room 0)
STAKE, RAISE_ROOM = 1, 0
#: a chance of standing within this of 0 or 1 is told as a pure choice (CFR+'s averages are not exactly 0 or 1)
PURE = 0.02
#: the events of the solved game's public histories, as `quitlok.solve` keys them
BET, DRAW, CALL, ON, ELEVEN, REJECT, STAY = "bet", "draw", str(Move.DRAW_ALUVUN), "on", "11?", "reject", "stay"


def key_text(history: Iterable) -> str:
    """A public history as the table stores it: its events joined by '/'."""
    return "/".join(str(event.value if isinstance(event, Move) else event) for event in history)


# --- the table -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """The shipped equilibrium's strategies by information set, from `TABLE`."""

    rules: RuleSet
    #: public history (ending in a stay) -> {the banker's cards as counts of ranks 1-12: chance of standing}
    banker: dict[str, dict[tuple[int, ...], float]]
    #: (public history, the player's face-down cards as counts) -> {move: chance}
    player: dict[tuple[str, tuple[int, ...]], dict[str, float]]


@cache
def table() -> Table:
    """The strategy table, read once a process (0.3-0.4 s, about 15 MB)."""
    with np.load(TABLE, allow_pickle=False) as data:
        bank_keys = [str(k) for k in data["bank_keys"]]
        states = [tuple(int(c) for c in row) for row in data["bank_states"]]
        stand = data["bank_stand"]
        banker = {key: dict(zip(states, map(float, stand[t]), strict=True)) for t, key in enumerate(bank_keys)}
        keys = [str(k) for k in data["row_keys"]]
        actions = [str(a) for a in data["actions"]]
        starts, slot_action, slot_p = data["row_start"], data["slot_action"], data["slot_p"]
        player = {}
        for r, (k, x) in enumerate(zip(data["row_key"], data["row_x"], strict=True)):
            a, b = int(starts[r]), int(starts[r + 1])
            player[(keys[int(k)], tuple(int(c) for c in x))] = {
                actions[int(slot_action[s])]: float(slot_p[s]) for s in range(a, b)}
    return Table(KVITLACH, banker, player)


def write_table(solution, path: Path = TABLE) -> None:
    """Write the strategy table of a loaded `quitlok.solve.Solution` (tools/at_best_table.py)."""
    tree = solution.tree
    stand = tree._stand_prob(solution.banker)
    decide = np.asarray(tree.b_decide)
    keys = sorted({key_text(tree.nodes[n].key) for n in tree.row_node})
    index = {k: i for i, k in enumerate(keys)}
    names = [str(a.value if isinstance(a, Move) else a) for a in PLAYER_ACTIONS]
    slot_p, slot_action, starts = [], [], [0]
    for r in range(tree.n_rows):
        a, b = tree.row_slot_start[r], tree.row_slot_start[r + 1]
        slot_p.extend(float(solution.player[s]) for s in range(a, b))
        slot_action.extend(int(tree.slot_action_a[s]) for s in range(a, b))
        starts.append(len(slot_p))
    np.savez_compressed(
        path,
        bank_keys=np.array([key_text(node["key"]) for node in tree.bank_nodes]),
        bank_states=np.array([tree.b_states[k] for k in decide], dtype=np.int8),
        bank_stand=stand[:, decide],
        row_keys=np.array(keys),
        row_key=np.array([index[key_text(tree.nodes[n].key)] for n in tree.row_node], dtype=np.int32),
        row_x=np.array(tree.row_x, dtype=np.int8),
        row_start=np.array(starts, dtype=np.int32),
        actions=np.array(names),
        slot_action=np.array(slot_action, dtype=np.int8),
        slot_p=np.array(slot_p),
    )


def solved_rules(rules: RuleSet) -> bool:
    """The rules are the solved game's (every field that changes the game, the pack among them)."""
    return isinstance(rules, RuleSet) and rules == KVITLACH


# --- where it applies: a State ------------------------------------------------------------------------


@dataclass(frozen=True)
class Spot:
    """A decision where the equilibrium applies: the player's seat, the public history the banker has seen so far
    (quitlok.solve's keys), and the player's face-down cards (counts by rank; those of a decision to come)."""

    player: int
    history: tuple[str, ...]
    hidden: tuple[int, ...]


def _counts(cards: Iterable[int]) -> tuple[int, ...]:
    c = Counter(cards)
    return tuple(c[r] for r in range(1, 13))


def history_of(state: State, player: int) -> tuple[str, ...] | None:
    """The public history of `player`'s turn in this hand, as the solved game keys it (without the final stay);
    None when something happened that the solved game does not have (a blot, a raise, a bet not of one chip, a
    kept 11 the table announced)."""
    start = max((i for i, e in enumerate(state.events) if isinstance(e, ev.HandDealt)), default=None)
    if start is None:
        return None
    history: list[str] = []
    called = False
    for event in state.events[start + 1:]:
        if getattr(event, "seat", None) != player:
            continue
        if isinstance(event, ev.BetPlaced):
            if history or event.n != STAKE or event.with_card:
                return None
            history.append(BET)
        elif isinstance(event, ev.AluvunCalled):
            called = True
        elif isinstance(event, ev.FaceDownTaken):
            if not history or history[-1] == ELEVEN:
                return None
            history += [CALL, ON] if called else [DRAW]
            called = False
        elif isinstance(event, ev.ElevenProtected):
            if history[-2:] != [CALL, ON]:
                return None
            history[-1] = ELEVEN  # the 11 came instead of an ordinary card
        elif isinstance(event, ev.ElevenRejected):
            history.append(REJECT)
        elif isinstance(event, ev.ElevenKept):
            return None  # announced at the table; the solved banker cannot tell it from another card
        elif isinstance(event, ev.Stayed | ev.WentBust | ev.TwentyOne):
            break
        elif isinstance(event, ev.BlotAsked):
            return None
    return tuple(history)


def spot(state: State) -> Spot | None:
    """Where the equilibrium applies to the decision of `state.to_act` (the module's docstring says when), with
    the public history and the player's face-down cards; None anywhere else."""
    if not solved_rules(state.rules) or state.to_act is None or state.phase not in (TURN, PROTECTED, BANKER):
        return None
    dealt = [seat for seat, hand in enumerate(state.hands) if hand or state.thrown[seat]]
    players = [seat for seat in dealt if seat != state.banker]
    if state.banker not in dealt or len(players) != 1:
        return None
    player = players[0]
    history = history_of(state, player)
    if history is None or (history and history[0] != BET):
        return None
    rejected = history.count(REJECT)
    in_hands = sum(len(hand) for hand in state.hands)
    if len(state.stock) + in_hands + len(state.under) != state.rules.pack_size or list(state.under) != [11] * rejected:
        return None
    if history and (state.stakes[player] != STAKE or state.bet_room(player) != RAISE_ROOM):
        return None
    if state.phase == BANKER:
        if not history or state.stakes[player] == 0:
            return None
    elif state.to_act != player:
        return None
    elif not history and (state.stakes[player] or state.bet_room(player) != STAKE):
        return None  # the first decision: bet one chip (all he may) or stay out
    elif state.phase == PROTECTED:
        return None  # keep or reject is announced at the table: see the docstring, point 5
    hand = state.hands[player]
    hidden = _counts(card for card, up in zip(hand, state.face_up[player], strict=True) if not up)
    return Spot(player, history, hidden)


# --- what the equilibrium plays ---------------------------------------------------------------------------


@dataclass(frozen=True)
class BankerAtBest:
    """The banker's play at his best: his chance of standing (drawing is the rest) with his cards after what the
    player showed; `shown` is that history in words."""

    stand: float
    history: tuple[str, ...]
    cards: tuple[int, ...]

    @property
    def draw(self) -> float:
        return 1.0 - self.stand

    @property
    def mixed(self) -> bool:
        return PURE < self.stand < 1 - PURE

    @property
    def best(self) -> str:
        """The move when it is pure (Move.STAND or Move.DRAW), the likelier one when mixed."""
        return Move.STAND if self.stand >= 0.5 else Move.DRAW


def banker_stand_chance(history: Sequence[str], cards: Iterable[int]) -> float | None:
    """The chance that the banker at his best stands holding `cards` after the public history `history` (without
    its final stay); None where the table has no such position. Forced moves are 0 (below 17) or 1 (from 20:
    the solved game's shortcut; 21 and bust end his turn)."""
    cards = tuple(cards)
    value = hand_value(cards, KVITLACH) if cards else 0
    key = key_text((*history, STAY))
    chances = table().banker.get(key)
    if chances is None or not cards:
        return None
    if value < (KVITLACH.banker_must_reach or 0):
        return 0.0
    if value >= 20:
        return 1.0
    return chances.get(_counts(cards))


def banker_at_best(state: State) -> BankerAtBest | None:
    """The banker's play at his best in `state`, where the equilibrium applies to his decision; else None."""
    found = spot(state)
    if found is None or state.phase != BANKER:
        return None
    cards = state.hands[state.banker]
    stand = banker_stand_chance(found.history, cards)
    return None if stand is None else BankerAtBest(stand, found.history, tuple(cards))


def choose_as_banker(state: State, seed: object) -> Action | None:
    """The computer banker's move at his best where the equilibrium applies (None elsewhere): a mixed choice
    sampled from a source seeded by `seed` and the State's move counter, so that a game replays exactly."""
    best = banker_at_best(state)
    if best is None:
        return None
    if best.stand >= 1.0:
        return Stand()
    if best.stand <= 0.0:
        return Draw()
    rng = random.Random(f"at best/{seed}/{state.moves}")
    return Stand() if rng.random() < best.stand else Draw()


@dataclass(frozen=True)
class PlayerAtBest:
    """The player's play at his best against a banker at his best: {move: chance} with his cards after
    `history` (moves as quitlok.solve names them: "bet", "out", "draw", "draw+aluvun", "stay")."""

    chances: dict[str, float]
    history: tuple[str, ...]

    @property
    def best(self) -> str:
        return max(self.chances, key=lambda move: self.chances[move])

    @property
    def mixed(self) -> bool:
        return sum(p > PURE for p in self.chances.values()) > 1


def player_at_best(history: Sequence[str], hidden: Iterable[int]) -> PlayerAtBest | None:
    """The player's moves at his best after public history `history`, holding face-down cards `hidden` (ranks);
    None where the table has no such position."""
    chances = table().player.get((key_text(history), _counts(hidden)))
    return None if chances is None else PlayerAtBest(dict(chances), tuple(history))


# --- the Advisor -------------------------------------------------------------------------------------------


def advisor_banker(rules: RuleSet, hand: Sequence[int], seen: Sequence[int], open_hands: Sequence) -> \
        list[tuple[tuple[str, ...], BankerAtBest]] | None:
    """The Advisor's banker's question, where the equilibrium applies: the solved game's rules, one open hand of
    one chip with no room left, every card of it face down (or a rejected 11 among the seen cards), nothing
    else seen. One answer per public history his cards fit (the Advisor is not told whether, or when, the
    player called elvaroon): [(history, the banker at his best)]; None where it does not apply."""
    if not solved_rules(rules) or len(open_hands) != 1 or not hand:
        return None
    (open_hand,) = open_hands
    if open_hand.stake != STAKE or open_hand.room != RAISE_ROOM or any(c is not None for c in open_hand.cards):
        return None
    if any(card != 11 for card in seen):
        return None
    taken = len(open_hand.cards) - 1
    found = []
    for history in _histories(taken, rejected=len(seen)):
        stand = banker_stand_chance(history, hand)
        if stand is not None:
            found.append((history, BankerAtBest(stand, history, tuple(hand))))
    return found or None


@cache
def _histories(taken: int, rejected: int) -> tuple[tuple[str, ...], ...]:
    """Every public history of the solved game in which the player bet, took `taken` cards after his first and
    rejected `rejected` 11s (each rejected 11 is followed by the card that stands), that the table holds."""
    out = []

    def walk(history: tuple, cards: int, rejects: int) -> None:
        if cards == taken and rejects == rejected:
            out.append(history)
            return
        if cards >= taken:
            return
        walk((*history, DRAW), cards + 1, rejects)
        walk((*history, CALL, ON), cards + 1, rejects)
        if rejects < rejected:
            walk((*history, CALL, ELEVEN, REJECT), cards + 1, rejects + 1)

    walk((BET,), 0, 0)
    known = table().banker
    return tuple(h for h in out if key_text((*h, STAY)) in known)


def advisor_player(rules: RuleSet, hand: Sequence[int], seen: Sequence[int], *, stake: int, room: int,
                   stock: int | None) -> list[tuple[tuple[str, ...], PlayerAtBest]] | None:
    """The Advisor's player's question, where the equilibrium applies: the solved game's rules, nothing seen but
    11s he threw in with elvaroon, the stock not given (a fresh pack), and the solved game's stake: before the
    bet nothing staked and one chip of room, after it one chip and no room. One answer per public history his
    cards fit (he may have called elvaroon where his cards could count 11): [(history, his play at best)];
    None where it does not apply."""
    if not solved_rules(rules) or not hand or stock is not None or any(card != 11 for card in seen):
        return None
    if stake == 0 and room == STAKE and len(hand) == 1 and not seen:
        best = player_at_best((), hand)
        return None if best is None else [((), best)]
    if stake != STAKE or room != RAISE_ROOM:
        return None
    found = []
    for history in _player_histories(hand, rejected=len(seen)):
        best = player_at_best(history, hand)
        if best is not None:
            found.append((history, best))
    return found or None


def _player_histories(hand: Sequence[int], rejected: int) -> list[tuple[str, ...]]:
    """The public histories of the solved game that the cards `hand` (in order, all face down) fit, with
    `rejected` 11s thrown in: a call only where the cards so far could count 11."""
    out = []
    rules = KVITLACH

    def can_call(cards: Sequence[int]) -> bool:
        if len(cards) == 1 and cards[0] == 11:
            return False
        sums = {0}
        for card in cards:
            sums = {s + v for s in sums for v in (rules.twelve_values if card == 12 else (card,))}
        return 11 in sums

    def walk(history: tuple, k: int, rejects: int) -> None:
        if k == len(hand):
            if rejects == rejected:
                out.append(history)
            return
        walk((*history, DRAW), k + 1, rejects)
        if can_call(hand[:k]):
            walk((*history, CALL, ON), k + 1, rejects)
            if rejects < rejected:
                walk((*history, CALL, ELEVEN, REJECT), k + 1, rejects + 1)

    walk((BET,), 1, 0)
    return out


# --- words ------------------------------------------------------------------------------------------------


def applies_words() -> str:
    """Where the best play against a banker at his best is worked out, for people."""
    return _("This best play is worked out for one player against the banker on a fresh pack (Kvitlach, 48 "
             "cards), one chip bet and no room to raise; elsewhere the advisor takes the banker to stand on a "
             "fixed total.")


def shown_words(history: Sequence[str]) -> str:
    """What the player showed the banker, in words: 'bet one chip, took 2 cards and stayed'."""
    taken = sum(event in (DRAW, CALL) for event in history)
    calls = history.count(CALL)
    rejects = history.count(REJECT)
    cards = ngettext("took {n} more card", "took {n} more cards", taken).format(n=taken)
    if calls and rejects:
        return _("bet, {cards}, called elvaroon {calls} and {thrown}").format(
            cards=cards, calls=ngettext("once", "{n} times", calls).format(n=calls),
            thrown=ngettext("threw in an 11 face up", "threw in {n} 11s face up", rejects).format(n=rejects))
    if calls:
        return _("bet, {cards} and called elvaroon {calls}").format(
            cards=cards, calls=ngettext("once", "{n} times", calls).format(n=calls))
    return _("bet and {cards}").format(cards=cards)


def _percent(p: float) -> str:
    return f"{100 * p:.0f}%"


def fixed_model_lead() -> str:
    """The lead of the fixed-model advice shown under the banker's play at his best."""
    return _("Against a player who plays his best against a banker standing on 17, best now")


def outside_words(rules: RuleSet) -> str:
    """Said where the rules are the solved game's but the position is not in it: why the advice is today's."""
    if not solved_rules(rules):
        return ""
    return _("The banker's play at his best (the solved game) is worked out for one player against the banker on "
             "a fresh pack, one chip bet with no room to raise; this position is not that, so the advice here "
             "takes a fixed model.")


def mixed_why() -> str:
    """Why the banker's best play is sometimes mixed, for people."""
    return _("Why mixed: the player's total is hidden, and his choice to stay or take another card depends on "
             "what the banker will do. Like a poker player facing a possible bluff, a banker who always stood or "
             "always drew there could be exploited by the player changing when he stays; mixing at those chances "
             "leaves the player nothing to gain.")


def banker_move_words(best: BankerAtBest) -> str:
    """'draws 62% of the time and stands 38%', 'stands' or 'draws'."""
    if best.mixed:
        return _("draws {draw} of the time and stands {stand}").format(draw=_percent(best.draw),
                                                                        stand=_percent(best.stand))
    return _("stands") if best.best == Move.STAND else _("draws")


def banker_words(best: BankerAtBest) -> str:
    """The banker's play at his best, in sentences: pure, or mixed with its chances and why."""
    said = _("At his best the banker {move} here, against a player who {shown}.").format(
        move=banker_move_words(best), shown=shown_words(best.history))
    return f"{said} {mixed_why()}" if best.mixed else said


def banker_feedback(state: State, action: Action) -> tuple[str, str] | None:
    """("best" or "cost", a note) on the banker's draw or stand in `state` where the equilibrium applies: a move
    a banker at his best makes there (with a chance above PURE) is best; None outside the spot."""
    best = banker_at_best(state)
    if best is None or not isinstance(action, Draw | Stand):
        return None
    chance = best.stand if isinstance(action, Stand) else best.draw
    move = banker_move_words(best)
    if chance > PURE:
        return "best", _("In line with the banker's play at his best: he {move} here.").format(move=move)
    return "cost", _("At his best the banker {move} here.").format(move=move)


def move_words(move: str) -> str:
    """A move of the solved game's player, for people."""
    names = {BET: _("bet one chip"), "out": _("stay out"), DRAW: _("take a card"),
             CALL: _("call elvaroon and take a card"), STAY: _("stay")}
    return names.get(move, move)


def player_move_words(best: PlayerAtBest) -> str:
    """'take a card', or mixed: 'stay 70% of the time; take a card 30% of the time'."""
    shown = sorted(((p, m) for m, p in best.chances.items() if p > PURE), reverse=True)
    if len(shown) == 1:
        return move_words(shown[0][1])
    return _("; ").join(_("{move} {chance} of the time").format(move=move_words(m), chance=_percent(p))
                        for p, m in shown)


def player_words(best: PlayerAtBest) -> str:
    """The player's play at his best against a banker at his best, in a sentence."""
    if best.mixed:
        return _("Against a banker at his best, your best play is mixed: {moves}. Mixing keeps the banker from "
                 "reading your total from your play.").format(moves=player_move_words(best))
    return _("Against a banker at his best, your best play: {move}.").format(move=player_move_words(best))


def advisor_banker_words(rules: RuleSet, hand: Sequence[int], seen: Sequence[int], open_hands: Sequence) -> str:
    """The Advisor's banker's answer at his best, as Markdown; "" where the solved game does not apply."""
    found = advisor_banker(rules, hand, seen, open_hands)
    if not found:
        return ""
    if len(found) == 1:
        return banker_words(found[0][1])
    lines = [_("**At his best, against what the player showed** (the Advisor is not told whether he called "
               "elvaroon, which the banker saw):")]
    lines += [_("- a player who {shown}: he {move}").format(shown=shown_words(h), move=banker_move_words(b))
              for h, b in found]
    if any(b.mixed for _h, b in found):
        lines.append("")
        lines.append(mixed_why())
    return "\n".join(lines)


def advisor_player_words(rules: RuleSet, hand: Sequence[int], seen: Sequence[int], *, stake: int, room: int,
                         stock: int | None) -> str:
    """The Advisor's player's answer against a banker at his best, as Markdown, to show beside today's answer
    against a fixed banker; "" where the solved game does not apply."""
    found = advisor_player(rules, hand, seen, stake=stake, room=room, stock=stock)
    if not found:
        return ""
    if len(found) == 1:
        return player_words(found[0][1])
    lines = [_("**Against a banker at his best**, your best play depends on what he saw you do:")]
    lines += [_("- if you {shown}: {move}").format(shown=shown_words(h), move=player_move_words(b))
              for h, b in found]
    return "\n".join(lines)
