"""Advisor: pick your cards and the cards you have seen; see the exact odds and the best play."""

import re
from collections import Counter

import streamlit as st

from quitlok import InvalidCards, QuitlokError, at_best, hand_value, ui
from quitlok.bank_odds import MODEL_WORDS, OpenHand, banker_advice
from quitlok.cards import check_cards, plural
from quitlok.errors import TooLarge, Unavailable
from quitlok.practice import COMPUTER_NAMES
from quitlok.rulebook import ends_turn, is_twenty_one
from quitlok.rules import banker_model_words
from quitlok.ui import bars, guard
from quitlok.ui.advisor import (
    BANKER_CHOICES,
    answer,
    banker_choices,
    banker_verdict,
    choices_html,
    next_card_effects,
    open_cards,
    open_hand_lines,
    part,
    parts_html,
)

ui.through_the_app()

HAND, SEEN, STAKE, ROOM, MODEL = "advisor.hand", "advisor.seen", "advisor.stake", "advisor.room", "advisor.stands_on"
MAX_BET, STOCK = "advisor.max_bet", "advisor.stock"
ROLE, PLAYER, BANKER = "advisor.role", "I am a player", "I hold the bank"
OPEN_COUNT = "advisor.open_count"
MOST_OPEN_HANDS = len(COMPUTER_NAMES)  # as many as the practice table seats
MOST_CHIPS = 10_000
LONGEST_SHOWN = 40  # characters of a bad link value repeated in the message
LONGEST_CARDS = 48 * len("12, ")  # characters of ?hand= or ?seen= at the most: every card of two packs
rules = ui.current_rules()
call = rules.aluvun_word


# --- state and callbacks ---------------------------------------------------------------------------


def read_link() -> None:
    """A link may carry the position: ?hand=6,5&seen=11,3&stake=1&room=2. Bad values get a clear message, and
    whatever the link says is shown as plain text, never as a link or formatting."""
    if st.session_state.get("advisor.link_read"):
        return
    st.session_state["advisor.link_read"] = True
    params = st.query_params
    problems = []
    try:
        hand = check_cards(_numbers(params.get("hand", ""), "hand"), rules.copies, "hand in the link")
        seen = check_cards(_numbers(params.get("seen", ""), "seen"), rules.copies, "seen cards in the link")
        check_cards(hand + seen, rules.copies, "the link's cards together")
    except (InvalidCards, ValueError) as problem:
        problems.append(f"The link's cards are not possible: {problem}")
    else:
        st.session_state[HAND], st.session_state[SEEN] = list(hand), list(seen)
    for name, key in (("stake", STAKE), ("room", ROOM)):
        if name in params:
            text = params[name].strip()
            if text.isascii() and text.isdigit() and len(text) <= len(str(MOST_CHIPS)) and int(text) <= MOST_CHIPS:
                st.session_state[key] = int(text)
            else:
                problems.append(f"The link's {name} “{_shown(text)}” should be a whole number of chips "
                                f"from 0 to {MOST_CHIPS:,}.")
    if "stock" in params:
        text = params["stock"].strip()
        if text.isascii() and text.isdigit() and len(text) <= 2 and int(text) <= rules.pack_size:
            st.session_state[STOCK] = int(text)
        else:
            problems.append(f"The link's stock “{_shown(text)}” should be the number of face-down cards left in "
                            f"the stock, a whole number from 0 to {rules.pack_size}.")
    if problems:
        st.session_state["advisor.problem"] = " ".join(problems)


def _numbers(text: str, name: str) -> list[int]:
    """'6,5' -> [6, 5]; anything else raises ValueError with a message that shows the text safely. A text
    longer than any real hand (every card of two packs, "12," each) is refused before it is read."""
    if len(text) > LONGEST_CARDS:
        raise ValueError(f"{name} “{_shown(text)}” is longer than any real {name} ({LONGEST_CARDS} characters at "
                         "the most).")
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if not all(re.fullmatch(r"[0-9]{1,2}", p) for p in parts):
        raise ValueError(f"{name} “{_shown(text)}” should be numbers separated by commas, such as 6,5.")
    return [int(p) for p in parts]


def _shown(text: str) -> str:
    """Text from the link, shortened and escaped, so that it reads literally in a message."""
    return ui.escape_markdown(text if len(text) <= LONGEST_SHOWN else text[:LONGEST_SHOWN] + "…")


def unseen() -> Counter:
    """The cards not picked anywhere on the page: the banker's open hands' face-up cards count as seen."""
    shown = [card for _, cards, _ in open_hands_read() if not isinstance(cards, str) for card in cards
             if card is not None]
    return Counter(rules.pack) - Counter(st.session_state[HAND]) - Counter(st.session_state[SEEN]) - Counter(shown)


def open_hands_read() -> list[tuple[int, tuple | str, int]]:
    """The banker's open hands as typed: (stake, cards or what is wrong with them, room); none for a player."""
    if st.session_state.get(ROLE) != BANKER:
        return []
    hands = []
    for i in range(st.session_state.get(OPEN_COUNT, 1)):
        try:
            cards = open_cards(st.session_state.get(f"advisor.open.{i}.cards", "?, ?"))
        except ValueError as problem:
            cards = str(problem)
        hands.append((st.session_state.get(f"advisor.open.{i}.stake", 1), cards,
                      st.session_state.get(f"advisor.open.{i}.room", 0)))
    return hands


def add(rank: int) -> None:
    target = HAND if st.session_state["advisor.target"] == "My cards" else SEEN
    if unseen()[rank] > 0:
        st.session_state[target] = st.session_state[target] + [rank]


def undo(key: str) -> None:
    st.session_state[key] = st.session_state[key][:-1]


def clear() -> None:
    st.session_state[HAND], st.session_state[SEEN] = [], []
    st.session_state.pop("advisor.problem", None)


# --- pieces of the page ------------------------------------------------------------------------------


def picker() -> None:
    st.radio("Add a card to", ["My cards", "Cards I have seen"], key="advisor.target", horizontal=True,
             help="As banker: the face-up cards other than your own and the staying players' (those go below).")
    left = unseen()
    with st.container(horizontal=True, gap="small"):
        for rank in range(1, 13):
            st.button(f"{rank} · {left[rank]} left", key=f"advisor.add.{rank}", on_click=add, args=(rank,),
                      disabled=left[rank] == 0,
                      help=f"{left[rank]} of the {rules.copies} cards numbered {rank} "
                           f"{'is' if left[rank] == 1 else 'are'} still unseen")
    st.markdown("**Your cards, in order**")
    ui.show_cards(tuple(st.session_state[HAND]), (True,) * len(st.session_state[HAND]), mine=True)
    st.markdown("**Cards you have seen**")
    ui.show_cards(tuple(st.session_state[SEEN]), (True,) * len(st.session_state[SEEN]), mine=False, small=True)
    with st.container(horizontal=True):
        st.button("Undo my last card", key="advisor.undo.hand", on_click=undo, args=(HAND,),
                  disabled=not st.session_state[HAND])
        st.button("Undo last seen card", key="advisor.undo.seen", on_click=undo, args=(SEEN,),
                  disabled=not st.session_state[SEEN])
        st.button("Clear all", key="advisor.clear", on_click=clear)


def stock() -> int | None:
    """The face-down cards left in the stock; None (empty, the default) for more than can be drawn."""
    return st.number_input("Face-down cards left in the stock", 0, rules.pack_size, key=STOCK, placeholder="plenty",
                           help=ui.content("advisor/stock").strip())


def stakes() -> tuple[int, int, int]:
    """The chips bet and still allowed, and the banker model: only the totals the rules let him stand on."""
    stake = st.number_input("Chips you have bet on this hand" + (" (your bet comes first)" if rules.bet_first else ""),
                            0, MOST_CHIPS, key=STAKE)
    room = st.number_input("How many more chips you may bet", 0, MOST_CHIPS, key=ROOM,
                           help="What your purse, the bank and any maximum bet still allow.")
    if rules.agreed_max_bet:
        most = st.number_input("The table's maximum bet (chips)", 1, MOST_CHIPS, key=MAX_BET,
                               help="Agreed before the game; by default a quarter of the banker's opening stake "
                                    f"({rules.default_max_bet(10)} chips on a stake of 10).")
        if stake + room > most:
            room = max(0, most - stake)
            st.warning(f"Your stake and what you may still bet add up to more than the maximum bet of "
                       f"{plural(most, 'chip')}, so the advisor takes it that you may bet {room} more.")
    options = list(rules.banker_models)
    if st.session_state.get(MODEL) not in options:
        chosen = rules.banker_model(st.session_state.get(MODEL, 17))
        st.session_state[MODEL] = chosen if chosen in options else options[0]
    forced = (f" Your house rules make him draw on {rules.banker_must_reach - 1} or less, so he stands on "
              f"{rules.banker_must_reach} at the least." if rules.banker_must_reach else "")
    stands_on = st.select_slider("The banker stands on", options, key=MODEL,
                                 help=ui.content("advisor/model").strip() + forced)
    return stake, room, stands_on


def show_answer(hand: list[int], seen: list[int], stake: int, room: int, stands_on: int,
                stock_cards: int | None = None) -> None:
    value = hand_value(hand, rules)
    if ends_turn(value):
        st.header("You have 21!" if is_twenty_one(value) else f"Bust: your cards count {value}.")
        st.markdown("Your turn is already over." + (f" Your stake of {stake} is won."
                                                    if is_twenty_one(value) and stake else ""))
        return
    try:
        said = answer(hand, seen, rules, stake=stake, room=room, stands_on=stands_on, stock=stock_cards)
    except QuitlokError as problem:
        st.error(f"That position can't be worked out: {problem}")
        return
    advice = said.advice
    st.header(said.headline)
    counts = (advice.facts.split(f" Calling {call} first")[0] if advice.new_stock else
              f"Your cards count {value}. {advice.busting} of the {advice.unseen} unseen cards would bust you; "
              f"{advice.making_21} would give you 21 at once.")
    st.markdown(f"{counts}\n\n**Should I bet?** {said.should_bet}\n\n"
                f"**Should I call {call}?** {said.should_call}")
    if solved := at_best.advisor_player_words(rules, hand, seen, stake=stake, room=room, stock=stock_cards):
        st.info(solved, icon=":material/balance:")  # the solved game: against a banker at his best
    elif outside := at_best.outside_words(rules):
        st.caption(outside)
    left = Counter(rules.pack) - Counter(hand) - Counter(seen)
    large = ui.projector()
    where = "the cards still unseen" if stock_cards is None else (
        f"a stock of {plural(stock_cards, 'face-down card')}, the cards you have seen lying face up under it")
    above = ("The next card comes from a new stock, the face-up cards shuffled back in." if advice.new_stock else
             f"Above each bar: how many of the {advice.unseen} unseen cards carry that number.")
    st.html(parts_html(  # one element for every chart and table: each element costs the browser a pass
        part("", "", f"Worked out exactly over {where}, assuming {banker_model_words(stands_on)}."),
        part(bars.next_card_title(advice, call),
             bars.next_card_chart(advice, next_card_effects(hand, rules, left), dict(left), large=large),
             f"{above} Vermilion and crossed out would bust you, green and dotted gives you 21, plain blue is "
             "safe."),
        part(bars.banker_title(value), bars.banker_chart(advice.banker, large=large)),
        part("Every choice, in chips won or lost on average", choices_html(said.choices),
             "" if stake else "With nothing bet yet, " + ("not betting" if rules.bet_first else "staying")
             + " neither wins nor loses: its value is 0.")))


def open_hands_inputs() -> None:
    """Each staying player with a stake: chips, cards in order (? face down), and what he could still bet."""
    st.number_input("Players who stayed with a stake", 1, MOST_OPEN_HANDS, key=OPEN_COUNT)
    for i in range(st.session_state[OPEN_COUNT]):
        st.session_state.setdefault(f"advisor.open.{i}.cards", "?, ?")
        with st.container(border=True, key=f"advisor-open-{i}"):
            st.markdown(f"**Player {i + 1}**")
            with st.container(horizontal=True):
                st.number_input("Stake", 1, MOST_CHIPS, key=f"advisor.open.{i}.stake", width=120)
                st.text_input("Cards in order, ? face down", key=f"advisor.open.{i}.cards", max_chars=60,
                              help="Such as ?, 5 for a face-down first card and a blot of 5.")
                st.number_input("Could still bet", 0, MOST_CHIPS, key=f"advisor.open.{i}.room", width=140,
                                help="Chips he could have added when he stayed: best play weighs betting "
                                     "against staying.")


def show_banker_answer(hand: list[int], seen: list[int]) -> None:
    value = hand_value(hand, rules)
    if ends_turn(value):
        st.header("You have 21: every open stake is yours." if is_twenty_one(value) else
                     f"Bust: your cards count {value}, and every open stake wins.")
        return
    read = open_hands_read()
    if problems := [f"Player {i + 1}: {cards}." for i, (_, cards, _) in enumerate(read) if isinstance(cards, str)]:
        st.error(" ".join(problems))
        return
    try:  # worked out once per position, in a worker process (quitlok.costly.away): within a second
        advice = banker_advice(hand, seen, rules, open_hands=[OpenHand(stake, cards, room)
                                                              for stake, cards, room in read])
    except TooLarge:  # beyond the time budget (quitlok.costly): no guess, and the same answer on every rerun
        st.info(ui.content("advisor/too_large"))
        return
    except Unavailable:  # the server's worker failed or was too busy: asked again, it is worked out again
        st.warning(ui.content("advisor/unavailable"))
        return
    except QuitlokError as problem:
        st.error(f"That table can't be worked out: {problem}.")
        return
    st.header(BANKER_CHOICES[advice.best])
    names = [f"Player {i + 1}" for i in range(len(read))]
    st.markdown(f"{banker_verdict(advice)}\n\n{advice.facts}\n\n"
                + open_hand_lines(advice, names, [stake for stake, _, _ in read]))
    open_hands = [OpenHand(stake, cards, room) for stake, cards, room in read]
    if solved := at_best.advisor_banker_words(rules, hand, seen, open_hands):
        st.info(solved, icon=":material/balance:")  # the solved game: a banker at his best
    elif outside := at_best.outside_words(rules):
        st.caption(outside)
    st.html(parts_html(
        part("What each staying player may hold",
             bars.open_hands_chart(advice.totals, names, value, large=ui.projector())),
        part("Each choice, in chips for the bank on average", choices_html(banker_choices(advice)),
             MODEL_WORDS + " Best play here means the advisor's, against a banker standing on 17"
             + (f" ({banker_model_words(rules.banker_must_reach)})" if rules.banker_must_reach else "") + ".")))


def strategy() -> None:
    """The first decision for every first card, nothing else seen, against each banker model the rules allow."""
    with st.expander("Strategy table: the best first move for every first card", key="advisor.strategy",
                     on_change="rerun") as table:  # drawn only when opened: a table costs every page load
        if not table.open:
            return
        question = ("whether to bet 1 chip before your next card or stay out" if rules.bet_first
                    else "what to do first, with nothing bet yet and one chip you may bet")
        st.caption(f"For {rules.name}: {question}, nothing else seen. Each column is a banker model: "
                   f"“Banker stands on {rules.banker_models[0]}” means {banker_model_words(rules.banker_models[0])}.")
        st.table(ui.strategy_frame(rules), hide_index=True)


# --- the page --------------------------------------------------------------------------------------

st.title("Advisor")
role = st.radio("Who are you at the table?", [PLAYER, BANKER], key=ROLE, horizontal=True)
st.markdown(ui.content("advisor/intro" if role == PLAYER else "advisor/banker"))
st.session_state.setdefault(HAND, [])
st.session_state.setdefault(SEEN, [])
st.session_state.setdefault("advisor.target", "My cards")
st.session_state.setdefault(STAKE, 1)
st.session_state.setdefault(ROOM, 2)
st.session_state.setdefault(MAX_BET, rules.default_max_bet(10) or 1)
st.session_state.setdefault(STOCK, None)  # plenty
read_link()


@guard.fragment
def position() -> None:
    """The cards, the stakes and the answer: a card pressed, a stake or a banker model changed reruns only this
    part of the page (not the sidebar, the words above or the strategy table)."""
    role = st.session_state[ROLE]
    if problem := st.session_state.get("advisor.problem"):
        st.error(problem)
    try:
        check_cards(st.session_state[HAND] + st.session_state[SEEN], rules.copies, "your cards and seen cards")
    except InvalidCards as problem:
        st.error(f"These cards don't fit the {rules.pack_size}-card pack of your house rules: {problem}. "
                 "Undo some cards or clear them.")
        clear_needed = True
    else:
        clear_needed = False

    if ui.projector():  # large text needs the whole width: the answer comes under the picker
        left = right = st.container()
    else:
        left, right = st.columns([5, 6], gap="large")
    with left:
        picker()
        if role == PLAYER:
            stake, room, stands_on = stakes()
            stock_cards = stock()
        else:
            open_hands_inputs()
    with right:
        if clear_needed:
            st.info("Clear the cards to go on.")
        elif not st.session_state[HAND]:
            st.info("Pick your first card to start: press its number among the buttons 1 to 12.")
        elif role == PLAYER:
            show_answer(st.session_state[HAND], st.session_state[SEEN], stake, room, stands_on, stock_cards)
        else:
            show_banker_answer(st.session_state[HAND], st.session_state[SEEN])


position()
if role == PLAYER:
    strategy()
