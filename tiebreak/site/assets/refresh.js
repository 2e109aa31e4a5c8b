// The event's website: "Last updated" and, while the event is in play, a page that reloads itself when the results
// change -- without a server of ours and without a page's bytes depending on the time.
//
// The time is the tournament file's (assets/updated.js, rewritten with every publication), not written into each
// page: a watched site rewrites only the pages a result touches, so a time inside every page would make every page
// change with every result (or leave old times on the pages not rewritten).  While the event is in play the page
// asks version.json every minute (a small file the host serves; no answer from a page opened from disk: nothing
// happens) and reloads when its version changed.  A finished event never reloads: updated.js says it is not in
// play, so nothing is asked.  A <meta http-equiv="refresh"> was not used: it reloads on a timer whether or not
// anything changed (losing the reader's place every minute) and fails WCAG 2.2.1 (axe: meta-refresh).
(function () {
  "use strict";
  var all = window.TIEBREAK_UPDATED || {};
  var script = document.currentScript;
  var root = script ? script.src.replace(/assets\/refresh\.js.*$/, "") : "";
  var parts = window.location.pathname.split("/");
  var event = all[""] || all[parts[parts.length - 3]];  // one event, or <event>/<lang>/<page>
  var box = document.querySelector("footer .updated");
  if (!event || !box) return;
  var time = box.querySelector("time");
  time.setAttribute("datetime", event.time);
  time.textContent = event.time.replace("T", " ").replace(/:00\+00:00$/, "").replace(/\+00:00$/, "") + " UTC";
  box.hidden = false;
  if (!event.live || !window.fetch || !root) return;
  var live = document.querySelector("footer .in-play");
  if (live) live.hidden = false;
  var seen = null;
  function ask() {
    window.fetch(root + "version.json", {cache: "no-store"}).then(function (r) { return r.json(); }).then(function (doc) {
      if (seen !== null && doc.version !== seen) window.location.reload();
      seen = doc.version;
    }).catch(function () {});
  }
  ask();
  window.setInterval(ask, 60000);
})();
