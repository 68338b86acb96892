"""Play together: one game in a room that family or a class joins with a code, each on their own device,
or passing one device round (pass and play).

The room lives in the database (quitlok.rooms); this page only draws one seat's view of it and sends that
seat's decisions. The seat keys this device holds are kept in the session and in the address (?seat=), so
that a reload or a phone that slept finds its seats again; the link others are given carries only ?room=.
"""

import os

import pandas as pd
import streamlit as st

from quitlok import IllegalAction, ui
from quitlok.actions import Action
from quitlok.bots import PLAYERS
from quitlok.errors import TooOften
from quitlok.game import STAKE
from quitlok.practice import PracticeTable
from quitlok.rooms import (
    MAX_SEATS,
    NotSeated,
    RoomError,
    RoomNotFound,
    Rooms,
    RoomView,
    StaleView,
    seat_state,
    seat_table,
)
from quitlok.ui import coaching as coaching_ui
from quitlok.ui import guard, internals, joining, limits, names
from quitlok.ui import table as view

ui.through_the_app()

ROOM, SEATS = "together.room", "together.seats"
#: the seat whose face-down cards are uncovered on a device shared by several players
SHOWN = "together.shown"
PROBLEM, FEEDBACK = "together.problem", "together.feedback"
#: the new link the host made for someone's seat (a quitlok.rooms.Seat)
NEW_LINK = "together.new_link"
#: how many hands had ended when this device last showed how one ended
FINISHED = "together.finished"
STYLE_WORDS = {"cautious": "Cautious", "bold": "Bold", "best": "Best play"}
#: the room codes this session has looked up and found (a code not yet looked up counts as one tried: limits)
FOUND = "together.found"
#: the table drawn for nobody in particular, on a device several players share
NOBODY = -1
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


# --- where this device sits -------------------------------------------------------------------------


def remember(code: str | None, tokens: list[str]) -> None:
    """Keep the room and this device's seat keys in the session and in the address."""
    ss = st.session_state
    ss[ROOM], ss[SEATS] = code, tokens
    if code:
        ss.setdefault(FOUND, set()).add(code)
    st.query_params.clear()
    if code:
        st.query_params["room"] = code
    if tokens:
        st.query_params["seat"] = tokens


def leave() -> None:
    remember(None, [])
    for key in (SHOWN, PROBLEM, FINISHED, FEEDBACK):
        st.session_state.pop(key, None)


def arrived() -> None:
    """On a first run, take the room and seat keys from the address (a shared link, or a reload). Later, put
    them back in the address when it lost them (coming back from another page of the app), so that a reload
    still finds the seats."""
    ss = st.session_state
    if ROOM in ss:
        if ss[ROOM] and (st.query_params.get("room") != ss[ROOM] or st.query_params.get_all("seat") != ss[SEATS]):
            remember(ss[ROOM], ss[SEATS])
        return
    code = st.query_params.get("room")
    ss[ROOM] = code.strip().upper()[:12] if code else None
    ss[SEATS] = guard.link_keys("seat")[:MAX_SEATS] if code else []


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
                                  purses=ss["together.chips"], max_bet=max_bet)
        for _ in range(computers):
            rooms().add_computer(seat.code, seat.token, style)
        remember(seat.code, [seat.token])

    attempt(create, "create")


def computer_players() -> tuple[int, str]:
    """How many computer players the new room gets, and their style, checked as the form offers it (a forged
    message may send any label, which the callback reads before the form is drawn; Streamlit itself keeps a
    number field's value within its limits): refused before the room is opened, so that none is opened
    half-way."""
    computers, style = st.session_state["together.computers"], st.session_state["together.style"]
    if not (type(style) is str and style in STYLE_WORDS):
        raise RoomError(f"How they play: one of {', '.join(STYLE_WORDS.values())}.")
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


def act(code: str, token: str, table: PracticeTable, version: int, action: Action) -> None:
    """This seat's decision, applied only if nobody changed the room since it was drawn."""
    coaching = table.coaching() or table.banker_coaching()  # what the decision is worth, priced before it
    try:
        now = rooms().act(code, token, action, version=version)
    except StaleView:
        problem("Someone else moved first, so your choice was not made. Here is the table as it is now.", "game",
                rooms().version(code))
        return
    except (RoomError, IllegalAction) as refused:
        problem(str(refused), "game", version)
        return
    st.session_state.pop(PROBLEM, None)
    note = coaching_ui.feedback(table.state, coaching, action)
    st.session_state[FEEDBACK] = (table.human, now, note) if note else None
    st.session_state[FINISHED] = table.state.hands_finished


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
        st.header("Join a room")
        st.caption(words("join"))
        guard.keep_text("together.code", guard.CODE_CHARS)
        st.text_input("Room code", key="together.code", placeholder="for example K7QH3M", max_chars=guard.CODE_CHARS)
        guard.keep_text("together.join_name", guard.NAME_CHARS)
        st.text_input("Your name at the table", key="together.join_name", placeholder="as the others will see it",
                      max_chars=guard.NAME_CHARS)
        show_problem("join")
        st.button("Sit down", type="primary", key="together.join", icon=":material/chair:",
                  on_click=lambda: join_room(ss["together.code"], "together.join_name"))
    with new.container(border=True, key="together-create-box"):
        st.header("Open a room")
        st.caption(words("create", rules=rules.name))
        guard.keep_text("together.host_name", guard.NAME_CHARS)
        st.text_input("Your name (you host the room)", key="together.host_name",
                      placeholder="as the others will see it", max_chars=guard.NAME_CHARS)
        a, b = st.columns(2)
        a.number_input("Starting chips for everyone", 1, 1000, key="together.chips")
        b.number_input("Opening bank", 1, 1000, key="together.bank",
                       help="The least every new banker stakes; it can't be more than the starting chips.")
        if rules.agreed_max_bet:
            a.number_input("Maximum bet (chips)", 1, 1000, key="together.max_bet",
                           on_change=lambda: ss.__setitem__("together.max_bet_set", True),
                           help=f"{rules.name} players agree a maximum bet before the game; by default a quarter "
                                "of the opening bank, at least 1.")
        b.number_input("Computer players", 0, MAX_SEATS - 1, key="together.computers",
                       help="To fill seats; you can add more, or remove them, before the start.")
        b.selectbox("How they play", list(STYLE_WORDS), key="together.style", format_func=STYLE_WORDS.get)
        show_problem("create")
        st.button("Open the room", type="primary", on_click=create_room, key="together.create",
                  icon=":material/meeting_room:")


def join_this_room(code: str) -> bool:
    """Someone opened a room's link: give a name and sit down; told at once when nobody can any more.
    Whether they still can (else nothing the page shows can change)."""
    about = rooms().about(code)
    if about.started or about.over:
        st.warning(words("too_late", code=code, state="ended" if about.over else "started"),
                   icon=":material/door_front:")
        st.button("Open or join another room", on_click=leave, key="together.again")
        return False
    with st.container(border=True, key="together-join-box"):
        st.header(f"Join room {code}")
        guard.keep_text("together.join_name", guard.NAME_CHARS)
        st.text_input("Your name at the table", key="together.join_name", placeholder="as the others will see it",
                      max_chars=guard.NAME_CHARS)
        show_problem("join")
        left, right = st.columns(2)
        left.button("Sit down", type="primary", key="together.join", icon=":material/chair:",
                    on_click=join_room, args=(code, "together.join_name"))
        right.button("Another room", key="together.leave", on_click=leave)
    return True


def room_link(code: str) -> tuple[str, str | None]:
    """The link to the room, as other devices can open it, and the key of a note on it, if any."""
    return joining.page_link("together", room=code)


def invitation(code: str, *, hosting: bool) -> None:
    """The code in large letters, the link and its QR code; for the host, how others get in."""
    link, note = room_link(code)
    text = words("share" if hosting else "share_guest") + (" " + words(note) if note and hosting else "")
    joining.invitation(code, link, label="Room code", note=text)


def who_sits(room: RoomView, tokens_here: set[int]) -> None:
    """The seats in order: name, a person or which computer player, host and this device."""
    lines = []
    for seat, (name, style) in enumerate(zip(room.players, room.styles, strict=True)):
        kind = f"computer player ({PLAYERS[style]().label})" if style else "person"
        marks = [kind] + (["host"] if seat == room.host else []) + (["on this device"] if seat in tokens_here else [])
        lines.append(f"{seat + 1}. **{names.markdown(name)}** · {', '.join(marks)}")
    st.markdown("\n".join(lines))


def lobby(room: RoomView, host: RoomView | None, here: set[int]) -> None:
    """Before the start: the invitation, who has sat down, and the host's buttons."""
    code = room.code
    if host is None:
        st.info(words("lobby_wait"), icon=":material/hourglass_top:")
    invitation(code, hosting=host is not None)
    st.header(f"At the table ({len(room.players)} of {MAX_SEATS} seats)")
    st.caption(f"{room.rules.name} rules · {room.starting_purse} chips each · opening bank {room.opening_bank}")
    who_sits(room, here)
    if host is None:
        add_player_here(code)
        return
    token = host_token(host)
    full = len(room.players) >= MAX_SEATS
    with st.container(border=True, key="together-lobby-host"):
        a, b = st.columns(2)
        a.selectbox("Computer player", list(STYLE_WORDS), key="together.add_style", format_func=STYLE_WORDS.get)
        a.button("Add a computer player", key="together.add_computer", disabled=full, icon=":material/smart_toy:",
                 on_click=lambda: attempt(lambda: rooms().add_computer(code, token, st.session_state[
                     "together.add_style"]), "lobby"))
        others = [seat for seat in range(len(room.players)) if seat != room.host]
        if others:
            b.selectbox("Seat", others, key="together.remove_seat",
                        format_func=lambda seat: f"{seat + 1}. {names.plain(room.players[seat])}")
            b.button("Take this seat away", key="together.remove", icon=":material/person_remove:",
                     on_click=lambda: remove_seat(room, token, st.session_state["together.remove_seat"], "lobby"))
        show_problem("lobby")
        st.button("Start the game", type="primary", key="together.start", disabled=len(room.players) < 2,
                  icon=":material/play_arrow:", on_click=lambda: attempt(lambda: rooms().start(code, token), "lobby"),
                  help="Deals for the first bank. Nobody can join after this.")
        st.caption("Start when everyone has sat down: the seats are dealt a card each for the first bank, and "
                   "nobody can join after that." if len(room.players) >= 2 else
                   "A game needs at least two seats: wait for someone to join, or add a computer player.")
    add_player_here(code)


def add_player_here(code: str) -> None:
    """Pass and play: another person sits down on this same device."""
    with st.expander("Another player on this device (pass and play)"):
        st.caption(words("pass_device"))
        guard.keep_text("together.here_name", guard.NAME_CHARS)
        st.text_input("Their name at the table", key="together.here_name", max_chars=guard.NAME_CHARS)
        show_problem("here")
        st.button("Sit them down", key="together.here", on_click=join_room, args=(code, "together.here_name"))


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
        st.header(f"Pass to {name}")
        st.markdown(words("curtain", name=name))
        st.button(f"I am {name}: show my cards", type="primary", key="together.uncover",
                  icon=":material/visibility:", on_click=lambda: st.session_state.__setitem__(SHOWN, room.seat))


def waiting_words(room: RoomView) -> str:
    """Whose turn it is, as Markdown (the name escaped)."""
    if room.paused:
        return words("paused")
    who = names.markdown(room.players[room.to_act])
    return f"Waiting for {who}, who {view.doing_words(room.state)}…"


def my_turn(room: RoomView, table: PracticeTable, token: str) -> None:
    s = table.state
    name = names.markdown(room.players[room.seat])
    if s.phase == STAKE:
        st.header(f"The bank comes to you, {name}", anchor="your-move")
    else:
        st.header(f"Your turn as banker, {name}" if s.banker == room.seat else f"Your turn, {name}",
                  anchor="your-move")
    view.hand_for_phones(table)
    st.markdown(view.situation(table))
    view.action_buttons(table, "together", lambda action: act(room.code, token, table, room.version, action))
    coaching_ui.hint(table, "together")


def summary(room: RoomView) -> None:
    """Who won what: each seat's chips now against what it started with."""
    st.header("The game is over" if not room.ended_by_host else "The host ended the game")
    if room.people_out:
        st.info(words("people_out"), icon=":material/money_off:")
    frame = pd.DataFrame({
        "Player": [names.markdown(name) for name in room.players],  # st.table reads its cells as Markdown
        "Chips now": room.chips,
        "Won or lost": [f"{c - room.starting_purse:+d}" if c != room.starting_purse else "±0" for c in room.chips],
    }).sort_values("Chips now", ascending=False, kind="stable")
    st.table(frame, hide_index=True)
    best = max(room.chips)
    winners = [name for name, c in zip(room.players, room.chips, strict=True) if c == best]
    st.markdown(f"Most chips: {view.and_list([f'**{names.markdown(w)}**' for w in winners])}, with {best}. "
                f"Everyone started with {room.starting_purse}.")
    st.button("Leave this room", key="together.done", on_click=leave)


def host_tools(room: RoomView, host: RoomView) -> None:
    token = host_token(host)
    with st.expander("Host's tools", icon=":material/admin_panel_settings:"):
        st.caption(words("host_tools"))
        people = [seat for seat, style in enumerate(room.styles) if style is None and seat != room.host]
        if people:
            a, b, c = st.columns([2, 2, 1.4], vertical_alignment="bottom")
            a.selectbox("Someone has left", people, key="together.remove_seat",
                        format_func=lambda seat: names.plain(room.players[seat]))
            b.selectbox("A computer player takes over", list(STYLE_WORDS), key="together.take_over",
                        format_func=STYLE_WORDS.get)
            c.button("Hand the seat over", key="together.remove", icon=":material/smart_toy:",
                     on_click=lambda: remove_seat(room, token, st.session_state["together.remove_seat"], "host"))
        if people:
            new_link(room, token, people)
        show_problem("host")
        left, right = st.columns(2)
        if room.paused:
            left.button("Let the game go on", key="together.resume", icon=":material/play_arrow:",
                        on_click=lambda: attempt(lambda: rooms().resume(room.code, token), "host"))
        else:
            left.button("Pause the game", key="together.pause", icon=":material/pause:",
                        on_click=lambda: attempt(lambda: rooms().pause(room.code, token), "host"))
        sure = right.checkbox("Yes, end it for everyone", key="together.sure")
        right.button("End the game", key="together.end", disabled=not sure, icon=":material/stop:",
                     on_click=lambda: attempt(lambda: rooms().end(room.code, token), "host"))


def turn_banner(room: RoomView, table: PracticeTable) -> None:
    """At the top, where a phone shows it without scrolling: whose turn it is, and a link down to the
    buttons when it is this seat's."""
    if room.paused or room.to_act != room.seat or table.human == NOBODY:
        st.info(waiting_words(room), icon=":material/hourglass_top:")
    else:
        name = names.markdown(room.players[room.seat])
        st.success(f"**Your turn, {name}.** [Choose your move below ↓](#your-move)", icon=":material/front_hand:")


def new_link(room: RoomView, token: str, people: list[int]) -> None:
    """For someone who lost their page: a new link to their seat (the old one stops working)."""
    a, b = st.columns([2, 3], vertical_alignment="bottom")
    a.selectbox("Someone lost their page", people, key="together.rekey_seat",
                format_func=lambda seat: names.plain(room.players[seat]))

    def rekey() -> None:
        seat = st.session_state["together.rekey_seat"]
        attempt(lambda: st.session_state.__setitem__(NEW_LINK, rooms().new_key(room.code, token, seat)), "host")

    b.button("Make a new link to their seat", key="together.rekey", icon=":material/key:", on_click=rekey)
    seat = st.session_state.get(NEW_LINK)
    if seat is not None and seat.code == room.code and seat.seat in people:
        link, _ = room_link(seat.code)
        link += f"&seat={seat.token}"
        text, picture = st.columns([3, 1], vertical_alignment="center")
        text.markdown(f"New link for **{names.markdown(room.players[seat.seat])}** (only for them; their old "
                      f"link no longer works):  \n[{link}]({link})")
        picture.html(f'<img class="ql-qr" src="{joining.qr_code(link)}" alt="QR code of the new link to '
                     f'{names.attribute(room.players[seat.seat])}\'s seat">'
                     '<style>.ql-qr { width: 100%; max-width: 160px; background: #fff; }</style>')


def game(views: list[RoomView], host: RoomView | None) -> None:
    """The table as this device may show it. What needs doing comes first (the summary, the curtain, whose
    turn), so that a phone shows it without scrolling; the host's tools stay in one place, so that they do
    not fold up when the game moves on."""
    room, table, covered = drawn_for(views)
    token = st.session_state[SEATS][seat_keys(room)]
    shown = [f"**{names.markdown(room.players[v.seat])}**" for v in views]
    here = f"you play as {shown[0]}" if len(views) == 1 else " and ".join(shown) + " play on this device"
    st.caption(f"Room **{room.code}** · {room.rules.name} rules · {here}")
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
    if note and seat == room.seat and version == room.version:
        kind, text = note
        (st.success if kind == "best" else st.warning)(text, icon=":material/school:")


# --- following the room -------------------------------------------------------------------------------


@guard.fragment(run_every=1.0)
def follow(code: str, version: int, *, computers_left: bool = False) -> None:
    """Every second, a look at the room's version: the page is drawn again only when something changed (or
    when the browser had stopped following, internals.stalled). When computer players are left to act (a
    hand in which no person has a decision: each call of the store plays one bounded step of it), the page
    is drawn again anyway: its view lets them play on. Not called once the game is over: nothing can change."""
    try:
        now = rooms().version(code)
    except RoomNotFound:
        now = None
    if now != version or computers_left or internals.stalled():
        st.rerun()


# --- the page -------------------------------------------------------------------------------------

st.title("Play together")
arrived()
code = st.session_state.get(ROOM)
if not code:
    entrance()
    st.stop()

views: list[RoomView] = []
key_of: dict[int, int] = {}
try:
    look_up(code)
    kept = []
    for token in st.session_state[SEATS]:
        try:
            seen = rooms().view(code, token)
        except NotSeated as lost:
            st.warning(str(lost) + " " + words("lost_seat"), icon=":material/person_off:")
            continue
        key_of[seen.seat] = len(kept)
        kept.append(token)
        views.append(seen)
    if kept != st.session_state[SEATS]:
        remember(code, kept)
    if not views:
        rooms().version(code)  # RoomNotFound for a code that is no room
except (RoomNotFound, TooOften) as refused:
    if isinstance(refused, TooOften):
        st.warning(limits.refusal(refused), icon=":material/hourglass_top:")
    else:
        st.error(words("not_found", code=ui.escape_markdown(code)), icon=":material/search_off:")
    st.button("Open or join another room", on_click=leave, key="together.again")
    st.stop()
st.session_state["together.key_of"] = key_of

if not views:
    if join_this_room(code):
        follow(code, rooms().version(code))
    st.stop()

host = next((v for v in views if v.is_host), None)
here = {v.seat for v in views}
st.session_state.setdefault(FINISHED, views[0].hands_finished)
if not views[0].started and not views[0].over:
    lobby(views[0], host, here)
elif not views[0].started:
    st.info("The host closed this room before the game began.")
    st.button("Open or join another room", on_click=leave, key="together.again")
else:
    game(views, host)
if views[0].over:
    st.caption(words("still"))  # nothing can change in an ended game: the page stops looking for news
else:
    follow(code, views[0].version, computers_left=views[0].computer_to_act)
