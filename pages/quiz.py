"""Quiz: rounds of ten questions, made from real games by the engine and fixed ones on history and terms.

Each round ends in a summary: the score, every question marked right or wrong,
and the topics to revisit, each with a link to the lesson (or history page)
that teaches it.

The round is kept as values, not words: each question as what makes it again
(`asked`: its kind, generator, seed, round, place and house rules) and each
answer as that and the option's number. Its words ("quiz.question", the
questions of "quiz.answers") are made from them in the language of the run
that shows them, and made again when the visitor changes language mid-round.
"""

import random
from functools import reduce

import streamlit as st

from quitlok import ui
from quitlok.i18n import N_, _, language
from quitlok.lessons import LESSONS
from quitlok.quiz import GENERATORS, ROUND, Question, lessons_needed, open_generators, plan_round
from quitlok.ui import progress as learner
from quitlok.ui import restarts, rtl

ui.through_the_app()

#: where the fixed questions' topics are taught: (page, title); a topic is a key (kept with the progress), shown
#: translated, `_(topic)`, as the engine's topics are
FURTHER_READING = {
    "History": ("pages/history_origins.py", N_("Origins and names")),
    "Terms": ("pages/glossary.py", N_("Glossary")),
}
# Translators: the topics of the quiz's questions on history and on the game's words (a label on a question)
FIXED_TOPICS = (N_("History"), N_("Terms"))  # marked for the catalog (magic would draw a bare tuple)
SLUGS = [lesson.slug for lesson in LESSONS]
#: what each generator's questions are about, in words for the learner
ABOUT = {"hand_worth": N_("counting a hand"), "next_card": N_("bust and 21"), "who_wins": N_("settling a stake"),
         "may_retire": N_("when the banker may retire"), "who_banks_next": N_("who banks next"),
         "max_bet": N_("how much you may bet"), "bust_odds": N_("the chance of going bust")}

ss = st.session_state
if target := ss.pop("quiz.go_to", None):  # a "revisit" button was pressed: its callback chose the page
    st.switch_page(target)


# --- state and callbacks -------------------------------------------------------------------------


def fixed_question(k: int, seed: int, round_: int) -> Question:
    """Round `round_`'s k-th fixed question: the fixed questions go round in one shuffled order, three a round."""
    fixed = ui.fixed_questions()
    per_round = sum(kind == "fixed" for kind, _ in ss["quiz.plan"])
    order = random.Random(seed).sample(range(len(fixed)), len(fixed))
    topic, check = fixed[order[((round_ - 1) * per_round + k) % len(fixed)]]
    rng = random.Random(f"{seed}/{round_}/fixed/{k}")
    shuffle = rng.sample(range(len(check.options)), len(check.options))
    feedback = tuple(check.feedback[i] if i == check.answer else _("Not quite. {why}").format(why=check.feedback[i])
                     for i in shuffle)
    return Question(topic, check.question, tuple(check.options[i] for i in shuffle), shuffle.index(check.answer),
                    check.feedback[check.answer], feedback, mistakes=())


def worded(asked: tuple) -> Question:
    """The question `asked` (kind, generator or fixed question, seed, round, place, house rules), in the run's
    language: the same question, numbers, options and answer in every language."""
    kind, k, seed, round_, index, rules = asked
    if kind == "made":
        return GENERATORS[k](random.Random(f"{seed}/{round_}/{index}"), rules)
    return fixed_question(k, seed, round_)


def make_question() -> None:
    """The question at the round's current place, made under the house rules in force."""
    kind, k = ss["quiz.plan"][ss["quiz.index"]]
    rules = ui.current_rules()
    ss["quiz.asked"] = (kind, k, ss["quiz.seed"], ss["quiz.round"], ss["quiz.index"], rules)
    ss["quiz.question"], ss["quiz.worded_in"] = worded(ss["quiz.asked"]), language()
    ss["quiz.rules"], ss["quiz.checked"] = rules, None
    ss.pop("quiz.choice", None)


def word_the_round() -> None:
    """The round's words in this run's language: the question asked and the questions answered, made again from
    what they are (after a change of language)."""
    ss["quiz.question"] = worded(ss["quiz.asked"])
    ss["quiz.answers"] = [(worded(asked), choice) for asked, choice in ss["quiz.answered"]]
    ss["quiz.worded_in"] = language()


def words(key: str) -> str:
    return ui.content_sections("quiz/page")[key]


def lessons_done() -> set[str]:
    return {slug for slug, record in learner.current().lessons.items() if record.done}


def open_now() -> tuple[int, ...]:
    """The generators this learner may be asked: those whose lessons are done (all, if asked for everything)."""
    if ss.get("quiz.everything"):
        return tuple(range(len(GENERATORS)))
    return open_generators(lessons_done(), ui.current_rules())


def new_round() -> None:
    """Start the next round: a fresh plan of what the lessons done have taught, no answers yet."""
    ss["quiz.round"] = ss.get("quiz.round", 0) + 1
    rng = random.Random(f"{ss['quiz.seed']}/{ss['quiz.round']}")
    ss["quiz.made"] = open_now()
    ss["quiz.plan"] = plan_round(rng, len(ui.fixed_questions()), ss["quiz.made"])
    ss["quiz.index"], ss["quiz.answers"], ss["quiz.answered"], ss["quiz.summary"] = 0, [], [], False
    make_question()


def check() -> None:
    choice = ss.get("quiz.choice")
    if choice is None or ss["quiz.checked"] is not None:
        return
    question = ss["quiz.question"]
    ss["quiz.checked"] = choice
    ss["quiz.answers"].append((question, choice))
    ss["quiz.answered"].append((ss["quiz.asked"], choice))
    ss.pop("quiz.lost", None)
    learner.update(lambda p: p.with_quiz_answer(question.topic, choice == question.answer))


def next_question() -> None:
    if ss["quiz.index"] + 1 >= ROUND:
        ss["quiz.summary"] = True
    else:
        ss["quiz.index"] += 1
        make_question()


def revisit(page: str, step: int | None = None) -> None:
    """Open a lesson (the lessons page reads its step from "lesson.step") or a history page."""
    if step is not None:
        ss["lesson.step"] = step
    ss["quiz.go_to"] = page


# --- pieces of the page ----------------------------------------------------------------------------


def the_question() -> None:
    question: Question = ss["quiz.question"]
    answers = ss["quiz.answers"]
    right = sum(choice == q.answer for q, choice in answers)
    st.progress(len(answers) / ROUND, text=_("Round {round} · question {number} of {total} · {right} right so far")
                .format(round=ss["quiz.round"], number=ss["quiz.index"] + 1, total=ROUND, right=right))
    with st.container(border=True):
        st.markdown(f":blue-badge[{_(question.topic)}]")
        if not question.mistakes and question.topic in FURTHER_READING:  # history or terms: not from the lessons
            st.caption(words(question.topic))
        st.markdown(f"**{question.prompt}**")
        st.radio(_("Your answer"), range(len(question.options)), key="quiz.choice", index=None,
                 format_func=lambda i: question.options[i], label_visibility="collapsed",
                 disabled=ss["quiz.checked"] is not None)
        if ss["quiz.checked"] is None:
            # Translators: the button that checks the answer chosen
            st.button(_("Check"), key="quiz.check", on_click=check, type="primary",
                      disabled=ss.get("quiz.choice") is None)
            return
        chosen = ss["quiz.checked"]
        (st.success if chosen == question.answer else st.warning)(question.feedback[chosen])
        if chosen != question.answer:
            st.markdown(_("The answer: **{answer}**").format(answer=question.options[question.answer]))
        last = ss["quiz.index"] + 1 >= ROUND
        st.button(_("See how you did") if last else _("Next question"), key="quiz.next", on_click=next_question,
                  type="primary", icon=":material/flag:" if last else rtl.icon(":material/arrow_forward:"))


def to_revisit(answers: list[tuple[Question, int]]) -> dict[str, list[tuple[str, int | None, str]]]:
    """Each topic with a wrong answer, in the order met, with where to revisit it: (page, lesson step or None,
    what to open). The lesson is the one that sets the learner's own mistake right."""
    places: dict[str, list[tuple[str, int | None, str]]] = {}
    for question, choice in answers:
        if choice == question.answer:
            continue
        slug = question.lesson_for(choice)
        if slug in SLUGS:
            step = SLUGS.index(slug)
            place = ("pages/lessons.py", step, _("Lesson {number}: {title}").format(number=step + 1,
                                                                                     title=ui.lesson_words(slug)[0]))
        elif question.topic in FURTHER_READING:
            page, title = FURTHER_READING[question.topic]
            place = (page, None, _(title))
        else:
            continue
        if place not in places.setdefault(question.topic, []):
            places[question.topic].append(place)
    return places


def the_summary() -> None:
    answers: list[tuple[Question, int]] = ss["quiz.answers"]
    right = sum(choice == q.answer for q, choice in answers)
    st.header(_("Round {round} done").format(round=ss["quiz.round"]))
    score, mastered = st.columns(2)
    # Translators: a count shown as a figure, such as "7 of 10"
    score.metric(_("This round"), _("{done} of {total}").format(done=right, total=len(answers)),
                 help=words("this_round"))
    done, met = learner.current().topics_mastered()
    mastered.metric(_("Quiz topics mastered"), _("{done} of {total}").format(done=done, total=met),
                    help=words("mastered"))
    st.caption(words("two_counts").format(right=right, asked=len(answers), done=done, met=met))

    st.markdown(_("**Topics to revisit**"))
    places = to_revisit(answers)
    if not places:
        st.success(_("Nothing to revisit: every answer was right."), icon=":material/celebration:")
    for topic, where in places.items():
        asked = [choice == q.answer for q, choice in answers if q.topic == topic]
        with st.container(horizontal=True, vertical_alignment="center"):
            st.markdown(_("**{topic}**: {wrong} of {asked} wrong").format(topic=_(topic), wrong=asked.count(False),
                                                                           asked=len(asked)), width="content")
            for i, (page, step, title) in enumerate(where):
                st.button(title, key=f"quiz.revisit.{topic}.{i}", on_click=revisit, args=(page, step),
                          icon=":material/school:" if step is not None else ":material/menu_book:")

    st.button(_("Start a new round"), key="quiz.new_round", on_click=new_round, type="primary",
              icon=":material/replay:")
    st.markdown(_("**Your answers**"))
    for number, (question, choice) in enumerate(answers, start=1):
        good = choice == question.answer
        # Translators: "right" and "wrong" mark an answer in the round's list of answers
        mark = f":green[:material/check_circle: {_('right')}]" if good else f":red[:material/cancel: {_('wrong')}]"
        line = f"{number}. {mark} · :blue-badge[{_(question.topic)}] {question.prompt}  \n"
        line += _("Your answer: **{answer}**").format(answer=question.options[choice])
        if not good:
            line += " · " + _("the answer: **{answer}**").format(answer=question.options[question.answer])
        st.markdown(line)


# --- the page ------------------------------------------------------------------------------------

st.title(_("Quiz"))
rules = ui.current_rules()
ss.setdefault("quiz.seed", random.randrange(10**6))
if "quiz.plan" not in ss or "quiz.asked" not in ss:  # a first visit (or a round kept by an earlier version)
    new_round()
elif ss["quiz.worded_in"] != language():
    word_the_round()  # the visitor changed language: the same round, in the new one's words
if (not ss["quiz.summary"] and ss["quiz.checked"] is None and ss["quiz.plan"][ss["quiz.index"]][0] == "made"
        and ss["quiz.rules"] != rules):
    make_question()  # the house rules changed before this question was answered: ask it under the new ones

def what_it_covers() -> None:
    """What this round asks about, and what joins it as the learner finishes more lessons."""
    made = [GENERATORS[i].__name__ for i in ss["quiz.made"]]
    later: dict[int, list[str]] = {}  # lesson number -> what its being done opens
    for generator in GENERATORS:
        if generator.__name__ not in made:
            last = max(SLUGS.index(slug) for slug in lessons_needed(generator, rules)) + 1
            later.setdefault(last, []).append(_(ABOUT[generator.__name__]))
    coming = "; ".join(_("{topics} after lesson {number}").format(topics=reduce(both, about), number=n)
                       for n, about in sorted(later.items()))
    if not made:
        st.info(words("fresh").format(coming=coming, round=ROUND), icon=":material/school:")
    else:
        text = words("covers").format(topics=", ".join(_(ABOUT[name]) for name in dict.fromkeys(made)),
                                      rules=rules.name, round=ROUND)
        st.caption(text + (" " + words("coming").format(coming=coming) if later else ""))
    st.toggle(_("Ask about every lesson"), key="quiz.everything", help=words("everything"),
              on_change=everything_changed)


def both(first: str, second: str) -> str:
    """'bust and 21'."""
    return _("{first} and {second}").format(first=first, second=second)


def everything_changed() -> None:
    """The toggle counts at once while the round has no answer yet (a fresh learner's first look), else from
    the next round on."""
    if not ss["quiz.answers"] and not ss["quiz.summary"]:
        ss["quiz.round"] -= 1
        new_round()


what_it_covers()
with st.sidebar:  # this tab remembers that a round is under way, so that a restart or a reload can say it was lost
    if lost := restarts.held("quiz", "round" if ss["quiz.answers"] and not ss["quiz.summary"] else ""):
        ss["quiz.lost"] = lost.words
if ss.get("quiz.lost") and not ss["quiz.answers"]:  # said until the first answer of the new round
    st.warning(ss["quiz.lost"], icon=":material/sync_problem:")
if ss["quiz.summary"]:
    the_summary()
else:
    the_question()
