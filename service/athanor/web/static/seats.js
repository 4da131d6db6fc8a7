// Tokens in this browser.
//
// A seat played here: {token, seat, name, code}, one entry per game and seat in
// localStorage, so the table opens again from /?game=ID&seat=N (a reload, the history,
// a phone that closed the tab) and the token never stays in the address. A seat link
// (/?game=ID&seat=N&token=T) hands its token over here and leaves the address at once.
// localStorage and not sessionStorage: a seat joined by code has no other copy of its
// token, and a seat is its player's for the whole game. "Forget this seat here" takes
// it off a shared device.
//
// The operator's token is kept for this tab's session only (sessionStorage), until
// "Sign out"; it is never written to localStorage, so the next person on the device is
// not offered it.
const SEAT_KEY = (gameId, seat) => `athanor.seat.${gameId}.${seat}`;
const OLD_SEAT_KEY = (gameId) => `athanor.seat.${gameId}`; // one seat per game, before
const OPERATOR_KEY = "athanor.operator";

function read(storage, key) {
  try {
    return JSON.parse(storage.getItem(key) || "null");
  } catch (err) {
    return null;
  }
}

// `seat` is the address's (a number, or "" before a seat link's first answer)
export function storedSeat(gameId, seat) {
  const found = read(localStorage, SEAT_KEY(gameId, seat));
  if (found) return found;
  const old = read(localStorage, OLD_SEAT_KEY(gameId));
  if (old && String(old.seat) === String(seat)) {
    storeSeat(gameId, old);
    localStorage.removeItem(OLD_SEAT_KEY(gameId));
    return old;
  }
  return null;
}

export function storeSeat(gameId, entry) {
  localStorage.setItem(SEAT_KEY(gameId, entry.seat ?? ""), JSON.stringify(entry));
}

export function forgetSeat(gameId, seat) {
  localStorage.removeItem(SEAT_KEY(gameId, seat));
  localStorage.removeItem(SEAT_KEY(gameId, ""));
}

export function tableLink(gameId, seat) {
  return `/?${new URLSearchParams({ game: gameId, seat: String(seat ?? "") }).toString()}`;
}

// A seat link's token goes into this browser's storage for that game; returns the
// address to show instead (the same table, without the token).
export function adoptSeatLink(gameId, params) {
  const seat = /^\d+$/.test(params.get("seat") || "") ? Number(params.get("seat")) : "";
  const before = storedSeat(gameId, seat);
  const token = params.get("token");
  const same = before && before.token === token;
  storeSeat(gameId, { token, seat, name: same ? before.name : "", code: same ? before.code : "" });
  return tableLink(gameId, seat);
}

// A seat link without its seat number learns it from the first view: the entry moves
// to that seat and the address names it.
export function settleSeat(gameId, seat) {
  const params = new URLSearchParams(location.search);
  if (!seat || params.get("seat") !== "") return;
  const entry = read(localStorage, SEAT_KEY(gameId, ""));
  if (entry) {
    storeSeat(gameId, { ...entry, seat });
    localStorage.removeItem(SEAT_KEY(gameId, ""));
  }
  history.replaceState(null, "", tableLink(gameId, seat));
}

export function operatorToken() {
  return sessionStorage.getItem(OPERATOR_KEY) || "";
}

export function signIn(token) {
  sessionStorage.setItem(OPERATOR_KEY, token);
}

export function signOut() {
  sessionStorage.removeItem(OPERATOR_KEY);
  localStorage.removeItem(OPERATOR_KEY);
}

// Earlier pages kept the operator's token in localStorage, for anyone who opened the
// page next: it is dropped, never carried over.
export function dropStoredOperator() {
  localStorage.removeItem(OPERATOR_KEY);
}
