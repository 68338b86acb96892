"""The odds' names for a decision, defined once (SPEC section 3), and what each is in the game's actions.

`quitlok.odds.Advice.values`, the Lab's styles and the banker's advice name a decision by a word: "bet",
"blot+aluvun", "stand". Those words are the public contract, fixed for callers; here they are members of one
string enum, so a member *is* its word (``Move.BET == "bet"``, a key of ``Advice.values`` either way), and
each says once what it does: the card it takes (as a game action type), whether aluvun is called first, and
whether it bets all the room.
"""

from enum import StrEnum

from quitlok.actions import Action, Aluvun, Bet, Blot, Draw, Stand, Stay


class Move(StrEnum):
    """A decision as the odds name it: a player's (whole, with the call at 11 that comes before its card, and a
    bet of all the room: betting less is never better, SPEC section 3) or the banker's."""

    #: end the turn (a stake stays open; with none the hand is thrown in)
    STAY = "stay"
    #: a free face-up card (betting at any time)
    BLOT = "blot"
    #: bet all the room and take a face-down card (bet-first rules: the one bet, before any card)
    BET = "bet"
    #: the player's face-down card under bet-first rules
    DRAW = "draw"
    BLOT_ALUVUN = "blot+aluvun"
    BET_ALUVUN = "bet+aluvun"
    DRAW_ALUVUN = "draw+aluvun"
    #: bet-first rules with the elvaroon raise: call, then raise all the room with the protected card
    RAISE_ALUVUN = "raise+aluvun"
    #: the banker stops drawing (his draw is DRAW)
    STAND = "stand"

    @property
    def card(self) -> type | None:
        """The game's action type of the card this move takes (Blot, Bet, Draw), None for staying or standing."""
        return _CARD[self]

    @property
    def aluvun(self) -> bool:
        """Aluvun (elvaroon) is called before the card: an 11 may be rejected."""
        return self in _CALLED

    @property
    def bets(self) -> bool:
        """The card comes with a bet (or raise) of all the room."""
        return self.card is Bet

    def after(self, stake: int, room: int) -> tuple[int, int, bool]:
        """(stake, room, the card is protected) for the card this move takes."""
        return (stake + room, 0, self.aluvun) if self.bets else (stake, room, self.aluvun)

    def actions(self, room: int) -> tuple[Action, ...]:
        """The game's actions that make this move, in order: the call at 11 first, then the card (a bet of all
        of `room`)."""
        if self.card is None:
            return (Stay(),) if self is Move.STAY else (Stand(),)
        card = Bet(room) if self.bets else self.card()
        return (Aluvun(), card) if self.aluvun else (card,)

    @classmethod
    def of(cls, card: type, *, aluvun: bool, bet_first: bool) -> "Move":
        """The move that takes a card of the game's action type `card` (Blot, Bet, Draw), after calling aluvun
        or not (under bet-first rules a bet after the call is the elvaroon raise); STAY for Stay."""
        if card is Stay:
            return cls.STAY
        if aluvun and card is Bet and bet_first:
            return cls.RAISE_ALUVUN
        return next(move for move in cls if move.card is card and move.aluvun == aluvun
                    and move is not cls.RAISE_ALUVUN)


_CARD = {Move.STAY: None, Move.BLOT: Blot, Move.BET: Bet, Move.DRAW: Draw, Move.BLOT_ALUVUN: Blot,
         Move.BET_ALUVUN: Bet, Move.DRAW_ALUVUN: Draw, Move.RAISE_ALUVUN: Bet, Move.STAND: None}
_CALLED = frozenset({Move.BLOT_ALUVUN, Move.BET_ALUVUN, Move.DRAW_ALUVUN, Move.RAISE_ALUVUN})
#: the player's moves in the contract's order (SPEC section 3), betting at any time and bet-first
QUITLOK_MOVES = (Move.STAY, Move.BLOT, Move.BET, Move.BLOT_ALUVUN, Move.BET_ALUVUN)
KVITLACH_MOVES = (Move.STAY, Move.DRAW, Move.DRAW_ALUVUN, Move.RAISE_ALUVUN)
