// The card gallery (/cards.html): every card of every pack, to look at the drawings and to test them.

import { allCodes, cardBackSVG, cardName, cardSVG } from "./cards.js";
import { languageSwitch, loadLanguage, t } from "./i18n.js";

function section(family) {
  const box = document.createElement("section");
  box.className = "gallery-section";
  box.dataset.family = family;
  box.id = family; // /cards.html#tarot, from a game's rules
  const title = document.createElement("h2");
  title.textContent = t(`gallery.${family}`);
  const grid = document.createElement("div");
  grid.className = "gallery-grid";
  for (const code of allCodes(family)) {
    const cell = document.createElement("figure");
    cell.className = "gallery-card";
    cell.dataset.code = code;
    cell.innerHTML = cardSVG(code, family) + `<figcaption>${code}</figcaption>`;
    cell.title = cardName(code, family);
    grid.append(cell);
  }
  box.append(title, grid);
  return box;
}

function render() {
  const main = document.getElementById("gallery");
  document.title = `trionfi · ${t("gallery.title")}`;
  const heading = document.createElement("h1");
  heading.textContent = t("gallery.title");
  const intro = document.createElement("p");
  intro.textContent = t("gallery.intro");
  const backs = document.createElement("section");
  backs.className = "gallery-section";
  backs.innerHTML = `<h2>${t("gallery.backs")}</h2><div class="gallery-grid"><figure class="gallery-card">` +
    `${cardBackSVG({ label: t("card.back") })}</figure></div>`;
  main.replaceChildren(heading, intro, section("italian"), section("french"), section("tarot"), backs);
  document.getElementById("lang-slot").replaceChildren(languageSwitch(render));
  document.body.dataset.ready = "true";
}

await loadLanguage();
render();
// Drawn after the page loaded: the browser found no section of the address's #pack to scroll to.
if (window.location.hash) document.getElementById(window.location.hash.slice(1))?.scrollIntoView();
