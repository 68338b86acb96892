"""Plotly figures for a class session: how the class answered a question, shown on the projector.

The same meaning keeps the same colour everywhere (Okabe-Ito, as in the Advisor's charts, quitlok.ui.bars),
and colour is never the only cue: the right answer is dotted and carries a tick, and the band that counts as
right is named in the axis title. `large` gives the figures bigger text for the back row (projector mode): at
least LARGE_FONT pixels, whatever the screen (at 1920x1080, 24 px reads from the back of a classroom).
"""

import functools
import threading
from collections import Counter

import plotly.graph_objects as go
import streamlit as st

from quitlok.i18n import _, decimal, language
from quitlok.ui import names
from quitlok.ui.bars import TWENTY_ONE_COLOUR

#: the second cue beside the right answer's colour: a Plotly bar pattern (marker.pattern.shape), dotted as a 21 is
#: in the Advisor's charts
RIGHT_PATTERN = "."


def bar_pattern(shapes: list[str] | str) -> dict:
    """A bar pattern over the bar's own colour (which stays whole), in white or dark grey as Plotly finds
    stands out on it."""
    return {"shape": shapes, "fillmode": "overlay", "size": 8, "solidity": 0.3}


#: the text of a projected chart, in pixels, and of one on a laptop or phone
LARGE_FONT, FONT = 26, 13


def _dark() -> bool:
    return getattr(st.context.theme, "type", None) == "dark"


def _projected(fig: go.Figure) -> go.Figure:
    """Every text of a projected chart at LARGE_FONT, in the theme's full text colour: Streamlit's theme gives
    the axes' labels and titles a size and a grey of their own (15.75 px), which the figure's font does not
    reach, so the axes and notes get them too."""
    ink = "#F0F2F6" if _dark() else "#14213D"
    for axes in (fig.update_xaxes, fig.update_yaxes):
        axes(tickfont={"size": LARGE_FONT, "color": ink}, title_font={"size": LARGE_FONT, "color": ink})
    fig.update_annotations(font={"size": LARGE_FONT, "color": ink})
    return fig


RIGHT_COLOUR = TWENTY_ONE_COLOUR  # bluish green: the right answer, as a 21 is the good end of a hand
OTHER_COLOUR = "#0072B2"  # blue: the class's other answers


def class_choices_chart(options: tuple[str, ...], counts: list[int], right: int | None, *,
                        large: bool = False, voted: int | None = None) -> go.Figure:
    """How many of the class chose each option, the right one in green, dotted and ticked: "✓ B. Stay"
    (None: a vote, no right answer). `voted`: a closed vote's chart, of the options with votes and the one played
    (this index) alone, each with its words: a bet's twenty options would not fit a projected screen, and the list
    of options is gone once the vote is closed."""
    shown = [i for i in range(len(options)) if voted is None or counts[i] or i == voted]
    colours = [RIGHT_COLOUR if i == right else OTHER_COLOUR for i in shown]
    labels = [f"{chr(65 + i)}. {names.attribute(options[i])}" for i in shown]  # Plotly reads <b>, <a>
    # projected, the options are listed beside the chart: their letters alone leave room for large text
    letters = [label[0] for label in labels] if large and voted is None else labels
    ticks = [f"<b>✓ {letter}</b>" if i == right else letter for i, letter in zip(shown, letters, strict=True)]
    patterns = [RIGHT_PATTERN if i == right else "" for i in shown]
    tally = [counts[i] for i in shown]
    # Translators: after an option's letter and words, when the chart's reader hovers on the right one's bar
    right_note = _(" (the right answer)")
    fig = go.Figure(go.Bar(x=tally, y=labels, orientation="h", marker_color=colours, text=tally,
                           marker_pattern=bar_pattern(patterns),
                           customdata=[right_note if i == right else "" for i in shown],
                           textposition="auto", textangle=0,
                           hovertemplate="%{y}%{customdata}: %{x}<extra></extra>"))
    fig.update_layout(font={"size": LARGE_FONT if large else FONT},
                      height=(100 + min(52, max(30, 400 // len(shown))) * len(shown)) if large
                      else (90 + 48 * len(shown)),
                      margin={"l": 10, "r": 10, "t": 10, "b": 10}, showlegend=False,
                      # Translators: a chart's axis: how many of the class gave each answer
                      xaxis={"title": _("answers"), "dtick": 1 if max(counts, default=0) <= 10 else None},
                      yaxis={"autorange": "reversed", "tickmode": "array", "tickvals": labels, "ticktext": ticks})
    return _projected(fig) if large else fig


def class_slider_chart(responses: list[float], exact: float, tolerance: float, *, large: bool = False) -> go.Figure:
    """The class's guesses of a chance (per cent) in bands of 5, the exact chance as a line labelled with
    it, and the band that counts as right shaded (the axis title says so)."""
    fig = go.Figure(go.Histogram(x=responses, xbins={"start": 0, "end": 100.01, "size": 5},
                                 marker_color=OTHER_COLOUR, hovertemplate="%{x}: %{y}<extra></extra>"))
    fig.add_vrect(x0=max(0, exact - tolerance), x1=min(100, exact + tolerance), fillcolor=RIGHT_COLOUR,
                  opacity=0.15, line_width=0)
    fig.add_vline(x=exact, line_color=RIGHT_COLOUR, line_width=3, line_dash="dash",
                  # above the bars, on the side with room for it
                  annotation_text=_("exact: {chance}%").format(chance=decimal(exact, 1)),
                  annotation_position="top left" if exact > 50 else "top right", annotation_yanchor="bottom")
    most = max(Counter(min(int(r // 5), 19) for r in responses).values(), default=0)
    guesses, shaded = _("the class's guesses (%)"), _("shaded: counts as right")
    title = guesses + ("<br>" if large else "; ") + shaded
    fig.update_layout(font={"size": LARGE_FONT if large else FONT},
                      height=400 if large else 280, showlegend=False,
                      margin={"l": 10, "r": 10, "t": 48 if large else 30, "b": 10}, bargap=0.05,
                      xaxis={"title": title, "range": [0, 100]},
                      yaxis={"title": _("answers"), "dtick": 1 if most <= 10 else None})
    return _projected(fig) if large else fig


# --- one figure for every screen ---------------------------------------------------------------------------------
# Every phone of a class, the teacher's device and the projector show the same tally of the same question. A Plotly
# figure takes 20-70 ms of the server's one interpreter to build (st.plotly_chart then only reads it: about 1 ms),
# so thirty phones at a reveal took 0.6-2 s building thirty copies of one chart. The figures below are made once
# per tally and shared (never changed after they are made: st.plotly_chart copies a figure into its message).


def choices_chart(options: tuple[str, ...], counts: list[int], right: int | None, *, large: bool = False,
                  voted: int | None = None) -> go.Figure:
    """class_choices_chart, made once for every screen that shows this tally (do not change it: it is shared)."""
    with _making:  # one screen makes it while the others wait, rather than thirty making it at once
        return _choices(tuple(options), tuple(counts), right, large, voted, large and _dark(), language())


def slider_chart(responses: list[float], exact: float, tolerance: float, *, large: bool = False) -> go.Figure:
    """class_slider_chart, made once for every screen that shows these guesses (do not change it: it is shared)."""
    with _making:
        return _slider(tuple(sorted(responses)), exact, tolerance, large, large and _dark(), language())


_making = threading.Lock()


@functools.lru_cache(maxsize=64)
def _choices(options: tuple[str, ...], counts: tuple[int, ...], right: int | None, large: bool, voted: int | None,
             _dark_theme: bool, _language: str) -> go.Figure:
    return class_choices_chart(options, list(counts), right, large=large, voted=voted)


@functools.lru_cache(maxsize=64)
def _slider(responses: tuple[float, ...], exact: float, tolerance: float, large: bool, _dark_theme: bool,
            _language: str) -> go.Figure:
    return class_slider_chart(list(responses), exact, tolerance, large=large)
