"""The log of a game saved before the log was events (quitlok.state_json's format 1), read back as events where it
can be, so that it is narrated in the reader's language (issue 26).

The old engine wrote its log as English sentences from a fixed set of templates, the same words quitlok.narration
says in English today for the event each came from (tests/engine/prose_oracle.py keeps the old engine). A line is
matched by trying the events it could have come from, with its seat (the name it begins with) and the numbers it
holds, and keeping the one whose English sentence is exactly the line: a match is never a guess, since the event
says in English what the line said. A line that matches no event (a changed template, a hand-edited save, a note
of a room) stays as written, a Prose event that narrates as its text.
"""

import itertools
import re
from collections.abc import Iterator, Sequence

from quitlok import events as ev
from quitlok.game import YOU
from quitlok.i18n import SOURCE, use
from quitlok.narration import sentence

#: the events a line about one seat may have come from, with their fields after the seat: "n" a number of the
#: line (or 0), "b" True or False, "w" the call's word, "c" a card of the line, "h" the line's cards but the last
_ABOUT_A_SEAT = (
    (ev.TurnBegan, ""), (ev.BlotAsked, ""), (ev.FaceDownTaken, ""), (ev.ElevenRejected, ""), (ev.ElevenKept, ""),
    (ev.BankerBust, ""), (ev.NewCard, ""), (ev.BankStaked, "n"), (ev.SharePaid, "n"), (ev.SatOut, "n"),
    (ev.BankTakenBack, "n"), (ev.BankOffered, "nn"), (ev.Stood, "n"), (ev.TwentyOne, "n"), (ev.Stayed, "n"),
    (ev.WentBust, "nn"), (ev.BetPlaced, "nnbb"), (ev.Settled, "nnbb"), (ev.BankerDrew, "cn"), (ev.Retired, "cn"),
    (ev.AluvunCalled, "w"), (ev.BankerTurnedUp, "hn"),
)
_WORDS = ("aluvun", "elvaroon")


def events_from_lines(lines: Sequence[str], players: Sequence[str]) -> tuple[ev.Event, ...]:
    """The old log `lines` of a table of `players` as events: each line the event whose English sentence it is,
    or a Prose event with the line."""
    read: list[ev.Event] = []
    with use(SOURCE):
        for line in lines:
            # a banker who keeps the bank keeps it on the first card his chance to retire showed
            chances = [e for e in read if isinstance(e, ev.MayRetire)]
            kept = (ev.KeptBank(chances[-1].seat, chances[-1].card),) if chances else ()
            read.append(next((event for event in (*kept, *_candidates(line, players)) if _says(event, line, players)),
                             ev.Prose(line)))
    return tuple(read)


def _says(event: ev.Event, line: str, players: Sequence[str]) -> bool:
    try:
        return sentence(event, players) == line
    except (IndexError, KeyError, TypeError, ValueError):  # a candidate no table could have made
        return False


def _candidates(line: str, players: Sequence[str]) -> Iterator[ev.Event]:
    found = [int(n) for n in re.findall(r"\d+", line)]
    numbers = list(dict.fromkeys(found))
    values = [*numbers, 0]
    seats = range(len(players))
    subject = [seat for seat in seats if line.startswith("You " if players[seat] == YOU else f"{players[seat]} ")]
    for seat in subject:
        yield ev.CardDealt(seat, numbers[0], face_up=True, told=True) if numbers else ev.TurnBegan(seat)
        if numbers:
            yield ev.MayRetire(seat, numbers[0], hand=numbers[-1])
            yield ev.ElevenProtected(seat, 11, word=_WORDS[0])
            yield ev.ElevenProtected(seat, 11, word=_WORDS[1])
        for kind, shape in _ABOUT_A_SEAT:
            yield from (kind(seat, *fields) for fields in _fields(shape, values, numbers, found))
    if line.startswith("Hand "):
        for banker, first, direction in itertools.product(seats, seats, (1, -1)):
            yield from (ev.HandDealt(hand, banker, bank, direction, first)
                        for hand, bank in itertools.product(numbers, numbers))
    if line.startswith("The bank passes"):
        yield from (ev.BankPassed(seat) for seat in seats)
    if line.startswith("Game over"):
        for sitting_out, size in itertools.product((False, True), range(1, len(players) + 1)):
            yield from (ev.GameOver(sitting_out, winners, best)
                        for winners in itertools.combinations(seats, size) for best in numbers)
    if line.startswith("The stock"):
        yield from (ev.Reshuffled(face_up, size) for face_up, size in itertools.permutations(numbers, 2))
    yield from (ev.BankBroken(), ev.BankerEarly(), ev.NothingToSettle())


def _fields(shape: str, values: list[int], numbers: list[int], found: list[int]) -> Iterator[tuple]:
    choices = {"n": values, "b": (False, True), "w": _WORDS, "c": numbers,
               "h": [tuple(found[:-1])] if len(found) > 1 else []}
    return itertools.product(*(choices[kind] for kind in shape))
