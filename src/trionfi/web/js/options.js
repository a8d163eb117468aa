// A game's options in words ("pack: Italian, 40 cards", "variante: Briscola a 31"), for the lobby and the table.
// Where a language file has no words for an option (a new one), its engine name shows, as the command line writes it.

import { cardName } from "./cards.js";
import { el } from "./dom.js";
import { has, language, t } from "./i18n.js";

export const optionLabel = (name) => (has(`option.name.${name}`) ? t(`option.name.${name}`) : name.replaceAll("_", " "));

export function valueText(name, value) {
  if (value === null) return t("lobby.auto");
  if (value === true || value === false) return t(value ? "lobby.yes" : "lobby.no");
  const key = `option.value.${name}.${value}`;
  if (has(key)) return t(key);
  if (name === "removed_two_for_three_players") return cardName(value, value.endsWith("h") ? "french" : "italian");
  return String(value);
}

/** The table's name: the game's title, or the variant's or ruleset's when one is chosen ("Briscola a 31",
 * "Triomphe · Strasbourg (1637)"). */
export function tableTitle(title, options = {}) {
  for (const name of ["variant", "ruleset"]) {
    const value = options[name];
    if (value === undefined || value === null || value === "standard") continue;
    const words = valueText(name, value);
    return words.startsWith(title) ? words : `${title} · ${words}`;
  }
  return title;
}

/** The address of a game's rules as these options make them (`/rules/trijumf?players=2`), each value written as
 * at a terminal (`-o players=2`): true, false, none, a list joined by commas; in the page's language. */
export function rulesHref(game, options = {}) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(options)) {
    query.set(name, value === null ? "none" : Array.isArray(value) ? value.join(",") : String(value));
  }
  query.set("lang", language());
  return `/rules/${encodeURIComponent(game)}?${query}`;
}

/** The address of a table's rules, as its options make them, in the page's language. */
export const tableRulesHref = (table) => `/t/${encodeURIComponent(table)}/rules?lang=${language()}`;

/** A link to a game's rules (a page of its own, in a new tab: the table or the form stays as it is). */
export function rulesLink(href, title) {
  return el("a", { href, target: "_blank", rel: "noopener", className: "rules-link", "data-rules": "" }, t("rules.link", { game: title }));
}
