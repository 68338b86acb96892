"""House rules: one frozen, validated RuleSet holds every point where sources differ.

Two presets ship: QUITLOK (McLeod's pagat.com rules, gamerules.com and the Czech
rules) and KVITLACH (the kosher.com guide and the Kvitlach rules card). A table
starts from one and changes single fields with `dataclasses.replace`, e.g.
``replace(QUITLOK, twelve_values=(12, 10, 9))``.
"""

import math
from dataclasses import dataclass, field
from fractions import Fraction

from quitlok.cards import make_pack
from quitlok.errors import InvalidSetup
from quitlok.i18n import N_, _, ngettext, or_words, pgettext

#: the names of the call at 11 in the two traditions
ALUVUN_WORDS = ("aluvun", "elvaroon")


def game_name(name: str) -> str:
    """A rule set's name (RuleSet.name) as people read it: the presets' names, the games' own, in the current
    language's letters ("Kvitlach" in Hebrew is written in Hebrew); a house rules' own name as it is."""
    if name == "Quitlok":
        # Translators: the game's name (pagat's spelling of the Yiddish kvitlekh); write it in your language's letters.
        return pgettext("the game's name", "Quitlok")
    if name == "Kvitlach":
        # Translators: the game's name (Yiddish kvitlekh, "little notes"); write it in your language's letters.
        return pgettext("the game's name", "Kvitlach")
    return name


def call_word(word: str) -> str:
    """The tradition's word for the call at 11 (quitlok.rules.RuleSet.aluvun_word: 'aluvun', 'elvaroon') in the
    current language."""
    if word == "aluvun":
        # Translators: the call at 11 in the Quitlok tradition (Yiddish "eleven"); keep it a game's term.
        return pgettext("the call at 11", "aluvun")
    if word == "elvaroon":
        # Translators: the call at 11 in the Kvitlach tradition (Yiddish "eleven"); keep it a game's term.
        return pgettext("the call at 11", "elvaroon")
    return word


#: the totals a banker model may stand on in the advisor and at the table
BANKER_MODELS = (15, 16, 17, 18)
#: the latest hand of a bank from which retiring may start: far beyond any real table
MOST_HANDS = 1000
#: the longest name a rule set may carry
LONGEST_NAME = 60
_FLAGS = ("framed_pair_21", "agreed_max_bet", "blots", "bet_first", "aluvun", "elvaroon_raise",
          "alternate_direction")


@dataclass(frozen=True)
class RuleSet:
    """Every rule that differs between the sources (SPEC section 2), one field each."""

    name: str = "Quitlok"
    #: copies of each number: 2 for the 24-card Quitli pack, 4 for two packs shuffled together
    copies: int = 2
    #: the values a 12 may count, the holder choosing afresh at every count
    twelve_values: tuple[int, ...] = (12, 9)
    #: a hand whose first two cards are both framed (2s, 11s) counts 21
    framed_pair_21: bool = True
    #: the part of what a new banker actually staked that every other player adds when his bank starts
    bank_share: Fraction = Fraction(0)
    #: the table agrees a maximum bet in chips before the game (Kvitlach); otherwise only the bank limits a bet
    agreed_max_bet: bool = False
    #: players may ask for free face-up cards (blots)
    blots: bool = True
    #: a player bets once, before the first extra card, and cards come without bets
    bet_first: bool = False
    #: a player may call aluvun (elvaroon) at 11 to protect the next card
    aluvun: bool = True
    #: with bet_first, calling aluvun allows one raise that comes with the protected card
    elvaroon_raise: bool = False
    #: the banker may not stand below this total (None: he draws as he likes)
    banker_must_reach: int | None = None
    #: the hands of a bank alternate clockwise and anticlockwise
    alternate_direction: bool = True
    #: the tradition's word for the call at 11: "aluvun" (Quitlok) or "elvaroon" (Kvitlach)
    aluvun_word: str = "aluvun"
    #: the banker may retire from this hand of his bank on
    retire_from_hand: int = 4
    #: the first cards on which the banker may retire
    retire_cards: frozenset[int] = field(default_factory=lambda: frozenset({4, 7}))

    def __post_init__(self) -> None:
        _check_types(self)
        object.__setattr__(self, "bank_share", Fraction(self.bank_share))
        object.__setattr__(self, "twelve_values", tuple(self.twelve_values))
        object.__setattr__(self, "retire_cards", frozenset(self.retire_cards))
        problems = []
        if self.aluvun_word not in ALUVUN_WORDS:
            problems.append(_("the call at 11 is named {words}").format(words=" or ".join(ALUVUN_WORDS)))
        if self.copies not in (2, 4):
            problems.append(_("the pack holds 2 or 4 copies of each number (24 or 48 cards)"))
        if 12 not in self.twelve_values or not set(self.twelve_values) <= {9, 10, 12}:
            problems.append(_("a 12 counts 12 and optionally 10 or 9"))
        if len(set(self.twelve_values)) != len(self.twelve_values):
            problems.append(_("each value of a 12 is listed once"))
        if not 0 <= self.bank_share <= 1:
            problems.append(_("the players' share of the bank is between 0 and 1"))
        if self.blots and self.bet_first:
            problems.append(_("blots belong to Quitlok's betting at any time, not to bet-first play"))
        if self.elvaroon_raise and not self.bet_first:
            problems.append(_("the elvaroon raise only matters with bet-first play"))
        if self.banker_must_reach is not None and not 2 <= self.banker_must_reach <= 21:
            problems.append(_("the banker's must-draw total is between 2 and 21"))
        if not 1 <= self.retire_from_hand <= MOST_HANDS:
            problems.append(_("retiring starts from hand 1 to {most}").format(most=MOST_HANDS))
        if not self.retire_cards <= set(range(1, 13)):
            problems.append(_("retire cards are numbers 1 to 12"))
        if problems:
            # Translators: {problems} lists what is wrong with the house rules, separated by semicolons.
            raise InvalidSetup(_("Invalid house rules: {problems}.").format(problems="; ".join(problems)))

    @property
    def pack(self) -> tuple[int, ...]:
        """The whole pack in rank order."""
        return make_pack(self.copies)

    @property
    def pack_size(self) -> int:
        return 12 * self.copies

    def default_max_bet(self, opening_bank: int) -> int | None:
        """The maximum bet a table agrees when nobody says otherwise: a quarter of the banker's opening
        stake, at least 1 (the sources' example is 50 cents on a $2 bank); None when only the bank limits bets."""
        if not self.agreed_max_bet:
            return None
        return max(1, opening_bank // 4)

    def share_of(self, staked: int) -> int:
        """What each other player adds to a new bank: this rule set's part of what the banker actually
        staked, rounded down (SPEC section 2: under Kvitlach half, so a banker who stakes 3 gets 1 from each)."""
        return math.floor(staked * self.bank_share)

    @property
    def banker_models(self) -> tuple[int, ...]:
        """The totals a banker may stand on under these rules, for the advisor's banker model:
        15 to 18, from the total the rules force him to reach."""
        lowest = self.banker_must_reach or min(BANKER_MODELS)
        return tuple(t for t in BANKER_MODELS if t >= lowest) or (lowest,)

    def banker_model(self, stands_on: int) -> int:
        """The total a banker is taken to stand on: `stands_on`, raised to what the rules force."""
        return max(stands_on, self.banker_must_reach or 0)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_types(rules: "RuleSet") -> None:
    """Every field of the right type before anything is converted or compared: InvalidSetup naming the field
    (a flag is True or False, never "yes" or 1; numbers are whole where they count things; no strings for sets)."""
    wrong = []
    if not isinstance(rules.name, str) or not 0 < len(rules.name) <= LONGEST_NAME:
        wrong.append(_("name (a text of 1 to {most} characters)").format(most=LONGEST_NAME))
    if not _whole(rules.copies):
        wrong.append(_("copies (2 or 4)"))
    if not isinstance(rules.twelve_values, tuple | list) or not all(_whole(v) for v in rules.twelve_values):
        wrong.append(_("twelve_values (whole numbers such as (12, 9))"))
    if isinstance(rules.bank_share, bool) or not isinstance(rules.bank_share, int | Fraction | float) \
            or (isinstance(rules.bank_share, float) and not math.isfinite(rules.bank_share)):
        wrong.append(_("bank_share (a number from 0 to 1)"))
    wrong += [_("{name} (True or False)").format(name=name) for name in _FLAGS
              if not isinstance(getattr(rules, name), bool)]
    if rules.banker_must_reach is not None and not _whole(rules.banker_must_reach):
        wrong.append(_("banker_must_reach (None or a whole number from 2 to 21)"))
    if not isinstance(rules.aluvun_word, str):
        wrong.append(_("aluvun_word (aluvun or elvaroon)"))
    if not _whole(rules.retire_from_hand):
        wrong.append(_("retire_from_hand (a whole number from 1 to {most})").format(most=MOST_HANDS))
    if not isinstance(rules.retire_cards, set | frozenset | tuple | list) \
            or not all(_whole(c) for c in rules.retire_cards):
        wrong.append(_("retire_cards (numbers 1 to 12, such as {4, 7})"))
    if wrong:
        raise InvalidSetup(_("Invalid house rules, wrong kind of value for: {fields}.").format(fields="; ".join(wrong)))


QUITLOK = RuleSet()

KVITLACH = RuleSet(
    name="Kvitlach",
    copies=4,
    twelve_values=(12, 10, 9),
    bank_share=Fraction(1, 2),
    agreed_max_bet=True,
    blots=False,
    bet_first=True,
    elvaroon_raise=True,
    banker_must_reach=17,
    alternate_direction=False,
    aluvun_word="elvaroon",
)


#: the Kvitlach share in the app's one wording (SPEC section 2): every screen, sheet and lesson says it so (in
#: English; `share_words` says it in the current language)
SHARE_WORDS = N_("each other player adds half of what the banker staked, rounded down")


def share_words(rules: RuleSet) -> str:
    """What the other players add to a new bank under `rules`, in the app's one wording (SHARE_WORDS), in the
    current language."""
    if not rules.bank_share:
        return _("nothing: the banker alone stakes the bank")
    if rules.bank_share == Fraction(1, 2):
        return _(SHARE_WORDS)
    # Translators: a house rule's share of a new bank other than a half; {share} is a fraction such as 1/3
    return _("each other player adds {share} of what the banker staked, rounded down").format(share=rules.bank_share)


def banker_model_words(stands_on: int) -> str:
    """The banker model in words: 'the banker draws until he has 17 or more'."""
    return _("the banker draws until he has {total} or more").format(total=stands_on)


def max_bet_words(rules: RuleSet, max_bet: int | None = None) -> str:
    """The maximum-bet rule in words, with the table's number when one is known: 'agreed before the game: 2 chips'."""
    if not rules.agreed_max_bet:
        return _("none: only the bank limits a bet")
    if max_bet is None:
        return _("agreed in chips before the game (here by default a quarter of the banker's opening stake)")
    return ngettext("agreed before the game: {n} chip", "agreed before the game: {n} chips", max_bet).format(n=max_bet)


def rule_summary(rules: RuleSet, max_bet: int | None = None) -> list[tuple[str, str]]:
    """Each rule that can differ, with its setting in a few words, for a table people read (in the current
    language).

    `max_bet` is the table's agreed maximum in chips, when a table is known."""
    call = call_word(rules.aluvun_word)
    if rules.aluvun:
        at_11 = (_("protects the next card and allows a raise (not on a lone 11)") if rules.elvaroon_raise
                 else _("protects the next card (not on a lone 11)"))
    else:
        at_11 = _("not played")
    return [
        # Translators: the rows of the table of house rules: the rule, then its setting
        (_("Pack"), _("{cards} cards, {copies} of each number").format(cards=rules.pack_size, copies=rules.copies)),
        (_("A 12 counts"), or_words(rules.twelve_values)),
        (_("Two framed first cards"), _("make 21") if rules.framed_pair_21 else _("count as usual")),
        (_("Opening bank"), share_words(rules) if rules.bank_share else _("the banker alone")),
        (_("Maximum bet"), max_bet_words(rules, max_bet)),
        (_("Blots"), _("yes") if rules.blots else _("no")),
        (_("Betting"), _("once, before the first extra card") if rules.bet_first
         else _("any time, a card with each bet")),
        # Translators: {call} is the call at 11 (aluvun or elvaroon), as a row's title: "Aluvun at 11"
        (_("{call} at 11").format(call=call[:1].upper() + call[1:]), at_11),
        (_("Banker draws"), _("until {total} at least").format(total=rules.banker_must_reach)
         if rules.banker_must_reach else _("as he likes")),
        (_("Direction of play"), _("alternates each hand") if rules.alternate_direction else _("always clockwise")),
        (_("Banker may retire"), _("from hand {hand}, on a first card of {cards}").format(
            hand=rules.retire_from_hand, cards=or_words(sorted(rules.retire_cards)))),
        (_("Bank broken (empty)"), _("the hand ends; the bank passes to the right")),
    ]


PRESETS = {"Quitlok": QUITLOK, "Kvitlach": KVITLACH}
