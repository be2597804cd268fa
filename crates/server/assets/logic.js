// Logic: hints in levels (the technique and where to look, then the cells, then the whole
// step with Apply; an error hint names the wrong entry without its answer) and the logic
// player (the engine's logical path replayed step by step, with its rating).

import { $, SYM, el, toast, fmt, busy, makePlayer } from "./ui.js";
import {
  S, board, render, lineOf, valuesOf, shapeOf, cellName, allDigits, variantPuzzle,
  boardApi, closePlayer, hideHint, announce, techniqueName, bandName, hintLevels, META,
} from "./board.js";
import { remember } from "./storage.js";
import { setCell } from "./input.js";
import { openPlayer } from "./player.js";

// ───────────────────────────── hints ─────────────────────────────

/**
 * The body of a hint request: the puzzle (the givens; every digit when none is marked as a
 * given), the grid as the user has it, and the user's pencil marks (an empty list for a cell
 * without marks).
 */
function hintBody() {
  const hasGivens = S.cells.some((v, i) => v && S.given[i]);
  const puzzle = hasGivens ? lineOf(S.cells.map((v, i) => (S.given[i] ? v : 0))) : lineOf(S.cells);
  const body = S.variant
    ? { ...variantPuzzle(valuesOf(puzzle, S.n)), progress: lineOf(S.cells) }
    : { puzzle, progress: lineOf(S.cells), shape: shapeOf() };
  if (S.marks.some((m, i) => m && !S.cells[i])) {
    body.marks = S.marks.map((m, i) => (m && !S.cells[i] ? [...m].sort((a, b) => a - b) : []));
  }
  return body;
}

/**
 * Shows a hint: `{step, levels, level}`, `{error, cell}` or `{done}`. A step is told at its
 * level (`levels[level - 1]`, the engine's words); Apply comes with the whole step.
 */
function showHint(h) {
  S.hint = h;
  const text = $("#hint-text"), err = $("#hint-error"), meta = $("#hint-meta"), apply = $("#hint-apply");
  const more = $("#hint-more");
  text.hidden = !!h.error;
  err.hidden = !h.error;
  const levels = hintLevels(h);
  apply.hidden = !h.step || h.level < levels;
  more.hidden = !h.step || h.level >= levels;
  if (h.error) {
    meta.textContent = h.cell === undefined ? "No hint" : `No hint: ${cellName(h.cell)} needs a fix first`;
    err.textContent = h.error;
  } else if (h.step) {
    meta.textContent = `Hint ${h.level} of ${levels} · ${techniqueName(h.step.technique)} · rating ${Number(h.step.rating).toFixed(1)}`;
    text.textContent = (h.levels && h.levels[h.level - 1]) || h.step.text;
    more.textContent = h.level === 1 ? "Show the cells" : "Show the step";
    announce(text.textContent);
  } else {
    meta.textContent = "";
    text.textContent = h.done;
  }
  $("#hint-card").hidden = false;
  render();
}

/** The next level of the hint shown, if it has one; true if it moved on. */
function moreHint() {
  const h = S.hint;
  if (!h || !h.step || h.version !== S.version || h.level >= hintLevels(h)) return false;
  showHint({ ...h, level: h.level + 1 });
  return true;
}

/**
 * A hint that cannot be given because of the player's grid, in words that name the entry or
 * the marks at fault without telling the answer (the engine's sentence names the solution's
 * digit, so it is not shown for these).
 */
function hintError(e) {
  const at = e.body && e.body.cells && e.body.cells[0];
  const cell = at ? at[0] * S.n + at[1] : undefined;
  if (cell === undefined) return { error: e.message };
  if (S.cells[cell] && !S.given[cell]) {
    return { cell, error: `Your entry ${SYM[S.cells[cell] - 1]} at ${cellName(cell)} is wrong: clear it (Undo, or Erase) and ask again. The hint does not tell what goes there.` };
  }
  if (!S.cells[cell] && S.marks[cell]) {
    return { cell, error: `The pencil marks of ${cellName(cell)} leave out the digit that goes there: fix them (or Clear marks) and ask again.` };
  }
  return { cell, error: e.message };
}

$("#hint-btn").addEventListener("click", () => busy($("#hint-btn"), async () => {
  closePlayer();
  // Pressed again on the same board: the same step, told further.
  if (moreHint()) { board.focus(); return; }
  try {
    const r = await boardApi("hint", S.variant ? "variant_hint" : "hint", hintBody());
    if (!r) return;
    // A variant's hint brings the candidates of its board (the rules' "sees", not only the
    // boxes), shown where the step needs them.
    if (r.candidates) S.candidates = r.candidates;
    if (r.step) showHint({ step: r.step, levels: r.levels, level: 1, version: S.version });
    else showHint({ done: r.solved ? "The grid is solved." : "No further step found." });
  } catch (e) {
    // The engine names the cells at fault (`cells: [[row, col], ...]`) when a digit or a
    // mark is wrong.
    showHint(hintError(e));
  }
  board.focus();
}));

$("#hint-more").addEventListener("click", () => { moreHint(); board.focus(); });

$("#hint-apply").addEventListener("click", () => {
  const step = S.hint && S.hint.step;
  if (!step) return;
  remember();
  // Eliminations go into the marks; a cell without marks starts from its candidates.
  for (const x of step.eliminations) {
    const i = x.row * S.n + x.col;
    if (S.cells[i]) continue;
    if (!S.marks[i]) S.marks[i] = S.candidates && S.candidates[i] ? new Set(S.candidates[i]) : allDigits();
    S.marks[i].delete(x.digit);
    if (!S.marks[i].size) S.marks[i] = null;
  }
  hideHint();
  for (const x of step.placements) setCell(x.row * S.n + x.col, x.digit, { mark: false });
  render();
  board.focus();
});

$("#hint-close").addEventListener("click", () => { hideHint(); render(); board.focus(); });

// ───────────────────────────── the logic player ─────────────────────────────

/**
 * The frames of the logic player: one a step, showing the grid and candidates before the step
 * with its pattern, then a last frame with the grid at the end of the path.
 */
function logicFrames(r) {
  const n = S.n;
  // The engine's answer brings the first candidates and each cell's peers (under a variant's
  // rules, its own): a placement strikes its digit from its peers.
  const peers = r.peers;
  let grid = Uint8Array.from(S.cells);
  let cands = r.candidates.map((c) => new Set(c));
  const frames = [];
  for (const step of r.steps) {
    frames.push({ text: step.text, kind: step.technique === "trial" ? "choose" : "logic", step, grid, cands });
    grid = Uint8Array.from(grid);
    cands = cands.map((c) => new Set(c));
    for (const x of step.eliminations) cands[x.row * n + x.col].delete(x.digit);
    for (const x of step.placements) {
      const i = x.row * n + x.col;
      grid[i] = x.digit;
      cands[i] = new Set();
      for (const j of peers[i]) cands[j].delete(x.digit);
    }
  }
  // The grid at the end of the path: `{shape, cells}`, 0 for a blank.
  const end = typeof r.grid === "string" ? valuesOf(r.grid, n) : Uint8Array.from(r.grid.cells);
  const solved = end.every((v) => v);
  const rt = r.rating;
  frames.push({
    text: solved
      ? `Solved in ${fmt(r.steps.length)} steps; the hardest is ${techniqueName(rt.hardest)} (${Number(rt.er).toFixed(1)}).`
      : `The path stops here (${String(r.stop).replace(/_/g, " ")}) after ${fmt(r.steps.length)} steps.`,
    kind: solved ? "solution" : "dead_end",
    step: null,
    grid: end,
    cands: solved ? null : cands,
  });
  return frames;
}

/**
 * The rating beside the logic player: the three figures (each titled with what it measures,
 * the engine's `meta.ratings`), the band and the hardest technique.
 */
function showRating(rt) {
  const dl = $("#logic-rating");
  dl.replaceChildren();
  const figure = (name) => {
    const m = META.ratings.find((x) => x.name === name) || { title: name, text: "" };
    return [m.title, Number(rt[name]).toFixed(1), m.text];
  };
  const rows = [
    figure("er"), figure("ep"), figure("ed"),
    ["Band", bandName(rt.band)], ["Hardest", rt.hardest ? techniqueName(rt.hardest) : "—"],
  ];
  for (const [dt, dd, what] of rows) {
    const term = what ? el("dt", {}, el("abbr", { text: dt, title: what })) : el("dt", { text: dt });
    dl.append(el("div", {}, term, el("dd", { text: dd })));
  }
}

const logicPlayer = makePlayer("logic-", (frame) => {
  const p = S.player;
  if (!p || p.kind !== "logic") return;
  p.grid = frame.grid;
  p.cands = frame.cands;
  p.step = frame.step;
  render();
});

$("#explain-btn").addEventListener("click", () => busy($("#explain-btn"), async () => {
  try {
    const r = S.variant
      ? await boardApi("logic solver", "variant_explain", variantPuzzle(S.cells))
      : await boardApi("logic solver", "explain", { puzzle: lineOf(S.cells), shape: shapeOf() });
    if (!r) return;
    showRating(r.rating);
    const extra = r.rating.complete ? "" : "The path is not complete: the rating is a lower bound.";
    openPlayer("#logic-player", logicPlayer, { kind: "logic", grid: S.cells, cands: null, step: null },
      logicFrames(r), 0, extra);
  } catch (e) {
    closePlayer();
    toast(e.message, true);
  }
}, "Solving by logic…"));

$("#logic-close").addEventListener("click", () => { closePlayer(); board.focus(); });
