"""Advisor: pick your cards and the cards you have seen; see the exact odds and the best play."""

import re
from collections import Counter

import streamlit as st

from quitlok import InvalidCards, QuitlokError, at_best, hand_value, ui
from quitlok.bank_odds import MODEL_WORDS, OpenHand, banker_advice
from quitlok.cards import check_cards, plural
from quitlok.errors import TooLarge, Unavailable
from quitlok.i18n import N_, _, ngettext
from quitlok.i18n import number as _number
from quitlok.practice import COMPUTER_NAMES
from quitlok.rulebook import ends_turn, is_twenty_one
from quitlok.rules import banker_model_words, call_word
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
#: where a picked card goes: the choice's values (kept in the session)
MINE, SEEN_ONES = "My cards", "Cards I have seen"
#: the words of the choices above, translated where shown (the values stay as they are)
CHOICE_WORDS = {PLAYER: N_("I am a player"), BANKER: N_("I hold the bank"), MINE: N_("My cards"),
                SEEN_ONES: N_("Cards I have seen")}
#: what a link's bad cards say, by the name of the address's parameter: (too long, not numbers)
LINK_CARDS_WORDS = {
    "hand": (N_("hand “{text}” is longer than any real hand ({most} characters at the most)."),
             N_("hand “{text}” should be numbers separated by commas, such as 6,5.")),
    "seen": (N_("seen “{text}” is longer than any real seen ({most} characters at the most)."),
             N_("seen “{text}” should be numbers separated by commas, such as 6,5.")),
}
#: what a link's bad number of chips says, by the name of the address's parameter
LINK_CHIPS_WORDS = {
    "stake": N_("The link's stake “{text}” should be a whole number of chips from 0 to {most}."),
    "room": N_("The link's room “{text}” should be a whole number of chips from 0 to {most}."),
}
OPEN_COUNT = "advisor.open_count"
MOST_OPEN_HANDS = len(COMPUTER_NAMES)  # as many as the practice table seats
MOST_CHIPS = 10_000
LONGEST_SHOWN = 40  # characters of a bad link value repeated in the message
LONGEST_CARDS = 48 * len("12, ")  # characters of ?hand= or ?seen= at the most: every card of two packs
rules = ui.current_rules()
call = call_word(rules.aluvun_word)


# --- state and callbacks ---------------------------------------------------------------------------


#: the address's parameters that may carry a position
LINK_PARAMETERS = ("hand", "seen", "stake", "room", "stock")


def read_link() -> None:
    """A link may carry the position: ?hand=6,5&seen=11,3&stake=1&room=2. Bad values get a clear message, and
    whatever the link says is shown as plain text, never as a link or formatting. The link is read once; a bad
    one is kept as the link's own texts (never as a message: the message is said in the language of each run)."""
    if st.session_state.get("advisor.link_read"):
        return
    st.session_state["advisor.link_read"] = True
    link = {name: st.query_params[name] for name in LINK_PARAMETERS if name in st.query_params}
    values, problems = link_position(link)
    st.session_state.update(values)
    if problems:
        st.session_state["advisor.problem"] = link


def link_position(link: dict[str, str]) -> tuple[dict, list[str]]:
    """What a link's `link` parameters set ({session key: value}) and what is wrong with them, in words."""
    values, problems = {}, []
    try:
        # Translators: these name the cards a message of the library is about ("hand in the link: 13 is not a card")
        hand = check_cards(_numbers(link.get("hand", ""), "hand"), rules.copies, _("hand in the link"))
        seen = check_cards(_numbers(link.get("seen", ""), "seen"), rules.copies, _("seen cards in the link"))
        check_cards(hand + seen, rules.copies, _("the link's cards together"))
    except (InvalidCards, ValueError) as problem:
        problems.append(_("The link's cards are not possible: {problem}").format(problem=problem))
    else:
        values[HAND], values[SEEN] = list(hand), list(seen)
    for name, key in (("stake", STAKE), ("room", ROOM)):
        if name in link:
            text = link[name].strip()
            if text.isascii() and text.isdigit() and len(text) <= len(str(MOST_CHIPS)) and int(text) <= MOST_CHIPS:
                values[key] = int(text)
            else:
                problems.append(_(LINK_CHIPS_WORDS[name]).format(text=_shown(text), most=_number(MOST_CHIPS)))
    if "stock" in link:
        text = link["stock"].strip()
        if text.isascii() and text.isdigit() and len(text) <= 2 and int(text) <= rules.pack_size:
            values[STOCK] = int(text)
        else:
            problems.append(_("The link's stock “{text}” should be the number of face-down cards left in the stock, "
                              "a whole number from 0 to {most}.").format(text=_shown(text), most=rules.pack_size))
    return values, problems


def _numbers(text: str, name: str) -> list[int]:
    """'6,5' -> [6, 5]; anything else raises ValueError with a message that shows the text safely. A text
    longer than any real hand (every card of two packs, "12," each) is refused before it is read."""
    if len(text) > LONGEST_CARDS:
        raise ValueError(_(LINK_CARDS_WORDS[name][0]).format(text=_shown(text), most=LONGEST_CARDS))
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if not all(re.fullmatch(r"[0-9]{1,2}", p) for p in parts):
        raise ValueError(_(LINK_CARDS_WORDS[name][1]).format(text=_shown(text)))
    return [int(p) for p in parts]


def _shown(text: str) -> str:
    """Text from the link, shortened and escaped, so that it reads literally in a message."""
    return ui.escape_markdown(text if len(text) <= LONGEST_SHOWN else text[:LONGEST_SHOWN] + "…")


def unseen() -> Counter:
    """The cards not picked anywhere on the page: the banker's open hands' face-up cards count as seen."""
    shown = [card for _stake, cards, _room in open_hands_read() if not isinstance(cards, str) for card in cards
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
    target = HAND if st.session_state["advisor.target"] == MINE else SEEN
    if unseen()[rank] > 0:
        st.session_state[target] = st.session_state[target] + [rank]


def undo(key: str) -> None:
    st.session_state[key] = st.session_state[key][:-1]


def clear() -> None:
    st.session_state[HAND], st.session_state[SEEN] = [], []
    st.session_state.pop("advisor.problem", None)


# --- pieces of the page ------------------------------------------------------------------------------


def picker() -> None:
    st.radio(_("Add a card to"), [MINE, SEEN_ONES], key="advisor.target", horizontal=True,
             format_func=lambda choice: _(CHOICE_WORDS[choice]),
             help=_("As banker: the face-up cards other than your own and the staying players' (those go below)."))
    left = unseen()
    with st.container(horizontal=True, gap="small"):
        for rank in range(1, 13):
            # Translators: a card's button: its number and how many such cards are still unseen ("7 · 2 left")
            st.button(_("{rank} · {left} left").format(rank=rank, left=left[rank]), key=f"advisor.add.{rank}",
                      on_click=add, args=(rank,), disabled=left[rank] == 0,
                      help=ngettext("{left} of the {copies} cards numbered {rank} is still unseen",
                                    "{left} of the {copies} cards numbered {rank} are still unseen",
                                    left[rank]).format(left=left[rank], copies=rules.copies, rank=rank))
    st.markdown(_("**Your cards, in order**"))
    ui.show_cards(tuple(st.session_state[HAND]), (True,) * len(st.session_state[HAND]), mine=True)
    st.markdown(_("**Cards you have seen**"))
    ui.show_cards(tuple(st.session_state[SEEN]), (True,) * len(st.session_state[SEEN]), mine=False, small=True)
    with st.container(horizontal=True):
        st.button(_("Undo my last card"), key="advisor.undo.hand", on_click=undo, args=(HAND,),
                  disabled=not st.session_state[HAND])
        st.button(_("Undo last seen card"), key="advisor.undo.seen", on_click=undo, args=(SEEN,),
                  disabled=not st.session_state[SEEN])
        st.button(_("Clear all"), key="advisor.clear", on_click=clear)


def stock() -> int | None:
    """The face-down cards left in the stock; None (empty, the default) for more than can be drawn."""
    return st.number_input(_("Face-down cards left in the stock"), 0, rules.pack_size, key=STOCK,
                           placeholder=_("plenty"),
                           help=ui.content("advisor/stock").strip())


def stakes() -> tuple[int, int, int]:
    """The chips bet and still allowed, and the banker model: only the totals the rules let him stand on."""
    stake = st.number_input(_("Chips you have bet on this hand (your bet comes first)") if rules.bet_first else
                            _("Chips you have bet on this hand"), 0, MOST_CHIPS, key=STAKE)
    room = st.number_input(_("How many more chips you may bet"), 0, MOST_CHIPS, key=ROOM,
                           help=_("What your purse, the bank and any maximum bet still allow."))
    if rules.agreed_max_bet:
        most = st.number_input(_("The table's maximum bet (chips)"), 1, MOST_CHIPS, key=MAX_BET,
                               help=_("Agreed before the game; by default a quarter of the banker's opening stake "
                                      "({chips} chips on a stake of 10).").format(chips=rules.default_max_bet(10)))
        if stake + room > most:
            room = max(0, most - stake)
            st.warning(_("Your stake and what you may still bet add up to more than the maximum bet of {chips}, so "
                         "the advisor takes it that you may bet {room} more.").format(chips=plural(most, "chip"),
                                                                                      room=room))
    options = list(rules.banker_models)
    if st.session_state.get(MODEL) not in options:
        chosen = rules.banker_model(st.session_state.get(MODEL, 17))
        st.session_state[MODEL] = chosen if chosen in options else options[0]
    forced = (" " + _("Your house rules make him draw on {less} or less, so he stands on {least} at the least.")
              .format(less=rules.banker_must_reach - 1, least=rules.banker_must_reach)
              if rules.banker_must_reach else "")
    stands_on = st.select_slider(_("The banker stands on"), options, key=MODEL,
                                 help=ui.content("advisor/model").strip() + forced)
    return stake, room, stands_on


def show_answer(hand: list[int], seen: list[int], stake: int, room: int, stands_on: int,
                stock_cards: int | None = None) -> None:
    value = hand_value(hand, rules)
    if ends_turn(value):
        st.header(_("You have 21!") if is_twenty_one(value) else
                  _("Bust: your cards count {value}.").format(value=value))
        won = [_("Your stake of {stake} is won.").format(stake=stake)] if is_twenty_one(value) and stake else []
        st.markdown(" ".join([_("Your turn is already over."), *won]))
        return
    try:
        said = answer(hand, seen, rules, stake=stake, room=room, stands_on=stands_on, stock=stock_cards)
    except QuitlokError as problem:
        st.error(_("That position can't be worked out: {problem}").format(problem=problem))
        return
    advice = said.advice
    st.header(said.headline)
    counts = (advice.facts.split(f" Calling {call} first")[0] if advice.new_stock else
              _("Your cards count {value}. {busting} of the {unseen} unseen cards would bust you; {making_21} would "
                "give you 21 at once.").format(value=value, busting=advice.busting, unseen=advice.unseen,
                                               making_21=advice.making_21))
    st.markdown("\n\n".join([counts, _("**Should I bet?** {answer}").format(answer=said.should_bet),
                              _("**Should I call {call}?** {answer}").format(call=call, answer=said.should_call)]))
    if solved := at_best.advisor_player_words(rules, hand, seen, stake=stake, room=room, stock=stock_cards):
        st.info(solved, icon=":material/balance:")  # the solved game: against a banker at his best
    elif outside := at_best.outside_words(rules, side="player"):
        st.caption(outside)
    left = Counter(rules.pack) - Counter(hand) - Counter(seen)
    large = ui.projector()
    model = banker_model_words(stands_on)
    over = (_("Worked out exactly over the cards still unseen, assuming {model}.").format(model=model)
            if stock_cards is None else
            ngettext("Worked out exactly over a stock of {n} face-down card, the cards you have seen lying face up "
                     "under it, assuming {model}.",
                     "Worked out exactly over a stock of {n} face-down cards, the cards you have seen lying face up "
                     "under it, assuming {model}.", stock_cards).format(n=stock_cards, model=model))
    above = (_("The next card comes from a new stock, the face-up cards shuffled back in.") if advice.new_stock else
             _("Above each bar: how many of the {unseen} unseen cards carry that number.").format(unseen=advice.unseen))
    nothing_bet = (_("With nothing bet yet, not betting neither wins nor loses: its value is 0.") if rules.bet_first
                   else _("With nothing bet yet, staying neither wins nor loses: its value is 0."))
    st.html(parts_html(  # one element for every chart and table: each element costs the browser a pass
        part("", "", over),
        part(bars.next_card_title(advice, call),
             bars.next_card_chart(advice, next_card_effects(hand, rules, left), dict(left), large=large),
             above + " " + _("Vermilion and crossed out would bust you, green and dotted gives you 21, plain blue "
                             "is safe.")),
        part(bars.banker_title(value), bars.banker_chart(advice.banker, large=large)),
        part(_("Every choice, in chips won or lost on average"), choices_html(said.choices),
             "" if stake else nothing_bet)))


def open_hands_inputs() -> None:
    """Each staying player with a stake: chips, cards in order (? face down), and what he could still bet."""
    st.number_input(_("Players who stayed with a stake"), 1, MOST_OPEN_HANDS, key=OPEN_COUNT)
    for i in range(st.session_state[OPEN_COUNT]):
        st.session_state.setdefault(f"advisor.open.{i}.cards", "?, ?")
        with st.container(border=True, key=f"advisor-open-{i}"):
            st.markdown(_("**Player {number}**").format(number=i + 1))
            with st.container(horizontal=True):
                st.number_input(_("Stake"), 1, MOST_CHIPS, key=f"advisor.open.{i}.stake", width=120)
                st.text_input(_("Cards in order, ? face down"), key=f"advisor.open.{i}.cards", max_chars=60,
                              help=_("Such as ?, 5 for a face-down first card and a blot of 5."))
                st.number_input(_("Could still bet"), 0, MOST_CHIPS, key=f"advisor.open.{i}.room", width=140,
                                help=_("Chips he could have added when he stayed: best play weighs betting "
                                       "against staying."))


def show_banker_answer(hand: list[int], seen: list[int]) -> None:
    value = hand_value(hand, rules)
    if ends_turn(value):
        st.header(_("You have 21: every open stake is yours.") if is_twenty_one(value) else
                  _("Bust: your cards count {value}, and every open stake wins.").format(value=value))
        return
    read = open_hands_read()
    if problems := [_("Player {number}: {problem}.").format(number=i + 1, problem=cards)
                    for i, (_stake, cards, _room) in enumerate(read) if isinstance(cards, str)]:
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
        st.error(_("That table can't be worked out: {problem}.").format(problem=problem))
        return
    st.header(_(BANKER_CHOICES[advice.best]))
    names = [_("Player {number}").format(number=i + 1) for i in range(len(read))]
    st.markdown(f"{banker_verdict(advice)}\n\n{advice.facts}\n\n"
                + open_hand_lines(advice, names, [stake for stake, _cards, _room in read]))
    open_hands = [OpenHand(stake, cards, room) for stake, cards, room in read]
    if solved := at_best.advisor_banker_words(rules, hand, seen, open_hands):
        st.info(solved, icon=":material/balance:")  # the solved game: a banker at his best
    elif outside := at_best.outside_words(rules):
        st.caption(outside)
    st.html(parts_html(
        part(_("What each staying player may hold"),
             bars.open_hands_chart(advice.totals, names, value, large=ui.projector())),
        part(_("Each choice, in chips for the bank on average"), choices_html(banker_choices(advice)),
             _(MODEL_WORDS) + " "
             + (_("Best play here means the advisor's, against a banker standing on 17 ({model}).").format(
                 model=banker_model_words(rules.banker_must_reach)) if rules.banker_must_reach else
                _("Best play here means the advisor's, against a banker standing on 17.")))))


def strategy() -> None:
    """The first decision for every first card, nothing else seen, against each banker model the rules allow."""
    with st.expander(_("Strategy table: the best first move for every first card"), key="advisor.strategy",
                     on_change="rerun") as table:  # drawn only when opened: a table costs every page load
        if not table.open:
            return
        caption = (_("For {rules}: whether to bet 1 chip before your next card or stay out, nothing else seen. Each "
                     "column is a banker model: “Banker stands on {total}” means {model}.") if rules.bet_first else
                   _("For {rules}: what to do first, with nothing bet yet and one chip you may bet, nothing else "
                     "seen. Each column is a banker model: “Banker stands on {total}” means {model}."))
        st.caption(caption.format(rules=rules.name, total=rules.banker_models[0],
                                  model=banker_model_words(rules.banker_models[0])))
        st.table(ui.strategy_frame(rules), hide_index=True)


# --- the page --------------------------------------------------------------------------------------

st.title(_("Advisor"))
role = st.radio(_("Who are you at the table?"), [PLAYER, BANKER], key=ROLE, horizontal=True,
                format_func=lambda choice: _(CHOICE_WORDS[choice]))
st.markdown(ui.content("advisor/intro" if role == PLAYER else "advisor/banker"))
st.session_state.setdefault(HAND, [])
st.session_state.setdefault(SEEN, [])
st.session_state.setdefault("advisor.target", MINE)
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
    if (link := st.session_state.get("advisor.problem")) and (problems := link_position(link)[1]):
        st.error(" ".join(problems))  # said in this run's language
    try:
        check_cards(st.session_state[HAND] + st.session_state[SEEN], rules.copies, _("your cards and seen cards"))
    except InvalidCards as problem:
        st.error(_("These cards don't fit the {size}-card pack of your house rules: {problem}. Undo some cards or "
                   "clear them.").format(size=rules.pack_size, problem=problem))
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
            st.info(_("Clear the cards to go on."))
        elif not st.session_state[HAND]:
            st.info(_("Pick your first card to start: press its number among the buttons 1 to 12."))
        elif role == PLAYER:
            show_answer(st.session_state[HAND], st.session_state[SEEN], stake, room, stands_on, stock_cards)
        else:
            show_banker_answer(st.session_state[HAND], st.session_state[SEEN])


position()
if role == PLAYER:
    strategy()
