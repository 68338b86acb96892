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
from babel.dates import format_date

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
from quitlok.i18n import LANGUAGES, SOURCE, _, language, ngettext, percent
from quitlok.lessons import LESSONS
from quitlok.rooms import NotSeated, RoomError, RoomNotFound
from quitlok.ui import browser, guard, joining, limits, names, positions, rtl
from quitlok.ui import language as page_language
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
    # Translators: a lesson in the list of lessons: "Step 3: Aluvun"
    return _("Step {n}: {title}").format(n=STEPS[slug], title=TITLES[slug])


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
    page_language.keep_in_address()


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
        st.header(_("Do your homework"))
        st.caption(words("pupil"))
        if code:
            st.markdown(_("Homework **{code}**").format(code=code))
        else:
            guard.keep_text("homework.typed_code", guard.CODE_CHARS)
            # Translators: the placeholder of the field for a code; K7QH3M is a code, kept as it is
            st.text_input(_("Homework code"), key="homework.typed_code",
                          placeholder=_("for example {code}").format(code="K7QH3M"), max_chars=guard.CODE_CHARS)
        guard.keep_text("homework.name", guard.NAME_CHARS)
        st.text_input(_("Your name in class"), key="homework.name", max_chars=guard.NAME_CHARS)
        show_problem("join")
        # Translators: a pupil starts doing the homework
        st.button(_("Start"), type="primary", key="homework.start", icon=rtl.icon(":material/login:"),
                  on_click=lambda: start(code or st.session_state.get("homework.typed_code", "")))
    if code:
        return
    with teacher.container(border=True, key="homework-set-box"):
        st.header(_("Set homework"))
        rules = ui.current_rules()
        st.caption(words("teacher", rules=rules.name))
        guard.keep_text("homework.title", TITLE_CHARS)
        st.text_input(_("Title (optional)"), key="homework.title", max_chars=TITLE_CHARS,
                      placeholder=_("for example Before Thursday's class"))
        st.multiselect(_("Lessons"), [lesson.slug for lesson in LESSONS], key="homework.lessons",
                       format_func=lesson_name)
        quiz, questions = st.columns(2)
        quiz.number_input(_("Quiz questions"), 0, MAX_QUIZ, 5, key="homework.quiz")
        questions.number_input(_("Class questions"), 0, MAX_QUESTIONS, 3, key="homework.questions")
        kinds = available_kinds(rules)
        st.multiselect(_("Kinds of class question (all when none is chosen)"), kinds, key="homework.kinds",
                       format_func=lambda k: kind_title(k, rules))
        st.number_input(_("Keep the homework and the pupils' work for (days)"), 1, MAX_DAYS, 14,
                        key="homework.days")
        show_problem("set")
        st.button(_("Set the homework"), type="primary", key="homework.set", icon=":material/assignment_add:",
                  on_click=set_homework)


# --- the teacher -------------------------------------------------------------------------------------


def day_words(timestamp: float) -> str:
    """A day, for people: "05 December 2026" in English, as the language writes a date elsewhere (Babel)."""
    day = datetime.datetime.fromtimestamp(timestamp, datetime.UTC)
    if language() not in LANGUAGES or language() == SOURCE:  # English, and a language Babel does not know
        return day.strftime("%d %B %Y")
    return format_date(day.date(), "long", locale=language())


def deleted_on(work: Homework) -> str:
    # Translators: when the homework is deleted: "05 December 2026 (in 14 days)"
    return _("{day} (in {days})").format(day=day_words(work.expires),
                                         days=plural(days_left(work.expires, homeworks()._clock()), "day"))


def teacher_screen(work: Homework, key: str) -> None:
    days = st.session_state.get("homework.keep_days") or days_left(work.expires, homeworks()._clock())
    browser.keep_cookie(cookie_name(work.code), key, days * DAY)
    if work.title:
        st.header(work.title)
    parts = ([f"{plural(len(work.lessons), 'lesson')}"] if work.lessons else []) + \
        ([f"{plural(len(work.quiz), 'quiz question')}"] if work.quiz else []) + \
        ([f"{plural(len(work.questions), 'class question')}"] if work.questions else [])
    # Translators: {tasks} lists what the homework holds: "3 lessons, 5 quiz questions"
    st.caption(_("{rules} rules · {tasks} · deleted with all the pupils' work on {day}").format(
        rules=work.rules.name, tasks=", ".join(parts), day=deleted_on(work)))
    link, note = joining.page_link("homework", homework=work.code)
    with st.expander(_("Code, link and QR code for the class"), expanded=True):
        joining.invitation(work.code, link, label=_("Homework code"), note=words("share") + (
            " " + ui.content_sections("together/help")[note] if note else ""))
    report = homeworks().report(work.code, key)
    st.button(_("Look again"), key="homework.refresh", icon=":material/refresh:")
    st.subheader(_("Who did what"))
    pupil = _("Pupil")
    if not report.pupils:
        st.caption(_("Nobody has started yet."))
    else:
        rows = []
        for p in report.pupils:
            row = {pupil: names.markdown(p.name)}
            if work.lessons:
                row[_("Lessons")] = of_words(p.lessons, len(work.lessons))
            if work.quiz:
                # Translators: a column of the table of who did what: the homework's quiz questions
                row[_("Quiz")] = done_words(*p.quiz, len(work.quiz))
            if work.questions:
                row[_("Class questions")] = done_words(*p.questions, len(work.questions))
            rows.append(row)
        st.table(pd.DataFrame(rows).set_index(pupil))
    wrong_turns(work, report)
    if report.questions.questions:
        with st.expander(_("Class questions, pupil by pupil")):
            frame = pd.DataFrame([[names.markdown(p.name), *(mark(a) for a in p.answers)]
                                  for p in report.questions.pupils],
                                 columns=[pupil, *(question_column(q.number) for q in report.questions.questions)])
            st.table(frame.set_index(pupil))
            a, b = st.columns(2)
            a.download_button(_("Pupils' answers (CSV)"), report.questions.pupils_csv(), key="homework.csv_pupils",
                              file_name=f"quitlok-homework-{work.code}-pupils.csv", mime="text/csv",
                              icon=":material/download:")
            b.download_button(_("Questions (CSV)"), report.questions.questions_csv(), key="homework.csv_questions",
                              file_name=f"quitlok-homework-{work.code}-questions.csv", mime="text/csv",
                              icon=":material/download:")
    with st.expander(_("Delete the homework now")):
        sure = st.checkbox(_("Yes, delete it and every pupil's work"), key="homework.sure")
        show_problem("delete")
        st.button(_("Delete"), disabled=not sure, key="homework.delete", icon=":material/delete:",
                  on_click=lambda: attempt(lambda: (homeworks().delete(work.code, key), leave()), "delete"))


def done_words(right: int, answered: int, total: int) -> str:
    """"3 of 5 answered, 2 right", or "not started"."""
    if not answered:
        return _("not started")
    return _("{answered} of {total} answered, {right} right").format(answered=answered, total=total, right=right)


def of_words(done: int, total: int) -> str:
    """"2 of 3"."""
    # Translators: how many of the homework's lessons a pupil handed in: "2 of 3"
    return _("{done} of {total}").format(done=done, total=total)


def question_column(number: int) -> str:
    """A column of the table of answers, headed by the question's number: "Q3"."""
    # Translators: the heading of a table's column for question number {n}, as short as can be
    return _("Q{n}").format(n=number)


def wrong_turns(work: Homework, report) -> None:
    """Where the class went wrong: the questions most got wrong first, each with the wrong answers given and
    what is true (the misconception named)."""
    st.subheader(_("Where the class went wrong"))
    found = [(q.share, _("Quiz question {n}").format(n=q.number), q.prompt, q.answer, q.answered, q.wrong)
             for q in report.quiz if q.answered]
    found += [(q.share, _("Class question {n}: {title}").format(n=q.number, title=q.title), q.position, q.answer,
               q.answered, q.wrong) for q in report.questions.questions if q.answered]
    if not found:
        st.caption(_("Nothing answered yet."))
        return
    for share, heading, about, answer, answered, wrong in sorted(found, key=lambda f: f[0]):
        with st.container(border=True):
            # Translators: a question's heading and how the class did on it: "**Quiz question 2** · 40% right of 5"
            st.markdown(_("**{heading}** · {share} right of {answered}").format(
                heading=heading, share=percent(share, 0), answered=answered))
            st.caption(ui.escape_markdown(about))
            st.markdown(_("Right answer: **{answer}**").format(answer=ui.escape_markdown(answer)))
            for shown, count, note in wrong:
                st.markdown(f"- {ui.escape_markdown(shown)}: {count}" + (f" · {ui.escape_markdown(note)}"
                                                                           if note else ""))


# --- a pupil --------------------------------------------------------------------------------------------


def pupil_screen(work: Homework, key: str) -> None:
    if work.title:
        st.header(work.title)
    st.caption(_("Homework **{code}** · you are **{name}** · {done} of {items} done · {rules} rules").format(
        code=work.code, name=names.markdown(work.name), done=work.done(), items=work.items, rules=work.rules.name))
    if work.lessons:
        lessons_part(work, key)
    questions_part(work, key)


def lessons_part(work: Homework, key: str) -> None:
    with st.container(border=True, key="homework-lessons"):
        st.subheader(_("Lessons"))
        st.caption(words("lessons"))
        done_here = {slug for slug, record in kept_progress.current().lessons.items() if record.done}
        for slug in work.lessons:
            handed = f"lesson:{slug}" in work.mine
            state = (_("handed in") if handed else _("done, not handed in yet") if slug in done_here
                     else _("not done yet"))
            st.markdown(f"{':material/check_circle:' if handed else ':material/radio_button_unchecked:'} "
                        f"{lesson_name(slug)} · {state}")
        st.page_link("pages/lessons.py", label=_("Open the lessons"), icon=":material/school:")
        show_problem("lessons")
        ready = [slug for slug in work.lessons if slug in done_here and f"lesson:{slug}" not in work.mine]
        st.button(_("Hand in the lessons I have done"), key="homework.hand_in", disabled=not ready,
                  icon=":material/assignment_turned_in:",
                  on_click=lambda: attempt(lambda: homeworks().hand_in_lessons(work.code, key, tuple(ready)),
                                           "lessons"))


def questions(work: Homework) -> list[tuple[str, str, object]]:
    """Every question of the homework: (item, heading, question), the quiz first."""
    return ([(f"quiz:{n}", _("Quiz question {n} of {total}").format(n=n + 1, total=len(work.quiz)), q)
             for n, q in enumerate(work.quiz)]
            + [(f"question:{n}", _("Class question {n} of {total}: {title}").format(n=n + 1, total=len(work.questions),
                                                                                   title=q.title), q)
               for n, q in enumerate(work.questions)])


def questions_part(work: Homework, key: str) -> None:
    every = questions(work)
    checked = st.session_state.get(CHECKED)
    if checked and checked[0] in work.mine:
        item, right = checked
        heading, question = next((h, q) for i, h, q in every if i == item)
        feedback(work, item, heading, question, right)
        # Translators: go on to the homework's next question
        st.button(_("Next"), type="primary", key="homework.next", icon=rtl.icon(":material/skip_next:"),
                  on_click=lambda: st.session_state.pop(CHECKED, None))
        return
    waiting = [(i, h, q) for i, h, q in every if i not in work.mine]
    if not waiting:
        if every or all(f"lesson:{slug}" in work.mine for slug in work.lessons):
            right, answered = work.right()
            st.success(words("all_done") + (" " + ngettext("You answered {right} of {answered} question right.",
                                                           "You answered {right} of {answered} questions right.",
                                                           answered).format(right=right, answered=answered)
                                            if answered else ""), icon=":material/celebration:")
        return
    item, heading, question = waiting[0]
    with st.container(border=True, key="homework-question"):
        st.subheader(heading)
        st.caption(words("first_counts"))
        field = f"homework.answer.{work.code}.{item}"
        if item.startswith("quiz:"):
            st.markdown(ui.escape_markdown(question.prompt))
            st.radio(_("Your answer"), range(len(question.options)), key=field, index=None,
                     format_func=lambda i: f"{chr(65 + i)}. {question.options[i]}")
        else:
            positions.position(question.position)
            st.markdown(question.prompt)
            if question.slider is not None:
                # Translators: the label of the slider a pupil answers with; {unit} is its unit, such as %
                st.slider(_("Your guess ({unit})").format(unit=question.slider.unit), question.slider.low,
                          question.slider.high, value=50, step=question.slider.step, key=field)
            else:
                st.radio(_("Your answer"), range(len(question.options)), key=field, index=None,
                         format_func=lambda i: f"{chr(65 + i)}. {question.options[i]}")
        show_problem(item)
        st.button(_("Check my answer"), type="primary", key="homework.check", icon=":material/check:",
                  on_click=check, args=(work, key, item, field))


def check(work: Homework, key: str, item: str, field: str) -> None:
    response = st.session_state.get(field)
    if response is None:
        st.session_state[PROBLEM] = (item, _("Choose an answer first."))
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
            text = (_("The exact answer: {answer}.").format(answer=question.answer_text)
                    + (f" {note[0].upper()}{note[1:]}" if note else ""))
            explanation = question.why
        if item.startswith("quiz:"):  # the quiz's own feedback says whether it was right
            body = _("You answered **{answer}**. {feedback}").format(answer=ui.escape_markdown(shown),
                                                                     feedback=ui.escape_markdown(text))
        else:
            body = (_("**Right!** You answered {answer}. {feedback}") if right else
                    _("**Not quite.** You answered {answer}. {feedback}")).format(
                answer=ui.escape_markdown(shown), feedback=ui.escape_markdown(text))
        if right:
            st.success(body, icon=":material/celebration:")
        else:
            st.warning(body, icon=":material/lightbulb:")
        if explanation and explanation != text:
            st.caption(ui.escape_markdown(explanation))


# --- the page -------------------------------------------------------------------------------------

st.title(_("Homework"))
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
        st.button(_("Set or start another homework"), on_click=leave, key="homework.again")
        st.stop()
    except RoomNotFound:
        st.error(words("not_found", code=ui.escape_markdown(code)), icon=":material/search_off:")
        st.button(_("Set or start another homework"), on_click=leave, key="homework.again")
        st.stop()
if not code or not key:
    entrance(code)
    st.stop()
try:
    work = homeworks().view(code, key)
except RoomNotFound:
    st.error(words("not_found", code=ui.escape_markdown(code)), icon=":material/search_off:")
    st.button(_("Set or start another homework"), on_click=leave, key="homework.again")
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
