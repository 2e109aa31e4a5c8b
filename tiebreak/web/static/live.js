// The live page: standings as they stand, the round's pairings, crosstable and a player's history, kept up to date
// by the server's events (/api/live/events).  Every name from the file is shown as text, never as markup.
"use strict";
const W = JSON.parse(document.getElementById("words").textContent);
const params = new URLSearchParams(location.search);
const lang = document.documentElement.lang || "en";
let current = params.get("event"), doc = null, names = {}, ranks = {}, player = null, scrollTimer = null;
// a team event shows its teams; ?players=1 (or the button) its players
let players = params.get("players") === "1";
const teamView = () => doc && doc.live.view === "teams";

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  if (cls) e.className = cls;
  return e;
}
function fill(text, values) { return text.replace(/\{(\w+)\}/g, (_, k) => values[k]); }
const plurals = new Intl.PluralRules(lang);
// a sentence of a count in the form the language gives it (the server sends every form: key#one, key#few...)
function count(key, n, values) {
  const text = W[key + "#" + plurals.select(n)] || W[key + "#other"];
  return fill(text, {...values, n: n.toLocaleString(lang)});
}
function api(path) {
  const q = new URLSearchParams({lang});
  if (current) q.set("event", current);
  if (players) q.set("players", "1");
  return fetch(path + (path.includes("?") ? "&" : "?") + q).then(r => r.ok ? r.json() : Promise.reject(r.status));
}

async function loadList() {
  const list = await fetch("/api/live/list?lang=" + lang).then(r => r.json());
  const select = document.getElementById("event");
  select.replaceChildren(...list.map(e => { const o = el("option", e.event); o.value = e.event; return o; }));
  select.hidden = list.length < 2;
  if (!current || !list.some(e => e.event === current)) current = list.length ? list[0].event : null;
  select.value = current || "";
  document.getElementById("empty").hidden = list.length > 0;
}

async function refresh() {
  if (!current) { await loadList(); if (!current) return; }
  doc = await api("/api/live");
  render();
  if (!document.getElementById("crosstable-section").hidden) api("/api/live/crosstable").then(crosstable);
  if (player !== null) showHistory(player);
}

function render() {
  const live = doc.live;
  names = {}; ranks = {};
  doc.standings.forEach(r => { names[r.start_no] = r.name; ranks[r.start_no] = r.rank; });
  document.getElementById("event-name").textContent = doc.tournament.name || live.event;
  document.title = (doc.tournament.name || live.event) + " — " + W.live_title;
  document.getElementById("stamp").textContent =
    fill(W.live_round, {k: live.round}) + " · " + fill(W.version, {v: live.version, time: new Date(live.time).toLocaleTimeString(lang)});
  const warning = document.getElementById("warning");
  warning.hidden = !live.warning;
  warning.textContent = live.warning ? W.warning + ": " + live.warning : "";
  const view = document.getElementById("view");
  view.hidden = !live.team_event;
  view.textContent = teamView() ? W.show_players : W.show_teams;
  document.getElementById("summary").textContent = "(" + (teamView() ? count("matches_pending", live.matches_pending) + ", " : "") +
    count("games_pending", live.pending) + ", " + count("places_settled", live.settled) + ")";
  document.querySelectorAll("#pairings th.side").forEach((th, i) => { th.textContent = teamView() ? W.team : [W.white, W.black][i]; });
  standings();
  pairings();
  odds();
}

function standings() {
  const table = document.getElementById("standings");
  const codes = doc.tiebreaks.filter(c => c !== "PTS");
  const head = el("tr");
  [W.rank, "", "", teamView() ? W.team : W.name, W.points, ...codes].forEach((h, i) => head.append(el("th", h, ["rank", "", "", "name", "pts"][i] ?? "tb")));
  table.tHead.replaceChildren(head);
  const byArrow = document.getElementById("arrows").value;
  const rows = doc.standings.map((r, i) => {
    const p = r, tr = el("tr");
    const state = p.playing ? ["●", "playing", W.playing] : p.settled ? ["✓", "settled", W.settled] : ["~", "provisional", W.provisional];
    const mark = el("td", state[0], "state " + state[1]); mark.title = state[2];
    tr.append(el("td", r.rank, "rank"), mark);
    const move = byArrow === "round" ? p.since_round : p.moved;
    const arrow = el("td", move > 0 ? "▲" + move : move < 0 ? "▼" + (-move) : "", move > 0 ? "up" : move < 0 ? "down" : "");
    if (move) arrow.title = fill(move > 0 ? W.moved_up : W.moved_down, {n: Math.abs(move)});
    tr.append(arrow);
    tr.append(el("td", r.name, "name"), el("td", r.points, "pts"));
    codes.forEach(c => tr.append(el("td", r.values[c] === null ? "-" : r.values[c], "tb")));
    tr.onclick = () => showHistory(r.start_no);
    return tr;
  });
  table.tBodies[0].replaceChildren(...rows);
  document.getElementById("history-section").hidden = doc.live.team_event && !teamView();  // kept for the teams
}

function pairings() {
  document.getElementById("round").textContent = "(" + fill(W.live_round, {k: doc.live.round}) + ")";
  const who = n => (names[n] || n) + " (" + ranks[n] + ")";
  const rows = doc.pairings.map(g => {
    const tr = el("tr", null, g.pending ? "pending" : "");
    if (g.board === null) {
      tr.append(el("td", ""), el("td", who(g.start_no), "name"),
                el("td", g.gp !== undefined ? g.gp : g.kind === "U" || g.kind === "F" ? "1" : g.kind === "H" ? "½" : "0"),
                el("td", W.bye, "name"));
    } else if (g.white_gp !== undefined) {  // a team match: the game points so far, and how many boards still play
      const score = g.white_gp + "–" + g.black_gp;
      const cell = el("td", g.pending ? score : g.result, "result");
      if (g.pending) cell.append(el("small", fill(W.boards_playing, {n: g.pending}), "boards"));
      tr.append(el("td", g.board), el("td", who(g.white), "name"), cell, el("td", who(g.black), "name"));
    } else {
      tr.append(el("td", g.board), el("td", who(g.white), "name"), el("td", g.pending ? W.pending : g.result, "result"),
                el("td", who(g.black), "name"));
    }
    return tr;
  });
  document.getElementById("pairings").tBodies[0].replaceChildren(...rows);
}

let oddsTimer = null, oddsVersion = null, oddsAsked = 0;
function odds() {
  // computed by the server off the request path (tiebreak.live.odds): while games are being played and the odds of
  // this version are not there yet, ask again in a few seconds (ten times at most: they may not come for this event)
  const section = document.getElementById("odds-section"), box = document.getElementById("odds");
  clearTimeout(oddsTimer);
  if (doc.live.version !== oddsVersion) { oddsVersion = doc.live.version; oddsAsked = 0; }
  if (doc.live.team_event && !teamView()) {  // a team event's odds are its teams': shown in the teams' view
    section.hidden = true;
    return;
  }
  if (!doc.odds && doc.live.pending > 0 && oddsAsked++ < 10) oddsTimer = setTimeout(refresh, 3000);
  section.hidden = !doc.odds;
  if (!doc.odds) return;
  const o = doc.odds, percent = p => (100 * p).toFixed(1) + " %";
  const note = o.method === "exact" ? count("odds_exact", o.outcomes, {g: o.games})
    : count("odds_simulated", o.outcomes, {g: o.games, m: (100 * (o.margin || 0)).toFixed(1)});
  const head = el("tr");
  head.append(el("th", o.team ? W.odds_team : W.odds_player, "name"), el("th", W.odds_first), el("th", fill(W.odds_top, {k: o.top})));
  const rows = o.players.filter(p => p.top > 0).map(p => {
    const tr = el("tr");
    tr.append(el("td", p.name || p.start_no, "name"), el("td", percent(p.first)), el("td", percent(p.top)));
    return tr;
  });
  const table = el("table");
  table.append(el("thead"), el("tbody"));
  table.tHead.append(head);
  table.tBodies[0].append(...rows);
  const wrap = el("div", undefined, "scroll");
  wrap.append(table);
  box.replaceChildren(el("p", note, "legend"), wrap);
}

// a round's cell in words and symbols: the file's codes (U, F, H, Z: the byes) are never shown
const COLOUR = {w: W.white_short, b: W.black_short};
function cell(result) {
  const byes = {U: W.bye, F: "1 " + W.bye, H: "½ " + W.bye, Z: "0 " + W.bye, "-": "−", "*": "…"};
  return byes[result] ?? result;
}

// a round robin's square crosstable: rows and columns by start number, each cell the row's results against the
// column's player (two in a double round robin), the diagonal blank
function square(data) {
  const table = document.getElementById("crosstable");
  const rows = data.rows.slice().sort((a, b) => a.start_no - b.start_no);
  const head = el("tr");
  [W.number, W.name, W.points, W.rank, ...rows.map(r => r.start_no)].forEach((h, i) => head.append(el("th", h, ["rank", "name", "pts"][i] || "")));
  table.tHead.replaceChildren(head);
  table.classList.add("square");
  table.tBodies[0].replaceChildren(...rows.map(r => {
    const tr = el("tr");
    tr.append(el("td", r.start_no, "rank"), el("td", r.name, "name"), el("td", r.points, "pts"), el("td", r.rank));
    rows.forEach(c => {
      const results = r.rounds.filter(g => g.opponent === c.start_no).map(g => cell(g.result));
      tr.append(el("td", results.join(" "), c.start_no === r.start_no ? "self" : (r.rounds.some(g => g.opponent === c.start_no && g.result === "*") ? "pending" : "")));
    });
    tr.onclick = () => showHistory(r.start_no);
    return tr;
  }));
  document.getElementById("cells-legend").hidden = true;
}

function crosstable(data) {
  if (doc && doc.tournament.system === "round robin" && !teamView()) return square(data);
  document.getElementById("crosstable").classList.remove("square");
  document.getElementById("cells-legend").hidden = false;
  const table = document.getElementById("crosstable");
  const rounds = data.rows.length ? data.rows[0].rounds.length : 0;
  const head = el("tr");
  [W.rank, teamView() ? W.team : W.name, W.points, ...Array.from({length: rounds}, (_, i) => i + 1)].forEach((h, i) => head.append(el("th", h, ["rank", "name", "pts"][i] || "")));
  table.tHead.replaceChildren(head);
  const rank = {}; data.rows.forEach(r => { rank[r.start_no] = r.rank; });
  table.tBodies[0].replaceChildren(...data.rows.map(r => {
    const tr = el("tr");
    tr.append(el("td", r.rank, "rank"), el("td", r.name, "name"), el("td", r.points, "pts"));
    r.rounds.forEach(c => tr.append(el("td", (c.opponent ? rank[c.opponent] + (COLOUR[c.colour] || "") : "") + cell(c.result),
                                       c.result === "*" ? "pending" : "")));
    tr.onclick = () => showHistory(r.start_no);
    return tr;
  }));
}

async function showHistory(startNo) {
  if (doc && doc.live.team_event && !teamView()) return;  // a team event keeps the history of its teams
  player = startNo;
  let data;
  try { data = await api("/api/live/history?player=" + startNo); } catch (e) { return; }
  document.getElementById("history-hint").textContent = names[startNo] || startNo;
  const table = document.getElementById("history");
  table.hidden = false;
  table.tBodies[0].replaceChildren(...data.versions.slice(-30).reverse().map(v => {
    const tr = el("tr");
    tr.append(el("td", v.version), el("td", v.round), el("td", v.rank), el("td", v.points),
              el("td", new Date(v.time).toLocaleTimeString(lang), "name"));
    return tr;
  }));
}

// the hall screen scrolls the page: its header, the standings' legend and the column headings stay on top
function hallTop() {
  const header = document.querySelector("header"), legend = document.querySelector("#standings-section .legend");
  document.body.style.setProperty("--hall-head", header.offsetHeight + "px");
  document.body.style.setProperty("--hall-legend", (header.offsetHeight + legend.offsetHeight) + "px");
}
window.addEventListener("resize", hallTop);

function hall(on) {
  document.body.classList.toggle("hall", on);
  hallTop();
  document.getElementById("hall").textContent = on ? W.normal : W.hall;
  clearInterval(scrollTimer);
  if (!on) return;
  // auto-scroll: down a little every tick, back to the top after a pause at the bottom
  let pause = 0;
  scrollTimer = setInterval(() => {
    if (pause > 0) { pause--; if (pause === 0) window.scrollTo(0, 0); return; }
    const before = window.scrollY;
    window.scrollBy(0, 2);
    if (window.scrollY === before) pause = 60;
  }, 50);
}

function connect() {
  const dot = document.getElementById("dot");
  const source = new EventSource("/api/live/events");
  source.onopen = () => { dot.className = "on"; dot.title = W.connected; };
  source.onerror = () => {
    dot.className = "off"; dot.title = W.disconnected;
    // refused (503 with Retry-After when the server is full, 429 for too many streams from one address): the browser
    // does not try again by itself; try again in 5 to 10 s, and show the standings meanwhile
    if (source.readyState === EventSource.CLOSED) {
      setTimeout(() => { refresh(); connect(); }, 5000 + Math.random() * 5000);
    }
  };
  source.addEventListener("hello", () => loadList().then(refresh));
  source.addEventListener("update", e => {
    const u = JSON.parse(e.data);
    if (u.event === current) refresh(); else loadList();
  });
}

document.getElementById("event").onchange = e => { current = e.target.value; player = null; refresh(); };
document.getElementById("lang").onchange = e => { params.set("lang", e.target.value); location.search = params; };
document.getElementById("arrows").onchange = () => doc && standings();
document.getElementById("view").onclick = () => {
  players = !players; player = null;
  if (players) params.set("players", "1"); else params.delete("players");
  window.history.replaceState(null, "", "?" + params);
  refresh().then(() => api("/api/live/crosstable").then(crosstable));
};
document.getElementById("hall").onclick = () => hall(!document.body.classList.contains("hall"));
hall(params.get("screen") === "hall");
loadList().then(refresh).then(() => api("/api/live/crosstable").then(crosstable)).catch(() => {});
connect();
