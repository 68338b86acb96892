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

Quitlok's equilibrium (24 cards; quitlok/data/quitlok_equilibrium.npz, docs/solving.md) is played the same way, for
the banker's decisions (its player's side is not in the app's table), where the same conditions hold mirrored: the
QUITLOK preset, no house rule changed; two seats; a fresh pack (but 11s thrown in after aluvun); the player bet his
one chip (with its face-down card) and has no room for more, one chip of room in all; the history the banker saw
(`quitlok_history_of`: each blot and its card, the bet, aluvun with either, an 11 thrown in) is one a player at
his best shows, and the banker's cards ones he reaches at his best there (`REACHED`): elsewhere the equilibrium
leaves his play unsettled (CFR+ leaves it at even chances), and the old play is kept. Its table is
`quitlok/data/quitlok_at_best.npz` (`QUITLOK_TABLE`, written by `tools/at_best_table.py quitlok`).

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
from quitlok.i18n import _, ngettext, percent
from quitlok.moves import Move
from quitlok.rules import KVITLACH, QUITLOK, RuleSet
from quitlok.solve import PLAYER_ACTIONS

__all__ = ["QUITLOK_TABLE", "BankerAtBest", "PlayerAtBest", "TABLE", "advisor_banker", "advisor_player",
           "applies_words", "banker_at_best", "choose_as_banker", "history_of", "player_at_best",
           "quitlok_history_of", "quitlok_table", "solved_game", "spot", "table", "write_quitlok_table"]

#: the table of the shipped equilibrium's strategies (tools/at_best_table.py writes it)
TABLE = Path(__file__).parent / "data" / "kvitlach_at_best.npz"
#: the solved game's stake, and the room to raise it leaves (quitlok.solve.Game: room 1, raise_room 0)
STAKE, RAISE_ROOM = 1, 0
#: a chance of standing within this of 0 or 1 is told as a pure choice (CFR+'s averages are not exactly 0 or 1)
PURE = 0.02
#: the events of the solved game's public histories, as `quitlok.solve` keys them
BET, DRAW, CALL, ON, ELEVEN, REJECT, STAY = "bet", "draw", str(Move.DRAW_ALUVUN), "on", "11?", "reject", "stay"
#: Quitlok's: a face-up card (followed by its number)
BLOT = "blot"


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


# --- Quitlok's table (24 cards): the banker's side only ------------------------------------------------------

#: Quitlok's table (tools/at_best_table.py quitlok writes it from quitlok/data/quitlok_equilibrium.npz)
QUITLOK_TABLE = Path(__file__).parent / "data" / "quitlok_at_best.npz"
#: a banker's position is kept in Quitlok's table when a hand reaches it this often or more, both playing the
#: shipped strategies: elsewhere (a history the player at his best never shows, or cards the banker at his best
#: never holds there) the equilibrium says nothing about his play (CFR+ leaves it at even chances), and the old
#: play is kept
REACHED = 1e-9
#: the chance of standing is stored in 1/STEPS steps (a byte); NOT_KEPT marks a position that is not kept
STEPS, NOT_KEPT = 254, 255


@dataclass(frozen=True)
class QuitlokTable:
    """Quitlok's shipped equilibrium, the banker's side: his chance of standing at every position reached."""

    #: public history (as `key_text`, ending in a stay) -> (its deck's number, where its chances start)
    histories: dict[str, tuple[int, int]]
    #: per deck: the counts of each rank the banker may draw from (the pack less the player's face-up cards and
    #: the 11s thrown in); his positions in it are quitlok.solve_grouped's, in their order
    decks: tuple[tuple[int, ...], ...]
    #: the chances of standing, a byte each (k / STEPS; NOT_KEPT: not kept)
    chances: np.ndarray

    def stand(self, key: str, cards: tuple[int, ...]) -> float | None:
        found = self.histories.get(key)
        if found is None:
            return None
        deck, start = found
        k = _deck_states(self.decks[deck]).get(cards)
        if k is None:
            return None
        byte = int(self.chances[start + k])
        return None if byte == NOT_KEPT else byte / STEPS


@cache
def _deck_states(deck: tuple[int, ...]) -> dict[tuple[int, ...], int]:
    """The banker's positions where he may still draw within `deck`, numbered as quitlok.solve_grouped does."""
    from quitlok.solve import shipped_game
    from quitlok.solve_grouped import banker_states
    states, _values, _children = banker_states(shipped_game("quitlok"), deck)
    return {state: k for k, state in enumerate(states)}


@cache
def quitlok_table() -> QuitlokTable:
    """Quitlok's table, read once a process."""
    with np.load(QUITLOK_TABLE, allow_pickle=False) as data:
        keys = bytes(data["keys"]).decode("utf-8").split("\n")
        histories = {key: (int(d), int(a)) for key, d, a in zip(keys, data["deck"], data["start"], strict=True)}
        decks = tuple(tuple(int(c) for c in row) for row in data["decks"])
        return QuitlokTable(histories, decks, np.array(data["chances"]))


def write_quitlok_table(tree, player: np.ndarray, banker: np.ndarray, kept: np.ndarray | None,
                        path: Path = QUITLOK_TABLE) -> dict:
    """Write Quitlok's table from its tree (grouped layout) and shipped strategies (`quitlok.solve.load_strategies`):
    every banker's position a hand reaches at least REACHED often, both playing them. Returns what it wrote."""
    gb = tree.grouped
    reach_p = tree.player_reach(player)
    weight = gb.weights(tree.bank_weights(player, reach_p), banker)
    stand = gb.stand_prob(banker)
    bytes_ = np.rint(stand * STEPS).astype(np.uint8)
    keep = weight >= REACHED
    if kept is not None:
        keep &= kept
    bytes_[~keep] = NOT_KEPT
    keys, deck_of, starts, parts, decks, deck_index = [], [], [], [], [], {}
    offset = 0
    for grp in gb.groups:
        block = gb.block(grp, bytes_)  # (his states, the group's histories)
        node = tree.bank_nodes[int(grp.nodes[0])]
        hidden = sum(tree.bank_row_x[node["rows"][0]])
        deck = [p - k for p, k in zip(tree.game.pack, node["kept"], strict=True)]
        deck[10] -= node["rejected"]
        deck = tuple(deck)
        assert sum(deck) - hidden >= 0 and grp.states == list(_deck_states(deck))
        d = deck_index.setdefault(deck, len(decks))
        if d == len(decks):
            decks.append(deck)
        for local, t in enumerate(grp.nodes):
            column = block[:, local]
            if not (column != NOT_KEPT).any():
                continue  # no position of this history is kept
            keys.append(key_text(tree.bank_nodes[int(t)]["key"]))
            deck_of.append(d)
            starts.append(offset)
            parts.append(column.copy())
            offset += column.size
    chances = np.concatenate(parts) if parts else np.zeros(0, dtype=np.uint8)
    np.savez_compressed(path, keys=np.frombuffer("\n".join(keys).encode("utf-8"), dtype=np.uint8),
                        deck=np.array(deck_of, dtype=np.int16), start=np.array(starts, dtype=np.int64),
                        decks=np.array(decks, dtype=np.int8), chances=chances)
    return {"histories": len(keys), "positions": int((chances != NOT_KEPT).sum()), "bytes": path.stat().st_size}


def solved_rules(rules: RuleSet) -> bool:
    """The rules are Kvitlach's solved game's (every field that changes the game, the pack among them), the game
    whose both sides are in play (Quitlok's: `solved_game`)."""
    return isinstance(rules, RuleSet) and rules == KVITLACH


def solved_game(rules: RuleSet) -> str | None:
    """The solved game these rules are, exactly ("kvitlach": the KVITLACH preset, 48 cards; "quitlok": the QUITLOK
    preset, 24 cards; a house rule changed and neither), or None."""
    if not isinstance(rules, RuleSet):
        return None
    return "kvitlach" if rules == KVITLACH else "quitlok" if rules == QUITLOK else None


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


def quitlok_history_of(state: State, player: int) -> tuple | None:
    """The public history of `player`'s turn under Quitlok, as the solved game keys it (without the final stay):
    each blot with its card ("blot", 5), each bet ("bet"; one chip, a face-down card), aluvun called with either
    ("blot+aluvun", 5; "bet+aluvun", "on"), an 11 thrown in ("reject") and the card after it (its number when face
    up); None when something happened that the solved game does not have (a bet not of one chip, a kept 11 the
    table announced, a face-down draw)."""
    start = max((i for i, e in enumerate(state.events) if isinstance(e, ev.HandDealt)), default=None)
    if start is None:
        return None
    history: list = []
    called, pending = False, None  # the move whose card is coming: "blot", "bet", or "again" after a reject
    for event in state.events[start + 1:]:
        if getattr(event, "seat", None) != player:
            continue
        if isinstance(event, ev.AluvunCalled):
            called = True
        elif isinstance(event, ev.BlotAsked):
            pending = "blot"
        elif isinstance(event, ev.BetPlaced):
            if event.n != STAKE or not event.with_card:
                return None
            pending = "bet"
        elif isinstance(event, ev.CardDealt) and pending is not None:
            face_up = event.face_up
            if pending == "again":
                history += [event.card] if face_up else []
            elif face_up:
                history += [str(Move.BLOT_ALUVUN) if called else BLOT, event.card]
            elif called:
                history += [str(Move.BET_ALUVUN), ELEVEN if event.card == 11 else ON]
            else:
                history.append(BET)
            called, pending = False, None
        elif isinstance(event, ev.ElevenRejected):
            history.append(REJECT)
            pending = "again"
        elif isinstance(event, ev.ElevenKept | ev.FaceDownTaken):
            return None  # a kept 11 is announced (and busts: no decision follows); no face-down draws here
        elif isinstance(event, ev.Stayed | ev.WentBust | ev.TwentyOne):
            break
    return tuple(history)


def _lone_player(state: State) -> int | None:
    """The one player dealt in beside the banker (the solved games are one player against the banker), or None."""
    dealt = [seat for seat, hand in enumerate(state.hands) if hand or state.thrown[seat]]
    players = [seat for seat in dealt if seat != state.banker]
    return players[0] if state.banker in dealt and len(players) == 1 else None


def _quitlok_spot(state: State) -> Spot | None:
    """`spot` under Quitlok: the banker's decisions only (the player's side of Quitlok's equilibrium is not in
    the table the app reads)."""
    if state.phase != BANKER or state.to_act is None:
        return None
    player = _lone_player(state)
    if player is None:
        return None
    history = quitlok_history_of(state, player)
    if history is None or BET not in history and str(Move.BET_ALUVUN) not in history:
        return None
    in_hands = sum(len(hand) for hand in state.hands)
    if len(state.stock) + in_hands + len(state.under) != state.rules.pack_size \
            or list(state.under) != [11] * history.count(REJECT):
        return None
    if state.stakes[player] != STAKE or state.bet_room(player) != RAISE_ROOM:
        return None
    hand = state.hands[player]
    hidden = _counts(card for card, up in zip(hand, state.face_up[player], strict=True) if not up)
    return Spot(player, tuple(str(e) for e in history), hidden)


def spot(state: State) -> Spot | None:
    """Where the equilibrium applies to the decision of `state.to_act` (the module's docstring says when), with
    the public history and the player's face-down cards; None anywhere else."""
    if solved_game(state.rules) == "quitlok":
        return _quitlok_spot(state)
    if not solved_rules(state.rules) or state.to_act is None or state.phase not in (TURN, PROTECTED, BANKER):
        return None
    player = _lone_player(state)
    if player is None:
        return None
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
    #: the solved game: "kvitlach" or "quitlok"
    game: str = "kvitlach"

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


def banker_stand_chance(history: Sequence, cards: Iterable[int], name: str = "kvitlach") -> float | None:
    """The chance that the banker at his best stands holding `cards` after the public history `history` (without
    its final stay) of the solved game `name`; None where the table has no such position. Forced moves are 0
    (below 17) or 1 (from 20: the solved game's shortcut; 21 and bust end his turn). Quitlok's table keeps only
    the positions a hand reaches (REACHED): None elsewhere."""
    cards = tuple(cards)
    key = key_text((*history, STAY))
    if name == "quitlok":
        if not cards:
            return None
        if quitlok_table().histories.get(key) is None:
            return None
        return 1.0 if hand_value(cards, QUITLOK) >= 20 else quitlok_table().stand(key, _counts(cards))
    value = hand_value(cards, KVITLACH) if cards else 0
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
    stand = banker_stand_chance(found.history, cards, solved_game(state.rules) or "kvitlach")
    return None if stand is None else BankerAtBest(stand, found.history, tuple(cards),
                                                   solved_game(state.rules) or "kvitlach")


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
    if solved_game(rules) == "quitlok":
        return _quitlok_advisor_banker(hand, seen, open_hands)
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


def _quitlok_advisor_banker(hand: Sequence[int], seen: Sequence[int], open_hands: Sequence) -> \
        list[tuple[tuple[str, ...], BankerAtBest]] | None:
    """`advisor_banker` under Quitlok: one open hand of one chip with no room left, its first card face down and
    one more face-down card (the bet's), the face-up ones blots in the order they came; nothing seen (a thrown-in
    11 would be, and where it came is not told). One answer per history the hand fits: the Advisor is not told
    which cards came with aluvun called, which the banker saw."""
    if len(open_hands) != 1 or not hand or seen:
        return None
    (open_hand,) = open_hands
    cards = tuple(open_hand.cards)
    if open_hand.stake != STAKE or open_hand.room != RAISE_ROOM or not cards or cards[0] is not None \
            or sum(card is None for card in cards) != 2:
        return None
    found = []
    for calls in range(2 ** (len(cards) - 1)):
        history: list[str] = []
        for k, card in enumerate(cards[1:]):
            called = bool(calls >> k & 1)
            if card is None:
                history += [str(Move.BET_ALUVUN), ON] if called else [BET]
            else:
                history += [str(Move.BLOT_ALUVUN) if called else BLOT, str(card)]
        stand = banker_stand_chance(history, hand, "quitlok")
        if stand is not None:
            found.append((tuple(history), BankerAtBest(stand, tuple(history), tuple(hand), "quitlok")))
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


def shown_words(history: Sequence[str], game: str = "kvitlach") -> str:
    """What the player showed the banker, in words: 'bet one chip, took 2 cards and stayed'; under Quitlok
    (`game`), event by event: 'took a blot: 5, bet with a face-down card, then stayed'."""
    if game == "quitlok":
        from quitlok.equilibrium import history_words
        return history_words(tuple(int(e) if str(e).isdigit() else e for e in history), "quitlok")
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
    """A chance of a move, whole percent, in the reader's language ('37%', Czech '37 %')."""
    return percent(p, 0)


def fixed_model_lead() -> str:
    """The lead of the fixed-model advice shown under the banker's play at his best."""
    return _("Against a player who plays his best against a banker standing on 17, best now")


def outside_words(rules: RuleSet, side: str = "banker") -> str:
    """Said where the rules are the solved game's but the position is not in it: why the advice is today's. The
    player's side (`side` "player") is answered under Kvitlach only: under Quitlok it says nothing."""
    if solved_game(rules) is None or side == "player" and not solved_rules(rules):
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
        move=banker_move_words(best), shown=shown_words(best.history, best.game))
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
               "elvaroon, which the banker saw):") if found[0][1].game == "kvitlach" else
             _("**At his best, against what the player showed** (the Advisor is not told which of his cards came "
               "with aluvun called, which the banker saw):")]
    lines += [_("- a player who {shown}: he {move}").format(shown=shown_words(h, b.game),
                                                             move=banker_move_words(b))
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
