// The games of a broadcast beside the standings (a watched PGN file: the live document's member "games", made by
// tiebreak.live.broadcast): each game of the round in play drawn as a board from its FEN (cm-chessboard, vendored
// under /static/cm-chessboard, its version and licence in docs/reference/live.md), the last move marked, the
// clocks, and its moves behind a <details> the viewer taps open.  Asked again each time live.js has shown a new
// version (the "live:after" event), so no second stream is opened.  Names and moves are shown as text, never markup.
import {Chessboard} from "./cm-chessboard/src/Chessboard.js";
import {Markers, MARKER_TYPE} from "./cm-chessboard/src/extensions/markers/Markers.js";

const W = JSON.parse(document.getElementById("words").textContent);
const boards = new Map();  // "round.board" -> {board, fen, open}: kept across versions, only the position changes
let shown = null;

// a player's name: a link to the player's card (/live/cards/EVENT/LANG/player-N.html, tiebreak.web.live_card)
function side(name, clock, colour, no) {
  const p = el("span", null, "side " + colour);
  const live = document.getElementById("live-state");
  if (no && live && live.dataset.event) {
    const event = live.dataset.event.split("/").map(encodeURIComponent).join("/");
    const a = el("a", name, "player");
    a.href = `/live/cards/${event}/${document.documentElement.lang || "en"}/player-${no}.html`;
    p.append(a);
  } else {
    p.append(name);
  }
  if (clock) p.append(" ", el("time", clock, "clock"));
  return p;
}

function movesList(game) {
  const list = el("ol", null, "moves");
  for (let k = 0; k < game.moves.length; k += 2) {
    list.append(el("li", game.moves[k] + (game.moves[k + 1] ? " " + game.moves[k + 1] : "")));
  }
  return list;
}

// "if the game ended now": the server's sentences (tiebreak.render.live_tables.if_ended_part, in the tables of the
// version shown), each result's places of the two players and who would lead, copied under the game's board
function ifEnded(key) {
  const box = document.querySelector(`#if-ended [data-game="${CSS.escape(key)}"]`);
  return box ? box.cloneNode(true) : null;
}

function card(game, key, scenario) {
  const box = el("article", null, "game");
  box.dataset.key = key;
  const last = game.moves.length ? game.moves[game.moves.length - 1] : "";
  const title = `${game.white} – ${game.black}`;
  const spot = el("div", null, "position");
  spot.dataset.label = last ? `${title}: ${W.last_move.replace("{m}", last)}` : title;
  const head = el("p", null, "players");
  head.append(side(game.white, game.clock && game.clock.white, "white", game.white_no), el("span", game.result, "score"),
              side(game.black, game.clock && game.clock.black, "black", game.black_no));
  const more = el("details");
  const kept = boards.get(key);
  more.open = Boolean(kept && kept.open);
  more.addEventListener("toggle", () => { const b = boards.get(key); if (b) b.open = more.open; });
  more.append(el("summary", `${W.moves} (${game.moves.length})`), movesList(game));
  // the board of the pairings table and the players' cards (C.04.3 A.9); the relay's own when the game is no pairing
  if (game.board) box.append(el("p", `${W.board} ${game.board}`, "board-no"));
  box.append(spot, head);
  if (scenario) box.append(scenario);
  box.append(more);
  return [box, spot];
}

function draw(spot, game, key) {
  const kept = boards.get(key);
  const board = new Chessboard(spot, {
    position: game.fen, assetsUrl: "/static/cm-chessboard/assets/",
    style: {showCoordinates: false, animationDuration: 0}, extensions: [{class: Markers}]});
  board.view.svg.setAttribute("aria-label", spot.dataset.label);  // the board's picture (role "img") named
  if (game.last) {
    board.addMarker(MARKER_TYPE.square, game.last[0]);
    board.addMarker(MARKER_TYPE.square, game.last[1]);
  }
  if (kept) kept.board.destroy();
  boards.set(key, {board, fen: game.fen, open: kept ? kept.open : false});
}

function render(doc) {
  const section = document.getElementById("games-section");
  if (!section) return;
  // the round's games in the order of their boards, the pairings table's
  const games = (doc.games || []).filter(g => g.round === doc.live.round).sort((a, b) => (a.board || 0) - (b.board || 0));
  section.hidden = games.length === 0;
  const list = document.getElementById("games");
  const seen = new Set();
  const cards = games.map(g => {
    const key = `${g.round}.${g.board || g.white_no}`;
    seen.add(key);
    const scenario = g.result === "*" ? ifEnded(`${g.round}.${g.white_no}.${g.black_no}`) : null;
    const [box, spot] = card(g, key, scenario);
    return [box, spot, g, key];
  });
  list.replaceChildren(...cards.map(c => c[0]));
  for (const [, spot, g, key] of cards) draw(spot, g, key);
  for (const key of Array.from(boards.keys())) if (!seen.has(key)) { boards.get(key).board.destroy(); boards.delete(key); }
}

async function refresh() {
  const s = (document.getElementById("live-state") || {dataset: {}}).dataset;
  if (!s.event || s.version === shown) return;
  const asked = s.version;
  const r = await fetch("/api/live?" + new URLSearchParams({event: s.event}));
  if (!r.ok) return;
  const doc = await r.json();
  shown = asked;
  render(doc);
  document.getElementById("games-section").dataset.version = String(doc.live.version);
}

document.addEventListener("live:after", refresh);
refresh();
