// The games of a broadcast beside the standings: their cards come from the server with the live screen's tables
// (tiebreak.render.live_tables.games_part, the view tiebreak.views.games), and this script only draws each card's
// position as a board (cm-chessboard, vendored under /static/cm-chessboard, its version and licence in
// docs/reference/live.md) from its box's FEN, the last move's squares marked, the board's picture named as the box
// says, in place of the diagram the server wrote in the box (the pieces as text: what a page without script shows).
// Drawn again each time live.js has shown a new version (the "live:after" event).
import {Chessboard} from "./cm-chessboard/src/Chessboard.js";
import {Markers, MARKER_TYPE} from "./cm-chessboard/src/extensions/markers/Markers.js";

let boards = [];  // the boards drawn in the version shown: undone when the next version's cards replace them

function draw() {
  for (const board of boards) board.destroy();
  boards = Array.from(document.querySelectorAll("#games .position[data-fen]"), spot => {
    spot.replaceChildren();  // the server's diagram: the board drawn instead
    const board = new Chessboard(spot, {
      position: spot.dataset.fen, assetsUrl: "/static/cm-chessboard/assets/",
      style: {showCoordinates: false, animationDuration: 0}, extensions: [{class: Markers}]});
    board.view.svg.setAttribute("aria-label", spot.dataset.label);  // the board's picture (role "img") named
    for (const square of (spot.dataset.squares || "").split(" ").filter(Boolean)) {
      board.addMarker(MARKER_TYPE.square, square);
    }
    return board;
  });
}

document.addEventListener("live:after", draw);
draw();
