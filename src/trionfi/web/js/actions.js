// Every action that is not a plain card play, as a clear control: a button per action (claim, cut / knock /
// flip, rob, declare, vagaresto, accept...), a list for long choices (bids), the talk and signals with their
// audience, and Trionfetti's comanda typed in a text box with a live preview of the ranking it sets.
// The actions come from the observation's legal_actions: nothing here decides what is allowed.

import { api, hasEndpoint } from "./client.js";
import { cardName, parseCard, suitSign } from "./cards.js";
import { el } from "./dom.js";
import { enginePhrase, has, language, t } from "./i18n.js";

const TALK = new Set(["say", "signal", "ask", "order", "view"]);
// Actions naming one card of the hand that are chosen by tapping that card (laying cards away).
const HAND_KINDS = new Set(["discard"]);
const LIST_AT = 7; // a family of more actions than this is a list with one button, not a row of buttons

/** The first word of an action's text: the family it belongs to. */
export const kindOf = (action) => action.split(/\s+/)[0].toLowerCase();

function isCard(token, family) {
  try {
    parseCard(token, family);
    return true;
  } catch {
    return false;
  }
}

/**
 * Split the legal actions: `plays` maps a hand card (lower-case code) to the action it sends when tapped
 * (a card play, or a discard), `others` lists the rest in their families, in the order the engine gives.
 */
export function splitActions(legal, hand, family) {
  const inHand = new Map(hand.map((c) => [c.toLowerCase(), c]));
  const plays = new Map();
  const groups = new Map();
  for (const action of legal) {
    const lower = action.toLowerCase();
    if (inHand.has(lower)) {
      plays.set(lower, action);
      continue;
    }
    const [word, arg, ...rest] = action.split(/\s+/);
    if (HAND_KINDS.has(word.toLowerCase()) && arg && !rest.length && inHand.has(arg.toLowerCase())) {
      if (!plays.has(arg.toLowerCase())) plays.set(arg.toLowerCase(), action);
    }
    const kind = kindOf(action);
    if (!groups.has(kind)) groups.set(kind, []);
    groups.get(kind).push(action);
  }
  // A discard also stays as a button (with the card's name): tapping the card is a shortcut.
  return { plays, others: [...groups.entries()].map(([kind, actions]) => ({ kind, actions })) };
}

/** Whether an action plays several cards of the hand at once ("Ks+Js"). */
const isTogether = (action, family) => !/\s/.test(action) && action.includes("+") && action.split("+").every((c) => isCard(c, family));

/** A short chip for a card inside a button: its index and suit sign, with the card's name for screen readers. */
function cardChip(code, family) {
  const card = parseCard(code, family);
  const index = card.kind === "fool" ? "★" : card.kind === "trump" ? card.rank : card.rank;
  const sign = card.kind === "suit" ? suitSign(card.family, card.suit, 9, 9, 16) : "";
  return el("span", { className: "chip", role: "img", "aria-label": cardName(code, family) },
    el("span", { className: "chip-rank", "aria-hidden": "true" }, index),
    sign ? el("span", { className: "chip-suit", "aria-hidden": "true", html: `<svg viewBox="0 0 18 18">${sign}</svg>` }) : null);
}

/** What a bid names (Chiamata's "bid K"): a rank in words, in the interface's language ("re"), or points. */
export function bidText(bid, family) {
  const word = bid.replace(/^bid\s+/i, "");
  return has(`rank.${family}.${word}`) ? t(`rank.${family}.${word}`) : word;
}

/** The label of an action: its verb in the interface's language, cards as chips, the rest as the engine writes. */
export function actionLabel(action, family, who = null) {
  const words = action.split(/\s+/);
  const kind = words[0].toLowerCase();
  const whole = `action.${action.toLowerCase()}`;
  if (has(whole)) return [t(whole)];
  // Triomphe's dealer names the next dealer: the seat by the name its badge shows, not its number. (`who`: the
  // viewer's seat and the seats' names.)
  if (kind === "next" && words[1] === "dealer" && who) {
    const seat = Number(words[2]);
    return [seat === who.me ? t("action.nextDealerYou") : t("action.nextDealer", { name: who.name(seat) })];
  }
  // Troccas' king and jack played together ("Ks+Js"): the two cards as chips, after a verb.
  if (isTogether(action, family)) {
    return [t("action.together"), ...words[0].split("+").flatMap((c, i) => [i ? "+" : " ", cardChip(c, family)])];
  }
  const parts = [has(`action.${kind}`) ? t(`action.${kind}`) : words[0]];
  if (kind === "bid" && words.length === 2) return [...parts, ` ${bidText(action, family)}`];
  for (const word of words.slice(1)) {
    const cards = word.split("+");
    if (cards.every((c) => isCard(c, family))) {
      cards.forEach((c, i) => parts.push(i ? "+" : " ", cardChip(c, family)));
    } else {
      parts.push(` ${has(`talk.${word.toLowerCase()}`) ? t(`talk.${word.toLowerCase()}`) : word}`);
    }
  }
  return parts;
}

/** The words of a talk action in the interface's language, when the language file has the phrase. */
function talkLabel(action) {
  const [word, ...rest] = action.split(/\s+/);
  const phrase = rest.join(" ");
  const key = `talk.${phrase.toLowerCase()}`;
  return has(key) ? t(key) : enginePhrase(phrase) || word;
}

/** An action's label as words, for a screen reader or a list's option: each card chip by its name, and the "+"
 * between two cards as "and" ("Play both king of swords and jack of swords"); the narrative's words too. */
export function plainLabel(parts) {
  return parts.map((p) => (p instanceof Node ? p.getAttribute("aria-label") : p === "+" ? ` ${t("action.and")} ` : p))
    .join("");
}

function actionButton(action, family, send, locked, who) {
  const label = actionLabel(action, family, who);
  const plain = plainLabel(label);
  return el("button", {
    type: "button", className: "button action", "data-action": action, disabled: locked,
    "aria-label": plain, onclick: () => send(action),
  }, ...label);
}

/** The controls of the non-card actions; `send(action)` sends one (once: the caller locks until answered). */
export function renderActions(box, { groups, family, send, locked, obs, cardPlays = false, refused = null, allowExplicit = true, who = null }) {
  // The table is redrawn at every message (someone's connection, a word said, the number watching): buttons that
  // would be drawn the same are left as they are, so that a press is not lost under a finger, nor a bid chosen
  // in a list put back to the list's first.
  const seats = who ? Array.from({ length: obs?.players || 0 }, (_, seat) => who.name(seat)) : [];
  const key = JSON.stringify([groups, family, locked, obs?.game, cardPlays, refused, allowExplicit, who?.me, seats,
    document.documentElement.lang]);
  if (drawn.get(box) === key) return;
  drawn.set(box, key);
  // A redraw keeps what is being typed in the comanda box, and the focus there; and a choice made in a list.
  const chosen = new Map([...box.querySelectorAll(".action-list select")].map((select) => [select.id, select.value]));
  const typing = box.querySelector("#comanda-text");
  const kept = typing ? { value: typing.value, focused: document.activeElement === typing } : null;
  const parts = [];
  const talk = [];
  for (const { kind, actions } of groups) {
    if (TALK.has(kind)) {
      talk.push({ kind, actions });
    } else if (kind === "comanda") {
      parts.push(comandaBox(actions, send, locked, kept, refused, allowExplicit));
    } else if (actions.length > LIST_AT) {
      parts.push(actionList(kind, actions, family, send, locked));
    } else {
      for (const action of actions) parts.push(actionButton(action, family, send, locked, who));
    }
  }
  // A game word a newcomer cannot guess (vagaresto) is explained in a line under its button, on phones too; the
  // game's own line first where one word means different things (Trijumf's knock is a cut, Troccas' a signal).
  const helps = groups.filter(({ kind }) => !TALK.has(kind)).flatMap(({ actions }) => actions)
    .map((action) => [`actionHelp.${obs?.game}.${action.toLowerCase()}`, `actionHelp.${action.toLowerCase()}`,
      `actionHelp.${obs?.game}.${isTogether(action, family) ? "together" : kindOf(action)}`].find((key) => has(key)))
    .filter(Boolean);
  for (const key of new Set(helps)) parts.push(el("p", { className: "action-help muted small" }, t(key)));
  // The talk box as the player left it: every change of the table (a message, someone's page opening, the answer
  // to a question) redraws it, and a box opened during card play folded again under the player's finger. The
  // player's choice lasts while the box is shown (this turn); the next turn starts from the default again.
  if (!talk.length) talkOpen = null;
  const focused = document.activeElement?.closest?.(".talk-button")?.dataset.action;
  if (talk.length) parts.push(talkBox(talk, send, locked, cardPlays));
  box.replaceChildren(...parts);
  if (focused) box.querySelector(`.talk-button[data-action="${CSS.escape(focused)}"]`)?.focus();
  for (const select of box.querySelectorAll(".action-list select")) {
    if ([...select.options].some((option) => option.value === chosen.get(select.id))) select.value = chosen.get(select.id);
  }
}

const drawn = new WeakMap(); // box -> what its actions were drawn from

let talkOpen = null; // the talk box opened (true) or folded (false) by the player, or null: as the moment wants

function actionList(kind, actions, family, send, locked) {
  const id = `list-${kind}`;
  const select = el("select", { id, disabled: locked });
  for (const action of actions) {
    const label = plainLabel(actionLabel(action, family));
    select.append(el("option", { value: action }, label));
  }
  const verb = has(`action.${kind}`) ? t(`action.${kind}`) : kind;
  return el("div", { className: "action-list" },
    el("label", { htmlFor: id }, verb), select,
    el("button", { type: "button", className: "button action primary", disabled: locked, "data-action-list": kind,
      onclick: () => send(select.value) }, t("actions.send")));
}

function talkBox(groups, send, locked, plays) {
  // Open while talking is the business of the moment (a talk phase), folded away during card play; as the player
  // left it if they opened or folded it. (A click on the summary, the keyboard's too, comes before the toggle: the
  // toggle event also fires for the box's first state, which is no choice of the player's.)
  const open = talkOpen ?? !plays;
  const summary = el("summary", { onclick: () => { talkOpen = !box.open; } }, t("talk.title"));
  const box = el("details", { className: "talk", open, "data-open": String(!plays) }, summary);
  for (const { kind, actions } of groups) {
    // Signals reach the partners only; the rest of the talk is heard by the whole table.
    const audience = kind === "signal" ? t("talk.toPartners") : kind === "view" ? t("talk.look") : t("talk.toAll");
    const row = el("div", { className: "talk-row" }, el("span", { className: "audience" }, audience));
    for (const action of actions) {
      // A set phrase of the game (Troccas' tschintschar, Trionfetti's signs) says what it tells, under its words.
      const helpKey = `talkHelp.${action.toLowerCase()}`;
      const meaning = has(helpKey) ? el("span", { className: "talk-meaning" }, t(helpKey)) : null;
      row.append(el("button", { type: "button", className: "button small talk-button", "data-action": action,
        disabled: locked, onclick: () => send(action) },
      el("span", { className: "talk-words" }, `${has(`action.${kind}`) ? t(`action.${kind}`) : kind}: ${talkLabel(action)}`), meaning));
    }
    box.append(row);
  }
  return box;
}

// ---- Trionfetti's comanda --------------------------------------------------------------------------------------
let previewTimer = null;
let previewSeq = 0;

function comandaBox(actions, send, locked, kept, refused, allowExplicit) {
  const presets = actions.map((a) => a.replace(/^comanda\s+/i, ""));
  const listId = "comanda-presets";
  const input = el("input", {
    id: "comanda-text", type: "text", autocomplete: "off", spellcheck: false, list: listId,
    placeholder: presets[0] || "", disabled: locked, "aria-describedby": "comanda-preview",
  });
  const preview = el("div", { id: "comanda-preview", className: "comanda-preview", "aria-live": "polite" });
  const sendButton = el("button", { type: "submit", className: "button primary", disabled: locked }, t("comanda.announce"));
  const form = el("form", { className: "comanda" },
    el("label", { htmlFor: "comanda-text" }, t("comanda.label")),
    el("div", { className: "comanda-row" }, input, sendButton),
    el("datalist", { id: listId }, ...presets.map((p) => el("option", { value: p }))),
    preview,
    el("div", { className: "comanda-presets" }, ...presets.map((p) =>
      el("button", { type: "button", className: "button small ghost", disabled: locked,
        onclick: () => { input.value = p; input.dispatchEvent(new Event("input")); input.focus(); } }, p))));
  if (kept) input.value = kept.value;
  if (refused) {
    // The engine refused the comanda sent: its message, with the word it names marked in the text.
    input.value = kept?.value || refused.text;
    input.setAttribute("aria-invalid", "true");
    const named = /'([^']+)' \(word \d+, character (\d+)\)/.exec(refused.message);
    const detail = named ? { word: named[1], position: Number(named[2]) - 1 } : {};
    preview.replaceChildren(comandaError(refused.text, { message: refused.message, detail }));
  }
  if (kept?.focused) queueMicrotask(() => input.focus());
  input.addEventListener("input", () => {
    clearTimeout(previewTimer);
    previewTimer = setTimeout(() => showPreview(input.value, preview, input, allowExplicit), 150);
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (text) send(`comanda ${text}`);
  });
  return form;
}

async function showPreview(text, box, input, allowExplicit) {
  const seq = ++previewSeq;
  if (!text.trim()) {
    box.replaceChildren();
    input.removeAttribute("aria-invalid");
    return;
  }
  if (!(await hasEndpoint("/api/comanda"))) {
    if (seq === previewSeq) box.replaceChildren(el("p", { className: "muted" }, t("comanda.noPreview")));
    return;
  }
  let answer;
  try {
    answer = await api.comanda(text, allowExplicit);
  } catch {
    if (seq === previewSeq) box.replaceChildren(el("p", { className: "muted" }, t("comanda.noPreview")));
    return;
  }
  if (seq !== previewSeq) return;
  box.dataset.state = answer.problem ? "problem" : "ok";
  if (answer.problem) {
    // The engine cannot read it: its message, and the word marked in the text as typed.
    input.setAttribute("aria-invalid", "true");
    box.replaceChildren(comandaError(text, { message: answer.problem.message, detail: answer.problem }));
    return;
  }
  input.removeAttribute("aria-invalid");
  box.replaceChildren(rankingPreview(answer));
}

/** The error with the faulty word marked in the text typed. */
function comandaError(text, error) {
  const detail = error.detail || {};
  const message = el("p", { className: "error", role: "alert" }, enginePhrase(error.message));
  if (typeof detail.position !== "number" || !detail.word) return message;
  const start = detail.position;
  const end = start + detail.word.length;
  return el("div", {},
    el("p", { className: "comanda-marked" }, text.slice(0, start), el("mark", {}, text.slice(start, end)), text.slice(end)),
    message);
}

/** The ranking a comanda sets, highest first: each tier of equal cards in words (the interface's language,
 * from the server's reading) with its cards' codes. */
export function rankingPreview({ tiers, labels }) {
  const words = labels?.[language()] || labels?.en || [];
  const list = el("ol", { className: "ranking", "aria-label": t("comanda.order") });
  [...tiers].reverse().forEach((tier, i) => {
    const suits = new Set(tier.map((c) => c.slice(-1)));
    const code = suits.size === 4 ? tier[0].slice(0, -1) : tier.join("=");
    const label = words[tiers.length - 1 - i] || code;
    list.append(el("li", { title: tier.join(" ") }, el("span", { className: "tier-code", "aria-hidden": "true" }, code), ` ${label}`));
  });
  return el("div", {}, el("p", { className: "muted" }, t("comanda.preview")), list);
}
