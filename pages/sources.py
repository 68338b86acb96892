"""The reference list: every source in full, each under its own anchor, which the [n] on other pages link to."""

from quitlok import ui

ui.through_the_app()
ui.reference_list()
