// The player's hand: sorted by suit then by the game's rank order, fanned, playable cards raised and the others
// dimmed, played by click, tap or keyboard (arrows + Enter, or the card code typed then Enter).

import { allCodes, cardName, cardSVG, parseCard } from "./cards.js";
import { el } from "./dom.js";
import { t } from "./i18n.js";

/**
 * The hand in display order. The rank order is the game's: Trionfetti's `ranking` tiers (the comanda's, lowest
 * first), else the table's `card_order` (the welcome's: lowest first, "*" or the one of the trump suit where the
 * trump changes it); the pack's order (A 2 3 ... K) only if neither came. Suits keep the pack's order with the
 * trump suit last, so that the trumps sit together at the right.
 */
export function sortHand(hand, obs, family, cardOrder = null) {
  const rank = new Map();
  const order = Array.isArray(cardOrder) ? cardOrder : cardOrder?.[obs.trump] || cardOrder?.["*"];
  if (Array.isArray(obs.ranking) && obs.ranking.length) {
    obs.ranking.forEach((tier, i) => tier.forEach((code) => rank.set(code.toLowerCase(), i)));
  } else if (Array.isArray(order)) {
    order.forEach((code, i) => rank.set(code.toLowerCase(), i));
  } else {
    allCodes(family).forEach((code, i) => rank.set(code.toLowerCase(), i));
  }
  const suits = [...new Set(allCodes(family).map((code) => parseCard(code, family).suit))];
  const suitKey = (card) => {
    if (card.kind !== "suit") return 100; // tarot trumps and the Fool after every suit
    return card.suit === obs.trump ? 50 : suits.indexOf(card.suit);
  };
  const keyed = hand.map((code) => {
    const card = parseCard(code, family);
    return { code, suit: suitKey(card), rank: rank.get(String(code).toLowerCase()) ?? 999 };
  });
  keyed.sort((a, b) => a.suit - b.suit || a.rank - b.rank);
  return keyed.map((k) => k.code);
}

const drawn = new WeakMap(); // box -> what its hand was drawn from

/**
 * Render the hand into `box`. `plays` maps a card code to the action that card sends now (a play, or a discard
 * in a discard phase); `onPlay(action)` is called once per choice. `locked` disables every card (an action is
 * waiting for the server's answer).
 */
export function renderHand(box, { cards, family, plays, locked, onPlay, label }) {
  const focused = document.activeElement?.closest?.(".hand .card")?.dataset.card;
  if (!cards.length) {
    box.replaceChildren();
    drawn.delete(box);
    return;
  }
  // A big hand on a narrow screen is two rows, so that each card stays large enough to read and to tap.
  // (The hand's own width: on a phone turned sideways it has a column beside the table.)
  const width = box.clientWidth || window.innerWidth;
  const rows = cards.length > 9 && width < 700 ? 2 : 1;
  // The table is redrawn at every message (someone's connection, a word said, the number watching): a hand that
  // would be drawn the same is left as it is, so that a card under a finger or the keyboard's focus stays.
  const key = JSON.stringify([cards, [...plays], locked, label, rows, family, document.documentElement.lang]);
  if (drawn.get(box) === key && box.firstChild) return;
  drawn.set(box, key);
  const hand = el("div", { className: "hand-rows", role: "group", "aria-label": label });
  const perRow = Math.ceil(cards.length / rows);
  for (let r = 0; r < rows; r++) {
    hand.append(handRow(cards.slice(r * perRow, (r + 1) * perRow), { family, plays, locked, onPlay }));
  }
  box.replaceChildren(hand);
  // Roving focus: one card is reachable with Tab, the arrows move between cards.
  const buttons = [...hand.querySelectorAll(".card")];
  const start = buttons.findIndex((b) => b.dataset.card === focused);
  const first = start >= 0 ? start : Math.max(0, buttons.findIndex((b) => b.classList.contains("playable")));
  if (buttons[first]) buttons[first].tabIndex = 0;
  if (start >= 0) buttons[start].focus({ preventScroll: true });
  hand.addEventListener("keydown", (event) => handKey(event, buttons, plays, locked, onPlay));
}

function handRow(cards, { family, plays, locked, onPlay }) {
  const row = el("div", { className: "hand-cards" });
  const n = cards.length;
  cards.forEach((code, i) => {
    const action = plays.get(code.toLowerCase());
    const playable = action !== undefined && !locked;
    const name = cardName(code, family);
    const state = action === undefined ? t("hand.notPlayable") : locked ? t("hand.wait") : t("hand.playable");
    const button = el("button", {
      type: "button",
      className: `card ${playable ? "playable" : "dimmed"}`,
      "data-card": code,
      "aria-label": `${name}, ${state}`,
      "aria-disabled": playable ? "false" : "true",
      tabIndex: -1,
      html: cardSVG(code, family, { label: false }),
    });
    // The fan: a slight turn and drop towards the ends.
    const offset = n > 1 ? i - (n - 1) / 2 : 0;
    button.style.setProperty("--turn", `${(offset * Math.min(4, 24 / n)).toFixed(2)}deg`);
    button.style.setProperty("--drop", `${(Math.abs(offset) ** 1.6 * Math.min(2.2, 14 / n)).toFixed(1)}px`);
    button.style.zIndex = String(i + 1);
    button.addEventListener("click", () => {
      if (playable) onPlay(action, code);
    });
    row.append(button);
  });
  row.style.setProperty("--cards", String(Math.max(n, 1)));
  // Few cards lie side by side; many overlap so that the hand still fits a phone's width.
  row.style.setProperty("--overlap", String(n <= 3 ? 0.06 : n <= 6 ? 0.22 : n <= 10 ? 0.4 : 0.5));
  return row;
}

let typed = "";
let typedTimer = null;

function handKey(event, buttons, plays, locked, onPlay) {
  const index = buttons.indexOf(document.activeElement);
  const move = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  if (move && index >= 0) {
    event.preventDefault();
    const next = buttons[(index + move + buttons.length) % buttons.length];
    buttons.forEach((b) => (b.tabIndex = -1));
    next.tabIndex = 0;
    next.focus();
    return;
  }
  if (event.key === "Home" || event.key === "End") {
    event.preventDefault();
    (event.key === "Home" ? buttons[0] : buttons[buttons.length - 1])?.focus();
    return;
  }
  if (event.key === "Enter" && typed) {
    // A typed card code: the card whose code it is, if it may be played now.
    event.preventDefault();
    const action = plays.get(typed.toLowerCase());
    const code = typed;
    setTyped("");
    if (action !== undefined && !locked) onPlay(action, code);
    else showTyped(t("hand.cannotType", { code }));
    return;
  }
  if (event.key === "Escape") {
    setTyped("");
    return;
  }
  if (event.key === "Backspace" && typed) {
    event.preventDefault();
    setTyped(typed.slice(0, -1));
    return;
  }
  if (event.key.length === 1 && /[0-9a-z]/i.test(event.key) && !event.ctrlKey && !event.metaKey) {
    event.preventDefault();
    setTyped(typed + event.key);
  }
}

function setTyped(text) {
  typed = text.slice(0, 4);
  clearTimeout(typedTimer);
  if (typed) typedTimer = setTimeout(() => setTyped(""), 4000);
  showTyped(typed ? t("hand.typed", { code: typed }) : "");
}

function showTyped(text) {
  const hint = document.getElementById("typed-hint");
  if (hint) hint.textContent = text;
}

/** Type a card code into the hand from outside (the page-wide key handler sends letters here). */
export function typeIntoHand(key) {
  setTyped(typed + key);
}
