"""Words for events: the one module that turns the engine's facts (quitlok.events) into sentences.

`sentence(event, players)` is one event's sentence (None for an event nobody is told in words, such as a card
dealt face down, or a secret hidden from the viewer); `sentences(events, players)` the log as lines. Every
sentence is in the current language (quitlok.i18n): each is one whole message of the catalog, with named
placeholders, and a sentence whose form follows a number is chosen by `ngettext`.

Who is "you": the reader's own seat is spoken to in the second person ("You bet 3", "your bank") and every other
seat in the third ("Bella bets 3"): two messages, so that a language conjugates each as it must. The reader's
seat is the `viewer` (None for an onlooker, who reads every seat in the third person), and the seat named "You"
(quitlok.game.YOU, the key the practice table, the lessons and the quiz give the learner's seat, and compare). A
room's seats carry their people's names (a room refuses the name "You"): each seat of a room reads its own moves as
"You bet 3" and the others' as "Ann bets 3", each device in its own language. A name that is a key is never shown
as it is (`seat_name` words it in the reader's language: YOU, and quitlok.game.CLASS, the class's seat at a class
table); a person's or a computer player's name is shown as typed.

The statuses of the seats (`quitlok.game.SeatStatus`) are worded here too: `status_line`, and how a hand ended
(`hand_over_words`).
"""

import itertools
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace

from quitlok import events as ev
from quitlok.bots import style_name
from quitlok.cards import a_card
from quitlok.game import YOU, SeatStatus, seat_name
from quitlok.i18n import N_, SOURCE, _, ngettext, pgettext, use
from quitlok.rules import call_word

__all__ = ["YOU", "NEW_CARD", "SETTLEMENT", "call_word", "ending_words", "hand_over_words", "hand_title",
           "ordinal", "room_note", "seat_name", "sentence", "sentences", "status_from_line", "status_line"]

#: the end of a banker's status after an early settlement, when he takes a new card for the players still to
#: play; a later settlement (or his retiring) follows it after ": " ("banker: 21, then a new card: bust"). The
#: English of status_line, kept to read old saved games back (status_from_line)
NEW_CARD = ", then a new card"
#: the end of a player's status once the banker has settled a second time in the hand: which settlement it was
#: in ("lost 10 with 20 (1st settlement)"); the English of status_line, as NEW_CARD
SETTLEMENT = " ({nth} settlement)"


def ordinal(n: int) -> str:
    """'1st', '2nd', '3rd', '4th' (in the current language: each ending is a message of its own)."""
    if 10 <= n % 100 <= 20 or n % 10 not in (1, 2, 3):
        # Translators: an ordinal number such as 4th, 11th, 12th (English: all but those ending in 1st, 2nd, 3rd).
        return pgettext("ordinal", "{n}th").format(n=n)
    if n % 10 == 1:
        # Translators: an ordinal number ending in 1: 1st, 21st.
        return pgettext("ordinal", "{n}st").format(n=n)
    if n % 10 == 2:
        # Translators: an ordinal number ending in 2: 2nd, 22nd.
        return pgettext("ordinal", "{n}nd").format(n=n)
    # Translators: an ordinal number ending in 3: 3rd, 23rd.
    return pgettext("ordinal", "{n}rd").format(n=n)


def _and(items: Sequence[str]) -> str:
    """'A', 'A and B', 'A and B and C': names (or cards) in one sentence."""
    text = items[0] if items else ""
    for item in items[1:]:
        # Translators: two items of a list in a sentence ("Bella and you", "a 7 and a 5"); it nests for more.
        text = _("{first} and {second}").format(first=text, second=item)
    return text


class _Words:
    """The names of one table's seats, and which of them is spoken to ("you")."""

    def __init__(self, players: Sequence[str], viewer: int | None) -> None:
        self.players, self.viewer = players, viewer

    def you(self, seat: int) -> bool:
        """Whether `seat` is the reader's own: the viewer's, or the seat named YOU (the learner's)."""
        return seat == self.viewer or self.players[seat] == YOU

    def say(self, seat: int, you: str, other: str, **values: object) -> str:
        """A sentence about `seat`: `you` (already translated) when it is the reader's own seat, else `other`,
        whose {name} is the seat's name as shown (seat_name)."""
        if self.you(seat):
            return you.format(**values)
        return other.format(name=seat_name(self.players[seat]), **values)

    def name(self, seat: int) -> str:
        """A seat's name inside a list of names: 'Bella', or 'you'."""
        # Translators: the reader's own seat inside a list of names ("Most chips: you and Bella (20)").
        return pgettext("a seat in a list of names", "you") if self.you(seat) else seat_name(self.players[seat])


def sentence(event: ev.Event, players: Sequence[str], viewer: int | None = None) -> str | None:
    """The sentence for `event` at a table of `players` as `viewer` reads it; None when nothing is said."""
    w = _Words(players, viewer)
    say = w.say
    match event:
        case ev.Prose(text):  # a line of a game saved before the log was events: as it was written
            return text
        case ev.RoomNote():
            return room_note(event, players, viewer)
        case ev.CardDealt(seat, card, face_up=face_up, told=told):
            if not (face_up and told and card is not None):
                return None
            return say(seat, _("You get {card}."), _("{name} gets {card}."), card=a_card(card))
        case ev.BankOffered(seat, least, most):
            # Translators: the English says "chips" even for a most of 1 (a stake "from 1 to 1 chips" is rare).
            return say(seat, ngettext("You are the new banker and may stake from {least} to {most} chips.",
                                      "You are the new banker and may stake from {least} to {most} chips.", most),
                       ngettext("{name} is the new banker and may stake from {least} to {most} chips.",
                                "{name} is the new banker and may stake from {least} to {most} chips.", most),
                       least=least, most=most)
        case ev.BankStaked(seat, bank):
            return say(seat, _("You take the bank and stake {bank}."), _("{name} takes the bank and stakes {bank}."),
                       bank=bank)
        case ev.SharePaid(seat, share):
            return say(seat, _("You add {share} to the bank."), _("{name} adds {share} to the bank."), share=share)
        case ev.SatOut(seat, share):
            return say(seat, _("You cannot pay a share of {share} and still bet, so pay nothing and sit out this "
                               "bank."),
                       _("{name} cannot pay a share of {share} and still bet, so pays nothing and sits out this "
                          "bank."), share=share)
        case ev.BankTakenBack(seat, bank):
            return say(seat, _("You take back the bank of {bank}: nobody who joined it has chips left."),
                       _("{name} takes back the bank of {bank}: nobody who joined it has chips left."), bank=bank)
        case ev.HandDealt(direction=direction, first=first):
            title = hand_title(event, players, viewer)
            if direction == 1:
                line = say(first, _("{title}: dealt clockwise, starting with you."),
                           _("{title}: dealt clockwise, starting with {name}."), title=title)
            else:
                line = say(first, _("{title}: dealt anticlockwise, starting with you."),
                           _("{title}: dealt anticlockwise, starting with {name}."), title=title)
            return line
        case ev.MayRetire(seat, card, hand=hand):
            if card is None:
                return None
            return say(seat, _("You have {card} as first card in hand {hand} and may retire."),
                       _("{name} has {card} as first card in hand {hand} and may retire."), card=a_card(card),
                       hand=hand)
        case ev.KeptBank(seat, card):
            return None if card is None else say(seat, _("You keep the bank."), _("{name} keeps the bank."))
        case ev.BankPassed(seat):
            return say(seat, _("The bank passes to the right, to you."),
                       _("The bank passes to the right, to {name}."))
        case ev.GameOver(sitting_out, winners, best):
            names = _and([w.name(s) for s in winners])
            if sitting_out:
                return _("Game over: nobody left can pay a share of the bank and still bet. Most chips: {names} "
                          "({best}).").format(names=names, best=best)
            return _("Game over: fewer than two seats have chips. Most chips: {names} ({best}).").format(
                names=names, best=best)
        case ev.TurnBegan(seat):
            return say(seat, _("You have the turn."), _("{name} has the turn."))
        case ev.BankBroken():
            return _("The bank is broken: the hand ends.")
        case ev.BankerEarly():
            return _("The open stakes cover the whole bank: the banker plays now.")
        case ev.NothingToSettle():
            return _("No stake is open: nothing to settle, and the hand ends.")
        case ev.BankerTurnedUp(seat, hand, n):
            return say(seat, ngettext("You turn up {cards} and play against {n} chip of open stakes.",
                                      "You turn up {cards} and play against {n} chips of open stakes.", n),
                       ngettext("{name} turns up {cards} and plays against {n} chip of open stakes.",
                                "{name} turns up {cards} and plays against {n} chips of open stakes.", n),
                       cards=_and([a_card(c) for c in hand]), n=n)
        case ev.Stood(seat, value):
            return say(seat, _("You stand on {value}."), _("{name} stands on {value}."), value=value)
        case ev.BankerDrew(seat, card, value):
            return say(seat, _("You draw {card}: {value}."), _("{name} draws {card}: {value}."), card=a_card(card),
                       value=value)
        case ev.BlotAsked(seat):
            return say(seat, _("You ask for a blot."), _("{name} asks for a blot."))
        case ev.BetPlaced(seat, n, stake, with_card, raised):
            if not with_card:
                return say(seat, _("You bet {n}; the bank sets {n} aside to cover it."),
                           _("{name} bets {n}; the bank sets {n} aside to cover it."), n=n)
            if raised:
                return say(seat, _("You raise {n} (stake {stake}) and take a face-down card."),
                           _("{name} raises {n} (stake {stake}) and takes a face-down card."), n=n, stake=stake)
            return say(seat, _("You bet {n} (stake {stake}) and take a face-down card."),
                       _("{name} bets {n} (stake {stake}) and takes a face-down card."), n=n, stake=stake)
        case ev.FaceDownTaken(seat):
            return say(seat, _("You take a face-down card."), _("{name} takes a face-down card."))
        case ev.AluvunCalled(seat, word):
            return say(seat, _("You call {word}: the next card is protected."),
                       _("{name} calls {word}: the next card is protected."), word=call_word(word))
        case ev.ElevenProtected(seat, card, word=word):
            if card is None:
                return None
            return say(seat, _("You are dealt an 11 after calling {word} and may reject it."),
                       _("{name} is dealt an 11 after calling {word} and may reject it."), word=call_word(word))
        case ev.ElevenRejected(seat):
            return say(seat, _("You reject the 11 (it goes face up under the stock) and take the next card."),
                       _("{name} rejects the 11 (it goes face up under the stock) and takes the next card."))
        case ev.ElevenKept(seat):
            return say(seat, _("You keep the 11."), _("{name} keeps the 11."))
        case ev.WentBust(seat, value, stake):
            if stake:
                return say(seat, _("You are bust with {value}; the stake of {stake} goes to the bank."),
                           _("{name} is bust with {value}; the stake of {stake} goes to the bank."), value=value,
                           stake=stake)
            return say(seat, _("You are bust with {value}."), _("{name} is bust with {value}."), value=value)
        case ev.TwentyOne(seat, stake):
            if stake:
                return say(seat, _("You have 21 and are paid {stake} at once."),
                           _("{name} has 21 and is paid {stake} at once."), stake=stake)
            return say(seat, _("You have 21, but had no stake."), _("{name} has 21, but had no stake."))
        case ev.Stayed(seat, stake):
            if stake:
                return say(seat, _("You stay with a stake of {stake}."), _("{name} stays with a stake of {stake}."),
                           stake=stake)
            return say(seat, _("You stay with no stake and throw the cards in."),
                       _("{name} stays with no stake and throws the cards in."))
        case ev.BankerBust(seat):
            return say(seat, _("You are bust: every open stake wins."), _("{name} is bust: every open stake wins."))
        case ev.Settled(seat, value, stake, won, tie):
            if won:
                return say(seat, _("You show {value} and win {stake} from the bank."),
                           _("{name} shows {value} and wins {stake} from the bank."), value=value, stake=stake)
            if tie:
                return say(seat, _("You show {value} and lose {stake} to the bank (ties go to the banker)."),
                           _("{name} shows {value} and loses {stake} to the bank (ties go to the banker)."),
                           value=value, stake=stake)
            return say(seat, _("You show {value} and lose {stake} to the bank."),
                       _("{name} shows {value} and loses {stake} to the bank."), value=value, stake=stake)
        case ev.NewCard(seat):
            return say(seat, _("You take a new card; play goes on with the players still to play."),
                       _("{name} takes a new card; play goes on with the players still to play."))
        case ev.Retired(seat, card, bank):
            return say(seat, _("You show {card}, retire and take the bank of {bank}."),
                       _("{name} shows {card}, retires and takes the bank of {bank}."), card=a_card(card), bank=bank)
        case ev.Reshuffled(face_up, size):
            return ngettext("The stock is down to its last card: it is shuffled with the {n} face-up card into a "
                            "new stock of {size}.",
                            "The stock is down to its last card: it is shuffled with the {n} face-up cards into a "
                            "new stock of {size}.", face_up).format(n=face_up, size=size)
    raise TypeError(f"No words for {event!r}")


def hand_title(deal: ev.HandDealt, players: Sequence[str], viewer: int | None = None, *, bank: bool = True) -> str:
    """A hand's title, as its deal's sentence begins: "Hand 3 of Bella's bank (bank 20)"; without `bank`, "Hand 3
    of Bella's bank"."""
    say = _Words(players, viewer).say
    if bank:
        return say(deal.banker, _("Hand {hand} of your bank (bank {bank})"),
                   _("Hand {hand} of {name}'s bank (bank {bank})"), hand=deal.hand, bank=deal.bank)
    return say(deal.banker, _("Hand {hand} of your bank"), _("Hand {hand} of {name}'s bank"), hand=deal.hand)


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


#: the notes about a seat as that seat's own reader reads them (spoken to, as "You bet 3")
_YOUR_ROOM_NOTES = {
    "new_device": N_("You play on from a new device."),
    "back": N_("You are back in the seat a computer played, on a new device."),
    "left": N_("You have left the table; a computer player ({style}) plays your seat from now on."),
    "timed_out": N_("Your time to decide ran out, so a computer player made the move."),
}


def room_note(note: ev.RoomNote, players: Sequence[str], viewer: int | None = None) -> str:
    """A room's own note (quitlok.rooms) as a sentence, in the current language, as `viewer` reads it (a note about
    the reader's own seat speaks to him)."""
    seat = note.seat if note.seat is not None and 0 <= note.seat < len(players) else None
    style = style_name(note.style) if note.style else ""
    if seat is not None and note.what in _YOUR_ROOM_NOTES and _Words(players, viewer).you(seat):
        return _(_YOUR_ROOM_NOTES[note.what]).format(style=style, minutes=note.minutes)
    name = seat_name(players[seat]) if seat is not None else ""
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
        # Translators: a status line's start: this seat is the banker (more may follow after ": ").
        line = pgettext("status", "banker")
        results = status.results
        for i, result in enumerate(results):
            if result is None:
                # Translators: the banker's status: {line} is what came before, "bust" his result.
                line = _("{line}: bust").format(line=line)
            else:
                # Translators: the banker's status: {line} is what came before, {total} his final total.
                line = _("{line}: {total}").format(line=line, total=result)
            if i < len(results) - 1 or status.new_card:
                # Translators: the banker's status: after an early settlement he took a new card.
                line = _("{line}, then a new card").format(line=line)
        if status.drawing:
            # Translators: the banker's status: he is drawing cards.
            line = _("{line}: drawing").format(line=line)
        elif status.retired is not None:
            line = _("{line}: retired with the bank of {bank}").format(line=line, bank=status.retired)
        return line
    if kind == "":
        line = ""
    elif kind == "waiting":
        # Translators: a player's status: his turn has not come yet.
        line = pgettext("status", "waiting")
    elif kind == "playing":
        # Translators: a player's status: it is his turn.
        line = pgettext("status", "playing")
    elif kind == "out: share":
        line = _("sitting out: could not pay a share")
    elif kind == "out: chips":
        line = _("sitting out: no chips")
    elif kind == "threw in":
        # Translators: a player's status: he threw his cards in (he stayed with nothing staked).
        line = pgettext("status", "threw in")
    elif kind == "stayed":
        line = _("stayed on a stake of {stake}").format(stake=stake)
    elif kind == "bust":
        # Translators: a player's status: his hand went over 21.
        line = _("bust, lost {stake}").format(stake=stake) if stake else pgettext("status", "bust")
    elif kind == "21":
        line = _("21! won {stake}").format(stake=stake) if stake else _("21 (no stake)")
    elif kind == "won":
        line = _("won {stake} with {value}").format(stake=stake, value=value)
    elif kind == "lost":
        line = _("lost {stake} with {value}").format(stake=stake, value=value)
    else:
        raise KeyError(kind)
    if status.nth:
        # Translators: a status line ({line}) and which of the banker's settlements in the hand it was in.
        line = _("{line} ({nth} settlement)").format(line=line, nth=ordinal(status.nth))
    return line


def log(state) -> tuple[str, ...]:
    """The whole table's log of a game (quitlok.game.State, or a seat's view of one) as lines."""
    return sentences(state.events, state.players)


# --- how a hand ended, seat by seat (the hand-over panel of quitlok.ui.table) ----------------------------------


def _ending(you: bool, name: str, mine: str, theirs: str, **values: object) -> str:
    """`mine` (already translated) for the reader's own seat, else `theirs` with the seat's name as shown."""
    return mine.format(**values) if you else theirs.format(name=seat_name(name), **values)


def ending_words(name: str, status: SeatStatus, *, you: bool = False) -> str:
    """One seat's result as the hand ended, in a sentence after its name (`name`: 'Bella'; `you`: the reader's
    own seat, spoken to, whatever `name`): 'you won 2 with 18', 'Bella (banker) ended on 17'; a status with no
    sentence of its own reads 'Bella: stayed on ...'."""
    kind, stake, value = status.kind, status.stake, status.value

    def say(mine: str, theirs: str, **values: object) -> str:
        return _ending(you, name, mine, theirs, **values)

    if status.nth:  # told settlement by settlement (hand_over_words), never here
        pass
    elif kind == "won":
        return say(_("you won {stake} with {value}"), _("{name} won {stake} with {value}"), stake=stake,
                   value=value)
    elif kind == "lost":
        return say(_("you lost {stake} with {value}"), _("{name} lost {stake} with {value}"), stake=stake,
                   value=value)
    elif kind == "bust":
        if stake:
            return say(_("you went bust and lost {stake}"), _("{name} went bust and lost {stake}"), stake=stake)
        return say(_("you went bust, with nothing staked"), _("{name} went bust, with nothing staked"))
    elif kind == "21":
        if stake:
            return say(_("you made 21 and won {stake}"), _("{name} made 21 and won {stake}"), stake=stake)
        return say(_("you made 21, with nothing staked"), _("{name} made 21, with nothing staked"))
    elif kind == "threw in":
        return say(_("you threw the cards in, with nothing staked"),
                   _("{name} threw the cards in, with nothing staked"))
    elif kind == "waiting":
        return say(_("you had no turn (the hand ended first)"), _("{name} had no turn (the hand ended first)"))
    elif kind == "out: share":
        return say(_("you sat out (could not pay a share)"), _("{name} sat out (could not pay a share)"))
    elif kind == "out: chips":
        return say(_("you sat out (no chips)"), _("{name} sat out (no chips)"))
    elif kind == "banker" and not (status.new_card or status.drawing):
        results, retired = status.results, status.retired
        if not results and retired is not None:
            return say(_("you (banker) retired and took the bank of {bank}"),
                       _("{name} (banker) retired and took the bank of {bank}"), bank=retired)
        if not results and retired is None:
            return say(_("you (banker) did not play"), _("{name} (banker) did not play"))
        if len(results) == 1 and retired is None:
            if results[0] is None:
                return say(_("you (banker) went bust"), _("{name} (banker) went bust"))
            return say(_("you (banker) ended on {total}"), _("{name} (banker) ended on {total}"), total=results[0])
    # Translators: a seat's result as the hand ended, told by its status line ({status}).
    return say(_("you: {status}"), _("{name}: {status}"), status=status_line(status))


def hand_over_words(title: str, statuses: Sequence[SeatStatus], names: Sequence[str], first: int | None) -> str:
    """'Hand 3 of Bella's bank is over: you won 2 with 18; Bella (banker) ended on 17.' from each seat's status as
    the hand ended (`names`: each seat's name; `first`: the reader's seat, spoken to as "you" whatever its name).
    Seat `first` first, then the banker, then the others. When the banker settled more than once (he played
    early, took a new card and played again), each settlement is told in turn with the banker's total at it."""
    played = [seat for seat, status in enumerate(statuses) if status.kind]
    banker = next((seat for seat in played if statuses[seat].kind == "banker"), None)
    order = ([first] if first in played else []) + ([banker] if banker not in (None, first) else []) + [
        x for x in played if x not in (first, banker)]
    if banker is not None and statuses[banker].settled_more_than_once:
        others = [x for x in order if x != banker]
        return _("{title} is over: {results}").format(
            title=title, results=_settlements_words(statuses, names, banker, others, first))
    results = "; ".join(ending_words(names[seat], statuses[seat], you=seat == first) for seat in order)
    # Translators: {title} is a hand's title ("Hand 3 of Bella's bank"), {results} each seat's result.
    return _("{title} is over: {results}.").format(title=title, results=results)


def _settled_words(you: bool, name: str, kind: str, number: int | None, nth: int, once: bool, results: str) -> str:
    """One settlement of the banker's: what he had ('went bust', 'had 21') and the results settled at it."""
    values = {"nth": ordinal(nth), "total": number, "results": results}
    if once:
        frames = {
            "bust": (_("you (banker) played early and went bust: {results}."),
                     _("{name} (banker) played early and went bust: {results}.")),
            "total": (_("you (banker) played early and had {total}: {results}."),
                      _("{name} (banker) played early and had {total}: {results}.")),
            "drawing": (_("you (banker) played early and had drawing: {results}."),
                        _("{name} (banker) played early and had drawing: {results}.")),
        }
    elif nth == 1:
        frames = {
            "bust": (_("at the {nth} settlement you (banker) went bust: {results}."),
                     _("at the {nth} settlement {name} (banker) went bust: {results}.")),
            "total": (_("at the {nth} settlement you (banker) had {total}: {results}."),
                      _("at the {nth} settlement {name} (banker) had {total}: {results}.")),
            "drawing": (_("at the {nth} settlement you (banker) had drawing: {results}."),
                        _("at the {nth} settlement {name} (banker) had drawing: {results}.")),
        }
    else:
        frames = {
            "bust": (_("at the {nth} settlement you went bust: {results}."),
                     _("at the {nth} settlement {name} went bust: {results}.")),
            "total": (_("at the {nth} settlement you had {total}: {results}."),
                      _("at the {nth} settlement {name} had {total}: {results}.")),
            "drawing": (_("at the {nth} settlement you had drawing: {results}."),
                        _("at the {nth} settlement {name} had drawing: {results}.")),
        }
    mine, theirs = frames[kind]
    return _ending(you, name, mine, theirs, **values)


def _settlements_words(statuses: Sequence[SeatStatus], names: Sequence[str], banker: int, others: list[int],
                       first: int | None) -> str:
    """A hand where the banker played early and took a new card, settlement by settlement: 'at the 1st
    settlement Eli (banker) had 21: you lost 10 with 20. Then Eli took a new card; at the 2nd settlement Eli
    went bust: Dov won 2 with 15. Fay went bust and lost 2.' Each player's status names the settlement it was in
    once there was a second (`nth`). A lone settlement before a new card the banker did not play reads 'Eli
    (banker) played early and had 21: ...'."""
    name, status, you = names[banker], statuses[banker], banker == first
    at: dict[int, list[str]] = {}
    rest = []
    for seat in others:
        mine = statuses[seat]
        if mine.nth:
            at.setdefault(mine.nth, []).append(ending_words(names[seat], replace(mine, nth=0), you=seat == first))
        elif mine.kind in ("won", "lost"):  # the only settlement: the new card was not played
            at.setdefault(1, []).append(ending_words(names[seat], mine, you=seat == first))
        else:
            rest.append(ending_words(names[seat], mine, you=seat == first))
    steps: list[tuple[str, int | None]] = [("bust", None) if r is None else ("total", r) for r in status.results]
    if status.new_card:  # what came of the new card: nothing, his draw going on, or retiring with it
        steps.append(("drawing", None) if status.drawing else ("retired", status.retired)
                     if status.retired is not None else ("", None))
    once = sum(1 for kind, _number in steps if kind in ("bust", "total")) == 1
    told = []
    for nth, (kind, number) in enumerate(steps, start=1):
        # Translators: the banker (after an early settlement) took a new card; more of the sentence follows.
        then = "" if nth == 1 else _ending(you, name, _("then you took a new card"),
                                           _("then {name} took a new card"))
        if not kind:
            # Translators: {then} is "then Eli took a new card".
            told.append(_("{then} and did not play again.").format(then=then))
        elif kind == "retired":
            # Translators: {then} is "then Eli took a new card".
            told.append(_("{then}, showed it, retired and took the bank of {bank}.").format(then=then, bank=number))
        else:
            settled = _settled_words(you, name, kind, number, nth, once, "; ".join(at.get(nth, [])))
            # Translators: {then} is "then Eli took a new card", {settled} what the banker had at a settlement.
            told.append(_("{then}; {settled}").format(then=then, settled=settled) if then else settled)
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
        drawing, retired = last == "drawing", None
        if last.startswith("retired with the bank of ") and last.rsplit(" ", 1)[1].isdigit():
            retired = int(last.rsplit(" ", 1)[1])
        # a last part that is no result (drawing, retired, nothing) follows the new card after the last result
        new_card = bool(parts) and (drawing or retired is not None or last == "")
        if not (drawing or retired is not None or last == ""):
            results.append(None if last == "bust" else int(last) if last.isdigit() else last)
        if all(r is None or isinstance(r, int) for r in results):
            status = SeatStatus("banker", results=tuple(results), new_card=new_card, drawing=drawing,
                                retired=retired)
    with use(SOURCE):  # the lines were saved in English
        return status if status is not None and status_line(status) == line else None


# --- the first format's sentences, read back (old saves only) ---------------------------------------------------
#
# The log of a game saved before the log was events (quitlok.state_json's format 1), read back as events where it
# can be, so that it is narrated in the reader's language (issue 26).
#
# The old engine wrote its log as English sentences from a fixed set of templates, the same words quitlok.narration
# says in English today for the event each came from (tests/engine/prose_oracle.py keeps the old engine). A line is
# matched by trying the events it could have come from, with its seat (the name it begins with) and the numbers it
# holds, and keeping the one whose English sentence is exactly the line: a match is never a guess, since the event
# says in English what the line said. A line that matches no event (a changed template, a hand-edited save, a note
# of a room) stays as written, a Prose event that narrates as its text.
#
# It lives here, where the sentences are made, because it reads sentences back: nowhere else does (SPEC 4).
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
