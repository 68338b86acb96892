"""The cards: the Quitli pack, framed cards, Piatnik pattern 177, handmade packs, Hexenspiel."""

from quitlok import ui

ui.through_the_app()
ui.history_page("cards")
