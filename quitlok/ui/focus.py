"""Keeping the keyboard's place when a press redraws the button that was pressed.

A move at the table or a lesson's Next reruns its part of the page, and Streamlit may draw the pressed
button anew: the old one leaves the page with the focus, and a keyboard user is thrown back to the top of
the document (the next Tab starts from nowhere a screen reader can name). `keep_focus` mounts a small
component made with Streamlit's own `st.components.v2` (a few lines of JavaScript): when the button that had
the focus has left the page (or was folded away, as "Start a new game" is once the game has begun) and
nothing else has the focus, it gives the focus to the button with the same
words if the run drew one (press Enter again for the next move), else to the first button among `within`.
A mouse user sees no ring: the browser shows one only when the focus came from the keyboard.
"""

import streamlit as st

_KEEP_FOCUS_JS = """
export default function ({ data }) {
  const own = (window.quitlokFocus ??= { last: null });
  if (!own.listening) {
    own.listening = true;
    document.addEventListener("focusin", (event) => {
      const button = event.target.closest?.('button[data-testid^="stBaseButton"]');  // a button, not a stepper
      own.last = button && button.closest('[data-testid="stMain"]')
        ? { button, words: button.innerText.trim() } : null;
    });
  }
  const giveBack = () => {
    const last = own.last, active = document.activeElement;
    const gone = !last?.button.isConnected || !last.button.checkVisibility();  // left, or folded away
    if (!last || !gone || (active && active !== document.body)) return;
    const buttons = [...document.querySelectorAll(
      `[data-testid="stMain"] :is(${data.within}) button[data-testid^="stBaseButton"]:not([disabled])`)];
    const target = buttons.find((b) => b.innerText.trim() === last.words) ?? buttons[0];
    if (target) target.focus({ preventScroll: true });
  };
  // the run's elements arrive over several frames: look again as the page changes, for two seconds
  giveBack();
  const main = document.querySelector('[data-testid="stMain"]');
  if (!main) return;
  const watch = new MutationObserver(giveBack);
  watch.observe(main, { childList: true, subtree: true, attributes: true, attributeFilter: ["open", "style"] });
  setTimeout(() => watch.disconnect(), 2000);
}
"""
_keep_focus = st.components.v2.component("quitlok.keep_focus", js=_KEEP_FOCUS_JS, css=":host { display: none; }")


def keep_focus(within: str, key: str) -> None:
    """Give the focus back after a press redrew its button (see the module's docstring): `within` is a CSS
    selector list of the areas whose buttons may take it (".st-key-play-moves, .st-key-play-actions")."""
    runs = st.session_state.get(f"{key}.runs", 0) + 1  # a new value each run, so the component looks again
    st.session_state[f"{key}.runs"] = runs
    _keep_focus(data={"within": within, "run": runs}, key=key)
