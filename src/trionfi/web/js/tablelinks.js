// The table page's links, folded at the foot of its side panel: the spectators' link, to send to someone who would
// watch (the page's own address no longer carries a seat, but a phone's share sheet or a QR code is quicker), and
// a player's own seat, to play on from another device of theirs (the creator's seat was never sent anywhere).
// Both at the address the server's invites use (GET /api/tables/{table}'s `spectate`), asked once, when first opened.

import { api } from "./client.js";
import { el, linkParts } from "./dom.js";
import { enginePhrase, t } from "./i18n.js";

let open = false; // the side panel is drawn again at every move: the block stays as the player left it
let spectate = null; // the spectators' link once the server said it
let asked = null; // the error of the last ask, said in the block

/** The block; `redraw()` draws the page again once the link came. `token`: the viewer's seat token, or null. */
export function linksBlock(table, token, redraw) {
  const fetchLinks = async () => {
    try {
      spectate = (await api.table(table)).spectate;
      asked = null;
    } catch (e) {
      asked = enginePhrase(e.message);
    }
    redraw();
  };
  const body = [];
  if (open && spectate) {
    body.push(el("li", { className: "invite", "data-link": "watch" }, el("p", {}, t("links.watch")),
      ...linkParts(spectate, t("lobby.spectate"), { share: t("links.watchText") })));
    if (token) {
      const mine = `${spectate}#token=${token}`;
      body.push(el("li", { className: "invite", "data-link": "mine" }, el("p", {}, t("links.mine")),
        ...linkParts(mine, t("links.mineLabel")))); // (not one to share: whoever opens it plays the seat)
    }
  } else if (open) {
    body.push(el("li", { className: asked ? "error" : "muted" }, asked || "…"));
  }
  return el("details", {
    className: "panel-block links-block", open,
    ontoggle: (event) => {
      if (open === event.currentTarget.open) return; // (a block drawn open says so too)
      open = event.currentTarget.open;
      if (open && !spectate) fetchLinks();
      redraw();
    },
  }, el("summary", {}, t("links.title")), open ? el("ul", { className: "invites" }, ...body) : null);
}
