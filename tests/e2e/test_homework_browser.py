"""Homework in the browser: the teacher sets it, a pupil does it on a phone of his own, the teacher sees it,
each in a browser context of its own, served by one `streamlit run` (conftest: app_url, with its own database).
The test opens the same database (quitlok.classroom.homework.Homeworks) to know the right answers."""

import pytest
from playwright.sync_api import expect

from quitlok.classroom.homework import Homeworks
from tests.e2e.conftest import click, open_app, wait_for_app

pytestmark = pytest.mark.e2e

FOLLOW = 90_000
PHONE = {"viewport": {"width": 390, "height": 800}, "is_mobile": True, "has_touch": True}


def test_the_teacher_sets_the_pupil_does_and_the_teacher_sees(browser, app_url, rooms_database):
    teacher = browser.new_context(viewport={"width": 1300, "height": 1200}).new_page()
    open_app(teacher, f"{app_url}/homework")
    teacher.get_by_label("Quiz questions").fill("2")
    teacher.get_by_label("Class questions").fill("0")
    teacher.get_by_label("Quiz questions").press("Tab")
    wait_for_app(teacher)
    click(teacher, "Set the homework")
    expect(teacher.get_by_text("Homework code")).to_be_visible(timeout=FOLLOW)
    code = teacher.url.split("homework=")[1][:6]
    store = Homeworks(rooms_database)
    answers = [q.answer for q in store.homework_questions(code)]

    phone = browser.new_context(**PHONE).new_page()
    open_app(phone, f"{app_url}/homework?homework={code}")
    phone.get_by_label("Your name in class").fill("Dina")
    phone.get_by_label("Your name in class").press("Tab")
    wait_for_app(phone)
    click(phone, "Start")
    for n, answer in enumerate(answers):
        expect(phone.get_by_text(f"Quiz question {n + 1} of 2")).to_be_visible(timeout=FOLLOW)
        wrong = (answer + 1) % 2 if n else answer  # the first right, the second wrong
        phone.get_by_role("radiogroup").locator("label").nth(wrong).click()
        wait_for_app(phone)
        click(phone, "Check my answer")
        alert = "stAlertContentSuccess" if not n else "stAlertContentWarning"
        expect(phone.get_by_test_id(alert)).to_contain_text("You answered", timeout=FOLLOW)
        click(phone, "Next")
    expect(phone.get_by_text("All done")).to_be_visible(timeout=FOLLOW)
    phone.context.close()

    click(teacher, "Look again")
    row = teacher.get_by_role("row").filter(has_text="Dina")
    expect(row).to_contain_text("2 of 2 answered, 1 right", timeout=FOLLOW)
    expect(teacher.get_by_text("Where the class went wrong")).to_be_visible()
    expect(teacher.get_by_text("Quiz question 2 · 0% right of 1")).to_be_visible()
    store.close()
    teacher.context.close()
