"""The Lab page's numbers and figures: the exact edge table, a simulation's running summary, and its charts.

The same meaning keeps the same colour as on every page (Okabe-Ito): the player's own results in blue, the
banker in grey, the exact answer in bluish green (as in the class reveal). Colour is never the only cue: the
exact answer is also a dashed line, or dotted bars, and every line and bar is named in a legend or a title.
Each chart's title is Markdown for the page to show above it, as in `charts` (Plotly cannot wrap a title).
`large` gives the figures bigger text for the back row (projector mode).

A simulation of a million hands is summarised once, when it ends (`quitlok.lab.summarise`, where the run is
played, a worker process in the app): its totals, and its running average with a standard error at no more than
`POINTS` hand numbers, spaced evenly on a log scale, so a chart stays light in the browser however many hands were
played.
"""

from collections.abc import Iterable

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from quitlok import i18n
from quitlok.i18n import N_, _, decimal, percent, pgettext
from quitlok.lab import FIRST_DRAWN, LabSummary
from quitlok.ui.bars import BANKER_COLOUR, TWENTY_ONE_COLOUR
from quitlok.ui.charts import RIGHT_PATTERN, bar_pattern
from quitlok.ui.sidebar import rules_name

PLAYER_COLOUR = "#0072B2"  # Okabe-Ito blue: the player's results
BAND_COLOUR = "rgba(0, 114, 178, 0.18)"  # the same blue, see-through: two standard errors either side
EXACT_COLOUR = TWENTY_ONE_COLOUR  # bluish green: the exact answer
EXACT_PATTERN = RIGHT_PATTERN  # dotted bars, as the right answer in class (a line is dashed)


# --- words for numbers -----------------------------------------------------------------------------------


def per_hundred(edge) -> str:
    """An edge for learners: '+3.9 chips per 100 hands'."""
    return _("{chips} per 100 hands").format(chips=chips_per_hundred(edge))


def chips_per_hundred(edge) -> str:
    """An edge in the table, under the heading EDGE_HEADING: '+3.9 chips'."""
    return _chips(i18n.signed(100 * float(edge), 1))


def _chips(figure: str) -> str:
    """'+3.9 chips' for the figure '+3.9' (written as a number with its sign and places)."""
    # Translators: {figure} is a signed number of chips, "+3.9", "-0.25"
    return _("{figure} chips").format(figure=figure)


def share(p) -> str:
    """A share of hands, to one decimal, in the reader's language: '15.3%' (Czech '15,3 %')."""
    return percent(p, 1)


def chips_a_hand(x: float) -> str:
    """A simulated average: '+0.041'."""
    return i18n.decimal(x, 3, signed=True)


def exact_chips(x) -> str:
    """An exact edge, one figure more than a simulated average: '+0.0387'."""
    return i18n.decimal(x, 4, signed=True)


#: the edge column's heading: its cells are short ('+3.9 chips') so that the table fits a phone (translated where
#: shown)
EDGE_HEADING = N_("Player's edge per 100 hands")


def edge_frame(outcomes: Iterable) -> pd.DataFrame:
    """The exact edge table: one row per (rules, banker model), from `quitlok.odds.EdgeOutcomes`."""
    return pd.DataFrame([{
        _("Rules"): rules_name(o.rules),
        _("Banker stands on"): o.stands_on,
        _(EDGE_HEADING): chips_per_hundred(o.edge),
        _("Player wins"): share(o.win),
        _("Player loses"): share(o.lose),
        _("No chip played"): share(o.out),
    } for o in outcomes])


def hundredths(edge) -> str:
    """A solved game's figure, per 100 hands to two decimals (its differences are small): '+4.95 chips'."""
    return _chips(decimal(100 * float(edge), 2, signed=True))


#: the solved game's tables (quitlok.equilibrium.EdgeAtBest): short cells, so that they fit a phone (translated
#: where shown)
PLAYER_BEST_HEADING = N_("Player at his best, per 100 hands")
GIVES_AWAY_HEADING = N_("Gives away")


def banker_models_frame(solved) -> pd.DataFrame:
    """The banker at his best, then each fixed banker model: the player's best result against him."""
    banker, best, gives = _("Banker"), _(PLAYER_BEST_HEADING), _(GIVES_AWAY_HEADING)
    # Translators: a table's cell: the banker gives nothing away
    rows = [{banker: _("At his best"), best: hundredths(solved.value), gives: pgettext("gives away", "none")}]
    rows += [{banker: _("Stands on {total}").format(total=m.stands_on), best: hundredths(m.player_best),
              gives: hundredths(m.gives_away)} for m in solved.models]
    return pd.DataFrame(rows)


#: the computer styles' names, as on the Lab's controls (translated where shown)
STYLE_NAMES = {"best": N_("Best play"), "cautious": N_("Cautious"), "bold": N_("Bold")}


def styles_frame(solved) -> pd.DataFrame:
    """Each computer player style: its result per 100 hands against a banker on 17 and at his best."""
    return pd.DataFrame([{
        _("Player"): _(STYLE_NAMES[s.style]) if s.style in STYLE_NAMES else s.style,
        _("Banker on 17"): hundredths(s.against_17),
        _("Banker at his best"): hundredths(s.against_best_banker),
        _(GIVES_AWAY_HEADING): hundredths(solved.value - s.against_best_banker),
    } for s in solved.styles])


# --- figures ---------------------------------------------------------------------------------------------


def hand_ticks(hands: int) -> list[int]:
    """The hand numbers labelled on a log axis: each power of ten up to `hands`, and `hands` itself."""
    ticks = [10**k for k in range(1, 7) if 10**k < hands]
    return ticks + [hands]


def _layout(fig: go.Figure, hands: int, y_title: str, large: bool, *, legend: bool = False) -> go.Figure:
    ticks = hand_ticks(hands)
    fig.add_hline(y=0, line_color=BANKER_COLOUR, line_width=1)  # even, drawn whether or not 0 is near the data
    fig.update_layout(
        font={"size": 20 if large else 13}, height=460 if large else 340,
        # room on the right for the last label ("1,000,000"), which sits on the axis's very end
        margin={"l": 10, "r": 45, "t": 10 if not legend else 40, "b": 10},
        xaxis={"title": _("hands played (log scale)"), "type": "log", "tickvals": ticks,
               "ticktext": [f"{t:,}" for t in ticks], "range": [np.log10(FIRST_DRAWN), np.log10(hands)]},
        yaxis={"title": y_title, "zeroline": True},
        showlegend=legend, legend={"orientation": "h", "yanchor": "bottom", "y": 1.02, "x": 0, "traceorder": "normal"},
        hovermode="x unified",
    )
    return fig


def running_average_chart(s: LabSummary, exact=None, *, large: bool = False) -> go.Figure:
    """The player's running average with a band of two standard errors, and the exact edge as a line when
    `exact` is given (best play, a banker who never retires)."""
    x, mean, se = s.x.tolist(), s.mean.tolist(), s.se.tolist()  # plain numbers in the figure's JSON
    upper = [m + 2 * e for m, e in zip(mean, se, strict=True)]
    lower = [m - 2 * e for m, e in zip(mean, se, strict=True)]
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=x, y=upper, mode="lines", line={"width": 0}, showlegend=False, name="upper",
                             hoverinfo="skip"))
    fig.add_trace(go.Scatter(x=x, y=lower, mode="lines", line={"width": 0}, fill="tonexty", fillcolor=BAND_COLOUR,
                             name=_("two standard errors either side"), hoverinfo="skip", legendrank=2))
    fig.add_trace(go.Scatter(x=x, y=mean, mode="lines", line={"color": PLAYER_COLOUR, "width": 3},
                             name=_("player's average so far"), legendrank=1, hovertemplate=_after_hands()))
    if exact is not None:
        fig.add_trace(go.Scatter(x=[x[0], x[-1]], y=[float(exact)] * 2, mode="lines",
                                 line={"color": EXACT_COLOUR, "width": 3, "dash": "dash"},
                                 name=_("exact edge: {chips}").format(chips=exact_chips(exact)), hoverinfo="skip",
                                 legendrank=3))
    return _layout(fig, s.hands, _("chips a hand"), large, legend=True)


def _after_hands() -> str:
    """The running averages' hover text (a Plotly template)."""
    # Translators: a chart's hover text; keep Plotly's %{x:,} (the hands) and %{y:+.3f} (the chips) as they are
    return _("after %{x:,} hands: %{y:+.3f} chips a hand") + "<extra></extra>"


def banker_chart(s: LabSummary, *, large: bool = False) -> go.Figure:
    """The banker's running profit per hand: minus the player's running average."""
    fig = go.Figure(go.Scatter(x=s.x.tolist(), y=(-s.mean).tolist(), mode="lines",
                               line={"color": BANKER_COLOUR, "width": 3}, name=_("banker's profit so far"),
                               hovertemplate=_after_hands()))
    return _layout(fig, s.hands, _("chips a hand"), large)


#: how a hand ended for the player, as the shares chart names them (translated where shown)
SHARE_LABELS = (N_("wins his chip"), N_("loses his chip"), N_("no chip played"))


def shares_chart(s: LabSummary, exact=None, *, large: bool = False) -> go.Figure:
    """How the hands ended in this run, beside the exact chances (`EdgeOutcomes`) when they apply, dotted: bars
    across, so that the labels fit a phone."""
    labels = [_(label) for label in SHARE_LABELS]
    ran = [s.wins / s.hands, s.losses / s.hands, s.out / s.hands]
    # Translators: the simulation just run, beside the exact chances in a chart's legend
    this_run, exact_name = _("this run"), pgettext("chart legend", "exact")
    fig = go.Figure(go.Bar(y=labels, x=ran, orientation="h", name=this_run, marker_color=PLAYER_COLOUR,
                           text=[share(p) for p in ran], textposition="outside", cliponaxis=False,
                           # Translators: a chart's hover text: keep Plotly's %{y} (the outcome), %{x:.1%} (its share)
                           hovertemplate=_("this run, %{y}: %{x:.1%}") + "<extra></extra>"))
    if exact is not None:
        chances = [float(exact.win), float(exact.lose), float(exact.out)]
        fig.add_trace(go.Bar(y=labels, x=chances, orientation="h", name=exact_name, marker_color=EXACT_COLOUR,
                             marker_pattern=bar_pattern(EXACT_PATTERN),
                             text=[share(p) for p in chances], textposition="outside", cliponaxis=False,
                             hovertemplate=_("exact, %{y}: %{x:.1%}") + "<extra></extra>"))
    bars = 3 * (2 if exact is not None else 1)
    fig.update_layout(
        font={"size": 17 if large else 13}, height=(110 if large else 90) + (34 if large else 26) * bars,
        barmode="group", bargap=0.25, margin={"l": 10, "r": 50, "t": 40, "b": 10},
        xaxis={"title": _("share of hands"), "tickformat": ".0%", "range": [0, 1]},
        yaxis={"type": "category", "autorange": "reversed"}, showlegend=True,
        legend={"orientation": "h", "yanchor": "bottom", "y": 1.02, "x": 0, "traceorder": "normal"},
    )
    return fig
