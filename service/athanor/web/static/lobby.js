// The lobby: join with a code, a seat link or from the open games; the operator's
// panel to create a game, give seats to the server's bot and list the server's games.
import { call, RpcError } from "./rpc.js";
import { main, el, words, refusalText, showNotice } from "./dom.js";
import { adoptSeatLink, operatorToken, signIn, signOut, storeSeat, tableLink } from "./seats.js";
import { hostPanel } from "./host.js";

// what a person types from a code read aloud: any case, spaces or dashes
const cleanCode = (code) => String(code || "").toUpperCase().replace(/[\s-]+/g, "");
// the code as it is shown and read aloud: XXXXX-XXXXX
const showCode = (code) => (code.length === 10 ? `${code.slice(0, 5)}-${code.slice(5)}` : code);

async function joinGame(request, notice) {
  try {
    const joined = await call("JoinGame", request, null);
    storeSeat(joined.gameId, { token: joined.token, seat: joined.seat, name: joined.name, code: showCode(cleanCode(request.code)) });
    location.href = tableLink(joined.gameId, joined.seat);
  } catch (err) {
    const why = err instanceof RpcError && err.code === "not_found" ? "No open game has that code (it may be full or over)." : refusalText(err);
    showNotice(notice, `Not joined: ${why}`);
  }
}

export async function lobby() {
  document.title = "Athanor — lobby";
  main.replaceChildren();
  main.dataset.page = "lobby";
  const operator = operatorToken(); // this tab's sign-in only (see seats.js)
  const notice = el("p", { id: "lobby-notice", role: "alert", class: "notice", hidden: true });
  const byCode = codeForm(notice);
  const open = el("section", { class: "panel", id: "lobby-games", "aria-live": "polite" });
  const join = seatLinkForm(notice);
  const kinds = await call("ListKinds", {}, null).catch((err) => ({ error: err }));
  for (const k of kinds.kinds || []) kindInfo[k.kind] = k;
  const places = {
    notice,
    open,
    created: el("section", { id: "created", "aria-live": "polite" }),
    games: el("section", { class: "panel", id: "games" }),
  };
  const title = el("h1", { text: "Lobby" });
  if (operator) {
    const create = createForm(kinds.kinds || [], operator, places);
    main.append(title, signedIn(), notice, byCode, open, places.created, create, join, places.games);
  } else {
    main.append(title, notice, byCode, open, join, signInForm(notice));
  }
  if (kinds.error) showNotice(notice, `The server does not answer: ${refusalText(kinds.error)}`);
  await listLobby(open, notice);
  if (operator) await listGames(places.games, operator, notice);
}

// The operator signs in for this tab: the token is checked by the server first, then
// kept in sessionStorage until "Sign out" or the tab closes (see seats.js).
function signInForm(notice) {
  const form = el("form", { class: "panel", id: "sign-in-form" },
    el("h2", { text: "Operator" }),
    el("label", { for: "operator-token" }, "Operator token (in the server's data folder, operator.token)"),
    el("input", { id: "operator-token", name: "token", type: "password", required: true, autocomplete: "off" }),
    el("p", { class: "hint", text: "Kept in this tab only, until you sign out or close it; never offered to the next person on this device." }),
    el("button", { type: "submit", id: "sign-in", text: "Sign in" }));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const token = form.elements.token.value.trim();
    try {
      await call("ListGames", { pageSize: 1 }, token);
    } catch (err) {
      const why = err instanceof RpcError && ["unauthenticated", "permission_denied"].includes(err.code) ? "that is not the operator's token." : refusalText(err);
      showNotice(notice, `Not signed in: ${why}`);
      return;
    }
    signIn(token);
    await lobby();
  });
  return form;
}

function signedIn() {
  return el("p", { class: "signed-in", id: "signed-in" },
    el("span", { text: "Signed in as the operator, in this tab only." }),
    el("button", { type: "button", id: "sign-out", class: "secondary", text: "Sign out", onclick: () => { signOut(); lobby(); } }));
}

function codeForm(notice) {
  const savedName = localStorage.getItem("athanor.name") || "";
  const byCode = el("form", { class: "panel", id: "code-form" },
    el("h2", { text: "Join with a code" }),
    el("label", { for: "join-code" }, "Join code (as read to you: any case, dash or not)"),
    el("input", { id: "join-code", name: "code", required: true, autocomplete: "off", autocapitalize: "characters", spellcheck: "false", inputmode: "text", placeholder: "7KQ2M-9XW4D", class: "code-input" }),
    el("label", { for: "join-name" }, "Your name"),
    el("input", { id: "join-name", name: "name", required: true, maxlength: 24, autocomplete: "nickname", value: savedName }),
    el("button", { type: "submit", text: "Join" }));
  byCode.addEventListener("submit", (e) => {
    e.preventDefault();
    const name = byCode.elements.name.value.trim();
    localStorage.setItem("athanor.name", name);
    joinGame({ code: cleanCode(byCode.elements.code.value), name }, notice);
  });
  return byCode;
}

function seatLinkForm(notice) {
  const join = el("form", { class: "panel", id: "join-form" },
    el("h2", { text: "Join with a seat link" }),
    el("label", { for: "seat-link" }, "Seat link (from the game's creator)"),
    el("input", { id: "seat-link", name: "link", type: "url", required: true, autocomplete: "off", placeholder: "http://…/?game=…&token=…" }),
    el("button", { type: "submit", text: "Take my seat" }));
  join.addEventListener("submit", (e) => {
    e.preventDefault();
    let params = null;
    try {
      params = new URL(join.elements.link.value, location.href).searchParams;
    } catch (err) {
      params = null;
    }
    if (!params || !params.get("game")) {
      showNotice(notice, "That is not a seat link.");
      return;
    }
    // the token goes to this browser's storage, never into the address
    location.href = params.get("token") ? adoptSeatLink(params.get("game"), params) : `/?${params.toString()}`;
  });
  return join;
}

// the operator's form; `places` are the lobby's notice, open games, created game and
// the server's games, drawn again after a game is created
function createForm(kinds, operator, { notice, open, created, games }) {
  const kindSelect = el("select", { id: "kind", name: "kind" });
  for (const k of kinds) {
    kindSelect.append(el("option", { value: k.kind, "data-min": k.minSeats, "data-max": k.maxSeats, text: `${k.title} (${k.minSeats}–${k.maxSeats} players)` }));
  }
  const listedBox = el("fieldset", { id: "listing" },
    el("legend", { text: "Who can see the open table" }),
    el("label", { class: "check" }, el("input", { type: "radio", name: "listing", value: "listed", checked: true }), " Listed in the lobby"),
    el("label", { class: "check" }, el("input", { type: "radio", name: "listing", value: "private" }), " Private (only with the code)"));
  const openBox = el("input", { id: "open-table", name: "open", type: "checkbox" });
  const kindNote = el("div", { id: "kind-house-rules", "aria-live": "polite" });
  const showKindNote = () => kindNote.replaceChildren(...[houseRulesNote(kindSelect.value)].filter(Boolean));
  kindSelect.addEventListener("change", showKindNote);
  showKindNote();
  const create = el("form", { class: "panel", id: "create-form" },
    el("h2", { text: "New game" }),
    el("label", { for: "kind" }, "Game"), kindSelect, kindNote,
    el("label", { for: "seats" }, "Players"),
    el("input", { id: "seats", name: "seats", type: "number", min: 1, max: 6, value: 2, required: true }),
    el("label", { class: "check", for: "open-table" }, openBox, " Open table: players join with a code and their name"),
    listedBox,
    el("label", { for: "move-seconds" }, "Time per move in seconds (empty: no clock)"),
    el("input", { id: "move-seconds", name: "moveSeconds", type: "number", min: 1, max: 604800, placeholder: "none" }),
    el("button", { type: "submit", text: "Create" }));
  // listing only means something for an open table
  listedBox.disabled = true;
  openBox.addEventListener("change", () => { listedBox.disabled = !openBox.checked; });
  create.addEventListener("submit", async (e) => {
    e.preventDefault();
    const request = { kind: kindSelect.value, seats: Number(create.elements.seats.value) };
    const seconds = Number(create.elements.moveSeconds.value || 0);
    if (openBox.checked || seconds) {
      request.table = { open: openBox.checked, listed: openBox.checked && create.elements.listing.value === "listed", moveSeconds: seconds };
    }
    try {
      const game = await call("CreateGame", request, operator);
      game.seats = request.seats;
      showCreated(created, game, operator);
      await listGames(games, operator, notice);
      await listLobby(open, notice);
    } catch (err) {
      showNotice(notice, `Not created: ${refusalText(err)}`);
    }
  });
  return create;
}

// each kind as ListKinds gives it (title, house rules), by its id
const kindInfo = {};

function houseRulesNote(kind) {
  const rules = kindInfo[kind] && kindInfo[kind].houseRules;
  return rules ? el("p", { class: "hint house-rules", text: `House rules: ${rules}` }) : null;
}

const kindTitle = (kind) => (kindInfo[kind] && kindInfo[kind].title) || words(kind);

// an option's value in words: on/off for a flag, a list's items, "none" for an empty one
function optionValue(value) {
  const v = String(value);
  if (v === "true") return "on";
  if (v === "false") return "off";
  try {
    const parsed = JSON.parse(v);
    if (Array.isArray(parsed)) return parsed.length ? parsed.map(words).join(", ") : "none";
  } catch (err) {
    // not JSON: the value as it is
  }
  return words(v);
}

// A game's options in words: what the table chose apart from its kind's defaults
// (ListLobby's `defaultOptions`) shown, the defaults folded under "Default options (N)"
function optionsNodes(options, defaults = []) {
  const entries = Object.entries(options || {}).sort(([a], [b]) => a.localeCompare(b));
  const isDefault = new Set(defaults);
  const line = ([k, v]) => `${words(k)}: ${optionValue(v)}`;
  const chosen = entries.filter(([k]) => !isDefault.has(k));
  const rest = entries.filter(([k]) => isDefault.has(k));
  const out = [el("span", { class: "options", text: chosen.length ? `Options: ${chosen.map(line).join(" · ")}` : "standard rules" })];
  if (rest.length) {
    out.push(el("details", { class: "options-more" },
      el("summary", { text: `Default options (${rest.length})` }),
      el("ul", { class: "options-list" }, rest.map((entry) => el("li", { text: line(entry) })))));
  }
  return out;
}

async function listLobby(node, notice) {
  let answer;
  try {
    answer = await call("ListLobby", {}, null);
  } catch (err) {
    showNotice(notice, `Open games not listed: ${refusalText(err)}`);
    return;
  }
  const refresh = el("button", { type: "button", class: "secondary", id: "lobby-refresh", text: "↻ Refresh", onclick: () => listLobby(node, notice) });
  const list = (answer.games || []).slice().sort((a, b) => (b.createdUnix || 0) - (a.createdUnix || 0));
  node.replaceChildren(el("div", { class: "row" }, el("h2", { text: "Open games" }), refresh),
    list.length === 0 ? el("p", { text: "No open game right now." }) :
      el("ul", { class: "lobby" }, list.map((g) => lobbyEntry(g, notice))));
}

function lobbyEntry(g, notice) {
  const names = g.names || {};
  const bots = g.bots || {};
  const free = (g.free || []).map(Number);
  const seats = [];
  for (let s = 1; s <= g.seats; s++) {
    if (names[s]) seats.push(`${s}: ${names[s]}`);
    else if (bots[s]) seats.push(`${s}: bot`);
    else seats.push(`${s}: free`);
  }
  const nameId = `name-${g.code}`;
  const seatId = `seat-${g.code}`;
  const seatSelect = free.length > 1 ? el("select", { id: seatId, name: "seat" },
    el("option", { value: "0", text: "any free seat" }), free.map((s) => el("option", { value: s, text: `seat ${s}` }))) : null;
  const form = el("form", { class: "lobby-join", "data-code": g.code },
    el("label", { for: nameId }, "Your name"),
    el("input", { id: nameId, name: "name", required: true, maxlength: 24, autocomplete: "nickname", value: localStorage.getItem("athanor.name") || "" }),
    seatSelect ? el("label", { for: seatId }, "Seat") : null, seatSelect,
    el("button", { type: "submit", text: `Join ${g.code}` }));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const name = form.elements.name.value.trim();
    localStorage.setItem("athanor.name", name);
    joinGame({ code: g.code, name, seat: seatSelect ? Number(seatSelect.value) : 0 }, notice);
  });
  return el("li", { "data-game": g.gameId },
    el("p", {}, el("strong", { class: "code", text: g.code }), ` · ${kindTitle(g.kind)}`),
    ...optionsNodes(g.options, g.defaultOptions),
    el("p", { class: "seats", text: `Seats ${seats.join(" · ")} (${free.length} free)` }),
    houseRulesNote(g.kind),
    form);
}

// a spectator's link, or with a seat and its token the link the creator hands to that
// player (the page that opens it moves the token out of the address at once)
function seatLink(gameId, token, seat) {
  const q = new URLSearchParams({ game: gameId });
  if (token) {
    q.set("seat", String(seat));
    q.set("token", token);
  }
  return `${location.origin}/?${q.toString()}`;
}

// the operator's panel for a game just created: the join code read aloud, or a link
// per seat; its seats and the server's bot (host.js)
function showCreated(node, game, operator) {
  const watch = el("p", {}, el("a", { href: seatLink(game.gameId, ""), text: "Watch as a spectator" }));
  if (game.joinCode) {
    node.replaceChildren(el("div", { class: "panel" },
      el("h2", { text: `Game ${game.gameId} created` }),
      el("p", { text: "Read this code to the players: each joins with it and a name." }),
      el("p", { class: "join-code", id: "created-code", "aria-label": `Join code ${game.joinCode.split("").join(" ")}`, text: game.joinCode }),
      el("p", { text: "A seat nobody will take can go to the server's bot:" }),
      hostPanel(game, operator), watch));
    return;
  }
  const tokens = new Map((game.seatTokens || []).map((s) => [Number(s.seat), s.token]));
  const links = (seat) => {
    if (!tokens.has(seat)) return null;
    const link = seatLink(game.gameId, tokens.get(seat), seat);
    return el("span", { class: "seat-link" },
      el("a", { href: link, "data-seat-link": seat, text: "play" }), " ",
      el("input", { readonly: true, value: link, "aria-label": `Seat ${seat} link (give it to that player only)`, onfocus: (e) => e.target.select() }));
  };
  node.replaceChildren(el("div", { class: "panel" },
    el("h2", { text: `Game ${game.gameId} created` }),
    el("p", { text: "Each link holds that seat's token: give it to that player only. It is shown once." }),
    hostPanel(game, operator, links), watch));
}

async function listGames(node, token, notice) {
  if (!token) return;
  try {
    const answer = await call("ListGames", {}, token);
    const list = (answer.games || []).slice().sort((a, b) => (b.createdUnix || 0) - (a.createdUnix || 0));
    node.replaceChildren(el("h2", { text: "Games on this server" }),
      list.length === 0 ? el("p", { text: "None yet." }) :
        el("ul", { class: "games" }, list.map((g) => el("li", { "data-game": g.gameId },
          el("a", { href: seatLink(g.gameId, ""), text: `${kindTitle(g.kind)} · ${g.gameId}` }),
          ` · ${g.seats} seats · v${g.version || 0}${g.over ? " · over" : ""} `,
          g.over ? el("a", { href: `/?${new URLSearchParams({ game: g.gameId })}&replay`, "data-replay": g.gameId, text: "Replay" }) :
            el("button", { type: "button", class: "secondary", "data-host": g.gameId, text: "Seats…",
              onclick: (e) => e.target.replaceWith(hostPanel({ gameId: g.gameId, seats: Number(g.seats) }, token)) })))));
  } catch (err) {
    showNotice(notice, `Games not listed: ${refusalText(err)}`);
  }
}
