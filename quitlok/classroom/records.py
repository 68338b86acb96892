"""A class session's report, read from the database (quitlok.classroom.store): the teacher's key opens it,
while the session is running and after it has ended (until it is removed, 12 hours after its last change).

Only revealed questions are in it (an open question's answers are still coming in), numbered as the screen
numbered them; votes at the class table are not questions and are left out.
"""

import json

import sqlalchemy as sa

from quitlok.classroom.report import Asked, Pupil, Report, build_report
from quitlok.classroom.store import ANSWERS, STUDENTS, Classes, session_rules, stored_round
from quitlok.rooms.store import room_code


def session_report(classes: Classes, code: str, teacher: str) -> Report:
    """The report of session `code` for its teacher (NotHost for any other key; RoomNotFound when there is no
    such session)."""
    code = room_code(code)
    with classes._transaction(write=False) as conn:
        session = classes._load(conn, code)
        classes._check_teacher(session, teacher)
        students = conn.execute(sa.select(STUDENTS.c.student, STUDENTS.c.nickname, STUDENTS.c.joined)
                                .where(STUDENTS.c.code == code).order_by(STUDENTS.c.student)).all()
        answers = conn.execute(sa.select(ANSWERS.c.round, ANSWERS.c.student, ANSWERS.c.response)
                               .where(ANSWERS.c.code == code)).all()
    rules = session_rules(session)
    stored = json.loads(session.rounds)
    last = len(stored) - 1
    asked, number = [], 0
    for i, entry in enumerate(stored):
        if "vote" in entry:
            continue
        number += 1
        if i < last or session.phase == "revealed":
            asked.append(Asked(number, i, stored_round(rules, entry).question))
    return build_report(asked, [Pupil(s.student, s.nickname, s.joined) for s in students],
                        {(a.round, a.student): a.response for a in answers})
