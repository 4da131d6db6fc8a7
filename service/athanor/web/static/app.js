// The Athanor web client: the lobby, a seat's table and the spectator's table.
// It knows no game: the board comes from the view's "board" sections, names from its
// "labels", whose turn from the table summary, sentences from each event's text.
// This module picks the page from the address; lobby.js and table.js draw it.
import { lobby } from "./lobby.js";
import { storedSeat } from "./seats.js";
import { Table } from "./table.js";

// -- start ---------------------------------------------------------------------------

const params = new URLSearchParams(location.search);
const game = params.get("game");
if (game) {
  let token = params.get("token");
  if (!token && params.get("seat")) {
    // a seat joined in this browser: its token stays out of the address
    const stored = storedSeat(game);
    if (stored && String(stored.seat) === params.get("seat")) token = stored.token;
  }
  new Table(game, token).run();
} else {
  lobby();
}
