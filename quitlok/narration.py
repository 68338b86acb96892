"""Words for events: the one module that turns the engine's facts (quitlok.events) into sentences.

`sentence(event, players)` is one event's sentence (None for an event nobody is told in words, such as a card
dealt face down, or a secret hidden from the viewer); `sentences(events, players)` the log as lines. A seat
whose name is "You" (quitlok.game.YOU: the learner at the practice table) is spoken to in the second person
("You bet 3", "your bank"), as the engine's log always did. The wording is today's English; the `viewer`
argument (the seat reading, None for an onlooker) is where a later step makes "you" follow the reader, and a
language can come in beside it.

The statuses of the seats (`quitlok.game.SeatStatus`) are worded here too: `status_line`.
"""

import re
from collections.abc import Iterable, Sequence
from dataclasses import replace

from quitlok import events as ev
from quitlok.cards import a_card, plural
from quitlok.game import SeatStatus
from quitlok.i18n import N_, _

__all__ = ["YOU", "NEW_CARD", "SETTLEMENT", "STYLE_WORDS", "ending_words", "hand_over_words", "hand_title",
           "ordinal", "room_note", "sentence", "sentences", "status_from_line", "status_line"]

#: the name that makes the log speak in the second person ("You bet 3")
YOU = "You"
#: the end of a banker's status after an early settlement, when he takes a new card for the players still to
#: play; a later settlement (or his retiring) follows it after ": " ("banker: 21, then a new card: bust")
NEW_CARD = ", then a new card"
#: the end of a player's status once the banker has settled a second time in the hand: which settlement it was
#: in ("lost 10 with 20 (1st settlement)"); quitlok.ui.table groups the hand's summary by it
SETTLEMENT = " ({nth} settlement)"


def ordinal(n: int) -> str:
    """'1st', '2nd', '3rd', '4th'."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


class _Words:
    """The names of one table's seats, and the agreement of verbs with them."""

    def __init__(self, players: Sequence[str], viewer: int | None) -> None:
        self.players, self.viewer = players, viewer

    def you(self, seat: int) -> bool:
        return self.players[seat] == YOU

    def say(self, seat: int, text: str, **values: object) -> str:
        """A sentence about a seat; '{s}', '{is}', '{has}' agree with the name ("You bet")."""
        you = self.you(seat)
        words = {"s": "" if you else "s", "is": "are" if you else "is", "has": "have" if you else "has"}
        return f"{self.players[seat]} " + text.format(**words, **values)

    def name(self, seat: int) -> str:
        """A seat's name inside a sentence: 'Bella', or 'you'."""
        return "you" if self.you(seat) else self.players[seat]

    def whose(self, seat: int) -> str:
        """A seat's possessive inside a sentence: "Bella's", or 'your'."""
        return "your" if self.you(seat) else f"{self.players[seat]}'s"


def sentence(event: ev.Event, players: Sequence[str], viewer: int | None = None) -> str | None:
    """The sentence for `event` at a table of `players` as `viewer` reads it; None when nothing is said."""
    w = _Words(players, viewer)
    say = w.say
    match event:
        case ev.Prose(text):
            return text
        case ev.RoomNote():
            return room_note(event, players)
        case ev.CardDealt(seat, card, face_up=face_up, told=told):
            return say(seat, "get{s} {card}.", card=a_card(card)) if face_up and told and card is not None else None
        case ev.BankOffered(seat, least, most):
            return say(seat, "{is} the new banker and may stake from {least} to {most} chips.", least=least,
                       most=most)
        case ev.BankStaked(seat, bank):
            return say(seat, "take{s} the bank and stake{s} {bank}.", bank=bank)
        case ev.SharePaid(seat, share):
            return say(seat, "add{s} {share} to the bank.", share=share)
        case ev.SatOut(seat, share):
            return say(seat, "cannot pay a share of {share} and still bet, so {pays} nothing and sit{s} out this "
                       "bank.", share=share, pays="pay" if w.you(seat) else "pays")
        case ev.BankTakenBack(seat, bank):
            return say(seat, "take{s} back the bank of {bank}: nobody who joined it has chips left.", bank=bank)
        case ev.HandDealt(direction=direction, first=first):
            way = "clockwise" if direction == 1 else "anticlockwise"
            return f"{hand_title(event, players, viewer)}: dealt {way}, starting with {w.name(first)}."
        case ev.MayRetire(seat, card, hand=hand):
            return None if card is None else say(seat, "{has} {card} as first card in hand {h} and may retire.",
                                                  card=a_card(card), h=hand)
        case ev.KeptBank(seat, card):
            return None if card is None else say(seat, "keep{s} the bank.")
        case ev.BankPassed(seat):
            return f"The bank passes to the right, to {w.name(seat)}."
        case ev.GameOver(sitting_out, winners, best):
            why = ("nobody left can pay a share of the bank and still bet" if sitting_out
                   else "fewer than two seats have chips")
            return f"Game over: {why}. Most chips: {' and '.join(w.name(s) for s in winners)} ({best})."
        case ev.TurnBegan(seat):
            return say(seat, "{has} the turn.")
        case ev.BankBroken():
            return "The bank is broken: the hand ends."
        case ev.BankerEarly():
            return "The open stakes cover the whole bank: the banker plays now."
        case ev.NothingToSettle():
            return "No stake is open: nothing to settle, and the hand ends."
        case ev.BankerTurnedUp(seat, hand, n):
            return say(seat, "turn{s} up {cards} and play{s} against {n} chip{plural} of open stakes.",
                       cards=" and ".join(a_card(c) for c in hand), n=n, plural="" if n == 1 else "s")
        case ev.Stood(seat, value):
            return say(seat, "stand{s} on {v}.", v=value)
        case ev.BankerDrew(seat, card, value):
            return say(seat, "draw{s} {card}: {v}.", card=a_card(card), v=value)
        case ev.BlotAsked(seat):
            return say(seat, "ask{s} for a blot.")
        case ev.BetPlaced(seat, n, stake, with_card, raised):
            if not with_card:
                return say(seat, "bet{s} {n}; the bank sets {n} aside to cover it.", n=n)
            verb = "raise{s}" if raised else "bet{s}"
            return say(seat, verb + " {n} (stake {stake}) and take{s} a face-down card.", n=n, stake=stake)
        case ev.FaceDownTaken(seat):
            return say(seat, "take{s} a face-down card.")
        case ev.AluvunCalled(seat, word):
            return say(seat, "call{s} {word}: the next card is protected.", word=word)
        case ev.ElevenProtected(seat, card, word=word):
            return None if card is None else say(
                seat, "{is} dealt an 11 after calling {word} and may reject it.", word=word)
        case ev.ElevenRejected(seat):
            return say(seat, "reject{s} the 11 (it goes face up under the stock) and take{s} the next card.")
        case ev.ElevenKept(seat):
            return say(seat, "keep{s} the 11.")
        case ev.WentBust(seat, value, stake):
            return say(seat, "{is} bust with {v}" + (f"; the stake of {stake} goes to the bank." if stake else "."),
                       v=value)
        case ev.TwentyOne(seat, stake):
            return say(seat, "{has} 21" + (f" and {{is}} paid {stake} at once." if stake else ", but had no stake."))
        case ev.Stayed(seat, stake):
            if stake:
                return say(seat, "stay{s} with a stake of {stake}.", stake=stake)
            return say(seat, "stay{s} with no stake and throw{s} the cards in.")
        case ev.BankerBust(seat):
            return say(seat, "{is} bust: every open stake wins.")
        case ev.Settled(seat, value, stake, won, tie):
            if won:
                return say(seat, "show{s} {v} and win{s} {stake} from the bank.", v=value, stake=stake)
            return say(seat, "show{s} {v} and lose{s} {stake} to the bank{tie}.", v=value, stake=stake,
                       tie=" (ties go to the banker)" if tie else "")
        case ev.NewCard(seat):
            return say(seat, "take{s} a new card; play goes on with the players still to play.")
        case ev.Retired(seat, card, bank):
            return say(seat, "show{s} {card}, retire{s} and take{s} the bank of {bank}.", card=a_card(card),
                       bank=bank)
        case ev.Reshuffled(face_up, size):
            return ("The stock is down to its last card: it is shuffled with the "
                    f"{plural(face_up, 'face-up card')} into a new stock of {size}.")
    raise TypeError(f"No words for {event!r}")


def hand_title(deal: ev.HandDealt, players: Sequence[str], viewer: int | None = None, *, bank: bool = True) -> str:
    """A hand's title, as its deal's sentence begins: "Hand 3 of Bella's bank (bank 20)"; without `bank`, "Hand 3
    of Bella's bank"."""
    title = f"Hand {deal.hand} of {_Words(players, viewer).whose(deal.banker)} bank"
    return f"{title} (bank {deal.bank})" if bank else title


#: the computer players' styles (quitlok.bots.PLAYERS) as a note names them
STYLE_WORDS = {"cautious": N_("cautious"), "bold": N_("bold"), "best": N_("best play")}
_ROOM_NOTES = {
    "new_device": N_("{name} plays on from a new device."),
    "back": N_("{name} is back in the seat a computer played, on a new device."),
    "left": N_("{name} has left the table; a computer player ({style}) plays the seat from now on."),
    "paused": N_("The host has paused the game."),
    "resumed": N_("The host lets the game go on."),
    "ended": N_("The host has ended the game: each seat keeps its purse and its open stake, the banker the bank."),
    "abandoned": N_("Everyone at the table had been gone for {minutes} minutes, so the game ended here rather than "
                    "let the computer players play on alone: each seat keeps its purse and its open stake, the "
                    "banker the bank."),
    "people_out": N_("Nobody at the table but the computer players has chips left, so the game ends here: each seat "
                     "keeps its purse and its open stake, the banker the bank."),
    "timed_out": N_("{name}'s time to decide ran out, so a computer player made the move."),
}


def room_note(note: ev.RoomNote, players: Sequence[str]) -> str:
    """A room's own note (quitlok.rooms) as a sentence, in the current language."""
    name = players[note.seat] if note.seat is not None and 0 <= note.seat < len(players) else ""
    style = _(STYLE_WORDS[note.style]) if note.style in STYLE_WORDS else (note.style or "")
    return _(_ROOM_NOTES[note.what]).format(name=name, style=style, minutes=note.minutes)


def sentences(events: Iterable[ev.Event], players: Sequence[str], viewer: int | None = None) -> tuple[str, ...]:
    """The log as lines: one sentence per event that says something, oldest first."""
    lines = (sentence(event, players, viewer) for event in events)
    return tuple(line for line in lines if line is not None)


def status_line(status) -> str:
    """A seat's status (quitlok.game.SeatStatus) as the table's short line: 'waiting', 'bust, lost 3',
    'won 2 with 18 (2nd settlement)', 'banker: 21, then a new card: drawing'."""
    kind = status.kind
    stake, value = status.stake, status.value
    if kind == "banker":
        line = "banker"
        results = status.results
        for i, result in enumerate(results):
            line += f": {'bust' if result is None else result}"
            if i < len(results) - 1 or status.new_card:
                line += NEW_CARD
        if status.drawing:
            line += ": drawing"
        elif status.retired is not None:
            line += f": retired with the bank of {status.retired}"
        return line
    line = {
        "": "",
        "waiting": "waiting",
        "playing": "playing",
        "out: share": "sitting out: could not pay a share",
        "out: chips": "sitting out: no chips",
        "threw in": "threw in",
        "stayed": f"stayed on a stake of {stake}",
        "bust": f"bust, lost {stake}" if stake else "bust",
        "21": f"21! won {stake}" if stake else "21 (no stake)",
        "won": f"won {stake} with {value}",
        "lost": f"lost {stake} with {value}",
    }[kind]
    return line + (SETTLEMENT.format(nth=ordinal(status.nth)) if status.nth else "")


def log(state) -> tuple[str, ...]:
    """The whole table's log of a game (quitlok.game.State, or a seat's view of one) as lines."""
    return sentences(state.events, state.players)


# --- how a hand ended, seat by seat (the hand-over panel of quitlok.ui.table) ----------------------------------


def ending_words(name: str, status: SeatStatus) -> str:
    """One seat's result as the hand ended, in a sentence after its name (`name`: 'you', 'Bella'): 'you won 2
    with 18', 'Bella (banker) ended on 17'; a status with no sentence of its own reads 'Bella: stayed on ...'."""
    kind, stake, value = status.kind, status.stake, status.value
    words = None
    if status.nth:  # told settlement by settlement (hand_over_words), never here
        pass
    elif kind in ("won", "lost"):
        words = f"{kind} {stake} with {value}"
    elif kind == "bust":
        words = f"went bust and lost {stake}" if stake else "went bust, with nothing staked"
    elif kind == "21":
        words = f"made 21 and won {stake}" if stake else "made 21, with nothing staked"
    elif kind == "threw in":
        words = "threw the cards in, with nothing staked"
    elif kind == "waiting":
        words = "had no turn (the hand ended first)"
    elif kind == "out: share":
        words = "sat out (could not pay a share)"
    elif kind == "out: chips":
        words = "sat out (no chips)"
    elif kind == "banker" and not (status.new_card or status.drawing):
        results, retired = status.results, status.retired
        if not results and retired is not None:
            words = f"(banker) retired and took the bank of {retired}"
        elif not results and retired is None:
            words = "(banker) did not play"
        elif len(results) == 1 and retired is None:
            words = "(banker) went bust" if results[0] is None else f"(banker) ended on {results[0]}"
    return f"{name} {words}" if words is not None else f"{name}: {status_line(status)}"


def hand_over_words(title: str, statuses: Sequence[SeatStatus], names: Sequence[str], first: int | None) -> str:
    """'Hand 3 of Bella's bank is over: you won 2 with 18; Bella (banker) ended on 17.' from each seat's status as
    the hand ended (`names`: each seat as the sentence names it, 'you' for the reader's). Seat `first` (the
    reader's) first, then the banker, then the others. When the banker settled more than once (he played early,
    took a new card and played again), each settlement is told in turn with the banker's total at it."""
    played = [seat for seat, status in enumerate(statuses) if status.kind]
    banker = next((seat for seat in played if statuses[seat].kind == "banker"), None)
    order = ([first] if first in played else []) + ([banker] if banker not in (None, first) else []) + [
        x for x in played if x not in (first, banker)]
    if banker is not None and statuses[banker].settled_more_than_once:
        others = [x for x in order if x != banker]
        return f"{title} is over: {_settlements_words(statuses, names, banker, others)}"
    return f"{title} is over: " + "; ".join(ending_words(names[seat], statuses[seat]) for seat in order) + "."


def _settlements_words(statuses: Sequence[SeatStatus], names: Sequence[str], banker: int, others: list[int]) -> str:
    """A hand where the banker played early and took a new card, settlement by settlement: 'at the 1st
    settlement Eli (banker) had 21: you lost 10 with 20. Then Eli took a new card; at the 2nd settlement Eli
    went bust: Dov won 2 with 15. Fay went bust and lost 2.' Each player's status names the settlement it was in
    once there was a second (`nth`). A lone settlement before a new card the banker did not play reads 'Eli
    (banker) played early and had 21: ...'."""
    name, status = names[banker], statuses[banker]
    at: dict[int, list[str]] = {}
    rest = []
    for seat in others:
        mine = statuses[seat]
        if mine.nth:
            at.setdefault(mine.nth, []).append(ending_words(names[seat], replace(mine, nth=0)))
        elif mine.kind in ("won", "lost"):  # the only settlement: the new card was not played
            at.setdefault(1, []).append(ending_words(names[seat], mine))
        else:
            rest.append(ending_words(names[seat], mine))
    steps: list[tuple[str, int | None]] = [("bust", None) if r is None else ("total", r) for r in status.results]
    if status.new_card:  # what came of the new card: nothing, his draw going on, or retiring with it
        steps.append(("drawing", None) if status.drawing else ("retired", status.retired)
                     if status.retired is not None else ("", None))
    once = sum(1 for kind, _ in steps if kind in ("bust", "total")) == 1
    told = []
    for nth, (kind, number) in enumerate(steps, start=1):
        then = "" if nth == 1 else f"then {name} took a new card"
        if not kind:
            told.append(f"{then} and did not play again.")
        elif kind == "retired":
            told.append(f"{then}, showed it, retired and took the bank of {number}.")
        else:
            total = {"bust": "went bust", "total": f"had {number}", "drawing": "had drawing"}[kind]
            settled = (f"{name} (banker) played early and {total}: " if once else
                       f"at the {ordinal(nth)} settlement {name}{' (banker)' if nth == 1 else ''} {total}: ")
            told.append((f"{then}; " if then else "") + settled + "; ".join(at.get(nth, [])) + ".")
    if rest:
        told.append("; ".join(rest) + ".")
    return " ".join(told[:1] + [line[0].upper() + line[1:] for line in told[1:]])


# --- statuses saved as lines (quitlok.state_json reads games saved before statuses were data) ------------------

_OLD_LINES = {
    "": SeatStatus(), "waiting": SeatStatus("waiting"), "playing": SeatStatus("playing"),
    "threw in": SeatStatus("threw in"), "bust": SeatStatus("bust"), "21 (no stake)": SeatStatus("21"),
    "sitting out: could not pay a share": SeatStatus("out: share"), "sitting out: no chips": SeatStatus("out: chips"),
}
_OLD_PLAYER = re.compile(r"(?:stayed on a stake of (?P<stayed>\d+)|bust, lost (?P<bust>\d+)|21! won (?P<won21>\d+)|"
                         r"(?P<kind>won|lost) (?P<stake>\d+) with (?P<value>\d+)(?: \((?P<nth>\d+)\w\w settlement\))?)")


def status_from_line(line: str) -> SeatStatus | None:
    """The SeatStatus that `line`, a status line of the English above, words ("won 2 with 18", "banker: 21, then
    a new card"); None for a line no status words. The one place a line is read back, for games saved when
    statuses were kept as lines."""
    status = _OLD_LINES.get(line)
    if status is None and (m := _OLD_PLAYER.fullmatch(line)):
        if m["stayed"]:
            status = SeatStatus("stayed", stake=int(m["stayed"]))
        elif m["bust"]:
            status = SeatStatus("bust", stake=int(m["bust"]))
        elif m["won21"]:
            status = SeatStatus("21", stake=int(m["won21"]))
        else:
            status = SeatStatus(m["kind"], stake=int(m["stake"]), value=int(m["value"]), nth=int(m["nth"] or 0))
    elif status is None and line.startswith("banker"):
        parts = [part.removeprefix(": ") for part in line.removeprefix("banker").split(NEW_CARD)]
        last = parts.pop()
        results = [None if part == "bust" else int(part) if part.isdigit() else part for part in parts]
        drawing, retired, new_card = last == "drawing", None, bool(parts) and last == ""
        if last.startswith("retired with the bank of ") and last.rsplit(" ", 1)[1].isdigit():
            retired = int(last.rsplit(" ", 1)[1])
        elif not (drawing or new_card or last == ""):
            results.append(None if last == "bust" else int(last) if last.isdigit() else last)
        if all(r is None or isinstance(r, int) for r in results):
            status = SeatStatus("banker", results=tuple(results), new_card=new_card, drawing=drawing,
                                retired=retired)
    return status if status is not None and status_line(status) == line else None
