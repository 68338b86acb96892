"""Words for events: the one module that turns the engine's facts (quitlok.events) into sentences.

`sentence(event, players)` is one event's sentence (None for an event nobody is told in words, such as a card
dealt face down, or a secret hidden from the viewer); `sentences(events, players)` the log as lines. A seat
whose name is "You" (quitlok.game.YOU: the learner at the practice table) is spoken to in the second person
("You bet 3", "your bank"), as the engine's log always did. The wording is today's English; the `viewer`
argument (the seat reading, None for an onlooker) is where a later step makes "you" follow the reader, and a
language can come in beside it.

The statuses of the seats (`quitlok.game.SeatStatus`) are worded here too: `status_line`.
"""

from collections.abc import Iterable, Sequence

from quitlok import events as ev
from quitlok.cards import a_card, plural

__all__ = ["YOU", "NEW_CARD", "SETTLEMENT", "ordinal", "sentence", "sentences", "status_line"]

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
        case ev.HandDealt(hand, banker, bank, direction, first):
            way = "clockwise" if direction == 1 else "anticlockwise"
            return (f"Hand {hand} of {w.whose(banker)} bank (bank {bank}): dealt {way}, "
                    f"starting with {w.name(first)}.")
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
