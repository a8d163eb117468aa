// A match's score as players keep it on paper: the score after each finished deal, with what the deal changed
// (the side panel's sheet), and at the end of the match the same scores drawn as lines (the summary's chart).
// Both read the observation's `match.deals`, each with the match score after it: a page opened mid-match, or
// reloaded, has the whole sheet without the events that told it.

import { el } from "./dom.js";
import { t } from "./i18n.js";

// A true minus sign, as the terminal writes scores.
export const formatNumber = (v) => (v < 0 ? "−" : "") + (Number.isInteger(v) ? String(Math.abs(v)) : Math.abs(v).toFixed(1));
export const signed = (v) => (v > 0 ? "+" : v < 0 ? "−" : "±") + formatNumber(Math.abs(v));

// Line colours on the summary's paper, told apart by more than hue: the viewer's own line is solid and thicker,
// the others' dashed.
const COLOURS = ["#b07d10", "#1f6fb2", "#c0392b", "#2e7d4f", "#7d3c98", "#555555"];

let sheetOpen = false; // folded until the player opens it; the side panel is redrawn at every move and keeps it so

/** The finished deals that carry the match score after them (a server older than the sheet sends none). */
const scoredDeals = (match) => (match?.deals || []).filter((deal) => Array.isArray(deal.score));

/** The side panel's sheet: one row a deal, one column a side; null before the first deal is over. */
export function scoreSheet(match, names) {
  const deals = scoredDeals(match);
  if (!deals.length) return null;
  let before = names.map(() => 0);
  const rows = deals.map((deal, k) => {
    const cells = names.map((_, side) => {
      const now = deal.score[side] ?? 0;
      const change = now - (before[side] ?? 0);
      return el("td", {}, formatNumber(now), change ? el("small", { className: "change" }, signed(change)) : null);
    });
    before = deal.score;
    return el("tr", {}, el("th", { scope: "row" }, String(k + 1)), ...cells);
  });
  return el("details", { className: "score-sheet", open: sheetOpen, ontoggle: (event) => (sheetOpen = event.currentTarget.open) },
    el("summary", {}, t("sheet.title")),
    el("table", {},
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("sheet.deal")), ...names.map((name) => el("th", { scope: "col" }, name)))),
      el("tbody", {}, ...rows)));
}

/** The match score after each deal as lines, from 0 before the first; null for a match of one deal. */
export function scoreChart(match, names, mine = null) {
  const deals = scoredDeals(match);
  if (deals.length < 2) return null;
  const series = names.map((_, side) => [0, ...deals.map((deal) => deal.score[side] ?? 0)]);
  const values = series.flat();
  const goal = typeof match.to_win === "number" ? match.to_win : null; // the score that wins (none: a number of deals)
  const low = Math.min(0, ...values);
  const high = Math.max(low + 1, ...values, goal ?? low);
  const [width, height, left, right, top, bottom] = [400, 150, 38, 12, 10, 24];
  const x = (k) => left + (k * (width - left - right)) / deals.length;
  const y = (v) => top + ((high - v) * (height - top - bottom)) / (high - low);
  const label = (text, px, py, anchor) => `<text x="${px}" y="${py}" text-anchor="${anchor}">${text}</text>`;
  const parts = [`<line class="axis" x1="${left}" x2="${width - right}" y1="${y(0)}" y2="${y(0)}"/>`];
  if (goal !== null) parts.push(`<line class="goal" x1="${left}" x2="${width - right}" y1="${y(goal)}" y2="${y(goal)}"/>`);
  const labelled = [];
  for (const v of [0, goal ?? 0, high, low]) { // a number too near one written already is left out (410 over 401)
    if (labelled.some((w) => Math.abs(y(w) - y(v)) < 12)) continue;
    labelled.push(v);
    parts.push(label(formatNumber(v), left - 6, y(v) + 4, "end"));
  }
  const every = Math.ceil(deals.length / 10); // at most ten deal numbers under the axis
  for (let k = 1; k <= deals.length; k++) {
    if (k % every === 0 || k === deals.length) parts.push(label(String(k), x(k), height - 6, "middle"));
  }
  series.forEach((points, side) => {
    const colour = COLOURS[side % COLOURS.length];
    const own = side === mine;
    const path = points.map((v, k) => `${x(k).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    const dashed = mine !== null && !own; // a spectator's lines are all alike
    parts.push(`<polyline points="${path}" fill="none" stroke="${colour}" stroke-width="${own ? 3.5 : 2}"${dashed ? ' stroke-dasharray="6 3"' : ""}/>`);
    for (let k = 1; k < points.length; k++) parts.push(`<circle cx="${x(k).toFixed(1)}" cy="${y(points[k]).toFixed(1)}" r="${own ? 3.5 : 2.5}" fill="${colour}"/>`);
  });
  const final = names.map((name, side) => `${name} ${formatNumber(series[side].at(-1))}`).join(", ");
  return el("figure", { className: "score-chart" },
    el("div", { role: "img", "aria-label": t("sheet.chart", { deals: deals.length, score: final }),
      html: `<svg viewBox="0 0 ${width} ${height}" preserveAspectRatio="xMidYMid meet">${parts.join("")}</svg>` }),
    el("figcaption", {}, t("sheet.caption"),
      el("ul", { className: "chart-legend" }, ...names.map((name, side) =>
        el("li", { className: side === mine ? "own" : "" }, el("span", { className: "swatch", "aria-hidden": "true", style: `background:${COLOURS[side % COLOURS.length]}` }), name)),
        goal !== null ? el("li", { className: "goal" }, el("span", { className: "swatch", "aria-hidden": "true" }), t("sheet.goal", { n: formatNumber(goal) })) : null)));
}
