// The style sheet and the script every report carries inline: a report is one file that
// opens offline, in any browser, with nothing fetched. The script only filters, sorts
// and opens what the HTML already holds; the page reads in full without it. Its state
// lives in the address's fragment (#kind=fp&submission=dev_2.txt&item=item-1-17), so
// a filtered list or an opened item can be shared as a link.

#include "core/report/html_parts.h"

namespace sqleq::report::detail {

std::string_view styleSheet()
{
    return R"css(
:root { color-scheme: light; --ok: #1a6b32; --bad: #a4201a; --muted: #555; --line: #c8c8c8; --focus: #fff0a8; }
* { box-sizing: border-box; }
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; color: #1b1b1b;
       background: #fff; margin: 0 auto; max-width: 1180px; padding: 1rem 1.5rem 4rem; }
h1 { font-size: 1.6rem; margin: .5rem 0 .25rem; }
h2 { font-size: 1.3rem; margin: 2.2rem 0 .6rem; border-bottom: 2px solid #1b1b1b; padding-bottom: .2rem; }
h3 { font-size: 1.08rem; margin: 1.4rem 0 .4rem; }
h4 { font-size: 1rem; margin: 1rem 0 .3rem; }
a { color: #0b4f9c; }
a:focus, button:focus, select:focus, input:focus, summary:focus { outline: 3px solid #0b4f9c; outline-offset: 2px; }
table { border-collapse: collapse; margin: .4rem 0 1rem; }
caption { text-align: left; font-weight: 600; padding: .2rem 0; white-space: nowrap; }
table.result { min-width: 14rem; }
th, td { border: 1px solid var(--line); padding: .25rem .5rem; vertical-align: top; text-align: left; }
th { background: #f0f0f0; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
code, pre { font: 13px/1.4 "DejaVu Sans Mono", ui-monospace, monospace; }
pre { background: #f6f6f6; border: 1px solid #e0e0e0; padding: .5rem .7rem; white-space: pre-wrap;
      word-break: break-word; margin: .2rem 0 .6rem; }
.ok { color: var(--ok); font-weight: 600; }
.bad { color: var(--bad); font-weight: 600; }
.unset, .muted { color: var(--muted); }
.null { color: var(--muted); font-style: italic; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .15rem 1rem; margin: .5rem 0; }
dl.facts dt { font-weight: 600; }
dl.facts dd { margin: 0; }
.charts { display: flex; flex-wrap: wrap; gap: 1.5rem; }
figure { margin: 0; }
figcaption { font-weight: 600; margin-bottom: .2rem; }
.legend { display: flex; flex-wrap: wrap; gap: .3rem 1rem; margin: .2rem 0 .8rem; padding: 0; list-style: none; }
.legend li::before { content: ""; display: inline-block; width: .9em; height: .9em; margin-right: .35em;
                     vertical-align: -.1em; background: var(--swatch); }
.filters { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: end; margin: .5rem 0; }
.filters label { display: flex; flex-direction: column; font-size: .9rem; font-weight: 600; }
.filters input, .filters select { font: inherit; padding: .2rem .3rem; min-width: 10rem; }
th button { font: inherit; font-weight: 700; background: none; border: 0; padding: 0; cursor: pointer; color: inherit; }
th[aria-sort="ascending"] button::after { content: " \25B2"; }
th[aria-sort="descending"] button::after { content: " \25BC"; }
#items tbody tr:hover { background: #f7f9fc; }
#items thead th { position: sticky; top: 0; z-index: 1; box-shadow: inset 0 -1px 0 var(--line); }
#items td.text { max-width: 22rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
#items td.sql code { font-size: 12px; }
details.item { border: 1px solid var(--line); border-radius: 4px; margin: .5rem 0; padding: 0 .8rem; }
details.item[open] { padding-bottom: .8rem; border-color: #777; }
details.item > summary { cursor: pointer; padding: .45rem 0; font-weight: 600; }
.tag { display: inline-block; font-size: .8rem; font-weight: 600; padding: 0 .4rem; border-radius: 3px;
       border: 1px solid currentColor; margin-left: .3rem; }
.tag.fp { color: var(--bad); }
.tag.disagree { color: #6b3fa0; }
td.focus, th.focus { background: var(--focus); }
tr.only td { background: #fde8e6; }
tr.only td:first-child::before { content: "\2260 "; font-weight: 700; color: var(--bad); }
.side { display: flex; flex-wrap: wrap; gap: 1.5rem; align-items: flex-start; }
.explanation { font-size: 1.02rem; }
@media print { .filters, noscript { display: none; } details.item { break-inside: avoid; } }
)css";
}

std::string_view script()
{
    return R"js(
(function () {
  "use strict";
  var table = document.getElementById("items");
  if (!table) return;
  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  var details = {};
  Array.prototype.forEach.call(document.querySelectorAll("details.item"), function (d) { details[d.id] = d; });
  var controls = {
    q: document.getElementById("filter-text"),
    submission: document.getElementById("filter-submission"),
    kind: document.getElementById("filter-kind"),
    hardness: document.getElementById("filter-hardness")
  };
  var status = document.getElementById("filter-status");
  var none = document.getElementById("items-none");
  var sortKey = "", sortDescending = false;

  function state() {
    var text = location.hash.replace(/^#/, "");
    if (text.indexOf("=") < 0) return { item: text };
    var params = new URLSearchParams(text), out = {};
    params.forEach(function (value, key) { out[key] = value; });
    return out;
  }
  function matches(row) {
    var q = controls.q.value.trim().toLowerCase();
    if (q && row.getAttribute("data-search").indexOf(q) < 0) return false;
    if (controls.submission.value && row.getAttribute("data-submission") !== controls.submission.value) return false;
    if (controls.kind.value && (" " + row.getAttribute("data-kind") + " ").indexOf(" " + controls.kind.value + " ") < 0)
      return false;
    if (controls.hardness.value && row.getAttribute("data-hardness") !== controls.hardness.value) return false;
    return true;
  }
  function apply() {
    var shown = 0;
    rows.forEach(function (row) {
      var keep = matches(row);
      row.hidden = !keep;
      var d = details[row.getAttribute("data-item")];
      if (d) d.hidden = !keep;
      if (keep) shown++;
    });
    status.textContent = shown + " of " + rows.length + " items shown";
    // An empty list says so, not a bare header row.
    table.hidden = shown === 0;
    if (none) none.hidden = shown !== 0;
  }
  function cellKey(row, key) {
    var value = row.getAttribute("data-sort-" + key);
    var number = parseFloat(value);
    return isNaN(number) ? value : number;
  }
  function sortBy(key, descending) {
    sortKey = key; sortDescending = descending;
    var list = document.getElementById("item-details");
    rows.sort(function (a, b) {
      var x = cellKey(a, key), y = cellKey(b, key);
      var order = x < y ? -1 : x > y ? 1 : Number(a.getAttribute("data-order")) - Number(b.getAttribute("data-order"));
      return descending ? -order : order;
    });
    rows.forEach(function (row) {
      body.appendChild(row);
      var d = details[row.getAttribute("data-item")];
      if (d && list) list.appendChild(d);
    });
    Array.prototype.forEach.call(table.tHead.querySelectorAll("th[data-key]"), function (th) {
      th.setAttribute("aria-sort", th.getAttribute("data-key") === key ? (descending ? "descending" : "ascending") : "none");
    });
  }
  function writeState() {
    var params = new URLSearchParams();
    Object.keys(controls).forEach(function (key) { if (controls[key].value) params.set(key, controls[key].value); });
    if (sortKey) { params.set("sort", sortKey); if (sortDescending) params.set("order", "descending"); }
    var text = params.toString();
    history.replaceState(null, "", text ? "#" + text : location.pathname + location.search);
  }
  function openItem(id) {
    var d = details[id];
    if (!d) return;
    if (d.hidden) {  // an item the filters hide is opened all the same: clear them
      Object.keys(controls).forEach(function (key) { controls[key].value = ""; });
      apply();
    }
    d.open = true;
    d.scrollIntoView();
    d.querySelector("summary").focus();
  }
  function readState() {
    var s = state();
    // "#item-1-17" (an item's link) keeps the filters; "#kind=fp&…" sets them all.
    if (Object.keys(s).length > 1 || !("item" in s)) {
      Object.keys(controls).forEach(function (key) { controls[key].value = s[key] || ""; });
      if (s.sort) sortBy(s.sort, s.order === "descending");
    }
    apply();
    if (s.item) openItem(s.item);
  }
  Object.keys(controls).forEach(function (key) {
    controls[key].addEventListener("input", function () { apply(); writeState(); });
  });
  Array.prototype.forEach.call(table.tHead.querySelectorAll("th[data-key] button"), function (button) {
    button.addEventListener("click", function () {
      var key = button.parentNode.getAttribute("data-key");
      sortBy(key, key === sortKey ? !sortDescending : false);
      writeState();
    });
  });
  window.addEventListener("hashchange", readState);
  document.getElementById("filters").hidden = false;
  readState();
})();
)js";
}

} // namespace sqleq::report::detail
