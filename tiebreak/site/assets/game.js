// A game of the event's website (tiebreak site --games): the positions after every move are written into the page
// (#game-data: the FEN of each, made by the site); this draws them with cm-chessboard (assets/cm-chessboard, MIT,
// vendored from the npm registry) and steps through them with the buttons, the moves list and the arrow keys.
import {Chessboard} from "./cm-chessboard/src/Chessboard.js";

const data = JSON.parse(document.getElementById("game-data").textContent);
const fens = data.fens;
const moves = Array.from(document.querySelectorAll("#moves button.move"));
const fenText = document.getElementById("fen");
const plyText = document.getElementById("ply-text");
const spot = document.getElementById("board");
spot.replaceChildren();  // the server's diagram of the last position (what a page without script shows): drawn instead
const board = new Chessboard(spot, {
  position: fens[0], assetsUrl: new URL("cm-chessboard/assets/", import.meta.url).href,
  style: {showCoordinates: true, animationDuration: 150}});
let ply = 0;

function show(n) {
  ply = Math.max(0, Math.min(fens.length - 1, n));
  board.setPosition(fens[ply], true);
  fenText.textContent = fens[ply];
  plyText.textContent = ply === 0 ? data.start : moves[ply - 1].textContent;
  board.view.svg.setAttribute("aria-label", data.position + ": " + plyText.textContent);
  spot.dataset.ply = String(ply);
  for (const m of moves) m.removeAttribute("aria-current");
  if (ply > 0) moves[ply - 1].setAttribute("aria-current", "step");
}

const steps = {first: () => 0, back: () => ply - 1, forward: () => ply + 1, last: () => fens.length - 1};
for (const b of document.querySelectorAll("[data-step]")) b.addEventListener("click", () => show(steps[b.dataset.step]()));
for (const m of moves) m.addEventListener("click", () => show(Number(m.dataset.ply)));
document.addEventListener("keydown", ev => {
  if (ev.target.closest && ev.target.closest("input")) return;
  if (ev.key === "ArrowRight") show(ply + 1);
  if (ev.key === "ArrowLeft") show(ply - 1);
});
show(0);
