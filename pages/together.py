"""Play together: one game in a room that family or a class joins with a code, each on their own device,
or passing one device round (pass and play).

The room lives in the database (quitlok.rooms); this page only draws one seat's view of it and sends that
seat's decisions. The address and every link hold only the room's code (?room=); the seat keys this device
holds are kept in the session and in the browser's local storage (quitlok.ui.seat_keys), so that a reload or
a phone that slept finds its seats again and a shared address opens none (SPEC section 5). A person on a new
device asks for the seat by name, and the host (or, while the host is away, anyone present) lets him in.
While a page is open, the server says its seats are here (quitlok.ui.presence), so that the table shows who is
here, away or gone.
"""

import os
import secrets

import pandas as pd
import streamlit as st

from quitlok import IllegalAction, ui
from quitlok.actions import Action
from quitlok.bots import PLAYERS, style_name
from quitlok.errors import TooOften
from quitlok.game import STAKE, action_label, seat_name
from quitlok.i18n import N_, _, ngettext, pgettext
from quitlok.practice import PracticeTable
from quitlok.rooms import (
    GONE_SECONDS,
    MAX_SEATS,
    NoSuchRequest,
    NotSeated,
    RoomError,
    RoomNotFound,
    Rooms,
    RoomSummary,
    RoomsUnavailable,
    RoomView,
    SeatMoved,
    SeatRevoked,
    StaleView,
    seat_state,
    seat_table,
)
from quitlok.rooms.store import FAMILY_IDLE_SECONDS, IDLE_SECONDS
from quitlok.ui import coaching as coaching_ui
from quitlok.ui import guard, internals, joining, language, limits, move_bar, names, parts, presence, push, rtl, sidebar
from quitlok.ui import seat_keys as kept_keys
from quitlok.ui import table as view
from quitlok.ui.turn_alerts import turn_alert

ui.through_the_app()

ROOM, SEATS = "together.room", "together.seats"
#: the seat whose face-down cards are uncovered on a device shared by several players
SHOWN = "together.shown"
PROBLEM, FEEDBACK = "together.problem", "together.feedback"
#: this page's name for itself in the room's presence (one per browser tab; never a key)
DEVICE = "together.device"
#: the address this page was opened with held a seat's key (?seat=), which addresses no longer carry
OLD_ADDRESS = "together.old_address"
#: this device chose to watch the game as an onlooker
WATCHING = "together.watching"
#: the turn timers the host may choose, in seconds (NO_TIMER: none; the room stores None)
NO_TIMER = 0
TIMERS = (NO_TIMER, 30, 60, 120, 300)
#: how many hands had ended when this device last showed how one ended
FINISHED = "together.finished"
#: how the computer players play, as the form shows it (the keys are what the room stores)
STYLE_WORDS = {"cautious": N_("Cautious"), "bold": N_("Bold"), "best": N_("Best play")}
#: the room codes this session has looked up and found (a code not yet looked up counts as one tried: limits)
FOUND = "together.found"
#: the table drawn for nobody in particular, on a device several players share
NOBODY = -1
#: a move made while the room could not be reached, sent again once it is back: (code, token, version, action,
#: its label); and what became of it, said once: (kind, label, why)
PENDING, SENT = "together.pending", "together.sent"
#: the room this device has just opened: its invitation is brought into view once (a phone stays scrolled down)
JUST_OPENED = "together.just_opened"
#: how often a page that cannot reach the room tries again, in seconds
RECONNECT_EVERY = 2.0
#: how often the page of an ended game looks for the host's new game in the same room (a rematch), in seconds
REMATCH_EVERY = 10.0
#: the most earlier hands the log lists (newest first): the page does not send a whole long game's log again
LOG_HANDS = 30


@st.cache_resource
def store(url: str | None) -> Rooms:
    """One store per database for the whole server: its connections are shared by every visitor."""
    return Rooms(url)


def rooms() -> Rooms:
    return store(os.environ.get("QUITLOK_DATABASE_URL"))


def words(key: str, **values: str) -> str:
    return ui.content_sections("together/help")[key].format(**values)


def style_words(style: str) -> str:
    """How a computer player plays, in words (the form's options; the value is the style's key)."""
    return _(STYLE_WORDS[style])


# --- where this device sits -------------------------------------------------------------------------


def remember(code: str | None, tokens: list[str]) -> None:
    """Keep the room and this device's seat keys in the session and the browser's storage; the address holds
    the room's code alone."""
    ss = st.session_state
    ss[ROOM], ss[SEATS] = code, tokens
    if code:
        kept_keys.keep("room", code, tokens)
        ss.setdefault(FOUND, set()).add(code)
    st.query_params.clear()
    if code:
        st.query_params["room"] = code
    language.keep_in_address()


def leave() -> None:
    remember(None, [])
    for key in (SHOWN, PROBLEM, FINISHED, FEEDBACK, WATCHING, TOLD):
        st.session_state.pop(key, None)


def arrived() -> None:
    """On a first run, take the room's code from the address (a shared link, or a reload). Later, put it back in
    the address when it lost it (coming back from another page of the app). An address that still carries a
    seat's key (?seat=, as earlier versions made them) gives no seat: the key is taken out of the address, and
    the page says so calmly. This device's keys come from the browser's storage (seat_keys.sync)."""
    ss = st.session_state
    if "seat" in st.query_params:
        del st.query_params["seat"]
        ss[OLD_ADDRESS] = True
    if ROOM in ss:
        if ss[ROOM] and st.query_params.get("room") != ss[ROOM]:
            st.query_params["room"] = ss[ROOM]
    else:
        code = st.query_params.get("room")
        ss[ROOM] = code.strip().upper()[:12] if code else None
    ss[SEATS] = kept_keys.held("room", ss[ROOM]) if ss[ROOM] else []


def device() -> str:
    """This page's name in the room's presence."""
    return st.session_state.setdefault(DEVICE, secrets.token_urlsafe(12))


def look_up(code: str) -> None:
    """A code this session has not found yet (from a link) counts as a code tried unless it leads to a room:
    RoomNotFound, or TooOften when this browser or its address has tried too many that led nowhere."""
    if code not in st.session_state.get(FOUND, ()):
        with limits.spend("code", counts=not_found):
            rooms().version(code)
        st.session_state.setdefault(FOUND, set()).add(code)


def problem(text: str, where: str, version: int | None = None) -> None:
    """Keep a message for the part of the page `where` it belongs, beside the button that was pressed; with
    the room's `version`, only for as long as the room stays as it was (once the game moves on, it is old)."""
    st.session_state[PROBLEM] = (where, text, version)


def show_problem(where: str, version: int | None = None) -> None:
    note = st.session_state.get(PROBLEM)
    if note and note[0] == where and note[2] in (None, version):
        st.error(ui.escape_markdown(note[1]), icon=":material/error:")


def attempt(work, where: str) -> bool:
    """Run a change of the room; a refusal becomes the message shown `where` the button was."""
    try:
        work()
    except (RoomError, IllegalAction) as refused:
        problem(str(refused), where)
        return False
    except TooOften as refused:
        problem(limits.refusal(refused), where)
        return False
    st.session_state.pop(PROBLEM, None)
    return True


# --- callbacks ------------------------------------------------------------------------------------


def create_room() -> None:
    ss = st.session_state
    rules = ui.current_rules()
    max_bet = ss["together.max_bet"] if rules.agreed_max_bet else None

    def create() -> None:
        computers, style = computer_players()
        with limits.spend("open"):
            seat = rooms().create(rules, host=ss["together.host_name"], bank=ss["together.bank"],
                                  purses=ss["together.chips"], max_bet=max_bet,
                                  coaching=ss.get("together.coaching", True) is not False)
        for _seat in range(computers):
            rooms().add_computer(seat.code, seat.token, style)
        remember(seat.code, [seat.token])
        ss[JUST_OPENED] = seat.code  # the host's page brings the code, link and QR code into view

    attempt(create, "create")


def computer_players() -> tuple[int, str]:
    """How many computer players the new room gets, and their style, checked as the form offers it (a forged
    message may send any label, which the callback reads before the form is drawn; Streamlit itself keeps a
    number field's value within its limits): refused before the room is opened, so that none is opened
    half-way."""
    computers, style = st.session_state["together.computers"], st.session_state["together.style"]
    if not (type(style) is str and style in STYLE_WORDS):
        raise RoomError(_("How they play: one of {styles}.").format(styles=", ".join(map(style_words, STYLE_WORDS))))
    return computers, style


def not_found(problem: BaseException | None) -> bool:
    return isinstance(problem, RoomNotFound)


def join_room(code: str, name_key: str) -> None:
    def join() -> None:
        with limits.spend("code", counts=not_found), limits.spend("join"):  # a wrong code counts; a seat too
            seat = rooms().join(code, st.session_state[name_key])
        remember(seat.code, [*st.session_state.get(SEATS, []), seat.token])
        st.session_state[name_key] = ""

    attempt(join, "here" if name_key == "together.here_name" else "join")


def act(code: str, token: str, table: PracticeTable, version: int, action: Action, *, coach: bool = True) -> None:
    """This seat's decision, made on the table at `version` (the version of the screen the tap was on: see
    quitlok/ui/move_bar.py), applied only if nobody changed the room since. A tap on a screen that changed meanwhile
    is refused and said calmly; a move made while the room cannot be reached waits (keep_for_later)."""
    coaching = (table.coaching() or table.banker_coaching()) if coach else None  # priced before the move
    try:
        now = rooms().act(code, token, action, version=version)
    except StaleView:
        stale()
        return
    except RoomsUnavailable:
        keep_for_later(code, token, version, action, action_label(table.state, action))
        return
    except (RoomError, IllegalAction) as refused:
        problem(str(refused), "game", version)
        return
    st.session_state.pop(PROBLEM, None)
    note = coaching_ui.feedback(table.state, coaching, action) if coaching else None
    st.session_state[FEEDBACK] = (table.human, now, note) if note else None
    st.session_state[FINISHED] = table.state.hands_finished


def stale() -> None:
    """A tap on a screen that had changed: said calmly, beside the table as it is now."""
    try:
        now = rooms().version(st.session_state[ROOM])
    except RoomError:
        now = None
    problem(words("stale"), "game", now)


# --- when the room cannot be reached (issue 23, item 6) -------------------------------------------------------


def keep_for_later(code: str, token: str, version: int, action: Action, label: str) -> None:
    """A move made while the room could not be reached: kept, with the version it was made on, and sent again
    once the room is back (send_kept)."""
    st.session_state[PENDING] = (code, token, version, action, label)
    st.session_state.pop(SENT, None)


def send_kept() -> None:
    """Once the room can be reached again: the move kept meanwhile is made if its version still holds, or the
    player is told plainly that it was not made. RoomsUnavailable while the room is still away."""
    kept = st.session_state.get(PENDING)
    if not kept:
        return
    code, token, version, action, label = kept
    try:
        rooms().act(code, token, action, version=version)
        outcome = ("made", label, "")
    except StaleView:
        outcome = ("lost", label, "")
    except RoomsUnavailable:
        raise
    except (RoomError, IllegalAction) as refused:
        outcome = ("refused", label, str(refused))
    st.session_state.pop(PENDING, None)
    st.session_state[SENT] = outcome


def tell_kept() -> None:
    """What became of a move made while the room could not be reached, said once."""
    outcome = st.session_state.pop(SENT, None)
    if not outcome:
        return
    kind, label, why = outcome
    move = ui.escape_markdown(label)
    if kind == "made":
        st.success(words("pending_made", move=move), icon=":material/check_circle:")
    else:
        text = words("pending_lost", move=move) if kind == "lost" else words(
            "pending_refused", move=move, why=ui.escape_markdown(why))
        st.warning(text, icon=rtl.icon(":material/undo:"))


def reconnecting(code: str) -> None:
    """The room cannot be reached: the app's calm words, the move that waits, and a look every few seconds."""
    st.info(words("reconnecting"), icon=":material/sync:")
    kept = st.session_state.get(PENDING)
    if kept and kept[0] == code:
        st.caption(words("pending", move=ui.escape_markdown(kept[4])))
    look_again(code)


@guard.fragment(run_every=RECONNECT_EVERY)
def look_again(code: str) -> None:
    """While the room cannot be reached: the whole page is drawn again once it can."""
    try:
        rooms().version(code)
    except RoomsUnavailable:
        return
    except RoomError:
        pass
    st.rerun()


# --- before the start -------------------------------------------------------------------------------


def entrance() -> None:
    """Open a room, or join one with its code."""
    st.markdown(words("intro"))
    ss = st.session_state
    rules = ui.current_rules()
    ss.setdefault("together.bank", 10)
    ss.setdefault("together.chips", 20)
    ss.setdefault("together.computers", 0)
    ss.setdefault("together.style", "cautious")
    if rules.agreed_max_bet and not ss.get("together.max_bet_set"):
        ss["together.max_bet"] = rules.default_max_bet(ss["together.bank"])
    join, new = st.columns(2, gap="large")
    with join.container(border=True, key="together-join-box"):
        st.header(_("Join a room"))
        st.caption(words("join"))
        guard.keep_text("together.code", guard.CODE_CHARS)
        st.text_input(_("Room code"), key="together.code", placeholder=example_code(), max_chars=guard.CODE_CHARS)
        guard.keep_text("together.join_name", guard.NAME_CHARS)
        st.text_input(_("Your name at the table"), key="together.join_name", placeholder=name_placeholder(),
                      max_chars=guard.NAME_CHARS)
        show_problem("join")
        st.button(_("Sit down"), type="primary", key="together.join", icon=":material/chair:",
                  on_click=lambda: join_room(ss["together.code"], "together.join_name"))
    with new.container(border=True, key="together-create-box"):
        st.header(_("Open a room"))
        st.caption(words("create", rules=sidebar.rules_name(rules)))
        guard.keep_text("together.host_name", guard.NAME_CHARS)
        st.text_input(_("Your name (you host the room)"), key="together.host_name",
                      placeholder=name_placeholder(), max_chars=guard.NAME_CHARS)
        a, b = st.columns(2)
        a.number_input(_("Starting chips for everyone"), 1, 1000, key="together.chips")
        b.number_input(_("Opening bank"), 1, 1000, key="together.bank",
                       help=_("The least every new banker stakes; it can't be more than the starting chips."))
        if rules.agreed_max_bet:
            a.number_input(_("Maximum bet (chips)"), 1, 1000, key="together.max_bet",
                           on_change=lambda: ss.__setitem__("together.max_bet_set", True),
                           help=_("{rules} players agree a maximum bet before the game; by default a quarter "
                                  "of the opening bank, at least 1.").format(rules=sidebar.rules_name(rules)))
        b.number_input(_("Computer players"), 0, MAX_SEATS - 1, key="together.computers",
                       help=_("To fill seats; you can add more, or remove them, before the start."))
        b.selectbox(_("How they play"), list(STYLE_WORDS), key="together.style", format_func=style_words)
        st.toggle(_("Coaching notes at the table"), value=True, key="together.coaching", help=words("coaching"))
        show_problem("create")
        st.button(_("Open the room"), type="primary", on_click=create_room, key="together.create",
                  icon=":material/meeting_room:")


def example_code() -> str:
    """The placeholder of a field for a room's code."""
    # Translators: the placeholder of the field for a room's code; K7QH3M is a code, kept as it is
    return _("for example {code}").format(code="K7QH3M")


def name_placeholder() -> str:
    # Translators: the placeholder of the field for one's name at the table
    return _("as the others will see it")


def join_this_room(about: RoomSummary) -> int | None:
    """Someone opened a room's link on a device that holds no seat there: give a name and sit down; once nobody
    can (the game has started, or the table is full), watch as an onlooker, or ask for one's own seat back.
    The room's version drawn, or None when nothing the page shows can change any more."""
    code = about.code
    full = len(about.players) >= MAX_SEATS
    if about.started or about.over or full:
        if about.over:
            st.warning(words("too_late_ended", code=code), icon=":material/door_front:")
            st.button(_("Open or join another room"), on_click=leave, key="together.again")
            return None
        st.info(words("full" if full and not about.started else "too_late", code=code),
                icon=":material/door_front:")
        ask_for_my_seat(code)
        return onlooker(code)
    with st.container(border=True, key="together-join-box"):
        st.header(_("Join room {code}").format(code=code))
        guard.keep_text("together.join_name", guard.NAME_CHARS)
        st.text_input(_("Your name at the table"), key="together.join_name", placeholder=name_placeholder(),
                      max_chars=guard.NAME_CHARS)
        show_problem("join")
        left, right = st.columns(2)
        left.button(_("Sit down"), type="primary", key="together.join", icon=":material/chair:",
                    on_click=join_room, args=(code, "together.join_name"))
        right.button(_("Another room"), key="together.leave", on_click=leave)
    return about.version


def ask_for_my_seat(code: str) -> None:
    """A person whose seat is on another device (a lost phone, a new tablet) asks for it by name; the key the
    request makes is kept like a seat's, and opens the seat once the host lets it in."""
    with st.container(border=True, key="together-ask-box"):
        st.subheader(_("I have a seat here"))
        st.caption(words("ask"))
        guard.keep_text("together.ask_name", guard.NAME_CHARS)
        st.text_input(_("Your name at the table"), key="together.ask_name", max_chars=guard.NAME_CHARS)
        show_problem("ask")
        st.button(_("Ask to be let in"), type="primary", key="together.ask", icon=rtl.icon(":material/login:"),
                  on_click=ask_seat, args=(code,))


def ask_seat(code: str) -> None:
    def ask() -> None:
        request = rooms().ask(code, st.session_state["together.ask_name"])
        remember(code, [*st.session_state.get(SEATS, []), request.token])
        st.session_state["together.ask_name"] = ""

    attempt(ask, "ask")


def waiting_to_come_in(code: str, asked: list) -> None:
    """This device asked for a seat: the answer comes by itself."""
    for request in asked:
        st.info(words("asked", name=names.markdown(request.name)), icon=":material/hourglass_top:")


def onlooker(code: str) -> int:
    """The table as an onlooker sees it: every face-down card hidden (Rooms.watch, seat_state(..., None)). The
    room's version drawn."""
    watched = rooms().watch(code)
    st.header(_("Watching the game") if watched.started else _("At the table"))
    presence_line(watched)
    if not watched.started:
        who_sits(watched, set())
        return watched.version
    computers = tuple((seat, PLAYERS[style]()) for seat, style in enumerate(watched.styles) if style is not None)
    table = PracticeTable(state=watched.state, human=NOBODY, computers=computers,
                          banker_draws=watched.banker_draws)
    if not watched.over:
        st.info(waiting_words(watched), icon=":material/visibility:")
    view.top_bar(table)
    view.the_table(table)
    view.the_log(table, "together-log", view.first_bank(table), hands_listed=LOG_HANDS)
    return watched.version


#: where each person is, in words (the keys are what the room's presence says)
PRESENCE_WORDS = {"here": N_("here"), "away": N_("away"), "gone": N_("gone"), "": N_("not seen yet")}
#: an icon beside each word (never the icon alone)
def presence_icon(where: str) -> str:
    """The icon before a person in the line of who is here; "gone" (a door to go out) points the page's way."""
    icons = {"here": ":material/wifi:", "away": ":material/schedule:", "gone": rtl.icon(":material/logout:")}
    return icons.get(where, ":material/hourglass_empty:")


def presence_line(room: RoomView) -> None:
    """Who is here, away or gone; whose seat a computer plays while they are away; who hosts now."""
    if not room.presence:
        return
    pieces = []
    for seat, (name, where) in enumerate(zip(room.players, room.presence, strict=True)):
        if where == "computer":
            continue
        icon = presence_icon(where)
        values = {"name": f"**{names.markdown(name)}**", "where": _(PRESENCE_WORDS[where])}
        if room.played_for[seat]:
            # Translators: one person in the line of who is here; {where} is "here", "away" or "gone"
            text = (_("{name} (host): {where}, a computer plays for now") if seat == room.host else
                    _("{name}: {where}, a computer plays for now")).format(**values)
        elif room.revoked[seat]:
            text = (_("{name} (host): {where}, seat played by a computer") if seat == room.host else
                    _("{name}: {where}, seat played by a computer")).format(**values)
        else:
            text = (_("{name} (host): {where}") if seat == room.host else _("{name}: {where}")).format(**values)
        pieces.append(f"{icon} {text}")
    st.caption(" · ".join(pieces))


def two_devices(views: list[RoomView]) -> None:
    """A seat open on two devices (two tabs, a copied storage) is said on both."""
    for room in views:
        if room.other_device:
            st.warning(words("two_devices", name=names.markdown(room.players[room.seat])),
                       icon=":material/devices:")


def requests_box(room: RoomView, token: str) -> None:
    """Requests to be let in that this seat may answer (the host's, or anyone's present while the host is
    away)."""
    for number, seat, _asked in room.requests:
        name = names.markdown(room.players[seat])
        where = room.presence[seat] if room.presence else ""
        with st.container(border=True, key=f"together-request-{number}"):
            st.markdown(request_words(where).format(name=name))
            yes, no = st.columns(2)
            yes.button(_("Let them in"), key=f"together.let_in.{number}", type="primary",
                       icon=rtl.icon(":material/login:"),
                       on_click=lambda n=number: attempt(lambda: rooms().let_in(room.code, token, n), "requests"))
            # Translators: refuse a request to be let into a seat
            no.button(_("Refuse"), key=f"together.refuse.{number}", icon=":material/block:",
                      on_click=lambda n=number: attempt(lambda: rooms().refuse(room.code, token, n), "requests"))
    show_problem("requests")


def request_words(where: str) -> str:
    """A request to be let in, as Markdown with {name}, by where the seat's person is now."""
    if where == "here":
        return _("Someone on a new device says they are **{name}** and asks to be let in. {name}'s seat is open on "
                 "another device right now. Letting them in ends the hold of the device that has it now.")
    if where == "away":
        return _("Someone on a new device says they are **{name}** and asks to be let in. {name}'s seat has been "
                 "away a little while. Letting them in ends the hold of the device that has it now.")
    if where == "gone":
        return _("Someone on a new device says they are **{name}** and asks to be let in. {name}'s seat has been "
                 "gone for a while. Letting them in ends the hold of the device that has it now.")
    return _("Someone on a new device says they are **{name}** and asks to be let in. {name}'s seat has not been "
             "seen yet. Letting them in ends the hold of the device that has it now.")


def timer_words(seconds: int) -> str:
    """A turn timer's option as shown: "None", "30 seconds", "2 minutes"."""
    if seconds == NO_TIMER:
        # Translators: the turn timer's option for no timer at all
        return pgettext("turn timer", "None")
    if seconds < 120:
        return ngettext("{n} second", "{n} seconds", seconds).format(n=seconds)
    return ngettext("{n} minute", "{n} minutes", seconds // 60).format(n=seconds // 60)


def turn_timer(room: RoomView, token: str) -> None:
    """The host's turn timer: after it, a computer makes the slow person's move."""
    # no timer is NO_TIMER in the box, not None: a selectbox whose value is None shows its placeholder, Streamlit's
    # English "Choose an option", instead of the option's words
    current = room.turn_seconds if room.turn_seconds in TIMERS else NO_TIMER
    st.session_state.setdefault("together.timer", current)
    guard.keep_choice("together.timer", TIMERS)

    def chosen() -> None:
        seconds = st.session_state.get("together.timer")
        if seconds in TIMERS:
            attempt(lambda: rooms().set_turn_timer(room.code, token, seconds or None), "host")

    st.selectbox(_("Turn timer"), TIMERS, key="together.timer", on_change=chosen, format_func=timer_words,
                 help=_("After this long, a computer player makes the move of whoever is to act, for that turn."))


def room_link(code: str) -> tuple[str, str | None]:
    """The link to the room, as other devices can open it, and the key of a note on it, if any."""
    return joining.page_link("together", room=code)


def invitation(code: str, *, hosting: bool) -> None:
    """The code in large letters, the link and its QR code; for the host, how others get in (brought into view
    once, right after "Open the room")."""
    link, note = room_link(code)
    text = words("share" if hosting else "share_guest") + (" " + words(note) if note and hosting else "")
    just_opened = st.session_state.pop(JUST_OPENED, None) == code
    joining.invitation(code, link, label=_("Room code"), note=text, into_view=code if just_opened else None)


def who_sits(room: RoomView, tokens_here: set[int]) -> None:
    """The seats in order: name, a person or which computer player, host and this device."""
    lines = []
    for seat, (name, style) in enumerate(zip(room.players, room.styles, strict=True)):
        shown = names.markdown(seat_name(name))  # a computer player's in the reader's letters, a person's as typed
        lines.append(f"{seat + 1}. **{shown}** · {seat_marks(room, seat, style, tokens_here)}")
    st.markdown("\n".join(lines))


def seat_marks(room: RoomView, seat: int, style: str | None, tokens_here: set[int]) -> str:
    """What a seat is, in the list of seats: "person, host, on this device", "computer player (cautious)"."""
    # Translators: {style} is how the computer player plays ("cautious", "bold", "best play")
    marks = [_("computer player ({style})").format(style=style_name(PLAYERS[style]().label)) if style else _("person")]
    marks += [pgettext("seat", "host")] if seat == room.host else []
    marks += [_("on this device")] if seat in tokens_here else []
    return ", ".join(marks)


def lobby(room: RoomView, host: RoomView | None, here: set[int]) -> None:
    """Before the start: the invitation, who has sat down, and the host's buttons."""
    code = room.code
    if host is None:
        st.info(words("lobby_wait"), icon=":material/hourglass_top:")
    invitation(code, hosting=host is not None)
    st.header(ngettext("At the table ({n} of {most} seat)", "At the table ({n} of {most} seats)", MAX_SEATS).format(
        n=len(room.players), most=MAX_SEATS))
    st.caption(ngettext("{rules} rules · {chips} chip each · opening bank {bank}",
                        "{rules} rules · {chips} chips each · opening bank {bank}", room.starting_purse).format(
        rules=sidebar.rules_name(room.rules), chips=room.starting_purse, bank=room.opening_bank))
    who_sits(room, here)
    presence_line(room)
    if host is None:
        add_player_here(code)
        return
    token = host_token(host)
    requests_box(room, token)
    full = len(room.players) >= MAX_SEATS
    with st.container(border=True, key="together-lobby-host"):
        a, b = st.columns(2)
        a.selectbox(_("Computer player"), list(STYLE_WORDS), key="together.add_style", format_func=style_words)
        a.button(_("Add a computer player"), key="together.add_computer", disabled=full, icon=":material/smart_toy:",
                 on_click=lambda: attempt(lambda: rooms().add_computer(code, token, st.session_state[
                     "together.add_style"]), "lobby"))
        others = [seat for seat in range(len(room.players)) if seat != room.host]
        if others:
            # Translators: which seat of the table (a list of the seats' numbers and names)
            b.selectbox(_("Seat"), others, key="together.remove_seat",
                        format_func=lambda seat: f"{seat + 1}. {names.plain(seat_name(room.players[seat]))}")
            b.button(_("Take this seat away"), key="together.remove", icon=":material/person_remove:",
                     on_click=lambda: remove_seat(room, token, st.session_state["together.remove_seat"], "lobby"))
        show_problem("lobby")
        st.button(_("Start the game"), type="primary", key="together.start", disabled=len(room.players) < 2,
                  icon=":material/play_arrow:", on_click=lambda: attempt(lambda: rooms().start(code, token), "lobby"),
                  help=_("Deals for the first bank. Nobody can join after this."))
        st.caption(_("Start when everyone has sat down: the seats are dealt a card each for the first bank, and "
                     "nobody can join after that.") if len(room.players) >= 2 else
                   _("A game needs at least two seats: wait for someone to join, or add a computer player."))
    add_player_here(code)


def add_player_here(code: str) -> None:
    """Pass and play: another person sits down on this same device."""
    with st.expander(_("Another player on this device (pass and play)")):
        st.caption(words("pass_device"))
        guard.keep_text("together.here_name", guard.NAME_CHARS)
        st.text_input(_("Their name at the table"), key="together.here_name", max_chars=guard.NAME_CHARS)
        show_problem("here")
        st.button(_("Sit them down"), key="together.here", on_click=join_room, args=(code, "together.here_name"))


def remove_seat(room: RoomView, token: str, seat: int, where: str) -> None:
    style = st.session_state.get("together.take_over", "cautious")
    attempt(lambda: rooms().remove_seat(room.code, token, seat, style), where)


def host_token(host: RoomView) -> str:
    return st.session_state[SEATS][seat_keys(host)]


def seat_keys(room: RoomView) -> int:
    """Which of this device's seat keys `room` was seen through."""
    return st.session_state["together.key_of"][room.seat]


# --- the game -----------------------------------------------------------------------------------


def drawn_for(views: list[RoomView]) -> tuple[RoomView, PracticeTable, bool]:
    """Whose table this device shows, the table, and whether a curtain covers it.

    One seat on the device: always its own table. Several (pass and play): the table of the one whose turn
    it is once they have pressed the curtain's button; else the table for nobody, every face-down card
    covered."""
    first = views[0]
    hand_ended = first.hands_finished > st.session_state.get(FINISHED, first.hands_finished)
    if len(views) == 1:
        return first, seat_table(first, hand_ended=hand_ended), False
    turn = next((v for v in views if v.seat == first.to_act and not first.over), None)
    if turn is not None and st.session_state.get(SHOWN) == turn.seat:
        return turn, seat_table(turn, hand_ended=hand_ended), False
    if turn is None:
        st.session_state.pop(SHOWN, None)
    public = PracticeTable(state=seat_state(first.state, None), human=NOBODY,
                           computers=seat_table(first).computers, banker_draws=first.banker_draws,
                           hand_ended=hand_ended)
    return turn or first, public, turn is not None


def curtain(room: RoomView) -> None:
    name = names.markdown(room.players[room.seat])
    with st.container(border=True, key="together-curtain"):
        st.header(_("Pass to {name}").format(name=name))
        st.markdown(words("curtain", name=name))
        st.button(_("I am {name}: show my cards").format(name=name), type="primary", key="together.uncover",
                  icon=":material/visibility:", on_click=lambda: st.session_state.__setitem__(SHOWN, room.seat))


def waiting_words(room: RoomView) -> str:
    """Whose turn it is, as Markdown (the name escaped)."""
    if room.paused:
        return words("paused")
    who = names.markdown(seat_name(room.players[room.to_act]))
    # Translators: {doing} is what that person is doing ("is thinking about a bet"), as the table says it
    return _("Waiting for {name}, who {doing}…").format(name=who, doing=view.doing_words(room.state))


def my_turn(room: RoomView, table: PracticeTable, token: str) -> None:
    s = table.state
    name = names.markdown(room.players[room.seat])
    if s.phase == STAKE:
        st.header(_("The bank comes to you, {name}").format(name=name), anchor="your-move")
    else:
        st.header((_("Your turn as banker, {name}") if s.banker == room.seat else _("Your turn, {name}")).format(
            name=name), anchor="your-move")
    st.markdown(view.situation(table))
    move_bar.move_bar(table, "together", room.version, lambda action, version: act(
        room.code, token, table, version, action, coach=room.coaching))
    if room.coaching:  # the family setting may hide the coaching notes
        coaching_ui.hint(table, "together")


def summary(room: RoomView) -> None:
    """Who won what: each seat's chips now against what it started with."""
    st.header(_("The game is over") if not room.ended_by_host else _("The host ended the game"))
    if room.people_out:
        st.info(words("people_out"), icon=":material/money_off:")
    elif room.abandoned:
        st.info(words("abandoned", minutes=str(GONE_SECONDS // 60)), icon=":material/person_off:")
    chips_now = _("Chips now")
    frame = pd.DataFrame({
        _("Player"): [names.markdown(seat_name(name)) for name in room.players],  # st.table reads its cells as Markdown
        chips_now: room.chips,
        _("Won or lost"): [won_words(c - room.starting_purse) for c in room.chips],
    }).sort_values(chips_now, ascending=False, kind="stable")
    st.table(frame, hide_index=True)
    best = max(room.chips)
    winners = [name for name, c in zip(room.players, room.chips, strict=True) if c == best]
    st.markdown(_("Most chips: {names}, with {best}. Everyone started with {start}.").format(
        names=view.and_list([f"**{names.markdown(seat_name(w))}**" for w in winners]), best=best,
        start=room.starting_purse))
    between_games(room)
    st.button(_("Leave this room"), key="together.done", on_click=leave)


# --- between games (issue 23, item 8) -------------------------------------------------------------------------


def between_games(room: RoomView) -> None:
    """After a game: the running score of the room's nights, and for the host a new game with the same people."""
    nights_score(room)
    if not room.is_host:
        return
    token = st.session_state[SEATS][seat_keys(room)]
    with st.container(border=True, key="together-rematch"):
        st.caption(words("rematch"))
        show_problem("rematch")
        st.button(_("Play again with the same people"), type="primary", key="together.rematch",
                  icon=":material/replay:",
                  on_click=lambda: attempt(lambda: rooms().rematch(room.code, token), "rematch"))


def nights_score(room: RoomView) -> None:
    """The eight nights of Hanukkah: each finished game's result per seat, and the total so far, as a small table."""
    if not room.nights:
        return
    st.subheader(_("Night by night"))
    st.caption(words("nights"))
    players = room.nights[-1].players
    # st.table reads its cells as Markdown; a computer player's name in the reader's letters, a person's as typed
    columns = {_("Player"): [names.markdown(seat_name(name)) for name in players]}
    totals = [0] * len(players)
    for number, night in enumerate(room.nights, start=1):
        won = list(night.won) + [0] * (len(players) - len(night.won))
        # Translators: a column of the table of the eight nights of Hanukkah: the game played on night {n}
        columns[_("Night {n}").format(n=number)] = [won_words(w) for w in won[:len(players)]]
        totals = [t + w for t, w in zip(totals, won, strict=False)]
    # Translators: the last column of the nights' table: chips won or lost over all the nights
    columns[_("Total")] = [won_words(t) for t in totals]
    st.table(pd.DataFrame(columns), hide_index=True)


def won_words(chips: int) -> str:
    """Chips won or lost, signed: "+3", "-2", "±0"."""
    return f"{chips:+d}" if chips else "±0"


def coaching_setting(room: RoomView, token: str) -> None:
    """The family setting, for the host: the coaching notes at the table, for every seat."""
    key = f"together.coaching.{room.version}"  # drawn afresh with each version: it shows the room's setting
    st.toggle(_("Coaching notes at the table"), value=room.coaching, key=key, help=words("coaching"),
              on_change=lambda: attempt(lambda: rooms().set_coaching(  # the value shown, not a flip: said twice,
                  room.code, token, st.session_state[key] is True), "host"))  # it is still what was asked for


def host_tools(room: RoomView, host: RoomView) -> None:
    token = host_token(host)
    with st.expander(_("Host's tools"), icon=":material/admin_panel_settings:"):
        st.caption(words("host_tools"))
        coaching_setting(room, token)
        people = [seat for seat, style in enumerate(room.styles) if style is None and seat != room.host]
        if people:
            a, b, c = st.columns([2, 2, 1.4], vertical_alignment="bottom")
            a.selectbox(_("Someone has left, or a device should not hold a seat"), people, key="together.remove_seat",
                        format_func=lambda seat: names.plain(seat_name(room.players[seat])))
            b.selectbox(_("A computer player takes over"), list(STYLE_WORDS), key="together.take_over",
                        format_func=style_words)
            c.button(_("Take the seat from its device"), key="together.remove", icon=":material/smart_toy:",
                     on_click=lambda: remove_seat(room, token, st.session_state["together.remove_seat"], "host"))
        turn_timer(room, token)
        show_problem("host")
        left, right = st.columns(2)
        if room.paused:
            left.button(_("Let the game go on"), key="together.resume", icon=":material/play_arrow:",
                        on_click=lambda: attempt(lambda: rooms().resume(room.code, token), "host"))
        else:
            left.button(_("Pause the game"), key="together.pause", icon=":material/pause:",
                        on_click=lambda: attempt(lambda: rooms().pause(room.code, token), "host"))
        sure = right.checkbox(_("Yes, end it for everyone"), key="together.sure")
        right.button(_("End the game"), key="together.end", disabled=not sure, icon=":material/stop:",
                     on_click=lambda: attempt(lambda: rooms().end(room.code, token), "host"))


def turn_banner(room: RoomView, table: PracticeTable) -> None:
    """At the top, where a phone shows it without scrolling: whose turn it is, and a link down to the
    buttons when it is this seat's."""
    if room.paused or room.to_act != room.seat or table.human == NOBODY:
        st.info(waiting_words(room), icon=":material/hourglass_top:")
    else:
        name = names.markdown(room.players[room.seat])
        st.success(_("**Your turn, {name}.** [Choose your move below ↓](#your-move)").format(name=name),
                   icon=":material/front_hand:")


def game(views: list[RoomView], host: RoomView | None) -> None:
    """The table as this device may show it. What needs doing comes first (the summary, the curtain, whose
    turn), so that a phone shows it without scrolling; the host's tools stay in one place, so that they do
    not fold up when the game moves on."""
    room, table, covered = drawn_for(views)
    token = st.session_state[SEATS][seat_keys(room)]
    shown = [f"**{names.markdown(room.players[v.seat])}**" for v in views]
    here = (_("Room **{code}** · {rules} rules · you play as {name}") if len(views) == 1 else
            _("Room **{code}** · {rules} rules · {names} play on this device"))
    st.caption(here.format(code=room.code, rules=sidebar.rules_name(room.rules), name=shown[0],
                           names=view.and_list(shown)))
    seats_here = sorted(v.seat for v in views)
    mine = not (room.over or room.paused) and room.to_act in seats_here
    sound = st.toggle(words("sound"), key="together.sound", help=words("sound_help"))
    turn_alert(f"{room.code}:{seats_here}", mine=mine, title=words("turn_title").strip(),
               anchor=".st-key-together-curtain" if covered else "#your-move", sound=sound)
    presence_line(views[0])
    two_devices(views)
    decider = next((v for v in views if v.requests), None)
    if decider is not None and not room.over:
        requests_box(decider, st.session_state[SEATS][seat_keys(decider)])
    if host is not None and not room.over:
        host_tools(room, host)
    if room.over:
        summary(room)
    elif covered:
        curtain(room)
    else:
        turn_banner(room, table)
    view.top_bar(table)
    view.hand_over(table, on_close=lambda: st.session_state.__setitem__(FINISHED, room.hands_finished))
    view.the_table(table)
    if not covered:
        show_feedback(room)
    show_problem("game", room.version)
    if not (room.over or covered or room.paused) and room.to_act == room.seat and table.human != NOBODY:
        my_turn(room, table, token)
    view.the_log(table, "together-log", view.first_bank(table), hands_listed=LOG_HANDS)


def show_feedback(room: RoomView) -> None:
    """The note on this seat's last decision, while nothing else has happened since."""
    seat, version, note = st.session_state.get(FEEDBACK) or (None, None, None)
    if note and seat == room.seat and version == room.version and room.coaching:
        kind, text = note
        (st.success if kind == "best" else st.warning)(text, icon=":material/school:")


# --- following the room -------------------------------------------------------------------------------

#: what the page's part for the room is (which seats, asked for or not, whether the game began or ended), as the
#: page's whole run drew it: a change seen by a run of that part alone draws the whole page again (parts.keep_shape)
SHAPE = "together.shape"
#: what the part drew last, for the followers below it (parts.drawn): which one follows the room ("follow",
#: "rematch" or None), the room's version, whether computers are left to act, and for the heartbeat the seats'
#: keys and the presence shown
DRAWN = "together.drawn"
#: the room could not be reached during the page's whole run: the page says "Reconnecting…" below its part
UNREACHABLE = "together.unreachable"
#: warnings kept for the part to show (a seat's key that opens it no more, a request refused), since a run of the
#: part alone that finds a key lost draws the whole page again
TOLD = "together.told"


@guard.fragment(run_every=push.FALLBACK)
def follow(code: str) -> None:
    """The safety net under the server's push (which runs the page's part for the room, room_part, as soon as the
    room changes): a look at the room's version every push.FALLBACK seconds; the whole page is drawn again when it
    is not the version drawn (news missed while the database was away), or when the browser had stopped following
    (internals.stalled). When computer players are left to act (a hand in which no person has a decision: each
    call of the store plays one bounded step of it), the page is drawn again at once: its view lets them play on.
    Not mounted once the game is over: nothing can change but a rematch (await_rematch)."""
    drawn = parts.drawn(DRAWN) or {}
    try:
        now = rooms().version(code)
    except RoomNotFound:
        now = None
    except RoomsUnavailable:  # the whole page says so, and looks again by itself (reconnecting)
        st.rerun()
    if now != drawn.get("version") or drawn.get("computers_left") or internals.stalled(push.STALLED):
        st.rerun()


@guard.fragment(run_every=REMATCH_EVERY)
def await_rematch(code: str) -> None:
    """After a game: a look now and then (one read of the room's version) for the host's new game."""
    try:
        now = rooms().version(code)
    except RoomsUnavailable:
        return
    except RoomNotFound:
        now = None
    if now != (parts.drawn(DRAWN) or {}).get("version"):
        st.rerun()


# --- presence -------------------------------------------------------------------------------------


def heartbeat(code: str) -> None:
    """In the page's whole run: its seats are here now (then the server says so every few seconds while the page
    is open: quitlok.ui.presence, kept by the room's part); the page is drawn again when who is here changed, when
    another device took up or left one of its seats, or when a seat's key stopped working (it moved to another
    device, or the host took it back: the page says so). The seats' keys and the presence drawn (with whether each
    seat was open on another device) are those the page's part for the room drew last."""
    drawn = parts.drawn(DRAWN) or {}
    try:
        now = presence.beat_now(rooms(), code, drawn.get("tokens", ()), device())
    except (NotSeated, RoomsUnavailable):  # the whole page says so ("Reconnecting…" while the database is away)
        st.rerun()
    except RoomNotFound:
        return
    if now is not None and now != drawn.get("presence"):
        st.rerun()


def seat_lost(lost: NotSeated) -> None:
    """A key that no longer opens its seat, said plainly: moved to another device, or taken back by the host."""
    if isinstance(lost, SeatMoved | SeatRevoked):
        tell(str(lost) + " " + words("moved" if isinstance(lost, SeatMoved) else "revoked"), ":material/devices:")


def tell(text: str, icon: str) -> None:
    """Keep a warning for the page's part for the room to show (told), once."""
    kept = st.session_state.setdefault(TOLD, [])
    if (text, icon) not in kept:
        kept.append((text, icon))


def told() -> None:
    """The warnings kept, until this device says it read them: a seat gone to another device is not news for
    one moment only (they used to go at the room's next change, before the person had looked)."""
    kept = st.session_state.get(TOLD)
    if not kept:
        return
    for text, icon in kept:
        st.warning(text, icon=icon)
    st.button(_("Got it"), key="together.told.read", icon=":material/check:",
              on_click=lambda: st.session_state.pop(TOLD, None))


def looked_up(code: str) -> tuple[list[RoomView], dict[int, int], list]:
    """This device's seats in the room (their views), which key opened each, and its requests still waiting to
    be let in. Keys that open nothing any more are let go of, and the page says why."""
    views, key_of, kept, asked = [], {}, [], []
    for token in st.session_state[SEATS]:
        try:
            seen = rooms().view(code, token, device=device())
        except NotSeated as lost:
            if isinstance(lost, SeatMoved | SeatRevoked):
                seat_lost(lost)
                continue
            try:
                request = rooms().asked(code, token)
            except NoSuchRequest:
                continue
            if request.answer == "waiting":
                kept.append(token)
                asked.append(request)
            elif request.answer == "refused":
                tell(words("refused", name=names.markdown(request.name)), ":material/block:")
            continue
        key_of[seen.seat] = len(kept)
        kept.append(token)
        views.append(seen)
    if kept != st.session_state[SEATS]:
        remember(code, kept)
    return views, key_of, asked


# --- words about the room itself -------------------------------------------------------------------


def kept_for() -> dict[str, str]:
    """How long a room nobody uses is kept (quitlok.rooms.store), in words: the not_found message's values."""
    return {"idle": duration(IDLE_SECONDS), "family_idle": duration(FAMILY_IDLE_SECONDS)}


def duration(seconds: int) -> str:
    hours = round(seconds / 3600)
    if hours > 24 and hours % 24 == 0:
        return ngettext("{n} day", "{n} days", hours // 24).format(n=hours // 24)
    return ngettext("{n} hour", "{n} hours", hours).format(n=hours)


def old_address_note(code: str, *, found: bool) -> None:
    """An address that held a seat's key gives none: said; with a word on asking for one's seat only where the
    page offers it (a room that is there, a device that holds no seat in it, a game begun or a full table)."""
    text = words("old_address")
    if found and not st.session_state[SEATS]:
        about = rooms().about(code)
        if not about.over and (about.started or len(about.players) >= MAX_SEATS):
            text += " " + words("old_address_ask")
    st.info(text, icon=":material/link_off:")


def not_found_here(code: str, refused: RoomNotFound | TooOften) -> None:
    """The code leads to no room (or this browser tried too many that led nowhere): said plainly."""
    if isinstance(refused, TooOften):
        st.warning(limits.refusal(refused), icon=":material/hourglass_top:")
    else:
        st.error(words("not_found", code=ui.escape_markdown(code), **kept_for()), icon=":material/search_off:")
    st.button(_("Open or join another room"), on_click=leave, key="together.again")


# --- the page's part for the room (issue 23, item 5) --------------------------------------------------------


def unreachable() -> None:
    """The room's database went away: the whole page says "Reconnecting…" (below the part, in its whole run)."""
    if not parts.whole_run():
        st.rerun()
    st.session_state[UNREACHABLE] = True


@parts.part
def room_part(code: str) -> None:
    """Everything the page shows of the room. The server runs this part alone as soon as the room changes
    (quitlok.ui.push), not the whole page, so that a move reaches every phone of a busy server sooner. When what
    the part is changes (a seat taken or lost, a request answered, the game begun or over, the room left), the whole
    page is drawn again, and its followers with it."""
    ss = st.session_state
    if ss.get(ROOM) != code:
        st.rerun()  # the room was left (or another one opened) by a tap in this part
    guard.calmly(RoomsUnavailable, unreachable)
    push.watch(rooms(), code)
    try:
        views, key_of, asked = looked_up(code)
        about = None if views else rooms().about(code)  # (RoomNotFound for a room that is no more)
    except RoomNotFound as refused:
        parts.keep_shape(SHAPE, None)
        parts.note_drawn(DRAWN, None)
        presence.forget()
        not_found_here(code, refused)
        return
    first = views[0] if views else None
    parts.keep_shape(SHAPE, (tuple(ss[SEATS]), tuple(v.seat for v in views), tuple(r.name for r in asked),
                            first and first.started, first and first.over))
    told()
    ss["together.key_of"] = key_of
    if first is None:
        if asked:
            waiting_to_come_in(code, asked)
            drawn = onlooker(code)
        else:
            drawn = join_this_room(about)
        follows = None if drawn is None else "follow"
        presence.forget()
        parts.keep_shape(SHAPE + ".follows", follows)
        parts.note_drawn(DRAWN, {"follows": follows, "version": about.version if drawn is None else drawn})
        return
    host = next((v for v in views if v.is_host), None)
    ss.setdefault(FINISHED, first.hands_finished)
    if not first.started and not first.over:
        lobby(first, host, {v.seat for v in views})
    elif not first.started:
        st.info(_("The host closed this room before the game began."))
        st.button(_("Open or join another room"), on_click=leave, key="together.again")
    else:
        game(views, host)
    if first.over:
        st.caption(words("still"))  # nothing changes in an ended game until the host deals a new one (a rematch)
    tokens = tuple(ss[SEATS][key_of[v.seat]] for v in views)
    shown = (first.presence, tuple(v.other_device for v in views))
    parts.note_drawn(DRAWN, {"follows": "rematch" if first.over else "follow", "version": first.version,
                             "computers_left": first.computer_to_act, "tokens": tokens, "presence": shown})
    presence.keep(rooms(), code, () if first.over else tokens, device(), shown)
    if first.computer_to_act and not parts.whole_run():
        st.rerun(scope="fragment")  # computers left to act play on in this part's views, one bounded step a run


def followers(code: str) -> None:
    """Below the part: the safety net under the push and the heartbeat while the game goes on, a look now and
    then for a rematch once it is over."""
    drawn = parts.drawn(DRAWN) or {}
    if drawn.get("follows") == "rematch":
        await_rematch(code)
    elif drawn.get("follows") == "follow":
        if "tokens" in drawn:
            heartbeat(code)
        follow(code)


# --- the page -------------------------------------------------------------------------------------

st.title(_("Play together"))
if kept_keys.sync("together"):
    st.rerun()  # the browser's keys came in: draw the page again with them, and write them back
arrived()
old_address = st.session_state.pop(OLD_ADDRESS, False)
code = st.session_state.get(ROOM)
if not code:
    if old_address:
        old_address_note("", found=False)
    entrance()
    st.stop()
guard.calmly(RoomsUnavailable, lambda: reconnecting(code))  # the room's database went away: "Reconnecting…"
send_kept()
tell_kept()

try:
    look_up(code)  # a code from a link counts as a code tried until it leads to a room (limits)
    if old_address:
        rooms().version(code)  # RoomNotFound for a code that is no room
except (RoomNotFound, TooOften) as refused:
    if old_address:
        old_address_note(code, found=False)
    not_found_here(code, refused)
    st.stop()
if old_address:
    old_address_note(code, found=True)

room_part(code)
if st.session_state.pop(UNREACHABLE, False):
    reconnecting(code)
    st.stop()
followers(code)
