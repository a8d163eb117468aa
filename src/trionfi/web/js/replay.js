// The replay viewer (/t/TABLE/replay#deal=N&step=K): a finished table step by step, every hand face up. The
// steps come from the server (GET /api/tables/TABLE/replay: the spectators' observation and every hand after
// each action); this page only moves between them and draws them with the table's own drawing functions.

import { deckFamily } from "./cards.js";
import { api } from "./client.js";
import { el } from "./dom.js";
import { sortHand } from "./hand.js";
import { enginePhrase, languageSwitch, loadLanguage, t } from "./i18n.js";
import { tableTitle } from "./options.js";
import { faceCard, narrate, renderFelt, renderSide, seatName } from "./tableview.js";

const $ = (id) => document.getElementById(id);

const view = {
  table: null,
  replay: null, // the server's answer for the deal shown
  step: 0,
  me: null, // the seat drawn at the bottom (the table page's viewer), else seat 0
  sidePanel: false,
};

/** The table id from /t/ID/replay (or /replay.html#table=ID), the deal and step from the fragment. */
function address() {
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ""));
  const path = /\/t\/([A-Za-z0-9_-]+)\/replay\/?$/.exec(window.location.pathname);
  const number = (key) => (/^\d+$/.test(fragment.get(key) || "") ? Number(fragment.get(key)) : null);
  // seat: whose place is drawn at the bottom (the table page sends its viewer's seat); every hand is shown.
  return { table: path ? path[1] : fragment.get("table"), deal: number("deal") || 1, step: number("step"), seat: number("seat") };
}

// ---- the context the table's drawing functions read --------------------------------------------------------------
function context() {
  const replay = view.replay;
  const step = replay.steps[view.step];
  const n = step.hands.length;
  // Every hand face up, listed under the table (a tarot hand of 19 cards does not fit beside a seat).
  const obs = { ...step.observation, hand_sizes: step.hands.map((hand) => hand.length) };
  const events = replay.steps.slice(0, view.step + 1).flatMap((s) => s.events);
  return {
    obs, me: null, n, events, seats: replay.seats, status: "finished", bottom: view.me ?? 0, handsBelow: true, hands: step.hands,
    family: deckFamily(obs.deck || (obs.game === "troccas" ? "tarot78" : "italian40")),
    clockwise: obs.game === "trijumf", plays: new Map(), connection: "open",
  };
}

// ---- drawing ----------------------------------------------------------------------------------------------------
function render() {
  const replay = view.replay;
  const ctx = context();
  const last = replay.steps.length - 1;
  const title = tableTitle(replay.title, replay.options || {});
  document.title = `trionfi · ${title} · ${t("replay.title")}`;
  $("table-title").textContent = `${title} · ${t("replay.title")}${replay.deals > 1 ? ` · ${t("replay.dealN", { n: replay.deal })}` : ""}`;
  renderFelt($("felt"), ctx);
  everyHand($("hands"), ctx);
  $("felt").setAttribute("aria-label", t("replay.felt", { step: view.step, last }));
  $("status").textContent = stepText(ctx);
  renderSide($("side"), ctx);
  renderControls();
  $("panel-toggle").textContent = t("panel.toggle");
  const record = $("record-link");
  record.hidden = false;
  record.href = `/api/tables/${encodeURIComponent(view.table)}/record`;
  record.textContent = t("replay.record");
  history.replaceState(null, "", `#deal=${replay.deal}&step=${view.step}${view.me === null ? "" : `&seat=${view.me}`}`);
  document.body.dataset.step = String(view.step);
  document.body.dataset.deal = String(replay.deal);
  document.body.dataset.ready = "true";
}

/** Every seat's hand face up under the table, the bottom seat's first, then in the order of play. */
function everyHand(box, ctx) {
  const rows = [];
  for (let k = 0; k < ctx.n; k++) {
    const seat = (ctx.bottom + k) % ctx.n;
    const cards = sortHand(ctx.hands[seat], ctx.obs, ctx.family, view.replay.card_order);
    const turn = ctx.obs.current_player === seat;
    const row = el("div", { className: "hand-cards" }, ...cards.map((code) => faceCard(code, ctx, "card")));
    row.style.setProperty("--cards", String(Math.max(cards.length, 1)));
    row.style.setProperty("--overlap", String(cards.length <= 6 ? 0.08 : cards.length <= 10 ? 0.3 : 0.45));
    rows.push(el("li", { className: `replay-hand${turn ? " turn" : ""}`, "data-seat": seat },
      el("span", { className: "replay-hand-name" }, turn ? el("span", { className: "turn-mark", "aria-hidden": "true" }, "▶ ") : null,
        seatName(seat, ctx), el("span", { className: "muted-count" }, ` · ${t(cards.length === 1 ? "seat.card1" : "seat.cards", { n: cards.length })}`)),
      row));
  }
  box.replaceChildren(el("h2", { className: "sr-only" }, t("replay.hands")), el("ul", { className: "replay-hands", "aria-label": t("replay.hands") }, ...rows));
}

/** What this step shows, in words: the action and what it caused. */
function stepText(ctx) {
  const step = view.replay.steps[view.step];
  const lines = step.events.map((e) => narrate(e, ctx)).filter(Boolean);
  if (view.step === 0) return [t("replay.dealt", { name: seatName(view.replay.dealer, ctx) }), ...lines.slice(1)].join(" · ");
  return lines.join(" · ") || t("log.acts", { name: seatName(step.seat, ctx), what: step.action });
}

// The step buttons' signs, drawn (the fonts of some phones lack the media symbols ⏮ ⏭).
const sign = (path) => `<svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true"><path d="${path}" fill="currentColor"/></svg>`;
const ICONS = {
  start: sign("M4 3h2.5v14H4zM17 3v14L7 10z"),
  back: sign("M15 3v14L4 10z"),
  forward: sign("M5 3v14l11-7z"),
  end: sign("M13.5 3H16v14h-2.5zM3 3v14l10-7z"),
};

function button(label, name, onclick, disabled, icon) {
  return el("button", { type: "button", className: "button", "data-replay": name, "aria-label": label, title: label, disabled, onclick,
    html: icon });
}

function renderControls() {
  const replay = view.replay;
  const last = replay.steps.length - 1;
  const at = view.step;
  const steps = el("div", { className: "replay-steps", role: "group", "aria-label": t("replay.steps") },
    button(t("replay.start"), "start", () => go(0), at === 0, ICONS.start),
    button(t("replay.back"), "back", () => go(at - 1), at === 0, ICONS.back),
    el("span", { className: "replay-count", "aria-live": "polite" }, t("replay.stepOf", { step: at, last })),
    button(t("replay.forward"), "forward", () => go(at + 1), at === last, ICONS.forward),
    button(t("replay.end"), "end", () => go(last), at === last, ICONS.end));
  const slider = el("input", { type: "range", id: "replay-slider", min: 0, max: last, value: at, "aria-label": t("replay.slider") });
  slider.addEventListener("input", () => go(Number(slider.value)));
  const parts = [steps, slider];
  if (replay.tricks.length) {
    // Jump to a trick: the step at which it was taken (its cards on the table, and who took them).
    const current = replay.tricks.indexOf(at);
    const select = el("select", { id: "replay-trick" },
      el("option", { value: "", selected: current < 0 }, "—"),
      ...replay.tricks.map((stepAt, i) => el("option", { value: stepAt, selected: i === current }, t("replay.trickN", { n: i + 1 }))));
    select.addEventListener("change", () => select.value !== "" && go(Number(select.value)));
    parts.push(el("div", { className: "field inline" }, el("label", { htmlFor: "replay-trick" }, t("replay.jump")), select));
  }
  if (replay.deals > 1) {
    const deals = el("select", { id: "replay-deal" },
      ...Array.from({ length: replay.deals }, (_, i) => el("option", { value: i + 1, selected: i + 1 === replay.deal }, t("replay.dealN", { n: i + 1 }))));
    deals.addEventListener("change", () => load(Number(deals.value), 0));
    parts.push(el("div", { className: "field inline" }, el("label", { htmlFor: "replay-deal" }, t("replay.deal")), deals));
  }
  parts.push(el("a", { className: "button small ghost", href: `/t/${encodeURIComponent(view.table)}` }, t("replay.toTable")));
  const box = $("controls");
  const focused = document.activeElement?.dataset?.replay;
  box.replaceChildren(...parts);
  if (focused) {
    // Keep the focus on the button pressed (or on its neighbour when it became disabled at either end).
    const again = box.querySelector(`[data-replay="${focused}"]:not([disabled])`) || box.querySelector("[data-replay]:not([disabled])");
    again?.focus();
  }
}

function go(step) {
  const last = view.replay.steps.length - 1;
  view.step = Math.max(0, Math.min(last, step));
  render();
}

// ---- loading ------------------------------------------------------------------------------------------------------
async function load(deal, step) {
  try {
    view.replay = await api.replay(view.table, deal);
  } catch (e) {
    showFatal(enginePhrase(e.message));
    return;
  }
  // From the deal as dealt, every hand face up: the end, where it opened, showed empty hands and a bare table to
  // someone who pressed Replay to watch the deal again. A link to a moment keeps its step.
  view.step = step === null ? 0 : step;
  go(view.step);
}

function showFatal(message) {
  $("felt").replaceChildren(el("div", { className: "fatal", role: "alert" }, el("p", {}, message),
    el("a", { href: view.table ? `/t/${encodeURIComponent(view.table)}` : "/", className: "button" }, t("replay.toTable"))));
  document.body.dataset.ready = "true";
}

function wire() {
  document.addEventListener("keydown", (event) => {
    if (!view.replay || event.target.closest?.("input, select, textarea")) return;
    const move = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (move) {
      event.preventDefault();
      go(view.step + move);
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      go(event.key === "Home" ? 0 : view.replay.steps.length - 1);
    }
  });
  $("panel-toggle").addEventListener("click", () => {
    view.sidePanel = !view.sidePanel;
    document.body.classList.toggle("side-open", view.sidePanel);
    $("panel-toggle").setAttribute("aria-expanded", String(view.sidePanel));
  });
  const languages = () => $("lang-slot").replaceChildren(languageSwitch(() => {
    languages();
    if (view.replay) render();
  }));
  languages();
}

async function main() {
  await loadLanguage();
  wire();
  const where = address();
  view.table = where.table;
  if (!view.table) {
    showFatal(t("table.noTable"));
    return;
  }
  view.me = where.seat;
  await load(where.deal, where.step);
}

main();
