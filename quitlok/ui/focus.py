"""Keeping the keyboard's place when a press redraws the button that was pressed.

A move at the table or a lesson's Next reruns its part of the page, and Streamlit may draw the pressed
button anew: the old one leaves the page with the focus, and a keyboard user is thrown back to the top of
the document (the next Tab starts from nowhere a screen reader can name). `keep_focus` mounts a small
component made with Streamlit's own `st.components.v2` (a few lines of JavaScript): when the button that had
the focus has left the page (or was folded away, as "Start a new game" is once the game has begun) and
nothing else has the focus, it gives the focus to the button with the same
words if the run drew one (press Enter again for the next move), else to the first of the page's `targets`
(the table's buttons, a lesson's question), scrolled into sight if it was off the screen; a new lesson step
gives it to the step's heading instead, at the top of the screen, where reading starts again. A mouse user
sees no ring: the browser shows one only when the focus came from the keyboard.
"""

import streamlit as st

_KEEP_FOCUS_JS = """
export default function ({ data }) {
  const own = (window.quitlokFocus ??= { last: null, steps: {} });
  own.targets = data.targets;
  if (data.step !== null) {  // a new lesson step since this page last looked: its heading takes the focus
    const before = own.steps[data.key];
    own.steps[data.key] = data.step;
    if (before !== undefined && before !== data.step) own.toHeading = true;
  }
  if (!own.listening) {  // once a page: one listener and one watcher, which every later run of the page uses
    own.listening = true;
    document.addEventListener("focusin", (event) => {
      const button = event.target.closest?.('button[data-testid^="stBaseButton"]');  // a button, not a stepper
      own.last = button && button.closest('[data-testid="stMain"]')
        ? { button, words: button.innerText.trim() } : null;
    });
    const onScreen = (el) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; };
    const take = (el) => {
      el.focus({ preventScroll: true });
      if (!onScreen(el)) el.scrollIntoView({ block: "center" });
    };
    own.giveBack = () => {
      const last = own.last, active = document.activeElement;
      if (!last) { own.toHeading = false; return; }
      if (own.toHeading) {  // a new step: its heading, at the top of the screen, is where reading starts again
        const heading = document.querySelector('[data-testid="stMain"] h2');
        if (!heading) return;
        own.toHeading = false;
        own.last = null;
        heading.setAttribute("tabindex", "-1");
        heading.focus({ preventScroll: true });
        heading.scrollIntoView({ block: "start" });
        return;
      }
      const gone = !last.button.isConnected || !last.button.checkVisibility() || last.button.disabled;
      if (!gone || (active && active !== document.body)) return;
      const targets = [...document.querySelectorAll(own.targets)].filter((el) => !el.disabled && el.checkVisibility());
      const target = targets.find((el) => el.innerText?.trim() === last.words) ?? targets[0];
      // none drawn yet (the run's elements come over several frames): keep looking at the next change
      if (target) { own.last = null; take(target); }
    };
    // a run's elements arrive over several frames, and the pressed button leaves only when the run ends (on a
    // busy server, seconds later): look again whenever the page changes
    new MutationObserver(() => own.giveBack()).observe(document.body, {
      childList: true, subtree: true, attributes: true, attributeFilter: ["open", "style", "disabled"] });
  }
  own.giveBack();
}
"""
_keep_focus = st.components.v2.component("quitlok.keep_focus", js=_KEEP_FOCUS_JS, css=":host { display: none; }")


def keep_focus(targets: str, key: str, *, step: int | None = None) -> None:
    """Give the focus back after a press redrew its button (see the module's docstring): `targets` is a CSS
    selector list of what may take it, the first shown in the page's order unless the pressed button's words
    come again; a new `step` (a lesson's) gives it to the step's heading, at the top of the screen.

    Mount it where it is drawn again only when its targets or step change (outside the page's fragment, for
    the practice table): the one watcher it starts in the page follows every later run by itself."""
    _keep_focus(data={"targets": targets, "step": step, "key": key}, key=key)


def buttons(*keys: str) -> str:
    """The CSS selector of the buttons inside the elements with these widget keys ("play.actions" and the like;
    a key ending in "*" stands for every key it begins)."""
    return ", ".join(
        f'[class*="st-key-{k[:-1].replace(".", "-")}"] button[data-testid^="stBaseButton"]' if k.endswith("*")
        else f'.st-key-{k.replace(".", "-")} button[data-testid^="stBaseButton"]' for k in keys)
