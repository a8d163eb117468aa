"""Sampling a full Troccas state from one seat's observation (``Troccas.sample_state``), for search bots.

The sampled state is a fresh deal whose fields are overwritten from the observation: the seat's own hand, the
packets dealt so far and the talk (statements, proposals, answers, redeals), the face-up cards, the trick on
the table and the completed tricks, the won piles and the Fool's debt (replayed from the tricks), the jack
demands and knocks. Only the places the seat cannot see get cards, drawn at random from the cards it has not
seen: the other hands (their sizes are public), the dealer's two discarded cards (unless the seat is the
dealer) and, while the cards are being dealt, the rest of the pack. Every fact the observation states is
respected:

* a face-up card still in a hand is in that hand (``known_cards``);
* the discard never holds a king, T1, T21 or the Fool;
* voids shown by play: a player who neither followed the suit led nor played the Fool held none of that suit,
  and one who did not trump either held no trump (the Fool may always be played and shows nothing; a trick
  led by the Fool takes its suit from the next card). Cards only leave a hand during play, except the card a
  jack's holder takes back, which he held before, so a void shown earlier still holds;
* the king-jack demands: a jack said to lie in the discard is there; a jack whose holder was named and which
  has not been played since is in his hand; the card a holder took back is in his hand until he plays it;
* a knock: the knocker held the highest trump not yet played at that moment, so while it stays unplayed it is
  in his hand;
* with ``truthful_tschintschar``, the statements about a whole hand (after the full deal) and those made at
  the current pause are true of the sampled hands (by rejection, up to a bound; statements about earlier
  packets are not checked: which of his cards a player held then is not known).

The history of the sampled state is left empty: it is a position to play on, not a record.
"""

from __future__ import annotations

import math
import random
import re
from typing import Any

from ..cards import TAROT_78, Card, card
from ..engine import END, PLAY, Trick
from . import troccas_talk as talk
from .hidden_deal import Inconsistent, deal_hidden, public_tricks
from .troccas import DISCARD, KEEP, ORDER, PATTERN, PATTERNS, POLL, ROTATIONS, TALK, Troccas, TroccasState, side_name
from .troccas_scoring import FOOL_CARD, TRUMP, TRUMPS, led_suit

PLAYERS = 4
PHASES = {p: p for p in (PLAY, END, TALK, POLL, DISCARD, PATTERN)}
MAX_TRIES = 200  # truthful statements: rejection tries
READ_TRIES = 200  # a reader's trump counts: draws of the trumps' places
STATEMENT_BY_NAME = {s.name: s for s in talk.STATEMENTS}
NOTE = re.compile(r"trick (\d+): seat (\d+) demanded (\S+): (.*)")
KNOCK = re.compile(r"trick (\d+): seat (\d+)")
DOUBLE = re.compile(r"seat (\d+) played king and jack together")


def _game_for(game: Troccas, obs: dict[str, Any]) -> Troccas:
    """The game with the observation's options (in a session each deal carries the running balance)."""
    wanted = obs["options"]
    if dict(game._given) == wanted:
        return game
    same = {k: v for k, v in game._given.items() if k != "session_balance"}
    if same == {k: v for k, v in wanted.items() if k != "session_balance"}:
        return game.for_balance(wanted.get("session_balance", 0))  # cached per balance
    return type(game)(**wanted)


def sample_state(
    game: Troccas,
    observation: dict[str, Any],
    rng: random.Random,
    excluded: dict[int, set[Card]] | None = None,
    trumps: dict[int, frozenset[int]] | None = None,
) -> TroccasState:
    """A playable state ``observation`` could come from, the unseen cards dealt at random (module docstring).

    A search bot's reading of the others, beyond the rules: ``excluded``, seat -> cards it cannot hold
    (respected while some deal fits them, else left out); ``trumps``, seat -> how many trumps it may have held
    after the full deal (its hand now, the cards it played since and, for the dealer, the discard): the unseen
    trumps are placed first to fit (:func:`_place_trumps`; left out if no placement is found)."""
    obs = observation
    game = _game_for(game, obs)
    seat = obs["seat"]
    dealer = obs["dealer"]
    table = obs.get("table") or {}
    state: TroccasState = game.deal(seed=0, dealer=dealer)  # type: ignore[assignment]

    tricks = public_tricks(obs)
    current = [(s, card(c)) for s, c in obs["trick"]]
    played: set[Card] = {c for t in tricks for c in t.cards} | {c for _, c in current}
    own = [card(c) for c in obs["hand"]]
    sizes = list(obs["hand_sizes"])
    over = obs["current_player"] is None
    own_discard = [card(c) for c in obs["discard"]] if obs["discard"] is not None else None
    discarded = obs["discarded"]

    # Known places: seat -> cards known to be in that hand; cards known to be in the discard.
    known: dict[int, list[Card]] = {s: [] for s in range(PLAYERS) if s != seat}
    in_discard: list[Card] = []
    for s, codes in (obs.get("known_cards") or {}).items():
        known[int(s)].extend(card(c) for c in codes)
    notes = list(table.get("jack demands") or [])
    for held_by, c in _demand_facts(notes):
        if c in played or c in own:
            continue
        if held_by is None:
            if own_discard is None:
                in_discard.append(c)
        elif held_by != seat and c not in known[held_by]:
            known[held_by].append(c)
    knocks = list(table.get("knocks") or [])
    knocked, knock_facts = _knocks(obs, tricks, current, knocks)
    for s, c in knock_facts:
        if s != seat and c not in played and c not in known[s]:
            known[s].append(c)

    seen = set(own) | played | set(own_discard or ()) | set(in_discard)
    for cs in known.values():
        seen.update(cs)
    unseen = [c for c in TAROT_78 if c not in seen]

    places: list[tuple[str, int]] = []
    place_sizes: list[int] = []
    for s in range(PLAYERS):
        if s != seat:
            places.append(("hand", s))
            place_sizes.append(sizes[s] - len(known[s]))
    if own_discard is None and discarded:
        places.append(("discard", dealer))
        place_sizes.append(discarded - len(in_discard))
    dealing = obs["phase"] in (TALK, POLL, PATTERN)
    pack_size = len(TAROT_78) - sum(sizes) if dealing else 0  # the undealt rest of the pack
    if pack_size:
        places.append(("pack", 0))
        place_sizes.append(pack_size)
    index = {p: i for i, p in enumerate(places)}
    full = (1 << len(places)) - 1
    allowed: dict[Card, int] = {}
    if ("discard", dealer) in index:
        no_discard = full & ~(1 << index[("discard", dealer)])
        for c in unseen:
            if c in KEEP:
                allowed[c] = no_discard
    in_unseen = set(unseen)
    for s, bad in _voids(obs, tricks, current).items():
        if ("hand", s) in index:
            bit = 1 << index[("hand", s)]
            for c in bad:
                if c in in_unseen:
                    allowed[c] = allowed.get(c, full) & ~bit

    masks = allowed
    if excluded:
        masks = dict(allowed)
        for s, bad in excluded.items():
            if ("hand", s) in index:
                bit = 1 << index[("hand", s)]
                for c in bad:
                    if c in in_unseen:
                        masks[c] = masks.get(c, full) & ~bit
    checks = _statement_checks(game, obs, tricks, current, seat) if game.truthful else []
    if trumps:
        fixed = {
            who: played + sum(1 for c in known[who] if c.suit == TRUMP)
            for who, played in _trumps_played(tricks, current).items()
            if who in trumps and who != seat
        }
        pinned = _place_trumps(unseen, places, place_sizes, masks, trumps, fixed, dealer, rng)
        if pinned is not None:
            masks = pinned
    for attempt in range(MAX_TRIES if checks else 1):
        try:
            dealt = deal_hidden(unseen, place_sizes, masks, rng)
        except Inconsistent:
            if masks is allowed:
                raise
            masks = allowed  # the reading contradicts what the rules show: deal without it
            dealt = deal_hidden(unseen, place_sizes, masks, rng)
        hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
        hands[seat] = own[:]
        discard = list(own_discard) if own_discard is not None else list(in_discard)
        pack: list[Card] = []
        for (kind, s), cs in zip(places, dealt, strict=True):
            if kind == "hand":
                hands[s] = cs + known[s]
            elif kind == "discard":
                discard += cs
            else:
                pack = cs
        # A statement speaks of the cards held then: the hand now, those played since and, for the dealer, his
        # discard (the talk comes before it).
        if (
            all(_true(st, hands[who] + plays + (discard if who == dealer else [])) for who, st, plays in checks)
            or attempt == MAX_TRIES - 1
        ):
            break
    for h in hands:
        h.sort(key=ORDER.__getitem__)
    state.hands = hands
    state.discard = discard
    state.pack = pack
    _set_deal(state, obs, table)
    _set_play(state, game, obs, tricks, current, table)
    state.notes = notes
    state.knocks = knocks
    state.knocked = knocked
    state.revoke = obs["revoke"]
    if over:
        state.queue = ()
    state.history = []
    state._legal_cache = None
    return state


# --- the public course of the deal ----------------------------------------------------------------------
def _set_deal(state: TroccasState, obs: dict[str, Any], table: dict[str, Any]) -> None:
    state.phase = PHASES[obs["phase"]]  # the state compares phases by identity
    state.current_player = obs["current_player"]
    state.pattern = obs["pattern"]
    state.messages = [dict(m) for m in obs["messages"]]
    state.face_up = {int(s): card(c) for s, c in obs["face_up"].items()}
    state.redeals = [text.split(". ", 1)[1] for text in table.get("redeals") or []]
    said: list[tuple[str, str]] = []
    for line in table.get("tschintschar") or []:
        when, _, texts = line.partition(": ")
        said.extend((when, t) for t in texts.split(" · "))
    state.said = said
    if state.pattern is None:  # the team behind has not chosen the packets yet
        state.round_no = 0
        return
    rounds = PATTERNS[state.pattern]
    if state.phase in (TALK, POLL):
        other = (state.dealer + 1) % PLAYERS
        have = obs["hand_sizes"][other]
        total = 0
        for i, (k, _) in enumerate(rounds):
            total += k
            if total == have:
                state.round_no = i + 1
                break
        stage = state._stage()
        state.proposers = [int(t.split()[1]) for when, t in said if when == stage and t.endswith("proposes a new deal")]
        talk_queue = ROTATIONS[(state.dealer + 1) % PLAYERS]
        if state.phase == TALK:
            state.queue = talk_queue
        else:
            state.queue = tuple(s for s in talk_queue if s not in state.proposers)
        state.qpos = state.queue.index(state.current_player)
    else:
        state.round_no = len(rounds)
        state.queue = ROTATIONS[(state.dealer + 1) % PLAYERS]
        state.qpos = PLAYERS - 1 if state.phase == DISCARD else 0


def _set_play(
    state: TroccasState,
    game: Troccas,
    obs: dict[str, Any],
    tricks: list[Trick],
    current: list[tuple[int, Card]],
    table: dict[str, Any],
) -> None:
    side_of = game.side_of
    leader = obs["leader"]
    state.leader = leader
    state.tricks = tricks
    state.trick = [c for _, c in current]
    state.trick_seats = [s for s, _ in current]
    # The piles and the Fool's debt, replayed trick by trick as the state collects them.
    state.piles = [[], []]
    state.tricks_won = [0, 0]
    state.debtor = None
    state.fool_notes = []
    for n, t in enumerate(tricks, start=1):
        side = side_of[t.winner]
        cards = list(t.cards)
        fool_side = side_of[t.seats[cards.index(FOOL_CARD)]] if FOOL_CARD in cards else side
        if fool_side != side:
            state.piles[side].extend(c for c in cards if c is not FOOL_CARD)
            state.piles[fool_side].append(FOOL_CARD)
            state.debtor = fool_side
            state.fool_notes.append(f"trick {n}: the Fool goes back to {side_name(fool_side)}")
        else:
            state.piles[side].extend(cards)
        state.tricks_won[side] += 1
        if state.debtor is not None:
            state._pay_for_fool(n)
    opened: set[str] = set()
    gone: set[Card] = set()
    for t in tricks:
        gone.update(t.cards)
        led = led_suit(t.cards)
        if led is not None and led != TRUMP:
            opened.add(led)
    cards = state.trick
    gone.update(cards)
    led = led_suit(cards)
    state.led = led
    state.opening = led is not None and led != TRUMP and led not in opened
    if led is not None and led != TRUMP:
        opened.add(led)
    state.opened = opened
    state.gone = gone
    top = 21
    while top and TRUMPS[top - 1] in gone:
        top -= 1
    state.top = top
    demand = obs["demand"]
    state.demand = card(demand).suit if demand is not None else None
    double_by = None
    m = DOUBLE.match(table.get("king and jack") or "")
    if m and demand is None:
        double_by = int(m.group(1))
    state.double_by = double_by
    if obs["phase"] == PLAY:
        first_round = ROTATIONS[leader]
        if double_by is None:
            state.queue, state.qpos = first_round, len(cards)
        else:
            state.queue = first_round + tuple(s for s in first_round if s != double_by)
            state.qpos = len(cards) - 1
        if demand is not None:
            state.qpos = len(state.queue)


# --- facts the observation states ------------------------------------------------------------------------
def _demand_facts(notes: list[str]) -> list[tuple[int | None, Card]]:
    """(holder or None for the discard, card) for every card a jack demand placed."""
    facts: list[tuple[int | None, Card]] = []
    for note in notes:
        m = NOTE.match(note)
        if not m:
            continue
        winner, jack, outcome = int(m.group(2)), card(m.group(3)), m.group(4)
        if outcome.endswith("lies in the discard"):
            facts.append((None, jack))
        elif outcome.endswith("holds it himself"):
            facts.append((winner, jack))
        elif "holds it but played" in outcome:
            facts.append((int(outcome.split("seat ")[1].split()[0]), jack))
        elif "takes back" in outcome:
            words = outcome.split()
            facts.append((int(words[1]), card(words[4])))  # "seat H takes back G and gives J"
    return facts


def _knocks(
    obs: dict[str, Any], tricks: list[Trick], current: list[tuple[int, Card]], knocks: list[str]
) -> tuple[list[int], list[tuple[int, Card]]]:
    """The value of ``top`` at each seat's last knock, and (knocker, trump he held) for every knock."""
    knocked = [0] * PLAYERS
    facts: list[tuple[int, Card]] = []
    used: dict[tuple[int, int], int] = {}
    for text in knocks:
        m = KNOCK.match(text)
        if not m:
            continue
        n, s = int(m.group(1)), int(m.group(2))
        if n <= len(tricks):
            seq = list(zip(tricks[n - 1].seats, tricks[n - 1].cards, strict=True))
            at = [j for j, (x, _) in enumerate(seq) if x == s]
        else:
            seq = current
            at = [j for j, (x, _) in enumerate(seq) if x == s]
            if obs["current_player"] == s and obs["demand"] is None:
                at.append(len(seq))
        if not at:
            continue
        k = used.get((n, s), 0)
        used[(n, s)] = k + 1
        j = at[min(k, len(at) - 1)]
        gone = {c for t in tricks[: n - 1] for c in t.cards} | {c for _, c in seq[:j]}
        top = 21
        while top and TRUMPS[top - 1] in gone:
            top -= 1
        knocked[s] = top
        if top:
            facts.append((s, TRUMPS[top - 1]))
    return knocked, facts


def _voids(obs: dict[str, Any], tricks: list[Trick], current: list[tuple[int, Card]]) -> dict[int, set[Card]]:
    """Seat -> the cards play has shown it cannot hold: the suit led it did not follow (without the Fool),
    and the trumps too when it did not trump either."""
    by_suit: dict[str, list[Card]] = {}
    for c in TAROT_78:
        if c is not FOOL_CARD:
            by_suit.setdefault(c.suit, []).append(c)
    revoke = obs["revoke"]
    out: dict[int, set[Card]] = {}
    seqs = [list(zip(t.seats, t.cards, strict=True)) for t in tricks]
    seqs.append(current)
    for seq in seqs:
        for i in range(1, len(seq)):
            s, c = seq[i]
            if c is FOOL_CARD or s == revoke:
                continue
            led = led_suit([x for _, x in seq[:i]])
            if led is None or c.suit == led:
                continue
            bad = out.setdefault(s, set())
            bad.update(by_suit[led])
            if c.suit != TRUMP:
                bad.update(by_suit[TRUMP])
    return out


def _trumps_played(tricks: list[Trick], current: list[tuple[int, Card]]) -> dict[int, int]:
    played = dict.fromkeys(range(PLAYERS), 0)
    for t in tricks:
        for s, c in zip(t.seats, t.cards, strict=True):
            played[s] += c.suit == TRUMP
    for s, c in current:
        played[s] += c.suit == TRUMP
    return played


def _place_trumps(
    unseen: list[Card],
    places: list[tuple[str, int]],
    sizes: list[int],
    masks: dict[Card, int],
    trumps: dict[int, frozenset[int]],
    fixed: dict[int, int],
    dealer: int,
    rng: random.Random,
) -> dict[Card, int] | None:
    """``masks`` with every unseen trump pinned to one place so that each seat of ``trumps`` held one of its
    allowed numbers of trumps after the full deal (``fixed[seat]`` of them already seen: played or shown), or
    None when no placement is found in ``READ_TRIES`` draws. A draw first counts the trumps of each read seat
    (hypergeometric, as a uniform deal gives them, kept to the counts allowed), then places the trumps one by one
    where they may go (blind to the other cards' constraints: the deal then checks those, and drops the pins
    if they leave it impossible)."""
    cards = [c for c in unseen if c.suit == TRUMP]
    k = len(places)
    full = (1 << k) - 1
    options = {c: [i for i in range(k) if masks.get(c, full) >> i & 1] for c in cards}
    # A place no trump may go to (a seat void in trumps) has no room for them.
    takes = [any(i in o for o in options.values()) for i in range(k)]
    if sum(sizes[i] for i in range(k) if takes[i]) < len(cards):
        return None
    hand_at = {s: i for i, (kind, s) in enumerate(places) if kind == "hand"}
    discard_at = next((i for i, (kind, _) in enumerate(places) if kind == "discard"), None)
    # Groups of places whose trumps are counted together: a read seat's hand (with the discard, the dealer's),
    # then the places nobody reads, which take the rest.
    groups: list[tuple[list[int], frozenset[int] | None, int]] = []
    used: set[int] = set()
    for who, counts in trumps.items():
        if who not in fixed or who not in hand_at:
            continue
        members = [hand_at[who]] + ([discard_at] if who == dealer and discard_at is not None else [])
        groups.append((members, counts, fixed[who]))
        used.update(members)
    rest = [i for i in range(k) if i not in used]
    if rest:
        groups.append((rest, None, 0))
    room = [sizes[i] if takes[i] else 0 for i in range(k)]
    order = sorted(cards, key=lambda c: len(options[c]))  # the most constrained trumps placed first
    for _ in range(READ_TRIES):
        # How many trumps each group gets: hypergeometric draws (as a uniform deal would give them), each kept
        # to the counts its seat's talk allows; the last group takes what is left.
        got = [0] * k
        todo, total = len(cards), sum(room)
        fits = True
        for n, (members, counts, seen) in enumerate(groups):
            here = sum(room[i] for i in members)
            if n == len(groups) - 1:
                x = todo
                if x > here or (counts is not None and seen + x not in counts):
                    fits = False
                    break
            else:
                xs = [x for x in range(min(here, todo) + 1) if counts is None or seen + x in counts]
                weights = [math.comb(here, x) * math.comb(total - here, todo - x) for x in xs]
                if not xs or not any(weights):
                    fits = False
                    break
                x = rng.choices(xs, weights=weights)[0]
            for place in rng.sample([m for m in members for _ in range(room[m])], x):
                got[place] += 1
            todo -= x
            total -= here
        if not fits:
            continue
        # Which trumps: each where it may go and a place still wants one (the most constrained first).
        left = got[:]
        pinned = dict(masks)
        for c in order:
            free = [i for i in options[c] if left[i] > 0]
            if not free:
                break
            i = rng.choice(free)
            left[i] -= 1
            pinned[c] = 1 << i
        else:
            return pinned
    return None


def _statement_checks(
    game: Troccas, obs: dict[str, Any], tricks: list[Trick], current: list[tuple[int, Card]], seat: int
) -> list[tuple[int, talk.Statement, list[Card]]]:
    """(speaker, statement, the cards he has played since) for the truthful statements the sample can check:
    those about the whole hand, and those of the pause in progress."""
    table = obs.get("table") or {}
    stage_now = _current_stage(obs)
    plays: dict[int, list[Card]] = {s: [] for s in range(PLAYERS)}
    for t in tricks:
        for s, c in zip(t.seats, t.cards, strict=True):
            plays[s].append(c)
    for s, c in current:
        plays[s].append(c)
    checks = []
    for line in table.get("tschintschar") or []:
        when, _, texts = line.partition(": ")
        if when != "after the deal" and when != stage_now:
            continue
        for text in texts.split(" · "):
            words = text.split(" ", 2)
            if len(words) < 3 or words[0] != "seat":
                continue
            who, name = int(words[1]), words[2]
            st = STATEMENT_BY_NAME.get(name)
            if st is None or who == seat:
                continue
            checks.append((who, st, plays[who]))
    return checks


def _current_stage(obs: dict[str, Any]) -> str | None:
    """The pause in progress ("after 6 cards", "after the deal"), as the state names it; None outside the talk."""
    pattern = obs["pattern"]
    if obs["phase"] not in (TALK, POLL) or pattern is None:
        return None
    rounds = PATTERNS[pattern]
    have = obs["hand_sizes"][(obs["dealer"] + 1) % PLAYERS]
    total = 0
    for i, (k, _) in enumerate(rounds):
        total += k
        if total == have:
            return "after the deal" if i == len(rounds) - 1 else f"after {total} cards"
    return None


def _true(st: talk.Statement, held: list[Card]) -> bool:
    return st.true_of(talk.shape(held))
