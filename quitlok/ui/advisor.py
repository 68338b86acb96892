"""What the advisor page says about a position, and its tables.

`quitlok.odds.advise` prices the advisor's actions ("bet", "blot+aluvun"); this module turns its answer into
the page's words, in the tradition's own name for the call at 11 (`action_words(rules)`): the headline, the
answers to "Should I bet?" and "Should I call aluvun?", and the table of every choice. Kvitlach's first
decision (to bet before any card, or stay out) is not one of `advise`'s actions; `quitlok.odds.first_bets`
prices it.
"""

import functools
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from html import escape

import pandas as pd
import streamlit as st

from quitlok import i18n
from quitlok.bank_odds import DRAW, STAND, BankerAdvice
from quitlok.hand import hand_value
from quitlok.i18n import N_, _, language
from quitlok.moves import Move
from quitlok.odds import Advice, action_words, advise, chance_words, first_bets, percent, strategy_table
from quitlok.rulebook import is_bust, is_twenty_one
from quitlok.rules import RuleSet, call_word
from quitlok.stock import Stock
from quitlok.ui.style import chips

#: the answer's parts: a title over each chart and table, notes in the caption's colour (at least 4.5:1 in
#: both themes, as style.py makes st.caption), and the table of choices with the best row in the theme's
#: warm gold and bold (a second cue besides colour)
_CSS = """<style>
.ql-part { margin: 0 0 1rem; }
.ql-part > p { margin: 0 0 .4rem; }
.ql-note { font-size: .875rem; color: color-mix(in srgb, currentColor 80%, transparent); }
.ql-choices { border-collapse: collapse; width: 100%; font-size: .95rem; }
.ql-choices th[scope="row"] { font-weight: inherit; }
.ql-choices :is(th, td) { padding: .35rem .6rem; border-bottom: 1px solid color-mix(in srgb, currentColor 20%,
  transparent); text-align: left; }
.ql-choices :is(td, thead th + th) { text-align: right; font-variant-numeric: tabular-nums; }
.ql-choices tr.ql-best :is(th, td) { background: rgba(201, 162, 39, .25); font-weight: 600; }
</style>"""


@dataclass(frozen=True)
class Answer:
    """The advisor's answer for one position, in words for the page."""

    #: the best choice, as the page's heading: "Call aluvun, then take a blot", "Bet 1", "Stay out"
    headline: str
    #: every choice in words -> its expected result in chips, in the order of the table
    choices: dict[str, float]
    #: the answers to the page's two questions, as Markdown
    should_bet: str
    should_call: str
    #: the odds behind it all (next card, bust chances, the banker's totals, the counts)
    advice: Advice


def answer(hand: list[int], seen: list[int], rules: RuleSet, *, stake: int, room: int, stands_on: int,
           stock: int | None = None) -> Answer:
    """The advisor's answer for a hand that counts less than 21. Raises QuitlokError for impossible cards.

    The last answers are kept (a few kilobytes each): a card pressed and taken back, or a stake changed and
    changed back, asks the same position again, and even with the solver's memos warm, walking its choices
    again took a tenth of the page's time.

    `stock`: the face-down cards left in the stock, the seen cards lying face up under it (SPEC section 3);
    None: more than can be drawn."""
    return _answer(tuple(hand), tuple(seen), rules, stake, room, stands_on,
                   None if stock is None else Stock(stock, tuple(seen)), language())


@functools.lru_cache(maxsize=256)
def _answer(hand: tuple[int, ...], seen: tuple[int, ...], rules: RuleSet, stake: int, room: int,
            stands_on: int, stock: Stock | None = None, _language: str = "en") -> Answer:
    """answer's work, kept per position and per language (its words are the reader's)."""
    hand, seen = list(hand), list(seen)
    advice = advise(hand, seen, rules, stake=stake, room=room, stands_on=stands_on, stock=stock)
    if rules.bet_first and stake == 0:
        return _first_bet(hand, seen, rules, advice, room, stands_on, stock)
    words = action_words(rules)
    choices = {words[action].capitalize(): float(value) for action, value in advice.values.items()}
    return Answer(
        headline=words[advice.best].capitalize(),
        choices=_best_first(choices, words[advice.best].capitalize()),
        should_bet=_should_bet(rules, advice, room),
        should_call=_should_call(rules, hand, advice),
        advice=advice,
    )


def _first_bet(hand, seen, rules: RuleSet, advice: Advice, room: int, stands_on: int,
               stock: Stock | None = None) -> Answer:
    """Kvitlach's first decision: bet n chips before any card, or stay out (the cards are thrown in)."""
    stay_out = _("Stay out (no bet: your cards are thrown in)")
    bets = {n: float(v) for n, v in first_bets(hand, seen, rules, room=room, stands_on=stands_on,
                                                stock=stock).items()}
    raise_word = rules.elvaroon_raise and rules.aluvun
    call = call_word(rules.aluvun_word)
    labels = {n: _("Bet {n}, keeping {kept} for a raise with {call}").format(n=n, kept=room - n, call=call)
              if raise_word and n < room else _("Bet {n}").format(n=n) for n in bets}
    choices = {labels[n]: value for n, value in bets.items()} | {stay_out: 0.0}
    best_n = max(bets, key=lambda n: (bets[n], -n)) if bets else None
    betting = best_n is not None and bets[best_n] > 0
    if best_n is None:
        should_bet = _("**You can't.** You set the chips you may bet to 0, so all you can do is stay out.")
    elif betting:
        should_bet = _("**Yes: bet {n}.** With the best play after it, that bet is worth {worth} on average; not "
                       "betting is worth nothing either way.").format(n=best_n, worth=chips(bets[best_n]))
    else:
        should_bet = _("**No.** Even the best bet, {bet}, is worth {worth} on average; not betting is worth nothing "
                       "either way.").format(bet=labels[best_n][0].lower() + labels[best_n][1:],
                                             worth=chips(bets[best_n]))
    if betting:
        after = advise(hand, seen, rules, stake=best_n, room=room - best_n, stands_on=stands_on, stock=stock)
        should_call = _("After that bet: {answer}").format(answer=_should_call(rules, hand, after))
    else:
        if best_n is None:
            why_not = _("**Not now.** Under your rules the bet comes first, and {call} is called after it, before a "
                        "card; here you may not bet.")
        else:
            why_not = _("**Not now.** Under your rules the bet comes first, and {call} is called after it, before a "
                        "card; here no bet is worth making.")
        should_call = _should_call(rules, hand, advice, why_not=why_not.format(call=call_word(rules.aluvun_word)))
    headline = _("Bet {n}").format(n=best_n) if betting else _("Stay out")
    return Answer(headline=headline, choices=_best_first(choices, labels[best_n] if betting else stay_out),
                  should_bet=should_bet, should_call=should_call, advice=advice)


def _best_first(choices: dict[str, float], best: str) -> dict[str, float]:
    """The best choice first, then the others from the highest result down."""
    return dict(sorted(choices.items(), key=lambda item: (item[0] != best, -item[1])))


def _should_bet(rules: RuleSet, advice: Advice, room: int) -> str:
    """Is betting more (a bet, or Kvitlach's raise with elvaroon) better than the best play without it?"""
    words = action_words(rules)
    betting = {a: v for a, v in advice.values.items() if Move(a).bets}
    if not betting:
        if room == 0:
            return _("**You can't.** You set the chips you may still bet to 0.")
        if not (rules.elvaroon_raise and rules.aluvun):
            return _("**You can't.** Under your rules you bet once, before the first extra card, and never raise.")
        return _("**Not now.** Under your rules you may raise only with {call}, and you can't call it on these "
                 "cards.").format(call=call_word(rules.aluvun_word))
    best_bet = max(betting, key=betting.get)
    rest = {a: v for a, v in advice.values.items() if a not in betting}
    best_rest = max(rest, key=rest.get)
    yes = betting[best_bet] > rest[best_rest]
    if chips(betting[best_bet]) == chips(rest[best_rest]):  # the same to the hundredth of a chip shown
        verdict = _("Yes, but it makes almost no difference") if yes else _("No, but it makes almost no difference")
    else:
        verdict = _("Yes") if yes else _("No")
    return _("**{verdict}.** The best bet is to {bet}, worth {bet_worth} on average; the best without betting more "
             "is to {other}, worth {other_worth}.").format(
        verdict=verdict, bet=words[best_bet], bet_worth=chips(betting[best_bet]), other=words[best_rest],
        other_worth=chips(rest[best_rest]))


def _should_call(rules: RuleSet, hand: list[int], advice: Advice, *, why_not: str = "") -> str:
    """Is calling aluvun (elvaroon) worth it? Say why not when it can't be called; `why_not` answers when it
    could be called on these cards but the position leaves no call to make."""
    call = call_word(rules.aluvun_word)
    if not rules.aluvun:
        return _("{call} is not played under your house rules.").format(call=call.capitalize())
    if tuple(hand) == (11,):
        if rules.framed_pair_21:
            return _("**No.** {call} is not called on a lone 11: the only card it could guard against is the other "
                     "11, which makes the framed pair, 21.").format(call=call.capitalize())
        return _("**No.** {call} is not called on a lone 11.").format(call=call.capitalize())
    if not advice.aluvun_callable:
        return _("**Not now.** {call} can be called only when your cards can count exactly 11; yours count "
                 "{value}.").format(call=call.capitalize(), value=hand_value(hand, rules))
    if why_not:
        return why_not
    words = action_words(rules)
    calling = {a: v for a, v in advice.values.items() if Move(a).aluvun}
    if not calling:
        return _("**Not now.** {call} protects the next card, and you can take none: blots are off under your rules "
                 "and you may bet no more chips.").format(call=call.capitalize())
    best_call = max(calling, key=calling.get)
    rest = {a: v for a, v in advice.values.items() if a not in calling}
    best_rest = max(rest, key=rest.get)
    if advice.bust_with_aluvun < advice.bust:
        cut = _("Calling it cuts your chance of busting on the next card from {before} to {after}.").format(
            before=percent(advice.bust), after=percent(advice.bust_with_aluvun))
    else:
        cut = _("Here it does not lower your chance of busting on the next card ({chance}).").format(
            chance=percent(advice.bust))
    if calling[best_call] == rest[best_rest]:
        return _("**It makes no difference here.** {cut} Your best play is worth {worth} with it or without "
                 "it.").format(cut=cut, worth=chips(rest[best_rest]))
    verdict = _("Yes") if calling[best_call] > rest[best_rest] else _("No")
    return _("**{verdict}.** {cut} With it the best is to {call}, worth {call_worth} on average; without it, to "
             "{other}, worth {other_worth}.").format(
        verdict=verdict, cut=cut, call=words[best_call], call_worth=chips(calling[best_call]), other=words[best_rest],
        other_worth=chips(rest[best_rest]))


def next_card_effects(hand: list[int], rules: RuleSet, left: Counter) -> dict[int, str]:
    """What each number would do to the hand as its next card: 'bust', '21' or 'safe' (also for numbers
    none of which is left, which the chart shows as empty bars)."""
    result = {}
    for rank in range(1, 13):
        value = hand_value(hand + [rank], rules) if left[rank] else 0
        result[rank] = "bust" if is_bust(value) else "21" if is_twenty_one(value) else "safe"
    return result


def choices_html(choices: dict[str, float]) -> str:
    """Every choice's expected result in chips, as `answer` orders them (best first, in bold on gold), and how
    much less each is worth than the best: an HTML table. Each number cell keeps its exact value in
    `data-value`."""
    best = next(iter(choices.values()))
    rows = "".join(
        ('<tr class="ql-best">' if i == 0 else "<tr>") + f'<th scope="row">{escape(choice)}</th>'
        f'<td data-value="{value!r}">{signed(value)}</td><td data-value="{value - best!r}">{signed(value - best)}</td>'
        "</tr>"
        for i, (choice, value) in enumerate(choices.items()))
    heads = "".join(f'<th scope="col">{escape(head)}</th>'
                    for head in (_("Choice"), _("Chips on average"), _("Compared with the best")))
    return f'<table class="ql-choices"><thead><tr>{heads}</tr></thead><tbody>{rows}</tbody></table>'


def signed(x: float) -> str:
    """A table's number of chips to three places, with its sign: "+0.123", "-0.030", and "0.000" for what
    rounds to nothing (never "-0.000")."""
    return i18n.signed(x, 3)


def part(title: str, body: str, note: str = "") -> str:
    """One part of the answer: a title in bold (plain text), a chart or table as HTML, and a note under it
    (each may be empty)."""
    return ('<div class="ql-part">' + (f"<p><strong>{escape(title)}</strong></p>" if title else "") + body
            + (f'<p class="ql-note">{escape(note)}</p>' if note else "") + "</div>")


def parts_html(*parts: str) -> str:
    """The answer's parts as one HTML element, with their styles."""
    return _CSS + "".join(parts)


def strategy_frame(rules: RuleSet) -> pd.DataFrame:
    """_strategy_frame in the reader's language, with a spinner in his words while it is worked out the first
    time (st.cache_data's own spinner is a text fixed when the module is imported)."""
    key = (rules, language())
    if key in _FRAMES_MADE:
        return _strategy_frame(rules, language())
    with st.spinner(_("Working out every first card…")):
        frame = _strategy_frame(rules, language())
    _FRAMES_MADE.add(key)
    return frame


#: the rules and languages whose strategy frame this server has worked out (its spinner is not shown again)
_FRAMES_MADE: set[tuple[RuleSet, str]] = set()


@st.cache_data(show_spinner=False, max_entries=32)  # one per house rules and language in use
def _strategy_frame(rules: RuleSet, language_code: str) -> pd.DataFrame:
    """The best first decision for every first card (rows) against each banker model the rules allow
    (columns "Banker stands on 17" and so on), in the tradition's words, nothing else seen.

    With betting at any time: the first move with nothing bet yet and one chip of room; with bet-first rules,
    the bet itself: a bet of 1, or staying out (`quitlok.odds.strategy_table` asks both). `language_code` is part
    of the cache's key (st.cache_data leaves out of its key every argument whose name starts with "_": a frame
    worked out in English was shown in Hebrew and Czech).
    """
    words = {Move.BET: _("Bet {n}").format(n=1), Move.STAY: _("Stay out")} if rules.bet_first else {
        action: text.capitalize() for action, text in action_words(rules).items()}
    rows = [{**row, "best": words[row["best"]]} for row in strategy_table(rules)]
    frame = pd.DataFrame(rows).pivot(index="card", columns="stands_on", values="best")
    frame.columns = [_("Banker stands on {total}").format(total=total) for total in frame.columns]
    return frame.rename_axis(_("First card")).reset_index()


#: the banker's choices in the page's words (translate where shown: `_(BANKER_CHOICES[choice])`)
BANKER_CHOICES = {STAND: N_("Stand"), DRAW: N_("Draw a card")}
#: the most cards one open hand may list
MOST_OPEN_CARDS = 12


def open_cards(text: str) -> tuple[int | None, ...]:
    """A staying player's cards as the banker sees them, in order: '?, 5, ?' -> (None, 5, None).
    Raises ValueError with a message for people (showing nothing of the text but its length)."""
    parts = [p.strip() for p in text.replace(" ", ",").split(",") if p.strip()]
    if not parts:
        raise ValueError(_("list the player's cards in order, ? for each face-down card, such as ?, 5"))
    if len(parts) > MOST_OPEN_CARDS:
        raise ValueError(_("a hand of {n} cards is more than anyone holds below 21").format(n=len(parts)))
    cards = []
    for part in parts:
        if part == "?":
            cards.append(None)
        elif part.isascii() and part.isdigit() and 1 <= int(part) <= 12:
            cards.append(int(part))
        else:
            raise ValueError(_("each card is a number from 1 to 12, or ? for a face-down card"))
    return tuple(cards)


def banker_choices(advice: BankerAdvice) -> dict[str, float]:
    """The banker's choices in words -> the bank's expected result, best first, for `choices_html`."""
    return _best_first({_(BANKER_CHOICES[c]): float(v) for c, v in advice.values.items()},
                       _(BANKER_CHOICES[advice.best]))


def banker_verdict(advice: BankerAdvice) -> str:
    """One sentence after the banker's best choice: forced, both losing, or what it is worth."""
    best = float(advice.values[advice.best])
    if len(advice.values) == 1 and advice.best == DRAW:
        return _("The rules leave you no choice: draw ({worth} for the bank on average from here).").format(
            worth=chips(best))
    if all(v < 0 for v in advice.values.values()):
        if advice.best == DRAW:
            return _("Both choices lose chips on average here; draw a card loses fewer ({worth} for the "
                     "bank).").format(worth=chips(best))
        return _("Both choices lose chips on average here; stand loses fewer ({worth} for the bank).").format(
            worth=chips(best))
    return _("Worth {worth} for the bank on average.").format(worth=chips(best))


def open_hand_lines(advice: BankerAdvice, names: list[str], stakes: list[int]) -> str:
    """A Markdown list: each open hand's stake, its chance to beat the banker now and its likeliest total."""
    lines = []
    for name, stake, totals, model in zip(names, stakes, advice.totals, advice.models, strict=True):
        beats = Fraction(sum(p for total, p in totals.items() if total > advice.value)).limit_denominator(100_000)
        if model == "best play":
            line = _("{name}, stake {stake}: beats your {total} now: {chance}; {likeliest}.")
        else:
            line = _("{name}, stake {stake}: beats your {total} now: {chance}; {likeliest} (no hand fits best play, "
                     "so every hand below 21 counts).")
        lines.append("- " + line.format(name=name, stake=stake, total=advice.value, chance=chance_words(beats),
                                        likeliest=likeliest_words(totals)))
    return "\n".join(lines)


def likeliest_words(totals: dict) -> str:
    """'most likely holds 18', or every total as likely as the likeliest: 'most likely holds 18 or 19 (as
    likely each)'. The chances are exact fractions or floats (a simulation's): floats within a billionth tie."""
    top = max(totals.values())
    tied = [total for total, p in totals.items() if p == top or (isinstance(p, float) and abs(p - top) <= 1e-9)]
    if len(tied) == 1:
        return _("most likely holds {total}").format(total=tied[0])
    return _("most likely holds {totals} or {last} (as likely each)").format(
        totals=", ".join(map(str, tied[:-1])), last=tied[-1])
