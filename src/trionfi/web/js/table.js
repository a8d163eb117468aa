// The table page (/t/TABLE#token=...): connects to the table, keeps what the server sent, and draws it.
// Layout and drawing are in tableview.js, the hand in hand.js, the other actions in actions.js, the protocol in
// client.js; this module holds the page's state and wires the pieces together.

import { splitActions, renderActions } from "./actions.js";
import { deckFamily } from "./cards.js";
import { bubbleLayer, chatBlock, showBubbles } from "./chat.js";
import {
  ApiError, TableConnection, api, closeTableAsked, creatorToken, forgetSeat, rememberCreator, rememberInvites, rememberSeat,
  rememberedInvites, rememberedSeat, seatPage, tableAddress,
} from "./client.js";
import { el, linkParts, playerName, replaceIfChanged, setPlayerName } from "./dom.js";
import { renderHand, sortHand, typeIntoHand } from "./hand.js";
import { capitalized, enginePhrase, has, languageSwitch, loadLanguage, t } from "./i18n.js";
import { rulesLink, tableRulesHref, tableTitle } from "./options.js";
import { linksBlock } from "./tablelinks.js";
import { listenForFirstTap, setTurnSound, turnIs, turnSoundOn } from "./turnalert.js";
import {
  dealSummary, factsLine, lastTrickPanel, notYet, renderFelt, scrollLog, seatName, sideParts, statusText, summaryFromObservation, summaryPanel,
  talkLines, viewer, withCardChips,
} from "./tableview.js";

const $ = (id) => document.getElementById(id);

const page = {
  table: null,
  token: null,
  conn: null,
  overlay: null, // "last-trick" | "summary" | "name" | null
  dismissedEnds: 0, // how many end-of-deal summaries the viewer closed (kept across reloads)
  error: "",
  sidePanel: false,
  rematch: null, // the id of this finished table's rematch, once someone asked for it
  rematchAsked: false,
  standInAsked: false,
  sitting: false, // a spectator's claim of a free seat is on its way
  unread: 0, // things said by others while the side panel was out of sight (a phone): a count on *Scores*
  unseen: 0, // things said by others while the page was in another tab: a count in the tab's title
};

// ---- the context the drawing functions read ---------------------------------------------------------------------
function context() {
  const conn = page.conn;
  const obs = conn.observation;
  const welcome = conn.welcome || {};
  const me = typeof welcome.seat === "number" ? welcome.seat : null;
  const n = obs.players || obs.hand_sizes?.length || welcome.seats?.length || 2;
  const family = deckFamily(obs.deck || (obs.game === "troccas" ? "tarot78" : "italian40"));
  // Nothing may be played while an action waits for its answer, while disconnected, or before every seat is
  // taken (the server would answer not_started).
  const locked = conn.pending !== null || conn.status !== "open" || welcome.status === "waiting";
  const legal = me !== null && obs.current_player === me ? obs.legal_actions || [] : [];
  const { plays, others } = splitActions(legal, obs.hand || [], family);
  return {
    obs, welcome, me, n, family, locked, plays, others,
    bottom: me ?? 0,
    seats: welcome.seats,
    status: welcome.status,
    events: conn.events,
    clockwise: obs.game === "trijumf",
    cardOrder: welcome.card_order || null,
    connection: conn.status,
    presence: conn.presence,
  };
}

// ---- drawing ----------------------------------------------------------------------------------------------------
/** How many watch without a seat (the presence's ``watching``), an eye and a number in the top bar: the lobby lets
 * anyone watch a table, and its players should know when someone does. A spectator alone there sees nothing. */
function showWatching(ctx) {
  const n = ctx.presence?.watching || 0;
  const others = ctx.me === null ? n - 1 : n;
  const box = $("watching");
  box.hidden = others <= 0;
  if (box.hidden) return;
  const words = ctx.me === null
    ? t(others === 1 ? "table.watchingWithYouOne" : "table.watchingWithYou", { n: others })
    : t(n === 1 ? "table.watchingOne" : "table.watching", { n });
  box.querySelector(".n").textContent = String(n);
  box.querySelector(".sr-only").textContent = words;
  box.title = words;
  box.dataset.n = String(n);
}

function render() {
  const conn = page.conn;
  if (!conn?.observation) return;
  const ctx = context();
  document.body.dataset.game = ctx.obs.game;
  const name = tableTitle(conn.welcome?.title || ctx.obs.game, conn.welcome?.options);
  $("table-title").textContent = `${name}${ctx.me === null ? ` · ${t("table.spectator")}` : ""}`;
  showWatching(ctx);
  // The tab says when it is this seat's turn: a player waiting for friends is often in another tab.
  const myTurn = ctx.obs.current_player === ctx.me && ctx.me !== null && ctx.status === "playing";
  // And how many things were said while it was in another tab: "(2) Briscola · trionfi".
  document.title = `${page.unseen ? `(${page.unseen}) ` : ""}${myTurn ? `▶ ${t("tab.yourTurn")} · ` : ""}${name} · trionfi`;
  renderFelt($("felt"), ctx, [bubbleLayer()]);
  $("felt").setAttribute("aria-label", t("table.felt"));
  $("status").textContent = statusText(ctx);
  $("status").classList.toggle("your-turn", myTurn);  // (not while the table waits for its players)
  const facts = factsLine(ctx);
  $("facts-line").hidden = !facts;
  $("facts-line").textContent = facts;
  const said = talkLines(ctx);
  const talk = $("talk-line");
  talk.hidden = !said.length;
  // (A card said, "Kc and Jc together", as the facts show one: its corner.)
  talk.replaceChildren(...withCardChips(said.join(" · "), ctx));
  // Two lines at most: where the two do not fit (Trionfetti's table says whole results), the newest alone, whole;
  // the line had ended in "…" in the middle of the newest.
  if (said.length > 1 && talk.scrollHeight > talk.clientHeight + 1) talk.replaceChildren(...withCardChips(said[said.length - 1], ctx));
  const errorBox = $("error");
  errorBox.hidden = !page.error;
  errorBox.textContent = page.error;
  const cardPlays = [...ctx.plays.values()].some((action) => !action.includes(" "));
  const refused = page.refusedComanda;
  const allowExplicit = ctx.welcome.options?.allow_explicit_tiers !== false;
  renderActions($("actions"), { groups: ctx.others, family: ctx.family, send, locked: ctx.locked, obs: ctx.obs, cardPlays, refused, allowExplicit,
    who: viewer(ctx) });
  if (ctx.me !== null) {
    const cards = sortHand(ctx.obs.hand || [], ctx.obs, ctx.family, ctx.cardOrder);
    renderHand($("hand"), { cards, family: ctx.family, plays: ctx.plays, locked: ctx.locked, onPlay: send, label: t("hand.label") });
  } else {
    $("hand").replaceChildren();
  }
  const side = sideParts(ctx);
  const chat = chatBlock(ctx, page.conn.said, sayAtTable);
  if (chat) side.push(chat);
  // The wait for friends is the time to read how the game goes: the rules' link under the status line, in sight
  // on a phone (not behind *Scores*, nor under the hand and its buttons).
  const waitLine = $("wait-line");
  let waitParts = ctx.status !== "waiting" ? [] : [t("rules.whileWaiting") + " ", rulesLink(tableRulesHref(page.table), name)];
  // The rules as this table's options make them, for a friend who came by a link to a game new to them.
  side.push(el("section", { className: "panel-block rules-block" }, rulesLink(tableRulesHref(page.table), name)));
  const playing = ctx.me !== null && (ctx.status === "playing" || ctx.status === "waiting");
  side.push(linksBlock(page.table, playing ? page.token : null, render));
  if (playing) {
    // Last in the side panel (behind *Scores* on a phone): out of the way of play.
    side.push(el("section", { className: "panel-block sound-block" },
      el("label", { htmlFor: "turn-sound" }, el("input", { type: "checkbox", id: "turn-sound", checked: turnSoundOn(),
        onchange: (e) => setTurnSound(e.target.checked) }), t("alert.turnSound"))));
    side.push(el("section", { className: "panel-block leave-block" },
      el("button", { type: "button", className: "button small ghost", "data-leave": "ask",
        onclick: () => { page.overlay = "leave"; render(); $("overlay").querySelector("[data-leave=stay]")?.focus(); } },
      t("leave.button"))));
  }
  // (Bots move every second: a side panel drawn anew each time lost a press on its buttons and folds.)
  if (replaceIfChanged($("side"), side)) scrollLog($("side"));
  const lastButton = $("last-trick");
  lastButton.hidden = !(ctx.obs.tricks || []).length;
  lastButton.textContent = t("trick.last");
  lastButton.setAttribute("aria-expanded", String(page.overlay === "last-trick"));
  showUnread(); // (and the button's words, in the language chosen)
  renderNotice(ctx);
  // The table waits for someone gone, and this page may let a bot play for them: the offer, under the hand on a
  // phone, is also under the status line, in sight.
  const offered = `[data-notice=absent][data-seat='${ctx.obs.current_player}'] button[data-stand-in]`;
  const offer = ctx.status === "playing" && ctx.obs.current_player !== ctx.me && document.querySelector(offered);
  if (offer) {
    waitParts = [el("button", { type: "button", className: "button small primary", "data-stand-in-now": ctx.obs.current_player,
      disabled: offer.disabled, onclick: () => document.querySelector(offered)?.click() }, offer.textContent)];
  }
  waitLine.hidden = !waitParts.length;
  replaceIfChanged(waitLine, waitParts.map((part) => (typeof part === "string" ? document.createTextNode(part) : part)));
  maybeSummary(ctx);
  drawOverlay(ctx);
  document.body.dataset.version = String(conn.version);
  document.body.dataset.pending = String(conn.pending !== null);
  document.body.dataset.status = ctx.status || "";
  document.body.dataset.turn = String(ctx.obs.current_player === ctx.me && ctx.me !== null);
  document.body.dataset.ready = "true";
  keepAwake(ctx.me !== null && (ctx.status === "playing" || ctx.status === "waiting"));
  turnIs(myTurn);
}

// A phone would dim and lock its screen while friends think: a seated player's screen stays on while the table is
// in play (the Screen Wake Lock, where the browser has it; the browser drops it when the page is hidden, and it is
// asked for again when the page shows).
let wakeLock = null; // the lock held, "asking" while a request is under way, or null
let wantAwake = false;

async function keepAwake(want) {
  wantAwake = want;
  if (!navigator.wakeLock) return;
  if (want && !wakeLock && document.visibilityState === "visible") {
    wakeLock = "asking";
    try {
      const lock = await navigator.wakeLock.request("screen");
      lock.addEventListener?.("release", () => { if (wakeLock === lock) wakeLock = null; });
      wakeLock = lock;
      if (!wantAwake) keepAwake(false); // the table ended while asking
    } catch {
      wakeLock = null; // refused (battery saver, a policy): the screen behaves as usual
    }
  } else if (!want && wakeLock && wakeLock !== "asking") {
    const lock = wakeLock;
    wakeLock = null;
    lock.release();
  }
}

document.addEventListener("visibilitychange", () => keepAwake(wantAwake));

function send(action) {
  page.error = "";
  page.refusedComanda = null;
  page.lastSent = action;
  if (page.conn.act(action)) render();
}

// ---- the end-of-deal summary --------------------------------------------------------------------------------------
function endIndices(events) {
  const ends = [];
  events.forEach((e, i) => e.type === "end" && ends.push(i));
  return ends;
}

function maybeSummary(ctx) {
  if (page.overlay && page.overlay !== "summary") return;
  const ends = endIndices(ctx.events);
  const over = ctx.obs.current_player === null || ctx.obs.current_player === undefined;
  page.overlay = ends.length > page.dismissedEnds || (over && !ends.length && page.dismissedEnds === 0) ? "summary" : null;
}

function storeDismissed() {
  sessionStorage.setItem(`trionfi.summaries.${page.table}`, String(page.dismissedEnds));
}

function closeSummary() {
  const ends = endIndices(page.conn.events);
  page.dismissedEnds = Math.max(ends.length, 1);
  storeDismissed();
  page.overlay = "closed-summary";
  render();
  page.overlay = null;
}

async function rematch() {
  const welcome = page.conn.welcome || {};
  const me = typeof welcome.seat === "number" ? welcome.seat : null;
  if (me !== null && page.token) {
    // The same seats at a new table: the server makes it once (or answers the one someone else made), and
    // this seat's token is the same there.
    if (page.rematchAsked) return;
    page.rematchAsked = true;
    try {
      const made = await api.rematch(page.table, page.token);
      // The rematch keeps the table's creator: this browser's creator token works there too.
      const host = made.creator_token || creatorToken(page.table);
      if (host) rememberCreator(made.table, host);
      rememberSeat(made.table, page.token);
      window.location.href = seatPage(made.table, page.token);
    } catch (e) {
      page.rematchAsked = false;
      page.error = enginePhrase(e.message);
      render();
    }
    return;
  }
  if (page.rematch) {
    window.location.href = seatPage(page.rematch);
    return;
  }
  // A spectator: the lobby, filled with the same game, options and seats (bots stay bots, people's seats open).
  const seats = (welcome.seats || []).map((s) => (s.kind === "bot" ? `bot:${s.bot}` : "open"));
  sessionStorage.setItem("trionfi.rematch", JSON.stringify({ game: welcome.game, options: welcome.options || {}, seats, match: welcome.kind === "match" }));
  window.location.href = "/";
}

/** Under the table: a rematch someone started (join it), and the replay of a finished table. */
function renderNotice(ctx) {
  const box = $("notice");
  const parts = [];
  if (page.rematch) {
    parts.push(el("span", {}, t("rematch.ready")),
      el("button", { type: "button", className: "button small primary", "data-notice": "rematch", onclick: rematch },
        ctx.me === null ? t("rematch.watch") : t("summary.joinRematch")));
  }
  if (ctx.status === "finished") {
    parts.push(el("a", { className: "button small", "data-notice": "replay", href: replayHref(ctx) }, t("summary.replay")));
  }
  parts.push(...freeSeats(ctx));
  if (ctx.status === "waiting") parts.push(...invitesToSend(ctx), ...closeOffer());
  if (ctx.status === "playing") parts.push(...absentees(ctx), ...invitesToSend(ctx));
  box.hidden = !parts.length;
  replaceIfChanged(box, parts); // (a spectator's *Sit* pressed while the bots play)
}

/** A spectator at a table with a free open seat (one anyone may take, as the lobby offers it; a seat given to
 * someone new during the game too): take it from here. Not to the browser that created the table, which has
 * the seats' invite links instead. */
function freeSeats(ctx) {
  if (ctx.me !== null || page.token || creatorToken(page.table) !== null || ctx.status === "finished") return [];
  const free = (ctx.seats || []).filter((info) => info.kind === "open" && info.name === null);
  if (!free.length) return [];
  return [el("p", { className: "free-seats", "data-notice": "free-seats" },
    el("span", {}, t(ctx.status === "playing" ? "table.freeSeatInPlay" : "table.freeSeat")),
    ...free.map((info) => el("button", { type: "button", className: "button small primary", "data-sit": info.seat,
      disabled: page.sitting, onclick: () => sitAt(info.seat) }, t("lobby.sit", { n: info.seat }))))];
}

/** Takes a free seat (the lobby's claim) under the player's name, then opens the table as that seat. */
function sitAt(seat) {
  const claim = async (name) => {
    page.sitting = true;
    render();
    try {
      const answer = await api.claim(page.table, seat, name);
      rememberSeat(page.table, answer.token); // the page opened again finds it
      window.location.reload();
    } catch (e) {
      page.sitting = false;
      page.error = enginePhrase(e.message); // someone was quicker: the table's next message drops the offer
      render();
    }
  };
  if (playerName()) claim(playerName());
  else askName(claim, "", true);
}

/** The creator's way out of a table made by mistake, or whose friends did not come: closed, it leaves the lobby
 * and its links open nothing (the server says so to every page of it). Only while it waits: a game begun is its
 * players' own. */
function closeOffer() {
  if (creatorToken(page.table) === null) return [];
  return [el("button", { type: "button", className: "button small ghost", "data-notice": "close", onclick: closeTable },
    t("table.close"))];
}

async function closeTable() {
  try {
    if (await closeTableAsked(page.table)) window.location.href = "/";
  } catch (e) {
    page.error = enginePhrase(e.message); // the game began meanwhile: the table goes on
    render();
  }
}

/** The links of the seats still empty, on the table page of the browser that created the table: before the
 * start, and for a seat given to someone new during the game (a bot may play it meanwhile). */
function invitesToSend(ctx) {
  const waiting = ctx.status === "waiting";
  const invites = Object.entries(rememberedInvites(page.table, waiting ? "invites" : "newInvites")).filter(([seat]) => {
    const info = ctx.seats?.[seat];
    return info && (waiting ? info.played_by === null : info.kind !== "bot" && info.name === null);
  });
  if (!invites.length) return [];
  const rows = invites.map(([seat, link]) =>
    el("li", { className: "invite", "data-seat": seat },
      el("span", { className: "invite-head" }, el("strong", {}, t("lobby.inviteFor", { n: seat })),
        ctx.seats[seat].played_by === null
          ? el("button", { type: "button", className: "button small", "data-stand-in": seat, disabled: page.standInAsked,
            onclick: () => letBotPlay([Number(seat)]) }, t("standIn.botHere"))
          : null),
      ...linkParts(link, t("lobby.inviteFor", { n: seat }), { share: t("invite.text") })));
  return [el("div", { className: "send-invites", "data-notice": "invites" }, el("p", {}, t(waiting ? "invite.send" : "invite.sendNew")),
    el("ul", { className: "invites" }, ...rows))];
}

/** A friend whose phone died or who went away stops the table at their turn. The creator may let a bot play
 * for them (it gives the seat back as soon as they open their link again), or give their seat to someone new
 * (a new invite link); the others are told why the table waits. A seat a stand-in plays says so. */
function absentees(ctx) {
  const creator = creatorToken(page.table) !== null;
  const parts = [];
  for (const seat of offlineSeen.keys()) if (ctx.presence?.connected.includes(seat)) offlineSeen.delete(seat); // back
  for (const info of ctx.seats || []) {
    if (info.kind === "bot" || info.seat === ctx.me) continue;
    const name = seatName(info.seat, ctx);
    if (info.name === null && info.played_by === null) {
      // Given to someone new, no bot meanwhile: the creator has its link (and "A bot instead") below.
      if (!creator && ctx.obs.current_player === info.seat) {
        parts.push(el("p", { "data-notice": "newcomer", "data-seat": info.seat }, t("standIn.newcomerWait", { n: info.seat })));
      }
      continue;
    }
    const offline = info.played_by === "person" && ctx.presence && !ctx.presence.connected.includes(info.seat);
    const newcomer = creator && info.name !== null
      ? el("button", { type: "button", className: "button small", "data-hand-over": info.seat, disabled: page.standInAsked,
        onclick: () => handOver(info.seat) }, t("standIn.someoneElse"))
      : null;
    if (info.played_by === "bot") {
      // A seat nobody sat in (or given to someone new) waits for whoever opens its link, not for a return.
      const key = info.name === null ? "standIn.playingOpen" : "standIn.playing";
      parts.push(el("p", { "data-notice": "stand-in", "data-seat": info.seat }, t(key, { name }),
        newcomer ? " " : null, newcomer));
      continue;
    }
    if (!offline && info.played_by !== null) continue;
    const notHere = offline ? (notYet(ctx, info.seat) ? "NotYet" : "") : "Left";
    // The creator's offer at once; a player's once the person has been gone a while (the creator's phone may be
    // the one that died), or at once for one who left.
    const offer = (onclick, ...more) => parts.push(el("p", { className: "stand-in-offer", "data-notice": "absent", "data-seat": info.seat },
      el("span", {}, t({ "": "standIn.offline", NotYet: "standIn.notYet", Left: "standIn.left" }[notHere], { name })), " ",
      el("button", { type: "button", className: "button small primary", "data-stand-in": info.seat,
        disabled: page.standInAsked, onclick }, t("standIn.play", { name })), ...more));
    const player = ctx.me !== null && Boolean(page.token);
    if (creator) {
      offer(() => letBotPlay([info.seat]), " ", newcomer);
    } else if (player && (notHere === "Left" || goneFor(info.seat) >= graceMs())) {
      offer(() => askBotFor(info.seat));
    } else if (ctx.obs.current_player === info.seat) {
      if (player) { // the offer comes when the wait is over
        clearTimeout(page.graceTimer);
        page.graceTimer = setTimeout(render, graceMs() - goneFor(info.seat) + 100);
      }
      const key = player ? { "": "standIn.waitsForPlayer", NotYet: "standIn.waitsForNotYetPlayer" }[notHere]
        : { "": "standIn.waitsFor", NotYet: "standIn.waitsForNotYet", Left: "standIn.waitsForLeft" }[notHere];
      parts.push(el("p", { "data-notice": "absent", "data-seat": info.seat }, t(key, { name, s: graceMs() / 1000 })));
    }
  }
  return parts;
}

// Since when (performance.now) this page has seen each person's seat with no page open: after the server's grace
// (welcome.absent_grace) any player may let a bot play for it, as the creator may at once.
const offlineSeen = new Map();

function goneFor(seat) {
  if (!offlineSeen.has(seat)) offlineSeen.set(seat, performance.now());
  return performance.now() - offlineSeen.get(seat);
}

const graceMs = () => (page.conn.welcome?.absent_grace ?? 60) * 1000;

/** One request about someone's seat at a time (a bot for them, their seat to someone new), its refusal shown. */
async function seatRequest(call) {
  if (page.standInAsked) return;
  page.standInAsked = true;
  render();
  try {
    await call();
    page.error = "";
  } catch (e) {
    page.error = enginePhrase(e.message); // (a player's ask: back meanwhile, or seen gone before the server saw it)
  }
  page.standInAsked = false;
  render();
}

const askBotFor = (seat) => seatRequest(() => api.askStandIn(page.table, page.token, seat));

/** The creator gives a seat to someone new: its new invite link joins the links this browser keeps. */
const handOver = (seat) => seatRequest(async () => {
  const answer = await api.invite(page.table, creatorToken(page.table), seat);
  rememberInvites(page.table, { ...rememberedInvites(page.table, "newInvites"), [seat]: answer.invite }, "newInvites");
});

// The table's stand-in level if it has one (the lobby's "if a player leaves"), otherwise medium.
const letBotPlay = (seats) => seatRequest(() => api.standIn(page.table, creatorToken(page.table),
  page.conn.welcome?.stand_in || "medium", seats));

/** Leave the seat for good (a friend who has to go): the table's stand-in bot, if it has one, plays it from its
 * next turn; opening the link again takes it back. Then the lobby. */
async function leaveTable() {
  try {
    await api.leave(page.table, page.token);
  } catch (e) {
    page.overlay = null;
    page.error = enginePhrase(e.message);
    render();
    return;
  }
  page.conn.close();
  // Left for good: the lobby lists it no more among this browser's games in progress (the link still opens it).
  forgetSeat(page.table);
  window.location.href = "/";
}

function replayHref(ctx) {
  const deals = Math.max(1, endIndices(ctx.events).length, ctx.obs.match?.deal || 0);
  return `/t/${encodeURIComponent(page.table)}/replay#deal=${deals}${ctx.me === null ? "" : `&seat=${ctx.me}`}`;
}

let summaryDrawn = null; // what the summary on show was drawn from

function drawOverlay(ctx) {
  const box = $("overlay");
  if (page.overlay !== "summary") summaryDrawn = null;
  if (page.overlay === "last-trick") {
    box.hidden = false;
    box.replaceChildren(el("div", { className: "dialog", role: "dialog", "aria-modal": "true", "aria-label": t("trick.last") },
      el("h2", {}, t("trick.last")), lastTrickPanel(ctx),
      el("button", { type: "button", className: "button", onclick: () => { page.overlay = null; render(); } }, t("summary.close"))));
    return;
  }
  if (page.overlay === "leave") {
    if (box.querySelector("[data-leave=confirm]")) return; // drawn already: keep the focus where it is
    const level = ctx.welcome.stand_in;
    box.hidden = false;
    box.replaceChildren(el("div", { className: "dialog", role: "dialog", "aria-modal": "true", "aria-labelledby": "leave-title" },
      el("h2", { id: "leave-title" }, t("leave.title")),
      el("p", {}, level ? t("leave.standIn", { level: has(`level.${level}`) ? t(`level.${level}`) : level }) : t("leave.waits")),
      el("div", { className: "dialog-buttons" },
        el("button", { type: "button", className: "button primary", "data-leave": "confirm", onclick: leaveTable }, t("leave.confirm")),
        el("button", { type: "button", className: "button", "data-leave": "stay", onclick: () => { page.overlay = null; render(); } }, t("leave.stay")))));
    return;
  }
  if (page.overlay === "summary") {
    const ends = endIndices(ctx.events);
    const summary = ends.length ? dealSummary(ctx, ends[ends.length - 1]) : summaryFromObservation(ctx);
    const finished = ctx.status === "finished" || ctx.obs.current_player === null;
    const matchOver = Boolean(summary.matchEnd) || Boolean(ctx.obs.match?.over);
    box.hidden = false;
    const replay = ctx.status === "finished" ? replayHref(ctx) : null;
    // Drawn again only when what it shows changed: a redraw for a message that changes nothing in it (someone's
    // connection, the number watching) lost a press on *Next deal* under the finger, and a phone's scroll.
    const key = JSON.stringify([ctx.obs, ctx.status, ctx.me, ctx.welcome.seats, page.rematch, document.documentElement.lang]);
    if (summaryDrawn === key) return;
    summaryDrawn = key;
    box.replaceChildren(summaryPanel(summary, ctx, { onNext: closeSummary, onRematch: rematch, onClose: closeSummary, matchOver, finished, replayHref: replay, rematchReady: Boolean(page.rematch) }));
    return;
  }
  if (page.overlay !== "name") {
    box.hidden = true;
    box.replaceChildren();
  }
}

// ---- connecting -------------------------------------------------------------------------------------------------
function onChange(change) {
  const banner = $("connection");
  if (change.kind === "status") {
    banner.hidden = change.status === "open";
    banner.textContent = change.status === "reconnecting" ? t("connection.reconnecting") : change.status === "closed" ? t("connection.closed") : t("connection.connecting");
    banner.dataset.state = change.status;
  }
  if (change.kind === "error") {
    const error = change.error;
    if (error.code === "bad_token" || error.code === "unknown_table") {
      page.conn.close();
      if (error.code === "bad_token") showBadLink();
      else showFatal(capitalized(enginePhrase(error.message)));
      return;
    }
    // A stale version is the second of two quick taps (or a resend of a move taken): nothing to tell.
    if (error.code !== "stale_version") page.error = enginePhrase(error.message);
    // A move the rate limit dropped is sent again (client.js): the warning lasts until the table moves on.
    page.errorPasses = error.code === "rate_limited";
    // A refused comanda is shown in the comanda box itself, its faulty word marked.
    if (error.code === "illegal_action" && /^comanda\s/i.test(page.lastSent || "")) {
      page.refusedComanda = { text: page.lastSent.replace(/^comanda\s+/i, ""), message: error.message };
      page.error = "";
    }
  }
  // Only the number watching changed: the eye alone is redrawn, not the hand a player may be about to tap.
  const { presence, previous } = change;
  if (change.kind === "presence" && previous && page.conn.observation && String(presence.connected) === String(previous.connected)
      && String(presence.awaited) === String(previous.awaited)) {
    showWatching(context());
    return;
  }
  if (change.said?.length) heard(change.said);
  if (change.kind === "rematch") page.rematch = change.rematch;
  if ((change.kind === "welcome" || change.kind === "table") && page.conn.welcome?.status === "finished") lookForRematch();
  if (change.kind === "events" || change.kind === "snapshot") {
    page.error = page.error && change.kind === "events" && !page.errorPasses ? page.error : "";
  }
  render();
}

/** Someone said something: a bubble by their seat, a count on *Scores* while the panel is out of sight, and one in
 * the tab's title while the page is in another tab. */
function heard(said) {
  showBubbles($("felt"), said);
  const others = said.filter((m) => m.seat !== page.conn.welcome?.seat).length;
  if (document.hidden) page.unseen += others;
  const side = $("side");
  if (others && (!side.getClientRects().length || side.getBoundingClientRect().top > window.innerHeight)) page.unread += others;
}

function showUnread() {
  const toggle = $("panel-toggle");
  if (page.unread) toggle.dataset.unread = String(page.unread);
  else delete toggle.dataset.unread;
  const words = page.unread ? t("chat.unread", { n: page.unread }) : "";
  toggle.title = words;
  toggle.textContent = t("panel.toggle");
  // (The count is drawn by the style sheet: a screen reader is told it in words.)
  if (words) toggle.setAttribute("aria-label", `${t("panel.toggle")}, ${words}`);
  else toggle.removeAttribute("aria-label");
}

function sayAtTable(what) {
  page.error = "";
  return page.conn.say(what);
}

let rematchLooked = false;

/** A finished table opened later (a reload, the old invite link): whether someone started its rematch. */
async function lookForRematch() {
  if (rematchLooked || page.rematch) return;
  rematchLooked = true;
  try {
    const info = await api.rematchOf(page.table);
    if (info.rematch && !page.rematch) {
      page.rematch = info.rematch;
      render();
    }
  } catch {
    rematchLooked = false;
  }
}

/** A link cut short or mistyped (or a seat given to someone else): said in the interface's words, with the
 * public view offered instead. */
function showBadLink() {
  forgetSeat(page.table);
  showFatal(t("table.badLink"), el("a", { href: `/t/${encodeURIComponent(page.table)}`, className: "button" }, t("lobby.watch")));
}

function showFatal(message, ...more) {
  $("felt").replaceChildren(el("div", { className: "fatal", role: "alert" }, el("p", {}, message), ...more,
    el("a", { href: "/", className: "button" }, t("table.toLobby"))));
  $("connection").hidden = true;
  document.body.dataset.ready = "true";
}

function askName(then, name = "", cancellable = false, table = null) {
  page.overlay = "name";
  const box = $("overlay");
  const input = el("input", { id: "name-input", value: playerName() || name, maxLength: 40, required: true, autocomplete: "nickname" });
  const form = el("form", { className: "dialog", role: "dialog", "aria-modal": "true", "aria-labelledby": "name-title" },
    el("h2", { id: "name-title" }, t("table.nameTitle")),
    table ? inviteAbout(table) : null,
    el("label", { htmlFor: "name-input" }, t("lobby.name")), input,
    el("div", { className: "dialog-buttons" },
      el("button", { type: "submit", className: "button primary" }, t("table.sit")),
      cancellable ? el("button", { type: "button", className: "button", "data-name": "cancel", onclick: () => {
        page.overlay = null;
        box.hidden = true;
        render();
      } }, t("table.justWatch")) : null));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const name = setPlayerName(input.value);
    if (!name) return;
    page.overlay = null;
    box.hidden = true;
    then(name);
  });
  box.hidden = false;
  box.replaceChildren(form);
  input.focus();
}

/** What a friend's invite link opens, above the name it asks: the game and who is at the table already ("Briscola,
 * 4 players" / "At the table: Ann, Bot 1, Bot 3"), as the link's preview said in the chat; the dialog alone, over
 * an empty table, said nothing of what the name was for. */
function inviteAbout(table) {
  const seats = table.seats || [];
  const names = seats.filter((s) => s.seat !== table.seat && (s.name || s.kind === "bot"))
    .map((s) => s.name || t("seat.bot", { n: s.seat }));
  const game = tableTitle(table.title || table.game, table.options);
  return el("div", { className: "invite-about" },
    el("p", { className: "invite-game" }, t("preview.title", { game, n: seats.length })),
    names.length ? el("p", { className: "muted" }, t("lobby.seated", { names: names.join(", ") })) : null,
    el("p", {}, rulesLink(tableRulesHref(table.table), game)));
}

function start(name) {
  page.conn = new TableConnection({ table: page.table, token: page.token, name, onChange });
  page.conn.connect();
}

function wireChrome() {
  $("last-trick").addEventListener("click", () => {
    page.overlay = page.overlay === "last-trick" ? null : "last-trick";
    render();
  });
  $("panel-toggle").addEventListener("click", () => {
    page.sidePanel = !page.sidePanel;
    const unread = page.unread;
    if (page.sidePanel) page.unread = 0;
    showUnread();
    document.body.classList.toggle("side-open", page.sidePanel);
    $("panel-toggle").setAttribute("aria-expanded", String(page.sidePanel));
    // An upright phone opens the panel under the hand, at the screen's foot or below it: the tap seemed to do
    // nothing. Beside the table (sideways, a desktop) it is in sight already. Opened for what was said (the count
    // on the button), the chat is shown, under the points and the narrative.
    const side = $("side");
    const chat = side.querySelector(".chat-block");
    if (page.sidePanel && unread && chat) {
      chat.scrollIntoView({ behavior: "smooth", block: "end" });
    } else if (page.sidePanel && side.getBoundingClientRect().top > window.innerHeight / 2) {
      side.scrollIntoView({ behavior: "smooth", block: "start" });
    }
  });
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden && page.unseen) {
      page.unseen = 0;
      render();
    }
  });
  // A turned phone or a resized window redraws (the hand's rows depend on the width).
  let resizeTimer = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(render, 120);
  });
  document.addEventListener("keydown", (event) => {
    // Typing a card code anywhere on the page (outside a text box) goes to the hand: Kb then Enter plays it.
    const typing = event.target.closest?.("input, textarea, select, .hand");
    if (!typing && !page.overlay && event.key.length === 1 && /[0-9a-z]/i.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      const card = document.querySelector(".hand .card[tabindex='0']");
      if (card) {
        event.preventDefault();
        card.focus();
        typeIntoHand(event.key);
      }
      return;
    }
    if (event.key === "Escape" && page.overlay && page.overlay !== "name") {
      if (page.overlay === "summary") closeSummary();
      else {
        page.overlay = null;
        render();
      }
    }
  });
  $("lang-slot").replaceChildren(languageSwitch(() => {
    wireLanguage();
    render();
  }));
}

function wireLanguage() {
  $("lang-slot").replaceChildren(languageSwitch(() => {
    wireLanguage();
    render();
  }));
  showUnread();
}

async function main() {
  listenForFirstTap();
  await loadLanguage();
  const address = tableAddress();
  page.table = address.table;
  wireChrome();
  wireLanguage();
  if (!page.table) {
    showFatal(t("table.noTable"));
    return;
  }
  page.token = address.token || rememberedSeat(page.table);
  if (address.token === "" && !page.token) {  // "#token=" and nothing after it: a seat's link cut short
    showBadLink();
    return;
  }
  if (address.token) {
    rememberSeat(page.table, address.token);
    // The seat's secret leaves the address bar: the address a player copies or shares, to let a friend watch, was
    // their own seat (whoever opened it played their cards). A reload finds the token where it is kept.
    history.replaceState(history.state, "", `${window.location.pathname}${window.location.search}`);
  }
  page.dismissedEnds = Number(sessionStorage.getItem(`trionfi.summaries.${page.table}`) || 0);
  if (page.token && !playerName()) {
    // A wrong or expired link says so at once, before asking a name for a seat that is not there; the link
    // of a seat its person already sat in (opened on another device) offers their name.
    const known = await api.seat(page.table, page.token).catch((e) => e);
    if (known instanceof ApiError && known.status === 404) showFatal(enginePhrase(known.message));
    else if (known instanceof ApiError && known.code === "bad_token") showBadLink();
    else askName(start, known instanceof ApiError ? "" : known.seats?.[known.seat]?.name || "", false, known instanceof ApiError ? null : known);
  } else start(page.token ? playerName() : null);
}

main();
