"""Bad input raises the right ValueError subclass, names the problem, and never changes the state."""

from __future__ import annotations

import json
import math
import random
import re

import pytest

import trionfi
from briscola_support import hands_deck, stacked


def _snapshot(state):
    n = state.game.players
    return json.dumps(state.to_record(), sort_keys=True), [json.dumps(state.observation(s)) for s in range(n)]


def _started(options=None, moves=3):
    game = trionfi.load("briscola", **(options or {"players": 2}))
    state = game.deal(deck=[str(c) for c in game.deck], seed=11)
    for _ in range(moves):
        state.apply(state.legal_actions()[0])
    return state


def _assert_rejected(state, action, error, message, seat=None):
    before = _snapshot(state)
    legal = [str(a) for a in state.legal_actions()]
    with pytest.raises(error, match=message) as info:
        state.apply(action, seat=seat)
    assert isinstance(info.value, ValueError)
    assert _snapshot(state) == before
    assert [str(a) for a in state.legal_actions()] == legal
    return str(info.value)


# --- card codes and actions ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("Zz", r"'Zz' is (not|neither).* action"),
        ("", r"'' is (not|neither).* action"),
        (5, r"not int"),
        (None, r"not NoneType"),
        (["Ad"], r"not list"),
    ],
)
def test_bad_card_codes(action, message):
    state = _started()
    text = _assert_rejected(state, action, trionfi.IllegalAction, message)
    if isinstance(action, str):
        for c in state.hand(state.current_player):
            assert str(c) in text  # the message lists what is allowed


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("Zz", r"'Zz' is not a card code"),
        ("", r"'' is not a card code"),
        (5, r"must be a string, not int"),
        (None, r"must be a string, not NoneType"),
    ],
)
def test_card_parser_rejects(code, message):
    with pytest.raises(trionfi.CardError, match=message):
        trionfi.card(code)


def test_card_not_in_hand():
    state = _started(moves=0)
    other = state.hand(1)[0]
    msg = _assert_rejected(state, other, trionfi.IllegalAction, rf"{other} is not in seat 0's hand")
    assert "may play" in msg


@pytest.mark.parametrize("code", ["10s", "Qd", "8h"])
def test_card_not_in_the_italian_deck(code):
    state = _started(moves=0)
    _assert_rejected(state, code, trionfi.IllegalAction, rf"{code} is not in this game's deck")
    with pytest.raises(trionfi.CardError, match="not in this game's deck"):
        state.game.deck.check(code)


def test_horse_not_in_the_french_deck():
    state = _started({"players": 2, "deck": "french"}, moves=0)
    _assert_rejected(state, "Hd", trionfi.IllegalAction, r"Hd is not in this game's deck")


def test_action_out_of_turn():
    state = _started(moves=1)
    assert state.current_player == 1
    mine = state.hand(0)[0]
    _assert_rejected(state, mine, trionfi.IllegalAction, r"it is seat 1's turn, not seat 0's", seat=0)
    _assert_rejected(state, state.hand(1)[0], trionfi.IllegalAction, r"seat must be a number from 0 to 1", seat=7)


def test_claim_outside_a31():
    state = _started(moves=0)
    _assert_rejected(state, "claim", trionfi.IllegalAction, r"'claim' is (not|neither).* action seat 0 may take")


def test_briscolone_follow_suit_violation():
    game = trionfi.load("briscola", variant="briscolone", must_follow_suit=True)
    state = game.deal(deck=hands_deck(game, {0: ["4c"], 1: ["2c", "As"]}), seed=1)
    state.apply("4c")
    _assert_rejected(state, "As", trionfi.IllegalAction, r"As may not be played now: you must follow suit \(c\)")


def test_actions_after_the_end():
    state = _started(moves=0)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    assert state.legal_actions() == []
    _assert_rejected(state, "Ad", trionfi.IllegalAction, r"the deal is over")
    _assert_rejected(state, "Ad", trionfi.IllegalAction, r"the deal is over", seat=0)


def test_match_after_the_end():
    match = trionfi.load("briscola", variant="briscolone", target=31).match(seed=2)
    while not match.is_terminal():
        match.apply(match.legal_actions()[0])
    before = match.to_record()
    with pytest.raises(trionfi.IllegalAction, match="the match is over"):
        match.apply("Ad")
    assert match.to_record() == before


# --- options ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"colour": "red"}, r"briscola has no option 'colour'; its options are: players, variant"),
        ({"players": 5}, r"standard Briscola is played by 2, 3, 4, 6 players, not 5"),
        ({"players": 11}, r"option players=11 is not allowed; allowed: a whole number >= 2 and <= 10"),
        ({"players": "many"}, r"option players='many' is not allowed"),
        ({"variant": "nope"}, r"option variant='nope' is not allowed; allowed: 'standard', 'a31'"),
        ({"southern_order": True}, r"southern_order applies only to deck=french"),
        ({"must_follow_suit": True}, r"must_follow_suit applies only to variant=briscolone"),
        ({"deck": "tarot"}, r"option deck='tarot' is not allowed; allowed: 'italian', 'french'"),
        ({"deal_singly": "maybe"}, r"option deal_singly='maybe' is not allowed; allowed: true or false"),
        ({"variant": "a31", "players": 4}, r"a31 Briscola is played by 2 players, not 4"),
        ({"variant": "double", "players": 3}, r"double Briscola is played by 2, 4 players, not 3"),
        ({"target": 5}, r"option target=5 is not allowed; allowed: a whole number of points from 31 to 999"),
        ({"target": "lots"}, r"option target='lots' is not allowed"),
        ({"best_of": 0}, r"option best_of=0 is not allowed"),
        ({"claim_target": 40}, r"claim_target applies only to variant=a31"),
        ({"players": 4, "partnerships": False}, r"partnership game"),
        ({"variant": "bosnian", "deck": "french"}, r"bosnian variant uses its own 32-card pack"),
    ],
)
def test_bad_options(options, message):
    with pytest.raises(trionfi.OptionError, match=message):
        trionfi.load("briscola", **options)


def test_a_fixed_number_of_players_is_said_as_that_number():
    """Briscola Chiamata with four players said "allowed: a whole number >= 5 and <= 5"."""
    with pytest.raises(trionfi.OptionError, match=r"option players=4 is not allowed; allowed: 5$"):
        trionfi.load("briscola-chiamata", players=4)


def test_unknown_game():
    with pytest.raises(trionfi.OptionError, match=r"no game named 'chess'"):
        trionfi.load("chess")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"seed": "7"}, r"a seed is a whole number"),
        ({"seed": 1, "dealer": 2}, r"dealer must be a seat from 0 to 1"),
        ({"seed": 1, "dealer": True}, r"dealer must be a seat"),
    ],
)
def test_bad_deal_arguments(kwargs, message):
    with pytest.raises(trionfi.OptionError, match=message):
        trionfi.load("briscola").deal(**kwargs)


# --- stacked decks ------------------------------------------------------------------------------------------------


def _italian():
    return trionfi.load("briscola", players=2)


def test_stacked_deck_missing_card():
    game = _italian()
    deck = [str(c) for c in game.deck][:-1]
    with pytest.raises(trionfi.DeckError, match=r"missing: Kb"):
        game.deal(deck=deck)


def test_stacked_deck_duplicate():
    game = _italian()
    deck = [str(c) for c in game.deck]
    deck[-1] = deck[0]
    with pytest.raises(trionfi.DeckError, match=r"repeated: Ad; missing: Kb"):
        game.deal(deck=deck)


def test_stacked_deck_too_long():
    game = _italian()
    deck = [*(str(c) for c in game.deck), "Ad"]
    with pytest.raises(trionfi.DeckError, match=r"repeated: Ad"):
        game.deal(deck=deck)


def test_stacked_deck_of_the_wrong_pack():
    game = _italian()
    french = [str(c) for c in trionfi.load("briscola", deck="french").deck]
    assert french[0] == "Ah"
    with pytest.raises(trionfi.DeckError, match=r"card 1 of the stacked deck: Ah is not in this game's deck"):
        game.deal(deck=french)


def test_stacked_deck_with_a_bad_code():
    game = _italian()
    deck = [str(c) for c in game.deck]
    deck[4] = "Xx"
    with pytest.raises(trionfi.DeckError, match=r"card 5 of the stacked deck: 'Xx' is not a card code"):
        game.deal(deck=deck)


@pytest.mark.parametrize("deck", ["Ad 2d 3d", 40, {"Ad"}])
def test_stacked_deck_not_a_list(deck):
    with pytest.raises(trionfi.DeckError, match=r"a stacked deck is a list of card codes, not"):
        _italian().deal(deck=deck)


def test_stacked_six_player_deck_with_a_two():
    game = trionfi.load("briscola", players=6)
    deck = stacked(game, {})
    deck[0] = "2d"
    with pytest.raises(trionfi.DeckError, match=r"2d is not in this game's deck"):
        game.deal(deck=deck)


# --- records ----------------------------------------------------------------------------------------------------


def _record():
    state = _started(moves=4)
    return state.to_record()


def test_record_round_trip_as_text():
    rec = _record()
    assert trionfi.replay(json.dumps(rec)).to_record() == rec


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ("{not json", r"a record must be JSON: Expecting property name"),
        ("[1, 2]", r"a record is a JSON object, not list"),
        (42, r"a record is a JSON object, not int"),
    ],
)
def test_record_not_a_json_object(bad, message):
    with pytest.raises(trionfi.RecordError, match=message):
        trionfi.replay(bad)


@pytest.mark.parametrize("field", ["game", "options", "seed", "actions"])
def test_record_missing_field(field):
    rec = _record()
    del rec[field]
    with pytest.raises(trionfi.RecordError, match=rf"the record has no '{field}' field"):
        trionfi.replay(rec)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("game", 3, r"record field 'game' must be a str"),
        ("options", [], r"record field 'options' must be a dict"),
        ("seed", "11", r"record field 'seed' must be a int"),
        ("seed", True, r"record field 'seed' must be a int"),
        ("actions", "Ad", r"record field 'actions' must be a list"),
        ("kind", "tournament", r"record kind 'tournament' is unknown"),
        ("version", 2, r"record version 2 is not supported"),
        ("format", "pgn", r"not a trionfi record"),
        ("game", "chess", r"the record's game cannot be set up: no game named 'chess'"),
        ("options", {"players": 5}, r"the record's game cannot be set up: .*not 5"),
        ("dealer", 9, r"the record's game cannot be set up: dealer must be a seat"),
        ("deck", ["Ad"], r"the record's game cannot be set up: .*missing"),
    ],
)
def test_record_wrong_types_and_values(field, value, message):
    rec = _record()
    rec[field] = value
    with pytest.raises(trionfi.RecordError, match=message):
        trionfi.replay(rec)


def test_record_unknown_field():
    rec = _record()
    rec["comment"] = "hi"
    with pytest.raises(trionfi.RecordError, match=r"unknown record field\(s\) \['comment'\]"):
        trionfi.replay(rec)


def test_record_with_an_illegal_action():
    rec = _record()
    # The 3rd action names a card of the other hand: illegal for the seat on turn.
    state = trionfi.load("briscola", players=2).deal(deck=rec["deck"], seed=rec["seed"])
    state.apply(rec["actions"][0])
    state.apply(rec["actions"][1])
    wrong = str(state.hand(1 - state.current_player)[0])
    rec["actions"][2] = wrong
    with pytest.raises(trionfi.RecordError, match=rf"action 3 \('{wrong}'\) does not replay: .*not in seat"):
        trionfi.replay(rec)


@pytest.mark.parametrize(
    ("action", "message"), [(7, r"action 2 must be a text, not 7"), ("Zz", r"action 2 \('Zz'\) does not replay")]
)
def test_record_with_a_malformed_action(action, message):
    rec = _record()
    rec["actions"][1] = action
    with pytest.raises(trionfi.RecordError, match=message):
        trionfi.replay(rec)


def test_failed_replay_does_not_touch_the_source_state():
    state = _started(moves=4)
    before = _snapshot(state)
    rec = state.to_record()
    rec["actions"].append("Zz")
    with pytest.raises(trionfi.RecordError):
        trionfi.replay(rec)
    assert _snapshot(state) == before


def test_card_codes_are_case_insensitive():
    state = _started(moves=0)
    first = str(state.hand(0)[0])
    state.apply(f"  {first.lower()} ")
    assert state.history == [first]
    assert first not in state.hand(0)


@pytest.mark.parametrize("seat", [2, -1, "0", None, True])
def test_bad_seat_numbers(seat):
    state = _started(moves=0)
    before = _snapshot(state)
    with pytest.raises(trionfi.IllegalAction, match=r"seat must be a number from 0 to 1"):
        state.hand(seat)
    with pytest.raises(trionfi.IllegalAction, match=r"seat must be a number from 0 to 1"):
        state.observation(seat)
    assert _snapshot(state) == before


# --- issue 13: hostile input gives trionfi's own one-line errors ---------------------------------------------------
ACCENTS = ["\u0301", "\u0301 \u0301", " \u0300", "\u0308\u0308", "\u0327 x"]


def _any_snapshot(state):
    """Record and observations of a deal or a match."""
    n = (state.game if hasattr(state, "game") else state.state.game).players
    return json.dumps(state.to_record(), sort_keys=True), [json.dumps(state.observation(s)) for s in range(n)]


def _refused(state, action, error=trionfi.IllegalAction, match=None, seat=None):
    before = _any_snapshot(state)
    with pytest.raises(error, match=match) as info:
        state.apply(action, seat=seat)
    assert isinstance(info.value, trionfi.TrionfiError) and "\n" not in str(info.value)
    assert _any_snapshot(state) == before
    return str(info.value)


def _troccas_in_every_phase():
    """Troccas states in each phase a prompt can show: the talk while dealing, discard, play, the end."""
    rng = random.Random(3)
    state = trionfi.load("troccas").deal(seed=3)
    phases = {}
    while not state.is_terminal():
        phases.setdefault(state.phase, state.clone())
        state.apply(rng.choice(state.legal_actions()))
    phases["end"] = state
    return phases


@pytest.mark.parametrize("accent", ACCENTS)
def test_an_accent_typed_alone_at_a_troccas_prompt(accent):
    phases = _troccas_in_every_phase()
    assert {"talk", "discard", "play", "end"} <= set(phases)
    for state in phases.values():
        _refused(state, accent)


@pytest.mark.parametrize("name", ["briscola", "briscola-chiamata", "trijumf", "triomphe", "trionfetti", "troccas"])
@pytest.mark.parametrize("accent", ACCENTS)
def test_an_accent_typed_alone_in_every_game(name, accent):
    state = trionfi.load(name).deal(seed=1)
    _refused(state, accent)
    _refused(trionfi.load(name).match(seed=1), accent)


UNICODE_DIGITS = ["❶", "➀", "፩", "٣", "1" * 5000, "9" * 1001, "K[❶]", "❶[d]", "più ❶", "fino al ፩"]


@pytest.mark.parametrize("text", UNICODE_DIGITS)
def test_unicode_digits_and_digit_runs_in_a_comanda(text):
    with pytest.raises(trionfi.ComandaError) as info:
        trionfi.parse_comanda(text)
    assert "\n" not in str(info.value)
    with pytest.raises(trionfi.OptionError, match="option comanda="):
        trionfi.load("trionfetti", comanda=text)
    state = trionfi.load("trionfetti").deal(seed=4)
    _refused(state, f"comanda {text}", match=f"seat {state.cutter} must announce the comanda again")
    record = state.to_record()
    record["actions"] = [f"comanda {text}"]
    with pytest.raises(trionfi.RecordError, match=r"action 1 .* does not replay"):
        trionfi.replay(record)


def test_digits_unicode_decomposes_read_as_digits():
    # NFKD turns a superscript, full-width or circled 2 into "2": they read as the rank 2, as documented.
    two = trionfi.parse_comanda("più 2")
    for text in ("più ²", "più ２", "più ②"):
        assert trionfi.parse_comanda(text) == two


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 10_000, r"a comanda is at most 1000 characters long, not 10000"),
        ("K[" * 10_000, r"a comanda is at most 1000 characters long, not 20000"),
        ("[" * 999, r"'\]' to close the group|a card"),
        ("K[" * 499, r"a card|to close the group"),
    ],
)
def test_hostile_comanda_brackets(text, message):
    with pytest.raises(trionfi.ComandaError, match=message) as info:
        trionfi.parse_comanda(text)
    assert len(str(info.value)) < 2 * len(text) + 300


def test_nested_nicknames_are_bounded():
    deep = {f"n{chr(97 + i)}": f"n{chr(98 + i)}" for i in range(20)} | {"nu": "più"}
    with pytest.raises(trionfi.ComandaError, match=r"at most 16 deep \(na -> nb"):
        trionfi.parse_comanda("na", deep)
    wide = {f"n{chr(97 + i)}": " ".join([f"n{chr(98 + i)}"] * 4) for i in range(12)} | {"nm": "più"}
    with pytest.raises(trionfi.ComandaError, match=r"makes more than 1000 clauses"):
        trionfi.parse_comanda("na", wide)
    ok = {f"n{chr(97 + i)}": " ".join([f"n{chr(98 + i)}"] * 2) for i in range(9)} | {"nj": "manco"}
    assert trionfi.parse_comanda("na", ok) == trionfi.parse_comanda("manco")
    with pytest.raises(trionfi.ComandaError, match=r"the nickname 'mia' is at most 1000 characters long"):
        trionfi.parse_comanda("mia", {"mia": "più " * 300})


def _id(value):
    """pytest ids for huge ints (str() refuses more than 4300 digits)."""
    return "huge" if isinstance(value, int) and value.bit_length() > 1000 else None


@pytest.mark.parametrize("value", [math.inf, -math.inf, math.nan, "inf", "nan", "1e999", 31.5, 10**5000, "٣١"], ids=_id)
@pytest.mark.parametrize("name", ["briscola", "trijumf", "triomphe", "trionfetti"])
def test_target_given_as_infinity_nan_or_not_whole(name, value):
    with pytest.raises(trionfi.OptionError, match=r"option target=.* is not allowed; allowed: .*whole number"):
        trionfi.load(name, target=value)


@pytest.mark.parametrize(
    ("name", "options", "same_as"),
    [
        ("briscola", {"must_follow_suit": "false"}, {}),
        ("briscola", {"claim_target": "31", "southern_order": "no"}, {}),
        ("briscola", {"variant": "bosnian", "deck": "italian"}, {"variant": "bosnian"}),
        ("briscola", {"players": "6", "rais": "0,1"}, {"players": 6}),
        ("triomphe", {"ruleset": "strasbourg", "must_head_trick": "false"}, {"ruleset": "strasbourg"}),
        ("triomphe", {"must_trump": "false", "partners_see_hands": "off"}, {}),
        ("trionfetti", {"start_scores": "0-0", "comanda": "none"}, {}),
    ],
)
def test_an_option_at_its_default_given_as_text(name, options, same_as):
    given, plain = trionfi.load(name, **options), trionfi.load(name, **same_as)
    assert given.options == plain.options
    assert given.deal(seed=1).legal_actions() == plain.deal(seed=1).legal_actions()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"name": "x"}, r"briscola has no option 'name'"),
        ({"self": 1}, r"briscola has no option 'self'"),
        ({1: 2}, r"option names in a record are texts, not 1"),
        ({None: 2}, r"option names in a record are texts, not None"),
        ({"players": 10**5000}, r"players=<a whole number of about 5000 digits> is not allowed"),
        ({"players": math.inf}, r"players=inf is not allowed"),
    ],
)
def test_record_options_that_are_not_options(options, message):
    record = _record()
    record["options"] = options
    with pytest.raises(trionfi.RecordError, match=message):
        trionfi.replay(record)


def test_load_refuses_options_named_name_or_self():
    for key in ("name", "self"):
        with pytest.raises(trionfi.OptionError, match=rf"has no option '{key}'"):
            trionfi.load("trionfetti", **{key: "x"})


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"game": "briscola", "options": {}, "seed": 1' + "0" * 5000 + ', "actions": []}', r"number too long"),
        ('{"game": "briscola", "options": {"target": Infinity}, "seed": 1, "actions": []}', r"holds Infinity"),
        ('{"game": "briscola", "options": {"target": NaN}, "seed": 1, "actions": []}', r"holds NaN"),
        ('{"game": "briscola", "options": {"target": 1e999}, "seed": 1, "actions": []}', r"1e999, too large"),
        ("[" * 5000 + "]" * 5000, r"nests arrays and objects too deeply"),
        ('{"game": "briscola", "options": {"x": ' + "[" * 3000 + "]" * 3000 + "}}", r"too deeply"),
    ],
)
def test_record_texts_with_hostile_json(text, message):
    with pytest.raises(trionfi.RecordError, match=message):
        trionfi.replay(text)


def _bad_files(tmp_path):
    record = json.dumps(_record()).replace("briscola", "brìscola")
    files = {
        "binary": bytes(range(256)),
        "latin-1": record.encode("latin-1"),
        "utf-16": record.encode("utf-16"),
        "deep": b"[" * 5000 + b"]" * 5000,
        "big number": b'{"seed": ' + b"7" * 5000 + b"}",
    }
    paths = {}
    for kind, data in files.items():
        paths[kind] = tmp_path / f"{kind}.json"
        paths[kind].write_bytes(data)
    return paths


FILE_MESSAGES = {
    "binary": r"is not UTF-8 text: it holds NUL bytes",
    "latin-1": r"is not UTF-8 text: byte \d+ \(0xec\) cannot be read \(text in another encoding, such as Latin-1",
    "utf-16": r"is UTF-16 \(or UTF-32\) text; save it as UTF-8",
    "deep": r"nests arrays and objects too deeply",
    "big number": r"holds a number too long to read",
}


@pytest.mark.parametrize("kind", FILE_MESSAGES)
def test_record_and_result_files_that_are_not_utf8_json(tmp_path, kind):
    from trionfi.records import load_file
    from trionfi.tournament import TournamentError, load_result

    path = _bad_files(tmp_path)[kind]
    before = path.read_bytes()
    with pytest.raises(trionfi.RecordError, match=FILE_MESSAGES[kind]):
        load_file(path)
    with pytest.raises(TournamentError, match=FILE_MESSAGES[kind]):
        load_result(path)
    assert path.read_bytes() == before


def test_a_utf8_record_with_a_byte_order_mark_reads(tmp_path):
    from trionfi.records import load_file

    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(_record()).encode())
    assert load_file(path).to_record() == _record()


@pytest.mark.parametrize(("field", "value"), [("deck", None), ("dealer", 0), ("deck", ["Ad"]), ("dealer", 1)])
def test_a_match_record_with_a_deck_or_dealer(field, value):
    record = trionfi.load("briscola").match(seed=2).to_record()
    record[field] = value
    if value is None:  # a null is no deck: nothing is dropped
        assert trionfi.replay(record).to_record()["seed"] == 2
        return
    with pytest.raises(trionfi.RecordError, match=rf"a match record has no '{field}' field: a match deals from"):
        trionfi.replay(record)


def test_a_deal_record_uses_its_deck_and_dealer():
    game = trionfi.load("briscola")
    deck = [str(c) for c in game.deck]
    record = game.deal(seed=3, deck=deck, dealer=0).to_record()
    state = trionfi.replay(record)
    assert state.dealer == 0 and state.stacked == deck


@pytest.mark.parametrize("seed", [2**64, 10**5000, -1, -(2**70)], ids=_id)
def test_a_seed_a_record_cannot_hold(seed):
    game = trionfi.load("briscola")
    for make in (game.deal, game.match, trionfi.load("trionfetti").match, trionfi.load("triomphe").match):
        with pytest.raises(trionfi.OptionError, match=r"a seed is a whole number from 0 to 2\*\*64 - 1"):
            make(seed=seed)
    record = _record()
    record["seed"] = seed
    with pytest.raises(trionfi.RecordError, match=r"record field 'seed': a seed is a whole number from 0"):
        trionfi.replay(record)


def test_the_largest_seed_round_trips_through_json():
    state = trionfi.load("briscola").deal(seed=2**64 - 1)
    assert trionfi.replay(json.dumps(state.to_record())).seed == 2**64 - 1


@pytest.mark.parametrize("seat", [True, False, 1.0, 0.0, "1", None.__class__])
@pytest.mark.parametrize("kind", ["deal", "match"])
def test_a_seat_is_an_int(seat, kind):
    for name in trionfi.games():
        game = trionfi.load(name)
        state = game.deal(seed=1) if kind == "deal" else game.match(seed=1)
        on_turn = state.current_player
        for candidate in (seat, float(on_turn), on_turn == 1):
            if candidate.__class__ is int:
                continue
            _refused(state, state.legal_actions()[0], match=r"seat must be a number from 0 to", seat=candidate)
            with pytest.raises(trionfi.IllegalAction, match=r"seat must be a number"):
                state.observation(candidate)
            with pytest.raises(trionfi.IllegalAction, match=r"seat must be a number"):
                state.hand(candidate)
        state.apply(state.legal_actions()[0], seat=on_turn)  # the int itself is fine


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("briscola", {"variant": "briscolone", "target": 31}),
        ("briscola-chiamata", {"deals": 2}),
        ("trijumf", {"target": 101}),
        ("triomphe", {"target": 2}),
        ("trionfetti", {"start_scores": "1-3", "target": 4, "games": 2}),
        ("troccas", {"deals_per_session": 4}),
    ],
)
def test_every_deal_of_a_match_replays_on_its_own(name, options):
    # A deal's record holds what the match passed to it (Trionfetti: the game score it started from).
    match = trionfi.load(name, **options).match(seed=6)
    rng = random.Random(6)
    while not match.is_terminal():
        record = match.state.to_record()
        assert trionfi.replay(json.loads(json.dumps(record))).to_record() == record
        match.apply(rng.choice(match.legal_actions()))


@pytest.mark.parametrize("name", ["briscola", "briscola-chiamata", "trijumf", "triomphe", "troccas"])
def test_a_mistyped_code_is_shown_codes_of_this_games_pack(name):
    game = trionfi.load(name)
    state = game.deal(seed=1)
    with pytest.raises(trionfi.IllegalAction) as info:
        state.apply("zz")
    examples = re.search(r"e\.g\. ([^)]*)\)", str(info.value)).group(1).split(", ")
    assert len(examples) == 2 and examples[0][-1] != examples[1][-1]  # two suits
    assert all(trionfi.card(code) in game.deck for code in examples), examples
