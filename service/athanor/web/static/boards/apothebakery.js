// The apothebakery board, drawn from the seat's view (see board.js for what `b` holds).

export function draw(b) {
  return null; // not drawn yet: the board in words stands in
}
