// The protocol client (docs/protocol.md): the HTTP calls of the lobby and one table's WebSocket connection,
// with versions, resync, reconnection and actions sent once. No rule of any game lives here.

import { t } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, code, message, detail = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.detail = detail; // the error body's other fields (e.g. a comanda's faulty word and its position)
  }
}

async function call(method, path, { body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    // The browser's own words ("Failed to fetch") tell a player nothing.
    throw new ApiError(0, "network", t("error.network"));
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = data.error || {};
    throw new ApiError(response.status, error.code || "http", error.message || `HTTP ${response.status}`, error);
  }
  return data;
}

/** A link as a QR code: an SVG document's text, made by the server (the link in the body: an invite's token never
 * goes in an address). */
export async function qrSvg(link) {
  let response;
  try {
    response = await fetch("/api/qr", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ link }) });
  } catch {
    throw new ApiError(0, "network", t("error.network"));
  }
  if (!response.ok) {
    const error = (await response.json().catch(() => ({}))).error || {};
    throw new ApiError(response.status, error.code || "http", error.message || `HTTP ${response.status}`);
  }
  return response.text();
}

let endpoints = null;

/** Whether the server has an HTTP endpoint (read once from its OpenAPI schema), to use newer calls only where
 * they exist instead of asking and logging a failure. */
export async function hasEndpoint(path) {
  if (endpoints === null) {
    endpoints = fetch("/openapi.json")
      .then((r) => (r.ok ? r.json() : { paths: {} }))
      .then((schema) => new Set(Object.keys(schema.paths || {})))
      .catch(() => new Set());
  }
  return (await endpoints).has(path);
}

export const api = {
  games: () => call("GET", "/api/games"),
  tables: () => call("GET", "/api/tables"),
  table: (id) => call("GET", `/api/tables/${encodeURIComponent(id)}`),
  seat: (id, token) => call("GET", `/api/tables/${encodeURIComponent(id)}/seat`, { token }),
  create: (spec) => call("POST", "/api/tables", { body: spec }),
  claim: (id, seat, name) =>
    call("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}/claim`, { body: { name } }),
  leave: (id, token) => call("POST", `/api/tables/${encodeURIComponent(id)}/leave`, { token }),
  comanda: (text, allowExplicit = true) =>
    call("POST", "/api/comanda", { body: { text, allow_explicit_tiers: allowExplicit } }),
  replay: (id, deal = 1) => call("GET", `/api/tables/${encodeURIComponent(id)}/replay?deal=${deal}`),
  rematch: (id, token) => call("POST", `/api/tables/${encodeURIComponent(id)}/rematch`, { token }),
  rematchOf: (id) => call("GET", `/api/tables/${encodeURIComponent(id)}/rematch`),
  // The creator lets a bot play some seats until their persons come back (or fills seats nobody took).
  standIn: (id, creatorToken, bot, seats) =>
    call("PUT", `/api/tables/${encodeURIComponent(id)}/stand-in`, { token: creatorToken, body: { bot, seats } }),
  // The creator gives the seat of a friend who left (or is not connected) to someone new: a new invite link.
  invite: (id, creatorToken, seat) =>
    call("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}/invite`, { token: creatorToken }),
  // A player lets a bot play for a person gone a while (welcome.absent_grace), or who left.
  askStandIn: (id, seatToken, seat) =>
    call("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}/stand-in`, { token: seatToken }),
  // The creator closes a table still waiting for its players.
  close: (id, creatorToken) => call("DELETE", `/api/tables/${encodeURIComponent(id)}`, { token: creatorToken }),
};

// The creator token of a table this browser created (kept by the lobby or a rematch): it lets a bot play for a
// friend who is gone.
export function rememberCreator(table, token) {
  localStorage.setItem(`trionfi.creator.${table}`, token);
}

export function creatorToken(table) {
  return localStorage.getItem(`trionfi.creator.${table}`);
}

// ---- seat tokens kept in the page's storage, so that a reload (or a link without its fragment) finds them ----
// The browser's (localStorage: the lobby's games in progress, a link opened again) and this tab's own
// (sessionStorage): the token leaves the table page's address, and a reload takes this tab back to its own seat
// even where another tab of the browser took another seat of the table since.
const seatKey = (table) => `trionfi.seat.${table}`;

export function rememberSeat(table, token) {
  localStorage.setItem(seatKey(table), token);
  sessionStorage.setItem(seatKey(table), token);
}

export function rememberedSeat(table) {
  return sessionStorage.getItem(seatKey(table)) || localStorage.getItem(seatKey(table));
}

export function forgetSeat(table) {
  localStorage.removeItem(seatKey(table));
  sessionStorage.removeItem(seatKey(table));
}

/** Everything this browser keeps of a table (its seat, its creator token, its invite links): it is gone. */
function forgetTable(table) {
  for (const kind of ["seat", "creator", "invites", "newInvites", "over"]) localStorage.removeItem(`trionfi.${kind}.${table}`);
  sessionStorage.removeItem(seatKey(table));
}

/** The creator closes a waiting table once asked again (the lobby's row, the table page): whether it was. */
export async function closeTableAsked(table) {
  if (!window.confirm(t("table.closeAsk"))) return false;
  await api.close(table, creatorToken(table));
  forgetTable(table);
  return true;
}

/** The tables this browser holds a seat at ({table: token}), in no particular order (the storage keeps none). */
export function rememberedSeats() {
  const seats = {};
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key?.startsWith("trionfi.seat.")) seats[key.slice("trionfi.seat.".length)] = localStorage.getItem(key);
  }
  return seats;
}

// A table found over is not asked about again (a browser keeps the seats of every game it played).
export const markOver = (table) => localStorage.setItem(`trionfi.over.${table}`, "1");
export const isOver = (table) => localStorage.getItem(`trionfi.over.${table}`) === "1";

/** The invite links of a table this browser created ({seat: link}), so that its table page can offer them while
 * seats are empty (the creator who went to his seat before sending them). */
export function rememberInvites(table, invites, which = "invites") {
  localStorage.setItem(`trionfi.${which}.${table}`, JSON.stringify(invites));
}

/** ``which``: "invites" (the lobby's, sent before the start) or "newInvites" (seats given to someone new). */
export function rememberedInvites(table, which = "invites") {
  try {
    return JSON.parse(localStorage.getItem(`trionfi.${which}.${table}`) || "{}") || {};
  } catch {
    return {};
  }
}

/** The table id and seat token of the page's address: /t/ID#token=T, or /table.html#table=ID&token=T. */
export function tableAddress(location = window.location) {
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ""));
  const path = /\/t\/([A-Za-z0-9_-]+)\/?$/.exec(location.pathname);
  const table = path ? path[1] : fragment.get("table");
  return { table, token: fragment.get("token") };
}

/** The page of an invite or spectator link (/t/ID[#token=T]) on this server: the link's own path. */
export function pageOf(link) {
  const url = new URL(link, window.location.href);
  return /\/t\/[A-Za-z0-9_-]+\/?$/.test(url.pathname) ? `${url.pathname}${url.hash}` : link;
}

/** The page of a table's seat: /t/ID, with the seat's token in the fragment (never sent to the server). */
export const seatPage = (table, token = null) => `/t/${encodeURIComponent(table)}${token ? `#token=${token}` : ""}`;

// ---- one table's live connection ---------------------------------------------------------------------------
const RETRY_WAITS = [300, 700, 1500, 3000, 5000];
// A connection can die without the browser noticing for minutes (a phone that slept, or moved to another
// network): the page asks for a pong this often, at once when it comes back into sight or the network returns,
// and makes the connection again when nothing at all is heard for ANSWER_WITHIN after asking.
const HEARTBEAT_EVERY = 15000;
const ANSWER_WITHIN = 4000;
// The server drops messages over its rate limit (warning at most once a second), so an action can go
// unanswered: it is sent again, same id and version, after this long. Taken already, it is refused as stale.
const RESEND_AFTER = 3000;
const SAID_KEPT = 100; // the things said at the table a page keeps

/**
 * Connects to a table, keeps this viewer's version, events and observation, and tells `onChange` about every
 * change: onChange({kind: "welcome" | "events" | "snapshot" | "table" | "presence" | "said" | "status" | "error", ...}).
 * status is "connecting", "open", "reconnecting" or "closed".
 */
export class TableConnection {
  constructor({ table, token = null, name = null, onChange }) {
    this.table = table;
    this.token = token;
    this.name = name;
    this.onChange = onChange;
    this.version = 0;
    this.events = []; // this viewer's narrative since `eventsFrom` (a snapshot starts it afresh)
    this.eventsFrom = 0;
    this.observation = null;
    this.welcome = null;
    this.presence = null; // who has the table open (the server's presence message)
    this.said = []; // what the people at the table said, oldest first (the welcome's last ones, then each said)
    this.pending = null; // the id of the action sent and not yet answered: nothing else is sent meanwhile
    this.status = "connecting";
    this.tries = 0;
    this.nextId = 1;
    this.closedByUs = false;
    this.full = true; // the first hello asks for the whole narrative (the summary and the log use it)
    this.heard = 0; // when the server last said anything (Date.now())
    this.heartbeat = setInterval(() => this.check(), HEARTBEAT_EVERY);
    this.wake = () => {
      if (document.visibilityState !== "hidden") this.check();
    };
    document.addEventListener("visibilitychange", this.wake);
    window.addEventListener("online", this.wake);
  }

  connect() {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${window.location.host}/ws`);
    this.socket = socket;
    socket.addEventListener("open", () => {
      if (socket !== this.socket) {
        socket.close(); // given up on while it opened
        return;
      }
      this.tries = 0;
      const hello = { type: "hello", table: this.table, version: this.version };
      if (this.token) hello.token = this.token;
      if (this.token && this.name) hello.name = this.name;
      if (this.full) hello.full = true;
      this.send(hello);
    });
    socket.addEventListener("message", (message) => {
      if (socket === this.socket) this.receive(message.data); // not a connection given up on
    });
    socket.addEventListener("close", () => this.dropped(socket));
    socket.addEventListener("error", () => {}); // a close follows; the retry happens there
  }

  close() {
    this.closedByUs = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.answerTimer);
    document.removeEventListener("visibilitychange", this.wake);
    window.removeEventListener("online", this.wake);
    this.socket?.close();
    this.setStatus("closed");
  }

  /** Is the connection alive? A ping now; no word back within ANSWER_WITHIN and it is made again. Waiting to
   * reconnect, it reconnects at once. */
  check() {
    if (this.closedByUs) return;
    const socket = this.socket;
    const state = socket ? socket.readyState : WebSocket.CLOSED;
    if (state === WebSocket.CLOSED || state === WebSocket.CLOSING) {
      if (this.status === "reconnecting") {
        clearTimeout(this.retryTimer); // the wait before the next try is for a network that is away
        this.connect();
      }
      return;
    }
    if (state !== WebSocket.OPEN) return; // still opening
    const asked = Date.now();
    this.send({ type: "ping" });
    clearTimeout(this.answerTimer);
    this.answerTimer = setTimeout(() => {
      if (this.socket === socket && this.heard < asked) this.abandon(socket);
    }, ANSWER_WITHIN);
  }

  abandon(socket) {
    // Not waiting for its close event: closing a dead connection can take the browser a minute.
    this.socket = null;
    socket.close();
    this.lost();
  }

  setStatus(status) {
    if (this.status === status) return;
    this.status = status;
    this.onChange({ kind: "status", status });
  }

  dropped(socket) {
    if (socket !== this.socket || this.closedByUs) return;
    this.lost();
  }

  lost() {
    // An action in flight may or may not have been taken: the events after reconnecting say which.
    this.pending = null;
    this.setStatus("reconnecting");
    const wait = RETRY_WAITS[Math.min(this.tries, RETRY_WAITS.length - 1)];
    this.tries += 1;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), wait);
  }

  send(message) {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  receive(data) {
    this.heard = Date.now();
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    switch (message.type) {
      case "welcome": {
        // (A reconnection's welcome repeats the last things said: those heard already are not news.)
        const first = !this.welcome;
        const fresh = (message.said || []).filter((m) => !this.said.some((h) => h.n === m.n));
        this.hear(fresh);
        this.welcome = message;
        this.setStatus("open");
        this.onChange({ kind: "welcome", welcome: message, said: first ? [] : fresh });
        break;
      }
      case "said":
        if (this.said.some((h) => h.n === message.n)) return;
        this.hear([message]);
        this.onChange({ kind: "said", said: [message] });
        break;
      case "events":
        if (message.from !== this.version) {
          // Something was missed (or arrived twice): ask again from what we hold.
          this.send({ type: "sync", version: this.version });
          return;
        }
        this.events.push(...message.events);
        this.version = message.version;
        this.observation = message.observation;
        if (message.ref !== undefined && message.ref === this.pending) this.pending = null;
        this.full = false;
        this.onChange({ kind: "events", events: message.events, observation: message.observation });
        break;
      case "snapshot":
        this.events = [];
        this.eventsFrom = message.version;
        this.version = message.version;
        this.observation = message.observation;
        this.pending = null;
        this.full = false;
        this.onChange({ kind: "snapshot", observation: message.observation });
        break;
      case "table":
        this.welcome = { ...this.welcome, ...message };
        this.onChange({ kind: "table", table: message });
        break;
      case "presence": {
        const previous = this.presence;
        this.presence = message;
        this.onChange({ kind: "presence", presence: message, previous });
        break;
      }
      case "rematch":
        this.onChange({ kind: "rematch", rematch: message.rematch });
        break;
      case "error":
        if (message.ref !== undefined && message.ref === this.pending) this.pending = null;
        if (message.code === "stale_version") this.send({ type: "sync", version: this.version });
        this.onChange({ kind: "error", error: message });
        break;
      default:
        break; // pong, and messages of later versions of the protocol
    }
  }

  /** Send an action once: refused (false) while another is waiting for its answer or while disconnected. */
  act(action) {
    if (this.pending !== null || this.status !== "open") return false;
    const id = this.nextId++;
    const message = { type: "action", action, version: this.version, id };
    if (!this.send(message)) return false;
    this.pending = id;
    this.resendUnanswered(message);
    this.onChange({ kind: "pending", action });
    return true;
  }

  resendUnanswered(message) {
    clearTimeout(this.resendTimer);
    this.resendTimer = setTimeout(() => {
      // Answered, or dropped with the connection (the events after reconnecting say whether it was taken).
      if (this.pending !== message.id || this.status !== "open") return;
      this.send(message);
      this.resendUnanswered(message);
    }, RESEND_AFTER);
  }

  leave() {
    this.send({ type: "leave" });
  }

  /** Keep what was said in the table's order (its numbers): with several server processes a message said on
   * another may come after one said later on this one. */
  hear(said) {
    this.said = [...this.said, ...said].sort((a, b) => a.n - b.n).slice(-SAID_KEPT);
  }

  /** Say a text or one of the phrases to the table (docs/protocol.md, `say`); false while disconnected. */
  say({ text = null, phrase = null }) {
    return this.send(text !== null ? { type: "say", text } : { type: "say", phrase });
  }
}
