"""Your turn is never missed (issue 23): what the browser does when it becomes this device's turn.

One small component (Streamlit's own `st.components.v2`, a few lines of JavaScript, no file from outside the
app), mounted on every run of a page that shows a shared game. When the turn comes to this device (its state
goes from "not my turn" to "my turn"), the browser
- scrolls the moves and the "Your turn" heading (the element `anchor`, a CSS selector) into view;
- makes the phone vibrate, where the browser allows it (`navigator.vibrate`; iPhones do not);
- plays a short tone made with WebAudio, if the person switched the sound on (a browser plays sound only after
  a tap on the page: any tap unlocks it, and switching the sound on plays the tone once, to hear it).
While it is this device's turn the tab's title says so (`title`, kept there when Streamlit sets its own), and the
page's own title comes back after the move, or when the page is left.
"""

import streamlit as st

_JS = """
export default function ({ data }) {
  const all = (window.quitlokTurn ??= { turn: {}, audio: null, base: null, title: null, watcher: null });
  const unlock = () => {
    try {
      all.audio ??= new (window.AudioContext || window.webkitAudioContext)();
      if (all.audio.state === "suspended") all.audio.resume();
    } catch (refused) {}
  };
  if (!all.unlocking) {
    all.unlocking = true;
    document.addEventListener("pointerdown", unlock, { capture: true });
    document.addEventListener("keydown", unlock, { capture: true });
  }
  const tone = () => {
    try {
      unlock();
      const ctx = all.audio, now = ctx.currentTime;
      for (const [start, pitch] of [[0, 660], [0.18, 880]]) {
        const osc = ctx.createOscillator(), gain = ctx.createGain();
        osc.type = "sine";
        osc.frequency.value = pitch;
        gain.gain.setValueAtTime(0.0001, now + start);
        gain.gain.exponentialRampToValueAtTime(0.25, now + start + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, now + start + 0.16);
        osc.connect(gain).connect(ctx.destination);
        osc.start(now + start);
        osc.stop(now + start + 0.18);
      }
    } catch (refused) {}
  };
  const keepTitle = () => {
    if (all.title && document.title !== all.title) {
      all.base = document.title;
      document.title = all.title;
    }
  };
  const setTitle = (title) => {
    if (title) {
      if (!all.title) all.base = document.title;
      all.title = title;
      keepTitle();
      if (!all.watcher) {
        all.watcher = new MutationObserver(keepTitle);
        all.watcher.observe(document.head, { subtree: true, childList: true, characterData: true });
      }
    } else if (all.title) {
      all.watcher?.disconnect();
      all.watcher = null;
      const base = all.base;
      all.title = null;
      if (base !== null) document.title = base;
    }
  };
  const scroll = (tries) => {
    const target = document.querySelector(data.anchor);
    if (target) target.scrollIntoView({ behavior: "smooth", block: "start" });
    else if (tries > 0) setTimeout(() => scroll(tries - 1), 100);
  };
  const was = all.turn[data.who] ?? { mine: false, sound: data.sound };
  if (data.mine && !was.mine) {
    setTimeout(() => scroll(30), 50);
    try { navigator.vibrate?.([200, 100, 200]); } catch (refused) {}
    if (data.sound) tone();
  } else if (data.sound && !was.sound) {
    tone();  // just switched on: let the person hear it
  }
  all.turn[data.who] = { mine: data.mine, sound: data.sound };
  setTitle(data.mine ? data.title : null);
  return () => setTitle(null);
}
"""
_alert = st.components.v2.component("quitlok.turn_alert", js=_JS, css=":host { display: none; }")


def turn_alert(who: str, *, mine: bool, title: str, anchor: str, sound: bool) -> None:
    """Mount once per run where a shared game is shown: `who` names the place (a room and this device's seats),
    `mine` whether one of this device's seats is to act now, `title` the tab's title meanwhile, `anchor` the CSS
    selector of the heading over the moves, `sound` whether the person switched the tone on."""
    _alert(data={"who": who, "mine": bool(mine), "title": title, "anchor": anchor, "sound": bool(sound)},
           key="quitlok-turn-alert")
