"""The strategy cards: Kvitlach's player and banker at their best, on one page (issue 27, item 5).

Every figure comes from the equilibrium shipped with the package (`quitlok.equilibrium.strategy_card`, read
from quitlok/data by `quitlok.solve`); the words are content/teachers/strategy_card.md. Quitlok is not solved
yet (docs/solving.md), so there is a card for Kvitlach only.
"""

from quitlok import content
from quitlok.equilibrium import CHOICE_TOTALS, StrategyCard, strategy_card
from quitlok.i18n import _, decimal, percent
from quitlok.printing.document import Sheet, fit
from quitlok.printing.markdown import Table

#: a chance at most this far from 0 or 1 is said as "never" or "always"
SURE = 0.02


def how_often(p: float | None) -> str:
    """A chance on the card: 'always', 'never', '37% of the time' ('-' for a position never reached)."""
    if p is None:
        return "-"
    if p >= 1 - SURE:
        # Translators: how often a player or banker at his best does this: always, never, 37% of the time
        return _("always")
    if p <= SURE:
        return _("never")
    return _("{percent} of the time").format(percent=percent(p))


def _or_list(items: list) -> str:
    items = [str(i) for i in items]
    if len(items) == 1:
        return items[0]
    return _("{list} or {last}").format(list=", ".join(items[:-1]), last=items[-1])


def _runs(pairs: tuple[tuple[int, float], ...]) -> tuple[tuple[str, str], ...]:
    """(total, chance) pairs with the same words run together: ('2 to 12', 'always'), ('13', '...')."""
    rows: list[list] = []
    for total, p in pairs:
        said = how_often(p)
        if rows and rows[-1][2] == said and rows[-1][1] == total - 1:
            rows[-1][1] = total
        else:
            rows.append([total, total, said])
    # Translators: a run of totals in a table: "2 to 12"
    return tuple((str(a) if a == b else _("{low} to {high}").format(low=a, high=b), said) for a, b, said in rows)


def player_rows(card: StrategyCard) -> tuple[tuple[str, str], ...]:
    return _runs(card.draws)


def banker_rows(card: StrategyCard) -> tuple[tuple[str, ...], ...]:
    return tuple((shown, *(how_often(p) for p in chances)) for shown, chances in card.stands)


def strategy_card_pdf(paper: str = "A4") -> bytes:
    """The Kvitlach strategy cards (player and banker at their best) on one page of `paper`."""
    words = {key: " ".join(text.split()) for key, text in content.sections("teachers/strategy_card").items()}
    card = strategy_card("kvitlach")
    value = _("{chips} chips per 100 hands").format(chips=decimal(100 * card.value, 2, signed=True))
    bet = [rank for rank, p in card.bets if p >= 0.5]
    out = [rank for rank, p in card.bets if p < 0.5]

    def build(size: float) -> Sheet:
        pdf = Sheet(paper, title=_("Kvitlach: strategy cards"), footer_text=_("Quitlok · strategy cards"), size=size)
        pdf.add_page()
        pdf.title_block(words["title"], words["subtitle"].format(value=value))
        pdf.heading(words["player"], 2)
        # Translators: no first card on which the player stays out
        pdf.paragraph(words["player_bets"].format(bet=_or_list(bet), out=_or_list(out) if out else _("none")))
        pdf.paragraph(words["player_draws"])
        pdf.table_block(Table((_("Your total"), _("Take another card")), player_rows(card)), col_widths=(1, 2))
        pdf.paragraph(words["player_elvaroon"].format(elvaroon=how_often(card.elvaroon)))
        pdf.heading(words["banker"], 2)
        pdf.paragraph(words["banker_stands"])
        pdf.table_block(Table((_("The player"), *(_("Stand on {total}").format(total=t) for t in CHOICE_TOTALS)),
                              banker_rows(card)),
                        col_widths=(5, 3, 3, 3))
        pdf.paragraph(words["banker_why"])
        return pdf

    return fit(build, pages=1).bytes()
