"""A join link made in a run that does not know the browser's address (a run the server pushed) names this server's
own port, not Streamlit's default 8501 (a room's invitation once showed :8501 on a server at another port)."""

import pytest
from streamlit import config
from streamlit.testing.v1 import AppTest


def _link_page():
    import streamlit as st

    from quitlok.ui import joining

    link, _note = joining.page_link("together", room="K7QH3M")
    st.text(link)


@pytest.fixture
def port():
    before = config.get_option("server.port")
    config.set_option("server.port", 8632)
    yield 8632
    config.set_option("server.port", before)


def test_a_link_without_the_browser_s_address_names_this_server_s_port(port):
    at = AppTest.from_function(_link_page).run()
    assert not at.exception, at.exception
    link = at.text[0].value
    assert f":{port}/together?room=K7QH3M" in link and ":8501" not in link
