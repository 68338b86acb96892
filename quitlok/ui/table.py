"""The card table on screen, shared by the practice table and the lessons.

Every piece takes a PracticeTable (the game, the learner's seat, the computer
players) and a key prefix, and reports the learner's decisions through a
callback, so each page keeps its own session state.
"""

import re
from collections.abc import Callable
from html import escape

import streamlit as st

from quitlok import ui
from quitlok.actions import Action, Aluvun, Bet, Blot, Draw, Keep, KeepBank, Reject, Retire, Stand, Stay, describe
from quitlok.game import BANKER, PROTECTED, RETIRE, YOU, State, legal_actions
from quitlok.practice import PracticeTable
from quitlok.ui.cards import hand_html

#: the log's line that deals a hand: "Hand 3 of Bella's bank (bank 20): dealt clockwise, ..."
DEAL_LINE = re.compile(r"^Hand (\d+) of (.+) bank \(bank \d+\)")


def help_text(key: str) -> str:
    """A short explanation from content/play/help.md."""
    return ui.content_sections("play/help")[key]


def top_bar(table: PracticeTable) -> None:
    s = table.state
    bank, stakes, hand, banker, stock = st.columns(5)
    bank.metric("Bank", s.bank)
    stakes.metric("Open stakes", s.open_stakes, help="Chips bet and waiting for the banker; the bank covers them")
    hand.metric("Hand", s.hand_number, help="Hands dealt by this banker")
    banker.metric("Banker", s.players[s.banker])
    stock.metric("Stock", f"{len(s.stock)} cards", help="Face-down cards left to deal")
    if s.direction == 1:
        st.markdown("**↻ Clockwise** this hand: play goes round to the banker's left.")
    else:
        st.markdown("**↺ Anticlockwise** this hand: play goes round to the banker's right.")
    if s.under:
        st.caption(f"Face up under the stock: {len(s.under)} cards (the latest on the right)")
        ui.show_cards(s.under[-14:], (True,) * len(s.under[-14:]), mine=False, small=True)


def seat_box(table: PracticeTable, seat: int) -> None:
    s = table.state
    badges = []
    if seat == s.banker:
        badges.append(":orange-badge[banker]")
    if seat == s.to_act:
        badges.append(":blue-badge[to act]")
    if seat == table.human:
        badges.append(":green-badge[your seat]")
    style = "" if seat == table.human else f" · {table.players[seat].label}"
    st.markdown(f"**{s.players[seat]}**{style} " + " ".join(badges))
    stake = f" · stake **{s.stakes[seat]}**" if s.stakes[seat] else ""
    st.markdown(f"Purse **{s.purses[seat]}**{stake}")
    ui.show_cards(s.hands[seat], s.face_up[seat], mine=seat == table.human)
    if s.status[seat]:
        st.caption(s.status[seat])
    if s.last_hand[seat] and s.status[seat] in ("waiting", "playing", "banker") and len(s.hands[seat]) <= 1:
        st.caption(f"Last hand: {s.last_hand[seat]}")


def the_table(table: PracticeTable) -> None:
    seats = range(len(table.state.players))
    per_row = 3 if ui.projector() else 4
    for first in range(0, len(seats), per_row):
        row = st.columns(per_row)
        for column, seat in zip(row, seats[first:first + per_row], strict=False):
            with column.container(border=True):
                seat_box(table, seat)


def action_help(action: Action, table: PracticeTable) -> str:
    s = table.state
    if isinstance(action, Bet):
        if s.rules.bet_first:
            return help_text("raise") if s.aluvun_called else help_text("bet_first")
        return help_text("bet")
    if isinstance(action, Stay):
        return help_text("stay_stake") if s.stakes[table.human] else help_text("stay_no_stake")
    if isinstance(action, Draw):
        return help_text("banker_draw") if s.phase == BANKER else help_text("draw")
    keys = {Blot: "blot", Aluvun: "aluvun", Reject: "reject", Keep: "keep", Stand: "banker_stand",
            Retire: "retire", KeepBank: "keep_bank"}
    return help_text(keys[type(action)])


def situation(table: PracticeTable) -> str:
    """One sentence on where the learner stands."""
    s, me = table.state, table.human
    value = s.value(me)
    if s.phase == RETIRE:
        return (f"Hand {s.hand_number}, and your first card is a {s.hands[me][0]}: "
                f"you may retire with the bank of {s.bank}.")
    if s.phase == BANKER:
        return f"You are the banker, with **{value}**, against {s.open_stakes} chips of open stakes."
    if s.phase == PROTECTED:
        return f"You called aluvun and were dealt an 11: with it your cards count **{value}**."
    room = s.bet_room(me)
    text = f"Your cards count **{value}**."
    if 12 in s.hands[me]:
        others = " or ".join(str(v) for v in s.rules.twelve_values if v != 12)
        text += f" (Each 12 counts 12 or {others}, whichever helps you.)"
    if s.stakes[me]:
        text += f" You have **{s.stakes[me]}** at stake."
    if room and any(isinstance(a, Bet) for a in legal_actions(s)):
        text += f" You may bet up to **{room}**."
    return text



def action_buttons(table: PracticeTable, prefix: str, on_act: Callable[[Action], None]) -> None:
    """The learner's legal actions as big buttons (the bet amount beside Bet), each explained below."""
    s = table.state
    legal = legal_actions(s)
    bets = [a for a in legal if isinstance(a, Bet)]
    others = [a for a in legal if not isinstance(a, Bet)]
    columns = iter(st.columns(len(others) + (2 if bets else 0), vertical_alignment="bottom"))
    amount = f"{prefix}.bet"
    if bets:
        room = bets[-1].n
        st.session_state[amount] = min(max(1, st.session_state.get(amount, 1)), room)
        next(columns).number_input(f"Chips (1 to {room})", 1, room, key=amount)
        label = "Raise" if s.rules.bet_first and s.aluvun_called else "Bet"
        next(columns).button(f"{label} {st.session_state[amount]}", type="primary", key=f"{prefix}.do.bet",
                             on_click=lambda: on_act(Bet(st.session_state[amount])),
                             help=action_help(bets[0], table), width="stretch")
    for column, action in zip(columns, others, strict=True):
        name = type(action).__name__.lower()
        column.button(describe(action), key=f"{prefix}.do.{name}", on_click=on_act, args=(action,),
                      help=action_help(action, table), width="stretch")
    for action in ([bets[0]] if bets else []) + others:
        st.caption(f"**{describe(action) if not isinstance(action, Bet) else 'Bet'}**: {action_help(action, table)}")


def the_log(table: PracticeTable, key: str, first: str | None = None) -> None:
    """The narration, newest first; `first` is an extra oldest line (how the bank was chosen)."""
    st.subheader("What happened")
    events = ([first] if first else []) + list(table.state.events)
    with st.container(height=320, key=key):
        for i, event in enumerate(reversed(events[-120:])):
            st.markdown(f"**{event}**" if i == 0 else event)


# --- the end of a hand -----------------------------------------------------------------


def hands_in_log(events: tuple[str, ...] | list[str]) -> list[tuple[str | None, list[str]]]:
    """The log split into hands at its deal lines: [(the deal line, the events from it on)], oldest first.
    What comes before the first deal (the banker's stake, the shares) has no deal line (None)."""
    hands: list[tuple[str | None, list[str]]] = [(None, [])]
    for event in events:
        if DEAL_LINE.match(event):
            hands.append((event, []))
        hands[-1][1].append(event)
    return [hand for hand in hands if hand[1]]


def _ended_hand_title(s: State) -> str:
    """'Hand 3 of Bella's bank', for the hand that ended last: the latest deal line, or the one before it
    when the next hand is already dealt."""
    deals = [DEAL_LINE.match(event) for event in s.events]
    deals = [m for m in deals if m]
    in_play = any(s.hands)
    if not deals or (in_play and len(deals) < 2):
        return "The last hand"
    m = deals[-2] if in_play else deals[-1]
    return f"Hand {m.group(1)} of {m.group(2)} bank"


#: how a seat's status as a hand ended reads in a sentence after its name
_ENDINGS = (
    (re.compile(r"^won (\d+) with (\d+)$"), "won {0} with {1}"),
    (re.compile(r"^lost (\d+) with (\d+)$"), "lost {0} with {1}"),
    (re.compile(r"^bust, lost (\d+)$"), "went bust and lost {0}"),
    (re.compile(r"^bust$"), "went bust, with nothing staked"),
    (re.compile(r"^21! won (\d+)$"), "made 21 and won {0}"),
    (re.compile(r"^21 \(no stake\)$"), "made 21, with nothing staked"),
    (re.compile(r"^threw in$"), "threw the cards in, with nothing staked"),
    (re.compile(r"^banker: bust$"), "(banker) went bust"),
    (re.compile(r"^banker: (\d+)$"), "(banker) ended on {0}"),
    (re.compile(r"^banker$"), "(banker) did not play"),
    (re.compile(r"^waiting$"), "had no turn: the hand ended first"),
    (re.compile(r"^sitting out: (.+)$"), "sat out ({0})"),
)


def ending_words(name: str, status: str) -> str:
    """One seat's result in words: 'you won 2 with 18', 'Bella (banker) ended on 17'."""
    for pattern, words in _ENDINGS:
        if m := pattern.match(status):
            return f"{name} {words.format(*m.groups())}"
    return f"{name}: {status}"


def _seat_name(s: State, seat: int) -> str:
    return "you" if s.players[seat] == YOU else s.players[seat]


def hand_over_words(table: PracticeTable) -> str:
    """'Hand 3 of Bella's bank is over: you won 2 with 18; Bella (banker) ended on 17.' The learner's own
    result first, then the banker's, then the others'."""
    s, me = table.state, table.human
    played = [seat for seat, status in enumerate(s.last_hand) if status]
    banker = next((seat for seat in played if s.last_hand[seat].startswith("banker")), None)
    order = [me] + ([banker] if banker not in (None, me) else []) + [x for x in played if x not in (me, banker)]
    results = [ending_words(_seat_name(s, seat), s.last_hand[seat]) for seat in order if s.last_hand[seat]]
    return f"{_ended_hand_title(s)} is over: " + "; ".join(results) + "."


def hand_over(table: PracticeTable) -> None:
    """When the last decision ended a hand: how it went, the learner's result first in words, then each
    seat's cards as the hand ended and its result. Nothing when no hand has just ended."""
    s = table.state
    if not table.hand_ended or not any(s.last_hand):
        return
    size = max(28, ui.card_size(small=True))
    seats = []
    for seat, (cards, status) in enumerate(zip(s.last_cards, s.last_hand, strict=True)):
        if not status:
            continue
        mine = " ql-mine" if seat == table.human else ""
        name = "You" if seat == table.human else escape(s.players[seat])
        pictures = hand_html(cards, (True,) * len(cards), mine=False, size=size)
        seats.append(f'<div class="ql-over-seat{mine}"><div class="ql-over-name">{name}</div>{pictures}'
                     f'<div class="ql-over-status">{escape(status)}</div></div>')
    with st.container(border=True, key="hand-over"):
        st.markdown(f":material/flag: **{hand_over_words(table)}**")
        st.html(_HAND_OVER_CSS + '<div class="ql-over">' + "".join(seats) + "</div>")


_HAND_OVER_CSS = """<style>
.ql-over { display: flex; flex-wrap: wrap; gap: 10px; }
.ql-over-seat { border: 1px solid rgba(128, 128, 128, .35); border-radius: 8px; padding: 4px 8px; min-width: 90px; }
.ql-over-seat.ql-mine { border: 2px solid #C9A227; }
.ql-over-name { font-weight: 600; }
.ql-over-status { font-size: .85em; opacity: .85; }
</style>"""
