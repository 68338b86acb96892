"""A practice table: one learner against computer players, as the Play page runs it.

Pure Python and immutable like the game, so the page keeps one value in its
session and every button returns a new one.
"""

from dataclasses import dataclass, replace

from quitlok.bank_odds import BankerAdvice
from quitlok.bots import PLAYERS, ComputerPlayer
from quitlok.coach import Coaching, banker_coach, coach
from quitlok.errors import InvalidSetup
from quitlok.events import Event
from quitlok.game import (
    COMPUTER_NAMES,
    RETIRE,
    STAKE,
    Action,
    KeepBank,
    State,
    apply_action,
    draw_for_banker,
    new_game,
    seen_events,
)
from quitlok.i18n import _
from quitlok.narration import YOU
from quitlok.rules import RuleSet
from quitlok.seat_log import seat_events
from quitlok.sim import step

STYLES = {"mixed": ("cautious", "bold", "best"), "cautious": ("cautious",), "bold": ("bold",), "best": ("best",)}

#: the most computer moves one "skip to my turn" may take, so a click always returns
MAX_SKIP = 400


@dataclass(frozen=True)
class PracticeTable:
    """The game, the learner's seat and the computer player of every other seat."""

    state: State
    human: int
    computers: tuple[tuple[int, ComputerPlayer], ...]
    #: how the first banker was chosen: each round of the draw for the bank
    banker_draws: tuple[tuple[tuple[int, int], ...], ...] = ()
    #: the last decision ended a hand (or the game): the table shows how it ended before play goes on
    hand_ended: bool = False

    @property
    def players(self) -> dict[int, ComputerPlayer]:
        return dict(self.computers)

    @property
    def humans_turn(self) -> bool:
        return self.state.to_act == self.human

    @property
    def human_out(self) -> bool:
        """The learner has no chips left and no stake or bank in play."""
        s = self.state
        return s.purses[self.human] == 0 and s.stakes[self.human] == 0 and s.banker != self.human

    @property
    def banker_stands_on(self) -> int:
        """What the learner's advisor takes the banker to stand on: a computer banker's own total (else 17),
        raised to the total the rules force him to reach."""
        banker = self.players.get(self.state.banker)
        return self.state.rules.banker_model(getattr(banker, "stands_on", 17))

    @property
    def viewer(self) -> int | None:
        """The seat the table is drawn for: the learner's; None for nobody in particular (`human` below 0: a shared
        device), who sees what onlookers see."""
        return self.human if self.human is not None and self.human >= 0 else None

    @property
    def events(self) -> tuple[Event, ...]:
        """The game's log as the learner may see it (quitlok.game.seen_events): events, with nothing a computer
        player alone knows."""
        return seen_events(self.state.events, self.viewer)

    @property
    def log(self) -> tuple[str, ...]:
        """The same log in words (quitlok.seat_log, quitlok.narration)."""
        return seat_events(self.state, self.viewer)

    def coaching(self) -> Coaching | None:
        """The advisor's prices for the learner's decision now (None when it is not the learner's turn)."""
        return coach(self.state, self.banker_stands_on) if self.humans_turn else None

    def banker_coaching(self) -> BankerAdvice | None:
        """The advisor's prices for the learner's draw or stand as banker (None for any other decision). The
        players are taken to play best against a banker standing on 17 (or what the rules force)."""
        return banker_coach(self.state) if self.humans_turn else None

    def act(self, action: Action) -> "PracticeTable":
        """The learner's decision."""
        return self._after(apply_action(self.state, action))

    def step(self) -> "PracticeTable":
        """One computer player's decision (nothing when it is the learner's turn or the game is over)."""
        seat = self.state.to_act
        if seat is None or seat == self.human:
            return self
        return self._after(step(self.state, self.players))

    def _after(self, state: State) -> "PracticeTable":
        """The table after a decision. A computer banker who may retire and keeps the bank does so at once: at
        a table nobody else learns that he could have retired (his card stays face down), so the learner never
        sees the game wait for that decision. One who retires waits for the next move like any other, and then
        shows his card."""
        ended = state.hands_finished != self.state.hands_finished or state.is_over
        return replace(self, state=state, hand_ended=ended)._bank_kept()

    def _bank_kept(self) -> "PracticeTable":
        """A computer banker who may retire and keeps the bank has kept it (see _after)."""
        s = self.state
        if s.phase == RETIRE and s.to_act != self.human and self.players[s.to_act].choose(s) == KeepBank():
            return replace(self, state=apply_action(s, KeepBank()))
        return self

    def skip_to_human(self) -> "PracticeTable":
        """Computer moves until the learner decides, a hand ends (so the learner sees every result),
        the game ends, or MAX_SKIP moves."""
        table = self
        for _move in range(MAX_SKIP):
            if table.state.to_act in (None, table.human):
                break
            table = table.step()
            if table.hand_ended:
                break
        return table


def start_table(
    rules: RuleSet,
    *,
    computers: int,
    seat: int,
    chips: int,
    bank: int,
    style: str = "mixed",
    banker: int | None = None,
    banker_stands_on: int | None = None,
    max_bet: int | None = None,
    seed: int,
) -> PracticeTable:
    """Seat the learner at `seat` (0-based) among `computers` computer players.

    The first banker is `banker`, or, when None, the seat dealt the highest card.
    Computer bankers stand on `banker_stands_on`, or on their style's own total.
    `max_bet` is the maximum bet the table agrees under rules that have one. When
    the bank comes to the learner, the learner chooses the stake (from `bank` up
    to the purse); computer bankers stake `bank`.
    """
    if not 1 <= computers <= len(COMPUTER_NAMES):
        raise InvalidSetup(_("Choose 1 to {most} computer players.").format(most=len(COMPUTER_NAMES)))
    seats = computers + 1
    if not 0 <= seat < seats:
        raise InvalidSetup(_("Your seat must be one of 1 to {seats}.").format(seats=seats))
    if style not in STYLES:
        raise InvalidSetup(_("Unknown computer style {style}; choose one of {styles}.").format(
            style=repr(style), styles=", ".join(STYLES)))
    if bank > chips:
        raise InvalidSetup(_("The opening bank ({bank}) cannot be more than each player's chips ({chips}).").format(
            bank=bank, chips=chips))
    names = list(COMPUTER_NAMES[:computers])
    names.insert(seat, YOU)
    draws: tuple = ()
    if banker is None:
        banker, rounds = draw_for_banker(rules, seats, seed)
        draws = tuple(tuple(sorted(r.items())) for r in rounds)
    kinds = STYLES[style]
    others = [s for s in range(seats) if s != seat]
    computers_at = tuple((s, PLAYERS[kinds[i % len(kinds)]](seed + s)) for i, s in enumerate(others))
    if banker_stands_on is not None:
        computers_at = tuple((s, replace(player, stands_on=banker_stands_on)) for s, player in computers_at)
    state = new_game(rules, names, banker=banker, bank=bank, purses=chips, seed=seed, max_bet=max_bet,
                     choose_stake=True)
    table = PracticeTable(state=state, human=seat, computers=computers_at, banker_draws=draws)
    return table.step() if state.phase == STAKE and not table.humans_turn else table._bank_kept()  # opens dealt
