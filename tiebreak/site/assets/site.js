// The event's website: the search box answers as you type from assets/search-index.js (no server; the pages read
// without this script, and the form falls back to the starting list).
(function () {
  "use strict";
  var form = document.querySelector("form.search");
  var players = window.TIEBREAK_PLAYERS || [];
  if (!form) return;
  var input = form.querySelector("input");
  var answers = document.getElementById("search-answers");
  // a name's parts, folded: lower case, accents dropped, split at anything that is not a letter or a digit
  // ("Nguyen,Anh Kiet" -> nguyen anh kiet), so that parts match in any order
  function parts(text) {
    return text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "")
      .split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  }
  var folded = players.map(function (p) { return parts(p[1]); });
  // every part of the question is in a different part of the name (the longest parts placed first)
  function matches(name, query) {
    var used = [];
    return query.slice().sort(function (a, b) { return b.length - a.length; }).every(function (q) {
      for (var j = 0; j < name.length; j++) {
        if (used.indexOf(j) < 0 && name[j].indexOf(q) >= 0) { used.push(j); return true; }
      }
      return false;
    });
  }
  function find(q) {
    var query = parts(q.trim());
    if (!query.length) return [];
    var out = [];
    for (var i = 0; i < players.length && out.length < 20; i++) {
      if (String(players[i][0]) === q.trim() || matches(folded[i], query)) out.push(players[i]);
    }
    return out;
  }
  function show(list, q) {
    answers.textContent = "";
    if (!q.trim()) return;
    if (!list.length) {
      var none = document.createElement("li");
      none.textContent = input.getAttribute("data-none");
      answers.appendChild(none);
      return;
    }
    list.forEach(function (p) {
      var li = document.createElement("li"), a = document.createElement("a");
      a.href = p[2];
      a.textContent = p[0] + ". " + p[1];
      li.appendChild(a);
      answers.appendChild(li);
    });
  }
  input.addEventListener("input", function () { show(find(input.value), input.value); });
  form.addEventListener("submit", function (ev) {
    var list = find(input.value);
    if (list.length) { ev.preventDefault(); window.location.href = list[0][2]; }
  });
  var q = new URLSearchParams(window.location.search).get("q");
  if (q) { input.value = q; show(find(q), q); }
})();
