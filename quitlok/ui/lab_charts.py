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

from quitlok.lab import FIRST_DRAWN, LabSummary
from quitlok.ui.bars import BANKER_COLOUR, TWENTY_ONE_COLOUR
from quitlok.ui.charts import RIGHT_PATTERN, bar_pattern

PLAYER_COLOUR = "#0072B2"  # Okabe-Ito blue: the player's results
BAND_COLOUR = "rgba(0, 114, 178, 0.18)"  # the same blue, see-through: two standard errors either side
EXACT_COLOUR = TWENTY_ONE_COLOUR  # bluish green: the exact answer
EXACT_PATTERN = RIGHT_PATTERN  # dotted bars, as the right answer in class (a line is dashed)


# --- words for numbers -----------------------------------------------------------------------------------


def per_hundred(edge) -> str:
    """An edge for learners: '+3.9 chips per 100 hands'."""
    return f"{chips_per_hundred(edge)} per 100 hands"


def chips_per_hundred(edge) -> str:
    """An edge in the table, under the heading EDGE_HEADING: '+3.9 chips'."""
    return f"{100 * float(edge):+.1f} chips"


def share(p) -> str:
    """A share of hands, to one decimal: '15.3%'."""
    return f"{100 * float(p):.1f}%"


def chips_a_hand(x: float) -> str:
    """A simulated average: '+0.041'."""
    return f"{x:+.3f}"


def exact_chips(x) -> str:
    """An exact edge, one figure more than a simulated average: '+0.0387'."""
    return f"{float(x):+.4f}"


#: the edge column's heading: its cells are short ('+3.9 chips') so that the table fits a phone
EDGE_HEADING = "Player's edge per 100 hands"


def edge_frame(outcomes: Iterable) -> pd.DataFrame:
    """The exact edge table: one row per (rules, banker model), from `quitlok.odds.EdgeOutcomes`."""
    return pd.DataFrame([{
        "Rules": o.rules.name,
        "Banker stands on": o.stands_on,
        EDGE_HEADING: chips_per_hundred(o.edge),
        "Player wins": share(o.win),
        "Player loses": share(o.lose),
        "No chip played": share(o.out),
    } for o in outcomes])


def hundredths(edge) -> str:
    """A solved game's figure, per 100 hands to two decimals (its differences are small): '+4.95 chips'."""
    return f"{100 * float(edge):+.2f} chips"


#: the solved game's tables (quitlok.equilibrium.EdgeAtBest): short cells, so that they fit a phone
PLAYER_BEST_HEADING = "Player at his best, per 100 hands"
GIVES_AWAY_HEADING = "Gives away"


def banker_models_frame(solved) -> pd.DataFrame:
    """The banker at his best, then each fixed banker model: the player's best result against him."""
    rows = [{"Banker": "At his best", PLAYER_BEST_HEADING: hundredths(solved.value), GIVES_AWAY_HEADING: "none"}]
    rows += [{"Banker": f"Stands on {m.stands_on}", PLAYER_BEST_HEADING: hundredths(m.player_best),
              GIVES_AWAY_HEADING: hundredths(m.gives_away)} for m in solved.models]
    return pd.DataFrame(rows)


#: the computer styles' names, as on the Lab's controls
STYLE_NAMES = {"best": "Best play", "cautious": "Cautious", "bold": "Bold"}


def styles_frame(solved) -> pd.DataFrame:
    """Each computer player style: its result per 100 hands against a banker on 17 and at his best."""
    return pd.DataFrame([{
        "Player": STYLE_NAMES.get(s.style, s.style),
        "Banker on 17": hundredths(s.against_17),
        "Banker at his best": hundredths(s.against_best_banker),
        GIVES_AWAY_HEADING: hundredths(solved.value - s.against_best_banker),
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
        xaxis={"title": "hands played (log scale)", "type": "log", "tickvals": ticks,
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
                             name="two standard errors either side", hoverinfo="skip", legendrank=2))
    fig.add_trace(go.Scatter(x=x, y=mean, mode="lines", line={"color": PLAYER_COLOUR, "width": 3},
                             name="player's average so far", legendrank=1,
                             hovertemplate="after %{x:,} hands: %{y:+.3f} chips a hand<extra></extra>"))
    if exact is not None:
        fig.add_trace(go.Scatter(x=[x[0], x[-1]], y=[float(exact)] * 2, mode="lines",
                                 line={"color": EXACT_COLOUR, "width": 3, "dash": "dash"},
                                 name=f"exact edge: {exact_chips(exact)}", hoverinfo="skip", legendrank=3))
    return _layout(fig, s.hands, "chips a hand", large, legend=True)


def banker_chart(s: LabSummary, *, large: bool = False) -> go.Figure:
    """The banker's running profit per hand: minus the player's running average."""
    fig = go.Figure(go.Scatter(x=s.x.tolist(), y=(-s.mean).tolist(), mode="lines",
                               line={"color": BANKER_COLOUR, "width": 3}, name="banker's profit so far",
                               hovertemplate="after %{x:,} hands: %{y:+.3f} chips a hand<extra></extra>"))
    return _layout(fig, s.hands, "chips a hand", large)


SHARE_LABELS = ("wins his chip", "loses his chip", "no chip played")


def shares_chart(s: LabSummary, exact=None, *, large: bool = False) -> go.Figure:
    """How the hands ended in this run, beside the exact chances (`EdgeOutcomes`) when they apply, dotted: bars
    across, so that the labels fit a phone."""
    labels = list(SHARE_LABELS)
    ran = [s.wins / s.hands, s.losses / s.hands, s.out / s.hands]
    fig = go.Figure(go.Bar(y=labels, x=ran, orientation="h", name="this run", marker_color=PLAYER_COLOUR,
                           text=[share(p) for p in ran], textposition="outside", cliponaxis=False,
                           hovertemplate="this run, %{y}: %{x:.1%}<extra></extra>"))
    if exact is not None:
        chances = [float(exact.win), float(exact.lose), float(exact.out)]
        fig.add_trace(go.Bar(y=labels, x=chances, orientation="h", name="exact", marker_color=EXACT_COLOUR,
                             marker_pattern=bar_pattern(EXACT_PATTERN),
                             text=[share(p) for p in chances], textposition="outside", cliponaxis=False,
                             hovertemplate="exact, %{y}: %{x:.1%}<extra></extra>"))
    bars = 3 * (2 if exact is not None else 1)
    fig.update_layout(
        font={"size": 17 if large else 13}, height=(110 if large else 90) + (34 if large else 26) * bars,
        barmode="group", bargap=0.25, margin={"l": 10, "r": 50, "t": 40, "b": 10},
        xaxis={"title": "share of hands", "tickformat": ".0%", "range": [0, 1]},
        yaxis={"type": "category", "autorange": "reversed"}, showlegend=True,
        legend={"orientation": "h", "yanchor": "bottom", "y": 1.02, "x": 0, "traceorder": "normal"},
    )
    return fig
