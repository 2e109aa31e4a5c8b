// The tiebreak page: no framework, no build step. Every text from a file is put in with textContent, never as HTML.
"use strict";

const words = JSON.parse(document.getElementById("words").textContent);
const lang = document.documentElement.lang;
const $ = (id) => document.getElementById(id);
let tiebreaks = [];   // the list being edited, e.g. ["PTS", "BH/C1"]
let lastRequest = 0;

function el(tag, text, attrs) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  return node;
}

function source() {
  const form = new FormData();
  const file = $("file").files[0];
  if (file) form.append("file", file);
  else if ($("example").value) form.append("example", $("example").value);
  else return null;
  form.append("rules", $("rules").value);
  form.append("lang", lang);
  if (tiebreaks.length) form.append("tiebreaks", tiebreaks.join(","));
  return form;
}

async function post(path, form) {
  const response = await fetch(path, {method: "POST", body: form});
  if (!response.ok) {
    let message = response.statusText;
    try {
      const e = await response.json();
      const where = e.place || e.field;
      message = (where ? where + ": " : "") + e.error;
    } catch (_) { /* not JSON */ }
    throw new Error(message);
  }
  return response;
}

function renderList() {
  const list = $("tiebreak-list");
  list.replaceChildren();
  tiebreaks.forEach((code, i) => {
    const item = el("li", null, {"data-code": code});
    item.append(el("span", code, {class: "code"}));
    const buttons = [["↑", "up", i > 0], ["↓", "down", i < tiebreaks.length - 1], ["✕", "remove", true]];
    for (const [label, action, enabled] of buttons) {
      const b = el("button", label, {type: "button", class: action, title: action, "aria-label": action + " " + code});
      b.disabled = !enabled;
      b.addEventListener("click", () => {
        if (action === "remove") tiebreaks.splice(i, 1);
        else {
          const j = action === "up" ? i - 1 : i + 1;
          [tiebreaks[i], tiebreaks[j]] = [tiebreaks[j], tiebreaks[i]];
        }
        renderList();
        compute();
      });
      item.append(b);
    }
    list.append(item);
  });
}

function renderStandings(data) {
  const t = data.tournament;
  $("event").textContent = [t.name, (words.after_round || "").replace("{k}", t.after_round).replace("{n}", t.rounds),
    words[t.system] || t.system, words.rules + " " + t.rules].filter(Boolean).join("; ");
  tiebreaks = data.tiebreaks.slice();
  renderList();
  const shown = data.tiebreaks.filter((c) => c !== "PTS");
  const head = el("tr");
  for (const h of [words.rank, words.number, t.teams ? words.team : words.name, words.points, ...shown]) {
    head.append(el("th", h));
  }
  $("standings").tHead.replaceChildren(head);
  const body = $("standings").tBodies[0];
  body.replaceChildren();
  for (const row of data.standings) {
    const tr = el("tr", null, {"data-start-no": row.start_no});
    const no = row.start_no !== undefined ? row.start_no : row.team;
    tr.append(el("td", row.rank + (row.lot !== null && row.lot !== undefined ? "*" : "")), el("td", no),
              el("td", row.name, {class: "name"}), el("td", row.points));
    for (const c of shown) tr.append(el("td", row.values[c] === null ? "-" : row.values[c]));
    tr.addEventListener("click", () => explain(row.start_no));
    body.append(tr);
  }
  const warnings = $("warnings");
  warnings.replaceChildren(...(data.warnings || []).map((w) => el("li", w)));
}

async function compute() {
  const form = source();
  if (!form) return;
  form.append("format", "json");
  const ticket = ++lastRequest;
  $("error").textContent = "";
  try {
    const data = await (await post("/api/standings", form)).json();
    if (ticket === lastRequest) renderStandings(data);
    document.body.dataset.ready = String(ticket);
  } catch (e) {
    $("error").textContent = e.message;
    document.body.dataset.ready = String(ticket);
  }
}

async function explain(startNo) {
  const form = source();
  if (!form) return;
  form.append("player", startNo);
  try {
    const data = await (await post("/api/explain", form)).json();
    $("explain-text").textContent = data.text;
  } catch (e) {
    $("explain-text").textContent = e.message;
  }
}

async function download(format) {
  const form = source();
  if (!form) return;
  form.append("format", format);
  try {
    const response = await post("/api/standings", form);
    const name = (response.headers.get("content-disposition") || "").match(/filename="([^"]+)"/);
    const link = el("a", null, {href: URL.createObjectURL(await response.blob()),
                                download: name ? name[1] : "standings." + format});
    document.body.append(link);
    link.click();
    link.remove();
  } catch (e) {
    $("error").textContent = e.message;
  }
}

async function loadCatalogue() {
  const list = await (await fetch("/api/catalogue?lang=" + lang)).json();
  const select = $("add-code");
  // individual and team codes in two groups (a team event takes MP, GP, EDE, ESB...; MPTS/GPTS are MP/GP)
  for (const team of [false, true]) {
    const group = el("optgroup", null, {label: team ? words.team_codes : words.individual_codes});
    for (const d of list.filter((x) => Boolean(x.team) === team)) {
      const mods = d.modifiers.replace(/[RV]/g, "");
      group.append(el("option", d.code + " — " + d.name + " (" + d.article + ")" + (mods ? " /" + mods : ""),
                      {value: d.code, "data-team": String(team)}));
    }
    select.append(group);
  }
}

$("file").addEventListener("change", () => { $("example").value = ""; tiebreaks = []; compute(); });
$("example").addEventListener("change", () => { $("file").value = ""; tiebreaks = []; compute(); });
$("rules").addEventListener("change", compute);
$("preset").addEventListener("change", () => {
  const option = $("preset").selectedOptions[0];
  if (!option || !option.value) return;
  tiebreaks = option.dataset.list.split(",");
  if (option.dataset.rules) $("rules").value = option.dataset.rules;
  renderList();
  compute();
});
$("add-button").addEventListener("click", () => {
  const code = $("add-code").value + $("add-modifiers").value.trim();
  if (!code) return;
  tiebreaks.push(code);
  $("add-modifiers").value = "";
  renderList();
  compute();
});
for (const b of document.querySelectorAll("button.download")) b.addEventListener("click", () => download(b.dataset.format));
$("playoff-button").addEventListener("click", async () => {
  const form = source();
  if (!form) return;
  form.append("places", $("playoff-places").value);
  try {
    const groups = await (await post("/api/playoffs", form)).json();
    $("playoff-text").textContent = groups.length ? groups.map((g) =>
      g.places.join("–") + ": " + g.players.join(", ") + " — " + g.format).join("\n") : "—";
  } catch (e) { $("playoff-text").textContent = e.message; }
});
$("berger-button").addEventListener("click", async () => {
  const q = "players=" + encodeURIComponent($("berger-n").value) + ($("berger-double").checked ? "&double=1" : "");
  const response = await fetch("/api/berger?" + q);
  const data = await response.json();
  $("berger-text").textContent = response.ok ? data.rounds.map((r) => words.round + " " + r.round + ": " +
    r.pairings.map((p) => p.join("–")).join("  ")).join("\n") : data.error;
});
$("prize-button").addEventListener("click", async () => {
  const form = source();
  if (!form) return;
  form.append("prizes", $("prize-list").value);
  form.append("method", $("prize-method").value);
  $("prize-error").textContent = "";
  const body = $("prize-table").tBodies[0];
  body.replaceChildren();
  try {
    for (const a of await (await post("/api/prizes", form)).json()) {
      const tr = el("tr", null, {"data-start-no": a.start_no});
      tr.append(el("td", a.rank), el("td", a.start_no), el("td", a.name, {class: "name"}), el("td", a.prize),
                el("td", a.amount === null ? "—" : a.amount));
      body.append(tr);
    }
  } catch (e) { $("prize-error").textContent = e.message; }
});
$("varma-button").addEventListener("click", async () => {
  const form = new FormData();
  form.append("list", $("varma-list").value);
  form.append("seed", $("varma-seed").value);
  try {
    const d = await (await post("/api/varma", form)).json();
    const lines = d.order.map((o) => o.federation + "  " + o.name + "  " + o.set + " " + o.number);
    lines.push("");
    for (const r of d.rounds) {
      lines.push(words.round + " " + r.round + ": " + r.pairings.map((p) => p.join(" – ")).join(",  ") +
                 (r.bye ? "  (" + r.bye + ")" : ""));
    }
    $("varma-text").textContent = lines.join("\n");
  } catch (e) { $("varma-text").textContent = e.message; }
});
$("check-button").addEventListener("click", async () => {
  const form = source();
  if (!form) return;
  const published = $("published-file").files[0];
  if (published) form.append("published", published);
  const body = $("check-table").tBodies[0];
  body.replaceChildren();
  $("check-rules").textContent = "";
  try {
    const r = await (await post("/api/check", form)).json();
    $("check-verdict").textContent = (r.agree ? words.check_right : words.check_wrong) + " (" + r.announced + ")";
    for (const d of r.differences) {
      const tr = el("tr", null, {"data-start-no": d.start_no});
      tr.append(el("td", d.start_no), el("td", d.name, {class: "name"}), el("td", d.what),
                el("td", d.published), el("td", d.ours), el("td", d.reproduced_by.join(", ") || "—"));
      body.append(tr);
    }
    $("check-rules").textContent = r.rules.map((a) => a.rules + ": " + a.values_agree + "/" + a.values + ", " +
      a.ranks_agree + "/" + a.ranks).join("\n");
  } catch (e) { $("check-verdict").textContent = e.message; }
});
loadCatalogue();
