// el(): one element for the scripts of every page the server serves (the page, the live screen, its broadcast, the
// embed), loaded before each: its text put in as text, never as markup; its class ("name") or its attributes
// ({class: "name", title: ...}).  A name may break after its comma ("Ivanov,Ivan") as after a space, never inside a
// word: a <wbr> after each comma, as the templates' name cells have (tiebreak.render.templating.cell_html).
"use strict";

function el(tag, text, attrs) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  const given = typeof attrs === "string" ? {class: attrs} : attrs || {};
  for (const [k, v] of Object.entries(given)) node.setAttribute(k, v);
  if (/(^| )name( |$)/.test(given.class || "") && node.textContent.includes(",")) {
    const parts = node.textContent.split(",");
    node.replaceChildren();
    parts.forEach((part, i) => node.append(part, ...(i < parts.length - 1 ? [",", document.createElement("wbr")] : [])));
  }
  return node;
}
