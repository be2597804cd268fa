// What the page keeps of the player's work: the undo and redo history of the board (and so the
// one door for a new grid, which a wipe makes undoable), the progress on each puzzle in
// localStorage (entries, marks and time, restored when the same puzzle loads), and the
// puzzle's address, which carries the givens only.

import { $ } from "./ui.js";
import { S, lineOf, valuesOf, render, changed, onChange, resetBoard, closePlayer, hideResult, hideHint, announce } from "./board.js";
import { clockMs, clockReset } from "./timer.js";

// ───────────────────────────── undo and redo ─────────────────────────────

/**
 * Undo and redo of everything that changes the board by hand or wipes it: digits, pencil
 * marks, Auto marks, Clear marks, an applied hint, and a new grid (Clear, a size change, a
 * paste, a generated puzzle). Each entry is a whole snapshot (cheap: a cell is a byte and a
 * few marks).
 */
const HISTORY_MAX = 500;
const edits = { undo: [], redo: [] };

function snapshot() {
  return {
    n: S.n, br: S.br, bc: S.bc,
    variant: S.variant,
    cells: Uint8Array.from(S.cells),
    given: Uint8Array.from(S.given),
    marks: S.marks.map((m) => (m ? [...m] : null)),
  };
}

/** Call before a change: it becomes undoable (and the redo list is dropped). */
export function remember() {
  edits.undo.push(snapshot());
  if (edits.undo.length > HISTORY_MAX) edits.undo.shift();
  edits.redo.length = 0;
  updateUndoButtons();
}

function restore(snap) {
  if (snap.n !== S.n || snap.br !== S.br || snap.bc !== S.bc || snap.variant !== S.variant) {
    resetBoard(snap.n, { rows: snap.br, cols: snap.bc }, Uint8Array.from(snap.cells), snap.variant);
  } else {
    closePlayer();
    S.cells = Uint8Array.from(snap.cells);
    S.solution = null;
    hideResult();
  }
  S.given = Uint8Array.from(snap.given);
  S.marks = snap.marks.map((m) => (m ? new Set(m) : null));
  hideHint();
  render();
  changed();
}

export function undo() {
  if (!edits.undo.length) { announce("Nothing to undo"); return; }
  edits.redo.push(snapshot());
  restore(edits.undo.pop());
  updateUndoButtons();
  announce("Undone");
}

export function redo() {
  if (!edits.redo.length) { announce("Nothing to redo"); return; }
  edits.undo.push(snapshot());
  restore(edits.redo.pop());
  updateUndoButtons();
  announce("Redone");
}

function updateUndoButtons() {
  $("#undo-btn").disabled = !edits.undo.length;
  $("#redo-btn").disabled = !edits.redo.length;
}

/**
 * Puts a new grid on the board (see board.js's `resetBoard`); the board it replaces can be
 * brought back by Undo, and the clock starts afresh, unless `undoable` is false.
 */
export function setGrid(n, shape, values, { undoable = true, variant = null } = {}) {
  if (undoable && (S.cells.some((v) => v) || S.marks.some((m) => m) || S.variant)) remember();
  if (undoable) clockReset();
  resetBoard(n, shape, values, variant);
}

// ───────────────────────────── the puzzle's address ─────────────────────────────

/**
 * The puzzle as a link carries it: the givens only (the player's entries stay in this
 * browser), or every digit while the board has no givens (a puzzle being typed in).
 */
function puzzleLine() {
  const hasGivens = S.given.some((g, i) => g && S.cells[i]);
  return lineOf(hasGivens ? S.cells.map((v, i) => (S.given[i] ? v : 0)) : S.cells);
}

/**
 * The page's address carrying the puzzle: `?p=` the givens of a classic grid, `?v=` a variant
 * puzzle in the engine's JSON (its rules and givens); `?load=` (an f-puzzles link's) is read
 * too, and replaced by `?v=`.
 */
export function shareUrl() {
  const url = new URL(window.location.href);
  url.hash = "";
  url.searchParams.delete("load");
  if (S.variant) {
    url.searchParams.delete("p");
    url.searchParams.set("v", JSON.stringify({ ...S.variant.view.puzzle, givens: puzzleLine() }));
  } else {
    url.searchParams.delete("v");
    if (S.cells.some((v) => v)) url.searchParams.set("p", puzzleLine());
    else url.searchParams.delete("p");
  }
  return url;
}

// ───────────────────────────── saved progress ─────────────────────────────

/** A short hash of text (FNV-1a, 32 bits, in base 36): a variant's rules in a storage key. */
function hashText(t) {
  let h = 0x811c9dc5;
  for (let i = 0; i < t.length; i++) { h ^= t.charCodeAt(i); h = Math.imul(h, 0x01000193) >>> 0; }
  return h.toString(36);
}

/** The localStorage key of a puzzle's progress (null for a board with no givens). */
function progressKey() {
  if (!S.given.some((g, i) => g && S.cells[i])) return null;
  const rulesOf = S.variant ? `.${hashText(JSON.stringify(S.variant.view.puzzle.constraints || []) + JSON.stringify(S.variant.view.regions))}` : "";
  return `dlx.progress.${S.br}x${S.bc}${rulesOf}.${puzzleLine()}`;
}

/** Keeps the player's entries and marks for this puzzle (or forgets them when there are none). */
function saveProgress() {
  const key = progressKey();
  if (!key) return;
  const entries = S.cells.map((v, i) => (S.given[i] ? 0 : v));
  const marks = [];
  S.marks.forEach((m, i) => { if (m && m.size) marks.push([i, [...m]]); });
  try {
    if (!entries.some((v) => v) && !marks.length) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify({ entries: lineOf(entries), marks, ms: Math.round(clockMs()), saved: Date.now() }));
  } catch (e) { /* storage full or refused: progress is not kept */ }
}

/** Puts back the entries and marks kept for the puzzle now on the board; true if there were any. */
export function restoreProgress() {
  const key = progressKey();
  let kept = null;
  try { kept = key && JSON.parse(localStorage.getItem(key)); } catch (e) { kept = null; }
  if (!kept || typeof kept.entries !== "string" || kept.entries.length !== S.n * S.n) return false;
  const entries = valuesOf(kept.entries, S.n);
  remember();
  entries.forEach((v, i) => { if (v && !S.given[i]) S.cells[i] = v; });
  S.marks = new Array(S.n * S.n).fill(null);
  for (const [i, ds] of kept.marks || []) if (i >= 0 && i < S.n * S.n && !S.cells[i]) S.marks[i] = new Set(ds);
  if (Number.isFinite(kept.ms) && kept.ms > 0) clockReset(kept.ms);
  render();
  changed();
  return true;
}

// Leaving or hiding the page keeps the last change at once (not after the usual pause).
window.addEventListener("pagehide", saveProgress);
document.addEventListener("visibilitychange", () => { if (document.hidden) saveProgress(); });

// After a change, once the board has been still for a moment: the address and the progress.
let urlTimer = null;
onChange(() => {
  clearTimeout(urlTimer);
  urlTimer = setTimeout(() => {
    history.replaceState(null, "", shareUrl());
    saveProgress();
  }, 250);
});
