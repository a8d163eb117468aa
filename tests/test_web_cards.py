"""The cards drawn in SVG: every card of every engine deck renders, with its index in the corner."""

from __future__ import annotations

import pytest

from trionfi.cards import DECKS
from web_support import DESKTOP, PHONE, browser, module_page, new_page, page, shoot, static_url  # noqa: F401 (fixtures)

# What the corner shows in English: the rank as the code writes it (A, 2..10, J H Q K), a trump's number, a star.
EXPECTED_INDEX = {"Fool": "★"}

RENDER = """async ([deck, codes]) => {
  const m = await import('/js/cards.js');
  const family = m.deckFamily(deck);
  return codes.map((code) => {
    const box = document.createElement('div');
    box.innerHTML = m.cardSVG(code, family);
    const svg = box.querySelector('svg');
    document.body.append(box);
    const size = svg.getBoundingClientRect();
    const result = {
      code, svg: !!svg, label: svg.getAttribute('aria-label'), card: svg.dataset.card,
      index: [...svg.querySelectorAll('.idx')].map((e) => e.textContent),
      shapes: svg.querySelectorAll('path, circle, ellipse, rect').length,
      width: size.width, height: size.height,
    };
    box.remove();
    return result;
  });
}"""


def expected_index(code: str) -> str:
    if code in EXPECTED_INDEX:
        return EXPECTED_INDEX[code]
    if code.startswith("T"):
        return code[1:]
    return code[:-1]


@pytest.mark.parametrize("deck", sorted(DECKS))
def test_every_card_of_every_deck_is_drawn_with_its_index(page, static_url, deck):  # noqa: F811
    module_page(page, static_url)
    page.evaluate("localStorage.setItem('trionfi.lang', 'en')")
    codes = [str(c) for c in DECKS[deck]]
    results = page.evaluate(RENDER, [deck, codes])
    assert len(results) == len(codes)
    names = set()
    for code, r in zip(codes, results, strict=True):
        assert r["svg"] and r["card"] == code, r
        assert r["index"] == [expected_index(code)] * 2, f"{code}: corner index {r['index']}"
        assert r["shapes"] >= 4, f"{code} is hardly drawn: {r}"
        assert r["label"] and r["label"] not in names, f"{code}: accessible name {r['label']!r} missing or repeated"
        names.add(r["label"])


def test_card_names_and_italian_indices(page, static_url):  # noqa: F811
    page.goto(f"{static_url}/cards.html")
    page.evaluate("localStorage.setItem('trionfi.lang', 'it')")
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    king = page.locator(".gallery-section[data-family=italian] [data-code=Ks] svg.card-face")
    assert king.get_attribute("aria-label") == "re di spade"
    assert king.locator(".idx").first.text_content() == "R"
    page.evaluate("localStorage.setItem('trionfi.lang', 'en')")
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    assert king.get_attribute("aria-label") == "king of swords"
    assert page.locator("[data-family=tarot] [data-code=T21] svg.card-face").get_attribute("aria-label") == "trump 21"
    assert page.locator("[data-family=tarot] [data-code=T21] .numeral").text_content() == "XXI"
    # A bad code is refused with the family named, not drawn as something else.
    error = page.evaluate(
        "import('/js/cards.js').then(m => { try { m.cardSVG('Qd', 'italian') } catch (e) { return e.message } })"
    )
    assert error == "Qd is not a card of the italian pack"


def test_gallery_shows_every_pack(page, static_url, shoot):  # noqa: F811
    module_page(page, static_url)
    counts = {
        f: page.locator(f".gallery-section[data-family={f}] .gallery-card").count()
        for f in ("italian", "french", "tarot")
    }
    assert counts == {"italian": 52, "french": 52, "tarot": 78}
    shoot(page, "cards-desktop", full_page=True)
    page.set_viewport_size(PHONE)
    shoot(page, "cards-phone")


def test_a_pack_s_address_opens_the_gallery_at_its_cards(new_page, static_url):  # noqa: F811
    # A game's rules link "See the cards of this pack" to /cards.html#tarot: the page, drawn after it loaded, opened
    # at the Italian suits, the Swiss tarot three screens down.
    tab = new_page(viewport={"width": 390, "height": 844})
    tab.goto(f"{static_url}/cards.html#tarot")
    tab.wait_for_selector("body[data-ready=true]")
    top = tab.locator("#tarot").evaluate("s => s.getBoundingClientRect().top")
    assert 0 <= top < 100 and tab.evaluate("window.scrollY") > 1000, top


def test_the_language_follows_the_browser_and_switches(new_page, static_url):  # noqa: F811
    italian = new_page(locale="it-IT")
    module_page(italian, static_url)
    assert italian.locator("h1").inner_text() == "Le carte di trionfi"
    assert italian.evaluate("document.documentElement.lang") == "it"
    italian.select_option(".lang-switch", "en")
    italian.wait_for_function("document.querySelector('h1').textContent === 'The cards of trionfi'")
    italian.reload()
    italian.wait_for_selector("body[data-ready=true]")
    assert italian.locator("h1").inner_text() == "The cards of trionfi"  # the choice is remembered


def test_a_card_named_in_the_table_s_facts_is_a_chip_of_its_corner(page, static_url):  # noqa: F811
    # Trionfetti's cut card read "Hd (cut by Bot 2)", Triomphe's turn-up and top trumps "Ah Kd Qs Jc": codes a
    # player in a browser never types. Each card of the table's pack is now its corner (index and suit sign), with
    # its name for a screen reader; words that only look like codes stay words.
    module_page(page, static_url)
    chips = page.evaluate(
        """async (cases) => {
            const i18n = await import('/js/i18n.js');
            await i18n.loadLanguage('en');
            const { talkPanel, withCardChips } = await import('/js/tableview.js');
            const shown = (part) => (typeof part === 'string'
                ? part : `[${part.dataset.card}|${part.getAttribute('aria-label')}|${part.textContent}]`);
            const chips = cases.map(([text, family]) => withCardChips(text, { family }).map(shown));
            // A card said at the table (Troccas' "Kc and Jc together", a jack's demand) in the talk panel too.
            const ctx = { me: 0, family: 'tarot', seats: [{}, { kind: 'bot' }, {}, {}],
                          obs: { messages: [{ sender: 1, to: [], text: 'demand Jc' }] } };
            const li = talkPanel(ctx).querySelector('li');
            return [...chips, [li.textContent, li.querySelector('.card-chip').getAttribute('aria-label')]];
        }""",
        [
            ["Hd (cut by Bot 2)", "italian"],
            ["Ah Kd Qs Jc, above the trump suit", "french"],
            ["Bot 1 T21, you 10c", "tarot"],
            ["T1 hd Hx Ts 1c", "italian"],
        ],
    )
    assert chips == [
        ["[Hd|horse of coins|H]", " (cut by Bot 2)"],
        [
            "[Ah|ace of hearts|A]",
            " ",
            "[Kd|king of diamonds|K]",
            " ",
            "[Qs|queen of spades|Q]",
            " ",
            "[Jc|jack of clubs|J]",
            ", above the trump suit",
        ],
        ["Bot 1 ", "[T21|trump 21|21]", ", you ", "[10c|ten of cups|10]"],
        ["T1 hd Hx Ts 1c"],
        ["Bot 1: demand J", "jack of cups"],
    ], chips
