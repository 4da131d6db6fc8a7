// The Athanor web client: the lobby, a seat's table and the spectator's table.
// A kind may draw its board (boards/<kind>.js, see board.js); otherwise the board comes
// from the view's "board" sections. Names come from the view's "labels", whose turn
// from the table summary, sentences from each event's text.
// This module picks the page from the address; lobby.js and table.js draw it.
import { lobby } from "./lobby.js";
import { adoptSeatLink, dropStoredOperator, storedSeat } from "./seats.js";
import { Table } from "./table.js";

// -- start ---------------------------------------------------------------------------

dropStoredOperator();
const params = new URLSearchParams(location.search);
const game = params.get("game");
if (game) {
  // &replay: the game version by version (replay.js), as the same audience sees it
  const replay = params.has("replay") ? `&replay${params.get("v") ? `&v=${encodeURIComponent(params.get("v"))}` : ""}` : "";
  if (params.get("token")) {
    // a seat link: its token leaves the address, and this history entry, before anything
    // else happens; the table is then this browser's seat of that game
    history.replaceState(null, "", adoptSeatLink(game, params) + replay);
  }
  const seat = new URLSearchParams(location.search).get("seat");
  // /?game=ID&seat=N plays the seat this browser holds; /?game=ID is the spectator's
  const stored = seat === null ? null : storedSeat(game, seat);
  if (replay) {
    import("./replay.js").then((m) => m.replay(game, stored, new URLSearchParams(location.search)));
  } else {
    if (stored) {
      const skip = document.getElementById("skip");
      skip.href = "#actions";
      skip.textContent = "Skip to your moves";
    }
    new Table(game, stored).run();
  }
} else {
  lobby();
}
