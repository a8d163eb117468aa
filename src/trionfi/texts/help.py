"""In-game help: what a player types in each game. Plain text, no markup, for the terminal's ``help``.

:func:`game_help` explains the game's card codes with cards of its own pack, the suit letters and names, the
rank order and the card points, and every word of the actions the game may offer with these options (a test
plays random deals and checks that each word of every action offered appears here).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..cards import Deck
from ..engine import Game
from ..ranking import BRISCOLA, RankTable

Entry = tuple[str, str]  # (what to type, what it does)

ITALIAN_RANK_WORDS = {"A": "ace", "J": "jack", "H": "horse", "K": "king", "Q": "queen"}
FRENCH_RANK_WORDS = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
PICTURE_PLACE = {"A": 0, "J": 11, "H": 12, "Q": 12, "K": 13}  # where the lettered ranks go in a list of ranks


def _suits(deck: Deck) -> list[str]:
    return list(dict.fromkeys(c.suit for c in deck if c.suit and c.suit != "T"))


def _rank_list(deck: Deck, words: dict[str, str]) -> str:
    """The ranks of ``deck`` as typed, the named ones with their names: 'A ace, 2 to 7, J jack, ...'."""
    ranks = list(dict.fromkeys(c.rank for c in deck if c.suit and c.suit != "T"))
    parts: list[str] = []
    numbers: list[str] = []

    def flush() -> None:
        if numbers:
            parts.append(numbers[0] if len(numbers) == 1 else f"{numbers[0]} to {numbers[-1]}")
            numbers.clear()

    for rank in sorted(ranks, key=lambda r: int(r) if r.isdigit() else PICTURE_PLACE[r]):
        if rank.isdigit():
            numbers.append(rank)
        else:
            flush()
            parts.append(f"{rank} {words[rank]}")
    flush()
    return ", ".join(parts)


def _examples(deck: Deck, words: dict[str, str], ranks: Sequence[str]) -> str:
    """'Kd is the king of coins, 7c the 7 of cups, ...': one example per rank asked for, the suits taken in turn,
    from this pack (a reduced research pack lacking a rank or a suit gives another card of it instead)."""
    suits = _suits(deck)
    codes = {str(c) for c in deck}
    found: list[str] = []
    used: set[str] = set()
    for i, wanted in enumerate(ranks):
        suit = suits[i % len(suits)]
        choices = [f"{r}{suit}" for r in (wanted, *ranks, *(c.rank for c in deck if c.suit == suit))]
        code = next((x for x in choices if x in codes and x not in used), None)
        if code is None:
            continue
        used.add(code)
        rank = code[: -len(suit)]
        found.append(f"{code} {'is ' if not found else ''}the {words.get(rank, rank)} of {deck.suit_name(suit)}")
    return ", ".join(found[:-1]) + f" and {found[-1]}" if len(found) > 1 else found[0]


def _order_and_points(table: RankTable, ranks: set[str], total: int) -> list[str]:
    counting = ", ".join(f"{r} {p}" for r, p in table.points.items() if r in ranks)  # a reduced pack: its own
    lines = [f"order in every suit, high to low: {' '.join(r for r in table.order if r in ranks)}"]
    if table.points:
        lines.append(f"card points: {counting}, the others nothing ({total} in the pack)")
    return lines


def _card_section(game: Game, table: RankTable | None, extra: Sequence[str] = ()) -> list[str]:
    deck = game.deck
    words = FRENCH_RANK_WORDS if deck.family == "french" else ITALIAN_RANK_WORDS
    suits = _suits(deck)
    picture = "Q" if deck.family == "french" else "H"
    lines = [
        "Cards are typed rank then suit, in any letter case: " + _examples(deck, words, ["K", "7", picture, "A"]) + ".",
        "  suits: " + ", ".join(f"{s} {deck.suit_name(s)}" for s in suits),
        "  ranks: " + _rank_list(deck, words),
    ]
    if table is not None:
        total = sum(table.points.get(c.rank, 0) for c in deck)
        ranks = {c.rank for c in deck}
        lines += [f"  {line}" for line in _order_and_points(table, ranks, total)]
    lines += [f"  {line}" for line in extra]
    return lines


def _actions(entries: Sequence[Entry]) -> list[str]:
    if not entries:
        return []
    width = min(26, max(len(what) for what, _ in entries))
    lines = ["", "The game's actions, typed as shown (those allowed now are listed at your turn):"]
    for what, does in entries:
        gap = " " * max(2, width - len(what) + 2)
        lines.append(f"  {what}{gap}{does}")
    return lines


# --- the games -------------------------------------------------------------------------------------------
def _briscola(game: Game) -> list[str]:
    g: object = game
    variant = getattr(g, "variant", "standard")
    table: RankTable = getattr(g, "rank_table", BRISCOLA)
    extra = ["no trumps in this variant" if variant == "briscolone" else "trumps: the suit of the turned-up card"]
    lines = _card_section(game, table, extra)
    entries: list[Entry] = []
    if variant == "a31":
        target = game.options["claim_target"]
        entries.append(("claim", f"stop the deal: you win if your tricks hold at least {target} points, else you lose"))
    talk = getattr(g, "communication", "none")
    if talk == "signals":
        high = " ".join(table.order[:5])
        entries.append((f"signal {high.split()[0]}", f"tell your partners you hold that trump ({high}), once each"))
    if talk == "conversation":
        who = "2 " if game.players > 4 else ""
        entries += [
            (f"ask {who}lisci", "does your partner hold a liscio, a plain card worth nothing?"),
            (f"ask {who}briscoline", "does he hold a low trump (2 4 5 6; the 7 is neither low nor dressed)?"),
            (f"ask {who}vestite", "does he hold a dressed trump, king, horse or jack?"),
            (f"ask {who}carichi", "does he hold a carico, the ace or three of a plain suit?"),
            (f"ask {who}head c", "can he take a trick in that suit (here c) without trumping?"),
            (f"order {who}liscio", "ask him to play a liscio"),
            (f"order {who}trump high", "ask him to play a high trump (trump low: a low one)"),
            (f"order {who}head", "ask him to take the trick without trumping"),
            (f"order {who}carico", "ask him to play a carico"),
        ]
    if variant == "schembil":
        entries += [
            ("view 2", "(rais, once the stock is gone) look once at that partner's hand"),
            ("done", "(rais) end your turn to speak"),
        ]
    lines += _actions(entries)
    if talk == "conversation" and game.players > 4:
        lines.append("With six players the partner's seat follows ask or order, as in: ask 2 vestite, order 4 carico.")
    return lines


def _chiamata(game: Game) -> list[str]:
    lines = _card_section(game, BRISCOLA, ["trumps: the suit of the called card"])
    entries: list[Entry] = [
        ("bid K", "bid a rank: each bid a lower rank than the last, in the order A 3 K H J 7 6 5 4 2"),
        ("bid 61 ... bid 120", "after a bid of 2: the 2, and your side will take at least that many points"),
        ("pass", "leave the auction for good"),
        ("call Kd", "(the auction's winner) call a card of the rank you bid: trumps, and your secret partner"),
    ]
    return lines + _actions(entries)


# What a card must be, where a game has duties: the help said how cards rank, but a new player learnt "you must
# follow suit" only from a refused card.
def _duties(game: Game, rule: str, revoke: str) -> str:
    penalty = "" if game.options["enforce_legal_moves"] else f" (any card is accepted, but a revoke {revoke})"
    return f"play: {rule}{penalty}"


def _trijumf(game: Game) -> list[str]:
    trumps = "trumps: the suit of the turned-up card"
    if game.players == 4:
        trumps += " (after a knock: none in the first trick, then the suit of the first pair declared)"
    rule = "follow suit if you can; if not, play a trump if you can; no duty to beat"
    lines = _card_section(
        game,
        BRISCOLA,
        [
            trumps,
            _duties(game, rule, "gives the other side the deal's 130"),
            "the last trick is worth 10 more (ultima)",
        ],
    )
    entries: list[Entry] = [
        ("cut", "(the cutter) cut the pack the usual way"),
        ("knock", "(the cutter) knock: the pack stays as it is"),
        ("flip", "(the cutter) turn the top card face up: its suit is trumps"),
        ("declare Kd+Hd", "at your turn in the first trick: show a king and horse of one suit (40 in trumps, else 20)"),
        ("claim", f"at your turn: say your side has reached {game.options['target']}; right, you win; wrong, you lose"),
    ]
    return lines + _actions(entries)


def _triomphe(game: Game) -> list[str]:
    strasbourg = getattr(game, "strasbourg", False)
    table: RankTable = game.rank_table  # type: ignore[attr-defined]
    extra = ["trumps: the suit of the turned-up card"]
    if strasbourg:
        extra.append("top trumps, above every trump: Ah Kd Qs Jc (they belong to no plain suit)")
        extra.append(_duties(game, "follow suit if you can; if not, any card", "loses the game"))
    else:
        rule = "follow suit if you can; if not, trump if you can, over a trump already played if you can"
        if not game.options["undertrump_when_cannot_overtrump"]:
            rule += " (unable to go over it: any card)"
        if game.options["must_head_trick"]:
            rule += "; and beat the trick whenever you can"
        extra.append(_duties(game, rule, "loses the game"))
        extra.append("no card points: tricks count")
    lines = _card_section(game, table, extra)
    entries: list[Entry] = []
    if game.options["rob_stock"]:
        who = "the dealer, after a turned-up ace" if strasbourg else "the holder of the ace of trumps"
        entries += [
            ("rob Kd", f"({who}) take the turned-up card; rob alone is enough"),
            ("pass", "do not rob, or stop robbing"),
            (
                "discard 3c",
                "give a card worth nothing (10 to 2) for the card taken; 3c alone is enough"
                if strasbourg
                else "lay a card away face down after robbing; 3c alone is enough",
            ),
        ]
    if game.options["allow_concession_offer"]:
        entries += [
            ("concede", "offer to concede the deal, before your side's first card"),
            ("accept", "accept the offer: your side scores 1 and the deal ends"),
            ("refuse", "refuse it: your side must now take all five tricks"),
        ]
    if not strasbourg and game.options["choose_next_dealer"]:
        entries.append(("next dealer 1", "(the dealer, in a game) name which opponent deals next; 1 alone is enough"))
    return lines + _actions(entries)


def _trionfetti(game: Game) -> list[str]:
    from ..games.trionfetti import SAYINGS, SIGNALS

    lines = _card_section(
        game,
        None,
        [
            "the comanda calls the ranks 1 to 10, F fante, C cavallo, R re: typed A to 10, J, H, K",
            "order without a comanda, low to high: A 2 3 4 5 6 7 8 9 10 J H K, suits do not matter",
            "no trumps, no suit to follow and no card points: tricks count",
        ],
    )
    entries: list[Entry] = [
        ("comanda manco e cavalli", "(the cutter) announce the order of the cards, from the lowest to the highest"),
        ("vagaresto", "at your turn, raise the stake of the hand; vaga is the same"),
        ("accept", "accept a vagaresto: the hand is worth 20 minus the leading team's score"),
        ("concede", "concede a vagaresto: the calling team scores 1"),
    ]
    if game.options["communication"] == "full":
        entries.append(("say ...", "speak to the table, in any words, true or not; offered: " + "; ".join(SAYINGS)))
        entries += [
            (f"signal {k}", f"a sign to your partner ({gesture}): {meaning}")
            for k, (gesture, meaning) in SIGNALS.items()
        ]
    lines += _actions(entries)
    lines += [
        "",
        "The words of a comanda (lowest first; what is named later beats what was named before):",
        "  più, piu: the plain order; manco, meno: reversed; tutto: all suits; e, ed: and",
        "  ponto: the numbers 1 to 10; figure: fante, cavallo, re; scartine: 8 9 10",
        "  pari: 2 4 6 8 10 and the cavallo; dispari: 1 3 5 7 9, the fante and the re",
        "  napoli: 1 2 3; primiera: 8 9 10 F C R 2 3 4 5 1 6 7; al otto, al tredici: from 1 up to that rank",
        "  ranks: asso, assi, due, tre, quattro, cinque, sei, sette, otto, nove, dieci, fante, fanti,",
        "    cavallo, cavalli, re, or the numbers 1 to 13",
        "  suits: di denari, di coppe, di spade (strette), di bastoni: only that suit",
        "  strette col palo, donne veneziane, meneghello: odd swords, the 4 and 6 of swords, the 2 of swords",
        "  nicknames: componogara, bomba",
    ]
    return lines


def _troccas(game: Game) -> list[str]:
    from ..games import troccas_talk as talk
    from ..games.troccas_scoring import LONG_ORDER, ROUND_ORDER

    deck = game.deck
    lines = [
        "Cards are typed rank then suit, in any letter case: Kd is the king of coins, Qc the queen of cups, "
        "Hs the cavalier of swords and 1b the 1 of batons.",
        "  suits: d coins, c cups (the round suits), s swords, b batons (the long suits)",
        "  ranks: K king, Q queen, H cavalier, J jack, 1 to 10",
        "  trumps: T1 to T21, T21 the highest; the Fool is typed Fool and is no trump",
        f"  cups and coins, high to low: {' '.join(ROUND_ORDER)}",
        f"  swords and batons, high to low: {' '.join(LONG_ORDER)}",
        "  values: 5 each king, T1, T21 and the Fool; 4 each queen, 3 each cavalier, 2 each jack, 1 the rest;",
        f"    counted in groups of four, each worth its sum minus 3 ({len(deck)} cards, 72 points)",
        "  "
        + _duties(
            game,
            "follow suit if you can; if not, play a trump if you can; no duty to beat; the Fool may be played to "
            "any trick, never wins it, and stays with its team",
            "gives the other team all 72 points",
        ),
    ]
    statements = [
        (s.action_text, s.meaning + "".join(f" (also: {other})" for other in s.other_names)) for s in talk.STATEMENTS
    ]
    entries: list[Entry] = [
        ("deal 6+6+7", "(the team behind) the normal packets; deal 9+10 or deal 19 when far enough behind"),
        *statements,
        ("pass", "say nothing at this pause"),
        ("propose redeal", "ask for a new deal: all four must want it"),
        ("agree", "agree to the new deal proposed"),
        ("refuse", "refuse it: the deal goes on"),
        ("redeal", "(the dealer, without a trump) demand a new deal"),
        ("discard 3c", "(the dealer) lay a card away, twice; never a king, T1, T21 or the Fool; 3c alone is enough"),
    ]
    if game.options["kj_double_play_mode"] == "others_add_card":
        entries.append(("Ks+Js", "play a king and its jack together in the suit's first trick"))
    entries += [
        ("demand Js", "(the winner of a suit's first trick with its king in it) claim the jack of that suit"),
        ("no demand", "do not claim the jack"),
    ]
    if game.options["allow_knock"]:
        entries.append(("knock", "tell your partner you hold the highest trump not yet played"))
    return lines + _actions(entries)


HELP: dict[str, Callable[[Game], list[str]]] = {
    "briscola": _briscola,
    "briscola-chiamata": _chiamata,
    "trijumf": _trijumf,
    "triomphe": _triomphe,
    "trionfetti": _trionfetti,
    "troccas": _troccas,
}


def game_help(game: Game) -> str:
    """What to type in ``game`` (with its options), as plain text: card codes, order and points, actions."""
    make = HELP.get(game.name)
    if make is None:
        raise ValueError(f"no help written for the game {game.name!r}")
    return "\n".join([f"{game.title}: cards and actions", "", *make(game)]) + "\n"
