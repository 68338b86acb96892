"""What one seat may read of the game's log: the engine's sentences without those that name a card the seat
may not see, nor tell it what only another seat knows.

The engine writes one log for the whole table (quitlok.game, `State.events`); every screen that shows it to
one seat shows `seat_events(state, seat)`: the practice table and the lessons (the learner's seat), a room's
seats (quitlok.rooms.seat_view) and the class table. Everything else in the log is public: blots, the
banker's face-up cards, and every hand shown at a settlement, a bust or a 21 (all thrown-in cards go face
up under the stock). The lines kept from the other seats:

- "Bella has a 4 as first card in hand 4 and may retire." and "Bella keeps the bank.": the banker's retire
  chance names his face-down first card (after a deal, or his new card after a mid-hand settlement), and
  even without the card, that he could retire says it is a 4 or a 7. Only the banker reads them. If he
  retires he shows the card ("Bella shows a 4, retires and takes the bank of 20.", for everyone); if he
  keeps the bank, the others read nothing, as at a table where his card stays face down.
- "Dov is dealt an 11 after calling aluvun and may reject it." names a protected card that came face down
  (always under Kvitlach; after a bet under Quitlok). While Dov decides, the other seats do not see that
  line. Once he has decided it is shown: rejecting puts the 11 face up under the stock, and keeping it
  always ends the turn at once (a total of 11 plus 11 makes 21 or a bust), so his cards are shown.

A later issue rebuilds the log as events that know who may see them (SPEC section 4); until then these are
the only private sentences, and tests/engine/test_seat_log.py plays random games to check that no other
sentence names a card the seat could not see.
"""

import re

from quitlok.game import PROTECTED, YOU, State, check_seat

_MAY_RETIRE = re.compile(r"(?:has|have) an? (?:framed )?\d+ as first card in hand \d+ and may retire\.")
#: words every line of _MAY_RETIRE holds: most lines of a long log are passed over by this test alone
_RETIRE_WORDS = " as first card in hand "
_KEEPS_BANK = ("keeps the bank.", "keep the bank.")
_DEALT_11 = re.compile(r"(?:is|are) dealt an 11 after calling \w+ and may reject it\.")


def protected_face_down(state: State) -> bool:
    """The player to act holds a protected 11 that came face down, and is deciding whether to keep it."""
    return state.phase == PROTECTED and not state.face_up[state.to_act][-1]


def _about(line: str, name: str) -> str | None:
    """The rest of a sentence about the seat called `name` ("Bella keeps the bank." -> "keeps the bank."), or
    None when the sentence is not about it."""
    start = name + " "
    return line[len(start):] if line.startswith(start) else None


def _private(line: str, name: str) -> bool:
    """A sentence only the seat called `name` may read: its retire chance, or its keeping the bank."""
    rest = _about(line, name)
    if rest is None:
        return False
    you = name == YOU
    return rest == _KEEPS_BANK[you] or (_RETIRE_WORDS in rest and _MAY_RETIRE.fullmatch(rest) is not None)


def seat_events(state: State, seat: int | None) -> tuple[str, ...]:
    """The log as `seat` may read it (module docstring); `seat=None` for onlookers, who read only what every
    seat may read."""
    check_seat(state, seat, onlookers=True)
    names = state.players
    pending = None  # the line that names a protected 11 still face down and undecided, hidden from the others
    if protected_face_down(state) and state.to_act != seat:
        mine = names[state.to_act]
        pending = max(i for i, line in enumerate(state.events)
                      if (rest := _about(line, mine)) is not None and _DEALT_11.fullmatch(rest))
    others = [name for other, name in enumerate(names) if other != seat]
    return tuple(line for i, line in enumerate(state.events)
                 if i != pending and not ((_RETIRE_WORDS in line or line.endswith(" the bank."))
                                          and any(_private(line, name) for name in others)))
