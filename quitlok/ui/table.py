"""The card table on screen, shared by the practice table and the lessons.

Every piece takes a PracticeTable (the game, the learner's seat, the computer
players) and a key prefix, and reports the learner's decisions through a
callback, so each page keeps its own session state.

The seats are drawn with our own HTML (as the cards are): a ring seen from above,
so that clockwise order, the banker's left and right and the direction of this
hand can be seen at a glance; on a phone the ring becomes one column that starts
at the banker.
"""

import re
from collections.abc import Callable
from html import escape

import streamlit as st

from quitlok import ui
from quitlok.actions import Action, Aluvun, Bet, Blot, Draw, Keep, KeepBank, Reject, Retire, StakeBank, Stand, Stay
from quitlok.events import Event, HandDealt
from quitlok.game import BANKER, PROTECTED, RETIRE, STAKE, SeatStatus, State, action_label, legal_actions, seat_name
from quitlok.i18n import _, ngettext, number, pgettext
from quitlok.narration import YOU, hand_title, ordinal, sentence, status_line
from quitlok.narration import hand_over_words as narrated_hand_over
from quitlok.practice import PracticeTable
from quitlok.rules import call_word
from quitlok.ui import names as as_text
from quitlok.ui.cards import hand_html

#: earlier hands shown each in an expander of its own in the log; older ones share one
RECENT_HANDS = 8


def help_text(key: str) -> str:
    """A short explanation from content/play/help.md, each paragraph on one line (so that it can join other
    lines, as in the captions under the buttons)."""
    return re.sub(r"(?<!\n)\n(?!\n)", " ", ui.content_sections("play/help")[key])


def max_bet_note(s: State) -> str:
    """'maximum bet: 2 chips' when the table agreed one, else ''."""
    if s.max_bet is None:
        return ""
    return ngettext("maximum bet: {n} chip", "maximum bet: {n} chips", s.max_bet).format(n=s.max_bet)


def max_bet_sentence(s: State) -> str:
    """' The maximum bet: 2 chips.' (with its leading space) when the table agreed one, else ''."""
    if s.max_bet is None:
        return ""
    return " " + ngettext("The maximum bet: {n} chip.", "The maximum bet: {n} chips.", s.max_bet).format(n=s.max_bet)


# --- the top bar -------------------------------------------------------------------------

def top_bar(table: PracticeTable) -> None:
    """The numbers of the table (bank, open stakes, hand, stock), who banks, the direction, the cards under
    the stock: one element (top_bar_html)."""
    st.html(top_bar_html(table))


def top_bar_html(table: PracticeTable) -> str:
    """The top bar as HTML: one element where Streamlit's metrics, Markdown and captions made ten. Each element a
    run draws costs the browser a little (a pass over the page per element; benchmarks/bench_clicks.py)."""
    s = table.state
    numbers = "".join(  # each label with its units, so that a value is never cut off; what it means on hover
        f'<div class="ql-number" title="{escape(meaning)}"><dt>{escape(label)}</dt><dd>{value}</dd></div>'
        for label, value, meaning in (
            (_("Bank (chips)"), s.bank, _("What the banker has at stake; every bet must be covered by it")),
            (_("Open stakes"), s.open_stakes, _("Chips bet and waiting for the banker; the bank covers them")),
            # Translators: the number of the hand dealt by the present banker (1, 2, 3...)
            (pgettext("top bar", "Hand"), s.hand_number or "–", _("Hands dealt by this banker")),
            (_("Stock (cards)"), len(s.stock), _("Face-down cards left to deal"))))
    if s.banker == table.human:
        banker = _("You bank.")
    else:
        banker = _("{name} banks.").format(name=f"<b>{as_text.html(seat_name(s.players[s.banker]))}</b>")
    if s.direction == 1:
        way = _("<b>↻ Clockwise</b> this hand: play goes round to the banker's left.")
    else:
        way = _("<b>↺ Anticlockwise</b> this hand: play goes round to the banker's right.")
    line = f"{banker} {way}{escape(max_bet_sentence(s))}"
    under = ""
    if s.under:
        shown = s.under[-UNDER_SHOWN:]
        cards = hand_html(shown, (True,) * len(shown), mine=False, size=ui.card_size(small=True))
        words = _("Face up under the stock: {cards}").format(cards=under_words(len(s.under)))
        under = (f'<p class="ql-under-words">{words}</p>'
                 f'<div class="ql-under-row">{cards}</div>')
    return (f'{_TOP_BAR_CSS}<div class="ql-top-bar"><dl class="ql-numbers">{numbers}</dl>'
            f'<p class="ql-way-line">{line}</p>{under}</div>')


#: the most cards under the stock the top bar draws (the latest), and on a phone (_TOP_BAR_CSS hides the others)
UNDER_SHOWN, UNDER_SHOWN_ON_PHONES = 14, 6


def under_words(n: int) -> str:
    """How many cards lie face up under the stock, and how many of them the top bar draws: '18 cards, the latest
    14 shown (newest on the right)'. A phone draws fewer, and its own words say how many (ql-phone-only)."""
    def latest(shown: int) -> str:
        # Translators: follows "18 cards" under the stock: only the latest cards are drawn
        return _(", the latest {shown} shown").format(shown=shown) if n > shown else ""
    wide, phone = latest(UNDER_SHOWN), latest(UNDER_SHOWN_ON_PHONES)
    if wide != phone:
        wide = f'<span class="ql-wide-only">{wide}</span><span class="ql-phone-only">{phone}</span>'
    # Translators: the cards under the stock are drawn in a row, the newest at the end of the row
    newest = _(" (newest on the right)") if n > 1 else ""
    count = ngettext("{n} card", "{n} cards", n).format(n=n)
    return f"{count}{wide}{newest}"


#: the four numbers in a row (two by two on a phone), drawn as Streamlit draws its metrics
_TOP_BAR_CSS = """<style>
.ql-numbers { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 8px 16px; margin: 0 0 .6rem 0; }
.ql-top-bar dl.ql-numbers { padding: 0; }  /* Streamlit indents lists */
.ql-number dt { font-size: .875rem; font-weight: 400; opacity: .85; }
.ql-number dd { font-size: 2.25rem; line-height: 1.2; margin: 0; }
.ql-way-line { margin: 0 0 .5rem 0; }
.ql-under-words { font-size: .875rem; opacity: .85; margin: 0 0 .25rem 0; }
.ql-phone-only { display: none; }
@media (max-width: 640px) {
  .ql-phone-only { display: inline; }
  .ql-wide-only { display: none; }
  .ql-numbers { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .ql-under-row img:nth-last-child(n+PHONE) { display: none; }  /* as under_words says */
}
</style>""".replace("PHONE", str(UNDER_SHOWN_ON_PHONES + 1))


# --- the seats, round the table ------------------------------------------------------------


def seat_roles(s: State) -> dict[int, list[str]]:
    """Where each seat sits for this hand, in words: the banker's left and right neighbours, the next banker
    (the bank passes to the right), and the order of play ('plays 1st')."""
    n, b = len(s.players), s.banker
    roles: dict[int, list[str]] = {seat: [] for seat in range(n)}
    left, right = (b + 1) % n, (b - 1) % n
    # Translators: where a seat sits: at the banker's left hand (these are joined with " · ")
    roles[left].append(_("banker's left"))
    if right != left:
        roles[right].append(_("banker's right"))
    order = [(b + s.direction * k) % n for k in range(1, n)]
    players = [seat for seat in order if not s.seat_status[seat].sitting_out]
    for place, seat in enumerate(players, start=1):
        # Translators: the order of play: "plays 1st", "plays 2nd" ({ordinal} is the ordinal number)
        roles[seat].append(_("plays {ordinal}").format(ordinal=ordinal(place)))
    if s.players and n > 1:
        roles[b].append(_("plays last"))
    return roles


def _ring_places(n: int, human: int) -> dict[int, tuple[int, int, int]]:
    """Each seat's place on the ring seen from above: (row, first half-column, position clockwise).

    Clockwise runs left to right along the top row and right to left along the bottom row, as round a
    table seen from above; the learner sits in the middle of the bottom row, nearest the buttons. A row of
    k seats in a ring W seats wide starts W - k half-columns in, so the shorter row is centred."""
    top, bottom = n // 2, n - n // 2
    width = max(top, bottom)
    mine = top + bottom // 2  # the learner's position clockwise from the top row's left end
    places = {}
    for position in range(n):
        seat = (human + position - mine) % n
        if position < top:
            places[seat] = (1, width - top + 2 * position + 1, position)
        else:
            k = bottom - 1 - (position - top)  # the bottom row runs right to left
            places[seat] = (3, width - bottom + 2 * k + 1, position)
    return places


#: a seat's status by its kind (quitlok.game.SeatStatus), for its colour and icon: the colour (Okabe-Ito, as in the
#: charts: bust vermilion, 21 bluish green, safe sky blue, the banker grey) is never alone: an icon beside it, and
#: the status's own words
_STATUS_KINDS = {
    "bust": ("bust", "✗"),
    "21": ("twenty-one", "★"),
    "stayed": ("stayed", "■"),
    "won": ("won", "▲"),
    "lost": ("lost", "▼"),
    "banker": ("banker", "◆"),
    "playing": ("playing", "▶"),
}


def status_kind(status: SeatStatus) -> tuple[str, str]:
    """A seat's status as (kind, icon): ('bust', '✗') for a player who went bust, or a banker whose first
    settlement found him bust; ('', '') for one without a colour (waiting, threw in, sitting out)."""
    if status.kind == "banker" and status.results and status.results[0] is None:
        return _STATUS_KINDS["bust"]
    return _STATUS_KINDS.get(status.kind, ("", ""))


def status_html(status: SeatStatus, css: str) -> str:
    """A seat's status in words (quitlok.narration.status_line), with the icon and the colour of its kind (the
    icon is not read out: the words say the same)."""
    kind, icon = status_kind(status)
    mark = f'<span class="ql-st-icon" aria-hidden="true">{icon}</span> ' if icon else ""
    return f'<div class="{css} ql-st{f" ql-st-{kind}" if kind else ""}">{mark}{escape(status_line(status))}</div>'


#: the colours of the statuses, shared by the seats and the hand-over panel: a bar on the left and the icon
_STATUS_CSS = """
.ql-st-bust, .ql-st-twenty-one, .ql-st-stayed, .ql-st-banker { border-left: 4px solid; padding-left: 6px; }
.ql-st-bust { border-color: #D55E00; } .ql-st-bust .ql-st-icon { color: #D55E00; }
.ql-st-twenty-one { border-color: #009E73; } .ql-st-twenty-one .ql-st-icon { color: #009E73; }
.ql-st-stayed { border-color: #56B4E9; } .ql-st-stayed .ql-st-icon { color: #56B4E9; }
.ql-st-banker { border-color: #999999; } .ql-st-banker .ql-st-icon { color: #999999; }
.ql-st-icon { font-style: normal; font-weight: 700; }
"""


#: the status of a banker who has not played yet
_BANKER = SeatStatus("banker")


def seat_notes(status: SeatStatus, last: SeatStatus, hand_ended: bool, cards: int
               ) -> tuple[SeatStatus | None, SeatStatus | None]:
    """What a seat's box tells under its cards: its status (None for none, and for a banker who has not played:
    his badge says it), and how the last hand ended for it (None but while it waits for this hand with at most
    one card: while the hand-over panel shows, that says it)."""
    shown = status if status.kind and status != _BANKER else None
    waiting = status.kind in ("waiting", "playing") or status == _BANKER
    recalled = last if last.kind and not hand_ended and waiting and cards <= 1 else None
    return shown, recalled


def _badge(css: str, words: str) -> str:
    """A badge on a seat's box (the words already in the reader's language)."""
    return f'<span class="ql-badge {css}">{escape(words)}</span>'


def you_name() -> str:
    """The learner's own seat, where a name stands (the seat's box, the hand-over panel): 'You'."""
    # Translators: stands where a player's name would, for the reader's own seat
    return pgettext("seat name", "You")


def _seat_html(table: PracticeTable, seat: int, roles: list[str], size: int) -> str:
    """One seat's box: name and badges, where it sits, purse and stake, cards, status, and what a computer
    player does, by its numbers."""
    s = table.state
    me = seat == table.human
    badges = []
    if seat == s.banker:
        # Translators: a badge on a seat's box
        badges.append(_badge("ql-b-banker", pgettext("badge", "banker")))
    if seat == s.to_act:
        badges.append(_badge("ql-b-act", pgettext("badge", "to act")))
    if me:
        badges.append(_badge("ql-b-you", pgettext("badge", "your seat")))
    name = you_name() if me else as_text.html(seat_name(s.players[seat]))
    if s.stakes[seat]:
        money = _("purse <b>{purse}</b> · stake <b>{stake}</b>").format(purse=s.purses[seat], stake=s.stakes[seat])
    else:
        money = _("purse <b>{purse}</b>").format(purse=s.purses[seat])
    parts = [
        f'<div class="ql-seat-head"><span class="ql-name">{name}</span> {" ".join(badges)}</div>',
        f'<div class="ql-where">{escape(" · ".join(roles))}</div>' if roles else "",
        f'<div class="ql-money">{money}</div>',
        _cards_html(s, seat, me=me, size=size if me else round(size * 0.75)),
    ]
    status, last = seat_notes(s.seat_status[seat], s.last_status[seat], table.hand_ended, len(s.hands[seat]))
    if status is not None:
        parts.append(status_html(status, "ql-status"))
    if last is not None:
        words = escape(_("last hand: {status}").format(status=status_line(last)))
        parts.append(f'<div class="ql-last">{words}</div>')
    if not me and seat in table.players:
        parts.append(f'<div class="ql-style">{escape(table.players[seat].describe(s.rules))}</div>')
    return "".join(parts)


def _cards_html(s: State, seat: int, *, me: bool, size: int) -> str:
    """A seat's cards; once it has thrown them in this hand (a bust, a 21, a hand given up), the cards it threw in,
    face up under the stock for everyone to see, rather than "no cards"."""
    owner = None if me else seat_name(s.players[seat])
    if s.hands[seat] or not s.thrown[seat]:
        return hand_html(s.hands[seat], s.face_up[seat], mine=me, shared=ui.projector(), size=size, owner=owner)
    thrown = s.thrown[seat]
    # Translators: under a seat's cards once it has thrown them in (they lie face up under the stock)
    words = escape(_("thrown in, face up"))
    cards = hand_html(thrown, (True,) * len(thrown), mine=me, size=round(size * 0.8), owner=owner)
    return f'<div class="ql-thrown">{cards}<div class="ql-thrown-words">{words}</div></div>'


def the_table(table: PracticeTable) -> None:
    """Every seat round the table, the learner's highlighted, with the direction of this hand along the
    ring; one column from the banker on a narrow screen (ring_html)."""
    st.html(ring_html(table))


def whole_table(table: PracticeTable, *, with_hand_over: bool = True) -> None:
    """The top bar, how the last hand ended (when one just did: hand_over_html) and the seats round the
    table, drawn as one element: a move at the table redraws one element here, where it once drew a dozen."""
    st.html(whole_table_html(table, with_hand_over=with_hand_over))


def whole_table_html(table: PracticeTable, *, with_hand_over: bool = True, then: str = "") -> str:
    """whole_table's HTML, with `then` (more HTML: the learner's cards for phones, say) inside it, last."""
    return ('<div class="ql-whole"><style>.ql-whole > div:not(:first-of-type) { margin-top: 1rem; }</style>'
            + top_bar_html(table) + (hand_over_html(table) if with_hand_over else "") + ring_html(table) + then
            + "</div>")


def ring_html(table: PracticeTable) -> str:
    """The seats round the table as HTML (see the_table)."""
    s = table.state
    n = len(s.players)
    roles = seat_roles(s)
    places = _ring_places(n, table.human)
    width = max(n // 2, n - n // 2)
    clockwise = s.direction == 1
    size = ui.card_size()
    boxes = []
    for seat in range(n):
        row, column, position = places[seat]
        in_row = [p for p in places.values() if p[0] == row]
        last_in_row = column == max(p[1] for p in in_row)
        arrow = ""
        if not last_in_row:  # the arrow to the next seat on the right, in this hand's direction
            arrow = "→" if (row == 1) == clockwise else "←"
        order = (seat - s.banker) % n  # on a phone: from the banker, clockwise
        classes = ["ql-seat"] + (["ql-me"] if seat == table.human else []) + (
            ["ql-acting"] if seat == s.to_act else []) + (["ql-tail"] if order == n - 1 else [])
        boxes.append(
            f'<div class="{" ".join(classes)}" data-arrow="{arrow}" style="grid-row: {row}; '
            f'grid-column: {column} / span 2; order: {order + 1};">{_seat_html(table, seat, roles[seat], size)}</div>'
        )
    ends = ("↑", "↓") if clockwise else ("↓", "↑")
    way = _("<b>↻ clockwise</b> this hand") if clockwise else _("<b>↺ anticlockwise</b> this hand")
    heir = next((seat for seat in ((s.banker - k) % n for k in range(1, n)) if s.purses[seat] > 0), None)
    if heir == table.human:
        way += " · " + _("when the bank passes, it goes to the right: to you")
    elif heir is not None:
        way += " · " + _("when the bank passes, it goes to the right: to {name}").format(
            name=as_text.html(seat_name(s.players[heir])))
    felt = (f'<div class="ql-felt" style="grid-row: 2; grid-column: 1 / span {2 * width}; order: 0;">'
            f'<span class="ql-end">{ends[0]}</span><span class="ql-way">{way}</span>'
            f'<span class="ql-end">{ends[1]}</span></div>')
    down = "↓" if clockwise else "↑"
    seats_label = escape(_("The seats round the table"))
    return (_TABLE_CSS.replace("DOWN", down)
            + f'<div class="ql-ring" style="grid-template-columns: repeat({2 * width}, minmax(0, 1fr));" '
              f'role="group" aria-label="{seats_label}">' + felt + "".join(boxes) + "</div>")


_TABLE_CSS = """<style>""" + _STATUS_CSS + """
.ql-ring { display: grid; gap: 14px 26px; align-items: stretch; }
.ql-seat { position: relative; border: 1px solid rgba(128, 128, 128, .4); border-radius: 10px; padding: 6px 10px;
  min-width: 0; }
.ql-seat.ql-me { border: 3px solid #C9A227; background: rgba(201, 162, 39, .10); }
.ql-seat.ql-acting { box-shadow: 0 0 0 3px rgba(31, 78, 153, .55); }
.ql-seat::after { content: attr(data-arrow); position: absolute; right: -22px; top: 40%; font-size: 1.3em;
  font-weight: 700; color: #C9A227; }
.ql-seat-head { display: flex; flex-wrap: wrap; gap: 4px; align-items: baseline; }
.ql-name { font-weight: 700; font-size: 1.1em; }
.ql-badge { font-size: .75em; border-radius: 6px; padding: 0 6px; white-space: nowrap; }
.ql-b-banker { background: rgba(230, 159, 0, .25); }
.ql-b-act { background: rgba(31, 78, 153, .25); }
.ql-b-you { background: rgba(0, 158, 115, .25); }
.ql-where, .ql-style, .ql-last { font-size: .8em; opacity: .8; }
.ql-money { font-size: .9em; margin: 2px 0 4px 0; }
.ql-status { font-size: .9em; font-style: italic; margin-top: 2px; }
.ql-felt { display: flex; justify-content: space-between; align-items: center; gap: 8px; padding: 6px 10px;
  border-radius: 40px; background: rgba(0, 120, 90, .16); border: 1px dashed rgba(0, 120, 90, .5); }
.ql-way { text-align: center; font-size: .95em; }
.ql-end { font-size: 1.4em; font-weight: 700; color: #C9A227; }
@media (max-width: 640px) {
  .ql-ring { display: flex; flex-direction: column; gap: 16px; }
  .ql-felt { border-radius: 10px; }
  .ql-end { display: none; }
  .ql-seat::after { content: "DOWN"; right: auto; top: auto; left: 50%; bottom: -19px; font-size: 1em; }
  .ql-seat.ql-tail::after { content: none; }
  .ql-seat:not(.ql-me) img.ql-card { width: 40px; height: auto; }
}
</style>"""


# --- the learner's decision ----------------------------------------------------------------


def action_help(action: Action, table: PracticeTable) -> str:
    """What an action does, here and now (a blot's risk depends on the stake; the bet names its maximum)."""
    s, me = table.state, table.human
    if isinstance(action, Bet):
        text = help_text("raise" if s.rules.bet_first and s.aluvun_called else
                         "bet_first" if s.rules.bet_first else "bet").format(word=s.rules.aluvun_word)
        return text + max_bet_sentence(s)
    if isinstance(action, Blot):
        return help_text("blot_stake").format(stake=s.stakes[me]) if s.stakes[me] else help_text("blot_no_stake")
    if isinstance(action, Stay):
        return help_text("stay_stake") if s.stakes[me] else help_text("stay_no_stake")
    if isinstance(action, Draw):
        return help_text("banker_draw") if s.phase == BANKER else help_text("draw")
    if isinstance(action, Aluvun):
        return help_text("aluvun").format(word=call_word(s.rules.aluvun_word))  # the call in the reader's words
    keys = {Reject: "reject", Keep: "keep", Stand: "banker_stand", Retire: "retire", KeepBank: "keep_bank",
            StakeBank: "stake_bank"}
    return help_text(keys[type(action)])


def hand_for_phones(table: PracticeTable) -> None:
    """On a phone the seats stand in one long column, and the learner's own seat may be far above the
    buttons: the learner's cards are shown again in the moves' bar (quitlok.ui.move_bar), so that both are on
    screen together. Wider screens hide this row (the ring shows the cards beside the buttons), and so do screen
    readers there."""
    s, me = table.state, table.human
    if not s.hands[me]:
        return
    with st.container(key="ql-phone-hand"):
        st.html(_PHONE_HAND_CSS + _phone_hand_row(table))


def phone_hand_html(table: PracticeTable) -> str:
    """hand_for_phones as HTML to put inside another element (whole_table_html's `then`), for a page that draws
    the table and the learner's cards for phones as one element: hidden on wider screens, as the row is."""
    if not table.state.hands[table.human]:
        return ""
    return _PHONE_HAND_CSS + f'<div class="ql-phone-only-hand">{_phone_hand_row(table)}</div>'


def _phone_hand_row(table: PracticeTable) -> str:
    s, me = table.state, table.human
    mine = escape(_("Your cards"))
    # their total beside them (a 12 that counts as 9 already counted so), so that a phone need not scroll up for it
    return (f'<div class="ql-phone-hand"><span>{mine}</span>'
            f'{hand_html(s.hands[me], s.face_up[me], mine=True, size=ui.card_size(small=True))}'
            f'<span class="ql-phone-total">= {number(s.value(me))}</span></div>')


_PHONE_HAND_CSS = """<style>
.st-key-ql-phone-hand, .ql-phone-only-hand, .ql-phone-only-over { display: none; }
@media (max-width: 640px), (max-height: 500px) {  /* a phone either way */
  .st-key-ql-phone-hand, .ql-whole > .ql-phone-only-hand { display: flex; }
  .ql-phone-only-over { display: block; border-inline-start: 4px solid #C9A227; padding-inline-start: .6rem; }
}
.ql-phone-hand { display: flex; align-items: center; gap: 10px; font-weight: 600; }
.ql-phone-total { font-size: 1.25rem; white-space: nowrap; }
</style>"""


def situation(table: PracticeTable) -> str:
    """One sentence on where the learner stands."""
    s, me = table.state, table.human
    value = s.value(me)
    if s.phase == STAKE:
        most = max(a.n for a in legal_actions(s) if isinstance(a, StakeBank))
        if most == s.purses[me]:
            return _("How much do you put in the bank? From **{least}** (the agreed opening bank) up to **{most}** "
                     "(your purse).").format(least=s.opening_bank, most=most)
        return _("How much do you put in the bank? From **{least}** (the agreed opening bank) up to **{most}** "
                 "(the most that leaves another player a chip to bet).").format(least=s.opening_bank, most=most)
    if s.phase == RETIRE:
        return _("Hand {hand}, and your first card is a {card}: you may retire with the bank of {bank}.").format(
            hand=s.hand_number, card=s.hands[me][0], bank=s.bank)
    if s.phase == BANKER:
        return ngettext("You are the banker, with **{value}**, against {n} chip of open stakes.",
                        "You are the banker, with **{value}**, against {n} chips of open stakes.",
                        s.open_stakes).format(value=value, n=s.open_stakes)
    if s.phase == PROTECTED:
        return _("You called {word} and were dealt an 11: with it your cards count **{value}**.").format(
            word=s.rules.aluvun_word, value=value)
    room = s.bet_room(me)
    text = _("Your cards count **{value}**.").format(value=value)
    if 12 in s.hands[me]:
        others = [v for v in s.rules.twelve_values if v != 12]
        if len(others) == 1:
            text += " " + _("(Each 12 counts 12 or {other}, whichever helps you.)").format(other=others[0])
        else:
            text += " " + _("(Each 12 counts 12 or {other} or {last}, whichever helps you.)").format(
                other=" or ".join(map(str, others[:-1])), last=others[-1])
    if s.stakes[me]:
        text += " " + _("You have **{stake}** at stake.").format(stake=s.stakes[me])
    if room and any(isinstance(a, Bet) for a in legal_actions(s)):
        raising = s.rules.bet_first and s.aluvun_called
        if s.max_bet is None:
            may = _("You may raise up to **{room}**.") if raising else _("You may bet up to **{room}**.")
            text += " " + may.format(room=room)
        elif raising:
            text += " " + ngettext("You may raise up to **{room}** (maximum bet: {n} chip).",
                                   "You may raise up to **{room}** (maximum bet: {n} chips).",
                                   s.max_bet).format(room=room, n=s.max_bet)
        else:
            text += " " + ngettext("You may bet up to **{room}** (maximum bet: {n} chip).",
                                   "You may bet up to **{room}** (maximum bet: {n} chips).",
                                   s.max_bet).format(room=room, n=s.max_bet)
    return text


def doing_words(s: State) -> str:
    """What the seat to act is doing, as the other seats may know it: 'is playing the bank', 'is deciding'. A
    banker's retire chance and a protected 11 dealt face down are his alone (quitlok.seat_log): the others
    read 'is deciding', as for any other decision."""
    # Translators: these four follow a player's name: "Bella is playing the bank"
    if s.phase == BANKER:
        return _("is playing the bank")
    if s.phase == STAKE:
        return _("is staking a new bank")
    if s.phase == PROTECTED and s.face_up[s.to_act][-1]:
        return _("was dealt a protected 11")
    return _("is deciding")


def _wrap_buttons(key: str) -> None:
    """Long button labels wrap onto a second line instead of ending in '…'."""
    st.html(wrap_buttons_css(key))


def wrap_buttons_css(key: str) -> str:
    """_wrap_buttons' style, for a page that puts it in an element of its own (action_buttons(..., css=False))."""
    return (f"<style>.st-key-{key} button p, .st-key-{key} button div {{ white-space: normal !important; "
            "overflow: visible !important; text-overflow: clip !important; }}</style>")


def stake_form(table: PracticeTable, prefix: str, on_act: Callable[[Action], None]) -> None:
    """The new banker's stake: from the agreed opening bank up to the purse, with why it matters."""
    s = table.state
    stakes = [a.n for a in legal_actions(s) if isinstance(a, StakeBank)]
    least, most = min(stakes), max(stakes)
    amount = f"{prefix}.stake"
    if not least <= st.session_state.get(amount, least) <= most:
        st.session_state[amount] = least
    st.session_state.setdefault(amount, least)
    key = f"{prefix}-actions"
    with st.container(key=key):
        _wrap_buttons(key)
        left, right = st.columns(2, vertical_alignment="bottom")
        left.number_input(_("Your bank ({least} to {most} chips)").format(least=least, most=most), least, most,
                          key=amount)
        chosen = StakeBank(st.session_state[amount])
        right.button(action_label(s, chosen), type="primary", key=f"{prefix}.do.stakebank",
                     on_click=lambda: on_act(StakeBank(st.session_state[amount])), width="stretch")
        st.caption(help_text("stake_bank").format(least=least)
                   + (" " + help_text("stake_bank_share") if s.rules.bank_share else ""))


def action_buttons(table: PracticeTable, prefix: str, on_act: Callable[[Action], None], *, css: bool = True) -> None:
    """The learner's legal actions as big buttons (the chips beside Bet or Raise), each explained below in
    the same words as on its button. Long labels wrap (`css=False`: the page drew wrap_buttons_css(f"{prefix}-actions")
    in an element of its own this run, one element fewer); fewer buttons share a row in projector mode."""
    s = table.state
    if s.phase == STAKE:
        stake_form(table, prefix, on_act)
        return
    legal = legal_actions(s)
    bets = [a for a in legal if isinstance(a, Bet)]
    others = [a for a in legal if not isinstance(a, Bet)]
    per_row = 2 if ui.projector() else 3
    amount = f"{prefix}.bet"
    key = f"{prefix}-actions"
    with st.container(key=key):
        if css:
            _wrap_buttons(key)
        if bets:
            room = bets[-1].n
            st.session_state[amount] = min(max(1, st.session_state.get(amount, 1)), room)
            chips, button = st.columns(2, vertical_alignment="bottom")
            chips.number_input(_("Chips (1 to {room})").format(room=room), 1, room, key=amount)
            bet = Bet(st.session_state[amount])
            button.button(action_label(s, bet), type="primary", key=f"{prefix}.do.bet",
                          on_click=lambda: on_act(Bet(st.session_state[amount])),
                          help=action_help(bet, table), width="stretch")
        for first in range(0, len(others), per_row):
            row = others[first:first + per_row]
            for column, action in zip(st.columns(per_row), row, strict=False):
                name = type(action).__name__.lower()
                column.button(action_label(s, action), key=f"{prefix}.do.{name}", on_click=on_act, args=(action,),
                              help=action_help(action, table), width="stretch")
        shown = ([Bet(st.session_state[amount])] if bets else []) + others
        st.caption("  \n".join(f"**{action_label(s, a)}**: {action_help(a, table)}" for a in shown))


# --- the log ---------------------------------------------------------------------------------


def hands_in_log(events: tuple[Event, ...], players: tuple[str, ...], viewer: int | None = None,
                 first: str | None = None) -> list[tuple[str | None, list[str]]]:
    """The log split into hands at their deals (HandDealt), in words (quitlok.narration, as `viewer` reads it):
    [(the hand's title, its lines)], oldest first.

    The title is the deal's ("Hand 3 of Bella's bank (bank 20)"). `first`, an extra oldest line (how the bank
    was chosen), and what comes before the first deal (the first stake and shares) belong to the first hand; a
    log with no deal yet is one part without a title (None)."""
    hands: list[tuple[str | None, list[str]]] = []
    before: list[str] = [first] if first else []
    for event in events:
        line = sentence(event, players, viewer)
        if isinstance(event, HandDealt):
            hands.append((hand_title(event, players, viewer), before + [line] if not hands else [line]))
            before = []
        elif line is None:
            continue
        elif hands:
            hands[-1][1].append(line)
        else:
            before.append(line)
    return hands or [(None, before)]


def first_bank(table: PracticeTable) -> str | None:
    """How the first banker was chosen, as a line for the log."""
    if not table.banker_draws:
        return None
    names = [you_name() if seat == table.viewer or name == YOU else seat_name(name)
             for seat, name in enumerate(table.state.players)]
    # Translators: joins the rounds of drawing for the first bank, when the highest cards tied: "Bella 7, Dov 7; then
    # Bella 3, Dov 9"
    then = _("; then ")
    rounds = then.join(", ".join(f"{names[seat]} {card}" for seat, card in draws) for draws in table.banker_draws)
    return _("Drawing for the first bank: {rounds}. The highest card banks.").format(rounds=rounds)


def the_log(table: PracticeTable, key: str, first: str | None = None, *, hands_listed: int | None = None) -> None:
    """The narration under its heading: this hand's steps, newest first, and the earlier hands folded away,
    newest first. `first` is an extra oldest line (how the bank was chosen); `key` the id of the log's part
    of the page (#play-log). `hands_listed`, if given, is the most earlier hands listed: older ones are only
    counted, so that a long game's page does not send its whole log again whenever a hand ends.

    Two pieces of HTML: the heading and this hand, which change with every move, and the earlier hands
    (native <details>, one per hand), which change only when a hand ends, so that a hand the reader has opened
    stays open while play goes on. Two elements, where a heading, a frame, an expander and a Markdown per
    hand made twenty: each element a run draws costs the browser a little (benchmarks/bench_clicks.py)."""
    hands = hands_in_log(table.events, table.state.players, table.viewer, first)
    title, current = hands[-1]
    people = table.state.players
    lines = [as_text.html_naming(line, people) for line in reversed(current)]
    now = "<br>".join([f"<b>{lines[0]}</b>", *lines[1:]]) if lines else escape(_("Nothing yet."))
    earlier = hands[:-1][::-1]
    folded = [_folded(_hand_title(title, people), f"<p>{newest_first(lines, people)}</p>")
              for title, lines in earlier[:RECENT_HANDS]]
    if older := earlier[RECENT_HANDS:]:
        listed = older if hands_listed is None else older[:max(0, hands_listed - RECENT_HANDS)]
        unlisted = len(older) - len(listed)
        not_listed = escape(ngettext("and {n} earlier hand, not listed here.",
                                     "and {n} earlier hands, not listed here.", unlisted).format(n=unlisted))
        folded.append(_folded(escape(_("Older hands ({n})").format(n=len(older))), "".join(
            f"<p><b>{_hand_title(title, people)}</b><br>{newest_first(lines, people)}</p>" for title, lines in listed)
            + (f"<p>{not_listed}</p>" if unlisted else "")))
    heading = escape(_("What happened"))
    # Translators: {title} is the hand's title, such as "Hand 3 of Bella's bank (bank 20)"
    newest = _("<b>{title}</b>, newest first:").format(title=_hand_title(title, people))
    st.html(f'{_LOG_CSS}<section class="ql-log" id="{escape(key)}" aria-labelledby="{escape(key)}-title">'
            f'<h2 id="{escape(key)}-title">{heading}</h2><div class="ql-log-now">'
            f"<p>{newest}</p><p>{now}</p></div></section>")
    if folded:
        earlier_label = escape(_("Earlier hands"))
        st.html(f'<div class="ql-log-earlier" aria-label="{earlier_label}" role="group">{"".join(folded)}</div>')


def _hand_title(title: str | None, people: list[str]) -> str:
    return as_text.html_naming(title or _("Before the first hand"), people)


def newest_first(lines: list[str], people: list[str]) -> str:
    """A hand's lines as HTML, newest first, a line each (the names in them isolated)."""
    return "<br>".join(as_text.html_naming(line, people) for line in reversed(lines))


def _folded(summary: str, inside: str) -> str:
    """An earlier hand in the log, folded under its title (`summary` and `inside` are HTML)."""
    return f'<details class="ql-log-hand"><summary>{summary}</summary><div>{inside}</div></details>'


#: this hand in a frame, the earlier ones folded as Streamlit draws its expanders
_LOG_CSS = """<style>
.ql-log h2 { font-size: 1.75rem; font-weight: 600; line-height: 1.2; letter-spacing: -0.005em; margin: 0;
  padding: .75rem 0 1rem 0; }
.ql-log-now { border: 1px solid rgba(128, 128, 128, .35); border-radius: .6rem; padding: .75rem 1rem; }
.ql-log-now p, .ql-log-hand p { margin: 0 0 .5rem 0; }
.ql-log-now p:last-child, .ql-log-hand p:last-child { margin-bottom: 0; }
.ql-log-earlier { display: flex; flex-direction: column; gap: .5rem; }
.ql-log-hand { border: 1px solid rgba(128, 128, 128, .35); border-radius: .6rem; }
.ql-log-hand summary { padding: .6rem 1rem; cursor: pointer; min-height: 24px; }
.ql-log-hand > div { padding: 0 1rem .75rem 1rem; }
</style>"""


# --- the end of a hand -----------------------------------------------------------------


def _ended_title(s: State, viewer: int | None = None) -> str:
    """The title ('Hand 3 of Bella's bank', 'Hand 3 of your bank' for `viewer`'s own) of the hand that ended last:
    the latest hand dealt, or the one before it when the next hand is already dealt."""
    deals = [event for event in s.events if isinstance(event, HandDealt)]
    in_play = any(s.hands)
    if not deals or (in_play and len(deals) < 2):
        return _("The last hand")
    return hand_title(deals[-2] if in_play else deals[-1], s.players, viewer, bank=False)


def and_list(words: list[str]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    if len(words) < 2:
        return "".join(words)
    # Translators: the end of a list of names or things: "Bella, Dov and Ann"
    return _("{first} and {last}").format(first=", ".join(words[:-1]), last=words[-1])


def _seat_name(table: PracticeTable, seat: int) -> str:
    return "you" if seat == table.human else seat_name(table.state.players[seat])


def hand_over_words(table: PracticeTable) -> str:
    """'Hand 3 of Bella's bank is over: you won 2 with 18; Bella (banker) ended on 17.' The learner's own
    result first, then the banker's, then the others'; settlement by settlement when the banker settled more
    than once. Everything comes from the seats' statuses as the hand ended (quitlok.narration words them)."""
    s = table.state
    names = [_seat_name(table, seat) for seat in range(len(s.players))]
    return narrated_hand_over(_ended_title(s, table.viewer), s.last_status, names, table.human)


def hand_over(table: PracticeTable, on_close: Callable[[], None] | None = None) -> None:
    """When the last decision ended a hand: how it went (hand_over_html), in a frame of its own with a button
    that puts it away (`on_close`: a player who waits a long time for the next turn, at a shared table); or,
    without `on_close`, as one element. Nothing when no hand has just ended."""
    panel = hand_over_html(table, framed=on_close is None)
    if not panel:
        return
    if on_close is None:
        st.html(panel)
        return
    with st.container(border=True, key="hand-over"):
        st.html(panel)
        st.button(_("Got it"), key="hand-over-close", on_click=on_close, icon=":material/check:")


def hand_over_for_phones(table: PracticeTable) -> None:
    """On a phone, where the table's panel of how the hand ended is a long scroll above the moves: its words again
    just above the turn that follows (hidden on wider screens, which show the panel beside the moves)."""
    if not shows_hand_over(table):
        return
    words = as_text.html_naming(hand_over_words(table), [seat_name(p) for p in table.state.players])
    st.html(f'{_PHONE_HAND_CSS}<p class="ql-phone-only-over"><span aria-hidden="true">⚑</span> <b>{words}</b></p>')


def shows_hand_over(table: PracticeTable) -> bool:
    """The last decision ended a hand in which someone played: how it ended is shown (hand_over_html)."""
    return table.hand_ended and any(status.kind for status in table.state.last_status)


def hand_over_html(table: PracticeTable, *, framed: bool = True) -> str:
    """When the last decision ended a hand: the learner's result first in words, then each seat's cards as
    the hand ended and its result, as HTML (class ql-hand-over), in a frame of its own unless `framed` is
    False; "" when no hand has just ended."""
    s = table.state
    if not shows_hand_over(table):
        return ""
    size = ui.card_size(small=True)
    seats = []
    for seat, (cards, status) in enumerate(zip(s.last_cards, s.last_status, strict=True)):
        if not status.kind or (status.sitting_out and not cards):  # the sentence says who sat out
            continue
        mine = " ql-mine" if seat == table.human else ""
        name = you_name() if seat == table.human else as_text.html(seat_name(s.players[seat]))
        pictures = hand_html(cards, (True,) * len(cards), mine=seat == table.human, size=size,
                             owner=None if seat == table.human else seat_name(s.players[seat]))
        seats.append(f'<div class="ql-over-seat{mine}"><div class="ql-over-name">{name}</div>{pictures}'
                     f'{status_html(status, "ql-over-status")}</div>')
    frame = " ql-framed" if framed else ""
    ended = escape(_("How the hand ended"))
    return (f'{_HAND_OVER_CSS}<div class="ql-hand-over{frame}" role="group" aria-label="{ended}">'
            f'<p class="ql-over-words"><span aria-hidden="true">⚑</span> '
            f'<b>{as_text.html_naming(hand_over_words(table), [seat_name(p) for p in s.players])}</b></p>'
            f'<div class="ql-over">{"".join(seats)}</div></div>')


_HAND_OVER_CSS = """<style>""" + _STATUS_CSS + """
.ql-hand-over.ql-framed { border: 1px solid rgba(128, 128, 128, .35); border-radius: .6rem; padding: 1rem; }
.ql-over-words { margin: 0 0 .6rem 0; }
.ql-over { display: flex; flex-wrap: wrap; gap: 10px; }
.ql-over-seat { border: 1px solid rgba(128, 128, 128, .35); border-radius: 8px; padding: 4px 8px; min-width: 90px; }
.ql-over-seat.ql-mine { border: 2px solid #C9A227; }
.ql-over-name { font-weight: 600; }
.ql-over-status { font-size: .85em; opacity: .85; }
</style>"""
