// The live page.  Its tables come from the server, already in the page (made once per version and language from the
// same templates as the event's website): this script only swaps in the next version's (GET /live/tables) when the
// server tells of one (/api/live/events), keeping what the viewer set (the arrows, the hall screen, the player whose
// history is shown, the scroll of every table), and shows a player's history.  Names are shown as text, never markup.
"use strict";
const W = JSON.parse(document.getElementById("words").textContent);
const params = new URLSearchParams(location.search);
const lang = document.documentElement.lang || "en";
let player = null, scrollTimer = null, asking = 0, oddsTimer = null, oddsVersion = null, oddsAsked = 0;
let players = params.get("players") === "1";
if (params.get("player")) player = Number(params.get("player"));  // the page came with a player's history

const state = () => (document.getElementById("live-state") || {dataset: {}}).dataset;
const current = () => state().event || params.get("event");

// the time of each version as the reader's language writes it (the server writes it in UTC)
function localTimes() {
  document.querySelectorAll("time[datetime], #history td[data-v]").forEach(t => {
    const d = new Date(t.getAttribute("datetime") || t.dataset.v);
    if (!isNaN(d)) t.textContent = d.toLocaleTimeString(lang);
  });
}

function after() {
  const s = state();
  localTimes();
  if (s.title) {
    document.getElementById("event-name").textContent = s.title;
    document.title = s.title + " — " + W.live_title;
  }
  const view = document.getElementById("view");
  view.hidden = s.team !== "1";
  view.textContent = s.view === "teams" ? W.show_players : W.show_teams;
  // the odds are made by the server after the version (tiebreak.live.odds): ask again in a few seconds while they
  // are missing, ten times at most per version (they may not come for this event)
  clearTimeout(oddsTimer);
  if (s.version !== oddsVersion) { oddsVersion = s.version; oddsAsked = 0; }
  if (s.oddsWait === "1" && oddsAsked++ < 10) oddsTimer = setTimeout(refresh, 3000);
  if (player !== null) showHistory(player);
  document.dispatchEvent(new Event("live:after"));  // a broadcast's boards (broadcast.js) follow the version shown
}

// every part of the fragment replaces the element of the same id; the history (the viewer's) stays
function swap(html) {
  const t = document.createElement("template");
  t.innerHTML = html;
  const scrolls = {};
  // a row the viewer opened (a player's every place in the odds) stays open in the next version
  const opened = Array.from(document.querySelectorAll("main details[id][open]"), d => d.id);
  document.querySelectorAll("main .scroll").forEach(box => {
    const table = box.querySelector("table");
    if (table && table.id) scrolls[table.id] = [box.scrollLeft, box.scrollTop];
  });
  for (const part of Array.from(t.content.children)) {
    const old = part.id && document.getElementById(part.id);
    if (!old) continue;
    if (part.id === "history-section" && player !== null) { old.hidden = part.hidden; continue; }
    old.replaceWith(part);
  }
  for (const id of opened) { const d = document.getElementById(id); if (d) d.open = true; }
  for (const [id, [left, top]] of Object.entries(scrolls)) {
    const table = document.getElementById(id), box = table && table.closest(".scroll");
    if (box) { box.scrollLeft = left; box.scrollTop = top; }
  }
  after();
}

async function refresh() {
  const event = state().event;
  if (!event) return;
  const q = new URLSearchParams({event, lang, arrows: document.getElementById("arrows")?.value || "version"});
  if (players) q.set("players", "1");
  const mine = ++asking;
  try {
    const r = await fetch("/live/tables?" + q);
    if (!r.ok) return;
    const html = await r.text();
    if (mine === asking) swap(html);  // an answer overtaken by a newer one is dropped
  } catch (e) { /* the stream's reconnection tries again */ }
}

// a player's history (made by the server, as the tables are): the section is swapped for it
async function showHistory(startNo) {
  const s = state();
  if (s.team === "1" && s.view !== "teams") return;  // a team event keeps the history of its teams
  if (document.getElementById("history-section").hidden) return;  // this server keeps no history
  player = startNo;
  const q = new URLSearchParams({event: current(), player: startNo, lang});
  try {
    const r = await fetch("/live/history?" + q);
    if (!r.ok || player !== startNo) return;
    const t = document.createElement("template");
    t.innerHTML = await r.text();
    const part = t.content.getElementById("history-section");
    if (part) document.getElementById("history-section").replaceWith(part);
    localTimes();
  } catch (e) { /* shown again with the next version */ }
}

// a click on a player's row of the standings or the crosstable shows the history here (the name itself is a link to
// the player's card, which links to the page with the history for a reader without the script)
document.addEventListener("click", e => {
  const tr = e.target.closest("#standings tbody tr, #crosstable tbody tr");
  const head = tr && tr.querySelector("th[data-v]");
  if (!head || e.target.closest("a") || document.getElementById("history-section").hidden) return;
  e.preventDefault();
  showHistory(Number(head.dataset.v));
});
document.addEventListener("change", e => {
  if (e.target.id !== "arrows") return;
  params.set("arrows", e.target.value);
  window.history.replaceState(null, "", "?" + params);
  refresh();
});

// the hall screen scrolls the page: its header, the standings' legend and the column headings stay on top
function hallTop() {
  const header = document.querySelector("header"), legend = document.querySelector("#standings-section p.legend");
  document.body.style.setProperty("--hall-head", header.offsetHeight + "px");
  if (legend) document.body.style.setProperty("--hall-legend", (header.offsetHeight + legend.offsetHeight) + "px");
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
  // a page without tables (no event published yet, or not the one asked for) is loaded again once it is
  const wanted = name => !params.get("event") || name === params.get("event");
  source.addEventListener("hello", e => {
    const shown = JSON.parse(e.data), mine = shown.find(x => x.event === current());
    if (!state().event && shown.some(x => wanted(x.event))) location.reload();
    else if (mine && String(mine.version) !== state().version) refresh();  // missed while connecting
    addEvents(shown.map(x => x.event));
  });
  source.addEventListener("update", e => {
    const u = JSON.parse(e.data);
    if (!state().event) { if (wanted(u.event)) location.reload(); }
    else if (u.event === current()) refresh(); else addEvents([u.event]);
  });
}

function addEvents(names) {
  const select = document.getElementById("event");
  for (const name of names) {
    if (Array.from(select.options).some(o => o.value === name)) continue;
    const o = el("option", name);
    o.value = name;
    select.append(o);
  }
  select.hidden = select.options.length < 2;
}

document.getElementById("event").onchange = e => {
  params.set("event", e.target.value); params.delete("players"); location.search = params;
};
document.getElementById("lang").onchange = e => { params.set("lang", e.target.value); location.search = params; };
document.getElementById("view").onclick = e => {
  e.preventDefault();
  players = !players; player = null;
  if (players) params.set("players", "1"); else params.delete("players");
  window.history.replaceState(null, "", "?" + params);
  refresh();
};
document.getElementById("hall").onclick = () => hall(!document.body.classList.contains("hall"));
hall(document.body.classList.contains("hall") || params.get("screen") === "hall");
after();
connect();
