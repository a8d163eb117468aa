// Drawing the table from what the server sent: the seats around an oval (the viewer at the bottom), the trick
// in the middle with who played what, the stock and the trump the way the game shows them, the scores, the
// table's facts, the talk and the narrative of events, and the summary at the end of a deal.
// Everything is drawn from the observation and the events: no rule of any game is decided here.

import { cardBackSVG, cardName, cardSVG, indexText, parseCard, suitColour, suitSign } from "./cards.js";
import { el, replaceIfChanged } from "./dom.js";
import { actionLabel, bidText, plainLabel } from "./actions.js";
import { capitalized, enginePhrase, engineText, has, language, t } from "./i18n.js";
import { formatNumber, scoreChart, scoreSheet, signed } from "./scoresheet.js";

// Seats are numbered in the game's direction of play; Trijumf plays clockwise, the others counter-clockwise.
const CLOCKWISE = new Set(["trijumf"]);

function angleOf(seat, ctx) {
  const k = (seat - ctx.bottom + ctx.n) % ctx.n;
  const step = (2 * Math.PI * k) / ctx.n;
  // Counter-clockwise play: the next seat is on the viewer's right; clockwise: on the left.
  return Math.PI / 2 + (ctx.clockwise ? step : -step);
}

const pct = (v) => `${v.toFixed(2)}%`;

// ---- names ------------------------------------------------------------------------------------------------------
export function seatName(seat, ctx) {
  if (seat === null || seat === undefined) return "";
  if (seat === ctx.me) return t("seat.you");
  const info = ctx.seats?.[seat];
  if (info?.name) return info.name;
  if (info?.kind === "bot") return t("seat.bot", { n: seat });  // short: the badge says its level
  return t("seat.n", { n: seat });
}

/** The viewer's seat and the seats' names, as actionLabel wants them ("Bot 3 deals next", "You deal next"). */
export const viewer = (ctx) => ({ me: ctx.me, name: (seat) => seatName(seat, ctx) });

/** The side whose seats "0+2" lists, or -1. */
function sideListed(list, ctx) {
  const seats = list.split("+").map(Number).sort().join();
  return (ctx.obs?.sides || []).findIndex((s) => [...s].sort().join() === seats);
}

// Italian verbs after "i posti 0+2" as they go after "la tua squadra".
const SQUADRA_VERBS = { fanno: "fa", vincono: "vince", danno: "dà", devono: "deve" };

/** The Italian sentence's "posti 0+2" as the scores name the side: "la tua squadra", "Bot 1 & Bot 3", with the
 * article, the preposition and the verb that go with it ("mano 2 alla tua squadra", "la tua squadra fa 1"). */
function italianSides(text, ctx) {
  return text.replace(/(\b[Aa]i |\b[Ii] )?\bposti (\d+(?:\+\d+)+)\b( (fanno|vincono|danno|devono)\b)?/g,
    (whole, before, list, after, verb, at) => {
      const side = sideListed(list, ctx);
      if (side < 0) return whole;
      const ours = ctx.me !== null && ctx.me !== undefined && (ctx.obs.sides[side] || []).includes(ctx.me);
      const name = ours ? "la tua squadra" : sideName(side, ctx);
      const to = before?.toLowerCase() === "ai "; // "ai posti": "alla tua squadra", "a Bot 1 & Bot 3"
      let said = to ? (ours ? "alla tua squadra" : `a ${name}`) : name;
      if (verb) said += ` ${ours ? SQUADRA_VERBS[verb] : verb}`;
      return at === 0 ? said[0].toUpperCase() + said.slice(1) : said;
    });
}

// The Italian verbs after "il posto N", as they go when N is the reader ("il posto 0 riprende 3c e dà 1c" ->
// "riprendi 3c e dai 1c"): the subject goes, as Italian drops it.
const TU_VERBS = {
  ha: "hai", "è": "sei", "può": "puoi", deve: "devi", sta: "stai", riprende: "riprendi", "dà": "dai",
  ridistribuisce: "ridistribuisci", propone: "proponi",
};

/** The Italian sentence's "il posto 2" as the badges name the seat ("Bot 2", "Luca"; the reader's own seat in
 * the second person: "hai chiesto", "a te"), with the preposition that goes with it ("dal posto 3" -> "da Bot
 * 3"): the badges show no seat numbers, and "il posto 1 ha chiesto Jc" left a player to guess who that was. */
function italianSeats(text, ctx) {
  const you = (n) => ctx.me !== null && ctx.me !== undefined && Number(n) === ctx.me;
  const name = (n) => seatName(Number(n), ctx);
  const start = (said, at, all) => (at === 0 || /\.\s*$/.test(all.slice(0, at)) ? capitalized(said) : said);
  let second = false; // the reader is the subject somewhere: its clause's next verb goes too ("e dai 1c")
  const said = text
    // "la mano del posto 0", "alla squadra del posto 0": the reader's own (every such noun of theirs is feminine).
    .replace(/\b([Ll]a|[Nn]ella|[Aa]lla|[Dd]ella|[Dd]alla) (mano|squadra|versione) del posto (\d+)\b(?!\+)/g,
      (whole, the, noun, n) => (you(n) ? `${the} tua ${noun}` : whole))
    // "→ dà le carte il posto 0": the subject after its verb.
    .replace(/\bdà le carte il posto (\d+)\b(?!\+)/g, (whole, n) => (you(n) ? "dai le carte tu" : `dà le carte ${name(n)}`))
    .replace(/(\b[Dd]al |\b[Aa]l |\b[Dd]el |\b[Ii]l )?\bposto (\d+)\b(?!\+)( (non )?(ce l'ha\b|\S+))?/g,
      (whole, before, n, after, not, verb, at, all) => {
        const lead = (before || "").trim().toLowerCase();
        const rest = after || "";
        const to = { dal: "da ", al: "a ", del: "di " }[lead];
        if (!you(n)) return start((to || "") + name(n), at, all) + rest;
        if (to) return `${to}te${rest}`;
        const tu = verb === "ce l'ha" ? "ce l'hai" : TU_VERBS[verb];
        if (tu) {
          second = true;
          return start(`${not || ""}${tu}`, at, all);
        }
        // Not a subject: "ha scelto il posto 0" -> "ha scelto te"; a bare "posto 0" (a list, a dealer) -> "tu".
        return (lead === "il" && at > 0 ? "te" : start("tu", at, all)) + rest;
      });
  if (!second) return said;
  return said.replace(/\b(hai|sei|puoi|devi|stai|riprendi|dai|ridistribuisci|proponi|ce l'hai)\b([^;:.]*?) (e|ma) (ha|è|sta|dà)(?![\wàèéìòù])/gi,
    (whole, verb, between, and, next) => `${verb}${between} ${and} ${TU_VERBS[next.toLowerCase()]}`);
}

/** An engine sentence in the interface's language; its "seat 2" says the seat's name as the badges do ("cut by
 * Ann", "cut by you"; Italian "tagliata da Ann"), and a side's seats the side as the scores name it. */
export function engineSays(text, ctx) {
  if (typeof text !== "string") return enginePhrase(text);
  if (language() === "it") return italianSeats(italianSides(enginePhrase(text), ctx), ctx);
  if (language() !== "en") return enginePhrase(text);
  // "seats 1+3": the side, as the scores name it; "your team" takes a singular verb ("Your team wins the game").
  return text.replace(/\bseats (\d+(?:\+\d+)+)\b( (\w+)\b)?/g, (whole, list, after, verb, at) => {
    const side = sideListed(list, ctx);
    if (side < 0) return whole;
    const name = sideName(side, ctx);
    const ours = name === t("side.yourTeam");
    const said = at > 0 && ours ? name.toLowerCase() : name;
    return said + (after ? ` ${ours && TEAM_VERBS[verb] ? TEAM_VERBS[verb] : verb}` : "");
  }).replace(/\bseat (\d+)('s)?\b/g, (whole, n, owner, at, all) => {
    // "seat 0's turn" is "your turn"; "not seat 0's" ends the phrase: "not yours".
    if (Number(n) === ctx.me) return owner ? (/^ \w/.test(all.slice(at + whole.length)) ? "your" : "yours") : "you";
    return `${seatName(Number(n), ctx) || `seat ${n}`}${owner || ""}`;
  }).replace(/\b(you) (\w+)\b/gi, (whole, you, verb) => (YOU_VERBS[verb] ? `${you} ${YOU_VERBS[verb]}` : whole))
    // the same "you"'s second verb: "you take back 10d and gives Jd" -> "... and give Jd"
    .replace(/\b(you \w+\b[^.;:!?]*? and) (\w+)\b/gi, (whole, head, verb) => (YOU_VERBS[verb] ? `${head} ${YOU_VERBS[verb]}` : whole));
}

// The verbs the engine puts after "seats 1+3", as they go after "your team" (view.py keeps the same list).
const TEAM_VERBS = { win: "wins", score: "scores", lose: "loses", give: "gives", owe: "owes", take: "takes" };

// The verbs the engine's sentences put after "seat N" ("seat 3 deals again"), as they go after "you" (as
// trionfi.view.YOU_VERBS has them for the terminal).
const YOU_VERBS = {
  is: "are", has: "have", was: "were", deals: "deal", proposes: "propose", takes: "take",
  gives: "give", holds: "hold", owes: "owe", wins: "win", leads: "lead", plays: "play",
};

/** A side's name from the viewer's place: you / your team / the other's names. */
export function sideName(index, ctx) {
  const seats = ctx.obs.sides?.[index] || [index];
  if (ctx.me !== null && seats.includes(ctx.me)) return seats.length > 1 ? t("side.yourTeam") : t("seat.you");
  return seats.map((s) => seatName(s, ctx)).join(" & ");
}

function sideOf(seat, ctx) {
  const sides = ctx.obs.sides || [];
  const i = sides.findIndex((side) => side.includes(seat));
  return i < 0 ? seat : i;
}

const teamed = (ctx) => (ctx.obs.sides || []).some((side) => side.length > 1);

// ---- the felt ---------------------------------------------------------------------------------------------------
export function faceCard(code, ctx, extra = "") {
  return el("div", { className: `card-img ${extra}`, "data-card": code, role: "img", "aria-label": cardName(code, ctx.family),
    html: cardSVG(code, ctx.family, { label: false }) });
}

function backCard(extra = "") {
  return el("div", { className: `card-img back ${extra}`, "aria-hidden": "true", html: cardBackSVG() });
}

let botLevelsShown = false;

function toggleBotLevels(event) {
  event.preventDefault();
  event.stopPropagation();
  botLevelsShown = !botLevelsShown;
  for (const tag of document.querySelectorAll(".tag.bot-level")) tag.classList.toggle("open", botLevelsShown);
}

function seatBadge(seat, ctx) {
  const obs = ctx.obs;
  const info = ctx.seats?.[seat] || {};
  const turn = obs.current_player === seat;
  const side = sideOf(seat, ctx);
  const tricks = (obs.tricks || []).filter((tr) => tr.winner === seat).length;
  const facts = [];
  if (obs.dealer === seat) facts.push(el("span", { className: "tag dealer", title: t("seat.dealer") }, t("seat.dealerShort")));
  if (teamed(ctx)) facts.push(el("span", { className: `tag team team-${side % 2}` }, t("side.team", { name: String.fromCharCode(65 + side) })));
  const bot = info.kind === "bot" || info.played_by === "bot";
  if (bot) {
    const level = info.kind === "bot" && info.bot && has(`level.${info.bot}`) ? t(`level.${info.bot}`) : null;
    // Wide tables say the level ("hard bot"); on a phone the longer tag would make the badges taller than the
    // table allows, so the tag says "bot" and a tap on it shows every bot's level (a phone cannot hover).
    const full = level ? t("seat.botLevelTag", { level }) : null;
    facts.push(full
      ? el("span", { className: `tag bot-level${botLevelsShown ? " open" : ""}`, title: full, "aria-label": full, role: "button",
        tabIndex: 0, onclick: toggleBotLevels, onkeydown: (e) => (e.key === "Enter" || e.key === " ") && toggleBotLevels(e) },
      el("span", { className: "short", "aria-hidden": "true" }, t("seat.botTag")), el("span", { className: "long", "aria-hidden": "true" }, full))
      : el("span", { className: "tag" }, t("seat.botTag")));
  }
  if (bot && turn && ctx.status === "playing") facts.push(el("span", { className: "tag thinking" }, t("seat.thinking")));
  // "away" is someone who sat here and went; a seat nobody has taken yet, a bot playing it, is just the bot's.
  if (info.away && info.name !== null) facts.push(el("span", { className: "tag away" }, t("seat.away")));
  // A person who sits here but has no page open now (closed it, or lost the connection), or has not come yet (a
  // rematch's other players, still on the last table's summary). Not once the game is over: those who went on to
  // the rematch were all "not connected" on the old table's summary.
  else if (info.played_by === "person" && ctx.presence && seat !== ctx.me && !ctx.presence.connected.includes(seat)
    && ctx.status !== "finished") {
    facts.push(el("span", { className: "tag offline" }, t(notYet(ctx, seat) ? "seat.notYet" : "seat.offline")));
  }
  if (info.played_by === null && ctx.status === "waiting") facts.push(el("span", { className: "tag away" }, t("seat.empty")));
  if (obs.indicator_holder === seat && obs.indicator) {
    // Short on the badge (the card's index and suit sign), the whole sentence for screen readers and on hover.
    const full = t("trump.holds", { card: cardName(obs.indicator, ctx.family) });
    const card = parseCard(obs.indicator, ctx.family);
    const sign = card.kind === "suit" ? `<svg viewBox="0 0 20 20" aria-hidden="true">${suitSign(ctx.family, card.suit, 10, 10, 17)}</svg>` : "";
    facts.push(el("span", { className: "tag trump-holder", title: full, role: "img", "aria-label": full },
      t("trump.holdsShort", { index: indexText(card) }), el("span", { className: "tag-sign", html: sign })));
  }
  const count = obs.hand_sizes?.[seat];
  const line = [];
  if (count !== undefined) line.push(t(count === 1 ? "seat.card1" : "seat.cards", { n: count }));
  if ((obs.tricks || []).length) line.push(t(tricks === 1 ? "seat.trick1" : "seat.tricks", { n: tricks }));
  return el("div", { className: `badge${turn ? " turn" : ""}${seat === ctx.me ? " me" : ""}`, "data-seat": seat,
    "aria-current": turn ? "true" : null },
    el("div", { className: "badge-name" }, turn ? el("span", { className: "turn-mark", "aria-hidden": "true" }, "▶ ") : null,
      seatName(seat, ctx)),
    el("div", { className: "badge-tags" }, ...facts),
    line.length ? el("div", { className: "badge-line" }, line.join(" · ")) : null,
    turn ? el("span", { className: "sr-only" }, t("status.theirTurn")) : null);
}

/** The cards of a seat the viewer may see (open hand, shown cards) and backs for the rest. */
function seatCards(seat, ctx) {
  const obs = ctx.obs;
  const open = obs.open_hands?.[seat] || obs.views?.[seat];
  const known = obs.known_cards?.[seat] || [];
  const count = obs.hand_sizes?.[seat] ?? 0;
  const box = el("div", { className: "mini-hand", "aria-label": t("seat.handOf", { name: seatName(seat, ctx) }) });
  if (open) {
    open.forEach((c) => box.append(faceCard(c, ctx, "mini")));
  } else {
    known.forEach((c) => box.append(faceCard(c, ctx, "mini")));
    const backs = Math.max(0, count - known.length);
    for (let i = 0; i < Math.min(backs, 10); i++) box.append(backCard("mini"));
  }
  return box;
}

// A card just played slides in from its seat's side (none where the system asks for less motion, see the
// stylesheet): the felt is drawn anew at every change, so the moment each card was first drawn is kept, and a
// drawing during the slide goes on with it. The cards on the table when the page is first drawn lie still.
const SLIDE_MS = 240;
const arrivals = new Map(); // "trick:seat:card" -> when it was first drawn (performance.now())
let trickDrawn = false;

function arrival(key, now) {
  if (arrivals.size > 400) arrivals.clear(); // (a long match: the cards of old deals)
  if (!arrivals.has(key)) arrivals.set(key, trickDrawn ? now : -Infinity);
  return now - arrivals.get(key);
}

/** The trick on the table, or, between tricks, the one just taken (marked with who took it). */
function trickCards(ctx) {
  const obs = ctx.obs;
  let cards = obs.trick || [];
  let done = null;
  if (!cards.length && obs.tricks?.length && obs.phase !== "end") {
    done = obs.tricks[obs.tricks.length - 1];
    cards = done.cards;
  }
  const box = el("div", { className: `trick${done ? " taken" : ""}`, "aria-label": done ? t("trick.taken") : t("trick.current") });
  // Each card lies between the centre and the seat that played it: the direction comes from here, the distance
  // from the stylesheet (--rx, --ry: it depends on the screen and the number of seats).
  const before = new Map(); // how many cards each seat has in the trick so far
  const now = performance.now();
  const number = (obs.tricks?.length || 0) - (done ? 1 : 0); // this trick's place in the deal
  cards.forEach(([seat, code], i) => {
    const a = angleOf(seat, ctx);
    const won = done && done.winner === seat;
    // A seat's second card (Troccas' king and jack together, and the card each other seat adds then) lies
    // over its first moved aside, toward the middle for a seat at the side (it hid it); the seat's name stays
    // under the first.
    const k = before.get(seat) || 0;
    before.set(seat, k + 1);
    // Who took a trick is marked on the winner's card and label (a tick, not colour alone); the sentence is
    // for screen readers (over the middle of the trick it would hide the other labels).
    // --cys spreads the cards of seats that sit one above the other (six seats on a wide table) further apart
    // than the seats' angles alone would, while the cards straight across keep their distance.
    const cx = Math.cos(a), sy = Math.sin(a);
    const fx = Math.abs(cx) < 0.3 ? 1 : -Math.sign(cx); // which way a second card moves
    const since = arrival(`${number}:${seat}:${code}`, now); // (the same card of the same seat, in another deal)
    const sliding = since < SLIDE_MS;
    const style = `--cx:${cx.toFixed(3)};--cy:${sy.toFixed(3)};--cys:${(Math.sign(sy) * Math.abs(sy) ** 0.6).toFixed(3)};--k:${k};--fx:${fx};z-index:${i + 1}`
      + (sliding ? `;animation-delay:${-Math.round(since)}ms` : "");
    const slot = el("div", { className: `trick-card${k ? " again" : ""}${sliding ? " arriving" : ""}`, "data-seat": seat, style },
      faceCard(code, ctx, won ? "winner" : ""),
      el("span", { className: `played-by${won ? " took" : ""}` }, won ? `✓\u2009${seatName(seat, ctx)}` : seatName(seat, ctx)));
    box.append(slot);
  });
  if (done && done.winner !== null && done.winner !== undefined) {
    box.append(el("div", { className: "taken-by sr-only" }, tookTrick(done.winner, ctx)));
  }
  trickDrawn = true;
  return box;
}

const tookTrick = (seat, ctx) => (seat === ctx.me ? t("trick.youTook") : t("trick.wonBy", { name: seatName(seat, ctx) }));

/** The stock with its size and the trump the way the game shows it (turned-up card, held card, or a sign). */
function trumpCorner(ctx) {
  const obs = ctx.obs;
  const parts = [];
  const stock = typeof obs.stock === "number" ? obs.stock : null;
  const shown = obs.indicator_holder === null || obs.indicator_holder === undefined ? obs.indicator || obs.turn_up : null;
  if (stock || shown) {
    const pile = el("div", { className: "stock" });
    if (shown) pile.append(faceCard(shown, ctx, "indicator"));
    if (stock) pile.append(backCard("stock-card"), el("span", { className: "stock-count", "aria-label": t("stock.left", { n: stock }) }, String(stock)));
    if (obs.stock_top && stock) pile.append(faceCard(obs.stock_top, ctx, "stock-top"));
    parts.push(pile);
  }
  if (obs.trump && obs.trump !== "T") { // the tarot's trumps are always the 21 tarocks: nothing to show
    const name = trumpName(obs, ctx);
    let sign = "";
    if (obs.trump !== "T" && ctx.family !== "tarot") {
      sign = `<svg viewBox="0 0 20 20" aria-hidden="true">${suitSign(ctx.family, obs.trump, 10, 10, 17)}</svg>`;
    }
    parts.push(el("div", { className: "trump-name", "data-trump": obs.trump }, el("span", { html: sign }), t("trump.is", { suit: name })));
  }
  return parts.length ? el("div", { className: "trump-corner" }, ...parts) : null;
}

function trumpName(obs, ctx) {
  const style = ctx.family === "french" ? "french" : "italian";
  if (obs.trump === "T") return t("suit.italian.T");
  const key = `suit.${style}.${obs.trump}`;
  return has(key) ? t(key) : obs.suit_names?.[obs.trump] || obs.trump;
}

/** The felt: the seats, the trick, the stock and trump; `extra`, parts kept last on it (the table's bubbles). */
export function renderFelt(felt, ctx, extra = []) {
  const parts = [];
  for (let seat = 0; seat < ctx.n; seat++) {
    const a = angleOf(seat, ctx);
    const bottom = seat === ctx.bottom;
    const x = 50 + 44 * Math.cos(a);
    const y = bottom ? 95 : 48 + 42 * Math.sin(a);
    const top = !bottom && Math.sin(a) < -0.35; // seats across the table show their cards beside the name
    const apex = top && Math.abs(Math.cos(a)) < 0.2; // the seat straight across (a phone keeps its cards beside it)
    const place = el("div", { className: `seat${bottom ? " bottom" : ""}${top ? " across" : ""}${apex ? " apex" : ""}`, "data-seat": seat, style: `--x:${pct(x)};--y:${pct(y)}` },
      seatBadge(seat, ctx));
    // The bottom seat's hand is drawn under the table (the player's), not on it; a replay lists every hand there.
    if ((!bottom || ctx.me === null) && !ctx.handsBelow) place.append(seatCards(seat, ctx));
    parts.push(place);
  }
  parts.push(trickCards(ctx));
  const corner = trumpCorner(ctx);
  if (corner) {
    // The stock lies in the gap between the viewer and the next seat on the left, clear of the trick; with
    // seven seats or more the trick is a ring and the stock goes in its middle.
    const a = Math.PI / 2 + Math.PI / ctx.n;
    const far = ctx.n >= 7 ? 0 : 1;
    corner.style.setProperty("--x", pct(50 + far * 32 * Math.cos(a)));
    corner.style.setProperty("--y", pct(48 + far * 38 * Math.sin(a)));
    parts.push(corner);
  }
  parts.push(...extra);
  replaceIfChanged(felt, parts); // (a seat's tag tapped on a phone while the bots play)
  felt.dataset.players = ctx.n;
}

// ---- status, scores, facts, talk, narrative ---------------------------------------------------------------------
export function statusText(ctx) {
  const obs = ctx.obs;
  if (ctx.connection && ctx.connection !== "open") return t("status.offline");
  if (ctx.status === "waiting") return t("status.waitingPlayers");
  if (obs.current_player === null || obs.current_player === undefined) return t("status.over");
  if (obs.current_player === ctx.me) {
    // Triomphe's dealer names the next dealer before the deal's summary shows: what the deal gave, first.
    const scored = obs.phase === "next dealer" && Array.isArray(obs.score) ? obs.score.findIndex((n) => n > 0) : -1;
    if (scored >= 0) {
      const ours = obs.sides?.[scored]?.includes(ctx.me);
      return t(ours ? "status.nextDealerUs" : "status.nextDealer", { n: obs.score[scored], side: sideName(scored, ctx) });
    }
    // A card tapped is played, or laid away (Troccas' dealer, Triomphe's robber): "discard <card>".
    const plays = [...(ctx.plays?.values() || [])];
    if (plays.some((action) => !action.includes(" "))) return t("status.yourTurnPlay");
    return plays.length ? t("status.yourTurnDiscard") : t("status.yourTurn");
  }
  // A spectator is told so here too: on a phone the top bar has no room for "watching".
  if (ctx.me === null) return t("status.watching", { name: seatName(obs.current_player, ctx) });
  return t("status.waitingFor", { name: seatName(obs.current_player, ctx) });
}

function scoreTable(ctx) {
  const obs = ctx.obs;
  if (obs.show_points === false || !Array.isArray(obs.points)) return null;
  const label = obs.points_label ? enginePhrase(obs.points_label) : t("score.points");
  const rows = obs.points.map((p, i) => el("tr", {}, el("th", { scope: "row" }, sideName(i, ctx)), el("td", {}, String(p))));
  return el("section", { className: "panel-block scores" }, el("h3", {}, label), el("table", {}, el("tbody", {}, ...rows)));
}

function matchTable(ctx) {
  const match = ctx.obs.match;
  if (!match) return null;
  const rows = match.score.map((s, i) => el("tr", {}, el("th", { scope: "row" }, sideName(i, ctx)), el("td", {}, formatNumber(s))));
  return el("section", { className: "panel-block match" },
    el("h3", {}, t("score.match", { deal: match.deal })),
    el("p", { className: "muted small" }, enginePhrase(match.policy)),
    el("table", {}, el("tbody", {}, ...rows)),
    scoreSheet(match, sideNames(ctx)));
}

/** Every side's name, as the score tables head their rows. */
const sideNames = (ctx) => (ctx.obs.match?.score || ctx.obs.points || []).map((_, i) => sideName(i, ctx));

/** Whether the person of ``seat`` has not come to this table yet (the server's presence says who it awaits). */
export const notYet = (ctx, seat) => Boolean(ctx.presence?.awaited?.includes(seat));

// Public facts some games keep in their own observation keys rather than in `table` (Briscola Chiamata's auction).
function auctionFacts(ctx) {
  const obs = ctx.obs;
  const facts = {};
  // The bid without its verb, the engine's English ("bid K"): "king (Ann)".
  if (obs.high_bid !== undefined && obs.high_bid !== null) facts[t("fact.highBid")] = `${bidText(obs.high_bid, ctx.family)} (${seatName(obs.high_bidder, ctx)})`;
  if (obs.caller !== undefined && obs.caller !== null) facts[t("fact.caller")] = seatName(obs.caller, ctx);
  if (obs.called) facts[t("fact.called")] = cardName(obs.called, ctx.family);
  if (obs.target !== undefined && obs.target !== null && obs.game === "briscola-chiamata") facts[t("fact.target")] = String(obs.target);
  if (obs.partner !== undefined && obs.partner !== null) facts[t("fact.partner")] = seatName(obs.partner, ctx);
  return facts;
}

/** The auction and the call in a line under the table (Chiamata), for a phone, whose side panel is behind *Scores*:
 * the highest bid and who made it; then the caller, the called card, the points to make and a known partner. */
export function factsLine(ctx) {
  return Object.entries(auctionFacts(ctx)).map(([label, value]) => `${label}: ${value}`).join(" · ");
}

function factsList(ctx) {
  const facts = { ...auctionFacts(ctx), ...(ctx.obs.table && typeof ctx.obs.table === "object" ? ctx.obs.table : {}) };
  const list = el("dl", { className: "facts" });
  for (const [label, value] of Object.entries(facts)) {
    if ((Array.isArray(value) && !value.length) || value === "" || value === null) continue;
    // The engine's labels and sentences, in the interface's language where the language file renders them.
    const text = Array.isArray(value) ? value.map((v) => engineSays(String(v), ctx)).join("; ") : engineSays(String(value), ctx);
    list.append(el("dt", {}, engineText("fact", label)), el("dd", {}, ...withCardChips(text, ctx)));
  }
  return list.children.length ? el("section", { className: "panel-block" }, el("h3", {}, t("panel.facts")), list) : null;
}

// A card's code in an engine's sentence ("Hd", "10c", "T21"): rank then suit, as the engine writes them.
const CARD_IN_TEXT = /\b(?:10|[2-9]|[AJHKQC])[a-z]\b|\bT(?:1\d|2[01]|[1-9])\b/g;

/** ``text`` with each card code of the table's pack as a small chip (the card's corner: its index and suit
 * sign, its name for a screen reader and on hover): Trionfetti's cut card read "Hd (cut by Bot 2)", Triomphe's
 * turn-up and top trumps "Ah Kd Qs Jc", codes a player of the game does not type in a browser. */
export function withCardChips(text, ctx) {
  const parts = [];
  let last = 0;
  for (const m of text.matchAll(CARD_IN_TEXT)) {
    let card;
    try {
      card = parseCard(m[0], ctx.family);
    } catch {
      continue; // a word of two letters, not a card of this pack
    }
    // (The engine writes a code one way; a trump's number is a card of the tarot only.)
    if (card.code !== m[0] || (card.kind === "trump" && ctx.family !== "tarot")) continue;
    const name = cardName(m[0], ctx.family);
    const sign = card.kind === "suit" ? el("span", { className: "tag-sign", html: `<svg viewBox="0 0 20 20" aria-hidden="true">${suitSign(ctx.family, card.suit, 10, 10, 17)}</svg>` }) : null;
    parts.push(text.slice(last, m.index),
      el("span", { className: "card-chip", "data-card": card.code, role: "img", "aria-label": name, title: name }, el("span", { "aria-hidden": "true", style: `color: ${suitColour(card)}` }, indexText(card)), sign));
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  return parts.filter((part) => part !== "");
}

/** Who said a message ("Ann", "the table"), and to whom when not to everyone (" to Bea"). */
function speaker(m, ctx) {
  const to = m.to?.length ? t("talk.toSeats", { names: m.to.map((s) => seatName(s, ctx)).join(", ") }) : "";
  return [m.sender === null || m.sender === undefined ? t("talk.table") : seatName(m.sender, ctx), to];
}

export function talkPanel(ctx) {
  const list = ctx.obs.messages;
  if (!Array.isArray(list) || !list.length) return null;
  const items = list.slice(-12).map((m) => {
    const [who, to] = speaker(m, ctx);
    return el("li", {}, el("strong", {}, who), `${to}: `, ...withCardChips(engineSays(m.text, ctx), ctx));
  });
  return el("section", { className: "panel-block" }, el("h3", {}, t("panel.talk")), el("ul", { className: "messages" }, ...items));
}

/** The last two things said at the table, oldest first, for under it where the side panel is out of sight (a
 * phone): a partner's tschintschar or answer was only in the panel behind "Scores". */
export function talkLines(ctx) {
  const list = ctx.obs.messages;
  if (!Array.isArray(list)) return [];
  return list.slice(-2).map((m) => {
    const [who, to] = speaker(m, ctx);
    return `${who}${to}: ${engineSays(m.text, ctx)}`;
  });
}

/** One event of the narrative as a line of text. */
export function narrate(event, ctx) {
  const name = (s) => seatName(s, ctx);
  switch (event.type) {
    case "deal":
      // "You" takes its own verb ("you deal", "distribuisci tu"), as the trick's line has it.
      return event.dealer === ctx.me ? t("log.dealYou", { n: event.deal }) : t("log.deal", { n: event.deal, name: name(event.dealer) });
    case "action": {
      if (event.public) return t("log.public", { name: name(event.seat), what: engineSays(event.public, ctx) });
      let card = null;
      try {
        card = parseCard(event.action, ctx.family);
      } catch {
        card = null;
      }
      if (card) return t("log.plays", { name: name(event.seat), card: cardName(event.action, ctx.family) });
      const label = plainLabel(actionLabel(event.action, ctx.family, viewer(ctx)));
      return t("log.acts", { name: name(event.seat), what: label });
    }
    case "message":
      return t("log.says", { name: event.sender === null ? t("talk.table") : name(event.sender), text: engineSays(event.text, ctx) });
    case "receive":
      return event.cards ? t("log.receive", { cards: event.cards.map((c) => cardName(c, ctx.family)).join(", ") }) : null;
    case "reveal":
      return t(event.seat === ctx.me ? "log.revealYou" : "log.reveal", { name: name(event.seat), cards: event.cards.map((c) => cardName(c, ctx.family)).join(", ") });
    case "trump":
      if (event.indicator) return t("log.trumpCard", { card: cardName(event.indicator, ctx.family) });
      return event.trump && event.trump !== "T" ? t("log.trump", { suit: trumpName({ trump: event.trump, suit_names: ctx.obs.suit_names }, ctx) }) : null;
    case "trick": {
      if (event.winner === null) return t("log.trickVoid", { n: event.number });
      // No points where the game hides them (Briscola a 31: the players count); "1 point".
      const hidden = ctx.obs.show_points === false || ctx.obs.trick_points === false;
      const key = `${event.winner === ctx.me ? "log.trickYou" : "log.trick"}${hidden ? "Hidden" : event.points === 1 ? "One" : ""}`;
      return t(key, { name: name(event.winner), n: event.number, points: event.points });
    }
    case "end": {
      const line = t("log.end", { points: event.points.join(" – ") });
      return event.outcome ? `${line} · ${engineSays(event.outcome, ctx)}` : line;
    }
    case "match_end":
      return t("log.matchEnd", { score: event.score.map(formatNumber).join(" – ") });
    default:
      return null;
  }
}

function narrative(ctx) {
  const lines = [];
  for (const event of ctx.events.slice(-60)) {
    const line = narrate(event, ctx);
    if (line) lines.push(line);
  }
  if (!lines.length) return null;
  return el("section", { className: "panel-block log-block" }, el("h3", {}, t("panel.log")),
    el("ol", { className: "log", "aria-live": "off" }, ...lines.slice(-30).map((l) => el("li", {}, l))));
}

/** The side panel's parts: the scores, the match, the table's facts, the talk and what happened. */
export const sideParts = (ctx) => [scoreTable(ctx), matchTable(ctx), factsList(ctx), talkPanel(ctx), narrative(ctx)].filter(Boolean);

/** What happened, scrolled to its newest line. */
export function scrollLog(side) {
  const log = side.querySelector(".log");
  if (log) log.scrollTop = log.scrollHeight;
}

export function renderSide(side, ctx) {
  side.replaceChildren(...sideParts(ctx));
  scrollLog(side);
}

// ---- the last trick, on demand ------------------------------------------------------------------------------------
export function lastTrickPanel(ctx) {
  const tricks = ctx.obs.tricks || [];
  const last = tricks[tricks.length - 1];
  if (!last) return el("p", {}, t("trick.none"));
  const cards = last.cards.map(([seat, code]) =>
    el("figure", { className: `last-card${seat === last.winner ? " winner" : ""}` }, faceCard(code, ctx),
      el("figcaption", {}, seatName(seat, ctx))));
  const who = last.winner === null || last.winner === undefined ? t("trick.void") : tookTrick(last.winner, ctx);
  const points = ctx.obs.show_points === false || ctx.obs.trick_points === false ? "" : ` · ${t("trick.points", { n: last.points })}`;
  return el("div", {}, el("div", { className: "last-cards" }, ...cards), el("p", {}, who + points));
}

// ---- the summary at the end of a deal -----------------------------------------------------------------------------
/** The deal's facts from the narrative (the trick events since the last deal) or, after a snapshot, the observation. */
export function dealSummary(ctx, endIndex) {
  const events = ctx.events;
  let start = 0;
  for (let i = endIndex; i >= 0; i--) {
    if (events[i].type === "deal") {
      start = i;
      break;
    }
  }
  const end = events[endIndex];
  const nSides = (ctx.obs.sides || []).length || ctx.n;
  const cardsWon = new Array(nSides).fill(0);
  let sawTricks = false;
  for (const ev of events.slice(start, endIndex)) {
    if (ev.type === "trick" && ev.winner !== null && ev.winner !== undefined) {
      cardsWon[sideOf(ev.winner, ctx)] += ev.cards.length;
      sawTricks = true;
    }
  }
  const matchEnd = events.slice(endIndex + 1).find((e) => e.type === "match_end");
  // A game whose tricks do not hold every card won counts them itself (Troccas: the discard, the Fool).
  const won = end.cards_won ?? (sawTricks ? cardsWon : null);
  return { points: end.points, returns: end.returns, cardsWon: won, matchEnd, outcome: end.outcome ?? null, gameScore: end.game_score ?? null };
}

export function summaryFromObservation(ctx) {
  const obs = ctx.obs;
  const nSides = (obs.sides || []).length || ctx.n;
  const cardsWon = new Array(nSides).fill(0);
  for (const tr of obs.tricks || []) if (tr.winner !== null && tr.winner !== undefined) cardsWon[sideOf(tr.winner, ctx)] += tr.cards.length;
  const table = obs.table && typeof obs.table === "object" ? obs.table : {};
  const outcome = obs.outcome || table.result || table["deal result"] || null; // as the end event says it
  return { points: obs.points || [], returns: obs.returns || null, cardsWon: obs.cards_won ?? cardsWon, matchEnd: null, outcome,
    gameScore: obs.match && obs.scores ? obs.scores : null };
}

/** The sides whose seats gain by `returns` (per seat, zero-sum); null without returns. */
function winnerSides(returns, ctx) {
  if (!returns?.length) return null;
  return [...new Set(returns.map((r, seat) => (r > 0 ? sideOf(seat, ctx) : null)).filter((s) => s !== null))];
}

/** Who won a finished match, not its last deal: the match's returns, or after a reload its score (the best sides,
 * as the engine's side_results decides) unless a deal decided it (a Trijumf claim: that deal's returns). */
function matchWinners(summary, ctx) {
  if (summary.matchEnd?.returns) return winnerSides(summary.matchEnd.returns, ctx);
  const match = ctx.obs.match;
  if (!match?.over || match.decided_by_deal || !match.score?.length) return winnerSides(summary.returns, ctx);
  const top = Math.max(...match.score);
  const best = match.score.map((s, side) => (s === top ? side : null)).filter((side) => side !== null);
  return best.length === match.score.length ? [] : best;
}

export function summaryPanel(summary, ctx, { onNext, onRematch, onClose, matchOver, finished, replayHref = null, rematchReady = false }) {
  const nSides = summary.points.length;
  // Who won: the sides whose seats gain (returns are per seat, zero-sum). Not only the best return: Chiamata's
  // caller gains 2 and the partner 1, and both won. At the end of a match, who won the match: its last deal's
  // winners were named, though the totals beside them could say the match went the other way.
  let verdict = t("summary.draw");
  const winners = matchOver ? matchWinners(summary, ctx) : winnerSides(summary.returns, ctx);
  if (winners?.length) {
    const names = new Intl.ListFormat(language(), { type: "conjunction" }).format(winners.map((s) => sideName(s, ctx)));
    if (ctx.me === null) verdict = t("summary.wins", { name: names });
    else if (winners.includes(sideOf(ctx.me, ctx))) verdict = teamed(ctx) ? t("summary.yourTeamWins") : t("summary.youWin");
    // A seat that lost is told so first: "Bot 2 and Bot 4 won" left a player to work out where that left him. Who
    // beat him is said where it is not plain (more than two sides).
    else if (nSides > 2) verdict = t("summary.youLostTo", { name: names });
    else verdict = t(teamed(ctx) ? "summary.yourTeamLost" : "summary.youLost");
  }
  const showPoints = true; // at the end of a deal the count is no secret, even where play hides it
  // Where seats score apart and not only ±1 (Chiamata's caller 2, partner 1), the deal's score of each seat.
  const apart = !teamed(ctx) && summary.returns?.length === nSides && summary.returns.some((r) => ![-1, 0, 1].includes(r));
  // The cards won say nothing where tricks carry no points (French Triomphe: four a trick; Trionfetti).
  const cardsWon = ctx.obs.trick_points === false ? null : summary.cardsWon;
  const head = el("tr", {}, el("th", {}, ""), cardsWon ? el("th", { scope: "col" }, t("summary.cards")) : null,
    showPoints ? el("th", { scope: "col" }, ctx.obs.points_label ? enginePhrase(ctx.obs.points_label) : t("score.points")) : null,
    apart ? el("th", { scope: "col" }, t("summary.score")) : null,
    // Trionfetti's game to 20 runs over several deals of the match: where it stands.
    summary.gameScore ? el("th", { scope: "col" }, t("summary.game", { target: ctx.obs.target })) : null,
    // The match's score says what it counts ("Match (games won, to 3)": a bare "Total 0" beside a deal won read as
    // a mistake).
    ctx.obs.match ? el("th", { scope: "col" }, ctx.obs.match.goal ? t("summary.match", { goal: enginePhrase(ctx.obs.match.goal) }) : t("summary.total")) : null);
  const rows = [];
  for (let i = 0; i < nSides; i++) {
    rows.push(el("tr", {}, el("th", { scope: "row" }, sideName(i, ctx)),
      cardsWon ? el("td", {}, String(cardsWon[i])) : null,
      showPoints ? el("td", {}, String(summary.points[i])) : null,
      apart ? el("td", {}, signed(summary.returns[i])) : null,
      summary.gameScore ? el("td", {}, formatNumber(summary.gameScore[i] ?? 0)) : null,
      ctx.obs.match ? el("td", {}, formatNumber(ctx.obs.match.score[i] ?? 0)) : null));
  }
  const buttons = [];
  if (!finished && !matchOver) buttons.push(el("button", { type: "button", className: "button primary", "data-summary": "next", onclick: onNext }, t("summary.next")));
  if (finished || matchOver) {
    const label = rematchReady ? t("summary.joinRematch") : ctx.me === null ? t("summary.sameAgain") : t("summary.rematch");
    buttons.push(el("button", { type: "button", className: "button primary", "data-summary": "rematch", onclick: onRematch }, label));
  }
  if (replayHref) buttons.push(el("a", { className: "button", "data-summary": "replay", href: replayHref }, t("summary.replay")));
  buttons.push(el("button", { type: "button", className: "button ghost", "data-summary": "close", onclick: onClose }, t("summary.close")));
  return el("div", { className: "summary", role: "dialog", "aria-modal": "true", "aria-labelledby": "summary-title" },
    el("h2", { id: "summary-title" }, matchOver ? t("summary.matchOver") : t("summary.dealOver")),
    el("p", { className: "verdict" }, verdict),
    summary.outcome ? el("p", { className: "outcome" }, capitalized(engineSays(summary.outcome, ctx))) : null,
    el("table", { className: "summary-table" }, el("thead", {}, head), el("tbody", {}, ...rows)),
    // The whole match, deal by deal, once it is over.
    matchOver ? scoreChart(ctx.obs.match, sideNames(ctx), ctx.me === null ? null : sideOf(ctx.me, ctx)) : null,
    el("div", { className: "summary-buttons" }, ...buttons));
}
