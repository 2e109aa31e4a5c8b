// The embeddable live view (/embed): the top N of the standings, the whole standings or one player's line, read from /api/live and
// read again whenever /api/live/events tells of a new version of the event.  Names are shown as text, never markup.
"use strict";
const W = JSON.parse(document.getElementById("words").textContent);
const root = document.getElementById("embed");
const event = root.dataset.event, limit = Number(root.dataset.top || 10);  // ("top" is the window's own)
const followed = root.dataset.player ? Number(root.dataset.player) : null;
const mode = root.dataset.mode || "top";  // top: the top N (and the player followed); standings: every row; player: theirs

function follow(doc, names) {
  const box = document.getElementById("follow");
  const row = (doc.standings || []).find(r => r.start_no === followed);
  box.hidden = !row;
  if (!row) return;
  document.getElementById("follow-title").replaceChildren(cardLink(doc, row.start_no, row.name),
    `: ${W.rank} ${row.place}, ${pointsWord(doc)} ${row.points}`);
  const round = doc.live.round;
  const pending = (doc.pending || []).find(p => p.white === followed || p.black === followed);
  const played = (doc.games || []).find(g => g.round === round && (g.white_no === followed || g.black_no === followed));
  const parts = [];
  if (pending) {
    const other = pending.white === followed ? pending.black : pending.white;
    const colour = pending.white === followed ? W.white : W.black;
    parts.push(`${W.live_round.replace("{k}", pending.round)}: ${colour}, ${names.get(other) || "#" + other} (${W.pending})`);
  } else if (played) {
    parts.push(`${W.live_round.replace("{k}", played.round)}: ${played.white} – ${played.black} ${played.result}`);
  }
  if (played && played.moves.length) parts.push(W.last_move.replace("{m}", played.moves[played.moves.length - 1]));
  document.getElementById("follow-text").textContent = parts.join(" · ");
}

// a name opens the player's card (a team's in a team event) on the live server, in a new tab: the iframe stays as it is
function cardLink(doc, no, text) {
  const page = (doc.live.view === "teams" ? "team-" : "player-") + no + ".html";
  const a = el("a", text);
  a.href = `/live/cards/${doc.live.event.split("/").map(encodeURIComponent).join("/")}/${document.documentElement.lang || "en"}/${page}`;
  a.target = "_blank";
  a.rel = "noopener";
  return a;
}

// the points column's heading: a team event's primary score by its name (MP / МО, as every face heads it)
function pointsWord(doc) {
  const t = doc.tournament || {};
  return t.teams ? (t.primary === "GP" ? W.primary_gp : W.primary_mp) : W.points;
}

function render(doc) {
  const rows = doc.standings || [];
  document.getElementById("name-head").textContent = doc.tournament && doc.tournament.teams ? W.team : W.name;
  document.getElementById("points-head").textContent = pointsWord(doc);
  const names = new Map(rows.map(r => [r.start_no, r.name]));
  const shown = rows.filter((r, k) => r.start_no === followed || (mode === "standings" || (mode === "top" && k < limit)));
  document.getElementById("title").textContent = (doc.tournament && doc.tournament.name) || doc.live.event;
  document.getElementById("stamp").textContent =
    `${W.live_round.replace("{k}", doc.live.round)} · ${W.version.replace("{v}", doc.live.version)
      .replace("{time}", new Date(doc.live.time).toLocaleTimeString(document.documentElement.lang))}`;
  const body = document.querySelector("#top tbody");
  body.replaceChildren(...shown.map(r => {
    const tr = el("tr", null, r.start_no === followed ? "followed" : "");
    const name = el("td");
    name.append(cardLink(doc, r.start_no, r.name));
    tr.append(el("td", r.place), name, el("td", r.points));  // the place as every face writes it ("3-4" shared)
    return tr;
  }));
  body.dataset.version = String(doc.live.version);
  if (followed !== null) follow(doc, names);
}

async function refresh() {
  const q = event ? "?" + new URLSearchParams({event}) : "";
  const r = await fetch("/api/live" + q);
  if (r.ok) render(await r.json());
}

function connect() {
  const source = new EventSource("/api/live/events");
  source.addEventListener("update", e => {
    const u = JSON.parse(e.data);
    if (!event || u.event === event) refresh();
  });
  source.onerror = () => {
    if (source.readyState === EventSource.CLOSED) setTimeout(() => { refresh(); connect(); }, 5000 + Math.random() * 5000);
  };
}

refresh();
connect();
