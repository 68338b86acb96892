"""Plotly figures for the advisor: the same meaning keeps the same colour everywhere (Okabe-Ito).

Colour is never the only cue: a reader who cannot tell the colours apart reads the same meaning from a
pattern in the bar (bust crossed out, 21 and a right answer dotted, safe plain), named in the chart's legend,
and from words (the bust column is called "bust", the right option carries a tick).

Each chart's title is Markdown for the page to show above it (`next_card_title`, `banker_title`): Plotly
cannot wrap a title, and a long one was cut off in a half-width column, on a phone and in projector mode.
`large` gives the figures bigger text for the back row (projector mode).
"""

import plotly.graph_objects as go

from quitlok.odds import BUST, Advice, percent

BUST_COLOUR = "#D55E00"  # vermilion
TWENTY_ONE_COLOUR = "#009E73"  # bluish green
SAFE_COLOUR = "#56B4E9"  # sky blue
BANKER_COLOUR = "#999999"  # grey
#: the second cue beside each colour: a Plotly bar pattern (marker.pattern.shape)
BUST_PATTERN = "x"  # crossed out
TWENTY_ONE_PATTERN = "."  # dotted: the good end of a hand, and the right answer in class
SAFE_PATTERN = ""  # plain
#: the effects of a next card, in the legend's order: (effect, legend name, colour, pattern)
EFFECTS = (("bust", "busts you", BUST_COLOUR, BUST_PATTERN), ("21", "makes 21", TWENTY_ONE_COLOUR, TWENTY_ONE_PATTERN),
           ("safe", "safe", SAFE_COLOUR, SAFE_PATTERN))


def bar_pattern(shapes: list[str] | str) -> dict:
    """A bar pattern over the bar's own colour (which stays whole), in white or dark grey as Plotly finds
    stands out on it."""
    return {"shape": shapes, "fillmode": "overlay", "size": 8, "solidity": 0.3}


def _layout(fig: go.Figure, x_title: str, large: bool) -> go.Figure:
    fig.update_layout(
        font={"size": 16 if large else 12},
        height=360 if large else 300, margin={"l": 10, "r": 10, "t": 24, "b": 10},
        xaxis={"title": x_title, "type": "category"}, yaxis={"title": "chance", "tickformat": ".0%"},
        showlegend=False, bargap=0.25,
    )
    return fig


def next_card_chart(advice: Advice, effects: dict[int, str], counts: dict[int, int], *,
                    large: bool = False) -> go.Figure:
    """One bar per number: its chance to come next, coloured and patterned by what it does to the hand (the
    legend names each), with how many of that number are unseen above it."""
    colours = {effect: colour for effect, _, colour, _ in EFFECTS}
    patterns = {effect: pattern for effect, _, _, pattern in EFFECTS}
    ranks = list(range(1, 13))
    chances = [float(advice.next_card.get(r, 0)) for r in ranks]
    fig = go.Figure(go.Bar(
        x=[str(r) for r in ranks], y=chances,
        marker_color=[colours[effects[r]] for r in ranks],
        marker_pattern=bar_pattern([patterns[effects[r]] for r in ranks]),
        text=[str(counts[r]) if counts.get(r) else "" for r in ranks],
        textposition="outside", cliponaxis=False,
        customdata=[f"{counts.get(r, 0)} in {advice.unseen}, {effects[r]}" for r in ranks],
        hovertemplate="next card %{x}: %{y:.1%} (%{customdata})<extra></extra>", showlegend=False,
    ))
    for effect, name, colour, pattern in EFFECTS:  # the legend only: what each colour and pattern means
        if effect in effects.values():
            fig.add_trace(go.Bar(x=[None], y=[None], name=name, marker_color=colour,
                                 marker_pattern=bar_pattern(pattern), hoverinfo="skip", showlegend=True))
    _layout(fig, "next card", large)
    fig.update_layout(showlegend=True, legend={"orientation": "h", "yanchor": "bottom", "y": 1.0, "x": 0},
                      margin={"t": 40 if large else 34})
    return fig


def next_card_title(advice: Advice, call: str) -> str:
    """The next-card chart's title: how many cards bust the hand, and with the call at 11 (`call`, in the
    tradition's word) when it can be made."""
    title = f"Next card: {advice.busting} in {advice.unseen} would bust you ({percent(advice.bust)})"
    if advice.aluvun_callable:
        title += f"; with {call}, {percent(advice.bust_with_aluvun)}"
    return title


def banker_chart(banker: dict, *, large: bool = False) -> go.Figure:
    """The banker's final total: grey bars, bust in vermilion and crossed out (its column is called "bust")."""
    labels = sorted(k for k in banker if k != BUST) + ([BUST] if BUST in banker else [])
    fig = go.Figure(go.Bar(
        x=[str(k) for k in labels], y=[float(banker[k]) for k in labels],
        marker_color=[BUST_COLOUR if k == BUST else BANKER_COLOUR for k in labels],
        marker_pattern=bar_pattern([BUST_PATTERN if k == BUST else "" for k in labels]),
        text=[percent(banker[k]) for k in labels], textposition="outside", cliponaxis=False,
        hovertemplate="the banker ends on %{x}: %{y:.1%}<extra></extra>",
    ))
    return _layout(fig, "the banker's total", large)


def banker_title(mine: int) -> str:
    """The banker chart's title, for a hand that counts `mine`."""
    return f"Where the banker ends: you win if he busts or ends below your {mine}"


#: Okabe-Ito colours for the open hands, one each, in order (none of them means bust, 21 or the banker)
HAND_COLOURS = ("#0072B2", "#E69F00", "#CC79A7", "#56B4E9", "#F0E442", "#000000")
#: and a pattern each, so that the legend tells the hands apart without their colours (none of them is bust's)
HAND_PATTERNS = ("", "/", ".", "\\", "-", "|")


def open_hands_chart(totals: tuple[dict, ...], names: list[str], banker_total: int, *,
                     large: bool = False) -> go.Figure:
    """What each open hand may hold, as the banker's model weighs it: one bar series per hand, and a line at
    the banker's own total (a hand to its right beats him; ties go to him)."""
    fig = go.Figure()
    shown = sorted({t for hand in totals for t in hand} | {banker_total if banker_total <= 21 else 21})
    for i, (hand, name) in enumerate(zip(totals, names, strict=True)):
        fig.add_trace(go.Bar(
            x=shown, y=[float(hand.get(t, 0)) for t in shown], name=name,
            marker_color=HAND_COLOURS[i % len(HAND_COLOURS)],
            marker_pattern=bar_pattern(HAND_PATTERNS[i % len(HAND_PATTERNS)]),
            hovertemplate=f"{name}: %{{x}} with %{{y:.1%}}<extra></extra>",
        ))
    fig.add_vline(x=banker_total + 0.5, line_dash="dash", line_color=BANKER_COLOUR,
                  annotation_text=f"your {banker_total}: higher beats you", annotation_position="top left")
    fig = _layout(fig, "the player's total", large)
    # a linear axis (for the line between totals) held to the totals shown: Plotly's own range strayed below 0
    fig.update_layout(xaxis={"type": "linear", "dtick": 1, "range": [min(shown) - 0.6, max(shown) + 0.6],
                             "tickangle": 0},
                      showlegend=len(names) > 1, barmode="group", legend={"orientation": "h", "y": -0.25})
    return fig


RIGHT_COLOUR = "#009E73"  # bluish green: the right answer, as a 21 is the good end of a hand
OTHER_COLOUR = "#0072B2"  # blue: the class's other answers


def class_choices_chart(options: tuple[str, ...], counts: list[int], right: int | None, *,
                        large: bool = False) -> go.Figure:
    """How many of the class chose each option, the right one in green, dotted and ticked: "✓ B. Stay"
    (None: a vote, no right answer)."""
    colours = [RIGHT_COLOUR if i == right else OTHER_COLOUR for i in range(len(options))]
    labels = [f"{chr(65 + i)}. {option}" for i, option in enumerate(options)]
    shown = [f"<b>✓ {label}</b>" if i == right else label for i, label in enumerate(labels)]
    patterns = [TWENTY_ONE_PATTERN if i == right else "" for i in range(len(labels))]
    fig = go.Figure(go.Bar(x=counts, y=labels, orientation="h", marker_color=colours, text=counts,
                           marker_pattern=bar_pattern(patterns),
                           customdata=[" (the right answer)" if i == right else "" for i in range(len(labels))],
                           textposition="auto", hovertemplate="%{y}%{customdata}: %{x}<extra></extra>"))
    fig.update_layout(font={"size": 18 if large else 13}, height=90 + 48 * len(options),
                      margin={"l": 10, "r": 10, "t": 10, "b": 10}, showlegend=False,
                      xaxis={"title": "answers", "dtick": 1 if max(counts, default=0) <= 10 else None},
                      yaxis={"autorange": "reversed", "tickmode": "array", "tickvals": labels, "ticktext": shown})
    return fig


def class_slider_chart(responses: list[float], exact: float, tolerance: float, *, large: bool = False) -> go.Figure:
    """The class's guesses of a chance (per cent) in bands of 5, the exact chance as a line labelled with
    it, and the band that counts as right shaded (the axis title says so)."""
    fig = go.Figure(go.Histogram(x=responses, xbins={"start": 0, "end": 100.01, "size": 5},
                                 marker_color=OTHER_COLOUR, hovertemplate="%{x}: %{y}<extra></extra>"))
    fig.add_vrect(x0=max(0, exact - tolerance), x1=min(100, exact + tolerance), fillcolor=RIGHT_COLOUR,
                  opacity=0.15, line_width=0)
    fig.add_vline(x=exact, line_color=RIGHT_COLOUR, line_width=3, line_dash="dash",
                  annotation_text=f"exact: {exact:.1f}%", annotation_position="top")
    fig.update_layout(font={"size": 18 if large else 13}, height=340 if large else 280, showlegend=False,
                      margin={"l": 10, "r": 10, "t": 30, "b": 10}, bargap=0.05,
                      xaxis={"title": "the class's guesses (%); shaded: counts as right", "range": [0, 100]},
                      yaxis={"title": "answers"})
    return fig
