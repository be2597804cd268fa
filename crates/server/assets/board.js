// The Sudoku board: its state (`S`), what the engine says of itself (`meta`), the geometry of
// the grid, and its drawing (cells, marks, a logical step's pattern and chain, a variant's
// rules). The other modules of the Sudoku tab change `S` and call `render` and `changed`;
// this one imports none of them: what must follow a change of the board (the live check,
// the timer, the saved progress) registers with `onChange`, and the open player's controls
// travel with it in `S.player`.

import { $, SYM, el, svg, api, setSymbols } from "./ui.js";
import * as rules from "./variants.js";

// ───────────────────────────── the engine's words ─────────────────────────────

/**
 * What the engine says of itself (`meta`: symbols, sizes and their box shapes, solvers,
 * techniques, bands, stop reasons, caps), read once at start-up, before the first puzzle.
 */
export let META = null;

/** Keeps the engine's `meta` answer, and its symbols for every module. */
export function setMeta(m) {
  META = m;
  setSymbols(m.symbols);
}

/** The largest grid the engine explains, hints or rates (its `caps.max_logic_size`). */
export const logicMax = () => (META ? META.caps.max_logic_size : 0);

/** The box shape of an n×n grid (the engine's `meta.sizes`), or null for a size it has none for. */
export function boxShape(n) {
  const known = META && META.sizes.find((s) => s.n === n);
  return known ? { rows: known.shape.rows, cols: known.shape.cols } : null;
}

/** A technique's title, from the engine's `meta.techniques`. */
export function techniqueName(t) {
  const known = META && META.techniques.find((k) => k.name === t);
  return known ? known.title : String(t);
}

/** A band's title, from the engine's `meta.bands`. */
export function bandName(b) {
  const known = META && META.bands.find((k) => k.name === b);
  return known ? known.title : String(b);
}

// ───────────────────────────── state ─────────────────────────────

export const S = {
  n: 9, br: 3, bc: 3,
  cells: new Uint8Array(81),   // the puzzle: 0 = blank
  solution: null,              // a solved grid, or null
  solutions: null,             // two solutions of a puzzle that has more, and which is shown
  conflicts: [],               // from the engine's check
  conflictAt: new Map(),       // cell index -> reason
  given: new Uint8Array(81),   // 1 where the digit is a given of the puzzle; other digits are
                               // the user's progress (entries)
  candidates: null,            // per cell, the digits still possible
  showMarks: false,
  marks: [],                   // per cell, the user's pencil marks: a Set of digits, or null
  pencil: false,               // pencil-mark mode: typing toggles marks
  hint: null,                  // {step} or {error, cell} while a hint is shown
  wrong: null,                 // after Check: the entries that differ from the solution
  sel: 0,
  player: null,                // {kind: "search" | "logic", controls, grid, ...} while a
                               // player is open
  version: 0,                  // bumped at every change of the puzzle, so that an answer that
                               // comes back for an older puzzle is not painted on this one
  variant: null,               // a variant puzzle's rules: {view} (the engine's `variant_view`
                               // answer), or null for a classic grid
};

export const board = $("#board");
let cellEls = [];

/**
 * Asks the engine about the board as it is now. An answer (or error) that comes back after
 * the puzzle changed is dropped, with a note saying so (`what` names the work): then the
 * result is null.
 */
export async function boardApi(what, op, body) {
  const version = S.version;
  const note = $("#stale-note");
  note.hidden = true;
  const stale = () => {
    if (version === S.version) return false;
    note.textContent = `The board changed while the ${what} ran: its answer was for the old puzzle and is not shown.`;
    note.hidden = false;
    return true;
  };
  try {
    const r = await api(op, body);
    return stale() ? null : r;
  } catch (e) {
    if (stale()) return null;
    throw e;
  }
}

// ───────────────────────────── grids as text, cells by name ─────────────────────────────

export function lineOf(values) {
  let s = "";
  for (const v of values) s += v ? SYM[v - 1] : ".";
  return s;
}

export function valuesOf(line, n) {
  const out = new Uint8Array(n * n);
  for (let i = 0; i < out.length && i < line.length; i++) {
    const k = SYM.indexOf(line[i].toUpperCase());
    out[i] = k >= 0 && k < n ? k + 1 : 0;
  }
  return out;
}

/** `r4c7`, 1-based, as the engine's sentences name cells. */
export const cellName = (i) => `r${Math.floor(i / S.n) + 1}c${i % S.n + 1}`;

export const shapeOf = () => ({ rows: S.br, cols: S.bc });
export const allDigits = () => new Set(Array.from({ length: S.n }, (_, k) => k + 1));

export function boxIndex(r, c) {
  if (S.variant) return S.variant.view.regions[r * S.n + c];
  return Math.floor(r / S.br) * (S.n / S.bc) + Math.floor(c / S.bc);
}

/**
 * The peers of cell i: on a variant board the cells the engine says it sees (its region,
 * the added houses, a knight's or king's move...); else the other cells of its row, column
 * and box.
 */
export function peersOf(i) {
  if (S.variant && S.variant.view.peers) return S.variant.view.peers[i];
  const n = S.n, r = Math.floor(i / n), c = i % n, b = boxIndex(r, c);
  const out = [];
  for (let j = 0; j < n * n; j++) {
    const rj = Math.floor(j / n), cj = j % n;
    if (j !== i && (rj === r || cj === c || boxIndex(rj, cj) === b)) out.push(j);
  }
  return out;
}

/** The variant puzzle with `values` as its givens, in the engine's JSON (`format: json`). */
export function variantPuzzle(values) {
  return { puzzle: { ...S.variant.view.puzzle, givens: lineOf(values) }, format: "json" };
}

/** Says `text` to a screen reader (the polite live region), without a toast. */
export function announce(text) {
  const live = $("#live");
  live.textContent = "";
  setTimeout(() => { live.textContent = text; }, 30);
}

// ───────────────────────────── the board's cells ─────────────────────────────

function buildBoard() {
  const { n } = S;
  board.parentElement.style.setProperty("--n", n);
  board.replaceChildren();
  cellEls = [];
  for (let r = 0; r < n; r++) {
    // A row for assistive technology (role="grid" holds rows of cells); no box of its own.
    const row = el("div", { class: "board-row" });
    row.setAttribute("role", "row");
    board.append(row);
    for (let c = 0; c < n; c++) {
      const d = el("div", { class: "cell", "data-r": r, "data-c": c, id: `cell-${r}-${c}` });
      d.setAttribute("role", "gridcell");
      if (c === n - 1) d.classList.add("edge-r");
      if (r === n - 1) d.classList.add("edge-b");
      cellEls.push(d);
      row.append(d);
    }
  }
  drawRegionBorders();
  buildKeypad();
}

/** The digit pad: a button a digit (`data-v`, which input.js reads) and Erase (`data-v="0"`). */
function buildKeypad() {
  const pad = $("#keypad");
  pad.replaceChildren();
  pad.classList.toggle("one-row", S.n <= 12);
  for (let v = 1; v <= S.n; v++) {
    pad.append(el("button", { type: "button", text: SYM[v - 1], title: `Type ${SYM[v - 1]}`, "data-v": String(v) }));
  }
  pad.append(el("button", { type: "button", class: "erase", text: "Erase", title: "Clear the cell", "data-v": "0" }));
}

/** The thick lines between regions (boxes, or a variant's jigsaw regions, from the engine). */
function drawRegionBorders() {
  const n = S.n;
  for (let i = 0; i < cellEls.length; i++) {
    const d = cellEls[i], r = Math.floor(i / n), c = i % n;
    d.classList.toggle("box-r", c < n - 1 && boxIndex(r, c) !== boxIndex(r, c + 1));
    d.classList.toggle("box-b", r < n - 1 && boxIndex(r, c) !== boxIndex(r + 1, c));
    d.dataset.region = String(boxIndex(r, c));
  }
}

// ───────────────────────────── a logical step on the board ─────────────────────────────

/** Whether (r, c) lies in a house of a logical step: `{row: i}`, `{column: i}` or `{box: i}`. */
function inStepHouse(h, r, c) {
  if (h.row !== undefined) return r === h.row;
  if (h.column !== undefined) return c === h.column;
  return h.box !== undefined && boxIndex(r, c) === h.box;
}

/** What a logical step marks on the board, by cell index. */
function stepHighlights(step) {
  const n = S.n;
  const h = { cells: new Set(), place: new Map(), elim: new Map(), pat: new Map(), houses: [], areas: new Set() };
  const add = (m, x) => {
    const i = x.row * n + x.col;
    if (!m.has(i)) m.set(i, new Set());
    m.get(i).add(x.digit);
  };
  const pat = step.pattern || {};
  for (const [r, c] of pat.cells || []) h.cells.add(r * n + c);
  for (const x of pat.candidates || []) add(h.pat, x);
  h.houses = pat.houses || [];
  // On a variant: the groups of cells that are not a row, column or box (a jigsaw region, a
  // diagonal, a window, a killer cage...), each with its cells from the engine.
  for (const a of pat.areas || []) for (const [r, c] of a.cells) h.areas.add(r * n + c);
  for (const x of step.placements || []) h.place.set(x.row * n + x.col, x.digit);
  for (const x of step.eliminations || []) add(h.elim, x);
  return h;
}

/**
 * How many levels a hint has: the engine's sentences (`levels`: the technique and where to
 * look, then the cells, then the whole step); the last level shows the whole step.
 */
export const hintLevels = (h) => (h && h.levels && h.levels.length) || 1;

/**
 * The part of the hint's step shown at its level: the houses only (level 1), the pattern's
 * cells too (2), the whole step with its eliminations and placements (3). Null with no hint.
 */
function hintStep() {
  const h = S.hint;
  if (!h || !h.step) return null;
  if (h.level >= hintLevels(h)) return h.step;
  const pat = h.step.pattern || {};
  return {
    pattern: { houses: pat.houses || [], areas: pat.areas || [], cells: h.level >= 2 ? pat.cells || [] : [] },
    placements: [],
    eliminations: [],
  };
}

/** The cells whose candidates the hint needs shown, at its level (none at level 1). */
function hintCells() {
  const out = new Set();
  const step = hintStep();
  if (!step || S.hint.level < 2) return out;
  const n = S.n;
  for (const [r, c] of (step.pattern && step.pattern.cells) || []) out.add(r * n + c);
  for (const x of (step.pattern && step.pattern.candidates) || []) out.add(x.row * n + x.col);
  for (const x of step.eliminations || []) out.add(x.row * n + x.col);
  for (const x of step.placements || []) out.add(x.row * n + x.col);
  return out;
}

/** The digits a blank cell shows as small marks, or null for none. */
function shownMarks(i) {
  const p = S.player;
  if (p) return p.cands ? p.cands[i] : null;
  if (S.marks[i]) return S.marks[i];
  // Candidates: everywhere when the player asked for them; during a hint, only in the cells
  // the step shows so far.
  if ((S.showMarks || hintCells().has(i)) && S.candidates && S.candidates[i]) {
    return new Set(S.candidates[i]);
  }
  return null;
}

// ───────────────────────────── drawing ─────────────────────────────

export function render() {
  const { n } = S;
  const p = S.player;
  const shown = p ? p.grid : S.cells;
  // The cells the selected one sees, lit around it.
  const seen = new Set(peersOf(S.sel));
  const selValue = p ? 0 : (S.cells[S.sel] || (S.solution ? S.solution[S.sel] : 0));
  const focusIdx = p && p.focus ? p.focus[0] * n + p.focus[1] : -1;
  const house = p && p.house;
  const inHouse = (r, c) => !!house && house.has(r * n + c);
  const k = Math.ceil(Math.sqrt(n));
  const step = p ? p.step : hintStep();
  const hl = step ? stepHighlights(step) : null;
  const errorCell = !p && S.hint && S.hint.cell !== undefined ? S.hint.cell : -1;
  const notes = S.variant ? S.variant.notes : null;
  for (let i = 0; i < cellEls.length; i++) {
    const d = cellEls[i];
    const r = Math.floor(i / n), c = i % n;
    // In a player every digit of the puzzle sent is fixed; when editing, the givens are.
    const given = p ? S.cells[i] !== 0 : S.given[i] === 1 && S.cells[i] !== 0;
    let v = shown[i];
    let solved = false;
    if (!p && !v && S.solution) { v = S.solution[i]; solved = true; }
    d.classList.toggle("given", given);
    d.classList.toggle("entry", !p && !given && S.cells[i] !== 0);
    d.classList.toggle("solved", solved);
    d.classList.toggle("differs", solved && !!S.solutions && S.solutions.list[0][i] !== S.solutions.list[1][i]);
    d.classList.toggle("placed", !!p && !given && v !== 0);
    d.classList.toggle("pat", !!hl && hl.cells.has(i));
    d.classList.toggle("pat-place", !!hl && hl.place.has(i));
    d.classList.toggle("hint-error", i === errorCell);
    const wrong = !p && !!S.wrong && S.wrong.has(i);
    d.classList.toggle("wrong", wrong);
    const reason = !p && S.conflictAt.get(i);
    d.classList.toggle("conflict", !!reason);
    d.title = reason || "";
    const selected = !p && i === S.sel;
    d.classList.toggle("selected", selected);
    d.classList.toggle("peer", !p && !selected && seen.has(i));
    d.classList.toggle("same", !p && !selected && selValue !== 0 && v === selValue);
    d.classList.toggle("lane", inHouse(r, c) || (!!hl && (hl.areas.has(i) || hl.houses.some((h) => inStepHouse(h, r, c)))));
    d.classList.toggle("dead-house", !!(p && p.dead) && inHouse(r, c));
    d.classList.toggle("focus", i === focusIdx && !(p && p.dead));
    d.classList.toggle("dead", i === focusIdx && !!(p && p.dead));
    d.setAttribute("aria-selected", String(selected));
    // What a screen reader says of the cell: its row, column and contents.
    // The small digits drawn in a blank cell: its marks, and whatever the step names there.
    const drawn = new Set(v ? [] : shownMarks(i) || []);
    const elim = !v && hl && hl.elim.get(i), pat = !v && hl && hl.pat.get(i);
    const place = !v && hl ? hl.place.get(i) : undefined;
    for (const x of [...(elim || []), ...(pat || []), ...(place ? [place] : [])]) drawn.add(x);
    const marksHere = [...drawn];
    const what = v
      ? `${given ? "given" : solved ? "solution" : p ? "placed" : "your entry"} ${SYM[v - 1]}`
      : marksHere.length
        ? `empty, marks ${marksHere.sort((a, b) => a - b).map((m) => SYM[m - 1]).join(" ")}`
        : "empty";
    const inRules = notes && notes.get(i);
    d.setAttribute("aria-label", `Row ${r + 1}, column ${c + 1}: ${what}${wrong ? ", wrong" : ""}${reason ? `; ${reason}` : ""}${inRules ? `; in ${inRules.join(", ")}` : ""}`);
    if (selected) board.setAttribute("aria-activedescendant", d.id);
    if (v) {
      if (d.firstChild === null || d.firstChild.nodeType !== 3 || d.textContent !== SYM[v - 1]) {
        d.textContent = SYM[v - 1];
      }
    } else if (drawn.size) {
      // The marks, and whatever the step names in this cell even if the marks lack it.
      const have = drawn;
      const marks = el("div", { class: "marks" });
      marks.style.setProperty("--k", k);
      for (let m = 1; m <= n; m++) {
        // The digit is drawn by the style sheet (`data-d`), so the cell's text is its label's:
        // "marks 2 7" is read, and no other visible text competes with it.
        const span = el("span", have.has(m) ? { "data-d": SYM[m - 1] } : {});
        if (elim && elim.has(m)) span.className = "mk-elim";
        else if (place === m) span.className = "mk-place";
        else if (pat && pat.has(m)) span.className = "mk-pat";
        marks.append(span);
      }
      d.replaceChildren(marks);
    } else if (d.firstChild) {
      d.replaceChildren();
    }
  }
  drawChain(step);
  if (S.variant) rules.drawAreas($(".board-wrap"), step && step.pattern && step.pattern.areas, n);
}

/**
 * Draws a step's chain over the board: each link from candidate to candidate, solid when
 * strong, dashed when weak, in the board's own units (a cell is 1 by 1; a candidate sits where
 * its mark is drawn).
 */
function drawChain(step) {
  let o = board.querySelector(".chain-overlay");
  const links = (step && step.pattern && step.pattern.links) || [];
  if (!links.length) { if (o) o.remove(); return; }
  const n = S.n, k = Math.ceil(Math.sqrt(n));
  if (!o) {
    o = svg("svg", { class: "chain-overlay", "aria-hidden": "true", preserveAspectRatio: "none" });
    board.append(o);
  }
  o.setAttribute("viewBox", `0 0 ${n} ${n}`);
  const at = (x) => [
    x.col + 0.06 + (((x.digit - 1) % k) + 0.5) * 0.88 / k,
    x.row + 0.06 + (Math.floor((x.digit - 1) / k) + 0.5) * 0.88 / k,
  ];
  o.replaceChildren();
  const rad = 0.42 / k;
  const ends = new Map();
  for (const l of links) {
    const [x1, y1] = at(l.from), [x2, y2] = at(l.to);
    ends.set(`${x1},${y1}`, [x1, y1]);
    ends.set(`${x2},${y2}`, [x2, y2]);
    // From circle to circle, so that the line leaves the candidates readable.
    const len = Math.hypot(x2 - x1, y2 - y1);
    if (len <= 2 * rad) continue;
    const ux = (x2 - x1) / len * rad, uy = (y2 - y1) / len * rad;
    o.append(svg("line", { class: l.strong ? "strong" : "weak", x1: x1 + ux, y1: y1 + uy, x2: x2 - ux, y2: y2 - uy }));
  }
  for (const [cx, cy] of ends.values()) o.append(svg("circle", { cx, cy, r: rad }));
}

// ───────────────────────────── the cards over the board ─────────────────────────────

/** Hides the hint card (and forgets the hint). */
export function hideHint() {
  S.hint = null;
  $("#hint-card").hidden = true;
}

/** Hides the result of a search (and the other of two solutions). */
export function hideResult() {
  $("#result").hidden = true;
  $("#other-solution").hidden = true;
  S.solutions = null;
}

/** Closes the player open on the board (search or logic), if any: the board is for typing again. */
export function closePlayer() {
  if (!S.player) return;
  if (S.player.controls) S.player.controls.pause();
  S.player = null;
  $("#player").hidden = true;
  $("#logic-player").hidden = true;
  $("#sudoku-links-card").hidden = true;
  $("#keypad").hidden = false;
  $(".hand-tools").hidden = false;
  render();
}

/** Draws the variant's rules (or removes them) and says what they are beside the board. */
function showVariant() {
  const v = S.variant && S.variant.view;
  rules.drawRules($(".board-wrap"), v);
  const card = $("#variant-rules");
  card.hidden = !v;
  // A variant is searched by dancing links (the engine's choice of algorithm): no solver to
  // pick; a classic grid by the solver chosen, with what the engine says that solver does.
  $("#solver-select").disabled = !!v;
  solverChanged();
  if (!v) return;
  $("#variant-title").textContent = v.title ? `${v.title}${v.author ? ` by ${v.author}` : ""}` : "Variant rules";
  $("#variant-summary").textContent = v.summary;
  const list = $("#variant-list");
  list.replaceChildren();
  for (const t of rules.globalRules(v)) list.append(el("li", { text: t, "data-rule": "global" }));
  for (const t of rules.clueCounts(v)) list.append(el("li", { text: t, "data-rule": "clues" }));
  if (v.jigsaw) list.append(el("li", { text: "irregular (jigsaw) regions", "data-rule": "jigsaw" }));
  const words = $("#variant-ruleset");
  words.textContent = v.ruleset || "";
  words.hidden = !v.ruleset;
}

/**
 * The search options the chosen solver takes (the engine's `meta.solvers`): item choice for
 * one that branches on a heuristic's item, Step through for one that records steps. A
 * variant is searched by dancing links, which takes both.
 */
export function solverChanged() {
  const name = $("#solver-select").value;
  const solver = (META && META.solvers.find((s) => s.name === name)) || { heuristic: true, traces: true };
  const variant = !!S.variant;
  $("#heuristic-select").disabled = !variant && !solver.heuristic;
  $("#trace-btn").disabled = !variant && !solver.traces;
  $("#trace-btn").title = !variant && !solver.traces ? `${solver.title} records no steps to show: pick another solver` : "";
}

// ───────────────────────────── changes ─────────────────────────────

/** What follows every change of the puzzle (the live check, the timer, the saved progress). */
const listeners = [];

/** Calls `fn()` after every change of the puzzle. */
export function onChange(fn) {
  listeners.push(fn);
}

/** Called after every change of the puzzle: answers for the old board are now stale. */
export function changed({ keepResult = false } = {}) {
  S.version += 1;
  S.wrong = null;
  if (!keepResult) hideResult();
  for (const fn of listeners) fn();
}

/**
 * Puts a new grid on the board, with nothing kept of the old one: `values` its givens,
 * `variant` the rules of a variant puzzle (`{view}`: the engine's `variant_view` answer) or
 * null for a classic grid. (storage.js's `setGrid` makes this undoable.)
 */
export function resetBoard(n, shape, values, variant = null) {
  $("#solved-note").hidden = true;
  const rebuild = n !== S.n || shape.rows !== S.br || shape.cols !== S.bc || cellEls.length !== n * n;
  S.n = n; S.br = shape.rows; S.bc = shape.cols;
  if (variant && !variant.notes) variant.notes = rules.cellNotes(variant.view);
  if (variant && !variant.named) variant.named = rules.namedCells(variant.view);
  S.variant = variant;
  showVariant();
  S.cells = values;
  S.given = values.map((v) => (v ? 1 : 0));
  S.marks = new Array(n * n).fill(null);
  S.hint = null;
  S.sel = Math.min(S.sel, n * n - 1);
  S.solution = null;
  S.conflicts = []; S.conflictAt = new Map(); S.candidates = null;
  const sizes = $("#size-select");
  if (![...sizes.options].some((o) => o.value === String(n))) {
    sizes.append(el("option", { value: String(n), text: `${n}×${n}` }));
  }
  sizes.value = String(n);
  closePlayer();
  hideResult();
  hideHint();
  if (rebuild) buildBoard();
  else drawRegionBorders();
  render();
  changed({ keepResult: true });
}
