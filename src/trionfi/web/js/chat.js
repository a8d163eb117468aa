// What the people at a table say to each other (docs/protocol.md, `say`): the side panel's *Chat* block, and a
// bubble by the speaker's seat on the felt for a few seconds, so a phone (whose panel is behind *Scores*) sees it.
// Until the game is over only the set phrases (no game lets its players talk about the cards, and a waiting
// table's seats hold theirs already); once it is over, any text. Each phrase is said in the reader's language.

import { el } from "./dom.js";
import { language, t } from "./i18n.js";

export const PHRASES = ["hello", "good_luck", "well_played", "thanks", "oops", "one_moment", "back_soon", "have_to_go", "good_game", "another"];
const MAX_TEXT = 200;
const SHOWN = 40; // lines in the block (the connection keeps more)

let block = null; // the block, drawn once and kept: a redraw of the side panel must not take the text being typed
let parts = null;
let drawnKey = null; // the viewer and the language the lines were drawn for
let drawnNumbers = []; // the numbers of the lines drawn
let sendText = null; // the text sent and not yet heard back: the box is emptied when it is

/** What a message says, in the reader's language. */
export const words = (m) => ("text" in m ? m.text : t(`chat.phrase.${m.phrase}`));

/** Who said it: "You" for the viewer's seat, else the name the seat had. */
const speaker = (m, me) => (m.seat === me ? t("seat.you") : m.name);

/** The *Chat* block for the side panel, the same element at every call (its lines and form brought up to date).
 * `say(what)` sends {text} or {phrase}. A spectator reads it and has no form. None for a spectator before anyone
 * said anything. */
export function chatBlock(ctx, said, say) {
  const me = ctx.me;
  if (me === null && !said.length) return null;
  if (!block) build(say);
  const shown = said.slice(-SHOWN);
  const numbers = shown.map((m) => m.n);
  const key = JSON.stringify([me, language()]);
  if (key !== drawnKey || numbers.join() !== drawnNumbers.join()) {
    const line = (m) => el("li", { className: m.seat === me ? "mine" : "" }, el("strong", {}, speaker(m, me)), ": ", words(m));
    // New lines are added to the list (a screen reader says them, and only them); anything else draws it anew.
    const from = drawnNumbers.length ? numbers.indexOf(drawnNumbers[drawnNumbers.length - 1]) + 1 : 0;
    const kept = numbers.slice(0, from);
    if (key === drawnKey && from > 0 && drawnNumbers.slice(-kept.length).join() === kept.join()) {
      parts.log.append(...shown.slice(from).map(line));
      while (parts.log.children.length > shown.length) parts.log.firstElementChild.remove();
    } else {
      parts.log.replaceChildren(...(shown.length ? shown.map(line) : [el("li", { className: "empty" }, t("chat.empty"))]));
    }
    drawnKey = key;
    drawnNumbers = numbers;
    parts.title.textContent = t("chat.title");
    parts.log.scrollTop = parts.log.scrollHeight;
    relabel();
    const mine = said.filter((m) => m.seat === me && "text" in m).pop();
    if (sendText !== null && mine?.text === sendText.trim().replace(/\s+/g, " ")) {
      if (parts.input.value === sendText) parts.input.value = "";
      sendText = null;
    }
  }
  // Only the phrases until the game is over (a waiting table's seats see their cards already); then any text.
  const free = ctx.status === "finished";
  parts.form.hidden = me === null;
  parts.textRow.hidden = !free;
  parts.onlyPhrases.hidden = free;
  return block;
}

function build(say) {
  const title = el("h3", {});
  const log = el("ol", { className: "chat-log", "aria-live": "polite" });
  const input = el("input", { type: "text", className: "chat-text", maxLength: MAX_TEXT, enterKeyHint: "send", autocomplete: "off" });
  const sendButton = el("button", { type: "submit", className: "button small" });
  const textRow = el("form", { className: "chat-row", onsubmit: (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    if (say({ text })) sendText = input.value;
  } }, input, sendButton);
  const select = el("select", { className: "chat-phrase" }, ...PHRASES.map((p) => el("option", { value: p })));
  const sayButton = el("button", { type: "button", className: "button small", onclick: () => say({ phrase: select.value }) });
  const phraseRow = el("div", { className: "chat-row" }, select, sayButton);
  const onlyPhrases = el("p", { className: "chat-note" });
  const form = el("div", { className: "chat-form" }, phraseRow, onlyPhrases, textRow);
  block = el("section", { className: "panel-block chat-block", "data-block": "chat" }, title, log, form);
  parts = { title, log, input, sendButton, textRow, select, sayButton, onlyPhrases, form };
}

function relabel() {
  parts.input.placeholder = t("chat.placeholder");
  parts.input.setAttribute("aria-label", t("chat.placeholder"));
  parts.sendButton.textContent = t("chat.send");
  parts.select.setAttribute("aria-label", t("chat.phrases"));
  [...parts.select.options].forEach((option) => (option.textContent = t(`chat.phrase.${option.value}`)));
  parts.sayButton.textContent = t("chat.say");
  parts.onlyPhrases.textContent = t("chat.onlyPhrases");
}

// ---- bubbles on the felt ---------------------------------------------------------------------------------------
const BUBBLE_MS = 5000;
let layer = null;

/** The felt's layer of bubbles (the same element at every call: renderFelt keeps it last among its parts). */
export function bubbleLayer() {
  if (!layer) layer = el("div", { className: "bubbles", "aria-hidden": "true" });
  return layer;
}

/** A bubble by the seat of each message in `said`, for a few seconds (longer for a longer text). */
export function showBubbles(felt, said) {
  for (const m of said) {
    const seat = felt.querySelector(`.seat[data-seat="${m.seat}"]`);
    if (!seat) continue;
    const text = words(m);
    const y = parseFloat(seat.style.getPropertyValue("--y"));
    const life = BUBBLE_MS + 40 * Math.min(text.length, 150); // a longer text stays longer
    const bubble = el("div", { className: `bubble${y < 40 ? " below" : ""}`, "data-seat": m.seat,
      style: `--x:${seat.style.getPropertyValue("--x")};--y:${seat.style.getPropertyValue("--y")};--life:${life}ms` },
    el("span", {}, text));
    bubbleLayer().querySelector(`.bubble[data-seat="${m.seat}"]`)?.remove(); // the newest only, per seat
    bubbleLayer().append(bubble);
    setTimeout(() => bubble.remove(), life);
  }
}
