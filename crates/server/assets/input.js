// Playing by hand: the keyboard and the mouse on the board, the digit pad, pencil marks (by
// hand, Auto marks from the engine's candidates, Clear marks), the givens locked, and the undo
// and redo buttons and keys.

import { $, SYM, api, toast, busy, isTyping } from "./ui.js";
import { S, board, render, changed, cellName, peersOf, lineOf, shapeOf, variantPuzzle, closePlayer, hideResult, hideHint } from "./board.js";
import { remember, undo, redo } from "./storage.js";

/**
 * Types digit v (0 clears) in cell i. A given is locked; anywhere else the digit is the
 * user's progress, and it leaves the pencil marks of its peers. In pencil mode a digit
 * toggles a mark instead.
 */
export function setCell(i, v, { mark = S.pencil } = {}) {
  closePlayer();
  if (S.given[i] && S.cells[i]) {
    toast(`${cellName(i)} is a given of the puzzle: it is locked (Clear, or paste a new puzzle, to change the puzzle)`);
    return;
  }
  if (mark && v > 0) { toggleMark(i, v); return; }
  if (v < 0 || v > S.n || S.cells[i] === v) { render(); return; }
  remember();
  S.cells[i] = v;
  if (v === 0) S.given[i] = 0;
  else if (!S.given[i]) {
    S.marks[i] = null;
    for (const j of peersOf(i)) if (S.marks[j]) S.marks[j].delete(v);
  }
  S.solution = null;
  hideResult();
  hideHint();
  render();
  changed();
}

function toggleMark(i, v) {
  if (v < 1 || v > S.n) return;
  if (S.cells[i]) { toast(`${cellName(i)} holds a digit: clear it to mark it`); return; }
  remember();
  const m = S.marks[i] || new Set();
  if (m.has(v)) m.delete(v); else m.add(v);
  S.marks[i] = m.size ? m : null;
  hideHint();
  render();
}

function setPencil(on) {
  S.pencil = on;
  const b = $("#pencil-btn");
  b.setAttribute("aria-pressed", String(on));
  b.title = `Pencil-mark mode is ${on ? "on" : "off"} (P): digits ${on ? "toggle marks" : "type"}; Shift+digit toggles a mark in any mode`;
  b.classList.toggle("on", on);
  board.classList.toggle("pencil", on);
  for (const k of $("#keypad").querySelectorAll("button:not(.erase)")) {
    k.title = `${on ? "Toggle the mark" : "Type"} ${k.textContent}`;
  }
}

function move(dr, dc) {
  const n = S.n;
  const r = (Math.floor(S.sel / n) + dr + n) % n;
  const c = (S.sel % n + dc + n) % n;
  S.sel = r * n + c;
  render();
}

board.addEventListener("keydown", (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (S.player) return; // the player's own keys (see player.js) apply
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[e.key]) { e.preventDefault(); move(...moves[e.key]); return; }
  if (["Backspace", "Delete", "0", ".", " "].includes(e.key)) { e.preventDefault(); setCell(S.sel, 0); return; }
  // P switches pencil mode on boards where P is not a digit.
  const p = SYM.indexOf("P");
  if (e.key.toUpperCase() === "P" && (p < 0 || p >= S.n)) { e.preventDefault(); setPencil(!S.pencil); return; }
  // Shift+digit (or Shift+letter) toggles a mark in any mode: the key is then `!`, `@`...
  if (e.shiftKey) {
    const m = /^(?:Digit|Numpad)([1-9])$/.exec(e.code);
    const k = m ? Number(m[1]) - 1 : SYM.indexOf(e.key.toUpperCase());
    if (k >= 0 && k < S.n && (m || k >= 9)) { e.preventDefault(); setCell(S.sel, k + 1, { mark: true }); return; }
  }
  if (e.key.length === 1) {
    const k = SYM.indexOf(e.key.toUpperCase());
    if (k >= 0 && k < S.n) { e.preventDefault(); setCell(S.sel, k + 1); }
    else if (k >= 0) toast(`${e.key.toUpperCase()} is not a digit of a ${S.n}×${S.n} board`);
  }
});

board.addEventListener("mousedown", (e) => {
  const d = e.target.closest(".cell");
  if (!d) return;
  closePlayer();
  S.sel = Number(d.dataset.r) * S.n + Number(d.dataset.c);
  render();
  board.focus();
  e.preventDefault();
});

// The digit pad (board.js draws a button a digit, `data-v`; Erase is 0).
$("#keypad").addEventListener("click", (e) => {
  const b = e.target.closest("button[data-v]");
  if (!b) return;
  setCell(S.sel, Number(b.dataset.v));
  board.focus();
});

$("#pencil-btn").addEventListener("click", () => { setPencil(!S.pencil); board.focus(); });

$("#automarks-btn").addEventListener("click", () => busy($("#automarks-btn"), async () => {
  try {
    // A variant's candidates come with a hint (the digits no cell seen under its rules holds).
    const r = S.variant
      ? await api("variant_hint", { ...variantPuzzle(S.cells.map((v, i) => (S.given[i] ? v : 0))), progress: lineOf(S.cells), level: 1 })
      : await api("check", { puzzle: lineOf(S.cells), shape: shapeOf() });
    remember();
    S.marks = r.candidates.map((c, i) => (S.cells[i] || !c.length ? null : new Set(c)));
    hideHint();
    render();
    board.focus();
  } catch (e) {
    toast(e.message, true);
  }
}));

$("#clearmarks-btn").addEventListener("click", () => {
  if (S.marks.some((m) => m)) remember();
  S.marks = new Array(S.n * S.n).fill(null);
  hideHint();
  render();
  board.focus();
});

$("#givens-btn").addEventListener("click", () => {
  remember();
  S.given = S.cells.map((v) => (v ? 1 : 0));
  hideHint();
  render();
  toast("Every digit on the board is now a given");
  board.focus();
});

$("#undo-btn").addEventListener("click", () => { undo(); board.focus(); });
$("#redo-btn").addEventListener("click", () => { redo(); board.focus(); });
document.addEventListener("keydown", (e) => {
  if (!(e.ctrlKey || e.metaKey) || e.altKey || isTyping(e.target) || $("#panel-sudoku").hidden) return;
  const k = e.key.toLowerCase();
  if (k === "z" && !e.shiftKey) { e.preventDefault(); undo(); }
  else if (k === "y" || (k === "z" && e.shiftKey)) { e.preventDefault(); redo(); }
});
