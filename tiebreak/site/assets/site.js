// The event's website: the search box answers as you type from assets/search-index.js (no server; the pages read
// without this script, and the form falls back to the starting list).
(function () {
  "use strict";
  var form = document.querySelector("form.search");
  var players = window.TIEBREAK_PLAYERS || [];
  if (!form) return;
  var input = form.querySelector("input");
  var answers = document.getElementById("search-answers");
  function fold(text) {
    return text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  }
  var folded = players.map(function (p) { return fold(p[1]); });
  function find(q) {
    q = fold(q.trim());
    if (!q) return [];
    var out = [];
    for (var i = 0; i < players.length && out.length < 20; i++) {
      if (String(players[i][0]) === q || folded[i].indexOf(q) >= 0) out.push(players[i]);
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
