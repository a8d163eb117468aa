// The interface's languages: every text the page shows comes from lang/<code>.json through t().
// A new language is one file in lang/ plus its code in LANGUAGES (English fills any key it lacks).
// The engine's own texts (option help, the table's facts, talk, its messages) arrive in English from the server;
// a language file renders them under "engine.*" keys (see engineText), and the English stays where it has none.

export const LANGUAGES = ["en", "it"];
const STORAGE_KEY = "trionfi.lang";

let strings = {};
let fallback = {};
let current = "en";

async function fetchStrings(code) {
  const response = await fetch(new URL(`../lang/${code}.json`, import.meta.url));
  if (!response.ok) throw new Error(`language file ${code}.json: HTTP ${response.status}`);
  return response.json();
}

/** The language to use: the one chosen before (stored), else the browser's first supported one, else English. */
export function preferredLanguage() {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (LANGUAGES.includes(stored)) return stored;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const code = tag.toLowerCase().split("-")[0];
    if (LANGUAGES.includes(code)) return code;
  }
  return "en";
}

export async function loadLanguage(code = preferredLanguage()) {
  if (!LANGUAGES.includes(code)) code = "en";
  // (both at once: one after the other was a round trip more before a page in Italian showed anything)
  const [english, chosen] = await Promise.all([
    Object.keys(fallback).length ? fallback : fetchStrings("en"),
    code === "en" ? null : fetchStrings(code),
  ]);
  fallback = english;
  strings = chosen ?? fallback;
  current = code;
  patterns = null;
  document.documentElement.lang = code;
  return code;
}

export function setLanguage(code) {
  localStorage.setItem(STORAGE_KEY, code);
}

export function language() {
  return current;
}

/** The text for `key`, with {name} placeholders filled from `vars`; the key itself when no file has it. */
export function t(key, vars = {}) {
  let text = strings[key] ?? fallback[key];
  if (text === undefined) return key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
}

/** A text with its first letter a capital (the language files keep labels in lower case, for sentences). */
export const capitalized = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** Whether a key exists (for optional texts such as the name of a game-specific phase). */
export function has(key) {
  return key in strings || key in fallback;
}

// ---- the engine's texts ------------------------------------------------------------------------------------------
let patterns = null;

/** The engine's text for `key` of a kind ("option" for an option's help under GAME.NAME, "default" for its
 * default in words, "fact" for a label of the table's facts) in the interface's language, or `english`, the
 * engine's own text, when the language file has no rendering. English is never looked up in en.json: the
 * engine's text is the English one. */
export function engineText(kind, key, english = key) {
  return strings === fallback ? english : strings[`engine.${kind}.${key}`] ?? english;
}

/** A sentence of the engine (a fact's value, a talk phrase, a refusal) in the interface's language: the language
 * file's "engine.text.SENTENCE" when the sentence is known as it stands; a list ("a · b", or "coins, cups" and
 * "seat 0 As, seat 1 Jd") item by item; a set phrase of the game's talk with its meaning ("il narr — the Fool and
 * some trumps", "seat 2 il narr") by the phrase's help (talkHelp.say PHRASE), the phrase itself kept as said;
 * else the first "engine.text." key with {placeholders} that matches it, its pieces rendered the same way ("seat
 * {seat} is choosing"); else as it is. */
export function enginePhrase(text, depth = 0) {
  if (typeof text !== "string" || strings === fallback || !text) return text;
  const exact = strings[`engine.text.${text}`];
  if (exact !== undefined) return exact;
  if (depth > 6) return text;
  // (A sentence whose own words hold the " · " is no list: "seats {a}: {b} · seats {c}: {d} (to {e})".)
  if (text.includes(" · ") && !enginePatterns().some(({ re, dotted }) => dotted && re.test(text))) {
    return text.split(" · ").map((part) => enginePhrase(part, depth + 1)).join(" · ");
  }
  // A list of known words ("coins, cups") or of seats' cards ("seat 0 As, seat 1 Jd").
  const items = text.split(", ");
  if (items.length > 1 && items.every((item) => strings[`engine.text.${item}`] !== undefined || /^seat \d+ \S+$/.test(item))) {
    return items.map((item) => enginePhrase(item, depth + 1)).join(", ");
  }
  const said = /^(.+?) — (.+)$/.exec(text);
  const meaning = said && strings[`talkHelp.say ${said[1].toLowerCase()}`];
  if (meaning) return `${said[1]} — ${meaning}`;
  const bySeat = /^seat (\d+) (.+)$/.exec(text);
  if (bySeat && strings[`talkHelp.say ${bySeat[2].toLowerCase()}`]) return `${enginePhrase(`seat ${bySeat[1]}`)} ${bySeat[2]}`;
  for (const { re, names, template } of enginePatterns()) {
    const m = re.exec(text);
    if (!m) continue;
    const vars = Object.fromEntries(names.map((name, i) => [name, enginePhrase(m[i + 1], depth + 1)]));
    return template.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? vars[name] : whole));
  }
  return text;
}

function enginePatterns() {
  if (patterns) return patterns;
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  patterns = Object.entries(strings)
    .filter(([key]) => key.startsWith("engine.text.") && /\{\w+\}/.test(key))
    .map(([key, template]) => {
      const english = key.slice("engine.text.".length);
      const names = [];
      // A seat's number is a number ("seat {a}", "seats {a}": 2, 1+3), so that "seat {a} takes back..." cannot
      // swallow "seat 3 demanded Js: seat 1 takes back..." up to its second seat.
      const parts = english.split(/(\{\w+\})/);
      const source = parts.map((part, i) => {
        const name = /^\{(\w+)\}$/.exec(part);
        if (!name) return escape(part);
        names.push(name[1]);
        return /\bseats? $/.test(parts[i - 1] || "") ? "(\\d+(?:\\+\\d+)*)" : "(.+?)";
      }).join("");
      const literal = english.replace(/\{\w+\}/g, "");
      return { re: new RegExp(`^${source}$`, "s"), names, template, literal: literal.length, dotted: literal.includes(" · ") };
    })
    .sort((a, b) => b.literal - a.literal); // the most specific sentence first
  return patterns;
}

/** A select element that switches the language and reloads the page's texts through `onChange`. */
export function languageSwitch(onChange) {
  const select = document.createElement("select");
  select.className = "lang-switch";
  select.setAttribute("aria-label", t("ui.language"));
  for (const code of LANGUAGES) {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = code.toUpperCase();
    option.title = t(`language.${code}`);
    option.selected = code === current;
    select.append(option);
  }
  select.addEventListener("change", async () => {
    setLanguage(select.value);
    await loadLanguage(select.value);
    onChange(select.value);
  });
  return select;
}
