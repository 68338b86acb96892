"""The pseudo-language's test frame (issue 26): which visible text of a rendered page escaped translation.

Under `?lang=qps` every translated letter is accented (quitlok.i18n.pseudo), so a run of three or more plain
ASCII letters on the screen is English that nobody marked, or content that was not read through
quitlok.content. `escapes` finds those runs in the texts of a page, leaving out what is allowed to stay as it
is: numbers, the players' names the test gives, program text (Markdown link addresses, `code`, addresses,
:material/icons:, HTML tags and entities, {placeholders}) and the app's name, Quitlok (a brand stays a brand).
`app_texts` gathers the texts a person sees from an AppTest page (every string of every element's and block's
message but the program's own fields, and the cells of tables); for a real browser, hand `escapes` the page's
`document.body.innerText` as INNER_TEXT reads it (without the names of Material icons, which the icon font
draws as pictures).
"""

import html
import re
from collections.abc import Iterable

from google.protobuf.message import Message
from streamlit.testing.v1 import AppTest

from quitlok.i18n import LANGUAGES

#: names that stay in every language: the app's own, and each language's name in itself (the language picker)
BRANDS = ("Quitlok", *LANGUAGES.values())
#: Playwright's page.evaluate(INNER_TEXT): the page's text as a person sees it (an icon's name, drawn as a picture by
#: the icon font, left out)
INNER_TEXT = """() => {
  const icons = '[data-testid="stIconMaterial"], span[role="img"][translate="no"]';  // a widget's or Markdown's
  for (const icon of document.querySelectorAll(icons)) icon.textContent = "";
  return document.body.innerText;
}"""
#: a run of plain letters that a translation would have changed
_RUN = re.compile(r"[A-Za-z]{3,}")
#: program text inside a visible text, which no translation changes
_PROGRAM = re.compile(
    r"<(script|style)\b.*?</\1>"  # scripts and styles in our own HTML
    r"|<[^<>]*>|&#?\w+;"  # tags and entities
    r"|\]\([^)]*\)|`[^`]*`"  # a Markdown link's address, inline code
    r"|:material/\w+:|:(?:red|orange|yellow|green|blue|violet|gray|grey|rainbow|primary)(?:-background|-badge)?\["
    r"|(?:https?://|www\.)\S+|\b[\w.+-]+@[\w-]+\.[\w.]+"  # addresses
    r"|\{[^{}]*\}"  # placeholders
    r"|(?<![\w+/=-])(?=[\w+/=-]*\d)[\w+/=-]{16,}"  # a code (a progress code, a key): letters and digits, long
    r"|(?<![\w-])(?=[0-9a-f-]*\d)[0-9a-f-]{6,}(?![\w-])",  # hexadecimal (an id, a colour, a hash)
    re.DOTALL | re.IGNORECASE)
#: attributes of our own HTML that a person reads (or hears)
_READ_ATTRIBUTES = re.compile(r"""\b(?:alt|title|aria-label|placeholder)\s*=\s*("[^"]*"|'[^']*')""", re.IGNORECASE)

#: fields of Streamlit's messages that hold program text, never words for people
_PROGRAM_FIELDS = frozenset({
    "id", "key", "form_id", "element_id", "fragment_id", "js_content", "css_content", "js_source_path",
    "css_source_path", "html_content", "component_name", "json", "icon", "url", "page", "page_script_hash",
    "url_path", "format", "type", "data", "arrow_data", "styler", "uuid", "caching", "font", "color",
    "file_name", "mime", "deploy_params", "spec", "theme", "vega_lite_chart", "use_container_width", "width",
    "height", "value", "default", "set_value", "raw_value", "column_config", "editing_mode", "selection_mode",
    "anchor", "tag", "divider", "target", "body_html", "allow_html", "unsafe_allow_html", "side", "gap", "border",
    "position", "sort", "autocomplete", "step", "min", "max", "placeholder_key", "data_testid", "language",
})


def escapes(texts: Iterable[str], *, names: Iterable[str] = ()) -> list[str]:
    """The runs of three or more plain ASCII letters in `texts` that escaped translation (each once, in order):
    numbers, the players' `names`, program text and the app's name allowed."""
    allowed = {*BRANDS, *names}
    found: list[str] = []
    for text in texts:
        readable = " ".join(m[1][1:-1] for m in _READ_ATTRIBUTES.finditer(str(text)))
        plain = html.unescape(_PROGRAM.sub(" ", str(text))) + " " + html.unescape(readable)
        for name in sorted(allowed, key=len, reverse=True):
            plain = re.sub(rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z])", " ", plain)
        found += [run for run in _RUN.findall(plain) if run not in found]
    return found


def app_texts(at: AppTest, where: str = "main") -> list[str]:
    """Every text a person sees in `where` ("main" or "sidebar") of an AppTest page: the strings of each element's
    and each block's message (labels, help, options, captions, alerts, tab and expander titles, our HTML), but
    the program's own fields, and the column names and text cells of tables and data frames."""
    texts: list[str] = []
    root = at.main if where == "main" else at.sidebar
    _walk(root, texts)
    return texts


def _walk(node, texts: list[str]) -> None:
    proto = getattr(node, "proto", None)
    if isinstance(proto, Message):
        _strings(proto, texts)
    if type(node).__name__ in ("Table", "Dataframe"):
        frame = node.value
        texts += [str(c) for c in frame.columns]
        texts += [str(v) for v in frame.to_numpy().ravel() if isinstance(v, str)]
    if type(node).__name__ in ("Markdown", "Caption", "Title", "Header", "Subheader", "Info", "Warning", "Error",
                               "Success", "Exception", "Toast"):
        texts.append(str(node.value))
    for child in getattr(node, "children", {}).values():
        _walk(child, texts)


def _strings(message: Message, texts: list[str]) -> None:
    for field, value in message.ListFields():
        if field.name in _PROGRAM_FIELDS:
            continue
        values = value if getattr(field, "is_repeated", False) or isinstance(value, list | tuple) or (
            hasattr(value, "__len__") and not isinstance(value, str | bytes | Message)) else [value]
        for item in values:
            if isinstance(item, Message):
                _strings(item, texts)
            elif isinstance(item, str):
                texts.append(item)
