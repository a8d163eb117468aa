// Small DOM helpers shared by the pages.

import { t } from "./i18n.js";

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

/** "Share": the phone's share sheet (a chat app, a text message) with the link; none where the browser has none. */
export function shareButton(url, text) {
  if (!navigator.share) return null;
  const button = el("button", { type: "button", className: "button small share" }, t("ui.share"));
  button.addEventListener("click", () => navigator.share({ title: "trionfi", text, url }).catch(() => {}));
  return button;
}
