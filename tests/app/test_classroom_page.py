"""The Class session page in AppTest: a teacher starts a session, students join with the code and a nickname,
questions are asked, answered and revealed, the teacher's tools (results, CSV, hidden nicknames, top five, the
class table and its votes), and what the page says to a wrong code or a bad nickname. Each test has a database
file of its own, opened here with the same store the page uses, to know the right answers.
(Several browsers at once: tests/e2e/test_classroom_browser.py.)"""

import pytest
from streamlit.testing.v1 import AppTest

from quitlok.classroom.store import CLASS_NAME, CLASS_SEAT, Classes, ClassView
from quitlok.narration import sentences
from tests.app import conftest
from tests.app.conftest import as_read, click, html_text, query_values, texts

PAGE = "pages/classroom.py"


@pytest.fixture
def database(database_url):
    store = Classes(database_url)
    yield store
    store.close()


def visit(query: dict | None = None) -> AppTest:
    """A new visitor (a new session) on the Class session page, with `query` in the address."""
    return conftest.visit(PAGE, query)


def code_of(at: AppTest) -> str | None:
    return next(iter(query_values(at, "class")), None)


def key_of(at: AppTest) -> str | None:
    """This page's key, kept in the session (and the browser's storage or, the teacher's, a cookie), never in the
    address."""
    assert not query_values(at, "key"), "the address holds the session's code alone"
    return at.session_state["class.key"]


def keys(at: AppTest, kind: str = "button") -> list[str]:
    return [w.key for w in at.get(kind) if getattr(w, "key", None)]


def start() -> AppTest:
    at = visit()
    click(at, "class.start")
    assert code_of(at) and not query_values(at, "key"), "the address keeps the session, never the teacher's key"
    assert key_of(at), "the session keeps the teacher's key"
    return at


def join(code: str, nickname: str) -> AppTest:
    at = visit({"class": code})
    at.text_input(key="class.nickname").input(nickname)
    return click(at, "class.join")


def view(database: Classes, teacher: AppTest) -> ClassView:
    return database.view(code_of(teacher), key_of(teacher))


def ask(teacher: AppTest, kind: str | None = None) -> AppTest:
    teacher.run()  # the teacher's page follows the session (the fragment reruns it when the class changes)
    if kind:
        teacher.selectbox(key="class.kind").set_value(kind).run()
    return click(teacher, "class.ask")


def answer(student: AppTest, response: int) -> AppTest:
    """The student picks `response` (an option's number, or a slider's value) and sends it."""
    student.run()
    field = next(k for k in keys(student, "radio") + keys(student, "slider") if k.startswith("class."))
    widget = student.radio(key=field) if field in keys(student, "radio") else student.slider(key=field)
    if widget.value == response and field in keys(student, "slider"):  # a slider must be moved to count:
        widget.set_value(response + 1 if response < 100 else response - 1).run()  # away and back, as a phone
        widget = student.slider(key=field)
    widget.set_value(response).run()
    return click(student, "class.send")


def metric(at: AppTest, label: str) -> str:
    found = [m.value for m in at.metric if m.label == label]
    assert len(found) == 1, f"one metric {label!r}: {[m.label for m in at.metric]}"
    return found[0]


def chart_data(at: AppTest) -> list[dict]:
    """The traces of the Plotly charts on the page."""
    import json

    charts = at.get("plotly_chart")
    return [trace for chart in charts for trace in json.loads(chart.proto.spec)["data"]]


def test_the_page_opens_from_the_app_with_both_ways_in(database):
    at = visit()
    assert at.title[0].value == "Class session"
    assert {"class.join", "class.start"} <= set(keys(at))
    assert "Join your class" in texts(at) and "Run a class session" in texts(at)


def test_a_class_answers_a_question_and_each_sees_the_truth_and_their_score(database):
    teacher = start()
    code = code_of(teacher)
    assert f"?class={code})" in texts(teacher), "the link carries the code and nothing else"
    html = "".join(str(h.proto.body) for h in teacher.get("html"))
    assert code in html and "QR code of the link to class code" in html
    dov, zelda = join(code, "Dov"), join(code, "Zelda")
    for student, name in ((dov, "Dov"), (zelda, "Zelda")):
        assert code_of(student) == code and key_of(student) != key_of(teacher)
        assert f"you are {name} ·" in texts(student) and "Wait for the teacher's first question" in texts(student)
    teacher.run()
    assert "2 students joined" in texts(teacher)

    ask(teacher, "hand_value")
    question = view(database, teacher).round.question
    assert question.kind == "hand_value" and not question.is_slider
    assert f"Question 1: {question.title}" in texts(teacher)
    for i, option in enumerate(question.options):
        assert f"**{chr(65 + i)}. {option}**" in texts(teacher)
    assert metric(teacher, "Answers so far") == "0 of 2"
    wrong = (question.answer + 1) % len(question.options)
    answer(dov, question.answer)
    assert "Sent: **" in texts(dov) and "You can change it" in texts(dov)
    answer(zelda, question.answer)
    answer(zelda, wrong)  # changed her mind: the second answer replaces the first
    teacher.run()
    assert metric(teacher, "Answers so far") == "2 of 2"
    assert not chart_data(teacher), "no chart of the answers before the reveal"
    assert sorted(database.view(code, key_of(teacher)).responses) == [], "the answers are shown only once revealed"

    click(teacher, "class.reveal")
    assert sorted(view(database, teacher).responses) == sorted([question.answer, wrong])
    assert any(f"The exact answer: {question.answer_text}." in s.value and question.why in s.value
               for s in teacher.success)
    (bars,) = chart_data(teacher)
    expected = [0] * len(question.options)
    expected[question.answer] += 1
    expected[wrong] += 1
    assert list(bars["x"]) == expected, "the chart counts each option's answers"
    assert not teacher.metric, "the count gives way to the chart"
    dov.run()
    zelda.run()
    assert "**Right!**" in texts(dov) and "1 of 1 right so far" in texts(dov)
    assert "**Not quite.**" in texts(zelda) and "0 of 1 right so far" in texts(zelda)
    assert f"The exact answer: {question.answer_text}." in texts(zelda)
    assert "**Right!**" not in texts(zelda) and "**Not quite.**" not in texts(dov)


def test_a_teacher_and_five_students_go_through_three_questions(database):
    """Three questions (a chance on the slider, a hand's worth, the best play), five students each answering
    some right and some wrong: the revealed tally is what they sent, the exact answer is the odds engine's,
    and each phone's verdict and running score follow."""
    from quitlok.odds import bust_chance

    teacher = start()
    code = code_of(teacher)
    students = [join(code, name) for name in ("Avi", "Bella", "Chaim", "Dina", "Ezra")]
    right_so_far = [0] * 5
    for number, kind in enumerate(("bust_chance", "hand_value", "best_play")):
        ask(teacher, kind)
        question = view(database, teacher).round.question
        if kind == "bust_chance":
            pos = question.position
            assert question.answer == bust_chance(pos.hand, pos.seen, question.rules, exact=True)
        sent = []
        for i, student in enumerate(students):
            right = (i + number) % 5 < 3
            if question.is_slider:
                exact = round(float(question.answer_percent))
                response = exact if right else (exact + 20 if exact < 50 else exact - 20)
            else:
                wrong = [o for o in range(len(question.options)) if o != question.answer]
                response = question.answer if right else wrong[(i + number) % len(wrong)]
            assert question.score(response) == right
            answer(student, response)
            sent.append(response)
            right_so_far[i] += right
        teacher.run()
        assert metric(teacher, "Answers so far") == "5 of 5"
        click(teacher, "class.reveal")
        assert sorted(view(database, teacher).responses) == sorted(sent), "the tally is what was sent"
        assert any(f"The exact answer: {question.answer_text}." in s.value for s in teacher.success)
        (trace,) = chart_data(teacher)
        if question.is_slider:
            assert sorted(trace["x"]) == sorted(sent)
        else:
            assert list(trace["x"]) == [sent.count(o) for o in range(len(question.options))]
        for i, student in enumerate(students):
            student.run()
            verdict = "**Right!**" if question.score(sent[i]) else "**Not quite.**"
            assert verdict in texts(student)
            assert f"{right_so_far[i]} of {number + 1} right so far" in texts(student)
    assert sum(right_so_far) == 9
    final = view(database, teacher)
    assert [right for _, _, _, right in final.students] == right_so_far
    assert [answers for _, _, _, answers in final.results] == [5, 5, 5]


def test_a_slider_question_scores_within_its_tolerance(database):
    teacher = start()
    code = code_of(teacher)
    near, far = join(code, "Near"), join(code, "Far")
    ask(teacher, "bust_chance")
    question = view(database, teacher).round.question
    assert question.is_slider
    exact = float(question.answer_percent)
    close = round(exact)
    away = int(exact + 30) if exact < 60 else int(exact - 30)
    answer(near, close)
    answer(far, away)
    teacher.run()
    assert metric(teacher, "Answers so far") == "2 of 2"
    click(teacher, "class.reveal")
    assert sorted(view(database, teacher).responses) == sorted([close, away])
    (histogram,) = chart_data(teacher)
    assert sorted(histogram["x"]) == sorted([close, away])
    near.run()
    far.run()
    assert "**Right!**" in texts(near) and f"You answered {close} %" in texts(near)
    assert "**Not quite.**" in texts(far) and f"You answered {away} %" in texts(far)


def test_the_teacher_reads_the_results_downloads_them_hides_a_nickname_and_shows_the_top_five(database):
    teacher = start()
    code = code_of(teacher)
    dov, zelda = join(code, "Dov"), join(code, "Zelda")
    for kind, dov_right in (("hand_value", True), ("settlement", False)):
        ask(teacher, kind)
        question = view(database, teacher).round.question
        answer(dov, question.answer if dov_right else (question.answer + 1) % len(question.options))
        answer(zelda, question.answer)
        teacher.run()
        click(teacher, "class.reveal")

    table = teacher.table[-1].value
    assert list(table.columns) == ["Question", "Kind", "Answers", "Share right"]
    assert list(table["Share right"]) == [0.5, 1.0], "hardest first"
    assert list(table["Question"]) == [2, 1] and list(table["Answers"]) == [2, 2]
    (download,) = teacher.get("download_button")
    assert download.proto.label == "Download as CSV"
    csv = database.results_csv(code, key_of(teacher))
    assert csv.splitlines()[0] == "question,title,answers,share right"
    assert csv.splitlines()[1].startswith("2,") and csv.splitlines()[1].endswith(",2,0.50")

    hide = next(k for k in keys(teacher, "checkbox") if k == "class.hide.0")
    teacher.checkbox(key=hide).check().run()
    assert not teacher.exception
    assert [s[2] for s in view(database, teacher).students] == [True, False], "Dov is hidden"
    toggle = next(k for k in keys(teacher, "toggle") if k == "class.board")
    teacher.toggle(key=toggle).set_value(True).run()
    assert not teacher.exception and view(database, teacher).board_shown
    assert "Top five" in texts(teacher)
    board = teacher.table[0].value
    assert [as_read(n) for n in board.index] == ["Zelda", "(hidden)"] and list(board["Right answers"]) == [2, 1]
    dov.run()
    assert "Top five" in texts(dov) and "Dov" not in board.to_string()
    assert "1 of 2 right so far" in texts(dov)

    toggle = next(k for k in keys(teacher, "toggle") if k == "class.board")
    teacher.toggle(key=toggle).set_value(False).run()
    assert not view(database, teacher).board_shown and "Top five" not in texts(teacher)
    teacher.checkbox(key="class.sure").check().run()
    click(teacher, "class.end")
    assert view(database, teacher).ended
    dov.run()
    assert "The session has ended. You answered 1 of 2 questions right." in texts(dov)


def test_the_class_table_takes_a_vote_and_plays_the_majority(database):
    teacher = start()
    code = code_of(teacher)
    students = [join(code, name) for name in ("Dov", "Zelda", "Avi")]
    teacher.run()
    click(teacher, "class.table")
    table = view(database, teacher).table
    assert table is not None and table.players[CLASS_SEAT] == CLASS_NAME  # a key each device words ("The class")
    teacher.run()
    if not table.legal:
        pytest.skip("the class is not to act at this deal")  # pragma: no cover - the class seat acts first
    assert not teacher.button(key="class.vote").disabled
    click(teacher, "class.vote")
    vote = view(database, teacher).round.vote
    assert vote is not None and len(vote.options) >= 2
    assert metric(teacher, "Votes so far") == "0 of 3"
    assert teacher.button(key="class.vote").disabled and teacher.button(key="class.ask").disabled
    picks = [1, 1, 0]
    for student, pick in zip(students, picks, strict=True):
        student.run()
        assert "The class's move" in texts(student)
        student.radio(key=f"class.vote.{view(database, teacher).round_number}").set_value(pick).run()
        click(student, "class.send")
    teacher.run()
    assert metric(teacher, "Votes so far") == "3 of 3"
    click(teacher, "class.reveal")
    after = view(database, teacher)
    assert after.round.vote.chosen == 1, "the majority's move"
    chosen = vote.options[1]
    assert any(s.value.startswith(f"The class chose **{chosen}**") for s in teacher.success), texts(teacher)
    (bars,) = chart_data(teacher)
    assert list(bars["x"])[:2] == [1, 2] and sum(bars["x"]) == 3
    assert after.table.version > table.version, "the move was played at the table"
    assert not after.round.vote.tied and after.round.vote.events_from == len(table.events)
    happened = sentences(after.table.events[len(table.events):], table.players, table.seat)
    shown = (texts(teacher) + "\n" + html_text(teacher)).replace("\\", "").replace("*", "")
    assert happened and all(line.replace("*", "") in shown for line in happened[-14:]), \
        "what the move and the computers did is shown"
    students[0].run()
    assert f"The class chose **{chosen}**." in texts(students[0])
    assert after.results == (), "a vote is not a question with a right answer"


def test_the_class_table_is_shown_as_soon_as_it_starts(database):
    teacher = start()
    join(code_of(teacher), "Dov")
    teacher.run()
    click(teacher, "class.table")
    table = view(database, teacher).table
    assert "The class table" in texts(teacher)
    if table.legal:
        assert "It is the class's turn: open a vote." in texts(teacher)


def test_a_wrong_code_is_told_plainly(database):
    at = visit({"class": "QQQQQQ"})
    assert any("There is no class session with the code QQQQQQ" in e.value for e in at.error)
    assert "class.join" not in keys(at)
    click(at, "class.again")
    assert {"class.join", "class.start"} <= set(keys(at))
    at.text_input(key="class.typed_code").input("ZZZZZZ")
    at.text_input(key="class.nickname").input("Dov")
    click(at, "class.join")
    assert at.error and "ZZZZZZ" in at.error[0].value
    assert code_of(at) is None, "nobody joined"


def test_a_bad_nickname_is_refused_with_a_reason(database):
    teacher = start()
    code = code_of(teacher)
    join(code, "Dov")
    at = visit({"class": code})
    for nickname, said in (("", "1 to 20 characters"), ("x" * 21, "this one has 21"),
                           ("dov", "Someone called dov is already in this class")):
        at.text_input(key="class.nickname").input(nickname)
        click(at, "class.join")
        assert at.error and said in as_read(at.error[0].value), (nickname, [e.value for e in at.error])
        assert key_of(at) is None
    assert view(database, teacher).class_size == 1


def test_an_old_address_with_a_key_opens_no_place_and_says_so(database):
    teacher = start()
    kid = join(code_of(teacher), "Kid")
    at = visit({"class": code_of(teacher), "key": key_of(kid)})  # the kid's old address, on a cousin's phone
    assert any("Addresses now hold only the session's code" in i.value for i in at.info)
    assert dict(at.query_params) == {"class": code_of(teacher)} and at.session_state["class.key"] is None
    assert "class.join" in keys(at) and "class.ask" not in keys(at) and "Kid" not in texts(at)


def test_a_pupil_on_a_new_phone_asks_for_his_place_and_the_teacher_lets_him_in(database):
    teacher = start()
    kid = join(code_of(teacher), "Kid")
    phone = visit({"class": code_of(teacher)})
    phone.text_input(key="class.nickname").input("kid")
    click(phone, "class.come_back")
    assert "You asked for your place as **Kid**" in as_read(texts(phone))
    teacher.run()
    assert "says they are **Kid** and asks for their place back" in as_read(texts(teacher))
    click(teacher, "class.let_in.1")
    phone.run()
    assert "you are Kid ·" in as_read(texts(phone))
    kid.run()
    assert any("has moved to another device" in w.value for w in kid.warning)
    assert "class.join" in keys(kid)


def test_a_slider_must_be_moved_and_a_late_answer_is_told_so(database):
    teacher = start()
    code = code_of(teacher)
    ann, ben = join(code, "Ann"), join(code, "Ben")
    ask(teacher, "bust_chance")
    ann.run()
    click(ann, "class.send")  # the slider still where it started
    assert ann.error and "Move the slider" in ann.error[0].value
    assert database.pulse(code).answered == 0
    ben.run()
    field = next(k for k in keys(ben, "slider") if k.startswith("class."))
    ben.slider(key=field).set_value(40).run()
    click(teacher, "class.reveal")
    click(ben, "class.send")  # pressed after the reveal, from the form still on the phone
    assert "came after the teacher revealed" in texts(ben) or any(
        "came after the teacher revealed" in w.value for w in ben.warning)
    assert not ben.exception


def test_the_teacher_sees_the_end_and_can_start_again(database):
    teacher = start()
    code = code_of(teacher)
    join(code, "Ann")
    ask(teacher, "hand_value")
    click(teacher, "class.reveal")
    teacher.checkbox(key="class.sure").check().run()
    click(teacher, "class.end")
    assert any("This session has ended, after 1 question with 1 student" in i.value for i in teacher.info)
    assert "class.ask" not in keys(teacher) and "class.csv" in keys(teacher, "download_button")
    click(teacher, "class.again")
    assert {"class.join", "class.start"} <= set(keys(teacher)) and not code_of(teacher)


def test_a_guess_on_the_sliders_starting_value_counts_once_the_slider_was_moved(database):
    """Session seed 10 opens with a bust chance of 50 %, where the slider starts: a student who moves it away
    and back sends 50."""
    from quitlok.rules import QUITLOK

    teacher = database.create(QUITLOK, seed=10)
    ann = join(teacher.code, "Ann")
    database.ask(teacher.code, teacher.token, "bust_chance")
    question = database.view(teacher.code, teacher.token).round.question
    assert round(float(question.answer_percent)) == 50
    answer(ann, 50)
    assert not ann.error and database.view(teacher.code, key_of(ann)).mine == 50


def test_the_results_number_questions_as_the_screen_did_a_vote_between_them_not_counted(database):
    """Question 1, a vote at the class table, question 2: the class page's own results table and its CSV call the
    second question 2, as its heading did ("Question 2: ..."), and as the report does, not 3 (its round)."""
    teacher = start()
    code = code_of(teacher)
    dov = join(code, "Dov")
    titles = []
    for step in ("question", "vote", "question"):
        teacher.run()
        if step == "vote":
            click(teacher, "class.table")
            if not view(database, teacher).table.legal:
                pytest.skip("the class is not to act at this deal")  # pragma: no cover - the class seat acts first
            click(teacher, "class.vote")
            dov.run()
            dov.radio(key=f"class.vote.{view(database, teacher).round_number}").set_value(0).run()
            click(dov, "class.send")
        else:
            ask(teacher, "hand_value")
            question = view(database, teacher).round.question
            titles.append(question.title)
            assert f"Question {len(titles)}: {question.title}" in texts(teacher), "as the screen numbers it"
            answer(dov, question.answer if len(titles) == 1 else (question.answer + 1) % len(question.options))
        teacher.run()
        click(teacher, "class.reveal")

    table = teacher.table[-1].value
    assert list(table["Question"]) == [2, 1], "hardest first, each numbered as the screen showed it"
    assert list(table["Kind"]) == titles[::-1]
    lines = database.results_csv(code, key_of(teacher)).splitlines()
    assert [line.split(",")[0] for line in lines[1:]] == ["2", "1"]
