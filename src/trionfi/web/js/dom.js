// Small DOM helpers shared by the pages.

import { qrSvg } from "./client.js";
import { enginePhrase, t } from "./i18n.js";

/** An element with properties (on* are listeners, data-* and aria-* attributes) and children (nodes or text). */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key.startsWith("data-") || key.startsWith("aria-") || key === "role" || key === "list") node.setAttribute(key, value);
    else if (key === "html") node.innerHTML = value;
    else node[key] = value;
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

/** Put `parts` into `box`, each in the place of the child that shows the very same already (the markup, and what
 * its fields hold) kept as it is: the table is redrawn at every message, and a part drawn anew under a finger
 * loses its press (the press lands on the old part, the release on the new). A part that is a child already (one
 * kept from draw to draw, such as the chat with the text being typed) stays that very node: parts new before it
 * are put in before it rather than in its place. True if anything was replaced. */
export function replaceIfChanged(box, parts) {
  let changed = box.childNodes.length !== parts.length;
  parts.forEach((part, i) => {
    const here = box.childNodes[i];
    if (here === part) return;
    if (!here) box.append(part);
    else if (part.parentNode === box || parts.includes(here)) box.insertBefore(part, here);
    else if (drawing(here) === drawing(part)) return;
    else here.replaceWith(part);
    changed = true;
  });
  while (box.childNodes.length > parts.length) box.lastChild.remove();
  return changed;
}

const drawing = (node) => (node.outerHTML ?? node.textContent)
  + JSON.stringify([...(node.querySelectorAll?.("input, select, textarea") ?? [])].map((field) => [field.value, field.checked]));

/** A button that copies `text` to the clipboard and says so; where nothing could be copied it selects the link
 * beside it for a copy by hand, and says that instead. */
export function copyButton(text) {
  const button = el("button", { type: "button", className: "button small copy" }, t("ui.copy"));
  button.addEventListener("click", async () => {
    const copied = await copyText(text);
    if (!copied) button.closest(".invite")?.querySelector("input.link")?.select();
    button.textContent = t(copied ? "ui.copied" : "ui.copyByHand");
    setTimeout(() => (button.textContent = t("ui.copy")), copied ? 1500 : 4000);
  });
  return button;
}

async function copyText(text) {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // refused (no permission): the older way below
    }
  }
  // A page opened at the host's network address (plain http, not this computer) has no clipboard API: the older
  // copy command, from a text box out of sight.
  const box = el("textarea", { value: text, readOnly: true, className: "copy-source", "aria-hidden": "true" });
  const focused = document.activeElement; // (the button: given back after, for a keyboard)
  document.body.append(box);
  box.focus();
  box.setSelectionRange(0, text.length);
  let done = false;
  try {
    done = document.execCommand("copy");
  } catch {
    done = false;
  }
  box.remove();
  focused?.focus?.();
  return done;
}

const NAME_KEY = "trionfi.name";

export function playerName() {
  return localStorage.getItem(NAME_KEY) || "";
}

export function setPlayerName(name) {
  const clean = String(name).trim().slice(0, 40);
  if (clean) localStorage.setItem(NAME_KEY, clean);
  return clean;
}

// QR codes asked for (link -> its SVG, or the promise of it) and shown: a table page drawn again (every move)
// shows a shown code again at once.
const qrCodes = new Map();
const qrDrawn = new Map(); // link -> its QR code's SVG, once it came
const qrShown = new Set();

/** A link to this machine's loopback address, which no other device opens (a QR code of it would mislead). */
export const isLoopback = (link) => /^(localhost|127(\.\d+){3}|\[::1\])$/.test(new URL(link, window.location.href).hostname);

/** A button that shows `link` as a QR code under it, and hides it again, for a friend in the room to scan with a
 * phone's camera; and the code's place. None for a loopback link. */
export function qrCode(link) {
  if (isLoopback(link)) return [null, null];
  const figure = el("figure", { className: "qr", hidden: !qrShown.has(link) });
  const button = el("button", { type: "button", className: "button small qr-button", "aria-expanded": String(qrShown.has(link)) });
  const draw = async () => {
    button.textContent = t(qrShown.has(link) ? "qr.hide" : "qr.show");
    button.setAttribute("aria-expanded", String(qrShown.has(link)));
    figure.hidden = !qrShown.has(link);
    if (!qrShown.has(link) || figure.querySelector(".qr-code")) return;
    if (!qrCodes.has(link)) qrCodes.set(link, qrSvg(link).then((svg) => qrDrawn.set(link, svg) && svg));
    try {
      // (one drawn already is put in at once: a redraw then finds the same panel, and leaves it as it is)
      const svg = qrDrawn.get(link) ?? await qrCodes.get(link);
      figure.replaceChildren(el("div", { className: "qr-code", role: "img", "aria-label": t("qr.label"), html: svg }),
        el("figcaption", {}, t("qr.caption")));
    } catch (e) {
      qrCodes.delete(link); // asked again at the next tap
      figure.replaceChildren(el("figcaption", { className: "error" }, t("qr.failed", { message: enginePhrase(e.message) })));
    }
  };
  button.addEventListener("click", () => {
    if (qrShown.has(link)) qrShown.delete(link);
    else qrShown.add(link);
    draw();
  });
  draw();
  return [button, figure];
}

/** A link to send, as the invites show it: its box, *Copy*, *Share* (with `share`, the words sent with it) and the
 * QR code's button, then the code's place (none for a loopback link); the nulls left out by `el` as its children. */
export function linkParts(link, label, { share = null, qr = true } = {}) {
  const [qrButton, qrFigure] = qr ? qrCode(link) : [null, null];
  return [el("input", { readOnly: true, value: link, className: "link", "aria-label": label }),
    el("span", { className: "invite-buttons" }, copyButton(link), share ? shareButton(link, share) : null, qrButton), qrFigure];
}

/** "Share": the phone's share sheet (a chat app, a text message) with the link; none where the browser has none. */
export function shareButton(url, text) {
  if (!navigator.share) return null;
  const button = el("button", { type: "button", className: "button small share" }, t("ui.share"));
  button.addEventListener("click", () => navigator.share({ title: "trionfi", text, url }).catch(() => {}));
  return button;
}
