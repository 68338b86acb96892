"""Plotly figures for the advisor: the same meaning keeps the same colour everywhere (Okabe-Ito)."""

import plotly.graph_objects as go

from quitlok.odds import BUST, Advice, percent

BUST_COLOUR = "#D55E00"  # vermilion
TWENTY_ONE_COLOUR = "#009E73"  # bluish green
SAFE_COLOUR = "#56B4E9"  # sky blue
BANKER_COLOUR = "#999999"  # grey


def _layout(fig: go.Figure, title: str, x_title: str) -> go.Figure:
    fig.update_layout(
        title={"text": title, "font": {"size": 16}}, height=330, margin={"l": 10, "r": 10, "t": 50, "b": 10},
        xaxis={"title": x_title, "type": "category"}, yaxis={"title": "chance", "tickformat": ".0%"},
        showlegend=False, bargap=0.25,
    )
    return fig


def next_card_chart(advice: Advice, effects: dict[int, str], counts: dict[int, int]) -> go.Figure:
    """One bar per number: its chance to come next, coloured by what it does to the hand."""
    colours = {"bust": BUST_COLOUR, "21": TWENTY_ONE_COLOUR, "safe": SAFE_COLOUR}
    ranks = list(range(1, 13))
    chances = [float(advice.next_card.get(r, 0)) for r in ranks]
    fig = go.Figure(go.Bar(
        x=[str(r) for r in ranks], y=chances,
        marker_color=[colours[effects[r]] for r in ranks],
        text=[f"{counts.get(r, 0)} in {advice.unseen}" if counts.get(r) else "" for r in ranks],
        textposition="outside", cliponaxis=False,
        customdata=[effects[r] for r in ranks],
        hovertemplate="next card %{x}: %{y:.1%} (%{customdata})<extra></extra>",
    ))
    title = f"Next card: bust {advice.busting} in {advice.unseen} ({percent(advice.bust)})"
    if advice.aluvun_callable:
        title += f"; with aluvun {percent(advice.bust_with_aluvun)}"
    return _layout(fig, title, "next card")


def banker_chart(banker: dict, mine: int) -> go.Figure:
    """The banker's final total: grey bars, bust in vermilion."""
    labels = sorted(k for k in banker if k != BUST) + ([BUST] if BUST in banker else [])
    fig = go.Figure(go.Bar(
        x=[str(k) for k in labels], y=[float(banker[k]) for k in labels],
        marker_color=[BUST_COLOUR if k == BUST else BANKER_COLOUR for k in labels],
        text=[percent(banker[k]) for k in labels], textposition="outside", cliponaxis=False,
        hovertemplate="banker ends on %{x}: %{y:.1%}<extra></extra>",
    ))
    return _layout(fig, f"Where the banker ends (you win if he busts or ends below your {mine})", "banker's total")
