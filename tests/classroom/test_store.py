"""Class sessions in the database (quitlok.classroom.store), on SQLite and PostgreSQL: joining, asking,
answering, revealing, the board, hidden nicknames, the class table's votes, results, and every refusal."""

import threading

import pytest

from quitlok import KVITLACH, QUITLOK
from quitlok.classroom import BUST_CHANCE, HAND_VALUE, BadResponse, ClassroomError
from quitlok.classroom.store import BOARD_SIZE, CLASS_SEAT, Classes
from quitlok.coach import coach
from quitlok.game import apply_action
from quitlok.narration import sentences
from quitlok.rooms import BadName, NotHost, NotSeated, RoomNotFound
from tests.rooms.conftest import clock, database_url, postgres_url, stored_state  # noqa: F401  (fixtures)


@pytest.fixture
def classes(database_url, clock):  # noqa: F811
    store = Classes(database_url, clock=clock)
    yield store
    store.close()


def session(classes: Classes, n: int = 3, rules=QUITLOK):
    teacher = classes.create(rules, seed=11)
    students = [classes.join(teacher.code, f"Kid {i}") for i in range(n)]
    return teacher, students


def test_a_session_has_a_code_a_teacher_and_students(classes):
    teacher, students = session(classes)
    view = classes.view(teacher.code, teacher.token)
    assert view.is_teacher and view.class_size == 3 and view.phase == "waiting" and view.round is None
    assert [s[1] for s in view.students] == ["Kid 0", "Kid 1", "Kid 2"]
    mine = classes.view(teacher.code.lower(), students[1].token)
    assert not mine.is_teacher and mine.student == 1 and mine.nickname == "Kid 1" and mine.students == ()


def test_nicknames_are_checked_and_unique(classes):
    teacher, _ = session(classes, 1)
    with pytest.raises(BadName):
        classes.join(teacher.code, "kid 0")
    with pytest.raises(BadName):
        classes.join(teacher.code, "")
    with pytest.raises(RoomNotFound):
        classes.join("ZZZZZZ", "Ann")


def test_joining_leaves_the_version_alone_and_the_teacher_counts_who_joined(classes):
    teacher, students = session(classes, 0)
    before = classes.pulse(teacher.code)
    assert (before.joined, before.answered) == (0, 0)
    classes.join(teacher.code, "Ann")
    classes.join(teacher.code, "Ben")
    after = classes.pulse(teacher.code)
    assert after.version == before.version, "a join does not make every phone redraw"
    assert (after.joined, after.answered) == (2, 0)
    classes.ask(teacher.code, teacher.token, HAND_VALUE)
    assert classes.pulse(teacher.code).version == before.version + 1


def test_answers_are_counted_while_open_and_shown_only_when_revealed(classes):
    teacher, students = session(classes)
    classes.ask(teacher.code, teacher.token, HAND_VALUE)
    question = classes.view(teacher.code, teacher.token).round.question
    before = classes.version(teacher.code)
    classes.answer(teacher.code, students[0].token, question.answer)
    classes.answer(teacher.code, students[1].token, (question.answer + 1) % len(question.options))
    assert classes.version(teacher.code) == before, "an answer does not make every screen redraw"
    assert classes.pulse(teacher.code).answered == 2
    open_view = classes.view(teacher.code, teacher.token)
    assert open_view.answered == 2 and open_view.responses == ()
    classes.answer(teacher.code, students[1].token, question.answer)  # a change of mind, before the reveal
    classes.reveal(teacher.code, teacher.token)
    shown = classes.view(teacher.code, students[2].token)
    assert sorted(shown.responses) == [question.answer, question.answer]
    assert shown.mine is None and shown.score == (0, 1)
    assert classes.view(teacher.code, students[0].token).score == (1, 1)
    with pytest.raises(ClassroomError, match="closed"):
        classes.answer(teacher.code, students[2].token, question.answer)


def test_a_slider_answer_counts_within_the_tolerance(classes):
    teacher, students = session(classes, 2)
    classes.ask(teacher.code, teacher.token, BUST_CHANCE)
    question = classes.view(teacher.code, teacher.token).round.question
    exact = float(question.answer_percent)
    classes.answer(teacher.code, students[0].token, round(exact))
    classes.answer(teacher.code, students[1].token, 100 if exact < 50 else 0)
    classes.reveal(teacher.code, teacher.token)
    view = classes.view(teacher.code, teacher.token)
    assert view.results == ((1, question.title, 0.5, 2),)


def test_bad_answers_are_refused(classes):
    teacher, students = session(classes, 1)
    with pytest.raises(ClassroomError):
        classes.answer(teacher.code, students[0].token, 0)  # nothing asked yet
    classes.ask(teacher.code, teacher.token, HAND_VALUE)
    for bad in (-1, 99, 1.5, "1", None):
        with pytest.raises(BadResponse):
            classes.answer(teacher.code, students[0].token, bad)
    with pytest.raises(NotSeated):
        classes.answer(teacher.code, "forged", 0)
    assert classes.pulse(teacher.code).answered == 0


def test_only_the_teacher_steps_the_session(classes):
    teacher, students = session(classes, 1)
    for call in (lambda t: classes.ask(teacher.code, t), lambda t: classes.reveal(teacher.code, t),
                 lambda t: classes.show_board(teacher.code, t, True), lambda t: classes.end(teacher.code, t),
                 lambda t: classes.hide(teacher.code, t, 0)):
        with pytest.raises(NotHost):
            call(students[0].token)
    with pytest.raises(NotHost):
        classes.results_csv(teacher.code, students[0].token)


def test_the_steps_follow_the_sessions_sequence_and_scores_add_up(classes):
    teacher, students = session(classes, 2)
    titles = []
    for _ in range(3):
        classes.ask(teacher.code, teacher.token)
        question = classes.view(teacher.code, teacher.token).round.question
        titles.append(question.title)
        if question.slider:
            classes.answer(teacher.code, students[0].token, float(question.answer_percent))
        else:
            classes.answer(teacher.code, students[0].token, question.answer)
        classes.reveal(teacher.code, teacher.token)
    view = classes.view(teacher.code, students[0].token)
    assert view.score == (3, 3) and classes.view(teacher.code, students[1].token).score == (0, 3)
    assert [r[1] for r in view.results] == titles
    again = Classes(classes.url)  # the same seed makes the same questions on another server
    assert again.view(teacher.code, teacher.token).round.question.title == titles[-1]
    again.close()


def test_the_board_shows_the_top_five_with_hidden_nicknames_hidden(classes):
    teacher, students = session(classes, BOARD_SIZE + 2)
    classes.ask(teacher.code, teacher.token, HAND_VALUE)
    question = classes.view(teacher.code, teacher.token).round.question
    classes.answer(teacher.code, students[3].token, question.answer)
    classes.reveal(teacher.code, teacher.token)
    assert classes.view(teacher.code, students[0].token).board == ()
    classes.show_board(teacher.code, teacher.token, True)
    classes.hide(teacher.code, teacher.token, 3)
    board = classes.view(teacher.code, students[0].token).board
    assert len(board) == BOARD_SIZE and board[0] == ("(hidden)", 1)
    assert "Kid 3" not in str(board)
    with pytest.raises(ClassroomError, match="no student"):
        classes.hide(teacher.code, teacher.token, 42)


def test_results_download_as_csv_hardest_first(classes):
    teacher, students = session(classes, 2)
    for answer_right in (True, False):
        classes.ask(teacher.code, teacher.token, HAND_VALUE)
        question = classes.view(teacher.code, teacher.token).round.question
        wrong = (question.answer + 1) % len(question.options)
        for s in students:
            classes.answer(teacher.code, s.token, question.answer if answer_right else wrong)
        classes.reveal(teacher.code, teacher.token)
    lines = classes.results_csv(teacher.code, teacher.token).splitlines()
    assert lines[0] == "question,title,answers,share right"
    assert lines[1].startswith("2,") and lines[1].endswith(",2,0.00")
    assert lines[2].startswith("1,") and lines[2].endswith(",2,1.00")


def test_thirty_students_answering_at_once_are_all_counted(classes):
    teacher, students = session(classes, 30)
    classes.ask(teacher.code, teacher.token, HAND_VALUE)
    question = classes.view(teacher.code, teacher.token).round.question
    errors = []

    def answer(s, choice):
        try:
            classes.answer(teacher.code, s.token, choice)
        except Exception as problem:  # noqa: BLE001  (any failure fails the test below)
            errors.append(problem)

    threads = [threading.Thread(target=answer, args=(s, i % len(question.options))) for i, s in enumerate(students)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    classes.reveal(teacher.code, teacher.token)
    responses = classes.view(teacher.code, teacher.token).responses
    assert sorted(responses) == sorted(float(i % len(question.options)) for i in range(30))


@pytest.mark.parametrize("rules", [QUITLOK, KVITLACH], ids=lambda r: r.name)
def test_the_class_votes_and_the_majority_move_is_played_with_its_cost(classes, rules):
    teacher, students = session(classes, 3, rules)
    classes.start_table(teacher.code, teacher.token)
    for _ in range(40):
        table = classes.view(teacher.code, teacher.token).table
        if table.legal or table.over:
            break
    table = classes.view(teacher.code, teacher.token).table
    assert table.seat == CLASS_SEAT and table.legal
    classes.open_vote(teacher.code, teacher.token)
    vote = classes.view(teacher.code, students[0].token).round.vote
    assert len(vote.options) == len(table.legal)
    last = len(vote.options) - 1
    for s, choice in zip(students, (last, last, 0), strict=True):
        classes.answer(teacher.code, s.token, choice)
    classes.answer(teacher.code, students[2].token, 0)  # still two against one: no tie
    advice = coach(table.state, table.banker_stands_on)
    whole = stored_state(classes.rooms, table.code)  # the game behind the class's view, to replay the choice
    played = apply_action(whole, table.legal[last])  # as the class's seat reads it: "You ..."
    expected = sentences(played.events, whole.players, CLASS_SEAT)[len(sentences(whole.events, whole.players,
                                                                                 CLASS_SEAT))]
    classes.reveal(teacher.code, teacher.token)
    closed = classes.view(teacher.code, teacher.token)
    assert closed.round.vote.chosen == last and not closed.round.vote.tied
    assert closed.round.vote.events_from == len(table.events)
    assert closed.table.version > table.version
    if advice is not None:
        assert closed.round.vote.values == tuple(advice.values[a] for a in table.legal)
    assert expected in sentences(closed.table.events[len(table.events):], table.players, table.seat), \
        "the majority's move was played"


def test_a_vote_nobody_answered_is_not_closed(classes):
    teacher, _ = session(classes, 1)
    classes.start_table(teacher.code, teacher.token)
    table = classes.view(teacher.code, teacher.token).table
    if not table.legal:
        pytest.skip("the computer players ended the game before the class's turn")
    classes.open_vote(teacher.code, teacher.token)
    with pytest.raises(ClassroomError, match="Nobody has voted"):
        classes.reveal(teacher.code, teacher.token)


def test_idle_sessions_are_removed(classes, clock):  # noqa: F811
    teacher, _ = session(classes, 1)
    clock.now += 13 * 3600
    with pytest.raises(RoomNotFound):
        classes.view(teacher.code, teacher.token)
    assert classes.purge() >= 1


def test_an_ended_session_takes_no_more(classes):
    teacher, students = session(classes, 1)
    classes.end(teacher.code, teacher.token)
    assert classes.view(teacher.code, students[0].token).ended
    with pytest.raises(ClassroomError):
        classes.join(teacher.code, "Late")
    with pytest.raises(ClassroomError):
        classes.ask(teacher.code, teacher.token)



def test_a_question_of_the_same_kind_never_repeats_a_position(classes):
    teacher, students = session(classes, 1)
    prompts = []
    for _ in range(12):  # two-card hands are few: without a check, one would come round again
        classes.ask(teacher.code, teacher.token, HAND_VALUE)
        prompts.append(classes.view(teacher.code, teacher.token).round.question.prompt)
        classes.reveal(teacher.code, teacher.token)
    assert len(set(prompts)) == len(prompts)


def test_a_tied_vote_plays_the_move_listed_first_and_says_it_was_tied(classes):
    teacher, students = session(classes, 2)
    classes.start_table(teacher.code, teacher.token)
    table = classes.view(teacher.code, teacher.token).table
    assert table.legal, "the class's seat is the first to act"
    classes.open_vote(teacher.code, teacher.token)
    classes.answer(teacher.code, students[0].token, 1)
    classes.answer(teacher.code, students[1].token, 0)
    classes.reveal(teacher.code, teacher.token)
    vote = classes.view(teacher.code, teacher.token).round.vote
    assert vote.tied and vote.chosen == 0


def test_a_phone_polls_its_own_answer_with_the_version(classes):
    teacher, students = session(classes, 2)
    classes.ask(teacher.code, teacher.token, HAND_VALUE)
    assert classes.pulse(teacher.code, students[0].token).mine is None
    classes.answer(teacher.code, students[0].token, 1)
    assert classes.pulse(teacher.code, students[0].token).mine == 1
    assert classes.pulse(teacher.code, students[1].token).mine is None
    with pytest.raises(NotSeated):
        classes.pulse(teacher.code, "forged")


def _every_text_stored(store: Classes) -> set[str]:
    """Every text value in every table of the database, as a copy of it would hold them."""
    import sqlalchemy as sa

    from quitlok.rooms.database import metadata

    with store._engine.connect() as conn:
        return {value for table in metadata.sorted_tables for row in conn.execute(sa.select(table))
                for value in row if isinstance(value, str)}


def _opens_the_class_seat(classes: Classes, room: str, key: str) -> bool:
    try:
        return classes.rooms.view(room, key).seat == CLASS_SEAT
    except (NotSeated, RoomNotFound):
        return False


def test_no_value_in_a_copy_of_the_database_opens_the_class_table(classes):
    teacher, students = session(classes, 1)
    classes.start_table(teacher.code, teacher.token)
    room = classes.view(teacher.code, teacher.token).table.code
    stored = _every_text_stored(classes)
    assert not [value for value in stored if _opens_the_class_seat(classes, room, value)]
    assert teacher.token not in stored and students[0].token not in stored
    student_view = classes.view(teacher.code, students[0].token).table
    assert student_view.seat == CLASS_SEAT and student_view.version == classes.view(teacher.code,
                                                                                    teacher.token).table.version


def test_a_class_table_stored_by_the_previous_version_is_hashed_on_first_start_and_plays_on(database_url, clock):  # noqa: F811
    import sqlalchemy as sa

    from quitlok.classroom.store import CLASSES, TABLE_STYLES

    old = Classes(database_url, clock=clock)
    teacher, students = session(old, 3)
    # what the previous version did: the room's own key for the class's seat, kept in plain text
    seat = old.rooms.create(QUITLOK, host="The class", bank=10, purses=20)
    for style in TABLE_STYLES:
        old.rooms.add_computer(seat.code, seat.token, style)
    old.rooms.start(seat.code, seat.token)
    with old._engine.begin() as conn:
        conn.execute(sa.update(CLASSES).where(CLASSES.c.code == teacher.code)
                     .values(table_room=seat.code, table_token=seat.token))
    old.close()

    classes = Classes(database_url, clock=clock)  # the new version starts on that database
    try:
        assert classes.version(teacher.code) >= 1  # its first use
        stored = _every_text_stored(classes)
        assert seat.token not in stored, "the plain key is hashed on first start"
        with classes._engine.connect() as conn:
            kept = conn.execute(sa.select(CLASSES.c.table_token).where(CLASSES.c.code == teacher.code)).scalar_one()
        assert len(kept) == 64 and int(kept, 16) >= 0
        assert classes.view(teacher.code, students[0].token).table.seat == CLASS_SEAT  # the class still sees it
        for _ in range(40):
            table = classes.view(teacher.code, teacher.token).table  # the teacher's step gives the seat its key
            if table.legal or table.over:
                break
        assert not _opens_the_class_seat(classes, seat.code, seat.token), "the old key no longer opens the seat"
        assert not [v for v in _every_text_stored(classes) if _opens_the_class_seat(classes, seat.code, v)]
        if not table.legal:
            pytest.skip("the computer players ended the game before the class's turn")
        classes.open_vote(teacher.code, teacher.token)
        for s in students:
            classes.answer(teacher.code, s.token, 0)
        classes.reveal(teacher.code, teacher.token)
        closed = classes.view(teacher.code, teacher.token)
        assert closed.round.vote.chosen == 0 and closed.table.version > table.version
    finally:
        classes.close()


# --- a pupil's place is held by his phone, not an address (SPEC section 5) ---------------------------------------


def test_a_pupil_on_a_new_phone_asks_by_nickname_and_the_teacher_lets_him_in(classes):
    from quitlok.rooms import NoSuchPlayer, NoSuchRequest, SeatMoved

    teacher = classes.create(QUITLOK, seed=1)
    kid = classes.join(teacher.code, "Kid")
    with pytest.raises(NoSuchPlayer):
        classes.come_back(teacher.code, "Nobody")
    request = classes.come_back(teacher.code, " KID ")
    assert classes.came_back(teacher.code, request.token).answer == "waiting"
    assert classes.view(teacher.code, teacher.token).requests == ((1, kid.student, "Kid"),)
    assert classes.view(teacher.code, kid.token).requests == (), "only the teacher sees requests"
    with pytest.raises(NotHost):
        classes.let_in(teacher.code, kid.token, 1)
    classes.let_in(teacher.code, teacher.token, 1)
    assert classes.came_back(teacher.code, request.token).answer == "in"
    assert classes.view(teacher.code, request.token).nickname == "Kid"
    with pytest.raises(SeatMoved, match="moved to another device"):
        classes.view(teacher.code, kid.token)
    with pytest.raises(NoSuchRequest):
        classes.let_in(teacher.code, teacher.token, 1)


def test_a_refused_pupil_request_opens_nothing(classes):
    teacher = classes.create(QUITLOK, seed=1)
    kid = classes.join(teacher.code, "Kid")
    request = classes.come_back(teacher.code, "Kid")
    classes.refuse(teacher.code, teacher.token, 1)
    assert classes.came_back(teacher.code, request.token).answer == "refused"
    with pytest.raises(NotSeated):
        classes.view(teacher.code, request.token)
    assert classes.view(teacher.code, kid.token).nickname == "Kid"
