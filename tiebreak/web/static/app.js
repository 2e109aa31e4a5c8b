// The tiebreak page: no framework, no build step. The script builds no table and no sentence: the server renders
// every part the standings fill (the summary, the notes and warnings, the tie-break list, the table, the category
// and team sections: one request, `format=page`), the explanation panel and the tools' answers, in the page's
// language, every text escaped there; the script puts each part in its place.  Changing the language fetches the
// page in that language for its words and its list of codes, and asks again for what is loaded, so the event, the
// list and the explanation stay.
"use strict";

let W = JSON.parse(document.getElementById("words").textContent);   // {page, words, ratings}: labels and messages
let lang = document.documentElement.lang;
const $ = (id) => document.getElementById(id);
let tiebreaks = [];     // the list being edited, e.g. ["PTS", "BH/C1"]
let loaded = false;     // standings are shown
let selected = [];      // start numbers: one (explanation) or two (why one is ahead)
let foldSettings = false;  // fold the settings when the standings of a new file arrive (on a phone)
let lastRequest = 0;
let teamEvent = false;       // the last answer was a team event's: no player columns, categories or team ranking
let columnsChosen = false;   // false: the columns the file has (the server's "auto"); true: the boxes ticked
// a modifier's pattern, length and number bounds: the engine's own (tiebreak.engine.specifier), sent by the server
const LIMITS = JSON.parse(document.getElementById("limits").textContent);
const MODIFIER = new RegExp(LIMITS.modifier_pattern);

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (m, k) => (k in values ? values[k] : m));
}

// ------------------------------------------------------------------------------------------- requests
function source() {
  const form = new FormData();
  const file = $("file").files[0];
  if (file) form.append("file", file);
  else if ($("example").value) form.append("example", $("example").value);
  else return null;
  form.append("rules", $("rules").value);
  form.append("lang", lang);
  if ($("event-number").value) form.append("event", $("event-number").value);
  if (tiebreaks.length) form.append("tiebreaks", tiebreaks.join(","));
  // each field filled in, under the API's name (the field's id with "_" for "-")
  for (const id of ["after-round", "system", "unrated-rating", "cumulative-half-bye"])
    if ($(id).value) form.append(id.replaceAll("-", "_"), $(id).value);
  // a choice other than its declared default (data-default): the forms without it (ratings) take its default
  for (const id of ["compat", "points-from"])
    if ($(id).value !== $(id).dataset.default) form.append(id.replace("-", "_"), $(id).value);
  if ($("no-lots").checked) form.append("no_lots", "true");
  else if ($("seed").value) form.append("seed", $("seed").value);
  // the play-off's games place the tied players (or teams) on every answer: standings, prizes, downloads
  if ($("playoff-results").value.trim()) form.append("playoff_results", $("playoff-results").value);
  if (teamEvent) return form;  // the choices of individual events (the API refuses them for a team event)
  if (columnsChosen) form.append("columns", chosenColumns().join(",") || "none");
  for (const c of categoryList()) form.append("category", c);
  if ($("team-ranking").value) {
    form.append("team_ranking", $("team-ranking").value);
    if ($("team-best").value) form.append("team_best", $("team-best").value);
    if ($("team-tiebreaks").value.trim()) form.append("team_tiebreaks", $("team-tiebreaks").value.trim());
  }
  return form;
}

// the category expressions typed, one per ";" or line ("&" joins a category's conditions); the API bounds their count
const categoryList = () => $("categories").value.split(/[;\n]/).map((c) => c.trim()).filter(Boolean);
const columnBoxes = () => [...document.querySelectorAll("#columns input")];
const chosenColumns = () => columnBoxes().filter((b) => b.checked).map((b) => b.value);

// the field an error names as the page labels it, in its language ("Правила", not "rules"); else the API's name
function fieldLabel(field) {
  const input = field && document.querySelector(`[data-option="${CSS.escape(field)}"]`);
  const label = input && (input.closest("label")?.querySelector("span") || $(input.getAttribute("aria-labelledby") || ""));
  return label ? label.textContent.trim() : field;
}

async function post(path, form, headers) {
  const response = await fetch(path, {method: "POST", body: form, headers: headers || {}});
  if (!response.ok) {
    const e = await response.json().catch(() => null);  // ours is {error, place, field...}; a proxy's may not be JSON
    const where = e && (e.place || fieldLabel(e.field));
    throw new Error(e ? (where ? where + ": " : "") + e.error : response.statusText);
  }
  return response;
}

// ------------------------------------------------------------------------------------------- words
function relabel() {
  for (const [key, words, what] of [["w", W.words, "textContent"], ["p", W.page, "textContent"],
                                     ["r", W.ratings, "textContent"], ["ph", W.words, "placeholder"]])
    for (const node of document.querySelectorAll(`[data-${key}]`)) node[what] = words[node.dataset[key]] || node[what];
  document.title = W.words.title + " — tiebreak";
}

// the page in another language (the server's): its labels, and its lists of codes and presets, named in it
async function setLanguage(next) {
  const answer = await fetch("/?lang=" + encodeURIComponent(next));
  if (!answer.ok) return;
  const page = new DOMParser().parseFromString(await answer.text(), "text/html");
  W = JSON.parse(page.getElementById("words").textContent);
  for (const id of ["add-code", "preset"]) {
    const chosen = $(id).value;
    $(id).replaceChildren(...page.getElementById(id).children);
    $(id).value = chosen;
  }
  lang = document.documentElement.lang = next;
  history.replaceState(null, "", "?lang=" + next);
  relabel();
  validateModifiers();
  // the same file, list and seed give the same standings; notes and the open explanation come back in the new words
  if (loaded) await compute();
  await Promise.all([...shownTools.values()].map((ask) => ask()));
}

// ------------------------------------------------------------------------------------------- list editor
// The list as the last standings show it: the server renders its items (each code's name, its buttons).
const listed = () => [...$("tiebreak-list").children].map((item) => item.dataset.code);

// an item's button moves or removes its code, and the standings come back with the list
function editList(button) {
  const i = tiebreaks.indexOf(button.closest("li").dataset.code);
  if (i < 0) return;
  if (button.classList.contains("remove")) tiebreaks.splice(i, 1);
  else {
    const j = button.classList.contains("up") ? i - 1 : i + 1;
    if (j < 0 || j >= tiebreaks.length) return;
    [tiebreaks[i], tiebreaks[j]] = [tiebreaks[j], tiebreaks[i]];
  }
  compute();
}

// The modifiers typed for the chosen code, checked as they are typed against the catalogue (its letters).
function validateModifiers() {
  const code = $("add-code").value;
  const raw = $("add-modifiers").value.trim();
  const allowed = code ? $("add-code").selectedOptions[0].dataset.modifiers : "";
  let problem = "";
  for (const mod of raw.split(/[/#]/).map((m) => m.trim().toUpperCase()).filter(Boolean)) {
    if (!MODIFIER.test(mod)) { problem = fill(W.page.modifier_unknown, {mod}); break; }
    const most = LIMITS.modifier_bounds[mod[0]];
    if (most !== undefined && (mod.length > LIMITS.modifier_length || Math.abs(Number(mod.slice(1))) > most)) {
      problem = fill(W.page.modifier_range, {mod, letter: mod[0], most});
      break;
    }
    if (!allowed.includes(mod[0])) {
      problem = fill(W.page.modifier_bad, {mod, code, allowed: allowed.split("").join(", ") || W.page.none});
      break;
    }
  }
  $("modifier-message").textContent = problem;
  $("add-modifiers").setAttribute("aria-invalid", problem ? "true" : "false");
  $("add-button").disabled = Boolean(problem) || !code;
  return !problem;
}

// ------------------------------------------------------------------------------------------- standings
function clearResult(message) {
  loaded = false;
  selected = [];
  tiebreaks = listed();  // a list refused comes back as it was last shown
  $("error").textContent = message || "";
  $("result").hidden = $("summary").hidden = true;
  $("standings").replaceChildren();
  closeExplanation();
}

// a document the server rendered (its templates, in the page's language), asked with Accept: text/html
async function htmlOf(path, form) {
  const response = await post(path, form, {Accept: "text/html"});
  return new DOMParser().parseFromString(await response.text(), "text/html");
}

// a part of a page the server rendered (every text escaped there), to insert as it is
function fragmentOf(html) {
  const box = document.createElement("template");
  box.innerHTML = html;
  return box.content;
}

// The server's parts of the page (`format=page`): each element with data-part fills the page's element of that id;
// the answer's root says what the fields keep in step (the seed drawn, a team event, the columns the file fills).
function showStandings(page) {
  for (const part of page.querySelectorAll("[data-part]")) {
    const chosen = part.querySelector("option[selected]");  // moved options lose their selectedness: set it again
    $(part.dataset.part).replaceChildren(...part.childNodes);
    if (chosen) $(part.dataset.part).value = chosen.value;
  }
  const answer = page.getElementById("answer");
  tiebreaks = listed();
  teamEvent = answer.dataset.team === "true";
  $("individual-options").hidden = teamEvent;
  if (!$("no-lots").checked && answer.dataset.seed) $("seed").value = answer.dataset.seed;
  if (!columnsChosen) for (const b of columnBoxes()) b.checked = answer.dataset.columns.split(",").includes(b.value);
  $("warnings-box").hidden = !$("warnings").children.length;
  $("summary").hidden = $("result").hidden = false;
  loaded = true;
  // on a phone the settings fold away once a file is loaded: the standings come first; the heading opens them
  if (foldSettings) { $("settings-fold").open = false; foldSettings = false; }
}

async function compute() {
  const form = source();
  if (!form) return;
  form.append("format", "page");
  // an open explanation comes back with the standings, from the same ranking (for those still among them)
  selected.forEach((n, i) => form.append(i ? "player2" : "player", n));
  const asked = selected.join(",");
  const ticket = ++lastRequest;
  document.body.classList.add("busy");
  try {
    const path = selected.length ? "/api/explain" : "/api/standings";
    const page = new DOMParser().parseFromString(await (await post(path, form)).text(), "text/html");
    if (ticket === lastRequest) {
      const explained = page.querySelector('[data-part="explain-body"]');
      $("error").textContent = "";
      showStandings(page);
      // a click while these standings were asked (a changed field's blur runs first) opened a panel of its own,
      // asked with the same fields: it stays; a panel asked with these standings that explains no one closes
      if (selected.join(",") !== asked) markRows();
      else if (explained) showExplained(explained.dataset.players.split(",").map(Number));
      else if (selected.length) closeExplanation();
    }
  } catch (e) {
    if (ticket === lastRequest) clearResult(e.message);   // never leave stale standings under an error
  }
  document.body.classList.remove("busy");
  document.body.dataset.ready = String(ticket);
}

// ------------------------------------------------------------------------------------------- explanations
function choose(startNo) {  // a second player chosen: why one is ahead of the other
  showSelection(selected.length === 1 && selected[0] !== startNo ? [selected[0], startNo] : [startNo]);
}

function markRows() {
  for (const tr of $("standings").querySelectorAll("tbody tr")) {
    const n = Number(tr.dataset.startNo);
    tr.classList.toggle("selected", n === selected[0]);
    tr.classList.toggle("compared", selected.length === 2 && n === selected[1]);
  }
}

function openExplanation() {
  const panel = $("explanation");
  panel.hidden = false;
  $("standings-area").classList.add("open");
  // on a phone the panel covers the screen like a dialog; on a desktop it stands beside the table
  if (matchMedia("(max-width: 59.99rem)").matches) {
    panel.setAttribute("role", "dialog");
    panel.setAttribute("aria-modal", "true");
    document.body.classList.add("dialog-open");
    $("explain-close").focus();
  } else {
    panel.removeAttribute("role");
    panel.removeAttribute("aria-modal");
  }
}

function closeExplanation() {
  $("explanation").hidden = true;
  $("standings-area").classList.remove("open");
  document.body.classList.remove("dialog-open");
  selected = [];
  markRows();
}

// the players (or teams) to compare with, as the server listed them: every one but the one explained
function fillCompare() {
  const select = $("compare-with");
  for (const option of select.options) option.hidden = option.value === String(selected[0]);
  select.value = selected.length === 2 ? String(selected[1]) : "";
}

async function showSelection(players) {
  if (!loaded || !players.length) return;
  selected = players;
  markRows();
  openExplanation();
  fillCompare();
  const body = $("explain-body");
  try {
    // the server words it as `tiebreak explain` does, as HTML in the page's language (every text escaped there)
    const form = source();
    form.append("format", "html");
    players.forEach((n, i) => form.append(i ? "player2" : "player", n));
    body.replaceChildren(fragmentOf(await (await post("/api/explain", form)).text()));
  } catch (e) {
    body.replaceChildren(el("p", e.message, {class: "error"}));
  }
  showExplained(players);
}

// the panel the server rendered is in place: its title, the rows it concerns marked, the others to compare with
function showExplained(players) {
  const panel = $("explain-body").firstElementChild;
  selected = players;
  $("explain-title").textContent = (panel && panel.dataset.title) || "";
  markRows();
  fillCompare();
  document.body.dataset.explained = players.join(",");
}

// ------------------------------------------------------------------------------------------- downloads, tools
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

// the names of the files chosen beside our own button (the browser's own speaks the browser's language)
function showFileName(input) {
  const name = input.closest("label").querySelector(".file-name");
  name.textContent = [...input.files].map((f) => f.name).join(", ") || W.page.no_file;
  name.dataset.p = input.files.length ? "" : "no_file";
}

function newSource() {
  tiebreaks = [];
  foldSettings = window.matchMedia("(max-width: 40rem)").matches;
  columnsChosen = false;
  // a new file starts without the individual events' choices: a team event would refuse them
  teamEvent = false;
  $("categories").value = $("team-ranking").value = "";
  teamOptions();
  $("seed").value = "";
  $("after-round").replaceChildren();
  $("tiebreak-list").replaceChildren();
  selected = [];
  closeExplanation();
  compute();
}

// An arbiter's tool under the standings: its button sends `fields()` (the event chosen above and the tool's own
// inputs, or null) to `path` and shows the answer in `out`: text in the page's language, or with format "html" the
// part of a page the server rendered (as the download prints it); an error in its place.
function tool(button, path, format, out, fields) {
  const ask = async () => {
    const form = fields();
    if (!form) return;
    form.set("lang", lang);
    form.set("format", format);
    $(out).replaceChildren("…");
    try {
      const answer = await (await post(path, form)).text();
      if (format === "text") $(out).textContent = answer; else $(out).replaceChildren(fragmentOf(answer));
      shownTools.set(out, ask);
    } catch (e) { $(out).replaceChildren(el("span", e.message, {class: "error", role: "alert"})); }
  };
  $(button).addEventListener("click", ask);
}
// the tools' answers on show (output -> how it was asked): asked again in a new language, never left in the old one
const shownTools = new Map();

// the form with the fields given that are not empty (null without a form)
function withFields(form, fields) {
  if (form) for (const [k, v] of Object.entries(fields)) if (v) form.append(k, v);
  return form;
}

$("lang").addEventListener("change", () => setLanguage($("lang").value));
$("file").addEventListener("change", () => { $("example").value = ""; showFileName($("file")); newSource(); });
$("example").addEventListener("change", () => { $("file").value = ""; showFileName($("file")); newSource(); });
$("published-file").addEventListener("change", () => showFileName($("published-file")));
$("event-number").addEventListener("change", newSource);  // which tournament of a Sharly Chess database
for (const id of ["rules", "after-round", "system", "cumulative-half-bye", "compat", "points-from", "playoff-results"]) $(id).addEventListener("change", compute);
for (const id of ["seed", "unrated-rating", "categories", "team-ranking", "team-best", "team-tiebreaks"]) {
  $(id).addEventListener("change", compute);
}
for (const b of columnBoxes()) b.addEventListener("change", () => { columnsChosen = true; compute(); });
// the number counted and the team tie-breaks mean something only with a team ranking
const teamOptions = () => { for (const id of ["team-best", "team-tiebreaks"]) $(id).disabled = !$("team-ranking").value; };
$("team-ranking").addEventListener("change", teamOptions);
teamOptions();
$("no-lots").addEventListener("change", () => { $("seed").disabled = $("no-lots").checked; compute(); });
$("preset").addEventListener("change", () => {
  const option = $("preset").selectedOptions[0];
  if (!option || !option.value) return;
  tiebreaks = option.dataset.list.split(",");
  if (option.dataset.rules) $("rules").value = option.dataset.rules;
  compute();
});
$("add-code").addEventListener("change", validateModifiers);
$("add-modifiers").addEventListener("input", validateModifiers);
$("add-button").addEventListener("click", () => {
  if (!validateModifiers()) return;
  const mods = $("add-modifiers").value.trim();
  const code = $("add-code").value + (mods && !/^[/#]/.test(mods) ? "/" : "") + mods;
  if (!code) return;
  tiebreaks.push(code);
  $("add-modifiers").value = "";
  compute();
});
$("tiebreak-list").addEventListener("click", (e) => { const b = e.target.closest("button"); if (b) editList(b); });
const rowChosen = (e) => { const tr = e.target.closest("tr[data-start-no]"); if (tr) choose(Number(tr.dataset.startNo)); };
$("standings").addEventListener("click", rowChosen);
$("standings").addEventListener("keydown", (e) => { if (e.key === "Enter") rowChosen(e); });
$("explain-close").addEventListener("click", closeExplanation);
document.addEventListener("keydown", (e) => { if (e.key === "Escape" && !$("explanation").hidden) closeExplanation(); });
$("compare-with").addEventListener("change", () => {
  const other = Number($("compare-with").value);
  showSelection(other ? [selected[0], other] : [selected[0]]);
});
for (const b of document.querySelectorAll("button.download")) b.addEventListener("click", () => download(b.dataset.format));
tool("playoff-button", "/api/playoffs", "text", "playoff-text",  // as `tiebreak playoffs` prints them
     () => withFields(source(), {places: $("playoff-places").value}));
// a series: the events' files, ranked by the list and rules chosen above, the table as text in the page's language
$("series-files").addEventListener("change", () => showFileName($("series-files")));
tool("series-button", "/api/series", "text", "series-text", () => {
  const form = new FormData();
  for (const f of $("series-files").files) form.append("files", f);
  return withFields(form, {points: $("series-points").value, best: $("series-best").value, events: $("series-events").value,
    series_tiebreaks: $("series-tiebreaks").value, rules: $("rules").value, tiebreaks: tiebreaks.join(",")});
});
$("rating-button").addEventListener("click", async () => {
  const form = source();
  if (!form) return;
  form.set("system", $("rating-system").value);  // the rating system, not the event type
  if ($("rating-k").value) form.set("k", $("rating-k").value);
  $("rating-table").replaceChildren();
  $("rating-rule").textContent = $("rating-error").textContent = "";
  try {  // the report as `tiebreak ratings --format html` prints it: its heading lines and its table
    const report = await htmlOf("/api/ratings", form);
    $("rating-rule").textContent = [...report.querySelectorAll("body > p")].map((x) => x.textContent).join("\n");
    $("rating-table").replaceChildren(...report.getElementById("ratings").children);
  } catch (e) { $("rating-error").textContent = e.message; }
});
tool("odds-button", "/api/odds", "page", "odds-result", source);  // the odds view as the server renders it
$("berger-button").addEventListener("click", async () => {  // the table as `tiebreak berger` prints it
  const q = "players=" + encodeURIComponent($("berger-n").value) + ($("berger-double").checked ? "&double=1" : "") +
    "&format=text&lang=" + lang;
  const response = await fetch("/api/berger?" + q);
  $("berger-text").textContent = response.ok ? await response.text() : (await response.json()).error;
});
tool("prize-button", "/api/prizes", "html", "prize-result",
     () => withFields(source(), {prizes: $("prize-list").value, method: $("prize-method").value}));
tool("varma-button", "/api/varma", "text", "varma-text",  // the draw as `tiebreak varma` prints it
     () => withFields(new FormData(), {list: $("varma-list").value, seed: $("varma-seed").value}));
// The check of published standings: the request of `tiebreak check` (the announced list is the published columns
// unless the box asks for the list above), answered as the event's section of `check --format html`.
tool("check-button", "/api/check", "html", "check-result", () => {
  const form = withFields(source(), {published: $("published-file").files[0], publisher: $("publisher").value});
  if (form && !$("check-own-list").checked) form.delete("tiebreaks");
  return form;
});
validateModifiers();
