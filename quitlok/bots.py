"""Computer players: a cautious one, a bold one and a random one, each also able to bank.

The total a computer banker stands on is a field (`stands_on`), so a table can
choose it: ``replace(cautious(seed), stands_on=16)``.

A computer player is anything with `choose(state) -> Action` for the seat
`state.to_act`. Choices depend only on the state and the player's seed, so a
game replays exactly. A best-play player (driven by `quitlok.odds`) plugs in the
same way and registers itself in `PLAYERS`.
"""

import random
from dataclasses import dataclass
from typing import Protocol

from quitlok.actions import Action, Aluvun, Bet, Blot, Draw, Keep, KeepBank, Reject, Retire, StakeBank, Stand, Stay
from quitlok.at_best import choose_as_banker
from quitlok.coach import coach
from quitlok.game import BANKER, PROTECTED, RETIRE, STAKE, State, legal_actions
from quitlok.i18n import _, percent, pgettext
from quitlok.rules import RuleSet


class ComputerPlayer(Protocol):
    """What the table needs from a computer seat."""

    label: str

    def choose(self, state: State) -> Action: ...

    def describe(self, rules: RuleSet) -> str: ...


@dataclass(frozen=True)
class StyledPlayer:
    """A rule-of-thumb player; the numbers that make it cautious or bold are fields.

    As a player it calls aluvun whenever it can, takes cards while its total is
    below `draw_below`, and stakes `bet_share` of what it may bet. As banker it
    draws below `stands_on` and retires once the bank has grown to
    `retire_at` times the opening bank.
    """

    label: str
    draw_below: int
    bet_share: float
    stands_on: int
    retire_at: float
    seed: int = 0

    def choose(self, state: State) -> Action:
        legal = legal_actions(state)
        seat = state.to_act
        value = state.value(seat)
        if state.phase in (STAKE, RETIRE, BANKER):
            return bank(state, self.stands_on, self.retire_at)
        if state.phase == PROTECTED:
            return Keep() if 17 <= value <= 21 else Reject()
        if Aluvun() in legal:
            return Aluvun()
        bets = [a for a in legal if isinstance(a, Bet)]
        wants_card = state.aluvun_called or value < self.draw_below
        opening = state.stakes[seat] == 0 and (state.rules.bet_first or wants_card)
        raising = state.aluvun_called and self.bet_share >= 0.5
        if bets and (opening or raising):
            return self._bet(bets, state)
        if wants_card:
            for card in (Draw(), Blot()):
                if card in legal:
                    return card
            if bets:
                return bets[0]
        return Stay() if Stay() in legal else legal[0]

    def describe(self, rules: RuleSet) -> str:
        """What this player does, by its numbers, as the rules let it: a style's name alone says too little
        (a 'bold' banker stands lower, which a newcomer reads backwards)."""
        values = {"below": self.draw_below, "total": rules.banker_model(self.stands_on)}
        if self.bet_share == 0.2:
            return _("takes cards below {below}, bets about a fifth of what is allowed; as banker stands on "
                     "{total}").format(**values)
        if self.bet_share == 0.6:
            return _("takes cards below {below}, bets about three fifths of what is allowed; as banker stands on "
                     "{total}").format(**values)
        # Translators: {share} is a percentage ("40%").
        return _("takes cards below {below}, bets about {share} of what is allowed; as banker stands on "
                 "{total}").format(share=percent(self.bet_share, 0), **values)

    def _bet(self, bets: list[Bet], state: State) -> Bet:
        """A stake of about `bet_share` of the room, varied a little by the seed."""
        room = bets[-1].n
        rng = random.Random(f"{self.seed}/{state.moves}")
        n = max(1, round(room * self.bet_share * rng.uniform(0.75, 1.25)))
        return Bet(min(n, room))


def bank(state: State, stands_on: int, retire_at: float) -> Action:
    """The banker's decision: stake the agreed opening bank; retire once the bank has grown to
    `retire_at` times the opening bank; otherwise draw below `stands_on` (or whenever the rules force a draw)."""
    if state.phase == STAKE:
        return StakeBank(state.opening_bank)
    if state.phase == RETIRE:
        # a hair of slack: 1.2 x 10 is 12.000000000000002 in floats, and a bank of 12 has grown 1.2 times
        return Retire() if state.bank >= retire_at * state.opening_bank - 1e-9 else KeepBank()
    legal = legal_actions(state)
    below = state.value(state.banker) < stands_on
    return Draw() if Draw() in legal and (below or Stand() not in legal) else Stand()


@dataclass(frozen=True)
class BestPlayer:
    """Plays every turn by the advisor's exact odds (quitlok.coach), taking the banker to stand on
    `stands_on`; as banker it stands on the same total and retires at `retire_at` times the bank. Where the
    solved game applies to its draw or stand (quitlok.at_best: one player, a fresh pack, one chip), it plays
    the banker's equilibrium strategy instead, a mixed choice sampled with its seed and the move counter."""

    seed: int = 0
    label: str = "best play"
    stands_on: int = 17
    retire_at: float = 1.5

    def choose(self, state: State) -> Action:
        if state.to_act == state.banker:
            at_best = choose_as_banker(state, self.seed) if state.phase == BANKER else None
            return at_best or bank(state, self.stands_on, self.retire_at)
        return coach(state, self.stands_on).best

    def describe(self, rules: RuleSet) -> str:
        """What this player does, by its numbers (see StyledPlayer.describe)."""
        return _("plays every decision by the exact odds; as banker stands on {total}").format(
            total=rules.banker_model(self.stands_on))


@dataclass(frozen=True)
class QuietPlayer:
    """Never bets: stays at once; as banker draws below `stands_on` and never retires.

    The lessons seat these around the learner, so that each scripted hand goes as its text says.
    """

    seed: int = 0
    label: str = "steady"
    stands_on: int = 17

    def choose(self, state: State) -> Action:
        if state.to_act == state.banker:
            return bank(state, self.stands_on, float("inf"))
        legal = legal_actions(state)
        return Stay() if Stay() in legal else legal[0]

    def describe(self, rules: RuleSet) -> str:
        """What this player does, by its numbers (see StyledPlayer.describe)."""
        return _("never bets; as banker stands on {total}").format(total=rules.banker_model(self.stands_on))


def cautious(seed: int = 0) -> StyledPlayer:
    """Bets small, stops at 15, banks standing on 17 and retires with any profit."""
    return StyledPlayer("cautious", draw_below=15, bet_share=0.2, stands_on=17, retire_at=1.2, seed=seed)


def bold(seed: int = 0) -> StyledPlayer:
    """Bets big, draws to 17, banks standing on 15 and keeps the bank until it has doubled."""
    return StyledPlayer("bold", draw_below=17, bet_share=0.6, stands_on=15, retire_at=2.0, seed=seed)


@dataclass(frozen=True)
class RandomPlayer:
    """Picks uniformly among the legal actions: for tests and benchmarks."""

    seed: int = 0
    label: str = "random"

    def choose(self, state: State) -> Action:
        legal = legal_actions(state)
        return random.Random(f"{self.seed}/{state.moves}/{len(legal)}").choice(legal)

    def describe(self, rules: RuleSet) -> str:
        """What this player does (see StyledPlayer.describe)."""
        return _("picks any legal move at random")


#: the computer players a table offers, by name
PLAYERS = {"cautious": cautious, "bold": bold, "best": BestPlayer}


def style_name(style: str) -> str:
    """A computer player's style as people read it, in the current language: a player's `label` ("cautious",
    "best play") or a practice table's choice of styles (quitlok.practice.STYLES: "mixed", "best"). The labels
    and styles stay the keys the code compares; a key without words is shown as it is."""
    names = {
        # Translators: a computer player's style: bets small, stops early.
        "cautious": lambda: pgettext("computer style", "cautious"),
        # Translators: a computer player's style: bets big, draws on.
        "bold": lambda: pgettext("computer style", "bold"),
        # Translators: a computer player's style: plays every decision by the exact odds.
        "best play": lambda: pgettext("computer style", "best play"),
        "best": lambda: pgettext("computer style", "best play"),
        # Translators: a computer player's style: never bets (the lessons' players).
        "steady": lambda: pgettext("computer style", "steady"),
        # Translators: a computer player's style: any legal move at random.
        "random": lambda: pgettext("computer style", "random"),
        # Translators: a practice table's computer players: one of each style.
        "mixed": lambda: pgettext("computer style", "mixed"),
    }
    return names[style]() if style in names else style
