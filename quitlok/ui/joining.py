"""Joining from another device: a code in large letters, a link that carries it, and the link's QR code.

Shared by Play together (a room, ?room=CODE) and the classroom (a class session, ?class=CODE): the same
kind of code, drawn the same way, so a class that has played together knows what to do.
"""

from html import escape

import segno
import streamlit as st

from quitlok.i18n import _
from quitlok.ui.internals import network_address


def page_link(path: str, **query: str) -> tuple[str, str | None]:
    """The link to this app's page `path` with `query`, as other devices can open it, and the key of a
    note on it (see network_address: "home", "local_only"), if any."""
    # a run without the browser's address (one pushed by the server): this server's own port, not Streamlit's default
    here = st.context.url or f"http://localhost:{st.get_option('server.port')}/{path}"
    base = here.split("?")[0].rstrip("/")
    if not base.endswith(f"/{path}"):
        base = base.rsplit("/", 1)[0] + f"/{path}" if base.count("/") > 2 else base + f"/{path}"
    return network_address(base + "?" + "&".join(f"{key}={value}" for key, value in query.items()))


def qr_code(link: str) -> str:
    """The QR code of `link`, as an SVG data address for an <img>."""
    return segno.make(link, error="m").svg_data_uri(scale=5, border=2)


#: once per `data.nonce`: the invitation scrolled to the top of the screen, as soon as it is drawn (a phone that
#: pressed "Open the room" low on the page stayed scrolled there, the code and the QR code above the screen)
_INTO_VIEW_JS = """
export default function ({ data }) {
  const seen = (window.quitlokInvited ??= {});
  if (seen[data.nonce]) return;
  seen[data.nonce] = true;
  let tries = 0;
  const bring = () => {
    const code = document.querySelector(".ql-room-code");
    if (code) { code.scrollIntoView({ block: "start" }); return; }
    if (++tries < 50) setTimeout(bring, 100);  // the run's elements come over several frames
  };
  bring();
}
"""
_into_view = st.components.v2.component("quitlok.invitation_into_view", js=_INTO_VIEW_JS,
                                        css=":host { display: none; }")


def invitation(code: str, link: str, *, label: str, note: str, into_view: str | None = None) -> None:
    """`code` in large letters headed `label` ("Room code"), the link, `note` under it, and the QR code. With
    `into_view` (a mark new each time it is wanted, such as the room's code), the page scrolls so that the
    invitation starts at the top of the screen, once: on a phone the code, the link and the whole QR code then
    fit on the screen, whatever was pressed further down."""
    if into_view:
        _into_view(data={"nonce": into_view}, key="ql-invitation-into-view")
    text, picture = st.columns([3, 1], vertical_alignment="center")
    with text:
        st.html(f'<div class="ql-room-code" aria-label="{escape(label)} {" ".join(code)}">'
                f'<span>{escape(label)}</span><b>{escape(code)}</b></div>' + _CODE_CSS)
        st.markdown(_("Link: {link}").format(link=f"[{link}]({link})"))
        st.caption(note)
    # Translators: a QR code's text alternative: {what} is the code's heading ("room code"), {code} the code
    alt = _("QR code of the link to {what} {code}").format(what=label.lower(), code=code)
    picture.html(f'<img class="ql-qr" src="{qr_code(link)}" alt="{escape(alt)}">')


_CODE_CSS = """<style>
.ql-room-code { scroll-margin-top: 64px; }  /* brought into view below Streamlit's header, not under it */
.ql-room-code span { display: block; font-size: .9em; opacity: .8; }
.ql-room-code b { font-size: 3.2em; letter-spacing: .18em; font-family: ui-monospace, monospace; }
.ql-qr { width: 100%; max-width: 190px; image-rendering: pixelated; background: #fff; }
</style>"""
