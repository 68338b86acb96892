"""The strategy cards: each tradition's player and banker at their best, on one page (issue 27, item 5).

Every figure comes from the equilibrium shipped with the package: Kvitlach's from its strategies
(`quitlok.equilibrium.strategy_card`, read from quitlok/data by `quitlok.solve`), Quitlok's from the summary worked
out from its strategies and shipped beside them (`quitlok.equilibrium.shipped_quitlok_card`,
quitlok/data/quitlok_card.json: its tree is too large to load for a sheet). The words are
content/teachers/strategy_card.md and strategy_card_quitlok.md.
"""

from quitlok import content
from quitlok.equilibrium import (
    CHOICE_TOTALS,
    QUITLOK_TOTALS,
    QuitlokCard,
    StrategyCard,
    shipped_quitlok_card,
    strategy_card,
)
from quitlok.errors import InvalidSetup
from quitlok.i18n import _, decimal, ngettext, percent
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


def quitlok_player_rows(card: QuitlokCard) -> tuple[tuple[str, ...], ...]:
    """Quitlok's player before his bet, by total: (total, bet, blot, stay out); runs of the same words together."""
    rows: list[list] = []
    for total, bet, blot, out in card.before:
        said = (how_often(bet), how_often(blot), how_often(out))
        if rows and rows[-1][2] == said and rows[-1][1] == total - 1:
            rows[-1][1] = total
        else:
            rows.append([total, total, said])
    return tuple((str(a) if a == b else _("{low} to {high}").format(low=a, high=b), *said) for a, b, said in rows)


def quitlok_banker_rows(card: QuitlokCard) -> tuple[tuple[str, ...], ...]:
    def shown(blots: int) -> str:
        if blots >= 3:
            return _("3 blots or more")
        return ngettext("{n} blot", "{n} blots", blots).format(n=blots)

    return tuple((shown(blots), *(how_often(p) for p in chances)) for blots, chances in card.stands)


def strategy_card_pdf(paper: str = "A4", name: str = "kvitlach") -> bytes:
    """The strategy cards of the tradition `name` ("kvitlach" or "quitlok": player and banker at their best) on
    `paper`: Kvitlach's on one page, Quitlok's (with more to say: blots and bets at any time) one page a role."""
    if name == "quitlok":
        return _quitlok_pdf(paper)
    if name != "kvitlach":
        raise InvalidSetup(_("There are strategy cards for Kvitlach and Quitlok (got {got}).").format(got=repr(name)))
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


def _quitlok_pdf(paper: str) -> bytes:
    words = {key: " ".join(text.split()) for key, text in content.sections("teachers/strategy_card_quitlok").items()}
    card = shipped_quitlok_card()
    value = _("{chips} chips per 100 hands").format(chips=decimal(100 * card.value, 2, signed=True))

    def build(size: float) -> Sheet:
        pdf = Sheet(paper, title=_("Quitlok: strategy cards"), footer_text=_("Quitlok · strategy cards"), size=size)
        pdf.add_page()
        pdf.title_block(words["title"], words["subtitle"].format(value=value))
        pdf.heading(words["player"], 2)
        pdf.paragraph(words["player_before"])
        pdf.table_block(Table((_("Your total"), _("Bet"), _("Take a blot"), _("Stay out")), quitlok_player_rows(card)),
                        col_widths=(2, 3, 3, 3))
        pdf.paragraph(words["player_after"])
        pdf.table_block(Table((_("Your total"), _("Take a blot")), _runs(card.after)), col_widths=(1, 2))
        pdf.paragraph(words["player_aluvun"].format(aluvun=how_often(card.aluvun)))
        pdf.add_page()  # a card for each role: the player's, then the banker's
        pdf.title_block(words["title"], words["subtitle"].format(value=value))
        pdf.heading(words["banker"], 2)
        pdf.paragraph(words["banker_stands"])
        stands = tuple(_("Stand on {total}").format(total=t) for t in QUITLOK_TOTALS)
        pdf.table_block(Table((_("The player showed"), *stands), quitlok_banker_rows(card)),
                        col_widths=(4, 2, 2, 2, 2, 2, 2))
        pdf.paragraph(words["banker_why"])
        return pdf

    return fit(build, pages=2).bytes()
