"""Class questions: a position the teacher projects, what the class predicts, and the exact answer.

Six kinds (KINDS), each made from a seed by the engine under the house rules in force, never typed in:

- ``hand_value``: what is this hand worth? Numeric options, the right count and what named counting
  mistakes give (quitlok.quiz's misconceptions);
- ``best_play``: bet, blot or stay? (Kvitlach: draw or stay?) The options are the advisor's choices, each
  with its exact value in chips (quitlok.odds.advise, as the coach prices them at the table);
- ``call_aluvun``: call aluvun (elvaroon)? Yes or no, with the exact value of each;
- ``bust_chance``: the chance that the next card busts this hand, answered on a 0-100 % slider and scored
  right within TOLERANCE_POINTS of the exact chance over the unseen cards;
- ``settlement``: who wins this settlement: the player, the banker, or nobody (ties go to the banker);
- ``retire``: may the banker retire now? (RuleSet.retire_from_hand, RuleSet.retire_cards)

The positions for the value kinds come from real games: the other players are the table's computer
players, you make a move or two, and the question is asked at your turn, so every position is one the
engine reached. Settlements are played out with the engine and its payment read back.
"""

import random
from fractions import Fraction
from functools import lru_cache
from itertools import product

from quitlok.actions import Bet, Blot, Draw, KeepBank, Stand, Stay
from quitlok.cards import a_card, is_framed
from quitlok.classroom.errors import BadSeed, KindUnavailable, UnknownKind
from quitlok.classroom.position import Position, SeatView
from quitlok.classroom.question import (
    BEST_PLAY,
    BUST_CHANCE,
    CALL_ALUVUN,
    HAND_VALUE,
    KINDS,
    RETIRE,
    SETTLEMENT,
    TITLES,
    ClassQuestion,
    Slider,
)
from quitlok.classroom.table import BANKER_NAME, table_position, table_words, your_turn
from quitlok.errors import shown
from quitlok.game import BANKER, TURN, apply_action, legal_actions, new_game, seat_name
from quitlok.game import RETIRE as RETIRE_PHASE
from quitlok.hand import can_call_aluvun, hand_value, is_framed_pair, totals
from quitlok.i18n import N_, _, and_words, language, ngettext, or_words, pgettext
from quitlok.i18n import decimal as _decimal
from quitlok.i18n import number as _number
from quitlok.moves import Move
from quitlok.narration import YOU
from quitlok.odds import action_words, advise, bust_chance, percent, young_chance_words
from quitlok.quiz import COUNTING, NAMES, card_words, miscount, reachable, twelve_words
from quitlok.rulebook import is_bust, player_wins, turn_moves
from quitlok.rules import RuleSet, call_word, game_name
from quitlok.stock import Stock
from quitlok.validate import is_whole, rule_set

__all__ = [
    "MAX_SEED",
    "MIN_GAP",
    "available_kinds",
    "best_play_question",
    "bust_chance_question",
    "call_aluvun_question",
    "check_kind",
    "check_seed",
    "hand_value_question",
    "kind_title",
    "make_question",
    "retire_question",
    "settlement_question",
]

#: a best-play or aluvun question is asked only when the best option beats every other by this many chips
#: on average, so that the class is not asked to tell apart choices worth (nearly) the same
MIN_GAP = Fraction(1, 50)
#: the largest seed a question is made from
MAX_SEED = 2**63 - 1
#: the banker model behind values in chips: she draws until 17 or more (raised to what the rules force)
STANDS_ON = 17
#: how many positions a generator deals before it says the rules cannot make its question
TRIES = 3000
#: a settlement generator aims at one outcome (a tie, a bust banker ...) this many deals, then takes any
AIMED_TRIES = 300
#: the lowest hand a best-play question is asked on: below it no card can bust the hand, so the question
#: weighs no risk (and exact values for long futures take seconds on a 48-card pack)
LOWEST_PLAY = 10
#: share of aluvun questions asked on a lone 11, where the rules do not offer the call
LONE_11_SHARE = 0.25


# --- kinds, titles and the checks at the door -----------------------------------------------------------


def available_kinds(rules: RuleSet) -> tuple[str, ...]:
    """The kinds these house rules can make (no aluvun question where aluvun is not played)."""
    rules = rule_set(rules)
    return tuple(kind for kind in KINDS if kind != CALL_ALUVUN or rules.aluvun)


def kind_title(kind: str, rules: RuleSet) -> str:
    """A kind's heading in the words of these rules: 'Call elvaroon?', 'Draw or stay?'."""
    rules = rule_set(rules)
    check_kind(kind)
    if kind == CALL_ALUVUN:
        return _("Call {call}?").format(call=call_word(rules.aluvun_word))
    if kind == BEST_PLAY:
        return _choice_title(_play_names(rules))
    return _(TITLES[kind])


def _play_names(rules: RuleSet) -> list[Move]:
    """A best-play question's choices under these rules, in `_PLAY_ORDER`: a player's moves with a stake and room
    (quitlok.rulebook.turn_moves), the call at 11 left to its own question."""
    kinds = turn_moves(rules, staked=True, room=1, can_draw=True, aluvun=False, called=False)
    moves = {Move.of(kind, aluvun=False, bet_first=rules.bet_first) for kind in kinds}
    return [move for move in _PLAY_ORDER if move in moves]


#: a best-play question's heading for each set of choices the rules give
_CHOICE_TITLES = {
    (Move.BET, Move.BLOT, Move.STAY): TITLES[BEST_PLAY],
    (Move.BET, Move.STAY): N_("Bet or stay?"),
    (Move.DRAW, Move.STAY): N_("Draw or stay?"),
    (Move.BLOT, Move.DRAW, Move.STAY): N_("Blot, draw or stay?"),
    (Move.BET, Move.BLOT, Move.DRAW, Move.STAY): N_("Bet, blot, draw or stay?"),
}
#: a choice's name, for a heading made of names that _CHOICE_TITLES does not hold
def _choice_name(name: str) -> str:
    """A player's choice named in a question's heading (each a literal with its context, for the catalog)."""
    return {Move.BET: pgettext("a player's choice", "bet"), Move.BLOT: pgettext("a player's choice", "blot"),
            Move.DRAW: pgettext("a player's choice", "draw"), Move.STAY: pgettext("a player's choice", "stay")}[name]


def _choice_title(names: list[str]) -> str:
    if tuple(names) in _CHOICE_TITLES:
        return _(_CHOICE_TITLES[tuple(names)])
    # Translators: a heading asking which of these choices is best: "Bet, blot or stay?"
    words = _("{choices}?").format(choices=or_words([_choice_name(name) for name in names]))
    return words[0].upper() + words[1:]


def check_kind(kind: object) -> str:
    if not isinstance(kind, str) or kind not in KINDS:
        raise UnknownKind(_("{kind} is not a kind of class question; the kinds are {kinds}.").format(
            kind=shown(kind), kinds=", ".join(KINDS)))
    return kind


def check_seed(seed: object, what: str | None = None) -> int:
    """`seed` if it is a whole number from 0 to MAX_SEED; otherwise BadSeed naming `what` (words for people in
    the current language; "seed" when None)."""
    if not is_whole(seed) or not 0 <= seed <= MAX_SEED:
        raise BadSeed(_("The {what} must be a whole number from 0 to {most} (got {got}).").format(
            what=_("seed") if what is None else what, most=_number(MAX_SEED), got=shown(seed)))
    return seed


def make_question(kind: str, rules: RuleSet, seed: int) -> ClassQuestion:
    """The class question of `kind` made from `seed` under `rules`; the same arguments always make the same
    question. InvalidSetup for rules that are not a RuleSet, UnknownKind, BadSeed, or KindUnavailable when
    the rules cannot make this kind (see available_kinds)."""
    rules = rule_set(rules)
    check_kind(kind)
    check_seed(seed)
    if kind not in available_kinds(rules):
        raise KindUnavailable(_("{rules} rules play no {call}, so there is no question about calling it.").format(
            rules=game_name(rules.name), call=call_word(rules.aluvun_word)))
    return _make(kind, rules, seed, language())


@lru_cache(maxsize=512)
def _make(kind: str, rules: RuleSet, seed: int, language: str) -> ClassQuestion:
    """Questions are immutable, so a class of phones asking for the same one shares it: one kept per
    `language` (the current one, which the words are made in), since each phone reads it in its own."""
    return _GENERATORS[kind](random.Random(seed), rules, seed)


def hand_value_question(rules: RuleSet, seed: int) -> ClassQuestion:
    """What is this hand worth? (make_question(HAND_VALUE, ...))"""
    return make_question(HAND_VALUE, rules, seed)


def best_play_question(rules: RuleSet, seed: int) -> ClassQuestion:
    """Bet, blot or stay? (make_question(BEST_PLAY, ...))"""
    return make_question(BEST_PLAY, rules, seed)


def call_aluvun_question(rules: RuleSet, seed: int) -> ClassQuestion:
    """Call aluvun (elvaroon)? (make_question(CALL_ALUVUN, ...))"""
    return make_question(CALL_ALUVUN, rules, seed)


def bust_chance_question(rules: RuleSet, seed: int) -> ClassQuestion:
    """What is the chance the next card busts this hand? (make_question(BUST_CHANCE, ...))"""
    return make_question(BUST_CHANCE, rules, seed)


def settlement_question(rules: RuleSet, seed: int) -> ClassQuestion:
    """Who wins this settlement? (make_question(SETTLEMENT, ...))"""
    return make_question(SETTLEMENT, rules, seed)


def retire_question(rules: RuleSet, seed: int) -> ClassQuestion:
    """May the banker retire now? (make_question(RETIRE, ...))"""
    return make_question(RETIRE, rules, seed)


def _tries(kind: str, rules: RuleSet):
    """Count the positions a generator deals; KindUnavailable rather than a loop for ever."""
    yield from range(TRIES)
    raise KindUnavailable(_("No position for the question '{title}' was found under {rules} rules in {tries} "
                            "deals.").format(title=kind_title(kind, rules), rules=rules.name, tries=TRIES))


# --- words ----------------------------------------------------------------------------------------------


def _chips(value) -> str:
    """A value in chips as the advisor shows it: '+0.12', '-0.50'."""
    return _decimal(value, 2, signed=True)


#: how many cards of a number, in words (a pack holds at most four of each)
_HOW_MANY = {1: N_("one {rank}"), 2: N_("two {rank}s"), 3: N_("three {rank}s"), 4: N_("four {rank}s")}


def _ranks_words(counts: dict[int, int]) -> str:
    """'three 10s, one 11 and two 12s'."""
    return and_words([_(_HOW_MANY[n]).format(rank=rank) for rank, n in sorted(counts.items())])


def _counted(cards: tuple[int, ...], rules: RuleSet, value: int) -> list[int]:
    """What each card counts for in a hand worth `value`: each 12 as one of the rules' values."""
    twelves = cards.count(12)
    base = sum(card for card in cards if card != 12)
    choices = product(sorted(rules.twelve_values, reverse=True), repeat=twelves)
    if is_bust(value):  # bust: the lowest total
        pick = [min(rules.twelve_values)] * twelves
    else:
        pick = list(next(c for c in choices if base + sum(c) == value))
    return [pick.pop(0) if card == 12 else card for card in cards]


# --- the table at your turn: kinds best_play, call_aluvun, bust_chance ----------------------------------


def _split_aluvun(values: dict) -> tuple[object | None, object]:
    """(best value when calling aluvun or None if it cannot be called, best value without)."""
    called = [v for name, v in values.items() if Move(name).aluvun]
    return (max(called) if called else None), max(v for name, v in values.items() if not Move(name).aluvun)


def _gap(values) -> object:
    """How much the best of `values` beats the next best."""
    ranked = sorted(values, reverse=True)
    return ranked[0] - ranked[1]


#: the order of a best-play question's options: as its heading reads, "Bet, blot or stay?"
_PLAY_ORDER = (Move.BET, Move.BLOT, Move.DRAW, Move.STAY)


#: the options of a best-play question that name the chips of the room ({room}) or the call ({call})
_PLAY_LABELS = {
    Move.BET: N_("Bet {room} and take a face-down card"),
    Move.BET_ALUVUN: N_("Call {call}, then bet {room}"),
    Move.RAISE_ALUVUN: N_("Call {call} and raise {room}"),
}


def _play_label(name: str, rules: RuleSet, room: int) -> str:
    """An advisor action as an option: 'Bet 3 and take a face-down card', 'Call elvaroon and raise 2'."""
    if name in _PLAY_LABELS:
        return _(_PLAY_LABELS[name]).format(room=room, call=call_word(rules.aluvun_word))
    words = action_words(rules)[name]
    return words[0].upper() + words[1:]


def _over_21(hand: tuple[int, ...], rules: RuleSet) -> str:
    """'your 15 over 21'; for a hand whose 12s may count less, the lowest total, which is what a next card must
    pass: 'your hand over 21 even at its lowest total, 15 with each 12 counted as 9'."""
    value, low = hand_value(hand, rules), min(totals(hand, rules))
    if low == value:
        return _("your {value} over 21").format(value=value)
    return _("your hand over 21 even at its lowest total, {low} with each 12 counted as {twelve}").format(
        low=low, twelve=min(rules.twelve_values))


def _next_card_words(busting: int, making_21: int, unseen: int, hand: tuple[int, ...], rules: RuleSet) -> str:
    """'6 of the 18 unseen cards would take your 15 over 21, and 2 of them would make it 21' (capitalised)."""
    fields = {"busting": busting, "unseen": unseen, "over": _over_21(hand, rules), "making": making_21,
              "value": hand_value(hand, rules)}
    if busting:
        return (_("{busting} of the {unseen} unseen cards would take {over}, and {making} of them would make it 21")
                if making_21 else
                _("{busting} of the {unseen} unseen cards would take {over}, and none would make it 21 at once")
                ).format(**fields)
    return (_("None of the {unseen} unseen cards can take your {value} over 21, and {making} of them would make "
              "it 21") if making_21 else
            _("None of the {unseen} unseen cards can take your {value} over 21, and none would make it 21 at once")
            ).format(**fields)


def _young_next_card(busting: int, making_21: int, unseen: int) -> str:
    """The next card's chances for a young class: 'Of the 18 cards you cannot see, 6 would bust you (1 in 3),
    and 2 would make 21' (capitalised)."""
    fields = {"busting": busting, "unseen": unseen, "making": making_21,
              "chance": young_chance_words(Fraction(busting, unseen)) if busting else ""}
    if busting:
        return (_("Of the {unseen} cards you cannot see, {busting} would bust you ({chance}), and {making} would "
                  "make 21") if making_21 else
                _("Of the {unseen} cards you cannot see, {busting} would bust you ({chance}), and none would make "
                  "21 at once")).format(**fields)
    return (_("None of the {unseen} cards you cannot see can bust you, and {making} would make 21") if making_21 else
            _("None of the {unseen} cards you cannot see can bust you, and none would make 21 at once")
            ).format(**fields)


def _more_chips(better: str, worse: str) -> str:
    """'Played many times, staying leaves you with more chips than betting 2.'"""
    return _("Played many times, {better} leaves you with more chips than {worse}.").format(better=better,
                                                                                         worse=worse)


def _reshuffle_next(state) -> bool:
    """The stock is down to its last face-down card (or none) with cards under it: the next card comes from a
    new stock, and a count of the unseen cards would not say its chances (SPEC section 3)."""
    return len(state.stock) <= 1 and bool(state.under)


#: a play, as the subject of a sentence ("staying leaves you with more chips than betting 2")
def _play_verb(name: str, room: int) -> str:
    """A play as the subject of a sentence (each a literal with its context, for the catalog)."""
    # Translators: a play as the subject of "... is worth +0.12 chips", "... leaves you with more chips"
    verbs = {Move.STAY: pgettext("a play, as a subject", "staying"),
             Move.BLOT: pgettext("a play, as a subject", "a blot"),
             Move.BET: pgettext("a play, as a subject", "betting {room}"),
             Move.DRAW: pgettext("a play, as a subject", "drawing")}
    return verbs[name].format(room=room)


def _best_play(rng: random.Random, rules: RuleSet, seed: int) -> ClassQuestion:
    model = rules.banker_model(STANDS_ON)
    for _deal in _tries(BEST_PLAY, rules):
        got = your_turn(rng, rules)
        if got is None:
            continue
        state, you = got
        hand, seen = state.hands[you], state.seen_by(you)
        if can_call_aluvun(hand, rules) or hand_value(hand, rules) < LOWEST_PLAY:
            continue  # the call at 11 is the aluvun question's; low hands risk nothing yet
        if _reshuffle_next(state):
            continue  # the words count the unseen cards: the next card must come from them, not a new stock
        stake, room, stock = state.stakes[you], state.bet_room(you), Stock.of(state)
        quick = advise(hand, seen, rules, stake=stake, room=room, stands_on=model, stock=stock).values
        if len(quick) < 2 or _gap(quick.values()) < float(MIN_GAP) - 1e-9:
            continue  # one choice only, or two worth about the same: screened in floats, then exactly
        advice = advise(hand, seen, rules, stake=stake, room=room, stands_on=model, exact=True, stock=stock)
        if _gap(advice.values.values()) >= MIN_GAP:
            break
    names = [name for name in _PLAY_ORDER if name in advice.values]
    values = tuple(advice.values[name] for name in names)
    answer = names.index(advice.best)
    position = table_position(state, you, model)
    # Translators: a play and its value in chips: "staying -0.50"
    others = and_words([_("{play} {chips}").format(play=_play_verb(n, room), chips=_chips(advice.values[n]))
                        for n in names if n != advice.best])
    why = _("{next_card}, so against a banker who draws to {model} {play} is worth {chips} chips on average, "
            "{others}.").format(next_card=_next_card_words(advice.busting, advice.making_21, advice.unseen, hand,
                                                           rules),
                                model=model, play=_play_verb(advice.best, room),
                                chips=_chips(advice.values[advice.best]), others=others)
    young = (_("{next_card}.").format(next_card=_young_next_card(advice.busting, advice.making_21, advice.unseen))
             + " " + _more_chips(_play_verb(advice.best, room),
                                 or_words([_play_verb(n, room) for n in names if n != advice.best])))
    title = _choice_title(names)
    prompt = f"{table_words(position, chips=True)} {title}"
    return ClassQuestion(BEST_PLAY, seed, title, prompt, position,
                         tuple(_play_label(n, rules, room) for n in names), answer, why, values, young_why=young)


def _call_aluvun(rng: random.Random, rules: RuleSet, seed: int) -> ClassQuestion:
    model = rules.banker_model(STANDS_ON)
    word = call_word(rules.aluvun_word)
    lone = rules.framed_pair_21 and rng.random() < LONE_11_SHARE
    for _deal in _tries(CALL_ALUVUN, rules):
        got = your_turn(rng, rules, first=11 if lone else None, own=not lone)
        if got is None:
            continue
        state, you = got
        hand, seen = state.hands[you], state.seen_by(you)
        if lone != (hand == (11,)) or not (lone or can_call_aluvun(hand, rules)):
            continue
        if _reshuffle_next(state):
            continue  # the words count the unseen cards: the next card must come from them, not a new stock
        stake, room, stock = state.stakes[you], state.bet_room(you), Stock.of(state)
        yes, no = _split_aluvun(advise(hand, seen, rules, stake=stake, room=room, stands_on=model,
                                       stock=stock).values)
        if not lone and (yes is None or yes - no < float(MIN_GAP) - 1e-9):
            continue  # no card may follow the call (no blots, no room to bet), or it gains (nearly) nothing
        advice = advise(hand, seen, rules, stake=stake, room=room, stands_on=model, exact=True, stock=stock)
        yes, no = _split_aluvun(advice.values)
        if lone or yes - no >= MIN_GAP:
            break
    position = table_position(state, you, model)
    if lone:
        assert yes is None, "the rules offer the call on a lone 11"
        why = _("{call} is not called on a lone 11: the only card it could guard against is another 11, which "
                "makes the framed pair, 21.").format(call=word.capitalize())
        young = ""
    else:
        why = _aluvun_why(advice, position, yes, no)
        young = _aluvun_why(advice, position, yes, no, young=True)
    title = _("Call {call}?").format(call=word)
    prompt = table_words(position, chips=True) + " " + _("Do you call {call} before your next card?").format(
        call=word)
    answer = 0 if yes is not None and yes > no else 1
    options = (_("Yes: call {call}").format(call=word), pgettext("an answer", "No"))
    return ClassQuestion(CALL_ALUVUN, seed, title, prompt, position, options, answer, why,
                         (yes, no), young_why=young)


def _aluvun_why(advice, position: Position, yes, no, *, young: bool = False) -> str:
    """Why calling pays: the 11s it lets you throw in, and (Kvitlach) the raise it allows. `young`: in words
    for a young class (chances as '1 in 3', no average chips)."""
    rules, room = position.rules, position.room
    word = call_word(rules.aluvun_word)
    elevens = position.pool()[11]
    raising = max((n for n in advice.values if Move(n).aluvun), key=advice.values.get) == Move.RAISE_ALUVUN
    fields = {"call": word, "room": room, "yes": _chips(yes), "no": _chips(no), "elevens": elevens,
              "unseen": advice.unseen}
    calling = (_more_chips(_("calling {call}").format(call=word), _("not calling it")) if yes > no
               else _more_chips(_("not calling {call}").format(call=word), _("calling it")))
    if elevens and is_bust(hand_value(position.hand + (11,), rules)):
        if young:
            fields |= {"before": young_chance_words(advice.bust), "after": young_chance_words(advice.bust_with_aluvun)}
            if raising:
                words = ngettext(
                    "{elevens} of the {unseen} cards you cannot see is an 11, which would bust you, and calling "
                    "{call} lets you send it back and raise {room} with the protected card: your chance of going "
                    "bust falls from {before} to {after}.",
                    "{elevens} of the {unseen} cards you cannot see are 11s, which would bust you, and calling "
                    "{call} lets you send one back and raise {room} with the protected card: your chance of going "
                    "bust falls from {before} to {after}.", elevens)
            else:
                words = ngettext(
                    "{elevens} of the {unseen} cards you cannot see is an 11, which would bust you, and calling "
                    "{call} lets you send it back: your chance of going bust falls from {before} to {after}.",
                    "{elevens} of the {unseen} cards you cannot see are 11s, which would bust you, and calling "
                    "{call} lets you send one back: your chance of going bust falls from {before} to {after}.",
                    elevens)
            return words.format(**fields) + " " + calling
        fields |= {"over": _over_21(position.hand, rules), "before": percent(advice.bust),
                   "after": percent(advice.bust_with_aluvun)}
        if raising:
            words = ngettext(
                "{elevens} of the {unseen} unseen cards is an 11, which would take {over}, and calling {call} lets "
                "you throw it in and raise {room} with the protected card, so your bust chance falls from {before} "
                "to {after} and your best play is worth {yes} chips on average instead of {no}.",
                "{elevens} of the {unseen} unseen cards are 11s, which would take {over}, and calling {call} lets "
                "you throw one in and raise {room} with the protected card, so your bust chance falls from "
                "{before} to {after} and your best play is worth {yes} chips on average instead of {no}.", elevens)
        else:
            words = ngettext(
                "{elevens} of the {unseen} unseen cards is an 11, which would take {over}, and calling {call} lets "
                "you throw it in, so your bust chance falls from {before} to {after} and your best play is worth "
                "{yes} chips on average instead of {no}.",
                "{elevens} of the {unseen} unseen cards are 11s, which would take {over}, and calling {call} lets "
                "you throw one in, so your bust chance falls from {before} to {after} and your best play is worth "
                "{yes} chips on average instead of {no}.", elevens)
        return words.format(**fields)
    assert raising, "a call gained chips without an 11 to throw in or a raise"
    if young:
        return _("{next_card}, and calling {call} lets you raise {room} with the protected card.").format(
            next_card=_young_next_card(advice.busting, advice.making_21, advice.unseen), **fields) + " " + calling
    return _("{next_card}, and calling {call} lets you raise {room} with the protected card, so your best play is "
             "worth {yes} chips on average instead of {no}.").format(
        next_card=_next_card_words(advice.busting, advice.making_21, advice.unseen, position.hand, rules), **fields)


def _bust_chance(rng: random.Random, rules: RuleSet, seed: int) -> ClassQuestion:
    for _deal in _tries(BUST_CHANCE, rules):
        got = your_turn(rng, rules)
        if got is None:
            continue
        state, you = got
        hand, seen = state.hands[you], state.seen_by(you)
        if not 12 <= hand_value(hand, rules) <= 20 or can_call_aluvun(hand, rules) or _reshuffle_next(state):
            continue  # low hands cannot bust; at 11 the chance would depend on calling aluvun; the answer counts
            # the unseen cards, so the next card must come from them (not from a new stock)
        chance = bust_chance(hand, seen, rules, exact=True, stock=Stock.of(state))
        if 0 < chance < 1:
            break
    position = table_position(state, you, None)
    pool = position.pool()
    busting = {rank: n for rank, n in pool.items() if is_bust(hand_value(hand + (rank,), rules))}
    count, unseen = sum(busting.values()), position.unseen
    why = _("{count} of the {unseen} unseen cards would take {over} ({ranks}), so the chance is {count} in "
            "{unseen}, {percent}.").format(count=count, unseen=unseen, over=_over_21(hand, rules),
                                           ranks=_ranks_words(busting), percent=percent(chance))
    exact = _("{count} in {pool}").format(count=count, pool=unseen)
    simple = young_chance_words(chance)
    young = (_("{count} of the {unseen} cards you cannot see would bust you ({ranks}): {exact}.") if simple == exact
             else _("{count} of the {unseen} cards you cannot see would bust you ({ranks}): {exact}, that is "
                    "{simple}.")).format(count=count, unseen=unseen, ranks=_ranks_words(busting), exact=exact,
                                         simple=simple)
    title = _(TITLES[BUST_CHANCE])
    prompt = table_words(position, chips=False) + " " + _("What is the chance that the next card busts your hand? "
                                                          "Answer in per cent.")
    return ClassQuestion(BUST_CHANCE, seed, title, prompt, position, (), chance, why, slider=Slider(),
                         young_why=young)


# --- counting: hand_value -------------------------------------------------------------------------------


def _worth_label(value: int) -> str:
    return _("{value}: bust").format(value=value) if is_bust(value) else str(value)


def _hand_value(rng: random.Random, rules: RuleSet, seed: int) -> ClassQuestion:
    """Hands with a 12, a 1 or framed cards, where at least two counting mistakes give other numbers."""
    pack = list(rules.pack)
    for _deal in _tries(HAND_VALUE, rules):
        cards = tuple(rng.sample(pack, rng.choice((2, 2, 3, 3, 4))))
        if not {1, 2, 11, 12} & set(cards) or not reachable(cards, rules):
            continue
        value = hand_value(cards, rules)
        wrong: dict[str, int] = {}
        for mistake in COUNTING:
            believed = miscount(cards, rules, mistake)
            if believed is not None and believed != value and believed not in wrong.values():
                wrong[mistake] = believed
        if len(wrong) >= 2:
            break
    chosen = rng.sample(sorted(wrong), min(3, len(wrong)))
    rows = [(value, None)] + [(wrong[m], m) for m in chosen]
    rng.shuffle(rows)  # in order of size the right count would mostly sit in the middle
    # your first card came face down; later ones are blots (face up) or came with bets (face down)
    face_up = (False,) + tuple(rules.blots and rng.random() < 0.5 for _ in cards[1:])
    position = Position(rules, (SeatView(YOU, cards, face_up),), you=0)
    if is_framed_pair(cards, rules):
        why = _("Two framed first cards count 21 whatever their numbers, so {cards} make 21.").format(
            cards=card_words(cards))
    else:
        reasons = []
        if 12 in cards:
            twelve = twelve_words(rules.twelve_values)
            reasons.append(_("a 12 counts {twelve}").format(twelve=twelve) if is_bust(value) else
                           _("a 12 counts {twelve}, whichever helps most").format(twelve=twelve))
        if 1 in cards:
            reasons.append(_("a 1 counts 1"))
        if rules.framed_pair_21 and sum(map(is_framed, cards)) >= 2:
            reasons.append(_("framed cards count their numbers unless they are the first two"))
        sums = " + ".join(map(str, _counted(cards, rules, value)))
        joined = reasons[0] if reasons else ""
        for reason in reasons[1:]:
            # Translators: the reasons a hand counts what it does, one after another: "a 12 counts 12 or 9; a 1..."
            joined = _("{reasons}; {reason}").format(reasons=joined, reason=reason)
        if reasons:
            why = (_("{reasons}, so even at the lowest {sums} = {value}, over 21: the hand is bust.") if is_bust(value)
                   else _("{reasons}, so {sums} = {value}.")).format(reasons=joined, sums=sums, value=value)
        else:
            why = (_("The cards add up: even at the lowest {sums} = {value}, over 21: the hand is bust.")
                   if is_bust(value) else _("The cards add up: {sums} = {value}.")).format(sums=sums, value=value)
        why = why[0].upper() + why[1:]
    return ClassQuestion(HAND_VALUE, seed, _(TITLES[HAND_VALUE]),
                         _("Your cards, in the order you got them: {cards}. What is the hand worth?").format(
                             cards=card_words(cards)),
                         position, tuple(_worth_label(v) for v, _mistake in rows),
                         [m for _value, m in rows].index(None), why, tuple(v for v, _mistake in rows),
                         mistakes=tuple(m for _value, m in rows))


# --- settlement -----------------------------------------------------------------------------------------

#: what a settlement can come to, and how often a generator aims at each: ties are the lesson
_OUTCOMES = {"tie": 3, "bust": 2, "player": 2, "banker": 3}


def _outcome(mine: int, banker: int) -> str:
    """Who an open stake on `mine` goes to against a banker on `banker` (quitlok.rulebook.player_wins), and why."""
    return ("bust" if is_bust(banker) else "player" if player_wins(mine, banker) else "tie" if mine == banker
            else "banker")


def _settlement(rng: random.Random, rules: RuleSet, seed: int) -> ClassQuestion:
    """A real two-seat hand: you bet and stay, Bella plays, the engine settles; its payment is read back."""
    aim = rng.choices(list(_OUTCOMES), weights=list(_OUTCOMES.values()))[0]
    for tried in _tries(SETTLEMENT, rules):
        state = new_game(rules, [BANKER_NAME, YOU], banker=0, bank=10, purses=10, seed=rng.randrange(10**6))
        if state.phase == RETIRE_PHASE:  # house rules that let her retire in hand 1: she keeps the bank
            state = apply_action(state, KeepBank())
        if state.to_act != 1 or state.phase != TURN:
            continue
        state = apply_action(state, rng.choice([a for a in legal_actions(state) if isinstance(a, Bet) and a.n <= 3]))
        goal = rng.randint(12, 18)
        while state.to_act == 1 and state.phase == TURN and state.value(1) < goal:
            legal = legal_actions(state)
            card = next((a for a in legal if isinstance(a, Draw | Blot)), None) or next(
                (a for a in legal if isinstance(a, Bet)), None)
            if card is None:
                break
            state = apply_action(state, card)
        if not (state.to_act == 1 and state.phase == TURN and state.stakes[1]) or state.value(1) < 12:
            continue  # 21 or bust ends the turn with nothing to settle; or a total nobody stays on
        mine_cards, stake, purse, bank = state.hands[1], state.stakes[1], state.purses[1], state.bank
        state = apply_action(state, Stay())
        stands = rules.banker_model(rng.choice((16, 17, 17, 18)))
        while state.phase == BANKER:
            legal = legal_actions(state)
            draw = Draw() in legal and (state.value(0) < stands or Stand() not in legal)
            state = apply_action(state, Draw() if draw else Stand())
        banker_cards = state.last_cards[0]
        assert state.last_cards[1] == mine_cards
        mine, banker = hand_value(mine_cards, rules), hand_value(banker_cards, rules)
        won = state.purses[1] - purse  # the engine's settlement: stake back and as much again, or nothing
        assert won == (2 * stake if player_wins(mine, banker) else 0), "the engine settled otherwise"
        if _outcome(mine, banker) == aim or tried >= AIMED_TRIES:
            break
    outcome = _outcome(mine, banker)
    you_win = outcome in ("bust", "player")
    # Translators: the answers to "Who wins this settlement?": you, the banker, nobody
    options = (pgettext("who wins", "You"), _("{banker}, the banker").format(banker=seat_name(BANKER_NAME)),
               _("Nobody: the stake comes back"))
    mistakes: list[str | None] = [None, None, None]
    if outcome == "tie":
        mistakes = ["tie_to_player", None, "tie_returns_stake"]
    else:
        flips = [m for m in COUNTING
                 if _outcome(miscount(mine_cards, rules, m) or mine, miscount(banker_cards, rules, m) or banker)
                 in (("banker", "tie") if you_win else ("bust", "player"))]
        mistakes[1 if you_win else 0] = flips[0] if flips else None
    seats = (SeatView(BANKER_NAME, banker_cards, (True,) * len(banker_cards)),
             SeatView(YOU, mine_cards, (True,) * len(mine_cards), stake))
    position = Position(rules, seats, banker=0, you=1, bank=bank)
    framed = is_framed_pair(banker_cards, rules)
    fields = {"banker": seat_name(BANKER_NAME), "total": banker, "mine": mine, "stake": stake}
    if outcome == "bust":
        why = _("{banker}'s cards make {total}, over 21, so she is bust and every open stake wins: you get your "
                "{stake} back and {stake} more.")
    elif outcome == "player":
        # (a banker's framed pair counts 21, which no open stake beats)
        why = _("Your {mine} beats {banker}'s {total}, so you win: your {stake} back and {stake} more.")
    elif outcome == "tie":
        why = _("You both have {mine}, and a tie goes to the banker, so {banker} takes your stake of {stake}.")
    else:
        why = (_("{banker}'s two framed first cards, which count 21, beats your {mine}, so she takes your stake of "
                 "{stake}.") if framed else
               _("{banker}'s {total} beats your {mine}, so she takes your stake of {stake}."))
    why = why.format(**fields)
    draws = banker_cards[1:]
    prompt = " ".join((
        (_("You stay on {cards} with a stake of {stake}.") if stake else
         _("You stay on {cards} with nothing at stake.")).format(cards=card_words(mine_cards), stake=stake),
        (_("{banker}, the banker, turns up {first} and draws {draws}.") if draws else
         _("{banker}, the banker, turns up {first}.")).format(banker=seat_name(BANKER_NAME),
                                                              first=card_words(banker_cards[:1]),
                                                              draws=card_words(draws) if draws else ""),
        _("That ends her turn."), _("Who wins this settlement?")))
    return ClassQuestion(SETTLEMENT, seed, _(TITLES[SETTLEMENT]), prompt, position, options, 0 if you_win else 1,
                         why, mistakes=tuple(mistakes))


# --- retiring -------------------------------------------------------------------------------------------


def _retire(rng: random.Random, rules: RuleSet, seed: int) -> ClassQuestion:
    """A moment in Bella's bank: a hand number and her first card (after the deal, or the new card she takes
    after settling early); half the time one that lets her retire, when the rules have such moments."""
    start = rules.retire_from_hand
    qualify = sorted(rules.retire_cards)
    other = [card for card in range(1, 13) if card not in rules.retire_cards]
    ways = (["early"] if start > 1 else []) + (["card"] if other else [])
    may = bool(qualify) and (not ways or rng.random() < 0.5)
    way = None if may else rng.choice(ways)
    hand = rng.randint(1, start - 1) if way == "early" else rng.randint(start, start + 2)
    card = rng.choice(other if way == "card" or not qualify else qualify)
    early = rng.random() < 0.25  # the new card after an early settlement
    pack = list(rules.pack)
    pack.remove(card)
    rng.shuffle(pack)
    if early:  # Chaim's stake covered the bank, so she played and settled at once; their cards lie face up
        chaim, old = pack[:2], pack[2:4]
        seats = (SeatView(BANKER_NAME, (card,), (True,)), SeatView(NAMES[1], (), ()),
                 SeatView(NAMES[2], (None,), (False,)))
        position = Position(rules, seats, banker=0, under=tuple(chaim + old), hand_number=hand)
        moment = _("In hand {hand} of her bank, {banker} settled early with {name}, threw in her cards and took a "
                   "new card for the players still to play: {card}.").format(hand=hand, banker=seat_name(BANKER_NAME),
                                                                             name=seat_name(NAMES[1]),
                                                                             card=a_card(card))
    else:
        seats = (SeatView(BANKER_NAME, (card,), (True,)), SeatView(NAMES[1], (None,), (False,)),
                 SeatView(NAMES[2], (None,), (False,)))
        position = Position(rules, seats, banker=0, hand_number=hand)
        moment = _("Hand {hand} of her bank has just been dealt, and her first card is {card}.").format(
            hand=hand, card=a_card(card))
    if not qualify:
        why = _("Under these rules no first card lets a banker retire, so she may not.")
    else:
        fields = {"start": start, "cards": or_words([a_card(c) for c in qualify]), "hand": hand, "card": a_card(card)}
        why = (_("A banker may retire from hand {start} of the bank on, when her first card (after a deal, or after "
                 "settling early) is {cards}: this is hand {hand}, so she may.") if may else
               _("A banker may retire from hand {start} of the bank on, when her first card (after a deal, or after "
                 "settling early) is {cards}: this is hand {hand}, too early, so she may not.") if way == "early" else
               _("A banker may retire from hand {start} of the bank on, when her first card (after a deal, or after "
                 "settling early) is {cards}: this is hand {hand}, and {card} is not one of them, so she may not."))\
            .format(**fields)
    prompt = " ".join((_("{banker} is the banker.").format(banker=seat_name(BANKER_NAME)), moment,
                       _("May she show it, retire and take the bank home?")))
    mistakes = (None, None) if may else ("retire_any_hand" if way == "early" else "retire_any_card", None)
    options = (pgettext("an answer", "Yes"), pgettext("an answer", "No"))
    return ClassQuestion(RETIRE, seed, _(TITLES[RETIRE]), prompt, position, options, 0 if may else 1, why,
                         mistakes=mistakes)


_GENERATORS = {
    HAND_VALUE: _hand_value,
    BEST_PLAY: _best_play,
    CALL_ALUVUN: _call_aluvun,
    BUST_CHANCE: _bust_chance,
    SETTLEMENT: _settlement,
    RETIRE: _retire,
}
