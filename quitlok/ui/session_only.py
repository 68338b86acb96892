"""While a class session runs, a pupil's phone and the projected screen show the session alone (issue 24).

A pupil in a session gets no menu of pages and no sidebar: no way into the Advisor mid-question and back. The
app's navigation (tutorial_app.py) asks `alone()` before it draws the menu; when it is true, the session's page
is the only page shown (an address of another page opens the session's page), and no sidebar is drawn
(`no_sidebar` hides the empty one that the app's invisible helpers leave). The session's page says when a pupil
is in a running session (`hold`) and when he no longer is (`release`: the session ended, his place is gone,
he left); either returns True when that changed, and the page then draws itself again so the menu follows.

The projected screen is an address of its own, `?class=CODE&screen=projector` (quitlok's class page): it holds
the session's code and no key, and it is in projector mode (large text and cards) on every run, so a reload
of the projector keeps it.
"""

import streamlit as st

#: the code of the class session this browser's pupil is in, while it runs
PUPIL = "session_only.pupil"
#: the value of the address's `screen` that makes a class page the projected screen
SCREEN, PROJECTOR = "screen", "projector"


def projected() -> bool:
    """Whether this address is a class session's projected screen."""
    return st.query_params.get(SCREEN) == PROJECTOR and bool(st.query_params.get("class"))


def alone() -> bool:
    """Whether this browser shows the class session alone: a pupil in a running session, or the projector."""
    if projected():
        st.session_state["ui.projector"] = True  # large text and cards, whatever a reload forgot
        return True
    return bool(st.session_state.get(PUPIL))


def hold(code: str) -> bool:
    """This browser's pupil is in running session `code`; True if he was not before."""
    changed = st.session_state.get(PUPIL) != code
    st.session_state[PUPIL] = code
    return changed


def release() -> bool:
    """This browser's pupil is no longer in a running session; True if he was."""
    return st.session_state.pop(PUPIL, None) is not None


def no_sidebar() -> None:
    """Hide the sidebar and its opening arrow: the app's invisible helpers (the browser's storage keeper) still
    make an empty one."""
    st.html("<style>[data-testid='stSidebar'], [data-testid='stSidebarCollapsedControl'],"
            " [data-testid='stExpandSidebarButton'] { display: none; }</style>")
