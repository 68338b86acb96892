"""The lessons: twelve short steps, each with a hand on a scripted stock that makes its rule happen.

Only the game side lives here (who sits where, the stock, the moves the text
suggests, the event that shows the rule at work (a Goal: a predicate over the log's events), the figure a learner
predicts); the words are in content/lessons/<slug>.md. The hands are played
with the real engine, so a test can play each one and read its outcome.

A lesson's hand is played to its end: after the learner's moves the computer
players play on until the hand is over, so the learner always sees what became
of the bet.
"""

from dataclasses import dataclass, fields
from fractions import Fraction

from quitlok.actions import Action, Aluvun, Bet, Blot, Draw, Reject, Retire, Stay
from quitlok.bots import QuietPlayer
from quitlok.events import (
    BankerEarly,
    ElevenRejected,
    Event,
    HandDealt,
    NewCard,
    Retired,
    Settled,
    Stayed,
    TwentyOne,
    WentBust,
)
from quitlok.game import apply_action, new_game
from quitlok.narration import YOU, sentences
from quitlok.odds import banker_outcomes, bust_chance
from quitlok.practice import PracticeTable
from quitlok.rules import KVITLACH, QUITLOK, RuleSet

#: the figures a learner can be asked to predict, by name
PREDICTIONS = ("value", "bust", "bust with aluvun", "banker bust")



@dataclass(frozen=True)
class Goal:
    """The event that shows a lesson's rule at work: an event of type `kind` (quitlok.events) whose fields have
    the `values` given; `mine`: on the learner's own seat; `staked`: with a stake (its `stake` above 0)."""

    kind: type[Event]
    values: tuple[tuple[str, object], ...] = ()
    mine: bool = False
    staked: bool = False

    def __post_init__(self) -> None:
        names = {f.name for f in fields(self.kind)}
        wanted = {name for name, _ in self.values} | ({"seat"} if self.mine else set()) | (
            {"stake"} if self.staked else set())
        if not wanted <= names:
            raise ValueError(f"a {self.kind.__name__} has no {', '.join(sorted(wanted - names))}")

    def met(self, event: Event, me: int) -> bool:
        """True when `event` is this goal's event, at a table where the learner sits at seat `me`."""
        return (isinstance(event, self.kind) and all(getattr(event, name) == value for name, value in self.values)
                and (not self.mine or event.seat == me) and (not self.staked or event.stake > 0))


def goal(kind: type[Event], *, mine: bool = False, staked: bool = False, **values: object) -> Goal:
    """A Goal: `goal(Settled, mine=True, value=19, won=True)`: the learner shows 19 and wins."""
    return Goal(kind, tuple(values.items()), mine, staked)


@dataclass(frozen=True)
class Lesson:
    """One step: a table, a stock, the learner's suggested moves and the event that shows the rule."""

    slug: str
    stock: tuple[int, ...]
    moves: tuple[Action, ...]
    goal: Goal
    rules: RuleSet = QUITLOK
    players: tuple[str, ...] = ("Bella", YOU, "Chaim")
    banker: int = 0
    bank: int = 10
    purses: int = 20
    #: actions played before the learner takes over (earlier hands, or a bet that set the position up)
    prelude: tuple[Action, ...] = ()
    #: one of PREDICTIONS, asked about the learner's position at the start
    predict: str | None = None
    #: the moves (indices into `moves`) that only show the rule and are not the best play: a bet smaller than
    #: the room, the only way to show the bank covering a stake without breaking it or making the banker play
    #: at once. The page says "to see the rule", never "suggested", for these; every other move is the
    #: advisor's best (tests/engine/test_lessons.py checks both ways)
    demonstrations: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.predict not in (None, *PREDICTIONS):
            raise ValueError(f"{self.slug}: a prediction is one of {', '.join(PREDICTIONS)}, not {self.predict!r}")
        if any(not 0 <= i < len(self.moves) for i in self.demonstrations):
            raise ValueError(f"{self.slug}: a demonstration names one of the {len(self.moves)} moves")

    @property
    def human(self) -> int:
        return self.players.index(YOU)

    def start(self) -> PracticeTable:
        """The lesson's table, ready for the learner."""
        state = new_game(self.rules, list(self.players), banker=self.banker, bank=self.bank, purses=self.purses,
                         stock=list(self.stock), seed=len(self.slug))
        for action in self.prelude:
            state = apply_action(state, action)
        computers = tuple((seat, QuietPlayer()) for seat in range(len(self.players)) if seat != self.human)
        return PracticeTable(state=state, human=self.human, computers=computers)

    def reached(self, table: PracticeTable) -> bool:
        """True once the event that shows the lesson's rule has happened."""
        return any(self.goal.met(event, self.human) for event in table.state.events)

    @staticmethod
    def over(table: PracticeTable) -> bool:
        """True once the lesson's hand has ended (the lesson stops there: the next hand is not its subject)."""
        return table.hand_ended or table.state.is_over

    def done(self, table: PracticeTable) -> bool:
        """The hand is over and the rule happened on the way: what the done-text describes."""
        return self.over(table) and self.reached(table)

    def move(self, table: PracticeTable, action: Action) -> PracticeTable:
        """The learner's move; the table unchanged once the hand is over, so that a click that arrives late
        (a double click on a busy server) never plays on into the next hand."""
        return table if self.over(table) else table.act(action)

    def play_on(self, table: PracticeTable) -> PracticeTable:
        """The computer players play to the learner's next decision or the end of the hand (nothing once the
        hand is over, as for `move`)."""
        return table if self.over(table) else table.skip_to_human()

    def story(self, table: PracticeTable) -> tuple[str, ...]:
        """The log as far as the lesson goes, in words, oldest first: once the hand is over, up to the deal of the
        next hand (what "The table now" shows), without the turns that follow it, which the lesson does not play."""
        return sentences(self.story_events(table), table.state.players)

    def story_events(self, table: PracticeTable) -> tuple[Event, ...]:
        """The events of `story`."""
        events = table.state.events
        if self.over(table):
            deals = [i for i, event in enumerate(events) if isinstance(event, HandDealt)]
            if deals and deals[-1] >= len(self.start().state.events):
                events = events[:deals[-1] + 1]
        return events

    def next_move(self, made: tuple[Action, ...]) -> Action | None:
        """The next suggested move after `made`, while the learner has followed the suggestions so far."""
        if made != self.moves[:len(made)] or len(made) >= len(self.moves):
            return None
        return self.moves[len(made)]

    def demonstrates(self, made: tuple[Action, ...]) -> bool:
        """True when the next move after `made` is there to show the rule, not as advice."""
        return self.next_move(made) is not None and len(made) in self.demonstrations

    def unseen(self) -> int:
        """How many cards the learner has not seen at the start: the pool the chances are counted over."""
        state = self.start().state
        return self.rules.pack_size - len(state.hands[self.human]) - len(state.seen_by(self.human))

    def figure(self) -> Fraction | int | None:
        """The exact answer to the prediction, from the engine and quitlok.odds."""
        if self.predict is None:
            return None
        table = self.start()
        state, me = table.state, table.human
        hand, seen = state.hands[me], state.seen_by(me)
        if self.predict == "value":
            return state.value(me)
        if self.predict == "bust":
            return bust_chance(hand, seen, self.rules, exact=True)
        if self.predict == "bust with aluvun":
            return bust_chance(hand, seen, self.rules, aluvun=True, exact=True)
        return banker_outcomes(hand, seen, self.rules, stands_on=17, exact=True)["bust"]

    def figure_without_aluvun(self) -> Fraction:
        """For the aluvun prediction: the same chance without the call, to compare."""
        state = self.start().state
        return bust_chance(state.hands[self.human], state.seen_by(self.human), self.rules, exact=True)

    def play_suggested(self, max_steps: int = 200) -> PracticeTable:
        """Play the suggested moves (computers as they would) until the hand is over."""
        table, moves = self.start(), list(self.moves)
        for _ in range(max_steps):
            if self.over(table):
                break
            if table.humans_turn:
                if not moves:
                    break
                table = table.act(moves.pop(0))
            else:
                table = table.step()
        return table


LESSONS = (
    # a framed pair needs a bet to be paid; the advisor would bet the whole bank on a 2, which would break it
    # the learner has 21 and is paid
    Lesson("01_pack", stock=(2, 9, 5, 11), moves=(Bet(2),), goal=goal(TwentyOne, mine=True, staked=True),
           demonstrations=(0,)),
    Lesson("02_counting", stock=(12, 9, 5, 10, 1, 7, 4), prelude=(Bet(2),), predict="value", moves=(Stay(),),
           goal=goal(Settled, mine=True, value=19, won=True)),
    # a stake the bank covers in part: any bet below the whole bank is smaller than the advisor's (SPEC 3)
    Lesson("03_bank", stock=(9, 4, 6, 8, 10, 10), moves=(Bet(3), Stay()),
           goal=goal(Settled, mine=True, value=17, won=True), demonstrations=(0,)),
    # the next hand is dealt anticlockwise, starting with Chaim (seat 2)
    Lesson("04_deal", stock=(9, 5, 7, 4, 6, 8), moves=(Stay(),), goal=goal(HandDealt, direction=-1, first=2)),
    # a bet after a blot, face down beside the face-up card: on 8 the advisor would blot again
    Lesson("05_turn", stock=(5, 9, 7, 3, 6, 4, 8), moves=(Blot(), Bet(2), Stay()),
           goal=goal(Stayed, mine=True, staked=True), demonstrations=(1,)),
    Lesson("06_bust", stock=(10, 9, 6, 4, 10), prelude=(Bet(2),), predict="bust", moves=(Blot(),),
           goal=goal(WentBust, mine=True, value=24, stake=2)),
    Lesson("07_aluvun", stock=(6, 9, 3, 5, 11, 9, 3, 4, 12), prelude=(Bet(1),), predict="bust with aluvun",
           moves=(Aluvun(), Blot(), Reject(), Stay()), goal=goal(ElevenRejected, mine=True)),
    Lesson("08_early", stock=(11, 9, 5, 6, 8, 6), bank=6, moves=(Bet(6), Stay()), goal=goal(BankerEarly)),
    # a stake lost on a tie: ties go to the banker
    Lesson("09_settle", stock=(10, 9, 3, 8, 10, 5), prelude=(Bet(2),), predict="banker bust", moves=(Stay(),),
           goal=goal(Settled, tie=True)),
    # after the early settlement the banker takes a new card, and play goes on
    Lesson("10_carry_on", stock=(11, 2, 4, 6, 6, 7, 12), bank=5, moves=(Bet(5), Stay()), goal=goal(NewCard)),
    Lesson("11_change_bank", stock=(1, 1, 3, 3, 5, 5, 6, 6, 8, 8, 9, 7), banker=1, prelude=(Stay(),) * 6,
           moves=(Retire(),), goal=goal(Retired, mine=True)),
    # Kvitlach's one bet, and the raise that only elvaroon allows: below the maximum, and a raise at 11 that
    # the advisor would not make (drawing the protected card without it is worth a little more)
    Lesson("12_kvitlach", rules=KVITLACH, stock=(6, 9, 3, 5, 10), bank=8, moves=(Bet(1), Draw(), Aluvun(), Bet(1)),
           goal=goal(TwentyOne, mine=True, staked=True), demonstrations=(0, 3)),
)
