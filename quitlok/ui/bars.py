"""The Advisor's bar charts, drawn as plain HTML and CSS: the next card, where the banker ends, and what each
staying player may hold.

The Advisor answers every card pressed with its charts, so they must come at once: Plotly took about half of
a card's answer in the browser (its library loaded, every figure laid out and drawn again), for bars a few
lines of HTML draw as well. Each bar is a block whose height is its chance; its colour (Okabe-Ito, the same
meaning keeps the same colour everywhere) is never the only cue: a pattern lies over it (bust crossed out,
21 dotted, safe plain; each staying player a pattern of his own), a legend names colours and patterns
together, and the words above a bar say how many cards or what chance it is. Every bar says in words what
it shows (a tooltip on hover, and the text a screen reader reads), and the chart as a whole is a group
named by its title.
"""

from dataclasses import dataclass
from html import escape

from quitlok.i18n import N_, _
from quitlok.odds import BUST, Advice, percent

BUST_COLOUR = "#D55E00"  # vermilion
TWENTY_ONE_COLOUR = "#009E73"  # bluish green
SAFE_COLOUR = "#56B4E9"  # sky blue
BANKER_COLOUR = "#999999"  # grey
#: the effects of a next card, in the legend's order: (effect, legend name, colour, pattern); the names are
#: translated where they are shown
EFFECTS = (("bust", N_("busts you"), BUST_COLOUR, "x"), ("21", N_("makes 21"), TWENTY_ONE_COLOUR, "."),
           # Translators: a next card that neither busts the hand nor makes 21
           ("safe", N_("safe"), SAFE_COLOUR, ""))
#: Okabe-Ito colours for the staying players, one each, and a pattern each, so that the legend tells them
#: apart without their colours (none of them is bust's, 21's or the banker's)
HAND_COLOURS = ("#0072B2", "#E69F00", "#CC79A7", "#56B4E9", "#F0E442", "#000000", "#009E73")
HAND_PATTERNS = ("", "/", ".", "\\", "-", "|", "x")

#: a pattern over a bar's colour, in CSS: lines or dots in a pale ink that stands out on every colour above
_INK = "rgba(255, 255, 255, .6)"
_PATTERNS = {
    "": "none",
    "x": f"repeating-linear-gradient(45deg, {_INK} 0 2px, transparent 2px 7px), "
         f"repeating-linear-gradient(-45deg, {_INK} 0 2px, transparent 2px 7px)",
    ".": f"radial-gradient({_INK} 1.6px, transparent 1.8px) 0 0 / 6px 6px",
    "/": f"repeating-linear-gradient(-45deg, {_INK} 0 2px, transparent 2px 7px)",
    "\\": f"repeating-linear-gradient(45deg, {_INK} 0 2px, transparent 2px 7px)",
    "-": f"repeating-linear-gradient(0deg, {_INK} 0 2px, transparent 2px 6px)",
    "|": f"repeating-linear-gradient(90deg, {_INK} 0 2px, transparent 2px 6px)",
}

_CSS = """<style>
.ql-bars { margin: 0 0 .5rem; font-size: .85rem; }
.ql-bars.ql-large { font-size: 1.1rem; }
.ql-bars .ql-legend { display: flex; flex-wrap: wrap; gap: .3rem 1rem; margin-bottom: .4rem; }
.ql-bars .ql-key { display: inline-flex; align-items: center; gap: .35rem; }
.ql-bars .ql-swatch { width: 1.1rem; height: .9rem; border-radius: 2px; }
.ql-bars .ql-plot { display: grid; grid-template-columns: auto 1fr; gap: 0 .4rem; }
.ql-bars .ql-axis { position: relative; height: var(--ql-height); min-width: 2.2em; }
.ql-bars .ql-axis span { position: absolute; right: 0; transform: translateY(50%); line-height: 1; }
.ql-bars .ql-area { position: relative; height: var(--ql-height); display: flex; align-items: flex-end;
  gap: 3%; padding: 0 1.5%; border-bottom: 1px solid currentColor; }
.ql-bars .ql-line { position: absolute; left: 0; right: 0; border-top: 1px solid color-mix(in srgb, currentColor 15%,
  transparent); }
.ql-bars .ql-col { flex: 1 1 0; min-width: 0; height: 100%; display: flex; align-items: flex-end; gap: 2px;
  position: relative; }
.ql-bars .ql-col.ql-beats { border-left: 2px dashed #999999; }
.ql-bars .ql-bar { flex: 1 1 0; position: relative; border-radius: 2px 2px 0 0; }
.ql-bars .ql-above { position: absolute; bottom: 100%; left: 50%; transform: translateX(-50%);
  white-space: nowrap; font-size: .9em; }
.ql-bars .ql-names { display: flex; gap: 3%; padding: 0 1.5%; grid-column: 2; text-align: center; }
.ql-bars .ql-names span { flex: 1 1 0; min-width: 0; }
.ql-bars .ql-title { grid-column: 2; text-align: center; opacity: .9; }
.ql-bars .ql-mark { position: absolute; top: 0; left: .3rem; white-space: nowrap; font-size: .9em; }
/* on a phone a bar's words above it would run into its neighbours': each keeps its tooltip and its words for
   screen readers */
@media (max-width: 640px) {
  .ql-bars .ql-above.ql-long { display: none; }
  .ql-bars .ql-names { font-size: .8em; letter-spacing: -.03em; gap: 2%; }  /* "10", "11", "12" stay apart */
}
</style>"""


@dataclass(frozen=True)
class Bar:
    """One bar: its chance (0 to 1), colour and pattern, the words above it, and what it shows in words."""

    value: float
    colour: str
    pattern: str
    above: str
    says: str


@dataclass(frozen=True)
class Column:
    """One name on the axis under its bars (one bar, or one a staying player); `beats` marks the first column
    past a line drawn across the chart, named `mark`."""

    name: str
    bars: tuple[Bar, ...]
    beats: bool = False
    mark: str = ""


def chart(title: str, columns: list[Column], legend: list[tuple[str, str, str]], axis_title: str, *,
          large: bool = False) -> str:
    """A bar chart as HTML: `legend` lists (name, colour, pattern); the chance axis runs from 0 to a round
    step above the largest bar."""
    top = max((bar.value for column in columns for bar in column.bars), default=0)
    step = next(s for s in (0.02, 0.05, 0.1, 0.2, 0.25) if top <= 4 * s) if top <= 1 else 0.25
    ceiling = max(step, step * -(-top // step)) if top else step
    ticks = [round(step * i, 6) for i in range(round(ceiling / step) + 1)]
    lines = "".join(f'<div class="ql-line" style="bottom: {100 * t / ceiling:.2f}%"></div>' for t in ticks[1:])
    keys = "".join(f'<span class="ql-key"><span class="ql-swatch" style="{_fill(colour, pattern)}"></span>'
                   f"{escape(name)}</span>" for name, colour, pattern in legend)
    cols = "".join(_column(column, ceiling) for column in columns)
    names = "".join(f"<span>{escape(column.name)}</span>" for column in columns)
    axis = "".join(f'<span style="bottom: {100 * t / ceiling:.2f}%">{t:.0%}</span>' for t in ticks)
    height = "16rem" if large else "13rem"
    return (f'{_CSS}<figure class="ql-bars{" ql-large" if large else ""}" role="group" '
            f'aria-label="{escape(title)}" style="--ql-height: {height}">'
            + (f'<div class="ql-legend" aria-hidden="true">{keys}</div>' if legend else "")
            + f'<div class="ql-plot"><div class="ql-axis" aria-hidden="true">{axis}</div>'
              f'<div class="ql-area">{lines}{cols}</div>'
              f'<div class="ql-names" aria-hidden="true">{names}</div>'
              f'<div class="ql-title" aria-hidden="true">{escape(axis_title)}</div></div></figure>')


def _fill(colour: str, pattern: str) -> str:
    return f"background: {_PATTERNS[pattern]}, {colour};" if pattern else f"background: {colour};"


def _column(column: Column, ceiling: float) -> str:
    bars = "".join(
        f'<div class="ql-bar" role="img" aria-label="{escape(bar.says)}" title="{escape(bar.says)}" '
        f'data-value="{bar.value!r}" style="height: {100 * bar.value / ceiling:.2f}%; '
        f'{_fill(bar.colour, bar.pattern)}">'
        + (f'<span class="ql-above{" ql-long" if len(bar.above) > 3 else ""}" aria-hidden="true">'
           f"{escape(bar.above)}</span>" if bar.above else "")
        + "</div>"
        for bar in column.bars)
    mark = f'<span class="ql-mark" aria-hidden="true">{escape(column.mark)}</span>' if column.mark else ""
    return (f'<div class="ql-col{" ql-beats" if column.beats else ""}" data-name="{escape(column.name)}">'
            f"{mark}{bars}</div>")


def next_card_title(advice: Advice, call: str) -> str:
    """The next-card chart's title: how many cards bust the hand, and with the call at 11 (`call`, in the
    tradition's word) when it can be made."""
    if advice.new_stock:  # the stock is down to its last card: the next comes from a new stock (SPEC section 3)
        title = _("Next card, from a new stock of {stock}: {chance} would bust you").format(
            stock=advice.new_stock, chance=percent(advice.bust))
    else:
        title = _("Next card: {busting} in {unseen} would bust you ({chance})").format(
            busting=advice.busting, unseen=advice.unseen, chance=percent(advice.bust))
    if advice.aluvun_callable:
        # Translators: follows the chance of busting: "; with aluvun, 12%" ({call} is the call at 11)
        title += _("; with {call}, {chance}").format(call=call, chance=percent(advice.bust_with_aluvun))
    return title


def banker_title(mine: int) -> str:
    """The banker chart's title, for a hand that counts `mine`."""
    return _("Where the banker ends: you win if he busts or ends below your {total}").format(total=mine)


def next_card_chart(advice: Advice, effects: dict[int, str], counts: dict[int, int], *, large: bool = False) -> str:
    """One bar per number: its chance to come next, coloured and patterned by what it does to the hand, with
    how many of that number are unseen above it."""
    looks = {effect: (_(name), colour, pattern) for effect, name, colour, pattern in EFFECTS}
    columns = []
    for rank in range(1, 13):
        name, colour, pattern = looks[effects[rank]]
        chance = float(advice.next_card.get(rank, 0))
        left = counts.get(rank, 0)
        if advice.new_stock:  # the chances are the new stock's, not a count of the unseen cards
            # Translators: what one bar says: "next card 7: 12%, busts you"
            says = _("next card {rank}: {chance}, {effect}").format(rank=rank, chance=percent(chance), effect=name)
            columns.append(Column(str(rank), (Bar(chance, colour, pattern, "", says),)))
            continue
        says = _("next card {rank}: {chance} ({left} in {unseen}), {effect}").format(
            rank=rank, chance=percent(chance), left=left, unseen=advice.unseen, effect=name)
        columns.append(Column(str(rank), (Bar(chance, colour, pattern, str(left) if left else "", says),)))
    legend = [(_(name), colour, pattern) for effect, name, colour, pattern in EFFECTS if effect in effects.values()]
    if advice.new_stock:
        title = _("Next card: the chance of each number, from a new stock of {stock}").format(stock=advice.new_stock)
    else:
        title = _("Next card: the chance of each number, {unseen} unseen").format(unseen=advice.unseen)
    # Translators: the title under the next-card chart's axis
    return chart(title, columns, legend, _("next card"), large=large)


def banker_chart(banker: dict, *, large: bool = False) -> str:
    """The banker's final total: grey bars, and his bust in green and dotted, as a 21 is in the next-card chart:
    the good end for the player who reads it (its column is called "bust", and the legend says so)."""
    totals = sorted(k for k in banker if k != BUST) + ([BUST] if BUST in banker else [])
    columns = [Column(_bust_name() if k == BUST else str(k), (Bar(
        float(banker[k]), TWENTY_ONE_COLOUR if k == BUST else BANKER_COLOUR, "." if k == BUST else "",
        percent(banker[k]), _banker_ends(k, percent(banker[k]))),))
        for k in totals]
    legend = [(_("he ends on this total"), BANKER_COLOUR, "")] + (
        [(_("he busts: you win"), TWENTY_ONE_COLOUR, ".")] if BUST in banker else [])
    return chart(_("Where the banker ends"), columns, legend, _("the banker's total"), large=large)


def _bust_name() -> str:
    """The banker chart's column for his bust, under the totals."""
    # Translators: the banker chart's last column, after his totals 17, 18...: he went over 21
    return _("bust")


def _banker_ends(total, chance: str) -> str:
    """What a bar of the banker chart says: 'the banker ends on 18: 12%', 'the banker busts: 30%'."""
    if total == BUST:
        return _("the banker busts: {chance}").format(chance=chance)
    return _("the banker ends on {total}: {chance}").format(total=total, chance=chance)


def open_hands_chart(totals: tuple[dict, ...], names: list[str], banker_total: int, *, large: bool = False) -> str:
    """What each staying player may hold, as the banker's model weighs it: a bar a player at each total, and a
    line after the banker's own total (a player to its right beats him; ties go to him)."""
    shown = sorted({t for hand in totals for t in hand} | {min(banker_total, 21)})
    looks = [(HAND_COLOURS[i % len(HAND_COLOURS)], HAND_PATTERNS[i % len(HAND_PATTERNS)]) for i in range(len(names))]
    first_above = next((t for t in shown if t > banker_total), None)
    columns = [Column(str(t), tuple(
        Bar(float(hand.get(t, 0)), colour, pattern, "",
            _("{name}: {total} with {chance}").format(name=name, total=t, chance=percent(hand.get(t, 0))))
        for hand, name, (colour, pattern) in zip(totals, names, looks, strict=True)),
        beats=t == first_above,
        mark=_("beats your {total}").format(total=banker_total) if t == first_above else "")
        for t in shown]
    legend = [(name, colour, pattern) for name, (colour, pattern) in zip(names, looks, strict=True)]
    return chart(_("What each staying player may hold"), columns, legend if len(names) > 1 else [],
                 _("the player's total"), large=large)
