// A seat taken in this browser: {token, seat, name, code}, one entry per game, so the
// table opens again from a plain /?game=ID&seat=N link without the token in the address.
const SEAT_KEY = (gameId) => `athanor.seat.${gameId}`;

export function storedSeat(gameId) {
  try {
    return JSON.parse(localStorage.getItem(SEAT_KEY(gameId)) || "null");
  } catch (err) {
    return null;
  }
}

export function storeSeat(gameId, seat) {
  localStorage.setItem(SEAT_KEY(gameId), JSON.stringify(seat));
}

export function tableLink(gameId, seat) {
  return `/?${new URLSearchParams({ game: gameId, seat: String(seat) }).toString()}`;
}
