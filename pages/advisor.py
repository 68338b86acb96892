"""Advisor: pick your cards and the cards you have seen; see the exact odds and the best play."""

from collections import Counter

import streamlit as st

from quitlok import InvalidCards, QuitlokError, hand_value, ui
from quitlok.cards import check_cards
from quitlok.odds import ACTION_WORDS, advise, percent, position_value
from quitlok.ui import charts

ui.through_the_app()

HAND, SEEN = "advisor.hand", "advisor.seen"
rules = ui.current_rules()


# --- state and callbacks ---------------------------------------------------------------------------


def read_link() -> None:
    """A link may carry the position: ?hand=6,5&seen=11,3. Impossible cards get a clear message."""
    if st.session_state.get("advisor.link_read"):
        return
    st.session_state["advisor.link_read"] = True
    params = st.query_params
    try:
        hand = check_cards(_numbers(params.get("hand", "")), rules.copies, "hand in the link")
        seen = check_cards(_numbers(params.get("seen", "")), rules.copies, "seen cards in the link")
        check_cards(hand + seen, rules.copies, "the link's cards together")
    except (InvalidCards, ValueError) as problem:
        st.session_state["advisor.problem"] = f"The link's cards are not possible: {problem}"
        return
    st.session_state[HAND], st.session_state[SEEN] = list(hand), list(seen)


def _numbers(text: str) -> list[int]:
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if not all(p.isdigit() for p in parts):
        raise ValueError(f"“{text}” should be numbers separated by commas, such as 6,5")
    return [int(p) for p in parts]


def unseen() -> Counter:
    return Counter(rules.pack) - Counter(st.session_state[HAND]) - Counter(st.session_state[SEEN])


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
    st.radio("Add a card to", ["My cards", "Cards I have seen"], key="advisor.target", horizontal=True)
    left = unseen()
    with st.container(horizontal=True, gap="small"):
        for rank in range(1, 13):
            st.button(f"{rank} · {left[rank]} left", key=f"advisor.add.{rank}", on_click=add, args=(rank,),
                      disabled=left[rank] == 0,
                      help=f"{left[rank]} of the {rules.copies} cards numbered {rank} are still unseen")
    st.markdown("**Your cards, in order**")
    ui.show_cards(tuple(st.session_state[HAND]), (True,) * len(st.session_state[HAND]), mine=False)
    st.markdown("**Cards you have seen**")
    ui.show_cards(tuple(st.session_state[SEEN]), (True,) * len(st.session_state[SEEN]), mine=False, small=True)
    with st.container(horizontal=True):
        st.button("Undo my last card", key="advisor.undo.hand", on_click=undo, args=(HAND,),
                  disabled=not st.session_state[HAND])
        st.button("Undo last seen card", key="advisor.undo.seen", on_click=undo, args=(SEEN,),
                  disabled=not st.session_state[SEEN])
        st.button("Clear all", key="advisor.clear", on_click=clear)


def stakes() -> tuple[int, int, int]:
    first_bet = rules.bet_first
    stake = st.number_input("Chips you have bet on this hand" + (" (Kvitlach: your bet comes first)" if first_bet
                                                                 else ""),
                            0, 10_000, key="advisor.stake")
    room = st.number_input("How many more chips you may bet", 0, 10_000, key="advisor.room",
                           help="What your purse, the bank and any maximum bet still allow.")
    lowest = rules.banker_must_reach or 15
    options = [t for t in (15, 16, 17, 18) if t >= lowest] or [lowest]
    if st.session_state.get("advisor.stands_on") not in options:
        st.session_state["advisor.stands_on"] = options[0] if 17 not in options else 17
    stands_on = st.select_slider("The banker stands on", options, key="advisor.stands_on",
                                 help=ui.content("advisor/model"))
    return stake, room, stands_on


def effects(hand: list[int]) -> dict[int, str]:
    """What each next card would do to the hand."""
    result = {}
    for rank in range(1, 13):
        value = hand_value(hand + [rank], rules) if unseen()[rank] else 0
        result[rank] = "bust" if value > 21 else "21" if value == 21 else "safe"
    return result


def should_i_bet(advice, stake: int, room: int, hand: list[int], seen: list[int], stands_on: int) -> str:
    values = advice.values
    if rules.bet_first and stake == 0:
        per_chip = position_value(hand, seen, rules, stake=1, room=0, stands_on=stands_on)
        verdict = "Yes" if per_chip > 0 else "No"
        return (f"**{verdict}.** Each chip you bet on this card is worth {ui.chips(per_chip)} on average with the "
                "best play after it; not betting is worth nothing either way.")
    betting = {a: v for a, v in values.items() if a.startswith(("bet", "raise"))}
    if not betting:
        return ("You can't bet more now: " + ("Kvitlach allows a raise only with elvaroon, when your cards count 11."
                                             if rules.bet_first else "no room is left for another bet."))
    best_bet = max(betting, key=betting.get)
    rest = max(v for a, v in values.items() if a not in betting)
    verdict = "Yes" if betting[best_bet] > rest else "No"
    return (f"**{verdict}.** The best bet ({ACTION_WORDS[best_bet]}) is worth {ui.chips(betting[best_bet])} "
            f"on average; the best without betting more is worth {ui.chips(rest)}.")


def should_i_call_aluvun(advice, value: int) -> str:
    if not advice.aluvun_callable:
        return (f"**Not now.** Aluvun can be called only when your cards can count exactly 11; yours count {value}."
                if rules.aluvun else "Aluvun is not played under your house rules.")
    with_call = max(v for a, v in advice.values.items() if a.endswith("+aluvun"))
    without = max(v for a, v in advice.values.items() if not a.endswith("+aluvun"))
    cut = (f"Calling it cuts your chance of busting on the next card from {percent(advice.bust)} "
           f"to {percent(advice.bust_with_aluvun)}.")
    if with_call == without:
        return f"**It costs nothing, so yes.** {cut} With nothing at stake no chips ride on it yet."
    verdict = "Yes" if with_call > without else "No"
    return (f"**{verdict}.** {cut} With it your best play is worth {ui.chips(with_call)}; "
            f"without it {ui.chips(without)}.")


def answer(hand: list[int], seen: list[int], stake: int, room: int, stands_on: int) -> None:
    try:
        advice = advise(hand, seen, rules, stake=stake, room=room, stands_on=stands_on)
    except QuitlokError as problem:
        st.error(f"That position can't be worked out: {problem}")
        return
    value = hand_value(hand, rules)
    if value >= 21:
        st.subheader("You have 21!" if value == 21 else f"Bust: your cards count {value}.")
        st.markdown("Your turn is already over." + (f" Your stake of {stake} is won." if value == 21 and stake else ""))
        return
    st.subheader(ACTION_WORDS[advice.best].capitalize())
    st.markdown(advice.reason)
    st.markdown(f"**Should I bet?** {should_i_bet(advice, stake, room, hand, seen, stands_on)}")
    st.markdown(f"**Should I call aluvun?** {should_i_call_aluvun(advice, value)}")
    counts = dict(unseen())
    st.plotly_chart(charts.next_card_chart(advice, effects(hand), counts), key="advisor.next_chart",
                    config={"displayModeBar": False})
    st.plotly_chart(charts.banker_chart(advice.banker, value), key="advisor.banker_chart",
                    config={"displayModeBar": False})
    st.markdown("**Every choice, in chips won or lost on average**")
    st.dataframe(ui.actions_table(advice.values, advice.best), hide_index=True, key="advisor.table")
    if not stake:
        st.caption("With nothing bet yet, staying neither wins nor loses: its value is 0.")


def strategy() -> None:
    """The first decision for every first card, nothing else seen, against each banker model."""
    with st.expander("Strategy table: the best first move for every first card"):
        first = "with nothing bet yet and one chip you may bet" if not rules.bet_first else \
            "with one chip bet and one more allowed by elvaroon"
        st.caption(f"Under {rules.name} rules, {first}, nothing else seen.")
        st.dataframe(ui.strategy_frame(rules), key="advisor.strategy")


# --- the page --------------------------------------------------------------------------------------

st.title("Advisor")
st.markdown(ui.content("advisor/intro"))
st.session_state.setdefault(HAND, [])
st.session_state.setdefault(SEEN, [])
st.session_state.setdefault("advisor.target", "My cards")
st.session_state.setdefault("advisor.stake", 1)
st.session_state.setdefault("advisor.room", 2)
read_link()
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

left, right = st.columns([5, 6], gap="large")
with left:
    picker()
    stake, room, stands_on = stakes()
with right:
    if clear_needed:
        st.info("Clear the cards to go on.")
    elif not st.session_state[HAND]:
        st.info("Pick your first card to start: press its number on the left.")
    else:
        answer(st.session_state[HAND], st.session_state[SEEN], stake, room, stands_on)
strategy()
