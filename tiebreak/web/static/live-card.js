// A card on the live screen (/live/cards/EVENT/LANG/player-N.html): when the server tells of a new version of the
// event (/api/live/events), the card is fetched again and its <main> swapped in, so the place, the score and the
// game in play follow the results.
"use strict";
(() => {
  const main = document.getElementById("main");
  if (!main || !window.EventSource) return;
  const event = main.dataset.event;
  let asking = 0;
  async function refresh() {
    const mine = ++asking;
    try {
      const r = await fetch(location.pathname, {cache: "no-cache"});
      if (!r.ok || mine !== asking) return;
      const t = document.createElement("template");
      t.innerHTML = await r.text();
      const next = t.content.getElementById("main");
      if (next && mine === asking) main.innerHTML = next.innerHTML;
    } catch (e) { /* the next version tries again */ }
  }
  const stream = new EventSource("/api/live/events?" + new URLSearchParams({event}));
  stream.addEventListener("update", refresh);
  stream.onopen = () => { main.dataset.live = "1"; };  // following (the tests wait for it)
})();
