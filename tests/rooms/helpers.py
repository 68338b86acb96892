"""Setting tables up for the rooms tests, and checking that a refused call changed nothing."""

from contextlib import contextmanager

from quitlok import QUITLOK, RuleSet
from quitlok.narration import sentences
from quitlok.rooms import Rooms, RoomView, Seat
from tests.rooms.conftest import stored


def table(rooms: Rooms, people=("Ann", "Dov"), computers=(), *, rules: RuleSet = QUITLOK, bank: int = 10,
          purses: int = 40, seed: int | None = 3, start: bool = True) -> list[Seat]:
    """A room with `people` (the first hosts) and computer players of the given styles, started with `seed`."""
    host = rooms.create(rules, host=people[0], bank=bank, purses=purses)
    seats = [host] + [rooms.join(host.code, name) for name in people[1:]]
    for style in computers:
        rooms.add_computer(host.code, host.token, style)
    if start:
        rooms.start(host.code, host.token, seed=seed)
    return seats


@contextmanager
def unchanged(rooms: Rooms, code: str):
    """The room's row (version, game, seats' settings, last change) is the same after the block."""
    before = stored(rooms, code)
    yield
    assert stored(rooms, code) == before


def settled(rooms: Rooms, seat: Seat) -> RoomView:
    """The seat's view once the computer players left to act have played on. Each call of the store makes one
    bounded step of computer moves (MAX_COMPUTER_MOVES, COMPUTER_SECONDS): every view lets them play on."""
    view = rooms.view(seat.code, seat.token)
    while view.computer_to_act:
        version = view.version
        view = rooms.view(seat.code, seat.token)
        assert view.version > version, "a view lets the computers play on"
    return view


def to_act(rooms: Rooms, seats: list[Seat]) -> Seat | None:
    """The person's seat whose turn it is, if any."""
    view = rooms.view(seats[0].code, seats[0].token)
    return next((s for s in seats if s.seat == view.to_act), None)


def said(view: RoomView) -> tuple[str, ...]:
    """A room view's log as its seat reads it in English: the events' sentences (quitlok.narration)."""
    return sentences(view.events, view.players, view.seat)
