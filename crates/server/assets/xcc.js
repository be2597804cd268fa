// The Exact cover tab: Knuth's format in, solutions and counts out, a trace replayed on the
// dancing-links view; and N queens on a chessboard.

import { $, el, api, toast, fmt, fmtTime, plural, busy, makePlayer, makeReplay, STOP_REASON } from "./ui.js";
import { drawMatrix } from "./links.js";

/** What the engine says of itself (`meta`): its caps (the most steps a trace records, the
 * largest queens boards), the algorithms' and the stops' titles. */
let caps = null;
let algorithms = [];
let stops = [];

/** Keeps the engine's `meta` (read at start-up, before the tab is used). */
export function useEngineWords(meta) {
  caps = meta.caps;
  algorithms = meta.algorithms;
  stops = meta.stops;
  $("#queens-n").max = String(caps.max_trace_queens);
  $("#xcc-list").max = String(caps.max_listed);
}

// ───────────────────────────── exact cover tab ─────────────────────────────

function queensText(n) {
  const rows = [], cols = [], a = [], b = [];
  for (let i = 0; i < n; i++) { rows.push(`r${i}`); cols.push(`c${i}`); }
  for (let d = 0; d < 2 * n - 1; d++) { a.push(`a${d}`); b.push(`b${d}`); }
  const lines = [`| ${n} queens: rows and columns primary, diagonals secondary`,
    `${rows.join(" ")} ${cols.join(" ")} | ${a.join(" ")} ${b.join(" ")}`];
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) lines.push(`r${r} c${c} a${r + c} b${n - 1 - r + c}`);
  return lines.join("\n") + "\n";
}

function langfordText(n) {
  const items = [];
  for (let d = 1; d <= n; d++) items.push(`d${d}`);
  for (let i = 1; i <= 2 * n; i++) items.push(`s${i}`);
  const lines = [`| Langford pairs for n = ${n}: two copies of each d, d apart`, items.join(" ")];
  for (let d = 1; d <= n; d++) {
    for (let i = 1; i + d + 1 <= 2 * n; i++) lines.push(`d${d} s${i} s${i + d + 1}`);
  }
  return lines.join("\n") + "\n";
}

const XCC_EXAMPLES = {
  knuth: "| Knuth's example from TAOCP 7.2.2.1: one solution\na b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n",
  queens5: queensText(5),
  colors: "| Knuth's example with colors: x and y may be shared by options that agree on the color\np q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n",
  langford3: langfordText(3),
};

export const xccState = { initialised: false, queens: null };

export function xccInit() {
  xccState.initialised = true;
  $("#xcc-text").value = XCC_EXAMPLES.knuth;
  queensSolve();
}

$("#xcc-example").addEventListener("change", (e) => {
  $("#xcc-text").value = XCC_EXAMPLES[e.target.value] || "";
  $("#xcc-result").hidden = true;
});

/**
 * The whole number in field `css`, from `min` to `max`; otherwise throws an error naming the
 * field (`label`) and what it takes.
 */
function wholeNumber(css, label, min, max = Infinity) {
  const raw = $(css).value.trim();
  const v = Number(raw);
  if (!/^\d+$/.test(raw) || v < min || v > max) {
    const range = max === Infinity ? `from ${min} up` : `from ${min} to ${max}`;
    throw new Error(`${label}: a whole number ${range}, not \`${raw}\``);
  }
  return v;
}

$("#xcc-solve").addEventListener("click", () => busy($("#xcc-solve"), async () => {
  const box = $("#xcc-result");
  try {
    const body = {
      problem: $("#xcc-text").value,
      limit: wholeNumber("#xcc-limit", "Stop after", 0),
      list: wholeNumber("#xcc-list", "List", 0, caps.max_listed),
      heuristic: $("#xcc-heuristic").value,
      algorithm: $("#xcc-algorithm").value,
    };
    const r = await api("xcc_solve", body);
    box.replaceChildren();
    const kind = r.solutions === 0 ? (r.complete ? "bad" : "warn") : (r.complete ? "good" : "warn");
    const head = el("div", { class: "result-head" },
      el("span", { class: `badge ${kind}`, text: (stops.find((s) => s.name === r.status) || { title: r.status }).title }),
      el("span", { class: "result-status", text: r.complete
        ? `${fmt(r.solutions)} solution${r.solutions === 1 ? "" : "s"}.`
        : `At least ${fmt(r.solutions)} solution${r.solutions === 1 ? "" : "s"} (${STOP_REASON[r.status] || r.status}).` }));
    box.append(head);
    const stats = el("dl", { class: "stats" });
    for (const [dt, dd] of [["Items", `${fmt(r.items)} (${fmt(r.primary)} primary)`], ["Options", fmt(r.options)],
      ["Algorithm", (algorithms.find((a) => a.name === r.algorithm) || { title: r.algorithm }).title],
      ["Nodes", fmt(r.stats.nodes)], ["Updates", fmt(r.stats.updates)], ["Time", fmtTime(r.stats.seconds)]]) {
      stats.append(el("div", {}, el("dt", { text: dt }), el("dd", { text: dd })));
    }
    box.append(stats);
    for (const w of r.warnings) box.append(el("p", { class: "warnings", text: w }));
    if (r.listed.length) {
      const ol = el("ol");
      for (const sol of r.listed) ol.append(el("li", { text: sol.text.join("  ·  ") }));
      box.append(ol);
    }
    box.hidden = false;
  } catch (e) {
    box.replaceChildren(el("p", { class: "error", text: e.message }));
    box.hidden = false;
  }
}));

export const xccPlayer = makePlayer("xcc-", (step, i) => {
  const t = xccState.trace;
  if (!t) return;
  // The steps carry how the partial solution changed; the views want it whole.
  const shown = { ...step, stack: [...t.replay.go(i).stack] };
  drawMatrix($("#xcc-links"), t.matrix, shown, $("#xcc-links-note"));
  if (t.queens) drawQueensStep(t, shown);
});

async function xccTrace(body, button) {
  return busy(button, async () => {
    try {
      const r = await api("xcc_trace", body);
      xccState.trace = { ...r, replay: makeReplay([], r.steps) };
      $("#xcc-player-card").hidden = false;
      $("#trace-chess").hidden = !r.queens;
      const extra = r.solutions ? `The recorded search meets ${plural(r.solutions, "solution")}.` : "";
      xccPlayer.load(r.steps, r.truncated, caps.max_trace_steps, extra);
      $("#xcc-step-slider").focus({ preventScroll: true });
      $("#xcc-player-card").scrollIntoView({ block: "start" });
    } catch (e) {
      // An old player does not stay under the error of a new request.
      xccPlayer.pause();
      $("#xcc-player-card").hidden = true;
      xccState.trace = null;
      toast(e.message, true);
    }
  });
}

$("#xcc-trace").addEventListener("click", () => xccTrace({
  problem: $("#xcc-text").value,
  heuristic: $("#xcc-heuristic").value,
}, $("#xcc-trace")));

// ───────────────────────────── N queens ─────────────────────────────

function queensN() {
  const n = Math.round(Number($("#queens-n").value));
  const most = caps.max_trace_queens;
  if (!(n >= 1 && n <= most)) { toast(`n must be from 1 to ${most} here (the board is drawn; the API solves up to ${caps.max_queens})`, true); return null; }
  return n;
}

function drawChess(n, queens, { lane = null, newest = null, target = "#queens-board" } = {}) {
  const b = $(target);
  b.style.setProperty("--n", n);
  b.replaceChildren();
  const at = new Set(queens.map(([r, c]) => r * n + c));
  const attacked = (r, c) => queens.some(([qr, qc]) => qr === r || qc === c || qr + qc === r + c || qr - qc === r - c);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const sq = el("div", { class: `sq ${(r + c) % 2 ? "dark" : "light"}` });
      if (at.has(r * n + c)) sq.textContent = "♛";
      else if (attacked(r, c)) sq.classList.add("attacked");
      if (lane && ((lane[0] === "r" && lane[1] === r) || (lane[0] === "c" && lane[1] === c))) sq.classList.add("lane");
      if (newest && newest[0] === r && newest[1] === c) sq.classList.add("newest");
      b.append(sq);
    }
  }
}

function drawQueensStep(trace, step) {
  const { n, squares } = trace.queens;
  const queens = step.stack.map((o) => squares[o]);
  let lane = null;
  // Items r0, c5, ra (rank 10): Knuth's names, numbers in base 36.
  if (step.item && /^[rc][0-9a-z]+$/.test(step.item)) lane = [step.item[0], parseInt(step.item.slice(1), 36)];
  const newest = step.kind === "try" ? squares[step.option] : null;
  drawChess(n, queens, { lane, newest, target: "#trace-chess" });
}

async function queensSolve() {
  const n = queensN();
  if (!n) return;
  await busy($("#queens-solve"), async () => {
    try {
      const r = await api("queens", { n, list: 100 });
      xccState.queens = { n, listed: r.listed, k: 0, total: r.solutions, complete: r.complete };
      showQueens();
    } catch (e) { toast(e.message, true); }
  });
}

function showQueens() {
  const q = xccState.queens;
  if (!q) return;
  if (!q.listed.length) {
    drawChess(q.n, []);
    $("#queens-info").textContent = `No solution for n = ${q.n}`;
    return;
  }
  drawChess(q.n, q.listed[q.k].map((c, r) => [r, c]));
  const total = q.complete ? fmt(q.total) : `≥ ${fmt(q.total)}`;
  $("#queens-info").textContent = `Solution ${q.k + 1} of ${total}${q.listed.length < q.total ? ` (first ${q.listed.length} listed)` : ""}`;
}

$("#queens-solve").addEventListener("click", queensSolve);
$("#queens-prev").addEventListener("click", () => { const q = xccState.queens; if (q && q.listed.length) { q.k = (q.k + q.listed.length - 1) % q.listed.length; showQueens(); } });
$("#queens-next").addEventListener("click", () => { const q = xccState.queens; if (q && q.listed.length) { q.k = (q.k + 1) % q.listed.length; showQueens(); } });
$("#queens-trace").addEventListener("click", () => {
  const n = queensN();
  if (n) xccTrace({ queens: n }, $("#queens-trace"));
});

