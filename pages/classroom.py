"""Class session: the teacher projects a position, the class predicts on their phones, the engine's exact
answer is revealed beside a chart of the class's answers; and a class table where the class votes on its
seat's move.

The session lives in the database (quitlok.classroom.store); the teacher's device, the projected screen and
each phone draw their own view of it. The teacher's device (the one that started the session, holding the
teacher's key) has the controls and the class list; the projected screen (?class=CODE&screen=projector) holds
no key and shows only the question, the chart and the answer, in projector mode; a pupil's phone shows the
session alone while it runs (quitlok.ui.session_only). The address and every link hold only the session's
code (?class=). A student's key is kept in the session and the browser's local storage (quitlok.ui.seat_keys),
the teacher's in a cookie, so a reload finds them again; a pupil on a new phone asks for his place by nickname
and the teacher lets him in.
"""

import os

import pandas as pd
import streamlit as st

from quitlok import IllegalAction, narration, ui
from quitlok.cards import plural
from quitlok.classroom import KINDS, ClassQuestion, ClassroomError, Position, available_kinds, kind_title
from quitlok.classroom.errors import Removed
from quitlok.classroom.own import OWN, OwnQuestion
from quitlok.classroom.store import Classes, ClassView, Round
from quitlok.errors import TooOften
from quitlok.i18n import _, decimal, ngettext, percent
from quitlok.rooms import NoSuchRequest, NotSeated, RoomError, RoomNotFound, SeatMoved, seat_table
from quitlok.rooms.store import IDLE_SECONDS
from quitlok.ui import (
    browser,
    charts,
    guard,
    internals,
    joining,
    language,
    limits,
    names,
    own_questions,
    parts,
    positions,
    push,
    rtl,
    session_only,
    sidebar,
)
from quitlok.ui import seat_keys as kept_keys
from quitlok.ui import table as view

ui.through_the_app()

CODE, KEY, TEACHER, PROBLEM = "class.code", "class.key", "class.teacher", "class.problem"
#: the address this page was opened with held a key (?key=), which addresses no longer carry
OLD_ADDRESS = "class.old_address"
#: the class codes this session has looked up and found (a code not yet looked up counts as one tried: limits)
FOUND = "class.found"
#: how long the teacher's browser keeps the teacher's key (a session left idle this long is removed)
KEEP_SECONDS = 12 * 3600
#: the most lines of the class table's log shown after a vote
MAX_LINES = 14
MIXED = "mixed"
#: a pupil's part of the page (pupil_part, quitlok.ui.parts)
PUPIL_PART = "class.pupil"


@st.cache_resource
def store(url: str | None) -> Classes:
    """One store per database for the whole server: its connections are shared by every visitor."""
    return Classes(url)


def classes() -> Classes:
    return store(os.environ.get("QUITLOK_DATABASE_URL"))


def words(key: str, **values: str) -> str:
    """The class session's words; {hours}: how long an idle session is kept (quitlok.rooms.store.IDLE_SECONDS)."""
    return ui.content_sections("classroom/help")[key].format(hours=IDLE_SECONDS // 3600, **values)


# --- where this device is ------------------------------------------------------------------------------


def remember(code: str | None, key: str | None, *, teacher: bool = False) -> None:
    """Keep this device's session and key. The address holds the session's code alone: a student's key is
    kept in the browser's local storage (a shared or photographed address opens no place), the teacher's in a
    cookie of the teacher's browser (teacher_screen), as a projector shows the address to the room."""
    st.session_state[CODE], st.session_state[KEY], st.session_state[TEACHER] = code, key, teacher
    if code:
        st.session_state.setdefault(FOUND, set()).add(code)
    if code and not teacher:
        kept_keys.keep("class", code, [key] if key else [])
    st.query_params.clear()
    if code:
        st.query_params["class"] = code
    language.keep_in_address()


def cookie_name(code: str) -> str:
    return f"quitlok_class_{code}"


def address_lost() -> bool:
    """Whether the address no longer holds this device's session. Seen under load: a follow-up run sent by the
    browser just before a join carried the address from before it; the next whole run of the page puts it back."""
    ss = st.session_state
    return bool(ss.get(CODE)) and st.query_params.get("class") != ss[CODE]


def arrived() -> None:
    """On a first run, take the session from the address and the key from this browser's storage (a student's)
    or cookie (the teacher's); later, put the address back if it lost it. An address that still carries a key
    (?key=, as earlier versions made them) gives no place: the key is taken out, and the page says so."""
    ss = st.session_state
    if "key" in st.query_params:
        del st.query_params["key"]
        ss[OLD_ADDRESS] = True
    if CODE in ss:
        if ss[CODE] and not ss.get(TEACHER) and not ss.get(KEY):
            ss[KEY] = (kept_keys.held("class", ss[CODE]) or [None])[-1]  # the browser's storage answered late
        if address_lost():
            remember(ss[CODE], ss[KEY], teacher=ss.get(TEACHER, False))
        return
    code = st.query_params.get("class")
    ss[CODE] = "".join(code.split()).upper()[:12] if code else None
    ss[KEY] = ((kept_keys.held("class", ss[CODE]) or [None])[-1] or browser.cookie(cookie_name(ss[CODE]))
               if ss[CODE] else None)
    ss[TEACHER] = False


def leave() -> None:
    remember(None, None)
    session_only.release()
    st.session_state.pop(PROBLEM, None)


def attempt(work, where: str) -> None:
    """Run a change; a refusal becomes a message beside the button pressed."""
    try:
        work()
    except (ClassroomError, RoomError, IllegalAction) as refused:
        st.session_state[PROBLEM] = (where, str(refused))
        return
    except TooOften as refused:
        st.session_state[PROBLEM] = (where, limits.refusal(refused))
        return
    st.session_state.pop(PROBLEM, None)


def show_problem(where: str) -> None:
    note = st.session_state.get(PROBLEM)
    if note and note[0] == where:
        st.error(ui.escape_markdown(note[1]), icon=":material/error:")


# --- the way in -------------------------------------------------------------------------------------


def start_session() -> None:
    def start() -> None:
        with limits.spend("open"):
            teacher = classes().create(ui.current_rules())
        remember(teacher.code, teacher.token, teacher=True)

    attempt(start, "start")


def not_found(problem: BaseException | None) -> bool:
    return isinstance(problem, RoomNotFound)


def look_up(code: str) -> None:
    """A code this session has not found yet (from a link) counts as a code tried unless it leads to a class
    session: RoomNotFound, or TooOften when this browser or its address has tried too many that led nowhere."""
    if code not in st.session_state.get(FOUND, ()):
        with limits.spend("code", counts=not_found):
            classes().version(code)
        st.session_state.setdefault(FOUND, set()).add(code)


def join(code: str) -> None:
    """Join with the nickname typed, or the friendly name chosen. The keys this device holds for the session go
    with it (a device that holds a place gets it back: one device, one pupil), and a new place is limited per
    browser and address (quitlok.limits, "pupil")."""
    def sit() -> None:
        with limits.spend("code", counts=not_found):  # a wrong code counts
            choices = classes().joining_names(code)
        if choices is not None and st.session_state.get("class.picked") not in choices:
            remember(code, None)  # the code typed leads to a session of friendly names: show the list
            raise ClassroomError(words("pick_name"))
        name = st.session_state.get("class.picked") if choices is not None else st.session_state["class.nickname"]
        held = kept_keys.held("class", "".join(code.split()).upper())
        with limits.spend("join"), limits.spend("pupil"):
            student = classes().join(code, name, held=held)
        remember(student.code, student.token)

    attempt(sit, "join")


def come_back(code: str) -> None:
    """A pupil on a new phone asks for his place by nickname: the key the request makes opens it once the
    teacher lets him in."""
    def ask() -> None:
        request = classes().come_back(code, st.session_state["class.nickname"])
        remember(request.code, request.token)

    attempt(ask, "join")


def entrance(code: str | None) -> None:
    st.markdown(words("intro"))
    student, teacher = st.columns(2, gap="large")
    with student.container(border=True, key="class-join-box"):
        st.header(_("Join your class"))
        st.caption(words("student"))
        if code:
            st.markdown(_("Class session **{code}**").format(code=code))
        else:
            guard.keep_text("class.typed_code", guard.CODE_CHARS)
            st.text_input(_("Class code"), key="class.typed_code", placeholder=example_code(),
                          max_chars=guard.CODE_CHARS)
        choices = friendly_choices(code)
        if choices is None:
            guard.keep_text("class.nickname", guard.NAME_CHARS)
            st.text_input(_("Your nickname"), key="class.nickname", placeholder=_("as the class will see it"),
                          max_chars=guard.NAME_CHARS)
        else:
            st.selectbox(_("Your name"), choices, key="class.picked", index=None, placeholder=_("choose a name"),
                         help=words("pick_name"))
        show_problem("join")
        st.button(_("Join"), type="primary", key="class.join", icon=rtl.icon(":material/login:"),
                  on_click=lambda: join(code or st.session_state.get("class.typed_code", "")))
        if code:
            st.caption(words("come_back"))
            st.button(_("Let me back in (I was on another phone)"), key="class.come_back", icon=":material/devices:",
                      on_click=come_back, args=(code,))
    if code:
        return
    with teacher.container(border=True, key="class-start-box"):
        st.header(_("Run a class session"))
        st.caption(words("teacher", rules=sidebar.rules_name(ui.current_rules())))
        show_problem("start")
        st.button(_("Start a session"), type="primary", key="class.start", icon=":material/co_present:",
                  on_click=start_session)
    with teacher.container(border=True, key="class-project-box"):
        st.subheader(_("Show a session on this screen"))
        st.caption(words("project_here"))
        guard.keep_text("class.project_code", guard.CODE_CHARS)
        st.text_input(_("Class code"), key="class.project_code", placeholder=example_code(),
                      max_chars=guard.CODE_CHARS)
        show_problem("project")
        st.button(_("Show on this screen"), key="class.project", icon=":material/cast:", on_click=project_here)


def example_code() -> str:
    """The placeholder of a field for a class code."""
    # Translators: the placeholder of the field for a code; K7QH3M is a code, kept as it is
    return _("for example {code}").format(code="K7QH3M")


def project_here() -> None:
    """This screen becomes the projected screen of the session whose code was typed (a code that leads nowhere
    counts as one tried: quitlok.limits)."""
    code = "".join(str(st.session_state.get("class.project_code", "")).split()).upper()[:12]

    def show() -> None:
        look_up(code)
        st.query_params.from_dict({"class": code, session_only.SCREEN: session_only.PROJECTOR})
        language.keep_in_address()  # a projector set up in Czech stays Czech

    attempt(show, "project")


def friendly_choices(code: str | None) -> tuple[str, ...] | None:
    """The friendly names still free when session `code` asks for them; None for free nicknames (or no code)."""
    if not code:
        return None
    try:
        return classes().joining_names(code)
    except RoomNotFound:
        return None


# --- drawing a question ---------------------------------------------------------------------------------


def position(pos: Position, size: int | None = None) -> None:
    """The seats of a question's position with their cards, as the table draws them (quitlok.ui.positions)."""
    positions.position(pos, size)


def said(question: ClassQuestion | OwnQuestion, text: str) -> str:
    """A question's words as Markdown: the engine's as they are, the teacher's own shown exactly as typed."""
    return ui.escape_markdown(text) if question.kind == OWN else text


def question_block(question: ClassQuestion | OwnQuestion, number: int) -> None:
    """The question (`number` from 1, counting questions only), its position (the teacher's own have none) and
    its prompt."""
    st.header(_("Question {number}: {title}").format(number=number, title=question.title))
    if question.position is not None:
        position(question.position)
    st.markdown(said(question, question.prompt))


def option_label(i: int, option: str) -> str:
    return f"{chr(65 + i)}. {option}"


def options_list(options: tuple[str, ...]) -> str:
    """The options, a line each in bold, lettered as the phones and the chart letter them (Markdown)."""
    return "  \n".join(f"**{option_label(i, option)}**" for i, option in enumerate(options))


def options_of(question: ClassQuestion | OwnQuestion) -> tuple[str, ...]:
    """A question's options as Markdown (the teacher's own shown exactly as typed)."""
    return tuple(said(question, option) for option in question.options)


def answers_chart(current: Round, responses: tuple[float, ...], *, voted: int | None = None) -> None:
    """The class's answers, with the right one marked (a vote has none); `voted`: the move a closed vote played,
    charted with the options that had votes alone (see charts.class_choices_chart)."""
    large = ui.projector()
    if current.question is not None and current.question.slider is not None:
        q = current.question
        fig = charts.slider_chart(list(responses), float(q.answer_percent), q.slider.tolerance, large=large)
    else:
        counts = [sum(1 for r in responses if int(r) == i) for i in range(len(current.options))]
        right = current.question.answer if current.question is not None else None
        fig = charts.choices_chart(current.options, counts, right, large=large, voted=voted)
    st.plotly_chart(fig, config={"displayModeBar": False}, key=f"class-chart-{len(responses)}")


def truth(question: ClassQuestion | OwnQuestion, young: bool = False) -> None:
    """The answer and why; `young`: the reason as said to a young class (the session's setting)."""
    if question.kind == OWN:
        st.success(_("**The answer: {answer}.** {why}").format(answer=ui.escape_markdown(question.answer_text),
                                                               why=said(question, question.why)),
                   icon=":material/check_circle:")
        return
    st.success(_("**The exact answer: {answer}.** {why}").format(answer=question.answer_text,
                                                                 why=question.why_for(young)),
               icon=":material/check_circle:")


def so_far(answered: int, size: int) -> str:
    """How many have answered (or voted) of the class: "3 of 25"."""
    # Translators: how many of the class have answered so far: "3 of 25"
    return _("{answered} of {size}").format(answered=answered, size=size)


# --- the teacher's screen ---------------------------------------------------------------------------------


def teacher_screen(session: ClassView) -> None:
    code, key = session.code, st.session_state[KEY]
    if not st.session_state.get(TEACHER):
        remember(code, key, teacher=True)  # an old address with the key in it: take the key out
    browser.keep_cookie(cookie_name(code), key, KEEP_SECONDS)
    if session.ended:
        ended(session, key)
        return
    link, note = joining.page_link("classroom", **{"class": code})
    screen, _note = joining.page_link("classroom", **{"class": code, session_only.SCREEN: session_only.PROJECTOR})
    with st.container(border=True, key="class-projector-link"):
        # not "primary": Streamlit draws a primary link's words white on the dark theme's gold (1.9:1, axe)
        st.link_button(_("Open the projector screen"), screen, icon=":material/cast:", key="class.projector_link")
        st.caption(words("projector"))
    with st.expander(_("Code, link and QR code to join"), expanded=session.round is None):
        joining.invitation(code, link, label=_("Class code"), note=words("share") + (
            " " + ui.content_sections("together/help")[note] if note else ""))
    st.caption(_("{rules} rules · {students} joined").format(rules=sidebar.rules_name(session.rules),
                                                            students=plural(session.class_size, "student")))
    controls(session, key)
    own_questions.panel(lambda q: attempt(lambda: classes().ask_own(code, key, q), "teacher"),
                        asking=session.phase != "open")
    requests(session, key)
    show_problem("teacher")
    current = session.round
    if current is None:
        if session.table is None:
            st.info(_("When the class has joined, press **Next question**."), icon=":material/groups:")
    elif current.vote is not None:
        class_table(session, key)
    else:
        question_block(current.question, session.questions_asked)
        for i, option in enumerate(options_of(current.question) if not current.question.slider else ()):
            st.markdown(f"**{option_label(i, option)}**")
        if session.phase == "open":
            st.metric(_("Answers so far"), so_far(session.answered, session.class_size))
        else:
            answers_chart(current, session.responses)
            truth(current.question, session.young)
    if session.table is not None and (current is None or current.vote is None) and session.phase != "open":
        class_table(session, key)  # started, or back to it after a question: the table waits for a vote
    if session.board_shown:
        board(session)
    class_list(session, key)
    results(session, key)
    report_link(session)
    with st.expander(_("End the session")):
        sure = st.checkbox(_("Yes, end the session for everyone"), key="class.sure")
        st.button(_("End the session"), disabled=not sure, key="class.end", icon=":material/stop:",
                  on_click=lambda: attempt(lambda: classes().end(session.code, key), "teacher"))


def ended(session: ClassView, key: str) -> None:
    """After the end: what the class did, the results to keep, and a way to a new session."""
    asked = session.questions_asked
    st.info(_("This session has ended, after {questions} with {students}. The results stay here until the page "
              "is closed.").format(questions=plural(asked, "question"), students=plural(session.class_size, "student")),
            icon=":material/flag:")
    results(session, key, expanded=True)
    report_link(session)
    st.button(_("Start or join another session"), on_click=leave, key="class.again", type="primary",
              icon=":material/restart_alt:")


def controls(session: ClassView, key: str) -> None:
    code = session.code
    with st.container(border=True, key="class-controls"):
        a, b, c = st.columns(3, vertical_alignment="bottom")
        kinds = [MIXED, *[k for k in KINDS if k in available_kinds(session.rules)]]
        a.selectbox(_("Next question's kind"), kinds, key="class.kind",
                    format_func=lambda k: _("Mixed, in turn") if k == MIXED else kind_title(k, session.rules))
        kind = st.session_state.get("class.kind", MIXED)
        a.button(_("Next question"), type="primary", key="class.ask", icon=rtl.icon(":material/skip_next:"),
                 disabled=session.phase == "open",
                 on_click=lambda: attempt(lambda: classes().ask(code, key, None if kind == MIXED else kind), "teacher"))
        voting = session.round is not None and session.round.vote is not None
        b.button(_("Close the vote") if voting else _("Reveal the answer"), key="class.reveal", type="primary",
                 icon=":material/how_to_vote:" if voting else ":material/visibility:",
                 disabled=session.phase != "open",
                 on_click=lambda: attempt(lambda: classes().reveal(code, key), "teacher"))
        st.session_state.setdefault("class.board", session.board_shown)
        b.toggle(_("Show the top five"), key="class.board",  # the switch says what to show, never "the opposite"
                 on_change=lambda: attempt(lambda: classes().show_board(code, key, st.session_state["class.board"]),
                                           "teacher"))
        if session.table is None:
            c.button(_("Start a class table"), key="class.table", icon=":material/table_restaurant:",
                     on_click=lambda: attempt(lambda: classes().start_table(code, key), "teacher"))
        else:
            c.button(_("Open a vote on the class's move"), key="class.vote", icon=":material/how_to_vote:",
                     disabled=session.phase == "open" or not session.table.legal,
                     on_click=lambda: attempt(lambda: classes().open_vote(code, key), "teacher"))


def class_table(session: ClassView, key: str) -> None:
    """The projected class table: the class's seat, the vote, and once closed the advisor on each move."""
    table = session.table
    st.header(_("The class table"))
    st.caption(words("table"))
    seen = seat_table(table)
    view.whole_table(seen, with_hand_over=False)
    vote = session.round.vote if session.round is not None else None
    if vote is not None and session.phase == "open":
        for i, option in enumerate(vote.options):
            st.markdown(f"**{option_label(i, option)}**")
        st.metric(_("Votes so far"), so_far(session.answered, session.class_size))
    elif vote is not None:
        answers_chart(session.round, session.responses, voted=vote.chosen)
        if vote.values:
            st.success(chose_words(vote, verdict_on(vote)), icon=":material/school:")
            st.markdown(_("Each move, on average: {moves}").format(moves=" · ".join(
                f"**{o}** {ui.chips(v)}" for o, v in zip(vote.options, vote.values, strict=True))))
        else:
            st.success(chose_words(vote), icon=":material/school:")
        what_happened(vote, table)
    elif table.legal:
        st.info(_("It is the class's turn: open a vote."), icon=":material/how_to_vote:")
    view.the_log(seen, "class-table-log")


def verdict_on(vote) -> str | None:
    """What the move the class chose was worth against the best, in words (None: the advisor priced no move)."""
    if not vote.values:
        return None
    best = max(range(len(vote.values)), key=lambda i: vote.values[i])
    cost = vote.values[best] - vote.values[vote.chosen]
    # Translators: what the class's move was worth, after "The class chose Bet: "; {cost} is in chips
    return (_("the best move here") if cost < 0.005 else
            _("{cost} chips worse on average than the best, {best}").format(cost=decimal(cost, 2),
                                                                            best=vote.options[best]))


def chose_words(vote, verdict: str | None = None) -> str:
    """The move the class chose, as Markdown, with whether it was a tie and, when given, the `verdict` on it."""
    move = vote.options[vote.chosen]
    if verdict is None:
        text = (_("The class chose **{move}** (a tie: the move listed first of those tied was played).") if vote.tied
                else _("The class chose **{move}**."))
    else:
        text = (_("The class chose **{move}** (a tie: the move listed first of those tied was played): {verdict}.")
                if vote.tied else _("The class chose **{move}**: {verdict}."))
    return text.format(move=move, verdict=verdict)


def what_happened(vote, table) -> None:
    """What the class's move and the computer players after it did, up to the class's next turn: the lines of
    the table's log since the vote, so a hand that ended on the move is seen ending."""
    happened = table.events[vote.events_from:] if vote.events_from is not None else ()
    lines = narration.sentences(happened, table.players, table.seat)
    if lines:
        with st.container(border=True, key="class-what-happened"):
            st.markdown(_("**What happened next**"))
            st.markdown("\n".join(f"- {ui.escape_markdown(line)}" for line in lines[-MAX_LINES:]))


def board(session: ClassView, *, one_line: bool = False) -> None:
    """The top five, those with at least one right answer (nobody is ranked at nought). On the projected screen
    (`one_line`) a line of names under the chart, so that the question, its chart and answer still fit one screen."""
    leaders = [(nickname, right) for nickname, right in session.board if right]
    if one_line:
        ranked = " · ".join(_("{place}. {name} ({right})").format(place=place, name=names.markdown(nickname),
                                                                  right=right)
                            for place, (nickname, right) in enumerate(leaders, start=1))
        with st.container(key="class-top-five-line"):
            st.markdown(_("**Top five:** {ranked}").format(ranked=ranked) if leaders else
                        _("**Top five:** nobody yet; the first right answer puts a name here."))
        return
    st.header(_("Top five"))
    if not leaders:
        st.caption(_("Nobody yet: the first right answer puts a name here."))
        return
    shown = [(names.markdown(nickname), right) for nickname, right in leaders]  # st.table reads Markdown
    nickname = _("Nickname")
    st.table(pd.DataFrame(shown, columns=[nickname, _("Right answers")]).set_index(nickname))


def class_list(session: ClassView, key: str) -> None:
    """The class, on the teacher's device only: each pupil with his right answers, to hide from the projected
    screen, rename or remove; and whether newcomers choose from the friendly names."""
    code = session.code
    # Translators: the class list's heading; {n} is how many pupils have joined
    with st.expander(_("The class ({n})").format(n=session.class_size), expanded=bool(session.students)):
        st.session_state.setdefault("class.friendly", session.friendly)
        st.toggle(_("Pupils choose from a list of friendly names"), key="class.friendly", help=words("friendly"),
                  on_change=lambda: attempt(lambda: classes().choose_names(
                      code, key, st.session_state["class.friendly"]), "teacher"))
        st.session_state.setdefault("class.young", session.young)
        st.toggle(_("Reasons for a young class"), key="class.young", help=words("young"),
                  on_change=lambda: attempt(lambda: classes().for_young_class(
                      code, key, st.session_state["class.young"]), "teacher"))
        if not session.students:
            st.caption(_("Nobody has joined yet."))
        for student, nickname, hidden, right in session.students:
            pupil(code, key, student, nickname, hidden, right)


def pupil(code: str, key: str, student: int, nickname: str, hidden: bool, right: int) -> None:
    """One pupil's row of the class list: his name and right answers, Hide, Rename and Remove."""
    with st.container(key=f"class-pupil-{student}", horizontal=True, vertical_alignment="center"):
        # Translators: one pupil in the class list: his name and how many questions he answered right
        st.markdown(_("{name} · {n} right").format(name=f"**{names.markdown(nickname)}**", n=right))
        box = f"class.hide.{student}"
        st.session_state.setdefault(box, hidden)
        # Translators: a checkbox beside a pupil's name: hidden from the projected screen
        st.checkbox(_("Hidden"), key=box, help=_("Hide this name from the projected screen and the phones"),
                    on_change=lambda: attempt(lambda: classes().hide(code, key, student, st.session_state[box]),
                                              "teacher"))
        with st.popover(_("Rename"), icon=":material/edit:"):
            field = f"class.rename.{student}"
            guard.keep_text(field, guard.NAME_CHARS)
            st.text_input(_("New name"), key=field, max_chars=guard.NAME_CHARS)
            st.button(_("Rename"), key=f"class.rename_do.{student}", type="primary",
                      on_click=lambda: attempt(lambda: classes().rename(code, key, student,
                                                                        st.session_state.get(field, "")), "teacher"))
        with st.popover(_("Remove"), icon=":material/person_remove:"):
            st.caption(words("removed_note"))
            st.button(_("Remove {name}").format(name=names.markdown(nickname)), key=f"class.remove.{student}",
                      on_click=lambda: attempt(lambda: classes().remove(code, key, student), "teacher"))


def results(session: ClassView, key: str, *, expanded: bool = False) -> None:
    if not session.results:
        return
    with st.expander(_("Which questions the class found hardest"), expanded=expanded):
        share_right = _("Share right")
        frame = pd.DataFrame([(n, title, answers, share) for n, title, share, answers in session.results],
                             # Translators: the columns of the table of questions; Kind: which kind of question
                             columns=[_("Question"), _("Kind"), _("Answers"), share_right]).sort_values(share_right)
        st.table(frame.style.format({share_right: percent}).hide(axis="index"))
        st.download_button(_("Download as CSV"), classes().results_csv(session.code, key),
                           file_name=f"quitlok-class-{session.code}.csv", mime="text/csv", key="class.csv",
                           icon=":material/download:")


def report_link(session: ClassView) -> None:
    """The way to the session's report and review (pages/class_report.py), on the teacher's device."""
    st.page_link("pages/class_report.py", label=_("Report: each pupil and each question, CSV, review after class"),
                 icon=":material/summarize:", query_params={"class": session.code})


def requests(session: ClassView, key: str) -> None:
    """Pupils on a new phone asking for their place: the teacher lets them in (their old phone stops answering
    for them) or refuses."""
    for number, _student, nickname in session.requests:
        with st.container(border=True, key=f"class-request-{number}"):
            st.markdown(_("Someone on a new phone says they are **{name}** and asks for their place back. Letting "
                          "them in ends the hold of the phone that has it now.").format(
                name=names.markdown(nickname)))
            yes, no = st.columns(2)
            yes.button(_("Let them in"), key=f"class.let_in.{number}", type="primary",
                       icon=rtl.icon(":material/login:"),
                       on_click=lambda n=number: attempt(lambda: classes().let_in(session.code, key, n), "teacher"))
            # Translators: refuse a pupil's request to be let back in
            no.button(_("Refuse"), key=f"class.refuse.{number}", icon=":material/block:",
                      on_click=lambda n=number: attempt(lambda: classes().refuse(session.code, key, n), "teacher"))


def waiting_to_come_back(code: str, key: str) -> bool:
    """This phone asked for a pupil's place: whether the request still waits (then the page says so and
    follows the session); a refused or unknown request is let go of, with a word."""
    try:
        asked = classes().came_back(code, key)
    except NoSuchRequest:
        return False
    if asked.answer == "waiting":
        st.info(words("asked", name=names.markdown(asked.name)), icon=":material/hourglass_top:")
        return True
    if asked.answer == "refused":
        st.warning(words("refused", name=names.markdown(asked.name)), icon=":material/block:")
    return False


# --- a student's phone -----------------------------------------------------------------------------------


def student_screen(session: ClassView) -> None:
    code, key = session.code, st.session_state[KEY]
    if session_only.release() if session.ended else session_only.hold(code):
        st.rerun()  # the menu of pages goes (or comes back): quitlok.ui.session_only
    right, asked = session.score
    # Translators: the line at the top of a pupil's phone; keep the <b> marks around the code and the name
    line = _("Class <b>{code}</b> · you are <b>{name}</b> · {right} of {asked} right so far").format(
        code=code, name=names.html(session.nickname), right=right, asked=asked)
    st.html(f'<p class="ql-pupil-line">{line}</p>')  # the name in a <bdi>: a Hebrew name moves no number
    current = session.round
    if session.ended:
        st.info(ngettext("The session has ended. You answered {right} of {asked} question right.",
                         "The session has ended. You answered {right} of {asked} questions right.", asked).format(
            right=right, asked=asked),
                icon=":material/flag:")
    elif current is None:
        st.info(words("waiting"), icon=":material/hourglass_top:")
    elif current.vote is not None:
        student_vote(session, key)
    elif session.phase == "open":
        question_block(current.question, session.questions_asked)
        answer_form(session, key)
    else:
        question_block(current.question, session.questions_asked)
        my_result(session)
        st.info(words("waiting_next"), icon=":material/hourglass_top:")
    if session.board_shown:
        board(session)


@guard.fragment
def answer_form(session: ClassView, key: str) -> None:
    """The answer and its Send button, a fragment of their own: sending redraws only this box. (Under load, a
    whole-page run started by Send could be lost to the follow fragment's timer, leaving a phone showing the
    form unsent and following no more; a fragment's run leaves that timer alone.)"""
    q = session.round.question
    field = f"class.answer.{session.code}.{session.round_number}"
    mine = sent_now(session)
    parts.note_drawn(PUPIL_PART, (session.version, mine))  # what the safety net compares (follow_pushed)
    with st.container(border=True, key="class-answer"):
        if q.slider is not None:
            st.slider(guess_label(q.slider.unit), q.slider.low, q.slider.high, step=q.slider.step,
                      key=field, value=int(mine) if mine is not None else 50,
                      on_change=lambda: st.session_state.__setitem__(f"{field}.moved", True))
        else:
            options_radio(_("Your answer"), options_of(q), field, mine)
        shown = (None if mine is None else f"{mine:g} %" if q.slider
                 else option_label(int(mine), options_of(q)[int(mine)]))
        send_button(session, key, field, _("Send my answer"), rtl.icon(":material/send:"), shown)


def guess_label(unit: str) -> str:
    # Translators: the label of the slider a pupil answers with; {unit} is its unit, such as %
    return _("Your guess ({unit})").format(unit=unit)


def options_radio(label: str, options: tuple[str, ...], field: str, mine: float | None) -> None:
    st.radio(label, range(len(options)), key=field, format_func=lambda i: option_label(i, options[i]),
             index=int(mine) if mine is not None else None)


def send_button(session: ClassView, key: str, field: str, label: str, icon: str, shown: str | None) -> None:
    """Any problem with this round's answer, the Send button, and what was sent (`shown`) once it was."""
    show_problem(answering(session))
    st.button(label, type="primary", key="class.send", icon=icon, on_click=lambda: send(session, key, field))
    if shown is not None:
        st.caption(_("Sent: **{answer}**.").format(answer=shown) + " " + words("sent"))


def sent_now(session: ClassView) -> float | None:
    """This phone's answer to the round now: as sent from this page, else as the session had it when drawn."""
    return st.session_state.get(f"class.sent.{session.code}.{session.round_number}", session.mine)


def answering(session: ClassView) -> str:
    """Where a problem with this round's answer is noted: this round's own place, so it is not shown again
    under the next question."""
    return f"answer.{session.code}.{session.round_number}"


def send(session: ClassView, key: str, field: str) -> None:
    response = st.session_state.get(field)
    question = session.round.question
    untouched = (question is not None and question.slider is not None and sent_now(session) is None
                 and not st.session_state.get(f"{field}.moved"))
    if response is None or untouched:
        st.session_state[PROBLEM] = (answering(session), _("Move the slider to your guess first.") if untouched
                                     else _("Choose an answer first."))
        return

    def answer() -> None:
        classes().answer(session.code, key, response)
        st.session_state[f"class.sent.{session.code}.{session.round_number}"] = response

    attempt(answer, answering(session))


def my_result(session: ClassView) -> None:
    q = session.round.question
    if session.mine is None:
        late = st.session_state.get(PROBLEM, ("",))[0] == answering(session)
        st.warning(_("Your answer came after the teacher revealed this one, so it did not count.") if late
                   else _("You did not answer this one."), icon=":material/schedule:")
    else:
        mine = session.mine if q.slider else int(session.mine)
        shown = f"{mine:g} %" if q.slider else option_label(mine, options_of(q)[mine])
        if q.score(mine):
            st.success(_("**Right!** You answered {answer}.").format(answer=shown), icon=":material/celebration:")
        else:
            note = q.correction(mine) if not q.slider else None
            st.warning(_("**Not quite.** You answered {answer}.").format(answer=shown)
                       + (f" {note[0].upper()}{note[1:]}" if note else ""),
                       icon=":material/lightbulb:")
    truth(q, session.young)
    answers_chart(session.round, session.responses)


def student_vote(session: ClassView, key: str) -> None:
    vote = session.round.vote
    if session.table is not None:
        st.header(_("The class's move"))
        view.the_table(seat_table(session.table))
    if session.phase == "open":
        vote_form(session, key)
    else:
        st.success(_("The class chose **{move}**.").format(move=vote.options[vote.chosen]),
                   icon=":material/how_to_vote:")
        st.info(words("waiting_next"), icon=":material/hourglass_top:")


@guard.fragment
def vote_form(session: ClassView, key: str) -> None:
    """The vote and its Send button, a fragment of their own (as answer_form, for the same reason)."""
    vote = session.round.vote
    field = f"class.vote.{session.round_number}"
    mine = sent_now(session)
    parts.note_drawn(PUPIL_PART, (session.version, mine))
    options_radio(_("Your vote"), vote.options, field, mine)
    send_button(session, key, field, _("Send my vote"), ":material/how_to_vote:",
                None if mine is None else option_label(int(mine), vote.options[int(mine)]))


# --- the projected screen -------------------------------------------------------------------------------


def projector_screen(code: str) -> None:
    """The screen the projector shows (?class=CODE&screen=projector): how to join until the first question, then
    the question, the chart and the answer, or the class table; never a control, a key, the class list or a
    score but the top five the teacher chose to show. Drawn to fit one screen (1280x720 and larger)."""
    code = "".join(code.split()).upper()[:12]
    try:
        look_up(code)
        session = classes().screen(code)
    except TooOften as refused:
        st.warning(limits.refusal(refused), icon=":material/hourglass_top:")
        return
    except RoomNotFound:
        st.error(words("not_found", code=ui.escape_markdown(code)), icon=":material/search_off:")
        return
    st.html(_SCREEN_CSS)
    current = session.round
    if session.ended:
        st.header(_("This class session has ended"))
        st.markdown(_("{questions} with {students}.").format(questions=plural(session.questions_asked, "question"),
                                                             students=plural(session.class_size, "student")))
    elif current is None:
        link, note = joining.page_link("classroom", **{"class": code})
        st.header(_("Join the class session"))
        joining.invitation(code, link, label=_("Class code"), note=words("student"))
        # Translators: how many pupils have joined the session (a number below it)
        st.metric(_("Joined"), session.class_size)
    elif current.vote is not None:
        projected_table(session)
    else:
        projected_question(session)  # (the top five beside its chart)
    if session.board_shown and not session.ended and (current is None or current.vote is not None):
        board(session, one_line=True)
    follow(code, None, (session.version, session.class_size, session.answered))


def projected_question(session: ClassView) -> None:
    """The question with its position and options beside, once revealed, the chart and the exact answer."""
    q = session.round.question
    st.header(_("Question {number}: {title}").format(number=session.questions_asked, title=q.title))
    if q.position is not None:
        position(q.position, size=projected_card_size(q.position))  # one row across the screen
    revealed = session.phase != "open"
    left, right = st.columns([3, 2], gap="large")
    with left:
        st.markdown(said(q, q.prompt))
        if not q.slider:
            st.markdown(options_list(options_of(q)))
        elif revealed:
            truth(q, session.young)  # beside the guesses' chart, as tall as it
    with right:
        if revealed:
            answers_chart(session.round, session.responses)
        else:
            st.metric(_("Answers so far"), so_far(session.answered, session.class_size))
        if session.board_shown:
            board(session, one_line=True)  # under the chart, where the screen has room
    if revealed and not q.slider:  # the whole width: under the options, a long reason ran off a 720-px screen
        truth(q, session.young)


#: the width the projected position's row of seats may take (a screen 1280 pixels wide, less the margins)
PROJECTED_ROW = 1100
#: a projected question's cards at most (projector mode's own, 104, left a long answer no room on a 720-px screen;
#: a 1920x1080 screen shows them 1.4 times as large)
PROJECTED_CARD = 88
#: more options than this, and a projected vote lists them in two columns
MANY_OPTIONS = 8


def projected_card_size(pos: Position) -> int:
    """The cards' width that puts every seat of `pos` in one row on a projected screen: PROJECTED_CARD when they
    fit, smaller (not below a phone's) when a hand of many cards needs it (and narrower still, by the screen's
    CSS, rather than a second row)."""
    cards = sum(max(1, len(place.cards)) for place in pos.seats) + len(pos.under) // 2
    room = PROJECTED_ROW - 30 * (len(pos.seats) + bool(pos.under))  # each seat's border, padding and gap
    return max(48, min(PROJECTED_CARD, room // cards - 6))


def projected_table(session: ClassView) -> None:
    """The class table while the class votes on its move, and once closed, the chart of the votes and the move
    played."""
    vote, table = session.round.vote, session.table
    st.header(_("The class's move"))
    left, right = st.columns([3, 2], gap="large")
    with left:
        if table is not None:
            view.the_table(seat_table(table))  # the seats alone: the bar of figures would not leave room
    with right:
        if session.phase == "open":
            # many options (a bet of 1 to 20) in two columns, so that the list and the count fit the screen
            with st.container(key="projected-options-many" if len(vote.options) > MANY_OPTIONS else None):
                st.markdown(options_list(vote.options))
            st.metric(_("Votes so far"), so_far(session.answered, session.class_size))
        else:
            st.success(chose_words(vote, verdict_on(vote)), icon=":material/how_to_vote:")  # and what it was worth
            answers_chart(session.round, session.responses, voted=vote.chosen)


#: the projected screen: no header bar, little padding, the whole width, so that one screen holds it all
_SCREEN_CSS = """<style>
header[data-testid="stHeader"] { display: none; }
[data-testid="stMainBlockContainer"] { padding: 1rem 2rem 0 2rem; max-width: none; }
[data-testid="stMain"] [data-testid="stHeading"] h2 { font-size: 1.6rem; padding: 0 0 .3rem 0; }
[data-testid="stMain"] [data-testid="stVerticalBlock"] { gap: .6rem; }
/* the class table, projected: the seats and their cards, without the small print (what a computer player does,
   where a seat sits, the last hand), which the back of the room cannot read and the screen has no room for */
.ql-ring .ql-style, .ql-ring .ql-where, .ql-ring .ql-last { display: none; }
.ql-ring { gap: 8px 26px; }
.ql-ring .ql-felt { padding: 2px 10px; }
.ql-ring .ql-seat:not(.ql-me) img.ql-card { width: 56px; height: auto; }
/* a question's position stays one row across the screen, its cards narrower, rather than two rows */
.ql-position { flex-wrap: nowrap; }
.ql-position > div { min-width: 0; flex: 0 1 auto; }
.ql-position .ql-hand { flex-wrap: nowrap; }
.ql-position .ql-hand img.ql-card { min-width: 0; flex: 0 1 auto; height: auto; }
/* a hand of many cards stays one row, its cards narrower, rather than two rows taller than the screen */
.ql-ring .ql-hand { flex-wrap: nowrap; }
.ql-ring .ql-hand img.ql-card { min-width: 0; flex: 0 1 auto; height: auto; }
/* a vote of many moves: its list in two columns */
.st-key-projected-options-many [data-testid="stMarkdownContainer"] {
  columns: 2; column-gap: 1.5rem; padding-bottom: .5rem;
}
/* a screen of 1920x1080 or more: everything larger by the ratio of its height to 720's, less a margin */
@media (min-width: 1800px) and (min-height: 1000px) {
  [data-testid="stMainBlockContainer"] { zoom: 1.4; }
  /* but not a chart: Plotly measures itself unzoomed and would cut off its axis; its text is large already */
  [data-testid="stMainBlockContainer"] .stPlotlyChart { zoom: calc(1 / 1.4); }
}
</style>"""


# --- following the session --------------------------------------------------------------------------------


def look(code: str, key: str, seen: tuple, stalled_after: float) -> None:
    """A look at the session: drawn again only when it changed. `seen` is what the page was drawn from: the
    teacher's (version, joined, answered); a phone's (version, its own answer), so that a phone whose Send was
    answered but not shown (under load) is drawn again. Also when the browser had stopped following
    (internals.stalled)."""
    try:
        pulse = classes().pulse(code, None if len(seen) == 3 else key)
        now = (pulse.version, pulse.joined, pulse.answered) if len(seen) == 3 else (pulse.version, pulse.mine)
    except (RoomNotFound, NotSeated):
        now = None
    if now != seen or internals.stalled(stalled_after):
        st.rerun()


@guard.fragment(run_every=1.0)
def follow(code: str, key: str, seen: tuple) -> None:
    """The teacher's screen, every second: answers and newcomers arrive without a new version of the session."""
    look(code, key, seen, 10)


@guard.fragment
def pupil_part(code: str, key: str) -> None:
    """Everything a pupil's phone shows of the session, a fragment of its own: the server reruns it alone as soon as
    the session has a new version (quitlok.ui.push, quitlok.ui.parts), not the whole page, so that a question or
    an answer reaches thirty phones as thirty short runs (issue 24, item 9). What it cannot draw alone (the session
    gone, this phone's place lost or moved: the page says so) draws the whole page again."""
    push.watch(classes(), code)
    try:
        session, _fresh = parts.take(PUPIL_PART, lambda: classes().view(code, key))
    except (RoomNotFound, NotSeated):
        st.rerun()
    student_screen(session)
    parts.note_drawn(PUPIL_PART, (session.version, sent_now(session)))


@guard.fragment(run_every=push.FALLBACK)
def follow_pushed(code: str, key: str) -> None:
    """A pupil's phone's safety net under the push: every push.FALLBACK seconds, a look at the session, and the
    whole page drawn again when it is not what the pupil's part drew last (news missed while the database was
    away), or when the browser had stopped following."""
    look(code, key, parts.drawn(PUPIL_PART) or (), push.STALLED)


@guard.fragment(run_every=1.0)
def follow_answer(code: str, version: int) -> None:
    """A phone waiting to be let in looks at the session's version: the teacher's answer changes it."""
    try:
        now = classes().version(code)
    except RoomNotFound:
        now = None
    if now != version or internals.stalled():
        st.rerun()


# --- the page -------------------------------------------------------------------------------------

if session_only.projected():
    projector_screen(st.query_params["class"])
    st.stop()
st.title(_("Class session"))
if kept_keys.sync("classroom"):
    st.rerun()  # the browser's keys came in: draw the page again with them, and write them back
arrived()
if st.session_state.pop(OLD_ADDRESS, False):
    st.info(words("old_address"), icon=":material/link_off:")
code = st.session_state.get(CODE)
key = st.session_state.get(KEY)
if code:
    try:
        look_up(code)
    except TooOften as refused:
        st.warning(limits.refusal(refused), icon=":material/hourglass_top:")
        st.button(_("Start or join another session"), on_click=leave, key="class.again")
        st.stop()
    except RoomNotFound:
        st.error(words("not_found", code=ui.escape_markdown(code)), icon=":material/search_off:")
        st.button(_("Start or join another session"), on_click=leave, key="class.again")
        st.stop()
if not code or not key:
    entrance(code)
    st.stop()
try:
    session = classes().view(code, key)
except RoomNotFound:
    st.error(words("not_found", code=ui.escape_markdown(code)), icon=":material/search_off:")
    st.button(_("Start or join another session"), on_click=leave, key="class.again")
    st.stop()
except Removed as lost:  # the device keeps the key, so it cannot join this session again
    session_only.release()
    st.warning(str(lost), icon=":material/person_off:")
    st.button(_("Start or join another session"), on_click=leave, key="class.again")
    st.stop()
except NotSeated as lost:
    session_only.release()
    if not isinstance(lost, SeatMoved) and waiting_to_come_back(code, key):
        follow_answer(code, classes().version(code))
        st.stop()
    if isinstance(lost, SeatMoved):
        st.warning(str(lost), icon=":material/devices:")
    elif not st.session_state.get(TEACHER):
        st.warning(str(lost), icon=":material/person_off:")
    remember(code, None)
    entrance(code)
    st.stop()

if session.is_teacher:
    teacher_screen(session)
    follow(code, key, (session.version, session.class_size, session.answered))
else:
    parts.hand_over(PUPIL_PART, session)
    pupil_part(code, key)
    follow_pushed(code, key)
