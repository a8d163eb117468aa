// The interface's languages: every text the page shows comes from lang/<code>.json through t().
// A new language is one file in lang/ plus its code in LANGUAGES (English fills any key it lacks).

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
  if (!Object.keys(fallback).length) fallback = await fetchStrings("en");
  strings = code === "en" ? fallback : await fetchStrings(code);
  current = code;
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

/** Whether a key exists (for optional texts such as the name of a game-specific phase). */
export function has(key) {
  return key in strings || key in fallback;
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
