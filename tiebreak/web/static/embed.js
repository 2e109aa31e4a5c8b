// <tiebreak-live top="10" lang="ru" event="open.trf" player="12" mode="top|standings|player"></tiebreak-live>: the live standings of the server
// this script is loaded from, as the iframe of /embed (docs/reference/live.md, "Embedding the standings").
"use strict";
(() => {
  const origin = new URL(document.currentScript.src).origin;
  class TiebreakLive extends HTMLElement {
    connectedCallback() {
      const q = new URLSearchParams();
      for (const name of ["event", "lang", "top", "player", "mode"]) {
        const v = this.getAttribute(name);
        if (v) q.set(name, v);
      }
      const frame = document.createElement("iframe");
      frame.src = `${origin}/embed?${q}`;
      frame.title = this.getAttribute("title") || "Live standings";
      frame.loading = "lazy";
      frame.style.cssText = "width:100%;max-width:30em;border:0;height:" + (this.getAttribute("height") || "32em");
      this.replaceChildren(frame);
    }
  }
  if (!customElements.get("tiebreak-live")) customElements.define("tiebreak-live", TiebreakLive);
})();
