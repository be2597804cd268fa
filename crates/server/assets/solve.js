// Checking and solving: the live check of the board after every change (repeated digits, or
// a variant's broken rules; the candidates; the solved moment), Check (the player's entries
// against the puzzle's solution, no answer shown), Solve (one, unique, count; which entry
// contradicts the solution; two solutions side by side; the rating).

import * as engine from "./engine.js";
import { $, SYM, el, api, toast, fmt, fmtTime, busy, plural, STOP_REASON } from "./ui.js";
import {
  S, board, render, onChange, lineOf, valuesOf, shapeOf, cellName, variantPuzzle,
  boardApi, closePlayer, solverChanged, logicMax, bandName, announce,
} from "./board.js";
import { maybeSolved } from "./timer.js";

// ───────────────────────────── the live check ─────────────────────────────

let checkSeq = 0;
let checkTimer = null;

// After a change, once the board is still for a moment: check it again.
onChange(() => {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(runCheck, 90);
});

/** Checks the board now (repeated digits, the candidates, a solve). */
export async function runCheck() {
  if (S.variant) return runVariantCheck();
  const seq = ++checkSeq;
  const summary = $("#check-summary");
  try {
    const r = await api("check", { puzzle: lineOf(S.cells) });
    if (seq !== checkSeq) return;
    S.conflicts = r.conflicts;
    S.conflictAt = new Map();
    for (const c of r.conflicts) {
      for (const [row, col] of [c.a, c.b]) {
        const i = row * S.n + col;
        S.conflictAt.set(i, S.conflictAt.has(i) ? `${S.conflictAt.get(i)}; ${c.text}` : c.text);
      }
    }
    S.candidates = r.candidates;
    maybeSolved(r);
    const list = $("#conflict-list");
    list.replaceChildren();
    for (const c of r.conflicts) {
      const li = el("li", { text: c.text });
      li.addEventListener("click", () => { S.sel = c.b[0] * S.n + c.b[1]; render(); board.focus(); });
      list.append(li);
    }
    const givens = S.cells.reduce((a, v, i) => a + (v && S.given[i] ? 1 : 0), 0);
    const entries = S.cells.reduce((a, v, i) => a + (v && !S.given[i] ? 1 : 0), 0);
    summary.className = r.conflicts.length ? "muted" : "check-ok";
    if (r.conflicts.length) {
      summary.textContent = `${r.conflicts.length} repeated digit${r.conflicts.length > 1 ? "s" : ""} among the givens:`;
    } else if (r.dead_cells && r.dead_cells.length) {
      summary.className = "muted";
      summary.textContent = `No repeats, but ${r.dead_cells.length} empty cell${r.dead_cells.length > 1 ? "s have" : " has"} no candidate left.`;
    } else {
      const parts = [];
      if (givens || !entries) parts.push(plural(givens, "given"));
      if (entries) parts.push(plural(entries, "entry", "entries"));
      summary.textContent = `${parts.join(" and ")}, no repeated digit.`;
    }
    render();
  } catch (e) {
    if (seq !== checkSeq) return;
    summary.className = "muted";
    summary.textContent = `Cannot check: ${e.message}`;
  }
}

/** The check of a variant board: every rule the digits break, from the engine. */
async function runVariantCheck() {
  const seq = ++checkSeq;
  const summary = $("#check-summary");
  try {
    const givens = S.cells.map((v, i) => (S.given[i] ? v : 0));
    const r = await api("variant_check", { ...variantPuzzle(givens), grid: lineOf(S.cells) });
    if (seq !== checkSeq) return;
    S.conflicts = r.violations;
    S.conflictAt = new Map();
    for (const v of r.violations) {
      for (const [row, col] of v.cells) {
        const i = row * S.n + col;
        S.conflictAt.set(i, S.conflictAt.has(i) ? `${S.conflictAt.get(i)}; ${v.text}` : v.text);
      }
    }
    S.candidates = null;
    if (S.showMarks && !r.violations.length) variantCandidates(seq, givens);
    maybeSolved({ conflicts: r.violations });
    const list = $("#conflict-list");
    list.replaceChildren();
    for (const v of r.violations) {
      const li = el("li", { text: v.text });
      const [row, col] = v.cells[0] || [0, 0];
      li.addEventListener("click", () => { S.sel = row * S.n + col; render(); board.focus(); });
      list.append(li);
    }
    const givenCount = givens.filter((v) => v).length;
    const entries = S.cells.reduce((a, v, i) => a + (v && !S.given[i] ? 1 : 0), 0);
    summary.className = r.violations.length ? "muted" : "check-ok";
    if (r.violations.length) {
      summary.textContent = `${plural(r.violations.length, "rule")} broken:`;
    } else {
      const parts = [plural(givenCount, "given")];
      if (entries) parts.push(plural(entries, "entry", "entries"));
      summary.textContent = `${parts.join(" and ")}, no rule broken.`;
    }
    render();
  } catch (e) {
    if (seq !== checkSeq) return;
    summary.className = "muted";
    summary.textContent = `Cannot check: ${e.message}`;
  }
}

/**
 * A variant's candidates for "Show candidates": the engine's (the digits no cell seen under the
 * rules holds), from a hint on the background lane; dropped if the board changed meanwhile.
 */
async function variantCandidates(seq, givens) {
  try {
    const r = await api("variant_hint", { ...variantPuzzle(givens), progress: lineOf(S.cells), level: 1 }, undefined, true);
    if (seq !== checkSeq || !S.variant) return;
    S.candidates = r.candidates;
    render();
  } catch (e) { /* no candidates shown: the check says what is wrong */ }
}

$("#candidates-toggle").addEventListener("change", (e) => {
  S.showMarks = e.target.checked;
  if (S.variant && S.showMarks && !S.candidates) runCheck();
  render();
});

// ───────────────────────────── Check ─────────────────────────────

/**
 * The player's entries set against the puzzle's solution (from the givens alone): `{wrong:
 * [cell...], entries, unique}`, or `{error}` when the givens have no solution or the search
 * could not tell.
 */
async function judgeEntries() {
  const givens = S.cells.map((v, i) => (S.given[i] ? v : 0));
  const entries = [];
  S.cells.forEach((v, i) => { if (v && !S.given[i]) entries.push(i); });
  const r = S.variant
    ? await api("variant_solve", { ...variantPuzzle(givens), mode: "unique" })
    : await api("solve", { puzzle: lineOf(givens), shape: shapeOf(), mode: "unique" });
  if (!r.solution) return { error: r.complete ? "the givens alone have no solution" : "the search could not finish", entries };
  const sol = valuesOf(r.solution, S.n);
  return { wrong: entries.filter((i) => S.cells[i] !== sol[i]), entries, unique: r.unique === true };
}

$("#check-btn").addEventListener("click", () => busy($("#check-btn"), async () => {
  const version = S.version;
  try {
    const j = await judgeEntries();
    if (version !== S.version) return;
    let text;
    if (j.error) text = `Cannot check: ${j.error}.`;
    else if (!j.entries.length) text = "No entries to check yet.";
    else if (!j.wrong.length) text = `All ${plural(j.entries.length, "entry", "entries")} right so far.`;
    else text = `${plural(j.wrong.length, "entry", "entries")} ${j.wrong.length === 1 ? "is" : "are"} wrong (marked); the answers are not shown.`;
    if (!j.error && j.entries.length && !j.unique) text += " (The puzzle has more than one solution: checked against one of them.)";
    S.wrong = j.wrong && j.wrong.length ? new Set(j.wrong) : null;
    render();
    toast(text, !!(j.wrong && j.wrong.length));
    announce(text);
  } catch (e) {
    toast(e.message, true);
  }
  board.focus();
}));

/** For a board with no solution: which of the player's entries contradict the puzzle's solution. */
async function explainNoSolution() {
  const j = await judgeEntries();
  if (j.error || !j.wrong || !j.wrong.length) return null;
  const first = j.wrong[0];
  return `Your entry ${SYM[S.cells[first] - 1]} at ${cellName(first)} contradicts the puzzle's solution${j.wrong.length > 1 ? ` (and ${plural(j.wrong.length - 1, "more entry", "more entries")})` : ""}; Check marks them.`;
}

// ───────────────────────────── Solve ─────────────────────────────

/** Shows solution k of the two, and offers the other. */
function showSolution(k) {
  S.solutions.shown = k;
  S.solution = S.solutions.list[k];
  const diff = S.solution.reduce((a, v, i) => a + (v !== S.solutions.list[1 - k][i] ? 1 : 0), 0);
  $("#other-solution-btn").textContent = `Show solution ${2 - k}`;
  $("#other-solution-info").textContent = `Solution ${k + 1} of 2 shown; they differ in the ${plural(diff, "marked cell")}.`;
  $("#other-solution").hidden = false;
  render();
}

$("#other-solution-btn").addEventListener("click", () => {
  if (S.solutions) showSolution(1 - S.solutions.shown);
});


function showResult(r, mode) {
  const badge = $("#result-badge");
  const status = $("#result-status");
  let kind, label, text;
  const n = r.solutions;
  const why = STOP_REASON[r.stopped] || String(r.stopped);
  if (r.conflicts && r.conflicts.length) {
    kind = "bad"; label = "No solution"; text = `The givens repeat a digit: ${r.conflicts[0].text}.`;
  } else if (n === 0) {
    if (r.complete) { kind = "bad"; label = "No solution"; text = "The search covered every possibility."; }
    else { kind = "warn"; label = "Gave up"; text = `No solution found before ${why}.`; }
  } else if (mode === "unique") {
    if (r.unique === true) { kind = "good"; label = "Unique"; text = "Solved: the solution is unique."; }
    else if (n >= 2) { kind = "warn"; label = "Not unique"; text = "Solved, but there are at least 2 solutions; one is shown."; }
    else { kind = "warn"; label = "Solved"; text = `Solved; uniqueness unknown: ${why}.`; }
  } else if (mode === "count") {
    kind = r.complete ? "good" : "warn";
    label = r.complete ? "Counted" : "Partial count";
    text = r.complete
      ? `${fmt(n)} solution${n === 1 ? "" : "s"} in all.`
      : `At least ${fmt(n)} solution${n === 1 ? "" : "s"}: ${why}.`;
  } else {
    kind = "info"; label = "Solved"; text = "Solved (uniqueness not checked).";
  }
  badge.className = `badge ${kind}`;
  badge.textContent = label;
  status.textContent = text;
  const stats = $("#result-stats");
  stats.replaceChildren();
  const rows = [
    ["Solutions", r.complete ? fmt(n) : n ? `≥ ${fmt(n)}` : "none found"],
    ["Nodes", r.stats.nodes ? fmt(r.stats.nodes) : "—"],
    ["Updates", r.stats.updates ? fmt(r.stats.updates) : "—"],
    ...(r.stats.forced === undefined
      ? [["Guesses", fmt(r.stats.guesses)], ["Backtracks", fmt(r.stats.backtracks)]]
      // A variant: the exact-cover problem its rules became, and the moves forced in it.
      : [["Forced moves", fmt(r.stats.forced)], ["Exact cover", `${fmt(r.stats.items)} items, ${fmt(r.stats.options)} options`]]),
    ["Time", fmtTime(r.stats.seconds)],
  ];
  for (const [dt, dd] of rows) stats.append(el("div", {}, el("dt", { text: dt }), el("dd", { text: dd })));
  $("#result").hidden = false;
}

$("#mode-select").addEventListener("change", () => {
  $("#limit-field").hidden = $("#mode-select").value !== "count";
});
$("#limit-field").hidden = true;

$("#solver-select").addEventListener("change", solverChanged);

$("#solve-btn").addEventListener("click", () => busy($("#solve-btn"), async () => {
  closePlayer();
  const mode = $("#mode-select").value;
  const body = S.variant
    ? { ...variantPuzzle(S.cells), heuristic: $("#heuristic-select").value, mode }
    : {
      puzzle: lineOf(S.cells),
      solver: $("#solver-select").value,
      heuristic: $("#heuristic-select").value,
      mode,
    };
  if (mode === "count") {
    const raw = $("#limit-input").value.trim();
    const limit = Number(raw);
    if (!/^\d+$/.test(raw) || limit < 1) {
      toast(`Count up to: a whole number from 1 up, not \`${raw}\``, true);
      return;
    }
    body.limit = limit;
  }
  try {
    const r = await boardApi("search", S.variant ? "variant_solve" : "solve", body);
    if (!r) return;
    S.solution = r.solution ? valuesOf(r.solution, S.n) : null;
    render();
    showResult(r, mode);
    if (r.solutions === 0 && r.complete && !(r.conflicts && r.conflicts.length)
        && S.cells.some((v, i) => v && !S.given[i])) {
      const version = S.version;
      const why = await explainNoSolution().catch(() => null);
      if (why && version === S.version) $("#result-status").textContent = `The search covered every possibility. ${why}`;
    }
    if (r.unique === true && S.n <= logicMax()) showRatingWithResult(lineOf(S.cells));
    // A puzzle with two solutions (or more): the engine gives a second one, shown on demand.
    if (mode === "unique" && r.other_solution && S.solution && !S.variant) {
      S.solutions = { list: [S.solution, valuesOf(r.other_solution, S.n)], shown: 0 };
      showSolution(0);
    }
  } catch (e) {
    toast(e.message, true);
  }
  // The keys reach the board again (without scrolling the result out of view).
  board.focus({ preventScroll: true });
}, engine.engineKind() === "wasm" ? "Searching…" : "Searching… (the server gives up after its time limit)"));

/** Adds the puzzle's rating (Sudoku Explainer's ER, and the band) to the solve result. */
async function showRatingWithResult(puzzle) {
  try {
    // On the worker's second lane: a rating can take seconds, and the player's next request
    // must not wait behind it.
    const rt = S.variant
      ? await api("variant_rate", variantPuzzle(valuesOf(puzzle, S.n)), undefined, true)
      : await api("rate", { puzzle, shape: { rows: S.br, cols: S.bc } }, undefined, true);
    if (lineOf(S.cells) !== puzzle || $("#result").hidden) return;
    $("#result-stats").append(el("div", { class: "rating-stat" }, el("dt", { text: "Rating" }),
      // A rating stopped before the end of its path (a time limit) is a lower bound.
      el("dd", { text: `${rt.complete === false ? "at least " : ""}${Number(rt.er).toFixed(1)} · ${bandName(rt.band)}` })));
  } catch (e) { /* the result stands without its rating */ }
}

