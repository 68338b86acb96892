"""The sidebar names the call at 11 as the chosen tradition does."""


def test_the_sidebar_says_elvaroon_under_kvitlach(app):
    assert app.sidebar.toggle(key="rules.aluvun").label.startswith("Aluvun at 11")
    app.sidebar.selectbox(key="rules.preset").set_value("Kvitlach").run()
    assert app.sidebar.toggle(key="rules.aluvun").label.startswith("Elvaroon at 11")
