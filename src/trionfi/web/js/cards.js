// The cards, drawn in code as SVG: Italian suits (coins, cups, swords, batons), French suits, and the Swiss tarot
// (suit cards with the queen, trumps 1-21 with their numerals, the Fool). Nothing here is copied art.
//
// A card is drawn on a 100 x 150 canvas: a big index (rank and a small suit sign) in the top-left corner and,
// turned round, in the bottom-right one, so that a fanned hand still shows every card's index at phone size.
// Card codes are the engine's (rank then suit: "Kd", "10s", "Hb", "T21", "Fool"); the suit letters d c s are
// shared by the Italian and the French packs, so drawing a card needs the pack's family.

import { t } from "./i18n.js";

export const WIDTH = 100;
export const HEIGHT = 150;

/** The family ("italian", "french" or "tarot") of an engine deck name such as "italian40" or "french40-2h". */
export function deckFamily(deckName = "italian40") {
  const name = String(deckName).toLowerCase();
  if (name.startsWith("tarot")) return "tarot";
  if (name.startsWith("french") || name.startsWith("bosnian")) return "french";
  return "italian";
}

const SUITS = { italian: ["d", "c", "s", "b"], french: ["h", "d", "c", "s"], tarot: ["d", "c", "s", "b"] };
const RANKS = {
  italian: ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "H", "K"],
  french: ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"],
  tarot: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "H", "Q", "K"],
};
const FIGURES = new Set(["J", "H", "Q", "K"]);

/** A card code read for drawing: {code, kind: "suit" | "trump" | "fool", rank, suit, family}. */
export function parseCard(code, family = "italian") {
  const text = String(code).trim();
  if (/^fool$/i.test(text)) return { code: "Fool", kind: "fool", rank: "Fool", suit: "", family: "tarot" };
  const trump = /^T(\d{1,2})$/i.exec(text);
  if (trump && +trump[1] >= 1 && +trump[1] <= 21) {
    return { code: `T${+trump[1]}`, kind: "trump", rank: String(+trump[1]), suit: "T", family: "tarot" };
  }
  const suit = text.slice(-1).toLowerCase();
  const rank = text.slice(0, -1).toUpperCase();
  if (!SUITS[family]?.includes(suit) || !RANKS[family].includes(rank)) {
    throw new Error(`${code} is not a card of the ${family} pack`);
  }
  return { code: rank + suit, kind: "suit", rank, suit, family };
}

// ---- colours ------------------------------------------------------------------------------------------------
const GOLD = "#e7b03a";
const GOLD_LIGHT = "#f7d877";
const GOLD_INK = "#7a5200";
const RED = "#c0392b";
const BLUE = "#2e5d9f";
const GREEN = "#2f7d32";
const PAPER = "#fffdf6";
const SKIN = "#f3d0ab";

// The colour a suit is known by: the index is printed in it, the figures are dressed in it.
const SUIT_COLOUR = {
  italian: { d: "#a86f00", c: RED, s: BLUE, b: GREEN },
  french: { h: "#c62828", d: "#c62828", c: "#1d1d1f", s: "#1d1d1f" },
};
const ROBE = {
  italian: { d: "#d49a1e", c: "#b8322a", s: "#2e5d9f", b: "#2f7d32" },
  french: { h: "#b8322a", d: "#b8322a", c: "#27396b", s: "#27396b" },
};
const TINT = {
  italian: { d: "#fbf0cf", c: "#fbe3df", s: "#e2ebf7", b: "#e2f1e0" },
  french: { h: "#fbe3df", d: "#fbe3df", c: "#e4e7f0", s: "#e4e7f0" },
};
const styleOf = (family) => (family === "french" ? "french" : "italian");
export const suitColour = (card) => (card.kind === "suit" ? SUIT_COLOUR[styleOf(card.family)][card.suit] : "#3b2a66");

// ---- suit signs, each drawn in a box from -50 to 50 ---------------------------------------------------------
const SIGNS = {
  italian: {
    // Coins: a gold coin with a rosette.
    d: () => {
      let petals = "";
      for (let k = 0; k < 8; k++) {
        petals += `<ellipse cx="0" cy="-19" rx="6.5" ry="13" transform="rotate(${k * 45})"/>`;
      }
      return (
        `<circle r="47" fill="${GOLD}" stroke="${GOLD_INK}" stroke-width="4"/>` +
        `<circle r="36" fill="${GOLD_LIGHT}" stroke="#b98213" stroke-width="3"/>` +
        `<g fill="#d2691e" stroke="${GOLD_INK}" stroke-width="1.5">${petals}</g>` +
        `<circle r="9" fill="${RED}" stroke="${GOLD_INK}" stroke-width="2.5"/>`
      );
    },
    // Cups: a gold chalice with a red rim and a blue band.
    c: () =>
      `<path d="M-36,-36 C-36,-4 -16,9 -7,11 L-7,22 C-7,29 -22,33 -29,46 L29,46 C22,33 7,29 7,22 L7,11 ` +
      `C16,9 36,-4 36,-36 Z" fill="${GOLD}" stroke="${GOLD_INK}" stroke-width="4" stroke-linejoin="round"/>` +
      `<path d="M-34,-22 Q0,-12 34,-22 L31,-10 Q0,0 -31,-10 Z" fill="${BLUE}"/>` +
      `<ellipse cx="0" cy="16" rx="10" ry="5" fill="${RED}" stroke="${GOLD_INK}" stroke-width="2"/>` +
      `<ellipse cx="0" cy="-36" rx="36" ry="9" fill="${RED}" stroke="${GOLD_INK}" stroke-width="4"/>`,
    // Swords: a straight sword, point up, with a gold guard.
    s: () =>
      `<path d="M0,-50 L8,-37 L8,19 L-8,19 L-8,-37 Z" fill="#d6dee8" stroke="#34495e" stroke-width="3.5" ` +
      `stroke-linejoin="round"/>` +
      `<path d="M0,-38 L0,15" stroke="#8ea2b8" stroke-width="3"/>` +
      `<rect x="-26" y="19" width="52" height="9" rx="4.5" fill="${GOLD}" stroke="${GOLD_INK}" stroke-width="3"/>` +
      `<rect x="-5.5" y="28" width="11" height="13" fill="${BLUE}" stroke="#1d3a66" stroke-width="2.5"/>` +
      `<circle cy="45" r="6.5" fill="${GOLD}" stroke="${GOLD_INK}" stroke-width="3"/>`,
    // Batons: a knotty green cudgel, thick end up.
    b: () =>
      `<path d="M-12,-42 C-10,-52 10,-52 12,-42 L7,41 C7,49 -7,49 -7,41 Z" fill="${GREEN}" stroke="#173f19" ` +
      `stroke-width="3.5" stroke-linejoin="round"/>` +
      `<path d="M-3,-40 L-2,38" stroke="#6dbb70" stroke-width="3" stroke-linecap="round"/>` +
      `<g fill="#8fd18f" stroke="#173f19" stroke-width="2">` +
      `<ellipse cx="-12" cy="-22" rx="5" ry="3.5" transform="rotate(-25 -12 -22)"/>` +
      `<ellipse cx="11" cy="-2" rx="5" ry="3.5" transform="rotate(25 11 -2)"/>` +
      `<ellipse cx="-10" cy="18" rx="4.5" ry="3" transform="rotate(-25 -10 18)"/></g>`,
  },
  french: {
    h: (c) =>
      `<path d="M0,44 C-34,16 -48,2 -48,-18 C-48,-36 -35,-46 -23,-46 C-12,-46 -4,-39 0,-29 C4,-39 12,-46 23,-46 ` +
      `C35,-46 48,-36 48,-18 C48,2 34,16 0,44 Z" fill="${c}"/>`,
    d: (c) => `<path d="M0,-50 Q18,-22 38,0 Q18,22 0,50 Q-18,22 -38,0 Q-18,-22 0,-50 Z" fill="${c}"/>`,
    c: (c) =>
      `<g fill="${c}"><circle cx="0" cy="-24" r="19"/><circle cx="-22" cy="8" r="19"/><circle cx="22" cy="8" r="19"/>` +
      `<path d="M-10,-10 L10,-10 L12,10 L-12,10 Z"/>` +
      `<path d="M-4,4 L4,4 C5,26 10,40 18,48 L-18,48 C-10,40 -5,26 -4,4 Z"/></g>`,
    s: (c) =>
      `<path d="M0,-48 C6,-32 46,-14 46,10 C46,27 33,35 22,35 C13,35 6,30 3,24 C4,34 9,42 17,48 L-17,48 ` +
      `C-9,42 -4,34 -3,24 C-6,30 -13,35 -22,35 C-33,35 -46,27 -46,10 C-46,-14 -6,-32 0,-48 Z" fill="${c}"/>`,
  },
};

/** The suit sign of `suit` as SVG markup, centred on (x, y), `size` units across. */
export function suitSign(family, suit, x, y, size, turned = false) {
  const style = styleOf(family);
  const draw = SIGNS[style][suit];
  const turn = turned ? " rotate(180)" : "";
  const scale = (size / 100) * (SLENDER[style]?.[suit] ?? 1);
  return `<g transform="translate(${x},${y}) scale(${scale.toFixed(3)})${turn}">${draw(SUIT_COLOUR[style][suit])}</g>`;
}

// Swords and batons are tall and thin: drawn larger so that they weigh as much as a coin or a cup.
const SLENDER = { italian: { s: 1.3, b: 1.3 } };

// A star for the trumps' corner and the Fool.
function star(x, y, r, fill, points = 5) {
  let d = "";
  for (let k = 0; k < points * 2; k++) {
    const radius = k % 2 ? r * 0.45 : r;
    const a = (Math.PI * k) / points - Math.PI / 2;
    d += `${k ? "L" : "M"}${(x + radius * Math.cos(a)).toFixed(2)},${(y + radius * Math.sin(a)).toFixed(2)} `;
  }
  return `<path d="${d}Z" fill="${fill}"/>`;
}

// ---- pip layouts: the sign positions for 1 to 10, columns at 35 / 50 / 65, rows from 32 to 118 ---------------
const L = 37;
const C = 50;
const R = 63;
const PIPS = {
  2: [[C, 36], [C, 114]],
  3: [[C, 34], [C, 75], [C, 116]],
  4: [[L, 38], [R, 38], [L, 112], [R, 112]],
  5: [[L, 38], [R, 38], [C, 75], [L, 112], [R, 112]],
  6: [[L, 36], [R, 36], [L, 75], [R, 75], [L, 114], [R, 114]],
  7: [[L, 36], [R, 36], [C, 55], [L, 75], [R, 75], [L, 114], [R, 114]],
  8: [[L, 36], [R, 36], [C, 55], [L, 75], [R, 75], [C, 95], [L, 114], [R, 114]],
  9: [[L, 34], [R, 34], [L, 61], [R, 61], [C, 75], [L, 89], [R, 89], [L, 116], [R, 116]],
  10: [[L, 34], [R, 34], [C, 48], [L, 61], [R, 61], [L, 89], [R, 89], [C, 102], [L, 116], [R, 116]],
};

function pips(card) {
  const n = card.rank === "A" || card.rank === "1" ? 1 : Number(card.rank);
  if (n === 1) {
    // The ace: one big sign in a ring.
    return (
      `<circle cx="50" cy="75" r="33" fill="${TINT[styleOf(card.family)][card.suit]}"/>` +
      suitSign(card.family, card.suit, 50, 75, 54)
    );
  }
  const size = n <= 3 ? 26 : n <= 6 ? 22 : 19;
  // French pips in the lower half are turned round, as printed; Italian ones stand upright.
  const turns = styleOf(card.family) === "french";
  return PIPS[n].map(([x, y]) => suitSign(card.family, card.suit, x, y, size, turns && y > 80)).join("");
}

// ---- figures --------------------------------------------------------------------------------------------------
function face(cx, cy) {
  return (
    `<rect x="${cx - 4}" y="${cy + 9}" width="8" height="9" fill="${SKIN}"/>` +
    `<ellipse cx="${cx}" cy="${cy}" rx="10.5" ry="12.5" fill="${SKIN}" stroke="#8a5a3a" stroke-width="1"/>` +
    `<circle cx="${cx - 4}" cy="${cy - 1}" r="1.3" fill="#3a2a1a"/>` +
    `<circle cx="${cx + 4}" cy="${cy - 1}" r="1.3" fill="#3a2a1a"/>` +
    `<path d="M${cx - 3},${cy + 6} Q${cx},${cy + 8} ${cx + 3},${cy + 6}" stroke="#a0523a" stroke-width="1.2" ` +
    `fill="none"/>`
  );
}

function robe(colour) {
  return (
    `<path d="M24,138 L24,124 C24,104 37,96 50,96 C63,96 76,104 76,124 L76,138 Z" fill="${colour}" ` +
    `stroke="rgba(0,0,0,.35)" stroke-width="1"/>` +
    `<path d="M41,97 L50,110 L59,97 Z" fill="${PAPER}" stroke="rgba(0,0,0,.25)" stroke-width="1"/>` +
    `<path d="M24,127 L76,127" stroke="${GOLD}" stroke-width="3"/>`
  );
}

const HEADWEAR = {
  // The king: a crown and a beard.
  K: (colour) =>
    `<path d="M39,86 C40,99 60,99 61,86 C57,92 43,92 39,86 Z" fill="#7a4a26"/>` +
    `<path d="M37,68 L36,52 L43,60 L50,48 L57,60 L64,52 L63,68 Z" fill="${GOLD}" stroke="${GOLD_INK}" ` +
    `stroke-width="1.6" stroke-linejoin="round"/>` +
    `<circle cx="50" cy="62" r="2.6" fill="${colour}"/>`,
  // The queen: long hair and a small crown.
  Q: (colour) =>
    `<path d="M38,76 C36,60 64,60 62,76 L64,96 L56,92 L44,92 L36,96 Z" fill="#5b3a1e"/>` +
    `<path d="M40,66 L42,57 L46,62 L50,54 L54,62 L58,57 L60,66 Z" fill="${GOLD}" stroke="${GOLD_INK}" ` +
    `stroke-width="1.4" stroke-linejoin="round"/>` +
    `<circle cx="50" cy="62" r="2" fill="${colour}"/>`,
  // The jack (fante): a cap with a feather.
  J: (colour) =>
    `<path d="M58,64 C66,54 72,46 76,36 C70,44 62,50 55,60 Z" fill="${GOLD}" stroke="${GOLD_INK}" ` +
    `stroke-width="1"/>` +
    `<path d="M36,70 C36,58 64,58 64,70 Z" fill="${colour}" stroke="rgba(0,0,0,.4)" stroke-width="1"/>` +
    `<rect x="35" y="68" width="30" height="4" rx="2" fill="${GOLD}"/>`,
};

function portrait(card, rank) {
  const colour = ROBE[styleOf(card.family)][card.suit];
  // The queen's hair goes behind the face, everything else in front of it.
  const behind = rank === "Q" ? HEADWEAR.Q(colour) : "";
  const front = rank === "Q" ? "" : HEADWEAR[rank](colour);
    // The suit sign on a paper medallion, so that a red heart shows on a red robe.
  const medal = `<circle cx="50" cy="118" r="11" fill="${PAPER}" stroke="rgba(0,0,0,.3)" stroke-width="1"/>`;
  return robe(colour) + behind + face(50, 78) + front + medal + suitSign(card.family, card.suit, 50, 118, 17);
}

// The horse (cavallo, cavalier): a horse's head with its mane, above the suit sign.
function horse(card) {
  const colour = ROBE[styleOf(card.family)][card.suit];
  return (
    `<path d="M70,124 L69,92 C69,70 62,54 50,46 L50,34 L43,44 C34,46 27,55 23,66 L19,76 C17,81 21,85 26,83 ` +
    `L36,78 C40,78 42,80 42,84 C39,96 34,108 33,124 Z" fill="#8a5a35" stroke="#3e2614" stroke-width="1.6" ` +
    `stroke-linejoin="round"/>` +
    `<path d="M50,46 C60,54 66,66 68,82 L70,110 C74,96 74,72 66,58 C61,50 56,46 50,44 Z" fill="#3e2614"/>` +
    `<circle cx="42" cy="58" r="2.4" fill="#1a0f06"/>` +
    `<path d="M24,70 L44,62 L55,80" stroke="${colour}" stroke-width="3" fill="none" stroke-linecap="round"/>` +
    `<path d="M33,112 C44,106 58,106 70,110 L70,124 L33,124 Z" fill="${colour}"/>` +
    `<circle cx="51" cy="118" r="11" fill="${PAPER}" stroke="rgba(0,0,0,.3)" stroke-width="1"/>` +
    suitSign(card.family, card.suit, 51, 118, 17)
  );
}

function figure(card) {
  const style = styleOf(card.family);
  const frame =
    `<rect x="17" y="13" width="66" height="124" rx="5" fill="${TINT[style][card.suit]}" ` +
    `stroke="${SUIT_COLOUR[style][card.suit]}" stroke-width="1.5"/>`;
  const art = card.rank === "H" ? horse(card) : portrait(card, card.rank);
  return frame + `<svg x="17" y="13" width="66" height="124" viewBox="17 13 66 124">${art}</svg>`;
}

// ---- the Swiss tarot's trumps and the Fool --------------------------------------------------------------------
const ROMAN = [
  "",
  "I",
  "II",
  "III",
  "IIII",
  "V",
  "VI",
  "VII",
  "VIII",
  "VIIII",
  "X",
  "XI",
  "XII",
  "XIII",
  "XIIII",
  "XV",
  "XVI",
  "XVII",
  "XVIII",
  "XVIIII",
  "XX",
  "XXI",
];

/** The trump's numeral as the old packs print it (IIII, VIIII: additive Roman numerals). */
export function romanNumeral(n) {
  return ROMAN[n];
}

function trump(card) {
  const n = Number(card.rank);
  const numeral = ROMAN[n];
  // A sun for the highest trumps, a moon lower down, a star for the lowest: a hint of where a trump stands.
  const emblem = n >= 15 ? sun : n >= 8 ? moon : (x, y) => star(x, y, 14, "#c98a1a");
  return (
    `<rect x="17" y="13" width="66" height="124" rx="5" fill="#f6ecd2" stroke="#6b4f9c" stroke-width="1.5"/>` +
    `<g transform="translate(57,36) scale(.72)">${emblem(0, 0)}</g>` +
    `<g transform="translate(43,114) scale(.72) rotate(180)">${emblem(0, 0)}</g>` +
    `<rect x="19" y="62" width="62" height="26" rx="3" fill="#6b4f9c"/>` +
    `<text x="50" y="82" text-anchor="middle" font-family="DejaVu Serif, Georgia, serif" font-weight="bold" ` +
    `font-size="19" fill="#fff5d6" class="numeral"` +
    `${numeral.length > 4 ? ` textLength="56" lengthAdjust="spacingAndGlyphs"` : ""}>${numeral}</text>`
  );
}

function sun(x, y) {
  let rays = "";
  for (let k = 0; k < 12; k++) {
    rays += `<path d="M0,-27 L4,-17 L-4,-17 Z" transform="translate(${x},${y}) rotate(${k * 30})"/>`;
  }
  return (
    `<g fill="#e39b1e">${rays}</g>` +
    `<circle cx="${x}" cy="${y}" r="15" fill="${GOLD_LIGHT}" stroke="#c57a10" stroke-width="2"/>`
  );
}

function moon(x, y) {
  // A crescent: a half circle, less the bulge of a larger circle through the same two points.
  return (
    `<path d="M${x},${y - 20} A20,20 0 1,0 ${x},${y + 20} A24,24 0 0,1 ${x},${y - 20} Z" fill="#8fa8d8" ` +
    `stroke="#3f5a91" stroke-width="2" stroke-linejoin="round"/>` + star(x + 10, y - 4, 6, "#c98a1a")
  );
}

function fool() {
  // A jester's cap of three points with bells, in motley.
  return (
    `<rect x="17" y="13" width="66" height="124" rx="5" fill="#f2ecf8" stroke="#6b4f9c" stroke-width="1.5"/>` +
    `<g transform="translate(50,76) scale(.8) translate(-50,-76)">` +
    `<path d="M30,96 C26,70 14,58 20,42 C30,52 38,66 44,84 Z" fill="${RED}" stroke="#4a1a12" stroke-width="1.5"/>` +
    `<path d="M44,86 C42,60 44,40 50,26 C56,40 58,60 56,86 Z" fill="${GOLD}" stroke="${GOLD_INK}" ` +
    `stroke-width="1.5"/>` +
    `<path d="M70,96 C74,70 86,58 80,42 C70,52 62,66 56,84 Z" fill="${GREEN}" stroke="#173f19" ` +
    `stroke-width="1.5"/>` +
    `<path d="M28,92 Q50,104 72,92 L72,104 Q50,116 28,104 Z" fill="#6b4f9c"/>` +
    `<g fill="${GOLD_LIGHT}" stroke="${GOLD_INK}" stroke-width="1.5">` +
    `<circle cx="20" cy="40" r="5"/><circle cx="50" cy="24" r="5"/><circle cx="80" cy="40" r="5"/></g>` +
    `</g>` +
    star(50, 126, 7, "#6b4f9c")
  );
}

// ---- the corner index -------------------------------------------------------------------------------------------
/** The text in a card's corner: the rank ("7", "10", "K"; figures in the interface's language), the trump's
 * number, a star for the Fool. */
export function indexText(card) {
  if (card.kind === "fool") return "★";
  if (card.kind === "trump") return card.rank;
  if (FIGURES.has(card.rank) || card.rank === "A") return t(`index.${styleOf(card.family)}.${card.rank}`);
  return card.rank;
}

function corner(card) {
  const text = indexText(card);
  const colour = suitColour(card);
  const wide = text.length > 1 ? ` textLength="25" lengthAdjust="spacingAndGlyphs"` : "";
  // Under the rank: the suit sign; a star marks a trump (the Fool's index is a star already).
  const sign =
    card.kind === "suit" ? suitSign(card.family, card.suit, 15.5, 44, 17) : card.kind === "trump" ? star(15.5, 43, 8, colour) : "";
  // A paper tab under the index, so that a figure's frame never runs through it.
  const tab = card.kind === "fool" ? "" : `<path d="M2.5,9 A6.5,6.5 0 0,1 9,2.5 L29,2.5 L29,52 Q29,56 25,56 L2.5,56 Z" fill="${PAPER}"/>`;
  return (
    tab +
    `<text x="15.5" y="30" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" ` +
    `font-size="29" fill="${colour}"${wide} class="idx">${text}</text>` +
    sign
  );
}

// ---- whole cards ------------------------------------------------------------------------------------------------
/** The accessible name of a card, in the interface's language ("king of swords", "trump 21", "the Fool"). */
export function cardName(code, family = "italian") {
  const card = parseCard(code, family);
  if (card.kind === "fool") return t("card.fool");
  if (card.kind === "trump") return t("card.trump", { n: card.rank });
  const style = styleOf(card.family);
  return t("card.of", { rank: t(`rank.${style}.${card.rank}`), suit: t(`suit.${style}.${card.suit}`) });
}

/** One card face as an SVG element's markup. `family` is the pack's family (see deckFamily). */
export function cardSVG(code, family = "italian", { label = true } = {}) {
  const card = parseCard(code, family);
  let middle;
  if (card.kind === "fool") middle = fool();
  else if (card.kind === "trump") middle = trump(card);
  else if (FIGURES.has(card.rank)) middle = figure(card);
  else middle = pips(card);
  const name = cardName(card.code, family);
  const a11y = label ? `role="img" aria-label="${name}"` : `aria-hidden="true"`;
  return (
    `<svg class="card-face" viewBox="0 0 ${WIDTH} ${HEIGHT}" xmlns="http://www.w3.org/2000/svg" ` +
    `data-card="${card.code}" ${a11y}>` +
    `<rect x="1" y="1" width="98" height="148" rx="8" fill="${PAPER}" stroke="#a79f8e" stroke-width="1.5"/>` +
    middle +
    `<g class="corner">${corner(card)}</g>` +
    `<g class="corner" transform="rotate(180 50 75)">${corner(card)}</g>` +
    `</svg>`
  );
}

/** The back of a card: a lattice in deep red with a gold border. */
export function cardBackSVG({ label = "" } = {}) {
  let lattice = "";
  for (let y = 18; y <= 132; y += 12) {
    for (let x = 18 + ((y / 12) % 2) * 6; x <= 82; x += 12) {
      lattice += `<path d="M${x},${y - 5} L${x + 5},${y} L${x},${y + 5} L${x - 5},${y} Z"/>`;
    }
  }
  const a11y = label ? `role="img" aria-label="${label}"` : `aria-hidden="true"`;
  return (
    `<svg class="card-back" viewBox="0 0 ${WIDTH} ${HEIGHT}" xmlns="http://www.w3.org/2000/svg" ${a11y}>` +
    `<rect x="1" y="1" width="98" height="148" rx="8" fill="#fffdf6" stroke="#a79f8e" stroke-width="1.5"/>` +
    `<rect x="6" y="6" width="88" height="138" rx="5" fill="#7d1f2c"/>` +
    `<g fill="#962f3d">${lattice}</g>` +
    `<rect x="9" y="9" width="82" height="132" rx="4" fill="none" stroke="${GOLD}" stroke-width="2"/>` +
    `<circle cx="50" cy="75" r="15" fill="#7d1f2c" stroke="${GOLD}" stroke-width="2"/>` +
    star(50, 75, 10, GOLD, 8) +
    `</svg>`
  );
}

/** Every card code of a family's packs, in pack order (suit by suit; the tarot's trumps and Fool last). */
export function allCodes(family) {
  const codes = [];
  for (const suit of SUITS[family]) for (const rank of RANKS[family]) codes.push(rank + suit);
  if (family === "tarot") {
    for (let n = 1; n <= 21; n++) codes.push(`T${n}`);
    codes.push("Fool");
  }
  return codes;
}
