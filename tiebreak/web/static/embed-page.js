// The embeddable live view (/embed): its parts (the title, the round and version, the player followed, the standings'
// rows) are made by the server, already in the page; this script only swaps in the next version's (GET /embed/parts)
// whenever /api/live/events tells of a new version of the event, and writes the version's time in the reader's time.
"use strict";
const root = document.getElementById("embed");
const event = root.dataset.event;
const lang = document.documentElement.lang || "en";
let asking = 0;

// the time of the version as the reader's language writes it (the server writes it in UTC)
function localTimes() {
  document.querySelectorAll("time[datetime]").forEach(t => {
    const d = new Date(t.getAttribute("datetime"));
    if (!isNaN(d)) t.textContent = d.toLocaleTimeString(lang);
  });
}

// every part of the fragment replaces the element of the same id
function swap(html) {
  const t = document.createElement("template");
  t.innerHTML = html;
  for (const part of Array.from(t.content.children)) {
    const old = part.id && document.getElementById(part.id);
    if (old) old.replaceWith(part);
  }
  localTimes();
}

async function refresh() {
  const q = new URLSearchParams({lang, top: root.dataset.top || "10", mode: root.dataset.mode || "top"});
  if (event) q.set("event", event);
  if (root.dataset.player) q.set("player", root.dataset.player);
  const mine = ++asking;
  try {
    const r = await fetch("/embed/parts?" + q);
    if (r.ok && mine === asking) swap(await r.text());  // an answer overtaken by a newer one is dropped
  } catch (e) { /* the stream's reconnection tries again */ }
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

localTimes();
refresh();  // an event published after the page was made (the page came without its parts)
connect();
