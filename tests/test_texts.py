"""The texts for players: each game's rules (trionfi rules, docs pages) and the in-game help (game_help)."""

from __future__ import annotations

import random
import re
import unicodedata
from pathlib import Path
from typing import Any

import pytest

import trionfi
from trionfi.cards import SUIT_NAMES
from trionfi.errors import TrionfiError
from trionfi.registry import game_class
from trionfi.texts import full_rules_text, game_help, languages, rules_text
from trionfi.texts.rules import TERM, applies, docs_block, sections

DOCS = Path(__file__).resolve().parents[1] / "docs"
GAMES = trionfi.games()

# Each game with the options that change its rules text or its actions; every one of them is a real table.
TABLES: list[tuple[str, dict[str, Any]]] = [
    ("briscola", {}),
    ("briscola", {"players": 3}),
    ("briscola", {"players": 4, "communication": "signals"}),
    ("briscola", {"players": 4, "communication": "conversation", "show_partner_after_stock": True}),
    ("briscola", {"players": 6, "communication": "conversation"}),
    ("briscola", {"players": 4, "deck": "french", "southern_order": True, "communication": "signals"}),
    ("briscola", {"variant": "a31"}),
    ("briscola", {"variant": "scoperta", "reject_ace_three_indicator": True}),
    ("briscola", {"variant": "briscolone", "must_follow_suit": True}),
    ("briscola", {"variant": "bosnian", "players": 5}),
    ("briscola", {"variant": "double", "players": 4}),
    ("briscola", {"variant": "schembil"}),
    ("briscola", {"ranks": 3, "suits": 2, "hand_size": 2}),  # the research variant (reduced pack)
    ("briscola-chiamata", {}),
    ("briscola-chiamata", {"caller_leads": True}),
    ("trijumf", {"players": 2}),
    ("trijumf", {"players": 4}),
    ("trijumf", {"enforce_legal_moves": False, "revoke_keeps_innocent_declarations": False}),
    ("trijumf", {"players": 2, "end_of_deal_target_check": False}),
    ("triomphe", {}),
    ("triomphe", {"allow_concession_offer": True, "must_head_trick": True, "partners_see_hands": True}),
    ("triomphe", {"undertrump_when_cannot_overtrump": False, "enforce_legal_moves": False}),
    ("triomphe", {"ruleset": "strasbourg", "must_trump": True}),
    ("trionfetti", {}),
    ("trionfetti", {"tie_rule": "void_trick", "communication": "none", "skip_third_trick_when_decided": False}),
    ("troccas", {}),
    ("troccas", {"allow_knock": True, "truthful_tschintschar": True, "session_balance": -20}),
    ("troccas", {"kj_double_play_mode": "disabled", "enforce_legal_moves": False}),
]

# What a player's text never holds: program words, markup, and references to documents a player lacks.
FORBIDDEN = ("::", "()", "§", "`", "RULES.md", ".md", "seed", "points()", "returns()", "{", "}", "<", ">")


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in text if not unicodedata.combining(ch))


# --- the rules for players -----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_rules_for_players(name):
    found = sections(name)
    assert found[0].title is None and len(found[0].body) > 100  # an opening paragraph
    assert len(found) >= 5
    text = rules_text(trionfi.load(name))
    assert "### " in text and "\n- " in text  # sections and real bullet lists


@pytest.mark.parametrize("name", GAMES)
def test_the_rules_hold_no_program_words_or_markup(name):
    # Every section as a player reads it; the docs page adds the options to the headings, for programmers.
    every = "\n\n".join(s.markdown() for s in sections(name))
    for text in [every, *(rules_text(trionfi.load(n, **o)) for n, o in TABLES if n == name)]:
        for word in FORBIDDEN:
            assert word not in text, (name, word)
        assert not re.search(r"\w_\w", text), name  # no option names like must_follow_suit
        assert not re.search(r"\w\.[a-z]\w*", text), name  # no attribute or method: game.match, state.points
        assert not re.search(r"(?<![\w*])\*(?!\s)|\[|\]|__", text), name  # no emphasis, links or brackets
        for line in text.splitlines():
            assert not line.startswith(("#### ", "## ", "# ", "* ", "+ ", "    ")), (name, line)


@pytest.mark.parametrize("name", GAMES)
def test_conditions_name_real_options_and_values(name):
    cls = game_class(name)
    options = {o.name: o for o in cls.OPTIONS}
    for section in sections(name):
        for term in section.condition.split():
            m = TERM.match(term)
            assert m is not None and m["name"] in options, (name, section.title, term)
            for value in m["values"].split("|"):
                options[m["name"]].convert(value)  # raises OptionError for a value the option refuses


@pytest.mark.parametrize("name", GAMES)
def test_every_section_is_shown_at_some_table(name):
    """No conditional section is dead text: the tables above reach each of them."""
    games = [trionfi.load(n, **o) for n, o in TABLES if n == name] + [trionfi.load(name)]
    for section in sections(name):
        assert any(applies(g, section.condition) for g in games), (name, section.title)


def test_variants_show_their_own_sections():
    plain = rules_text(trionfi.load("briscola"))
    briscolone = rules_text(trionfi.load("briscola", variant="briscolone"))
    assert "### Briscolone\n" in briscolone and "### Briscolone\n" not in plain
    assert "no trumps at all" in briscolone and "### Schembil" not in briscolone
    assert "### Two players" in plain and "### Six players" not in plain
    six = rules_text(trionfi.load("briscola", players=6, communication="conversation"))
    assert "### Six players" in six and "### The Roman conversation" in six and "### Two players" not in six
    strasbourg = rules_text(trionfi.load("triomphe", ruleset="strasbourg"))
    assert "ace of hearts" in strasbourg and "### The French rules" not in strasbourg
    french = rules_text(trionfi.load("triomphe"))
    assert "### Robbing the turn-up" in french and "### The Strasbourg rules" not in french
    # The docs page has every section, each heading saying which options it is for.
    assert "### Briscolone (variant=briscolone)\n" in full_rules_text("briscola")


def test_the_texts_agree_with_the_engine_on_numbers():
    """A few figures the engine fixes, read back from the texts (a changed rule shows up here)."""
    assert "more than 60" in rules_text(trionfi.load("briscola")).lower()
    assert "401" in rules_text(trionfi.load("trijumf"))
    assert "20 minus" in rules_text(trionfi.load("trionfetti"))
    troccas = rules_text(trionfi.load("troccas"))
    assert "72 points" in troccas and "minus 36" in troccas
    chiamata = rules_text(trionfi.load("briscola-chiamata"))
    assert "eight to each player" in chiamata and "61" in chiamata


def test_every_game_has_its_rules_in_every_language_of_the_pages():
    from trionfi.server.preview import LANGUAGES

    assert all(languages(name) == LANGUAGES == ("en", "it") for name in GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_the_italian_rules_mirror_the_english_ones(name):
    """The same sections, for the same options, in the same order, each with the same figures: a rule changed in
    one language and not in the other shows up here (both are written from RULES.md, neither is the source)."""
    english, italian = sections(name), sections(name, "it")
    assert [s.condition for s in italian] == [s.condition for s in english]
    for en, it in zip(english, italian, strict=True):
        assert sorted(re.findall(r"\d+", it.body)) == sorted(re.findall(r"\d+", en.body)), (en.title, it.title)
        assert not re.search(r"(?<![\w*])\*(?!\s)|\[|\]|__|\w_\w", it.body), it.title  # no markup, no option names


def test_rules_in_italian_follow_the_options_and_fall_back_to_english():
    four = rules_text(trionfi.load("briscola", players=4, communication="conversation"), "it")
    assert "### In quattro\n" in four and "### La conversazione alla romana" in four and "### In due" not in four
    assert "### Briscolone\n" in rules_text(trionfi.load("briscola", variant="briscolone"), "it")
    assert "20 meno" in rules_text(trionfi.load("trionfetti"), "it")
    troccas = rules_text(trionfi.load("troccas", truthful_tschintschar=True), "it")
    assert "### Solo frasi vere" in troccas and "- strusch in: ho esattamente un onore" in troccas  # its words stay
    assert rules_text(trionfi.load("troccas"), "fr") == rules_text(trionfi.load("troccas"))  # none in French: English


@pytest.mark.parametrize("name", GAMES)
def test_the_docs_page_holds_the_rules_for_players(name):
    page = (DOCS / f"{name}.md").read_text(encoding="utf-8")
    assert docs_block(name) in page, f"docs/{name}.md is out of date: run python -m trionfi.texts docs"


# --- the in-game help ---------------------------------------------------------------------------------------
def _is_card(word: str) -> bool:
    try:
        trionfi.card(word)
    except TrionfiError:
        return False
    return True


def _words(action: str) -> list[str]:
    """The words of an action a player must be able to look up: card codes and numbers stand for themselves."""
    return [w for w in re.split(r"[\s+]+", action) if w and not w.isdigit() and not _is_card(w)]


def _offered(game: Any, deals: int, seed: int) -> set[str]:
    """Every non-card action offered over a few random deals (or matches, where a match adds actions)."""
    rng = random.Random(seed)
    found: set[str] = set()
    for _ in range(deals):
        state = (
            game.match(seed=rng.getrandbits(32))
            if game.name in ("triomphe", "troccas")
            else game.deal(seed=rng.getrandbits(32))
        )
        steps = 0
        while not state.is_terminal() and steps < 3000:
            legal = state.legal_actions()
            found.update(str(a) for a in legal if not _is_card(str(a)))
            # Talk a little, but mostly play, so that deals end.
            cards = [a for a in legal if _is_card(str(a))]
            choice = rng.choice(legal) if not cards or rng.random() < 0.3 else rng.choice(cards)
            state.apply(choice)
            steps += 1
    return found


@pytest.mark.parametrize(("name", "options"), TABLES, ids=[f"{n}-{i}" for i, (n, _o) in enumerate(TABLES)])
def test_every_action_word_is_explained_in_the_help(name, options):
    game = trionfi.load(name, **options)
    help_text = _fold(game_help(game))
    offered = _offered(game, deals=3, seed=len(name) + len(options))
    missing = {
        (action, word)
        for action in offered
        for word in _words(action)
        if not re.search(rf"(?<!\w){re.escape(_fold(word))}(?!\w)", help_text)
    }
    assert not missing, f"{name} {options}: game_help does not explain {sorted(missing)}"


def test_the_help_finds_new_actions():
    """The check above fails for a word the help does not know (so it can fail)."""
    help_text = _fold(game_help(trionfi.load("briscola")))
    assert not re.search(r"(?<!\w)vagaresto(?!\w)", help_text)


@pytest.mark.parametrize(("name", "options"), TABLES, ids=[f"{n}-{i}" for i, (n, _o) in enumerate(TABLES)])
def test_the_help_explains_this_games_cards(name, options):
    game = trionfi.load(name, **options)
    text = game_help(game)
    assert "[/" not in text and "`" not in text and "§" not in text  # plain text
    first = next(line for line in text.splitlines() if line.startswith("Cards are typed"))
    examples = [w.strip(",.") for w in first.split() if _is_card(w.strip(",."))]
    assert len(examples) >= 3 and all(c in game.deck for c in examples), (first, examples)
    names = SUIT_NAMES["italian"] if game.deck.family == "tarot" else SUIT_NAMES[game.deck.family]
    for suit in {c.suit for c in game.deck if c.suit in names}:
        assert re.search(rf"(?<!\w){suit} {names[suit]}", text), (name, suit)
    orders = [line for line in text.splitlines() if "high to low:" in line or "low to high:" in line]
    ranks = {c.rank for c in game.deck if c.suit in names}
    for order in orders:  # the whole order of a suit, every rank of the pack once
        listed = [w.strip(",") for w in order.split(":")[1].split() if w.strip(",") in ranks]
        assert sorted(listed) == sorted(ranks), (name, order)
    assert orders
    if name == "troccas":
        assert "Fool" in text and "T21" in text and "demand Js" in text


def test_the_help_follows_the_options():
    plain = game_help(trionfi.load("briscola"))
    assert "claim" not in plain and "signal" not in plain
    assert "claim" in game_help(trionfi.load("briscola", variant="a31"))
    assert "A 11, 3 10, K 4, H 3, J 2" in plain
    french = game_help(trionfi.load("briscola", deck="french", southern_order=True))
    assert "Q queen" in french and "A 3 K J Q" in french
    bosnian = game_help(trionfi.load("briscola", variant="bosnian"))
    assert "A 10 K Q J 9 8 7" in bosnian
    assert "no trumps" in game_help(trionfi.load("briscola", variant="briscolone"))
    assert "Ah Kd Qs Jc" in game_help(trionfi.load("triomphe", ruleset="strasbourg"))


def test_the_help_says_what_a_card_must_be_where_the_game_has_duties():
    """Trijumf, Triomphe and Troccas have duties (follow suit, trump, over-trump), and the help said how cards
    rank but not these: a new player learnt them from a refused card. Briscola has none to say."""

    def duty(name: str, **options: Any) -> str:
        lines = [line.strip() for line in game_help(trionfi.load(name, **options)).splitlines()]
        return next((line for line in lines if line.startswith("play: ")), "")

    assert duty("trijumf").startswith("play: follow suit if you can; if not, play a trump if you can")
    assert "a revoke gives the other side the deal's 130" in duty("trijumf", enforce_legal_moves=False)
    assert "over a trump already played" in duty("triomphe")
    assert "beat the trick whenever you can" in duty("triomphe", must_head_trick=True)
    assert "unable to go over it: any card" in duty("triomphe", undertrump_when_cannot_overtrump=False)
    assert duty("triomphe", ruleset="strasbourg") == "play: follow suit if you can; if not, any card"
    assert "the Fool may be played to any trick" in duty("troccas")
    assert "knock: none in the first trick" in game_help(trionfi.load("trijumf", players=4))
    assert duty("briscola") == ""
