// The lobby (/): a table's game and options from a form built from the game's own option declarations, each
// seat open or a bot, the invite links with copy (and share) buttons, and the list of open tables.

import {
  ApiError, api, closeTableAsked, creatorToken, forgetSeat, isOver, markOver, pageOf, rememberCreator, rememberInvites,
  rememberSeat, rememberedSeat, rememberedSeats, seatPage,
} from "./client.js";
import { el, isLoopback, linkParts, playerName, replaceIfChanged, setPlayerName } from "./dom.js";
import { capitalized, enginePhrase, engineText, language, languageSwitch, loadLanguage, t } from "./i18n.js";
import { optionLabel, rulesHref, rulesLink, tableTitle, valueText } from "./options.js";

let catalogue = null; // the answer of GET /api/games
let lastCreated = null;
const NAME_ID = "player-name";

// ---- option declarations -> controls ----------------------------------------------------------------------------
/** One allowed value written as `allowed` writes it ('standard', 2, None, True) as a JSON value. */
function readValue(text) {
  const s = text.trim();
  if (/^'.*'$|^".*"$/.test(s)) return s.slice(1, -1);
  if (s === "None" || s === "null") return null;
  if (s === "True" || s === "true") return true;
  if (s === "False" || s === "false") return false;
  if (/^-?\d+$/.test(s)) return Number(s);
  return s;
}

/** The shape of an option's control: {kind: "choice" | "bool" | "int" | "text", choices, low, high}. */
export function optionShape(option) {
  if (Array.isArray(option.choices)) return { kind: "choice", choices: option.choices };
  if (option.kind === "bool") return { kind: "bool" };
  if (option.kind === "int") return { kind: "int", low: option.low ?? null, high: option.high ?? null };
  const allowed = String(option.allowed ?? "");
  if (allowed === "true or false") return { kind: "bool" };
  const number = /^a whole number(?: >= (-?\d+))?(?: and)?(?: <= (-?\d+))?$/.exec(allowed);
  if (number) return { kind: "int", low: number[1] ? +number[1] : null, high: number[2] ? +number[2] : null };
  if (/^('[^']*'|-?\d+|None|True|False)(, ('[^']*'|-?\d+|None|True|False))*$/.test(allowed)) {
    return { kind: "choice", choices: allowed.split(/,\s*/).map(readValue) };
  }
  return { kind: "text", hint: allowed };
}

/** An option's help as the lobby shows it: the engine writes it for the command line, naming values as they are
 * typed ("... the first played wins (first_played)", "(disabled: no double play)", "(false: any card)"); here a
 * value is the choice's words, a value that only repeats what precedes it goes, and false is the box left
 * unticked. */
function helpInWords(doc, option, shape) {
  let text = doc;
  if (shape.kind === "bool") {
    text = text.replace(new RegExp(`(^|\\()(?:false|${t("lobby.falseWord")})(?=\\s*[:=])`), `$1${t("lobby.unticked")}`);
  } else if (shape.kind === "choice") {
    for (const value of shape.choices.filter((v) => typeof v === "string")) {
      text = text.replaceAll(` (${value})`, "").replaceAll(`(${value}: `, `(${valueText(option.name, value)}: `);
    }
  }
  return text;
}

/** A default that depends on other options, in the words of the choices: Triomphe's teams are "true with the
 * french rules, false with strasbourg" to the engine, "yes ..., no ..." in a list whose choices read yes and no. */
function defaultInWords(text, option, shape) {
  if (shape.kind !== "choice" || !shape.choices.includes(true)) return text;
  return text.replace(/\btrue\b/g, valueText(option.name, true)).replace(/\bfalse\b/g, valueText(option.name, false));
}

function optionControl(option, game) {
  let shape = optionShape(option);
  const id = `opt-${option.name}`;
  // One value allowed (Chiamata's five players, Troccas' four): said, not asked. A number box that took a 4 only to
  // refuse it on Create was a question with one answer.
  const only = shape.kind === "int" && shape.low !== null && shape.low === shape.high ? shape.low
    : shape.kind === "choice" && shape.choices.length === 1 ? shape.choices[0] : undefined;
  let control;
  if (only !== undefined) {
    control = el("output", { id, className: "option-value" }, String(valueText(option.name, only)));
    control.dataset.value = JSON.stringify(only);
    shape = { kind: "fixed" };
  } else if (shape.kind === "bool") {
    control = el("input", { type: "checkbox", id, checked: option.default === true });
  } else if (shape.kind === "choice") {
    control = el("select", { id });
    for (const value of shape.choices) {
      const text = valueText(option.name, value);
      const label = value === option.default && value !== null ? `${text} ${t("lobby.isDefault")}` : text;
      control.append(el("option", { value: JSON.stringify(value), selected: value === option.default }, label));
    }
  } else if (shape.kind === "int") {
    control = el("input", { type: "number", id, value: option.default ?? "", inputMode: "numeric" });
    if (shape.low !== null) control.min = shape.low;
    if (shape.high !== null) control.max = shape.high;
  } else {
    // A text option shows its default as the command line writes it (0,1); it is sent only when changed.
    const value = option.default === null ? "" : Array.isArray(option.default) ? option.default.join(",") : String(option.default);
    control = el("input", { type: "text", id, value, placeholder: t("lobby.auto") });
    control.dataset.initial = value;
  }
  control.dataset.option = option.name;
  control.dataset.shape = shape.kind;
  // A capital in the text itself: CSS's ::first-letter does not reach into a touch screen's taller checkbox label
  // (a flex box), which read "shuffle every deal" under "Players".
  const label = el("label", { htmlFor: id, className: "option-name" }, capitalized(optionLabel(option.name)));
  const doc = engineText("option", `${game}.${option.name}`, option.doc || "");
  const help = el("small", { className: "option-doc" }, helpInWords(doc, option, shape));
  if (shape.hint) help.append(` (${engineText("allowed", `${game}.${option.name}`, shape.hint)})`);
  // A default that depends on other options (the number of players, the ruleset) is said in words.
  if (option.default_text) {
    const said = engineText("default", `${game}.${option.name}`, option.default_text);
    help.append(` · ${t("lobby.default")}: ${defaultInWords(said, option, shape)}`);
  }
  const row = el("div", { className: `option option-${shape.kind}` }, label, control, help);
  return row;
}

/** The options that differ from their defaults, as JSON values (the server checks the combination). */
function chosenOptions(form, game) {
  const options = {};
  for (const option of game.options) {
    const control = form.querySelector(`[data-option="${option.name}"]`);
    if (!control) continue;
    let value;
    if (control.dataset.shape === "fixed") continue; // its one value, the default
    if (control.dataset.shape === "bool") value = control.checked;
    else if (control.dataset.shape === "choice") value = JSON.parse(control.value);
    else if (control.dataset.shape === "int") value = control.value === "" ? null : Number(control.value);
    else {
      if (control.value.trim() !== control.dataset.initial) options[option.name] = control.value.trim() || null;
      continue;
    }
    if (JSON.stringify(value) !== JSON.stringify(option.default)) options[option.name] = value;
  }
  return options;
}

function playerCount(form, game) {
  const control = form.querySelector('[data-option="players"]');
  const shape = control?.dataset.shape;
  const value = !control ? null : shape === "fixed" ? JSON.parse(control.dataset.value) : shape === "choice" ? JSON.parse(control.value) : +control.value;
  return Number.isInteger(value) && value >= 1 && value <= 10 ? value : game.players || 2;
}

// ---- seats ------------------------------------------------------------------------------------------------------
function seatChoices() {
  const choices = [["me", t("lobby.seat.me")], ["open", t("lobby.seat.open")], ["reserved", t("lobby.seat.reserved")]];
  for (const level of catalogue.levels || ["easy", "medium", "hard"]) {
    choices.push([`bot:${level}`, t("lobby.seat.bot", { level: t(`level.${level}`) })]);
  }
  return choices;
}

function renderSeats(box, count, preset = null) {
  if (box.querySelectorAll("select").length === count && !preset) return;  // (every key typed comes here)
  // The seats' choices outlive a smaller count, so that typing "10" (through "1") keeps them.
  const before = preset ? [...preset] : box.chosen || [];
  box.querySelectorAll("select").forEach((s, i) => { before[i] = s.value; });
  box.chosen = before;
  box.replaceChildren();
  for (let seat = 0; seat < count; seat++) {
    const select = el("select", { id: `seat-${seat}`, "data-seat": seat });
    const fallback = seat === 0 ? "me" : "bot:medium";
    for (const [value, label] of seatChoices()) {
      select.append(el("option", { value, selected: (before[seat] ?? fallback) === value }, label));
    }
    box.append(
      el("div", { className: "seat-row" }, el("label", { htmlFor: `seat-${seat}` }, t("seat.n", { n: seat })), select),
    );
  }
}

// ---- creating a table -------------------------------------------------------------------------------------------
async function create(form, game, output) {
  // My own seat is reserved: listed as open, anyone in the lobby could sit in it before I reach the table.
  const seats = [...form.querySelectorAll("[data-seat]")].map((s) =>
    s.value.startsWith("bot:") ? { kind: "bot", bot: s.value.slice(4) } : { kind: s.value === "me" ? "reserved" : s.value },
  );
  const mine = [...form.querySelectorAll("[data-seat]")].findIndex((s) => s.value === "me");
  const spec = {
    game: game.name,
    options: chosenOptions(form, game),
    match: form.querySelector("#opt-match").checked,
    seats,
    stand_in: form.querySelector("#opt-stand-in").value || null,
  };
  const button = form.querySelector("button[type=submit]");
  button.disabled = true;
  output.replaceChildren(el("p", { className: "muted" }, t("lobby.creating")));
  try {
    const created = await api.create(spec);
    lastCreated = { created, mine, spec };
    rememberCreator(created.table, created.creator_token);
    // Me against bots only: no link to send, straight to the table.
    const myseat = created.seats.find((seat) => seat.seat === mine);
    // Kept at once, not only on "Go to my seat": the open tables below list this table, as the creator's seat.
    if (myseat?.token) rememberSeat(created.table, myseat.token);
    if (myseat?.token && created.seats.every((seat) => seat.seat === mine || seat.kind === "bot")) {
      window.location.href = pageOf(myseat.invite);
      return;
    }
    showCreated(output);
  } catch (e) {
    const error = el("p", { className: "error", role: "alert" }, enginePhrase(e.message));
    output.replaceChildren(error);
    error.scrollIntoView({ block: "nearest" });  // under the button, out of a phone's sight otherwise
  } finally {
    button.disabled = false;
  }
}

function showCreated(output) {
  const { created, mine } = lastCreated;
  const rows = created.seats.map((seat) => {
    const who = seat.seat === mine ? t("lobby.you") : seat.kind === "bot" ? t("lobby.bot") : t("lobby.invite");
    const invite = seat.invite && seat.seat !== mine;
    return el("li", { className: "invite", "data-seat": seat.seat }, el("strong", {}, `${t("seat.n", { n: seat.seat })} · ${who}`),
      ...(invite ? linkParts(seat.invite, t("lobby.inviteFor", { n: seat.seat }), { share: t("invite.text") }) : []));
  });
  // Someone to watch (a friend who came late, a television in the room): the same ways to send it.
  const spectate = el("li", { className: "invite", "data-link": "watch" }, el("strong", {}, t("lobby.spectate")),
    ...linkParts(created.spectate, t("lobby.spectate"), { share: t("links.watchText") }));
  rememberInvites(created.table, Object.fromEntries(created.seats
    .filter((seat) => seat.invite && seat.seat !== mine).map((seat) => [seat.seat, seat.invite])));
  const panel = el("section", { className: "created", "aria-live": "polite" },
    el("h2", {}, t("lobby.created")), el("ul", { className: "invites" }, ...rows, spectate));
  // Links to this machine's loopback address open on it alone: say how a friend on another device can join.
  if (isLoopback(created.spectate)) {
    panel.append(el("p", { className: "local-only small" }, t("lobby.localOnly")));
  }
  const myseat = created.seats.find((s) => s.seat === mine);
  if (myseat?.token) {
    panel.append(el("a", { className: "button primary go", href: pageOf(myseat.invite), onclick: () => rememberSeat(created.table, myseat.token) }, t("lobby.go")));
  } else {
    panel.append(el("a", { className: "button go", href: pageOf(created.spectate) }, t("lobby.watch")));
  }
  output.replaceChildren(panel);
  panel.scrollIntoView({ block: "nearest" });
  const list = document.getElementById("open-tables");
  if (list) refreshTables(list);
}

function renderForm(main, gameName, prefill = null, kept = null) {
  const game = catalogue.games.find((g) => g.name === gameName) || catalogue.games[0];
  const form = el("form", { className: "create-form", id: "create-form" });
  const select = el("select", { id: "game" });
  for (const g of catalogue.games) select.append(el("option", { value: g.name, selected: g.name === game.name }, g.title));
  select.addEventListener("change", () => {
    // What is not the game's own stays as the person set it: the name typed (kept for good only when the table is
    // created), a whole match, the stand-in. And the focus stays on the game's list, drawn anew.
    const kept = { name: form.querySelector(`#${NAME_ID}`).value, match: form.querySelector("#opt-match").checked,
      standIn: form.querySelector("#opt-stand-in").value };
    renderForm(main, select.value, null, kept);
    main.querySelector("#game")?.focus();
  });
  // The first options (players, variant, deck...) are in view; the finer points are folded away.
  const options = el("fieldset", { className: "options" }, el("legend", {}, t("lobby.options")));
  const more = el("details", { className: "more-options" }, el("summary", {}, t("lobby.moreOptions")));
  game.options.forEach((option, i) => (i < 3 ? options : more).append(optionControl(option, game.name)));
  if (game.options.length > 3) options.append(more);
  if (prefill) {
    for (const [name, value] of Object.entries(prefill.options || {})) {
      const control = options.querySelector(`[data-option="${name}"]`);
      if (!control) continue;
      if (control.dataset.shape === "bool") control.checked = value === true;
      else if (control.dataset.shape === "choice") control.value = JSON.stringify(value);
      else control.value = value ?? "";
    }
  }
  const seats = el("fieldset", { className: "seats" }, el("legend", {}, t("lobby.seats")));
  const seatBox = el("div", { className: "seat-list" });
  // The choices say little ("open: link or lobby"), to be read whole in a phone's box; what they mean, once below.
  seats.append(seatBox, el("p", { className: "option-doc seats-doc" }, t("lobby.seatsHelp")));
  // The game's rules as the options chosen so far make them (a new tab: the form stays as it is).
  const rules = rulesLink("", game.title);
  const showRules = () => {
    const chosen = chosenOptions(options, game);
    rules.href = rulesHref(game.name, chosen);
    rules.textContent = t("rules.link", { game: tableTitle(game.title, chosen) });
  };
  showRules(); // (a rematch's options are in the form already)
  // As it is typed, not on leaving the box: a count changed on blur moved the button away under the pointer of
  // someone who typed "4" and clicked "Create the table" at once, and the click was lost.
  for (const type of ["input", "change"]) {
    options.addEventListener(type, () => {
      renderSeats(seatBox, playerCount(options, game));
      showRules();
    });
  }
  renderSeats(seatBox, playerCount(options, game), prefill?.seats || null);
  const standIn = el("select", { id: "opt-stand-in" }, el("option", { value: "" }, t("lobby.standIn.none")));
  for (const level of catalogue.levels || []) {
    standIn.append(el("option", { value: level, selected: level === (kept ? kept.standIn : "medium") }, t(`level.${level}`)));
  }
  const output = el("div", { id: "created" });
  form.append(
    el("div", { className: "field" }, el("label", { htmlFor: NAME_ID }, t("lobby.name")),
      el("input", { id: NAME_ID, value: kept ? kept.name : playerName(), maxLength: 40, autocomplete: "nickname", required: true })),
    el("div", { className: "field" }, el("label", { htmlFor: "game" }, t("lobby.game")), select, rules),
    options,
    seats,
    el("div", { className: "field inline" }, el("input", { type: "checkbox", id: "opt-match", checked: Boolean(kept ? kept.match : prefill?.match) }),
      el("label", { htmlFor: "opt-match" }, t("lobby.match"))),
    el("div", { className: "field" }, el("label", { htmlFor: "opt-stand-in" }, t("lobby.standIn")), standIn),
    el("button", { type: "submit", className: "button primary" }, t("lobby.create")),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    setPlayerName(form.querySelector(`#${NAME_ID}`).value);
    create(form, game, output);
  });
  main.querySelector("#form-slot").replaceChildren(form, output);
}

// ---- the open tables --------------------------------------------------------------------------------------------
// A waiting table is kept a week for its links, long after its people went: one nobody has open, where nothing
// happened for this long, is set apart (folded away) from those where someone waits now.
const QUIET = 15 * 60; // seconds

async function refreshTables(box) {
  let answer;
  try {
    answer = await api.tables();
  } catch (e) {
    box.replaceChildren(el("p", { className: "error" }, enginePhrase(e.message)));
    return;
  }
  const lively = [];
  const quiet = [];
  for (const table of answer.tables) {
    // (one where this browser holds a seat is its own: never out of sight)
    const here = table.connected.length || table.idle < QUIET || rememberedSeat(table.table);
    (here ? lively : quiet).push(tableItem(table));
  }
  // Each row drawn again only if it changed: a list redrawn every few seconds took the row under a finger
  // pressing *Sit* or *Watch* away, and the press did nothing.
  const parts = [lively.length ? rowsIn(box.querySelector(":scope > ul.lively"), "open-tables lively", lively)
    : el("p", { className: "muted" }, t("lobby.noTables"))];
  if (quiet.length) {
    const details = box.querySelector(":scope > details.quiet-tables")
      ?? el("details", { className: "quiet-tables" }, el("summary"), el("ul", { className: "open-tables" }));
    const summary = details.querySelector("summary");
    const title = t("lobby.quietTables", { n: quiet.length });
    if (summary.textContent !== title) summary.textContent = title;
    rowsIn(details.querySelector("ul"), "open-tables", quiet);
    parts.push(details);
  }
  replaceIfChanged(box, parts);
}

/** The list `list` (a new one of `className` if none) with `items` as its rows, those unchanged left as they are. */
function rowsIn(list, className, items) {
  const ul = list ?? el("ul", { className });
  replaceIfChanged(ul, items);
  return ul;
}

function tableItem(table) {
  const options = Object.entries(table.options || {}).map(([k, v]) => `${optionLabel(k)}: ${valueText(k, v)}`).join(", ");
  // A seat freed during a game (its person left and the creator gave it to someone new): joined mid-deal.
  const playing = table.status === "playing" ? el("span", { className: "in-play", title: t("lobby.inPlayHelp") }, t("lobby.inPlay")) : null;
  const item = el("li", { "data-table": table.table },
    el("span", { className: "title" }, table.title), playing, el("small", { className: "options" }, options || t("lobby.defaults")),
    el("small", { className: "who" }, whoIsThere(table)));
  // A table where this browser has a seat (one it made, waiting for a friend): its own seat, not the friend's.
  const mine = rememberedSeat(table.table);
  if (mine) item.append(el("a", { className: "button small primary", href: seatPage(table.table, mine) }, t("lobby.go")));
  for (const seat of mine ? [] : table.free_seats) {
    item.append(el("button", { className: "button small", type: "button", onclick: () => claim(table.table, seat) },
      t("lobby.sit", { n: seat })));
  }
  item.append(el("a", { className: "button small ghost", href: `/t/${table.table}` }, t("lobby.watch")));
  // One this browser made, still waiting (its friends did not come, or it was made by mistake): closed from here.
  if (creatorToken(table.table) && table.status === "waiting") {
    item.append(el("button", { className: "button small ghost", type: "button", "data-close": table.table,
      onclick: () => closeTable(table.table) }, t("table.close")));
  }
  return item;
}

async function closeTable(table) {
  try {
    await closeTableAsked(table);
  } catch (e) {
    alert(enginePhrase(e.message)); // the game began meanwhile
  }
  const list = document.getElementById("open-tables");
  if (list) refreshTables(list);
}

// ---- this browser's games in progress ------------------------------------------------------------------------
/** The games this browser has a seat in, being played: someone who closed the table's tab (a phone does it by
 * itself) found no way back from the lobby once the game had started; the open tables list only waiting ones. */
async function refreshMine(box) {
  const seats = Object.entries(rememberedSeats()).filter(([table]) => !isOver(table)).slice(0, 20);
  const found = await Promise.all(seats.map(async ([table, token]) => {
    try {
      return [await api.seat(table, token), token];
    } catch (e) {
      // Expired or gone from this server, or the seat given to someone new (its old link opens it no more).
      if (e instanceof ApiError && (e.status === 404 || e.code === "bad_token")) forgetSeat(table);
      return null;
    }
  }));
  const playing = [];
  for (const item of found) {
    if (!item) continue;
    if (item[0].status === "finished") markOver(item[0].table);
    else if (item[0].status === "playing") playing.push(item);
  }
  box.hidden = !playing.length;
  if (!playing.length) return;
  playing.sort(([a], [b]) => b.updated - a.updated);
  const list = el("ul", { className: "open-tables my-tables" }, ...playing.map(([table, token]) => {
    const others = table.seats.filter((s) => s.name || s.kind === "bot").map((s) => s.name || t("seat.bot", { n: s.seat }));
    return el("li", { "data-table": table.table },
      el("span", { className: "title" }, tableTitle(table.title, table.options)),
      el("small", { className: "who" }, `${t("lobby.seated", { names: others.join(", ") })} · ${age(table.updated)}`),
      el("a", { className: "button small primary", href: seatPage(table.table, token) }, t("lobby.back")));
  }));
  box.replaceChildren(el("h2", {}, t("lobby.myTables")), list);
}

/** Who sits at an open table already, and since when: a friend told "my table is in the lobby" finds it. A
 * person without the table open now is marked: sitting down beside them means waiting for them. */
function whoIsThere(table) {
  const here = new Set(table.connected);
  const seated = (table.seats || []).filter((s) => s.name || s.kind === "bot")
    .map((s) => (!s.name ? t("seat.bot", { n: s.seat }) : here.has(s.seat) ? s.name : t("lobby.away", { name: s.name })));
  const who = seated.length ? t("lobby.seated", { names: seated.join(", ") }) : t("lobby.nobodyYet");
  return `${who} · ${age(table.created)}`;
}

function age(created) {
  const minutes = Math.max(0, Math.floor((Date.now() / 1000 - created) / 60));  // (the phone's clock may be off)
  if (minutes < 1) return t("lobby.justNow");
  const words = new Intl.RelativeTimeFormat(language(), { numeric: "always" });
  if (minutes < 60) return words.format(-minutes, "minute");
  return minutes < 24 * 60 ? words.format(-Math.floor(minutes / 60), "hour") : words.format(-Math.floor(minutes / 1440), "day");
}

async function claim(table, seat) {
  const name = document.getElementById(NAME_ID)?.value || playerName();
  setPlayerName(name);
  try {
    const answer = await api.claim(table, seat, name);
    rememberSeat(table, answer.token);
    window.location.href = pageOf(answer.invite);
  } catch (e) {
    alert(enginePhrase(e.message));
    const list = document.getElementById("open-tables");
    if (list) refreshTables(list); // the seat someone else took is no longer offered
  }
}

// ---- the page ---------------------------------------------------------------------------------------------------
function render() {
  const main = document.getElementById("lobby");
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  document.getElementById("rules-top").href = `/rules?lang=${language()}`; // every game's rules, in this language
  document.getElementById("lang-slot").replaceChildren(languageSwitch(render));
  const current = main.querySelector("#game")?.value;
  const tables = el("section", { className: "panel tables-panel" }, el("h2", {}, t("lobby.openTables")), el("div", { id: "open-tables" }));
  const mine = el("section", { className: "panel my-tables-panel", id: "my-tables", hidden: true });
  main.replaceChildren(
    mine,
    el("section", { className: "panel create-panel" }, el("h1", {}, t("lobby.title")), el("p", { className: "muted" }, t("lobby.intro")), el("div", { id: "form-slot" })),
    tables,
  );
  refreshMine(mine);
  const prefill = JSON.parse(sessionStorage.getItem("trionfi.rematch") || "null");
  sessionStorage.removeItem("trionfi.rematch");
  renderForm(main, prefill?.game || current || "briscola", prefill);
  if (lastCreated) showCreated(main.querySelector("#created"));
  refreshTables(main.querySelector("#open-tables"));
  document.body.dataset.ready = "true";
}

await loadLanguage();
try {
  catalogue = await api.games();
} catch (e) {
  document.getElementById("lobby").replaceChildren(el("p", { className: "error", role: "alert" }, enginePhrase(e.message)));
  throw e;
}
render();
setInterval(() => {
  const box = document.getElementById("open-tables");
  if (box && document.visibilityState === "visible") refreshTables(box);
}, 5000);
