"""The comanda language (RULES.md §4.4): TF-01…TF-32, aliases, errors, nicknames, properties and the CLI command."""

from __future__ import annotations

import contextlib
import doctest
import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import trionfi
from trionfi import ComandaError, Ranking, parse_comanda
from trionfi import comanda as comanda_module
from trionfi.cards import ITALIAN_52, ITALIAN_52_RANKS, card
from trionfi.cli import app
from trionfi.comanda import DEFAULT

# --- RULES.md §4.4.6: every seed example, in the table's own notation ------------------------------------------
# (id, comanda, order produced lowest -> highest, number of tiers). Ranks 1 … 10 F C R; [bds] = only those suits.
TABLE = [
    ("C1", "Manco ponto", "R C F 10 9 8 7 6 5 4 3 2 1", 13),
    ("C2", "Più ponto", "F C R 1 2 3 4 5 6 7 8 9 10", 13),
    ("C3", "Più ponto e più figure", "1 2 3 4 5 6 7 8 9 10 F C R", 13),
    ("C4", "Tutto al tredici", "1 2 3 4 5 6 7 8 9 10 F C R", 13),
    ("C5", "Manco e cavalli", "R F 10 9 8 7 6 5 4 3 2 1 C", 13),
    ("C6", "Più figure, assi e due", "3 4 5 6 7 8 9 10 F C R 1 2", 13),
    ("C7", "Manco e manco scartine", "R C F 7 6 5 4 3 2 1 10 9 8", 13),
    ("C8", "Manco 7 e 8", "R C F 10 9 6 5 4 3 2 1 7 8", 13),
    ("C9", "al'otto", "9 10 F C R 1 2 3 4 5 6 7 8", 13),
    ("C10", "al 5", "6 7 8 9 10 F C R 1 2 3 4 5", 13),
    ("C11", "meno al'otto", "7 6 5 4 3 2 1 R C F 10 9 8", 13),
    ("C12", "Napoli", "4 5 6 7 8 9 10 F C R 1 2 3", 13),
    ("C13", "Pari", "1 3 5 7 9 F R 2 4 6 8 10 C", 13),
    ("C14", "Dispari", "2 4 6 8 10 C 1 3 5 7 9 F R", 13),
    ("C15", "Primiera", "8 9 10 F C R 2 3 4 5 1 6 7", 13),
    (
        "C16",
        "Strette col palo",
        "1[bcd] 2 3[bcd] 4 5[bcd] 6 7[bcd] 8 9[bcd] 10 F C R 1[s] 3[s] 5[s] 7[s] 9[s]",
        18,
    ),
    ("C17", "Più e Napoli", "F C R 4 5 6 7 8 9 10 1 2 3", 13),
    ("C18", "Più figure e Napoli", "4 5 6 7 8 9 10 F C R 1 2 3", 13),
    ("C19", "Manco primiera", "7 6 1 5 4 3 2 R C F 10 9 8", 13),
    ("C20", "Primiera e fanti", "8 9 10 C R 2 3 4 5 1 6 7 F", 13),
    (
        "C21",
        "Tutto al tredici e denari al tredici",
        "1[bcs] 2[bcs] 3[bcs] 4[bcs] 5[bcs] 6[bcs] 7[bcs] 8[bcs] 9[bcs] 10[bcs] F[bcs] C[bcs] R[bcs] "
        "1[d] 2[d] 3[d] 4[d] 5[d] 6[d] 7[d] 8[d] 9[d] 10[d] F[d] C[d] R[d]",
        26,
    ),
    (
        "C22",
        "Manco ponto, re, figure di bastoni",
        "C[cds] F[cds] 10 9 8 7 6 5 4 3 2 1 R[cds] F[b] C[b] R[b]",
        16,
    ),
    (
        "C23",
        "Primiera e mancoprimiera a spade",
        "8[bcd] 9[bcd] 10[bcd] F[bcd] C[bcd] R[bcd] 2[bcd] 3[bcd] 4[bcd] 5[bcd] 1[bcd] 6[bcd] 7[bcd] "
        "7[s] 6[s] 1[s] 5[s] 4[s] 3[s] 2[s] R[s] C[s] F[s] 10[s] 9[s] 8[s]",
        26,
    ),
    (
        "C24",
        "Manco siete e otto e coppe al'otto",
        "R C F 10 9 6[bds] 5[bds] 4[bds] 3[bds] 2[bds] 1[bds] 7[bds] 8[bds] 1[c] 2[c] 3[c] 4[c] 5[c] 6[c] 7[c] 8[c]",
        21,
    ),
    ("C25", "Più dispari e meno pari", "1 3 5 7 9 F R C 10 8 6 4 2", 13),
    ("C26", "Più fino al cinque e meno fino al sei", "1 2 3 4 5 R C F 10 9 8 7 6", 13),
    (
        "C27",
        "Manco 5 e 4 più figure de coppe a asso",
        "R[bds] C[bds] F[bds] 10 9 8 7 6 3 2 1[bds] 5 4 F[c] C[c] R[c] 1[c]",
        17,
    ),
    (
        "C28",
        "Componogara",
        "F[bcs] C[bcs] R[bcs] 1[b] 2[b] 3[b] 4[b] 5[b] 6[b] 7[b] 8[b] 9[bc] 10[bc] "
        "1[d] 2[d] 3[d] 4[d] 5[d] 6[d] 7[d] 8[d] 9[d] 10[d] F[d] C[d] R[d] "
        "1[c] 2[c] 3[c] 4[c] 5[c] 6[c] 7[c] 8[c] 1[s] 2[s] 3[s] 4[s] 5[s] 6[s] 7[s] 8[s] 9[s] 10[s]",
        44,
    ),
    ("C29", "Bomba", "F[bcd] C[bcd] R[bcd] 5 6 7 8 9 10 1 2 4 3 F[s] C[s] R[s]", 16),
]
_CODE = {"1": "A", "F": "J", "C": "H", "R": "K"}


def table_tiers(order: str) -> list[frozenset[str]]:
    """The RULES.md notation read independently of the parser: ``R[bds]`` -> {Kb, Kd, Ks}, ``10`` -> all four."""
    tiers = []
    for item in order.split():
        m = re.fullmatch(r"(10|[1-9]|[FCR])(?:\[([bcds]+)\])?", item)
        assert m, item
        rank = _CODE.get(m.group(1), m.group(1))
        tiers.append(frozenset(rank + s for s in (m.group(2) or "dcsb")))
    return tiers


def assert_total_preorder(ranking: Ranking) -> None:
    """Every card of the 52 in exactly one tier; each tier one default rank; strength agrees with tiers."""
    tiers = ranking.tiers
    flat = [c for t in tiers for c in t]
    assert len(flat) == 52 and set(flat) == set(ITALIAN_52)
    assert all(len({card(c).rank for c in t}) == 1 for t in tiers)
    assert all(t for t in tiers)
    assert all(ranking.strength[c] == i for i, t in enumerate(tiers) for c in t)
    assert len(ranking.strength) == 52


# --- TF-01 … TF-29 ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("cid", "text", "order", "count"), TABLE, ids=[row[0] for row in TABLE])
def test_tf01_to_tf29_seed_examples(cid, text, order, count):
    ranking = parse_comanda(text)
    assert ranking.tiers == table_tiers(order)
    assert len(ranking.tiers) == count == len(ranking)
    assert_total_preorder(ranking)


def test_tf03_default_order_is_c3():
    assert parse_comanda("Più ponto e più figure") == DEFAULT
    assert DEFAULT.notation() == "A 2 3 4 5 6 7 8 9 10 J H K"


def test_tf28_tf29_nicknames_are_their_definitions():
    assert parse_comanda("componogara") == parse_comanda("più ponto, denari al tredici, coppe al'otto, spade al dieci")
    assert parse_comanda("BOMBA") == parse_comanda("più ponto, 1, 2, 4, 3, più figure di spade")
    assert parse_comanda("Bomba").name == "bomba"
    assert parse_comanda("più ponto").name is None


# --- TF-30 aliases ------------------------------------------------------------------------------------------
def test_tf30_alias_handling():
    c24 = parse_comanda("Manco siete e otto e coppe al'otto")
    assert parse_comanda("Manco siete e otto e coppe all'otto") == c24
    assert parse_comanda("manco sette e otto e coppe al otto") == c24
    assert parse_comanda("Più") == parse_comanda("piu") == parse_comanda("più ponto") == parse_comanda("PIÙ PONTO")
    assert parse_comanda("figure de coppe") == parse_comanda("figure di coppe")
    assert parse_comanda("Manco 5 e 4 più figure di coppe a asso") == parse_comanda(TABLE[26][1])


@pytest.mark.parametrize(
    ("variant", "same_as"),
    [
        ("meno ponto", "manco ponto"),
        ("manco ponto", "Manco  Ponto"),
        ("piú ponto", "più ponto"),  # another accent
        ("mancoprimiera", "manco primiera"),
        ("menopari", "meno pari"),
        ("al otto", "al 8"),
        ("all’otto", "al otto"),  # typographic apostrophe
        ("fino al cinque", "al cinque"),
        ("fino a cinque", "al 5"),
        ("tutto al tredici", "al 13"),
        ("al tre", "napoli"),
        ("al 13", "al re"),
        ("figure", "fanti, cavalli, re"),
        ("figure", "undici dodici tredici"),
        ("figure", "F C R"),
        ("figure", "J H K"),
        ("assi", "asso"),
        ("uno", "1"),
        ("asso", "A"),
        ("figure di spade", "figure a spade"),
        ("figure di spade", "figure in spade"),
        ("figure di spade", "figure di strette"),
        ("figure di spade", "spade figure"),
        ("denari al tredici", "al tredici di denari"),
        ("più ponto, e, più figure.", "più ponto più figure"),
        ("strette col palo", "1 di spade, 3 di spade, 5 di spade, 7 di spade, 9 di spade"),
        ("donne veneziane", "4 di spade e 6 di spade"),
        ("meneghello", "due di spade"),
        ("scartine", "8 9 10"),
        ("punto", "ponto"),
        ("tutti al sette", "tutto al sette"),
        ("Napoli", "nàpoli"),
    ],
)
def test_spelling_variants(variant, same_as):
    assert parse_comanda(variant) == parse_comanda(same_as)


def test_a_is_preposition_before_a_suit_and_the_ace_elsewhere():
    assert parse_comanda("figure di coppe a asso").tiers[-4:] == [{"Jc"}, {"Hc"}, {"Kc"}, {"Ac"}]
    assert parse_comanda("figure di coppe ad asso a due").tiers[-2:] == [{"Ac"}, {"2c"}]
    assert parse_comanda("manco a spade") == parse_comanda("manco ponto di spade")
    assert parse_comanda("primiera e a") == parse_comanda("primiera e assi")


# --- TF-31, TF-32 and explicit tier lists --------------------------------------------------------------------
def test_tf31_suited_ranks_and_donne_veneziane():
    expected = table_tiers("F C R 1 2 3 4[bcd] 5 6[bcd] 7 8 9 10 4[s] 6[s]")
    assert parse_comanda("più ponto, 4 di spade, 6 di spade").tiers == expected
    assert parse_comanda("più ponto e donne veneziane").tiers == expected


@pytest.mark.parametrize("text", ["{7c 8c}", "7c = 8c", "(7c, 8c)", "più ponto, {7 8}", "[7c 8c]"])
def test_tf32_different_ranks_made_equal_in_text_are_rejected(text):
    with pytest.raises(ComandaError, match="different default ranks"):
        parse_comanda(text)


def test_tf32_explicit_tier_list_with_7c_8c_is_rejected():
    tiers = DEFAULT.to_list()
    tiers[6].remove("7c")
    tiers[7].remove("8c")
    tiers.insert(7, ["7c", "8c"])
    with pytest.raises(ComandaError, match="different default ranks"):
        Ranking.from_list(tiers)


def test_explicit_rank_list_and_per_suit_tiers():
    r = parse_comanda("8 9 10 J H K 2 3 4 5 A 6 7")
    assert r == parse_comanda("primiera") and len(r) == 13
    per_suit = parse_comanda("{7c 7d} 7s = 7b Kd K[cs] Kb")
    assert per_suit.tiers[-5:] == [{"7c", "7d"}, {"7s", "7b"}, {"Kd"}, {"Kc", "Ks"}, {"Kb"}]
    assert parse_comanda("Rd Cs Fb 1c") == parse_comanda("Kd Hs Jb Ac")  # Trionfetti letters = card codes


def test_ranking_from_tiers_validates_the_partition():
    tiers = DEFAULT.to_list()
    assert Ranking.from_list(tiers) == DEFAULT
    with pytest.raises(ComandaError, match="missing: Kb"):
        Ranking.from_list([*tiers[:-1], ["Kd", "Kc", "Ks"]])
    with pytest.raises(ComandaError, match="again"):
        Ranking.from_list([*tiers, ["Kd"]])
    with pytest.raises(ComandaError, match=r"not a card code|not in this game's deck"):
        Ranking.from_list([*tiers[:-1], ["Kd", "Kc", "Ks", "Kx"]])
    with pytest.raises(ComandaError, match="empty"):
        Ranking.from_list([*tiers, []])
    assert Ranking(["Kd Kc Ks Kb", *[" ".join(t) for t in tiers[:-1]]]).tiers[0] == {"Kd", "Kc", "Ks", "Kb"}


# --- the Ranking object -------------------------------------------------------------------------------------
def test_strength_winner_and_beats():
    default = parse_comanda("tutto al tredici")
    assert default.winner(["Kd", "Kc", "5s", "Ks"]) == 0  # TF-33: first of the equal kings
    assert parse_comanda("Manco ponto").winner(["Ac", "Kd", "2s", "As"]) == 0  # TF-34
    c21 = parse_comanda("Tutto al tredici e denari al tredici")
    assert c21.winner(["Kc", "10s", "Ad", "Kd"]) == 3  # TF-35
    assert c21.winner(["5c", "Ks", "Kb", "9c"]) == 1
    c22 = parse_comanda("Manco ponto, re, figure di bastoni")
    assert c22.winner(["Kc", "Jb"]) == 1 and c22.winner(["Ac", "Kc"]) == 1  # TF-36
    assert c22.beats("Jb", "Kc") and not c22.beats("Kc", "Kd")
    assert all(isinstance(c, trionfi.Card) for c in c22.strength)
    assert c22.strength[card("Kb")] == 15 and c22.strength["Hd"] == 0


def test_equality_names_and_json():
    r = parse_comanda("primiera e fanti")
    named = r.named("la mia")
    assert named == r and hash(named) == hash(r) and named.name == "la mia" and named.text == "primiera e fanti"
    assert r.text == "primiera e fanti"
    assert r != DEFAULT and r != "primiera"
    data = json.loads(json.dumps(r.to_list()))
    assert Ranking.from_list(data) == r
    assert all(isinstance(t, frozenset) for t in r.tiers)
    assert data[0] == ["8d", "8c", "8s", "8b"]


def test_describe_in_english_and_italian():
    r = parse_comanda("Manco e cavalli")
    assert r.describe() == (
        "kings < jacks < tens < nines < eights < sevens < sixes < fives < fours < threes < twos < aces < horses"
    )
    assert (
        r.describe("it")
        == "re < fanti < dieci < nove < otto < sette < sei < cinque < quattro < tre < due < assi < cavalli"
    )
    c22 = parse_comanda("Manco ponto, re, figure di bastoni")
    assert c22.labels("it")[0] == "cavalli di denari, coppe e spade"
    assert c22.labels("en")[-1] == "king of batons"
    assert parse_comanda("{Ad Ac}").labels()[-1] == "aces of coins and cups"
    assert parse_comanda("{Ad Ac}").labels("it")[-1] == "assi di denari e coppe"
    assert parse_comanda("Ad").labels("it")[-1] == "asso di denari"
    with pytest.raises(ComandaError, match="language"):
        r.describe("fr")


def test_notation_round_trips():
    for _, text, _, _ in TABLE:
        r = parse_comanda(text)
        assert parse_comanda(r.notation()) == r
        assert parse_comanda(r.notation(trionfetti=True)) == r
        assert parse_comanda(str(r)) == r
    assert parse_comanda("Manco e cavalli").notation(trionfetti=True) == "R F 10 9 8 7 6 5 4 3 2 1 C"


# --- user nicknames -----------------------------------------------------------------------------------------
def test_user_nicknames_are_reusable():
    mine = parse_comanda("primiera e fanti").named("la mia")
    book = {"la mia": mine, "pazza": "manco e cavalli", "doppia": "pazza e denari al tredici"}
    assert parse_comanda("La Mia", book) == mine
    assert parse_comanda("La Mia", book).name == "la mia"
    assert parse_comanda("pazza", book) == parse_comanda("manco e cavalli")
    assert parse_comanda("doppia", book) == parse_comanda("manco e cavalli, denari al tredici")
    with_coins = parse_comanda("la mia e denari al tredici", book)
    assert with_coins.tiers[:13] == [frozenset(t - {c for c in t if c.endswith("d")}) for t in mine.tiers]
    assert with_coins.tiers[13:] == [{r + "d"} for r in ITALIAN_52_RANKS]


@pytest.mark.parametrize(
    ("book", "message"),
    [
        ({"manco": "primiera"}, "already a word"),
        ({"la primiera": "primiera"}, "already a word"),
        ({"kd": "primiera"}, "already a word"),
        ({"x1": "primiera"}, "letters"),
        ({"": "primiera"}, "letters"),
        ({"gatto": 3}, "Ranking or a comanda text"),
    ],
)
def test_bad_nicknames(book, message):
    with pytest.raises(ComandaError, match=message):
        parse_comanda("primiera", book)


def test_nickname_loops_and_bad_definitions_are_reported():
    with pytest.raises(ComandaError, match=r"defined through itself \(aa -> bb -> aa\)"):
        parse_comanda("primiera e aa", {"aa": "bb", "bb": "aa"})
    with pytest.raises(ComandaError, match=r"nickname does not read.*'pont'"):
        parse_comanda("aa", {"aa": "manco pont"})


# --- errors -------------------------------------------------------------------------------------------------
def test_unknown_word_names_it_its_position_and_suggestions():
    with pytest.raises(ComandaError) as info:
        parse_comanda("più ponto e più figgure")
    e = info.value
    assert e.word == "figgure" and e.position == 16 and e.index == 5
    assert e.suggestions[0] == "figure"
    assert "'figgure' (word 5, character 17)" in str(e) and "did you mean 'figure'" in str(e)
    assert isinstance(e, trionfi.TrionfiError) and isinstance(e, ValueError)


@pytest.mark.parametrize("text", ["blah", "manco e cavalloz", "più ponto e più figgure"])
def test_an_unknown_word_is_told_with_the_words_a_comanda_may_hold_and_an_example(text: str):
    """It read "cannot use 'blah' (word 1, character 1) in the comanda 'blah': is not a word of the comanda": not
    what a comanda may say, nor how one sounds. The browser reads the word and its place from the message, and
    lang/it.json renders it sentence by sentence: both must still find it."""
    import json
    import re
    from importlib.resources import files

    with pytest.raises(ComandaError) as info:
        parse_comanda(text)
    message = str(info.value)
    assert "is not a word of the comanda" not in message
    for word in ("più", "manco", "assi", "re", "ponto", "figure", "coppe", "e.g. 'manco e cavalli'"):
        assert re.search(rf"(?<!\w){re.escape(word)}(?!\w)", message), (word, message)
    if info.value.suggestions:  # the likely fix before the list of every kind of word
        assert message.index("did you mean") < message.index("e.g.")
    # What the browser's comanda box reads (actions.js) to mark the word typed.
    named = re.search(r"'([^']+)' \(word \d+, character (\d+)\)", message)
    assert named and named[1] == info.value.word and int(named[2]) == info.value.position + 1
    # lang/it.json holds the reason with as many suggestions as this one has (i18n.js: {a} a piece of text).
    strings = json.loads(files("trionfi").joinpath("web/lang/it.json").read_text(encoding="utf-8"))
    reason = message.split(f" in the comanda {text!r}: ", 1)[1]
    keys = [k.removeprefix("engine.text.") for k in strings if k.startswith("engine.text.")]
    patterns = [re.escape(k).replace(r"\{a\}", "(.+?)").replace(r"\{b\}", "(.+?)") for k in keys]
    assert any(re.fullmatch(p, reason, re.S) for p in patterns), reason


@pytest.mark.parametrize(
    ("text", "word", "message"),
    [
        ("Manco e cavali", "cavali", "did you mean 'cavalli'"),
        ("piu ponto e napli", "napli", "did you mean 'napoli'"),
        ("primeira", "primeira", "did you mean 'primiera'"),
        ("al 14", "14", "ranks are 1 to 13"),
        ("al denari", "denari", "expected a rank"),
        ("di spade", "di", "before the suit"),
        ("a spade", "a", "before the suit"),
        ("figure di", None, "ends too soon"),
        ("figure di ponto", "ponto", "expected a suit"),
        ("denari", None, "'al' and a rank after the suit"),
        ("denari, coppe al otto", ",", "'al' and a rank after the suit"),
        ("tutto", None, "ends too soon"),
        ("fino cinque", "cinque", "'al' after 'fino'"),
        ("strette col palo di coppe", "coppe", "already name their suit"),
        ("7c di spade", "spade", "already name their suit"),
        ("più ponto @", "@", "not a letter, digit or separator"),
        ("{7c 7d", None, "'}' to close"),
        ("{7c 7d)", ")", "'}' to close"),
        ("{}", "{", "at least one card"),
        ("7c =", None, "a card after '='"),
        ("R[x]", "R[x]", "suit letters"),
        ("Z[d]", "Z[d]", "no rank"),
        ("", None, "empty"),
        (" , e ", None, "empty"),
        ("manco ) ponto", ")", "expected"),
    ],
)
def test_bad_commands(text, word, message):
    with pytest.raises(ComandaError, match=re.escape(message)) as info:
        parse_comanda(text)
    assert info.value.word == word
    if word is not None:
        assert text[info.value.position :].startswith(word)


def test_not_text_is_rejected():
    with pytest.raises(ComandaError, match="a comanda is a text"):
        parse_comanda(None)  # type: ignore[arg-type]


# --- properties ---------------------------------------------------------------------------------------------
SET_WORDS = ["ponto", "figure", "scartine", "pari", "dispari", "napoli", "primiera"]
SUITED_SETS = ["strette col palo", "donne veneziane", "meneghello"]
RANKS = ["1", "5", "10", "13", "asso", "due", "sette", "siete", "otto", "dieci", "fanti", "cavallo", "re", "F", "K"]
SUITS = ["denari", "coppe", "spade", "strette", "bastoni", "Denari"]
DIRECTIONS = ["più", "piu", "manco", "meno", "Più", "MENO"]


@st.composite
def clauses(draw) -> str:
    """One clause the grammar accepts."""
    form = draw(st.sampled_from(["dir", "body", "prefix", "nick", "card", "suited"]))
    if form == "nick":
        return draw(st.sampled_from(["componogara", "bomba"]))
    if form == "prefix":
        return f"{draw(st.sampled_from(SUITS))} {draw(st.sampled_from(['al', 'fino al', 'all']))} " + draw(
            st.sampled_from(RANKS)
        )
    if form == "card":
        return draw(st.sampled_from(["Kd", "7c", "K[dcs]", "{7c 7d}", "1c = 1s", "Rb", "10s"]))
    if form == "suited":
        return draw(st.sampled_from(["", "più ", "manco "])) + draw(st.sampled_from(SUITED_SETS))
    body = draw(
        st.one_of(
            st.sampled_from(SET_WORDS),
            st.builds(lambda w, r: f"{w} {r}", st.sampled_from(["al", "fino al", "fino a"]), st.sampled_from(RANKS)),
            st.sampled_from(RANKS),
        )
    )
    head = draw(st.sampled_from(["", "tutto "]))
    if form == "dir":
        head += draw(st.sampled_from(DIRECTIONS)) + " "
        body = draw(st.sampled_from([body, ""]))
    tail = ""
    if draw(st.booleans()):
        tail = f" {draw(st.sampled_from(['di', 'de', 'a', 'in']))} {draw(st.sampled_from(SUITS))}"
        tail += "".join(f" a {r}" for r in draw(st.lists(st.sampled_from(RANKS), max_size=2)))
    return (head + body + tail).strip()


good_comande = st.builds(
    lambda parts, seps: "".join(p + s for p, s in zip(parts, seps, strict=False)),
    st.lists(clauses(), min_size=1, max_size=6),
    st.lists(st.sampled_from([" ", ", ", " e ", " ed ", "; "]), min_size=6, max_size=6),
)

FRAGMENTS = [
    *DIRECTIONS, *SET_WORDS, *SUITED_SETS, *RANKS, *SUITS, "componogara", "bomba", "tutto", "al", "fino", "all'",
    "al'", "di", "de", "a", "ad", "in", "e", "ed", ",", ";", ".", "{", "}", "(", ")", "[", "]", "=", "Kd", "7c",
    "K[dcs]", "mancoprimiera", "ponte", "14", "0", "x", "'", "@", "’", "R[", "col", "palo",
]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(good_comande)
def test_every_accepted_comanda_is_a_total_preorder_and_parsing_is_deterministic(text):
    ranking = parse_comanda(text)
    assert_total_preorder(ranking)
    again = parse_comanda(text)
    assert again == ranking and again.to_list() == ranking.to_list()
    assert parse_comanda(ranking.notation()) == ranking
    assert Ranking.from_list(ranking.to_list()) == ranking


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(FRAGMENTS), max_size=10), st.sampled_from([" ", "", ", "]))
def test_random_fragments_parse_or_raise_comanda_error(parts, joiner):
    text = joiner.join(parts)
    try:
        ranking = parse_comanda(text)
    except ComandaError as e:
        assert str(e)
        if e.position is not None:
            assert 0 <= e.position <= len(text)
        return
    assert_total_preorder(ranking)
    assert parse_comanda(text) == ranking


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=30))
def test_any_text_parses_or_raises_comanda_error(text):
    with contextlib.suppress(ComandaError):
        assert_total_preorder(parse_comanda(text))


@settings(max_examples=100, deadline=None)
@given(
    good_comande,
    st.sampled_from([("primiera", 13), ("denari al tredici", 13), ("7c", 1), ("manco figure di spade", 3)]),
)
def test_a_later_clause_ranks_above_everything_before_it(text, last):
    """RULES.md §4.4.4 fold: the last clause's cards (n groups) are the top tiers, in the clause's own order."""
    clause, n = last
    assert parse_comanda(f"{text}, {clause}").tiers[-n:] == parse_comanda(clause).tiers[-n:]


# --- the CLI ------------------------------------------------------------------------------------------------
runner = CliRunner()


def test_cli_prints_the_order_lowest_first():
    result = runner.invoke(app, ["comanda", "manco e cavalli"])
    assert result.exit_code == 0, result.output
    assert "13 tiers" in result.output
    lines = [line for line in result.output.splitlines() if "│" in line]
    assert "kings" in lines[0] and "Kd Kc Ks Kb" in lines[0]
    assert "horses" in lines[-1] and "cavalli" in lines[-1]
    assert "R F 10 9 8 7 6 5 4 3 2 1 C" in result.output


def test_cli_shows_suit_brackets():
    result = runner.invoke(app, ["comanda", "Manco ponto, re, figure di bastoni"])
    assert result.exit_code == 0
    assert "H[dcs] J[dcs]" in result.output


def test_cli_json():
    result = runner.invoke(app, ["comanda", "Manco e cavalli", "--json"])
    assert result.exit_code == 0
    assert json.loads(result.output) == parse_comanda("manco e cavalli").to_list()
    assert json.loads(result.output)[-1] == ["Hd", "Hc", "Hs", "Hb"]


def test_cli_bad_comanda_exits_2_with_the_message():
    result = runner.invoke(app, ["comanda", "manco e cavali"])
    assert result.exit_code == 2
    assert "cavali" in result.output and "did you mean 'cavalli'" in result.output


# --- the module's own examples ------------------------------------------------------------------------------
def test_doctests():
    failures, tried = doctest.testmod(comanda_module, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0


def test_docs_examples():
    """The Python examples of docs/comanda.md run as shown."""
    path = Path(__file__).resolve().parents[1] / "docs" / "comanda.md"
    failures, tried = doctest.testfile(str(path), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0
