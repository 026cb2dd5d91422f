// The explorer's script: a click on an operator cell of the grid gives it
// the next operator, writes the setting into the ops field and the URL
// (so that the address is always a link to the state shown), and fetches
// the results for the new setting, at most one request in flight: a
// newer click cancels the older request, whose analysis the server stops.
"use strict";
(function () {
  const cycle = ["+", "-", "x", "/", "="];
  const form = document.getElementById("form");
  const ops = document.getElementById("ops");
  const editor = document.getElementById("editor");
  const results = document.getElementById("results");
  const size = document.getElementById("size");
  let inflight = null;
  let timer = null;

  // opsFromEditor reads the operator cells row by row, | between rows,
  // in the form the command line's --ops takes.
  function opsFromEditor() {
    const rows = [];
    for (const tr of editor.rows) {
      let row = "";
      for (const td of tr.cells) {
        if (td.dataset.r !== undefined) {
          row += td.textContent.trim() === "" ? "_" : td.textContent.trim();
        }
      }
      rows.push(row);
    }
    return rows.join("|");
  }

  function query() {
    const p = new URLSearchParams(new FormData(form));
    if (!p.get("lines")) p.delete("lines");
    if (p.get("eval") === "precedence") p.delete("eval");
    return p;
  }

  // readable is the query of p with | = / , unescaped, as the server
  // writes its links (+, & and % stay escaped).
  function readable(p) {
    return p.toString().replace(/%7C/g, "|").replace(/%3D/g, "=").replace(/%2F/g, "/").replace(/%2C/g, ",");
  }

  async function refresh() {
    const p = query();
    history.replaceState(null, "", "/?" + readable(p));
    if (inflight) inflight.abort();
    const ctl = new AbortController();
    inflight = ctl;
    results.classList.add("busy");
    results.dataset.state = "loading";
    try {
      const r = await fetch("/results?" + p.toString(), { signal: ctl.signal });
      const html = await r.text();
      if (inflight !== ctl) return;
      results.innerHTML = html;
      results.dataset.state = "ready";
      results.dataset.ops = p.get("ops");
    } catch (e) {
      if (e.name !== "AbortError") {
        results.textContent = "families serve: " + e;
        results.dataset.state = "ready";
      }
    } finally {
      if (inflight === ctl) {
        inflight = null;
        results.classList.remove("busy");
      }
    }
  }

  editor.addEventListener("click", function (ev) {
    const td = ev.target.closest("td");
    if (!td || td.dataset.r === undefined || td.classList.contains("e")) return;
    const i = cycle.indexOf(td.textContent.trim());
    td.textContent = cycle[(i + 1) % cycle.length];
    ops.value = opsFromEditor();
    clearTimeout(timer);
    timer = setTimeout(refresh, 250);
  });

  // freshOps is the setting of a fresh grid of size "MxN": + in every
  // operator cell (M rows of N - 1 between numbers, M - 1 rows of 2N - 1
  // between rows), as the server opens a size other than 3x3.
  function freshOps(mxn) {
    const [m, n] = mxn.split("x").map(Number);
    const rows = [];
    for (let r = 0; r < 2 * m - 1; r++) {
      rows.push("+".repeat(r % 2 === 0 ? n - 1 : 2 * n - 1));
    }
    return rows.join("|");
  }

  // go loads the page of the form's state, with a clean address (no
  // empty or default fields).
  function go() {
    location.assign("/?" + readable(query()));
  }

  form.addEventListener("submit", function (ev) {
    ev.preventDefault();
    go();
  });
  // A new size starts from its own fresh grid: the old operators do not
  // fit it.
  size.addEventListener("change", function () {
    ops.value = freshOps(size.value);
    go();
  });
  document.getElementById("eval").addEventListener("change", go);
  results.dataset.state = "ready";
  results.dataset.ops = ops.value;
})();
