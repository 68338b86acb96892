"""Homework: the teacher sets lessons, a quiz round and class questions under a code; pupils do them on their own
time under their class name; the teacher sees who did what and where the class went wrong.

The homework lives in the database (quitlok.classroom.homework). The address holds only its code
(?homework=); a pupil's key is kept in the browser's local storage (quitlok.ui.seat_keys), the teacher's in a
cookie for as long as the homework is kept, so a reload or a visit next week finds them again.
"""

import datetime
import os

import pandas as pd
import streamlit as st

from quitlok import ui
from quitlok.cards import plural
from quitlok.classroom import ClassroomError, available_kinds, kind_title
from quitlok.classroom.homework import (
    DAY,
    MAX_DAYS,
    MAX_QUESTIONS,
    MAX_QUIZ,
    TITLE_CHARS,
    Homework,
    Homeworks,
    days_left,
)
from quitlok.classroom.report import mark, shown_answer
from quitlok.errors import TooOften
from quitlok.lessons import LESSONS
from quitlok.rooms import NotSeated, RoomError, RoomNotFound
from quitlok.ui import browser, guard, joining, limits, names, positions
from quitlok.ui import progress as kept_progress
from quitlok.ui import seat_keys as kept_keys

ui.through_the_app()

CODE, KEY, TEACHER, PROBLEM = "homework.code", "homework.key", "homework.teacher", "homework.problem"
#: the feedback on the answer just checked: (item, right)
CHECKED = "homework.checked"
FOUND = "homework.found"
TITLES = {lesson.slug: ui.lesson_words(lesson.slug)[0] for lesson in LESSONS}
STEPS = {lesson.slug: n + 1 for n, lesson in enumerate(LESSONS)}


@st.cache_resource
def store(url: str | None) -> Homeworks:
    """One store per database for the whole server."""
    return Homeworks(url)


def homeworks() -> Homeworks:
    return store(os.environ.get("QUITLOK_DATABASE_URL"))


def words(key: str, **values: str) -> str:
    return ui.content_sections("homework/help")[key].format(**values)


def cookie_name(code: str) -> str:
    return f"quitlok_homework_{code}"


def lesson_name(slug: str) -> str:
    return f"Step {STEPS[slug]}: {TITLES[slug]}"


def remember(code: str | None, key: str | None, *, teacher: bool = False) -> None:
    """Keep this device's homework and key: the address holds the code alone."""
    st.session_state[CODE], st.session_state[KEY], st.session_state[TEACHER] = code, key, teacher
    if code:
        st.session_state.setdefault(FOUND, set()).add(code)
    if code and not teacher:
        kept_keys.keep("homework", code, [key] if key else [])
    st.query_params.clear()
    if code:
        st.query_params["homework"] = code


def arrived() -> None:
    """On a first run, the code from the address and the key from this browser (a pupil's storage, the
    teacher's cookie)."""
    ss = st.session_state
    if CODE in ss:
        if ss[CODE] and not ss.get(TEACHER) and not ss.get(KEY):
            ss[KEY] = (kept_keys.held("homework", ss[CODE]) or [None])[-1]
        if ss[CODE] and st.query_params.get("homework") != ss[CODE]:
            remember(ss[CODE], ss[KEY], teacher=ss.get(TEACHER, False))
        return
    code = st.query_params.get("homework")
    ss[CODE] = "".join(code.split()).upper()[:12] if code else None
    ss[KEY] = ((kept_keys.held("homework", ss[CODE]) or [None])[-1] or browser.cookie(cookie_name(ss[CODE]))
               if ss[CODE] else None)
    ss[TEACHER] = False


def leave() -> None:
    remember(None, None)
    st.session_state.pop(PROBLEM, None)


def attempt(work, where: str) -> None:
    """Run a change; a refusal becomes a message beside the button pressed."""
    try:
        work()
    except (ClassroomError, RoomError) as refused:
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


def not_found(problem: BaseException | None) -> bool:
    return isinstance(problem, RoomNotFound)


# --- the way in -------------------------------------------------------------------------------------


def start(code: str) -> None:
    def sit() -> None:
        with limits.spend("code", counts=not_found), limits.spend("join"):
            pupil = homeworks().join(code, st.session_state.get("homework.name", ""))
        remember(pupil.code, pupil.token)

    attempt(sit, "join")


def set_homework() -> None:
    ss = st.session_state

    def create() -> None:
        days = ss.get("homework.days", 14)
        with limits.spend("open"):
            teacher = homeworks().create(
                ui.current_rules(), title=ss.get("homework.title", ""), lessons=tuple(ss.get("homework.lessons", ())),
                quiz_questions=ss.get("homework.quiz", 5), questions=ss.get("homework.questions", 3),
                kinds=tuple(ss.get("homework.kinds") or ()) or None, days=days)
        remember(teacher.code, teacher.token, teacher=True)
        ss["homework.keep_days"] = days

    attempt(create, "set")


def entrance(code: str | None) -> None:
    st.markdown(words("intro"))
    pupil, teacher = st.columns(2, gap="large")
    with pupil.container(border=True, key="homework-join-box"):
        st.header("Do your homework")
        st.caption(words("pupil"))
        if code:
            st.markdown(f"Homework **{code}**")
        else:
            guard.keep_text("homework.typed_code", guard.CODE_CHARS)
            st.text_input("Homework code", key="homework.typed_code", placeholder="for example K7QH3M",
                          max_chars=guard.CODE_CHARS)
        guard.keep_text("homework.name", guard.NAME_CHARS)
        st.text_input("Your name in class", key="homework.name", max_chars=guard.NAME_CHARS)
        show_problem("join")
        st.button("Start", type="primary", key="homework.start", icon=":material/login:",
                  on_click=lambda: start(code or st.session_state.get("homework.typed_code", "")))
    if code:
        return
    with teacher.container(border=True, key="homework-set-box"):
        st.header("Set homework")
        rules = ui.current_rules()
        st.caption(words("teacher", rules=rules.name))
        guard.keep_text("homework.title", TITLE_CHARS)
        st.text_input("Title (optional)", key="homework.title", max_chars=TITLE_CHARS,
                      placeholder="for example Before Thursday's class")
        st.multiselect("Lessons", [lesson.slug for lesson in LESSONS], key="homework.lessons",
                       format_func=lesson_name)
        quiz, questions = st.columns(2)
        quiz.number_input("Quiz questions", 0, MAX_QUIZ, 5, key="homework.quiz")
        questions.number_input("Class questions", 0, MAX_QUESTIONS, 3, key="homework.questions")
        kinds = available_kinds(rules)
        st.multiselect("Kinds of class question (all when none is chosen)", kinds, key="homework.kinds",
                       format_func=lambda k: kind_title(k, rules))
        st.number_input("Keep the homework and the pupils' work for (days)", 1, MAX_DAYS, 14, key="homework.days")
        show_problem("set")
        st.button("Set the homework", type="primary", key="homework.set", icon=":material/assignment_add:",
                  on_click=set_homework)


# --- the teacher -------------------------------------------------------------------------------------


def deleted_on(work: Homework) -> str:
    day = datetime.datetime.fromtimestamp(work.expires, datetime.UTC).strftime("%d %B %Y")
    return f"{day} (in {plural(days_left(work.expires, homeworks()._clock()), 'day')})"


def teacher_screen(work: Homework, key: str) -> None:
    days = st.session_state.get("homework.keep_days") or days_left(work.expires, homeworks()._clock())
    browser.keep_cookie(cookie_name(work.code), key, days * DAY)
    if work.title:
        st.header(work.title)
    parts = ([f"{plural(len(work.lessons), 'lesson')}"] if work.lessons else []) + \
        ([f"{plural(len(work.quiz), 'quiz question')}"] if work.quiz else []) + \
        ([f"{plural(len(work.questions), 'class question')}"] if work.questions else [])
    st.caption(f"{work.rules.name} rules · {', '.join(parts)} · deleted with all the pupils' work on "
               f"{deleted_on(work)}")
    link, note = joining.page_link("homework", homework=work.code)
    with st.expander("Code, link and QR code for the class", expanded=True):
        joining.invitation(work.code, link, label="Homework code", note=words("share") + (
            " " + ui.content_sections("together/help")[note] if note else ""))
    report = homeworks().report(work.code, key)
    st.button("Look again", key="homework.refresh", icon=":material/refresh:")
    st.subheader("Who did what")
    if not report.pupils:
        st.caption("Nobody has started yet.")
    else:
        rows = []
        for p in report.pupils:
            row = {"Pupil": names.markdown(p.name)}
            if work.lessons:
                row["Lessons"] = f"{p.lessons} of {len(work.lessons)}"
            if work.quiz:
                row["Quiz"] = done_words(*p.quiz, len(work.quiz))
            if work.questions:
                row["Class questions"] = done_words(*p.questions, len(work.questions))
            rows.append(row)
        st.table(pd.DataFrame(rows).set_index("Pupil"))
    wrong_turns(work, report)
    if report.questions.questions:
        with st.expander("Class questions, pupil by pupil"):
            frame = pd.DataFrame([[names.markdown(p.name), *(mark(a) for a in p.answers)]
                                  for p in report.questions.pupils],
                                 columns=["Pupil", *(f"Q{q.number}" for q in report.questions.questions)])
            st.table(frame.set_index("Pupil"))
            a, b = st.columns(2)
            a.download_button("Pupils' answers (CSV)", report.questions.pupils_csv(), key="homework.csv_pupils",
                              file_name=f"quitlok-homework-{work.code}-pupils.csv", mime="text/csv",
                              icon=":material/download:")
            b.download_button("Questions (CSV)", report.questions.questions_csv(), key="homework.csv_questions",
                              file_name=f"quitlok-homework-{work.code}-questions.csv", mime="text/csv",
                              icon=":material/download:")
    with st.expander("Delete the homework now"):
        sure = st.checkbox("Yes, delete it and every pupil's work", key="homework.sure")
        show_problem("delete")
        st.button("Delete", disabled=not sure, key="homework.delete", icon=":material/delete:",
                  on_click=lambda: attempt(lambda: (homeworks().delete(work.code, key), leave()), "delete"))


def done_words(right: int, answered: int, total: int) -> str:
    """"3 of 5 answered, 2 right", or "not started"."""
    return f"{answered} of {total} answered, {right} right" if answered else "not started"


def wrong_turns(work: Homework, report) -> None:
    """Where the class went wrong: the questions most got wrong first, each with the wrong answers given and
    what is true (the misconception named)."""
    st.subheader("Where the class went wrong")
    found = [(q.share, f"Quiz question {q.number}", q.prompt, q.answer, q.answered, q.wrong)
             for q in report.quiz if q.answered]
    found += [(q.share, f"Class question {q.number}: {q.title}", q.position, q.answer, q.answered, q.wrong)
              for q in report.questions.questions if q.answered]
    if not found:
        st.caption("Nothing answered yet.")
        return
    for share, heading, about, answer, answered, wrong in sorted(found, key=lambda f: f[0]):
        with st.container(border=True):
            st.markdown(f"**{heading}** · {share:.0%} right of {answered}")
            st.caption(ui.escape_markdown(about))
            st.markdown(f"Right answer: **{ui.escape_markdown(answer)}**")
            for shown, count, note in wrong:
                st.markdown(f"- {ui.escape_markdown(shown)}: {count}" + (f" · {ui.escape_markdown(note)}"
                                                                           if note else ""))


# --- a pupil --------------------------------------------------------------------------------------------


def pupil_screen(work: Homework, key: str) -> None:
    if work.title:
        st.header(work.title)
    st.caption(f"Homework **{work.code}** · you are **{names.markdown(work.name)}** · "
               f"{work.done()} of {work.items} done · {work.rules.name} rules")
    if work.lessons:
        lessons_part(work, key)
    questions_part(work, key)


def lessons_part(work: Homework, key: str) -> None:
    with st.container(border=True, key="homework-lessons"):
        st.subheader("Lessons")
        st.caption(words("lessons"))
        done_here = {slug for slug, record in kept_progress.current().lessons.items() if record.done}
        for slug in work.lessons:
            handed = f"lesson:{slug}" in work.mine
            state = "handed in" if handed else "done, not handed in yet" if slug in done_here else "not done yet"
            st.markdown(f"{':material/check_circle:' if handed else ':material/radio_button_unchecked:'} "
                        f"{lesson_name(slug)} · {state}")
        st.page_link("pages/lessons.py", label="Open the lessons", icon=":material/school:")
        show_problem("lessons")
        ready = [slug for slug in work.lessons if slug in done_here and f"lesson:{slug}" not in work.mine]
        st.button("Hand in the lessons I have done", key="homework.hand_in", disabled=not ready,
                  icon=":material/assignment_turned_in:",
                  on_click=lambda: attempt(lambda: homeworks().hand_in_lessons(work.code, key, tuple(ready)),
                                           "lessons"))


def questions(work: Homework) -> list[tuple[str, str, object]]:
    """Every question of the homework: (item, heading, question), the quiz first."""
    return ([(f"quiz:{n}", f"Quiz question {n + 1} of {len(work.quiz)}", q) for n, q in enumerate(work.quiz)]
            + [(f"question:{n}", f"Class question {n + 1} of {len(work.questions)}: {q.title}", q)
               for n, q in enumerate(work.questions)])


def questions_part(work: Homework, key: str) -> None:
    every = questions(work)
    checked = st.session_state.get(CHECKED)
    if checked and checked[0] in work.mine:
        item, right = checked
        heading, question = next((h, q) for i, h, q in every if i == item)
        feedback(work, item, heading, question, right)
        st.button("Next", type="primary", key="homework.next", icon=":material/skip_next:",
                  on_click=lambda: st.session_state.pop(CHECKED, None))
        return
    waiting = [(i, h, q) for i, h, q in every if i not in work.mine]
    if not waiting:
        if every or all(f"lesson:{slug}" in work.mine for slug in work.lessons):
            right, answered = work.right()
            st.success(words("all_done") + (f" You answered {right} of {answered} questions right."
                                            if answered else ""), icon=":material/celebration:")
        return
    item, heading, question = waiting[0]
    with st.container(border=True, key="homework-question"):
        st.subheader(heading)
        st.caption(words("first_counts"))
        field = f"homework.answer.{work.code}.{item}"
        if item.startswith("quiz:"):
            st.markdown(ui.escape_markdown(question.prompt))
            st.radio("Your answer", range(len(question.options)), key=field, index=None,
                     format_func=lambda i: f"{chr(65 + i)}. {question.options[i]}")
        else:
            positions.position(question.position)
            st.markdown(question.prompt)
            if question.slider is not None:
                st.slider(f"Your guess ({question.slider.unit})", question.slider.low, question.slider.high,
                          value=50, step=question.slider.step, key=field)
            else:
                st.radio("Your answer", range(len(question.options)), key=field, index=None,
                         format_func=lambda i: f"{chr(65 + i)}. {question.options[i]}")
        show_problem(item)
        st.button("Check my answer", type="primary", key="homework.check", icon=":material/check:",
                  on_click=check, args=(work, key, item, field))


def check(work: Homework, key: str, item: str, field: str) -> None:
    response = st.session_state.get(field)
    if response is None:
        st.session_state[PROBLEM] = (item, "Choose an answer first.")
        return

    def answer() -> None:
        right = homeworks().answer(work.code, key, item, response)
        st.session_state[CHECKED] = (item, right)

    attempt(answer, item)


def feedback(work: Homework, item: str, heading: str, question, right: bool) -> None:
    """What is true, after the pupil's first answer."""
    response = work.mine[item]
    with st.container(border=True, key="homework-feedback"):
        st.subheader(heading)
        if item.startswith("quiz:"):
            chosen = int(response)
            shown = f"{chr(65 + chosen)}. {question.options[chosen]}"
            text = question.feedback[chosen]
            explanation = question.explanation
        else:
            positions.position(question.position)
            shown = shown_answer(question, response)
            note = question.correction(int(response)) if question.slider is None and not right else None
            text = f"The exact answer: {question.answer_text}." + (f" {note[0].upper()}{note[1:]}" if note else "")
            explanation = question.why
        if item.startswith("quiz:"):  # the quiz's own feedback says whether it was right
            body = f"You answered **{ui.escape_markdown(shown)}**. {ui.escape_markdown(text)}"
        else:
            body = (f"**{'Right!' if right else 'Not quite.'}** You answered {ui.escape_markdown(shown)}. "
                    f"{ui.escape_markdown(text)}")
        if right:
            st.success(body, icon=":material/celebration:")
        else:
            st.warning(body, icon=":material/lightbulb:")
        if explanation and explanation != text:
            st.caption(ui.escape_markdown(explanation))


# --- the page -------------------------------------------------------------------------------------

st.title("Homework")
if kept_keys.sync("homework"):
    st.rerun()
arrived()
code, key = st.session_state.get(CODE), st.session_state.get(KEY)
if code and code not in st.session_state.get(FOUND, ()):
    try:
        with limits.spend("code", counts=not_found):
            homeworks().look_up(code)
        st.session_state.setdefault(FOUND, set()).add(code)
    except TooOften as refused:
        st.warning(limits.refusal(refused), icon=":material/hourglass_top:")
        st.button("Set or start another homework", on_click=leave, key="homework.again")
        st.stop()
    except RoomNotFound:
        st.error(words("not_found", code=ui.escape_markdown(code)), icon=":material/search_off:")
        st.button("Set or start another homework", on_click=leave, key="homework.again")
        st.stop()
if not code or not key:
    entrance(code)
    st.stop()
try:
    work = homeworks().view(code, key)
except RoomNotFound:
    st.error(words("not_found", code=ui.escape_markdown(code)), icon=":material/search_off:")
    st.button("Set or start another homework", on_click=leave, key="homework.again")
    st.stop()
except NotSeated as lost:
    st.warning(str(lost), icon=":material/person_off:")
    remember(code, None)
    entrance(code)
    st.stop()

if work.is_teacher:
    if not st.session_state.get(TEACHER):
        remember(code, key, teacher=True)
    teacher_screen(work, key)
else:
    pupil_screen(work, key)
