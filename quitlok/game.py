"""The game: an immutable State, and `new_game`, `legal_actions`, `apply_action`.

The layout follows OpenSpiel: the fixed description (RuleSet) apart from the
state, and the same few verbs for every decision. `apply_action` never changes
its input: it copies the state into a mutable `_Table`, lets the rules act on
it, and freezes the result. Only decisions are actions; busts, payments at 21,
settlement, continuation, reshuffles and the passing of the bank happen inside.

Seats are listed clockwise. Clockwise play goes to the banker's left (seat + 1);
the bank passes to the right (seat - 1).
"""

import functools
import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from typing import get_args, get_origin

from quitlok import events as ev
from quitlok.actions import (
    Action,
    Aluvun,
    Bet,
    Blot,
    Draw,
    Keep,
    KeepBank,
    Reject,
    Retire,
    StakeBank,
    Stand,
    Stay,
    describe,
)
from quitlok.cards import check_cards
from quitlok.errors import IllegalAction, InvalidSetup
from quitlok.hand import can_call_aluvun, counted, hand_value
from quitlok.i18n import N_, _, ngettext, pgettext
from quitlok.rulebook import banker_must_draw, ends_turn, is_bust, is_twenty_one, player_wins, turn_moves
from quitlok.rulebook import closed_moves as rulebook_closed_moves
from quitlok.rules import RuleSet, game_name
from quitlok.validate import is_whole, rule_set, shown, whole_number

__all__ = [
    "Action",
    "Aluvun",
    "Bet",
    "Blot",
    "CLASS",
    "COMPUTER_NAMES",
    "Draw",
    "Keep",
    "KeepBank",
    "Reject",
    "Retire",
    "SeatStatus",
    "SeatView",
    "StakeBank",
    "Stand",
    "State",
    "Stay",
    "TypedName",
    "WOMEN",
    "YOU",
    "action_label",
    "closed_moves",
    "apply_action",
    "draw_for_banker",
    "legal_actions",
    "new_game",
    "observe",
    "seat_name",
]

#: phases of play: who decides what
STAKE = "stake"  # a new banker chooses how much to stake (tables where bankers choose)
RETIRE = "retire"  # the banker may retire (his first card is a 4 or 7)
TURN = "turn"  # a player's turn
PROTECTED = "protected"  # a player who called aluvun was dealt an 11: reject or keep
BANKER = "banker"  # the banker draws or stands
OVER = "over"  # the game has ended

# The engine writes no words: the log is events (quitlok.events), a seat's status a SeatStatus, and
# quitlok.narration, which the engine never imports, words them both.
#: the name of the learner's seat (the practice table, the lessons, the quiz): a key the code compares, which makes
#: the log speak to that seat in the second person ("You bet 3"), shown in the reader's language by `seat_name`
YOU = "You"
#: the name of the class's seat at a class table (quitlok.classroom): a key like YOU, never shown as it is (`seat_name`
#: words it in each reader's language, "The class"), and no person's name (quitlok.rooms refuses it)
CLASS = "@class"


#: the computer players' names (the practice table's, a room's computer seats, the lessons', the quiz's and the
#: class table's people): keys, in the order seats take them, which the code stores and compares; each is shown in
#: the reader's language (`seat_name`: "Bella" is בלה in Hebrew, Bela in Czech). No person may take one (a room
#: refuses it), so a name a person typed is always shown as typed.
COMPUTER_NAMES = ("Bella", "Chaim", "Dina", "Eli", "Frieda", "Gershon", "Hinde")
#: the computer players who are women (the others are men), for the languages whose words follow a person's gender
WOMEN = frozenset({"Bella", "Dina", "Frieda", "Hinde"})


class TypedName(str):
    """A name a person typed, as a room's view gives it (quitlok.rooms): shown as typed by `seat_name`, even where it
    is spelt as a computer player's name ("Bella")."""

    __slots__ = ()


def _computer_name(name: str) -> str:
    """A computer player's name (a key of COMPUTER_NAMES) in the reader's language."""
    # Translators: the computer players' names, in your language's letters and spelling (Hebrew בלה, Czech Bela).
    # Bella, Dina, Frieda and Hinde are women; Chaim, Eli and Gershon are men.
    return {"Bella": lambda: pgettext("name", "Bella"), "Chaim": lambda: pgettext("name", "Chaim"),
            "Dina": lambda: pgettext("name", "Dina"), "Eli": lambda: pgettext("name", "Eli"),
            "Frieda": lambda: pgettext("name", "Frieda"), "Gershon": lambda: pgettext("name", "Gershon"),
            "Hinde": lambda: pgettext("name", "Hinde")}[name]()


def seat_name(name: str) -> str:
    """A seat's name as shown: the learner's seat (named YOU) as the current language says "You", the class's seat
    at a class table (named CLASS) as it says "The class", a computer player's (COMPUTER_NAMES) in the reader's
    language's letters; any other name as it is (a person's name is never translated: a room gives the names its
    people typed as TypedName)."""
    if not isinstance(name, str):
        raise InvalidSetup(_("A seat's name is a text (got {type}).").format(type=type(name).__name__))
    if name == CLASS:
        # Translators: the class's seat at the class table (the class plays it together, by vote), where a name stands.
        return pgettext("the class's seat", "The class")
    if name in COMPUTER_NAMES and not isinstance(name, TypedName):
        return _computer_name(name)
    # Translators: the learner's own seat at the practice table, shown where the other seats show a name.
    return pgettext("the learner's seat", "You") if name == YOU else name


#: the largest seed a game or a draw for the first banker takes (a seed is kept in every saved game)
MAX_SEED = 2**64 - 1


@dataclass(frozen=True)
class SeatStatus:
    """Where a seat stands in the hand, for the table's short line (quitlok.narration.status_line words it).

    `kind`: "" (no hand yet, or the hand is over), "waiting", "playing", "out: share" (sits out this bank: could
    not pay a share), "out: chips", "threw in", "stayed" (on `stake`), "bust" (lost `stake`), "21" (won `stake`),
    "won" or "lost" (`stake`, with `value`; `nth`: which settlement of the hand, told once there were two), or
    "banker". A banker's `results` are his settlements' values in this hand (None: bust), `new_card` that he
    took a new card after the last one, `drawing` that he is drawing now, `retired` the bank he retired with.
    """

    kind: str = ""
    stake: int = 0
    value: int = 0
    nth: int = 0
    results: tuple[int | None, ...] = ()
    new_card: bool = False
    drawing: bool = False
    retired: int | None = None

    @property
    def waits_on_new_card(self) -> bool:
        """A banker who settled and took a new card, and has not played it (nor retired) since."""
        return self.new_card and not self.drawing and self.retired is None

    @property
    def sitting_out(self) -> bool:
        """The seat sits out (this bank, for want of a share; or the game, for want of chips)."""
        return self.kind in ("out: share", "out: chips")

    @property
    def settled_more_than_once(self) -> bool:
        """A banker who settled, then took a new card (and may have settled again): his hand is told settlement
        by settlement."""
        return self.kind == "banker" and bool(self.results) and (len(self.results) > 1 or self.new_card)


#: every kind of SeatStatus (its docstring says what each means)
STATUS_KINDS = ("", "waiting", "playing", "out: share", "out: chips", "threw in", "stayed", "bust", "21", "won",
                "lost", "banker")


@dataclass(frozen=True)
class State:
    """Everything about a game at one moment. Immutable; hashable."""

    rules: RuleSet
    players: tuple[str, ...]
    purses: tuple[int, ...]
    stakes: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    #: per card of `hands`: True when it lies face up (blots, the banker's shown cards)
    face_up: tuple[tuple[bool, ...], ...]
    banker: int
    bank: int
    #: the bank every new banker stakes (the least he may stake, where bankers choose)
    opening_bank: int
    #: new bankers choose their stake, from the opening bank up to their purse
    choose_stake: bool
    #: the largest stake one player may have open, agreed before the game (None: only the bank limits it)
    max_bet: int | None
    #: seats that could not pay their share of this bank (Kvitlach) and sit it out
    sitting_out: tuple[bool, ...]
    hand_number: int
    #: hands dealt in the whole game
    hands_dealt: int
    #: hands that have ended in the whole game, so a viewer can tell that one just ended
    hands_finished: int
    direction: int
    #: the face-down stock, top card first
    stock: tuple[int, ...]
    #: thrown-in cards lying face up under the stock, oldest first
    under: tuple[int, ...]
    phase: str
    to_act: int | None
    #: players still to have their turn in this hand, in order of play
    waiting: tuple[int, ...]
    #: the player whose turn it is has called aluvun for the next card
    aluvun_called: bool
    #: where each seat stands in the hand (quitlok.narration.status_line words it for the table)
    seat_status: tuple[SeatStatus, ...]
    #: each seat's status as the previous hand ended, for the table to recall
    last_status: tuple[SeatStatus, ...]
    #: the cards each seat last threw in during this hand (all thrown-in cards lie face up)
    thrown: tuple[tuple[int, ...], ...]
    #: each seat's cards as the previous hand ended, from `thrown`: what the table shows with `last_status`
    last_cards: tuple[tuple[int, ...], ...]
    #: the log: what happened, oldest first, as facts (quitlok.events; quitlok.narration words them)
    events: tuple[ev.Event, ...]
    seed: int
    shuffles: int
    #: decisions applied since the game began: a per-move seed for anything that needs one (the bots)
    moves: int = 0

    @property
    def is_over(self) -> bool:
        return self.to_act is None

    @property
    def open_stakes(self) -> int:
        """All stakes waiting for the banker's play."""
        return sum(self.stakes)

    def bet_room(self, seat: int) -> int:
        """How many more chips `seat` may stake now: purse, bank cover and maximum bet."""
        whole_number("seat", seat, 0, len(self.players) - 1)
        room = min(self.purses[seat], self.bank - self.open_stakes)
        if self.max_bet is not None:
            room = min(room, self.max_bet - self.stakes[seat])
        return max(0, room)

    def value(self, seat: int) -> int:
        """The value of a seat's hand."""
        return hand_value(self.hands[whole_number("seat", seat, 0, len(self.players) - 1)], self.rules)

    @property
    def cards_available(self) -> int:
        """Cards that can still be drawn: the stock and the face-up cards under it."""
        return len(self.stock) + len(self.under)

    def chips(self) -> int:
        """Purses, bank and open stakes together: the same after every action."""
        return sum(self.purses) + self.bank + self.open_stakes

    def seen_by(self, seat: int) -> tuple[int, ...]:
        """Every card `seat` can see other than its own: face-up cards on the table and under the stock."""
        whole_number("seat", seat, 0, len(self.players) - 1)
        shown = [
            card
            for other, (cards, ups) in enumerate(zip(self.hands, self.face_up, strict=True))
            if other != seat
            for card, up in zip(cards, ups, strict=True)
            if up
        ]
        return tuple(shown) + self.under


def new_game(
    rules: RuleSet,
    players: Sequence[str],
    *,
    banker: int,
    bank: int,
    purses: int | Sequence[int],
    stock: Sequence[int] | None = None,
    seed: int | None = None,
    max_bet: int | None = None,
    choose_stake: bool = False,
) -> State:
    """Seat the players, let the banker stake his bank, and deal the first hand.

    `players` are names in clockwise order; `banker` a seat index; `bank` the
    opening bank every new banker stakes (all his purse if he has less; under
    rules with a bank share the other players add their share). `purses` is one
    int for all seats or one per seat. `stock`, when given, is the order of the
    top cards (the rest of the pack follows, shuffled with `seed`). `max_bet` is
    the maximum bet the table agreed, in chips, under rules that have one
    (default: `rules.default_max_bet(bank)`). With `choose_stake`, every new
    banker (the first one too) decides how much to stake, from `bank` up to his
    purse, with `StakeBank(n)` before the deal; the returned state then waits
    for that decision when he has more than `bank`.

    Every argument is checked first: a wrong type or value raises InvalidSetup
    (or InvalidCards for the stock) saying what was wrong.
    """
    rules = rule_set(rules)
    if isinstance(players, str | bytes) or not isinstance(players, Sequence):
        raise InvalidSetup(_("players must be a list of names, one per seat (got {value}).").format(
            value=shown(players)))
    players = tuple(players)
    if len(players) < 2:
        raise InvalidSetup(_("A game needs at least two seats: a banker and a player."))
    if not all(isinstance(p, str) and p.strip() for p in players) or len(set(players)) != len(players):
        raise InvalidSetup(_("Every seat needs a name of its own."))
    if len(players) * 3 > rules.pack_size:
        raise InvalidSetup(_("A {size}-card pack is too small for {seats} seats.").format(size=rules.pack_size,
                                                                                       seats=len(players)))
    if is_whole(purses):
        purses = (purses,) * len(players)
    if isinstance(purses, str | bytes) or not isinstance(purses, Sequence):
        raise InvalidSetup(_("purses must be a whole number of chips, or one per seat (got {value}).").format(
            value=shown(purses)))
    purses = tuple(whole_number(N_("Each purse"), p) for p in purses)
    if len(purses) != len(players):
        raise InvalidSetup(ngettext("{purses} purses for {seats} seats.", "{purses} purses for {seats} seats.",
                                     len(purses)).format(purses=len(purses), seats=len(players)))
    if not is_whole(banker) or not 0 <= banker < len(players):
        raise InvalidSetup(_("The banker must be one of the seats 0 to {last} (got {value}).").format(
            last=len(players) - 1, value=shown(banker)))
    bank = whole_number(N_("The opening bank"), bank, low=1)
    if purses[banker] < 1:
        raise InvalidSetup(_("{name} has no chips to stake a bank.").format(name=players[banker]))
    if max_bet is None:
        max_bet = rules.default_max_bet(bank)
    elif not rules.agreed_max_bet:
        raise InvalidSetup(_("{rules} rules have no maximum bet: only the bank limits a bet.").format(
            rules=game_name(rules.name)))
    else:
        max_bet = whole_number(N_("The maximum bet"), max_bet, low=1)
    first_stake = min(bank, purses[banker])
    if not any(_can_join(rules, first_stake, purse) for seat, purse in enumerate(purses) if seat != banker):
        share = rules.share_of(first_stake)
        raise InvalidSetup(_("Nobody could play against the bank: every player needs more than the share of "
                             "{share} to pay it and still bet.").format(share=share) if share
                           else _("Nobody could play against the bank: no player other than the banker has chips."))
    if not isinstance(choose_stake, bool):
        raise InvalidSetup(_("{name} must be True or False (got {value}).").format(name="choose_stake",
                                                                                 value=shown(choose_stake)))
    if seed is not None and (not is_whole(seed) or not 0 <= seed <= MAX_SEED):
        raise InvalidSetup(_("seed must be a whole number from 0 to 2**64 - 1, or None (got {value}).").format(
            value=shown(seed)))
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    if stock is not None and (isinstance(stock, str | bytes) or not isinstance(stock, Sequence)):
        raise InvalidSetup(_("stock must be a list of cards from the top (got {value}).").format(value=shown(stock)))
    top = check_cards(stock or (), rules.copies, N_("stock"))
    rest = list((Counter(rules.pack) - Counter(top)).elements())
    random.Random(f"{seed}/deal").shuffle(rest)
    n = len(players)
    table = _Table.new(
        rules=rules,
        players=players,
        purses=list(purses),
        stakes=[0] * n,
        hands=[[] for _ in range(n)],
        face_up=[[] for _ in range(n)],
        banker=banker,
        bank=0,
        opening_bank=bank,
        choose_stake=choose_stake,
        max_bet=max_bet,
        sitting_out=[False] * n,
        hand_number=0,
        hands_dealt=0,
        hands_finished=0,
        direction=1,
        stock=list(top) + rest,
        under=[],
        phase=TURN,
        to_act=None,
        waiting=[],
        aluvun_called=False,
        seat_status=[SeatStatus()] * n,
        last_status=[SeatStatus()] * n,
        thrown=[[] for _ in range(n)],
        last_cards=[[] for _ in range(n)],
        events=[],
        seed=seed,
        shuffles=0,
        moves=0,
    )
    table.start_bank()
    return table.freeze()


def _can_join(rules: RuleSet, staked: int, purse: int) -> bool:
    """A player joins a bank of `staked` chips when he can pay his whole share and still has a chip to bet."""
    return purse > rules.share_of(staked)


def _stakes_offered(rules: RuleSet, opening_bank: int, purse: int, others: Sequence[int]) -> range:
    """What a new banker who chooses may stake: from the opening bank up to his purse, but no more than leaves
    some player with chips able to pay his share (half of the stake, under Kvitlach) and still bet."""
    richest = max(others, default=0)
    most = purse
    if rules.bank_share and richest:  # the largest stake n with share_of(n) < richest
        most = min(purse, math.ceil(richest / rules.bank_share) - 1)
    return range(opening_bank, max(most, opening_bank) + 1)


def draw_for_banker(rules: RuleSet, seats: int, seed: int) -> tuple[int, list[dict[int, int]]]:
    """Choose the first banker as the table does: a card to each seat, highest banks.

    Tied seats draw again. Returns the banker's seat and each round's draws
    ({seat: card}), so the app can show how the bank was decided.
    """
    rules = rule_set(rules)
    whole_number("seats", seats, 2, rules.pack_size // 3)
    whole_number("seed", seed, 0, MAX_SEED)
    rng = random.Random(f"{seed}/first-banker")
    contenders, rounds = list(range(seats)), []
    while True:
        pack = list(rules.pack)
        rng.shuffle(pack)
        draws = dict(zip(contenders, pack, strict=False))
        rounds.append(draws)
        best = max(draws.values())
        contenders = [seat for seat, card in draws.items() if card == best]
        if len(contenders) == 1:
            return contenders[0], rounds


def check_seat(state: object, seat: object, *, onlookers: bool = False) -> int | None:
    """`seat` if it is a seat of the game `state` (or None, for the onlookers, when `onlookers`); else the
    library's own error (IllegalAction for a state that is none, InvalidSetup for a seat that is none)."""
    state = _check_state(state)
    if seat is None and onlookers:
        return None
    return whole_number("seat", seat, 0, len(state.players) - 1)


def _check_state(state: object) -> State:
    if not isinstance(state, State):
        raise IllegalAction(_("That is not a game state (got {type}); start one with new_game.").format(
            type=type(state).__name__))
    return state


@dataclass(frozen=True)
class SeatView:
    """The table as one seat sees it (`observe`): its own cards, other seats' face-down cards as None, the
    stock as a count, and the log with every secret the seat may not see hidden (quitlok.events). A view for
    onlookers (`seat` None) hides every face-down card. While a player decides on a protected 11 dealt face
    down, the other seats see him on his turn as after any other card (phase TURN, no call pending)."""

    seat: int | None
    rules: RuleSet
    players: tuple[str, ...]
    purses: tuple[int, ...]
    stakes: tuple[int, ...]
    #: per seat, its cards in the order received, None for each card this seat may not see
    hands: tuple[tuple[int | None, ...], ...]
    face_up: tuple[tuple[bool, ...], ...]
    banker: int
    bank: int
    opening_bank: int
    max_bet: int | None
    sitting_out: tuple[bool, ...]
    hand_number: int
    hands_dealt: int
    hands_finished: int
    direction: int
    #: how many face-down cards the stock holds
    stock_size: int
    under: tuple[int, ...]
    phase: str
    to_act: int | None
    aluvun_called: bool
    seat_status: tuple[SeatStatus, ...]
    last_status: tuple[SeatStatus, ...]
    last_cards: tuple[tuple[int, ...], ...]
    events: tuple[ev.Event, ...]
    moves: int


def protected_face_down(state: State) -> bool:
    """The player to act holds a protected 11 that came face down, and is deciding whether to keep it."""
    return state.phase == PROTECTED and not state.face_up[state.to_act][-1]


def seen_events(events: Sequence[ev.Event], seat: int | None) -> tuple[ev.Event, ...]:
    """The log as `seat` may see it (None: an onlooker): every event whose secret the seat may not see hidden,
    unless a later event showed it to everyone (a protected 11 once decided; words from outside the engine,
    a room's notes, may come between)."""
    out = []
    for i, event in enumerate(events):
        if event.secret_from(seat):
            later = next((e for e in events[i + 1:] if not isinstance(e, ev.Note)), None)
            if later is None or not event.revealed_by(later):
                event = event.hidden()
        out.append(event)
    return tuple(out)


def observe(state: State, seat: int | None) -> SeatView:
    """What `seat` may see of the game (SeatView); `seat=None` for onlookers. The only way a seat sees the
    table: a room's seats, the class table and the practice table draw from it."""
    check_seat(state, seat, onlookers=True)
    hands = tuple(
        tuple(card if other == seat or up else None for card, up in zip(cards, ups, strict=True))
        for other, (cards, ups) in enumerate(zip(state.hands, state.face_up, strict=True))
    )
    hidden_11 = protected_face_down(state) and state.to_act != seat
    return SeatView(
        seat=seat, rules=state.rules, players=state.players, purses=state.purses, stakes=state.stakes,
        hands=hands, face_up=state.face_up, banker=state.banker, bank=state.bank, opening_bank=state.opening_bank,
        max_bet=state.max_bet, sitting_out=state.sitting_out, hand_number=state.hand_number,
        hands_dealt=state.hands_dealt, hands_finished=state.hands_finished, direction=state.direction,
        stock_size=len(state.stock), under=state.under, phase=TURN if hidden_11 else state.phase,
        to_act=state.to_act, aluvun_called=False if hidden_11 else state.aluvun_called,
        seat_status=state.seat_status, last_status=state.last_status, last_cards=state.last_cards,
        events=seen_events(state.events, seat), moves=state.moves,
    )


def legal_actions(state: State) -> list[Action]:
    """Every action the seat `state.to_act` may take now (empty when the game is over)."""
    rules = _check_state(state).rules
    seat = state.to_act
    if seat is None:
        return []
    if state.phase == STAKE:
        others = [p for s, p in enumerate(state.purses) if s != seat]
        return [StakeBank(n) for n in _stakes_offered(rules, state.opening_bank, state.purses[seat], others)]
    if state.phase == RETIRE:
        return [Retire(), KeepBank()]
    if state.phase == PROTECTED:
        return [Reject(), Keep()]
    can_draw = state.cards_available > 0
    if state.phase == BANKER:
        actions: list[Action] = [Draw()] if can_draw else []
        if not (banker_must_draw(rules, counted(state.hands[seat], rules)) and can_draw):
            actions.append(Stand())
        return actions
    # a player's turn: the moves the rules give him (quitlok.rulebook), every bet of 1 to `room` chips
    room = state.bet_room(seat)
    kinds = turn_moves(rules, **_turn(state, seat))
    return [action for kind in kinds for action in (_bets(room) if kind is Bet else (kind(),))]


def _turn(state: State, seat: int) -> dict:
    """A player's turn as quitlok.rulebook's turn_moves and closed_moves take it."""
    rules, can_draw = state.rules, state.cards_available > 0
    aluvun = rules.aluvun and can_draw and not state.aluvun_called and can_call_aluvun(state.hands[seat], rules)
    return dict(staked=state.stakes[seat] > 0, room=state.bet_room(seat), can_draw=can_draw, aluvun=aluvun,
                called=state.aluvun_called)


def closed_moves(state: State) -> dict[type, str]:
    """On a player's turn, the kinds of move closed for a reason that always holds, with the reason's key
    (quitlok.rulebook.closed_moves); {} in any other phase."""
    if _check_state(state).phase != TURN or state.to_act is None:
        return {}
    return rulebook_closed_moves(state.rules, **_turn(state, state.to_act))


@functools.lru_cache(maxsize=256)
def _bets(room: int) -> tuple[Bet, ...]:
    """Every bet of 1 to `room` chips (actions are immutable: made once per room, not on every step)."""
    return tuple(Bet(n) for n in range(1, room + 1))


def apply_action(state: State, action: Action) -> State:
    """The state after `action`; raises IllegalAction (and changes nothing) if it is not legal."""
    if type(action) not in _ACTION_TYPES or action not in legal_actions(state):
        raise IllegalAction(_why_illegal(state, action))
    table = _Table.thaw(state)
    table.act(action)
    table.moves += 1
    return table.freeze()


_ACTION_TYPES = frozenset(Action.__args__)


def action_label(state: State, action: Action) -> str:
    """What the action is called here, in the tradition's own words: 'Call elvaroon', 'Raise 2', 'Bet 2'.

    The same label serves the button, its caption, the hint and the log, so they never disagree.
    """
    if type(action) not in _ACTION_TYPES:
        raise IllegalAction(_why_illegal(_check_state(state), action))
    raising = _check_state(state).rules.bet_first and state.aluvun_called
    return describe(action, state.rules.aluvun_word, raising=raising)


def _why_illegal(state: State, action: Action) -> str:
    """A message that says what was wrong with an action."""
    if type(action) not in _ACTION_TYPES:
        return _("{value} is not an action; use Bet(2), Stay() and the like from quitlok.game.").format(
            value=shown(action))
    if state.to_act is None:
        return _("The game is over: no more actions.")
    who = seat_name(state.players[state.to_act])  # the learner's seat ("You") in the reader's language
    name = action_label(state, action)
    if isinstance(action, Bet):
        room = state.bet_room(state.to_act)
        if state.phase == TURN and room < action.n and any(isinstance(a, Bet) for a in legal_actions(state)):
            values = {"name": who, "room": room, "purse": state.purses[state.to_act], "bank": state.bank,
                      "covering": state.open_stakes, "most": state.max_bet}
            if state.max_bet is not None:
                return _("{name} may bet at most {room} now (purse {purse}, bank {bank} with {covering} already "
                         "covering stakes, maximum bet {most}).").format(**values)
            return _("{name} may bet at most {room} now (purse {purse}, bank {bank} with {covering} already "
                     "covering stakes).").format(**values)
    options = ", ".join(sorted({action_label(state, a).rstrip("0123456789 ") for a in legal_actions(state)}))
    # Translators: {action} is a move's label ("Bet 2"), {choices} the moves allowed, separated by commas.
    return _("{action} is not allowed now for {name}; the choices are: {choices}.").format(action=name, name=who,
                                                                                         choices=options)


def _kind(annotation: object) -> str:
    """How a State's field is kept in the working copy: "nested" (a tuple of tuples, per seat: lists of lists),
    "flat" (a tuple: a list) or "plain" (as is)."""
    if get_origin(annotation) is not tuple:
        return "plain"
    return "nested" if get_origin(get_args(annotation)[0]) is tuple else "flat"


#: State's fields by how the working copy keeps them: `thaw` and `freeze` follow them, so a new field needs no
#: change there
_FIELDS = {kind: tuple(f.name for f in fields(State) if _kind(f.type) == kind) for kind in ("nested", "flat", "plain")}


def _frozen(value: object) -> object:
    """Lists (and the lists in them) as tuples."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


class _Table:
    """A mutable working copy of a State, on which one action's consequences are played out: the State's
    fields as attributes, tuples as lists (`thaw` and `freeze` follow State's fields, `_FIELDS`)."""

    @classmethod
    def new(cls, **values: object) -> "_Table":
        """A table from the values of every State field (tuples or lists)."""
        if set(values) != {name for names in _FIELDS.values() for name in names}:
            raise TypeError("a table needs exactly the fields of State")
        return cls.thaw(State(**{k: _frozen(v) for k, v in values.items()}))

    @classmethod
    def thaw(cls, s: State) -> "_Table":
        table = cls.__new__(cls)
        values = table.__dict__
        for name in _FIELDS["nested"]:
            values[name] = list(map(list, getattr(s, name)))
        for name in _FIELDS["flat"]:
            values[name] = list(getattr(s, name))
        for name in _FIELDS["plain"]:
            values[name] = getattr(s, name)
        return table

    def freeze(self) -> State:
        values = self.__dict__
        return State(**{name: tuple(map(tuple, values[name])) for name in _FIELDS["nested"]},
                     **{name: tuple(values[name]) for name in _FIELDS["flat"]},
                     **{name: values[name] for name in _FIELDS["plain"]})

    # --- the log ---------------------------------------------------------------

    def tell(self, event: ev.Event) -> None:
        """Add a fact to the log (quitlok.narration words it)."""
        self.events.append(event)

    def value(self, seat: int) -> int:
        return counted(tuple(self.hands[seat]), self.rules)  # cards the table dealt: checked once, when dealt

    # --- cards -----------------------------------------------------------------

    def draw(self) -> int:
        """Take the top card of the stock.

        The last face-down card is not dealt: it is shuffled with every face-up
        card under the stock into a new stock first.
        """
        if len(self.stock) <= 1 and self.under:
            self.shuffles += 1
            fresh = self.stock + self.under
            random.Random(f"{self.seed}/{self.shuffles}").shuffle(fresh)
            self.tell(ev.Reshuffled(face_up=len(self.under), size=len(fresh)))
            self.stock, self.under = fresh, []
        return self.stock.pop(0)

    def give(self, seat: int, card: int, face_up: bool, *, told: bool = False) -> None:
        """`card` comes to `seat`; `told`: the log says so in words (a card a player takes face up)."""
        self.hands[seat].append(card)
        self.face_up[seat].append(face_up)
        self.tell(ev.CardDealt(seat, card, face_up=face_up, told=told))

    def throw_in(self, seat: int) -> None:
        """A seat's cards go face up under the stock (and are kept in `thrown` for the end of the hand)."""
        if self.hands[seat]:
            self.thrown[seat] = list(self.hands[seat])
        self.under.extend(self.hands[seat])
        self.hands[seat] = []
        self.face_up[seat] = []

    def throw_in_all(self) -> None:
        """The hand is over: every card goes under the stock; each seat's status and cards are kept as
        last_status and last_cards, so the table can show how the hand ended. A banker who settled early and
        did not play again is shown with the cards he settled with, not the new card he did not play."""
        settled = self.thrown[self.banker] if self.seat_status[self.banker].waits_on_new_card else None
        for seat in range(len(self.players)):
            self.throw_in(seat)
        if settled:
            self.thrown[self.banker] = settled
        if any(status.kind for status in self.seat_status):
            self.hands_finished += 1
            self.last_status = list(self.seat_status)
            self.last_cards = self.thrown
            self.seat_status = [SeatStatus()] * len(self.players)
        self.thrown = [[] for _ in self.players]

    # --- the bank --------------------------------------------------------------

    def seats_with_chips(self) -> int:
        return sum(
            1
            for seat, purse in enumerate(self.purses)
            if purse > 0 or (seat == self.banker and self.bank + sum(self.stakes) > 0)
        )

    def start_bank(self) -> None:
        """The banker stakes a new bank, the others add their share, and he deals his first hand.

        Under rules with a share (Kvitlach), a player who cannot pay his whole share and still bet pays
        nothing and sits out this bank: nobody loses his last chips into a bank he cannot play against.
        """
        b = self.banker
        self.hand_number, self.direction = 0, 1  # a new bank's first hand goes clockwise
        offered = _stakes_offered(self.rules, self.opening_bank, self.purses[b],
                                  [p for s, p in enumerate(self.purses) if s != b])
        if self.choose_stake and len(offered) > 1:
            self.phase, self.to_act, self.waiting = STAKE, b, []
            self.tell(ev.BankOffered(b, least=offered[0], most=offered[-1]))
            return
        self.stake_bank(min(self.opening_bank, self.purses[b]))

    def stake_bank(self, stake: int) -> None:
        """The banker puts `stake` in the bank; the others add their share; the first hand is dealt.

        A share is the rules' part of what this banker actually staked, rounded down (SPEC section 2: under
        Kvitlach half of it, so a new banker who could stake only 3 gets 1 from each player)."""
        b = self.banker
        self.bank = stake
        self.purses[b] -= stake
        self.tell(ev.BankStaked(b, bank=self.bank))
        share = self.rules.share_of(stake)
        self.sitting_out = [False] * len(self.players)
        for seat in self.seats_from(b):
            if not share or not self.purses[seat]:
                continue
            if _can_join(self.rules, stake, self.purses[seat]):
                self.purses[seat] -= share
                self.bank += share
                self.tell(ev.SharePaid(seat, share=share))
            else:
                self.sitting_out[seat] = True
                self.tell(ev.SatOut(seat, share=share))
        self.deal()

    def seats_from(self, start: int, direction: int = 1) -> list[int]:
        """The other seats in order of play from `start` in `direction`."""
        n = len(self.players)
        return [(start + direction * k) % n for k in range(1, n)]

    def deal(self) -> None:
        """Deal a hand: one face-down card to each player with chips (and not sitting out), then the banker."""
        self.throw_in_all()
        self.hand_number += 1
        first = self.hand_number == 1
        self.direction = -self.direction if self.rules.alternate_direction and not first else 1
        players = [s for s in self.seats_from(self.banker, self.direction)
                   if self.purses[s] > 0 and not self.sitting_out[s]]
        if not players and self.hand_number > 1 and any(
                out and purse for out, purse in zip(self.sitting_out, self.purses, strict=True)):
            # everyone who joined this bank is out of chips, but some who sat it out still have chips
            self.purses[self.banker] += self.bank
            self.tell(ev.BankTakenBack(self.banker, bank=self.bank))
            self.bank = 0
            self.pass_bank()
            return
        if not players:
            self.end_game()
            return
        self.hands_dealt += 1
        self.tell(ev.HandDealt(hand=self.hand_number, banker=self.banker, bank=self.bank,
                               direction=self.direction, first=players[0]))
        for seat in range(len(self.players)):
            out = "out: share" if self.sitting_out[seat] else "out: chips"
            self.seat_status[seat] = SeatStatus("waiting" if seat in players else out)
        self.seat_status[self.banker] = SeatStatus("banker")
        for seat in players + [self.banker]:
            self.give(seat, self.draw(), face_up=False)
        self.waiting = players
        self.banker_card_dealt()

    def banker_card_dealt(self) -> None:
        """The banker's first card: a retire chance from the set hand on, else the next turn."""
        card = self.hands[self.banker][0]
        if self.hand_number >= self.rules.retire_from_hand and card in self.rules.retire_cards:
            self.phase, self.to_act = RETIRE, self.banker
            self.tell(ev.MayRetire(self.banker, card, hand=self.hand_number))
        else:
            self.next_turn()

    def pass_bank(self) -> None:
        """The bank passes to the right, to the next seat with chips; or the game ends."""
        self.throw_in_all()
        if self.seats_with_chips() < 2:
            self.end_game()
            return
        seat = next(s for s in self.seats_from(self.banker, -1) if self.purses[s] > 0)
        self.banker = seat
        self.tell(ev.BankPassed(seat))
        self.start_bank()

    def end_game(self) -> None:
        """Nobody is left to play against the bank: the banker takes it back, the game is over."""
        self.throw_in_all()
        self.purses[self.banker] += self.bank
        self.bank = 0
        self.phase, self.to_act, self.waiting = OVER, None, []
        best = max(self.purses)
        winners = tuple(s for s, p in enumerate(self.purses) if p == best)
        self.tell(ev.GameOver(sitting_out=any(self.sitting_out), winners=winners, best=best))

    # --- turns -----------------------------------------------------------------

    def next_turn(self) -> None:
        seat = self.waiting.pop(0)
        self.phase, self.to_act, self.aluvun_called = TURN, seat, False
        self.seat_status[seat] = SeatStatus("playing")
        self.tell(ev.TurnBegan(seat))

    def end_turn(self) -> None:
        """After a player's turn: a broken bank, the banker's early play, the next turn or the hand's end."""
        if self.bank == 0:
            self.tell(ev.BankBroken())
            self.pass_bank()
        elif self.bank <= sum(self.stakes):
            self.tell(ev.BankerEarly())
            self.banker_turn()
        elif self.waiting:
            self.next_turn()
        elif sum(self.stakes):
            self.banker_turn()
        else:
            self.tell(ev.NothingToSettle())
            self.deal()

    def banker_turn(self) -> None:
        b = self.banker
        self.phase, self.to_act = BANKER, b
        self.face_up[b] = [True] * len(self.hands[b])
        status = self.seat_status[b]
        self.seat_status[b] = (replace(status, drawing=True) if status.waits_on_new_card
                               else SeatStatus("banker", drawing=True))
        self.tell(ev.BankerTurnedUp(b, hand=tuple(self.hands[b]), open_stakes=sum(self.stakes)))

    def act(self, action: Action) -> None:
        seat = self.to_act
        assert seat is not None
        if isinstance(action, StakeBank):
            self.stake_bank(action.n)
        elif isinstance(action, Retire):
            self.retire()
        elif isinstance(action, KeepBank):
            self.tell(ev.KeptBank(seat, self.hands[seat][0]))
            self.next_turn()
        elif isinstance(action, Stand):
            self.tell(ev.Stood(seat, value=self.value(seat)))
            self.settle()
        elif isinstance(action, Draw) and self.phase == BANKER:
            card = self.draw()
            self.give(seat, card, face_up=True)
            self.tell(ev.BankerDrew(seat, card=card, value=self.value(seat)))
            if ends_turn(self.value(seat)):
                self.settle()
        elif isinstance(action, Blot):
            self.tell(ev.BlotAsked(seat))
            self.take_card(seat, face_up=True)
        elif isinstance(action, Bet):
            self.bet(seat, action.n)
        elif isinstance(action, Draw):
            self.tell(ev.FaceDownTaken(seat))
            self.take_card(seat, face_up=False)
        elif isinstance(action, Aluvun):
            self.aluvun_called = True
            self.tell(ev.AluvunCalled(seat, word=self.rules.aluvun_word))
        elif isinstance(action, Reject):
            self.hands[seat].pop()
            face_up = self.face_up[seat].pop()
            self.under.append(11)
            self.tell(ev.ElevenRejected(seat))
            self.phase, self.aluvun_called = TURN, False
            self.take_card(seat, face_up)
        elif isinstance(action, Keep):
            self.tell(ev.ElevenKept(seat))
            self.phase, self.aluvun_called = TURN, False
            self.after_card(seat)
        elif isinstance(action, Stay):
            self.stay(seat)

    def bet(self, seat: int, n: int) -> None:
        self.purses[seat] -= n
        self.stakes[seat] += n
        if self.rules.bet_first and not self.aluvun_called:
            self.tell(ev.BetPlaced(seat, n=n, stake=self.stakes[seat], with_card=False, raised=False))
            return
        self.tell(ev.BetPlaced(seat, n=n, stake=self.stakes[seat], with_card=True, raised=self.rules.bet_first))
        self.take_card(seat, face_up=False)

    def take_card(self, seat: int, face_up: bool) -> None:
        card = self.draw()
        self.give(seat, card, face_up, told=face_up)
        if self.aluvun_called and card == 11:
            self.phase = PROTECTED
            self.tell(ev.ElevenProtected(seat, card, word=self.rules.aluvun_word, face_up=face_up))
            return
        self.aluvun_called = False
        self.after_card(seat)

    def after_card(self, seat: int) -> None:
        """A card has come: bust and exactly 21 end the turn at once."""
        value, stake = self.value(seat), self.stakes[seat]
        if is_bust(value):
            self.stakes[seat] = 0
            self.bank += stake
            self.seat_status[seat] = SeatStatus("bust", stake=stake)
            self.tell(ev.WentBust(seat, value=value, stake=stake))
            self.throw_in(seat)
            self.end_turn()
        elif is_twenty_one(value):
            self.stakes[seat] = 0
            self.bank -= stake
            self.purses[seat] += 2 * stake
            self.seat_status[seat] = SeatStatus("21", stake=stake)
            self.tell(ev.TwentyOne(seat, stake=stake))
            self.throw_in(seat)
            self.end_turn()

    def stay(self, seat: int) -> None:
        stake = self.stakes[seat]
        self.seat_status[seat] = SeatStatus("stayed", stake=stake) if stake else SeatStatus("threw in")
        self.tell(ev.Stayed(seat, stake=stake))
        if not stake:
            self.throw_in(seat)
        self.end_turn()

    # --- the banker's play, settlement and retiring ---------------------------------

    def settle(self) -> None:
        """Settle every open stake against the banker's hand, then continue or end the hand.

        The banker's status keeps every settlement of the hand ("banker: 21, then a new card: bust"), and when
        there is more than one, each player's status says which one settled it (`nth`)."""
        b = self.banker
        banker_value = self.value(b)
        bust = is_bust(banker_value)
        earlier = self.seat_status[b].results  # he settled before in this hand and took a new card
        self.seat_status[b] = SeatStatus("banker", results=(*earlier, None if bust else banker_value))
        settled = []
        if bust:
            self.tell(ev.BankerBust(b))
        for seat, stake in enumerate(self.stakes):
            if not stake:
                continue
            value = self.value(seat)
            self.stakes[seat] = 0
            won = player_wins(value, banker_value)
            if won:
                self.purses[seat] += 2 * stake
                self.bank -= stake
            else:
                self.bank += stake
            self.seat_status[seat] = SeatStatus("won" if won else "lost", stake=stake, value=value)
            self.tell(ev.Settled(seat, value=value, stake=stake, won=won, tie=not won and value == banker_value))
            self.throw_in(seat)
            settled.append(seat)
        self.throw_in(b)
        if earlier:  # more than one settlement in this hand: each player's status says which settled him
            nth = len(earlier) + 1
            for seat in settled:
                self.seat_status[seat] = replace(self.seat_status[seat], nth=nth)
            for seat, status in enumerate(self.seat_status):  # those of the 1st settlement, told when there is a 2nd
                if status.kind in ("won", "lost") and not status.nth:
                    self.seat_status[seat] = replace(status, nth=1)
        if self.bank == 0:
            self.tell(ev.BankBroken())
            self.pass_bank()
        elif self.waiting:
            self.give(b, self.draw(), face_up=False)
            self.seat_status[b] = replace(self.seat_status[b], new_card=True)
            self.tell(ev.NewCard(b))
            self.banker_card_dealt()
        else:
            self.deal()

    def retire(self) -> None:
        b = self.banker
        self.purses[b] += self.bank
        self.tell(ev.Retired(b, card=self.hands[b][0], bank=self.bank))
        # his status says so, after any settlement earlier in the hand (the summary reads it, not the log)
        status = self.seat_status[b]
        self.seat_status[b] = (replace(status, retired=self.bank) if status.waits_on_new_card
                               else SeatStatus("banker", retired=self.bank))
        self.bank = 0
        self.pass_bank()
