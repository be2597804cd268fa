// dlx web app: the Sudoku tab and the start-up, an ES module over the engine bridge
// (engine.js), no build step, no dependencies. The other modules: ui.js (DOM helpers, the
// engine call, busy state, the step player's controls), variants.js (a variant's rules drawn),
// links.js (the dancing-links view), xcc.js (the Exact cover tab and N queens). Sections here:
//   engine words · tabs · sudoku board · undo · variant rules · input · timer · checking ·
//   saved progress · puzzle loading · solve · step player · pencil marks and hints · logic
//   player · new puzzles · start-up.

import * as engine from "./engine.js";
import * as rules from "./variants.js";
import { $, SYM, el, svg, api, toast, fmt, fmtTime, busy, isTyping, plural, makePlayer, playerKeys, makeReplay, STOP_REASON } from "./ui.js";
import { drawMatrix } from "./links.js";
import { xccState, xccInit, xccPlayer, setTraceCap } from "./xcc.js";


/**
 * What the engine says of itself (`meta`: symbols, sizes and their box shapes, techniques,
 * bands, stop reasons, caps), read once at start-up; the page's few defaults below stand only
 * until it is in.
 */
let META = null;

/** The largest grid the engine explains, hints or rates (its `caps.max_logic_size`). */
const logicMax = () => (META ? META.caps.max_logic_size : 9);

/** The box shape of an n×n grid: the engine's (`meta.sizes`), or rows = the largest divisor of n not above √n. */
function boxShape(n) {
  const known = META && META.sizes.find((s) => s.n === n);
  if (known) return { rows: known.shape.rows, cols: known.shape.cols };
  let p = Math.floor(Math.sqrt(n));
  while (n % p) p -= 1;
  return { rows: p, cols: n / p };
}
// ───────────────────────────── tabs ─────────────────────────────

const TABS = ["sudoku", "xcc", "api"];
function selectTab(name, focus = false) {
  for (const t of TABS) {
    const tab = $(`#tab-${t}`);
    const on = t === name;
    tab.setAttribute("aria-selected", String(on));
    tab.tabIndex = on ? 0 : -1;
    $(`#panel-${t}`).hidden = !on;
    if (on && focus) tab.focus();
  }
  if (name === "xcc" && !xccState.initialised) xccInit();
}
for (const t of TABS) {
  $(`#tab-${t}`).addEventListener("click", () => selectTab(t));
  $(`#tab-${t}`).addEventListener("keydown", (e) => {
    const k = TABS.indexOf(t);
    if (e.key === "ArrowRight") selectTab(TABS[(k + 1) % TABS.length], true);
    else if (e.key === "ArrowLeft") selectTab(TABS[(k + TABS.length - 1) % TABS.length], true);
  });
}

// ───────────────────────────── sudoku board ─────────────────────────────

/** The examples menu: id, name, puzzle. */
const EXAMPLES = [
  ["easy", "Easy 9×9", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"],
  ["inkala", "Hardest: Inkala 2010", "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."],
  ["easter", "Hardest: Easter Monster", "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"],
  ["four", "4×4 (dancing-links view)", "1...3..4.3....2."],
  ["six", "6×6", "3.5...4....5....6....2.45.2.3...4..."],
  ["sixteen", "16×16", "54.2..3F....ECD89...C...4.5F.B...G..D.6.....A.5.F.A6...8C.2B.4..32F..G.......86..D.84.F5.79..2E.A..9..D.G...C......4EB.C....FG......9A4..3..8.........17.B.G..4.7...F3..D28C....D..B...GF.49..3.....6C.4.......D..D1A9B.2F3.G.8C..8.1F7.B9C.4..E4F.CG2.3...D...5"],
  ["sixteen-hard", "16×16, hard", "1..B6.5....E.8...E.3.78F.B...2.........1.8.G...3.A2.G.D.7.....B.B..........A7.D..D..E...G.8.F.A973.A.D.42...B.......2.G7BF...6.46......8...7.......1...E.54B9..F..AF....1.6.4B.C92...51.CDG....885BD1.....AC..E.......7GD3....4....C.9.....6.A....F...4.8.E..1C6"],
  ["twentyfive", "25×25", "O.B...I.K.6.9..L3CG.5H7M4.AD.K.M7...5..1.I69.L..G.H.35.CG...F.7NP..1.....I..F..8O.659L.C.G..M.41.BANG.M..L..1.OJIB.5.D.N28.3..D.4M.8C3I..BH6PL2.E97J..7.FI.N41.6.CDG..J....5KLA.9..E.7D.M.O.5.IAG.6..32H8.....5.JH..K...B..7.MDE.JK.H.E9OA....M.F15.3C..P62N...I6583.BE.9..JAC7GM.O.I8.7.....G6.CH..9.D...1E...C......I4.8M7.K.P.65J...LA49..O.7.JF5.GE..N.HKC5E..B...GCPN3K.62.O.I9...4.28..C.HNK1..L..3..AOG7..79F.MEA.G...2N.CB81..64L.....B..7F.8.JO..A.HEK..3A.EDG3.J..C9M...4P.2F.1...3JO58..4.DEA6BGF.N..P.C9E.N93G...4BK..C.6L.J.AFH7.8I7C..B.O2P.3.A..MK.4L.5B6AP....C.M..I81D..O.3.92L..GJH.2.EAF....PI3.K..D.F...1.A3D.H.5.EB8.7GO..N."],
  ["two", "Two solutions", "53..7........95....98....6.8.......34..8.3..17...2...6......28....419..5.......79"],
].map(([id, name, text]) => ({ id, name, text }));

const S = {
  n: 9, br: 3, bc: 3,
  cells: new Uint8Array(81),   // the puzzle: 0 = blank
  solution: null,              // a solved grid, or null
  solutions: null,             // two solutions of a puzzle that has more, and which is shown
  conflicts: [],               // from /api/sudoku/check
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
  player: null,                // {kind: "search" | "logic", grid, ...} while a player is open
  version: 0,                  // bumped at every change of the puzzle, so that an answer that
                               // comes back for an older puzzle is not painted on this one
  variant: null,               // a variant puzzle's rules: {view} (the engine's `variant_view`
                               // answer), or null for a classic grid
};

/**
 * Asks the API about the board as it is now. An answer (or error) that comes back after the
 * puzzle changed is dropped, with a note saying so (`what` names the work): then the result
 * is null.
 */
async function boardApi(what, op, body) {
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
const board = $("#board");
let cellEls = [];

function lineOf(values) {
  let s = "";
  for (const v of values) s += v ? SYM[v - 1] : ".";
  return s;
}

function valuesOf(line, n) {
  const out = new Uint8Array(n * n);
  for (let i = 0; i < out.length && i < line.length; i++) {
    const k = SYM.indexOf(line[i].toUpperCase());
    out[i] = k >= 0 && k < n ? k + 1 : 0;
  }
  return out;
}

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

function buildKeypad() {
  const pad = $("#keypad");
  pad.replaceChildren();
  pad.classList.toggle("one-row", S.n <= 12);
  for (let v = 1; v <= S.n; v++) {
    const b = el("button", { type: "button", text: SYM[v - 1], title: `Type ${SYM[v - 1]}` });
    b.addEventListener("click", () => { setCell(S.sel, v); board.focus(); });
    pad.append(b);
  }
  const erase = el("button", { type: "button", class: "erase", text: "Erase", title: "Clear the cell" });
  erase.addEventListener("click", () => { setCell(S.sel, 0); board.focus(); });
  pad.append(erase);
}

function boxIndex(r, c) {
  if (S.variant) return S.variant.view.regions[r * S.n + c];
  return Math.floor(r / S.br) * (S.n / S.bc) + Math.floor(c / S.bc);
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

function render() {
  const { n } = S;
  const p = S.player;
  const shown = p ? p.grid : S.cells;
  const sr = Math.floor(S.sel / n), sc = S.sel % n;
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
    d.classList.toggle("peer", !p && !selected && (r === sr || c === sc || boxIndex(r, c) === boxIndex(sr, sc)));
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
function remember() {
  edits.undo.push(snapshot());
  if (edits.undo.length > HISTORY_MAX) edits.undo.shift();
  edits.redo.length = 0;
  updateUndoButtons();
}

function restore(snap) {
  if (snap.n !== S.n || snap.br !== S.br || snap.bc !== S.bc || snap.variant !== S.variant) {
    setGrid(snap.n, { rows: snap.br, cols: snap.bc }, Uint8Array.from(snap.cells), { undoable: false, variant: snap.variant });
  } else {
    if (S.player) closePlayer();
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

function undo() {
  if (!edits.undo.length) { announce("Nothing to undo"); return; }
  edits.redo.push(snapshot());
  restore(edits.undo.pop());
  updateUndoButtons();
  announce("Undone");
}

function redo() {
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

/** Says `text` to a screen reader (the polite live region), without a toast. */
function announce(text) {
  const live = $("#live");
  live.textContent = "";
  setTimeout(() => { live.textContent = text; }, 30);
}

/**
 * Puts a new grid on the board: `values` its givens, `variant` the rules of a variant puzzle
 * (`{view}`: the engine's `variant_view` answer) or null for a classic grid.
 */
function setGrid(n, shape, values, { undoable = true, variant = null } = {}) {
  if (undoable && (S.cells.some((v) => v) || S.marks.some((m) => m) || S.variant)) remember();
  if (undoable) clockReset();
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

// ───────────────────────────── variant rules ─────────────────────────────

/** Draws the variant's rules (or removes them) and says what they are beside the board. */
function showVariant() {
  const v = S.variant && S.variant.view;
  rules.drawRules($(".board-wrap"), v);
  const card = $("#variant-rules");
  card.hidden = !v;
  // A variant is searched by dancing links (the engine's choice of algorithm): no solver to pick.
  $("#solver-select").disabled = !!v;
  $("#heuristic-select").disabled = !v && $("#solver-select").value !== "dlx";
  $("#trace-btn").disabled = !v && $("#solver-select").value === "fast";
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

/** The variant puzzle with `values` as its givens, in the engine's JSON (`format: json`). */
function variantPuzzle(values) {
  return { puzzle: { ...S.variant.view.puzzle, givens: lineOf(values) }, format: "json" };
}

/** Puts a variant puzzle (the engine's `variant_view` answer) on the board. */
function loadVariant(view) {
  if (view.size > SYM.length) throw new Error(`a ${view.size}×${view.size} puzzle is too big for this page`);
  const p = view.puzzle;
  const shape = p.regions && p.regions.boxes ? { rows: p.regions.boxes.rows, cols: p.regions.boxes.cols } : boxShape(view.size);
  setGrid(view.size, shape, valuesOf(view.givens, view.size), { variant: { view } });
}

// ───────────────────────────── input ─────────────────────────────

/** `r4c7`, 1-based, as the server's sentences name cells. */
const cellName = (i) => `r${Math.floor(i / S.n) + 1}c${i % S.n + 1}`;

/** The peers of cell i: the other cells of its row, column and box. */
function peersOf(i) {
  const n = S.n, r = Math.floor(i / n), c = i % n, b = boxIndex(r, c);
  const out = [];
  for (let j = 0; j < n * n; j++) {
    const rj = Math.floor(j / n), cj = j % n;
    if (j !== i && (rj === r || cj === c || boxIndex(rj, cj) === b)) out.push(j);
  }
  return out;
}

/**
 * Types digit v (0 clears) in cell i. A digit typed on a given edits the puzzle; anywhere else
 * it is the user's progress, and it leaves the pencil marks of its peers. In pencil mode a
 * digit toggles a mark instead.
 */
function setCell(i, v, { mark = S.pencil } = {}) {
  if (S.player) closePlayer();
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
  if (S.player) return; // the player's own keys (see playerKeys) apply
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[e.key]) { e.preventDefault(); move(...moves[e.key]); return; }
  if (["Backspace", "Delete", "0", ".", " "].includes(e.key)) { e.preventDefault(); setCell(S.sel, 0); return; }
  // P switches pencil mode on boards where P is not a digit (up to 24x24).
  if (e.key.toUpperCase() === "P" && S.n < 25) { e.preventDefault(); setPencil(!S.pencil); return; }
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
  if (S.player) { closePlayer(); }
  S.sel = Number(d.dataset.r) * S.n + Number(d.dataset.c);
  render();
  board.focus();
  e.preventDefault();
});

// ───────────────────────────── checks ─────────────────────────────

let checkSeq = 0;
let checkTimer = null;
let urlTimer = null;

// ───────────────────────────── timer ─────────────────────────────

/** Time on the puzzle: it runs while the page is shown and the puzzle not solved. */
const clock = { spent: 0, since: null, done: false };

function clockMs() {
  return clock.spent + (clock.since === null ? 0 : performance.now() - clock.since);
}

function clockText(ms) {
  const t = Math.floor(ms / 1000);
  const h = Math.floor(t / 3600), m = Math.floor(t / 60) % 60, sec = t % 60;
  return `${h ? `${h}:${String(m).padStart(2, "0")}` : m}:${String(sec).padStart(2, "0")}`;
}

function clockShow() {
  $("#timer").textContent = clockText(clockMs());
}

/** A new puzzle: the clock from `spent` (a kept puzzle's time), running unless hidden. */
function clockReset(spent = 0) {
  clock.spent = spent;
  clock.done = false;
  clock.since = document.hidden ? null : performance.now();
  clockShow();
}

function clockStop() {
  clock.spent = clockMs();
  clock.since = null;
}

document.addEventListener("visibilitychange", () => {
  if (document.hidden) clockStop();
  else if (!clock.done && clock.since === null) clock.since = performance.now();
  clockShow();
});
setInterval(clockShow, 1000);

/** Every cell filled, no digit repeated, some by the player: say so, with the time. */
function maybeSolved(r) {
  const entries = S.cells.reduce((a, v, i) => a + (v && !S.given[i] ? 1 : 0), 0);
  const full = S.cells.every((v) => v);
  if (!full || !entries || r.conflicts.length || clock.done) return;
  clockStop();
  clock.done = true;
  clockShow();
  const text = `Solved in ${clockText(clock.spent)}!`;
  const note = $("#solved-note");
  note.textContent = text;
  note.hidden = false;
  announce(text);
}

// ───────────────────────────── checking entries ─────────────────────────────

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

// ───────────────────────────── saved progress ─────────────────────────────

/**
 * The puzzle as a link carries it: the givens only (the player's entries stay in this
 * browser), or every digit while the board has no givens (a puzzle being typed in).
 */
function puzzleLine() {
  const hasGivens = S.given.some((g, i) => g && S.cells[i]);
  return lineOf(hasGivens ? S.cells.map((v, i) => (S.given[i] ? v : 0)) : S.cells);
}

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
function restoreProgress() {
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

/** Called after every change of the puzzle: re-check it and update the address bar. */
function changed({ keepResult = false } = {}) {
  S.version += 1;
  S.wrong = null;
  if (clock.done && !S.cells.every((v) => v)) {
    clock.done = false;
    if (!document.hidden) clock.since = performance.now();
    $("#solved-note").hidden = true;
  }
  if (!keepResult) hideResult();
  clearTimeout(checkTimer);
  checkTimer = setTimeout(runCheck, 90);
  clearTimeout(urlTimer);
  urlTimer = setTimeout(() => {
    history.replaceState(null, "", shareUrl());
    saveProgress();
  }, 250);
}

async function runCheck() {
  if (S.variant) return runVariantCheck();
  const seq = ++checkSeq;
  const summary = $("#check-summary");
  try {
    const r = await api("check", { puzzle: lineOf(S.cells) });
    if (seq !== checkSeq) return;
    // The server names digits by number ("digit 16"); the board shows symbols (G).
    for (const c of r.conflicts) c.text = c.text.replace(/^digit \d+/, `digit ${SYM[c.digit - 1]}`);
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

// ───────────────────────────── loading puzzles ─────────────────────────────

/** Parses any supported text on the server and puts the puzzle on the board. */
async function loadText(text) {
  let r;
  // A variant puzzle: f-puzzles JSON, an f-puzzles link, our JSON or our text format.
  if (looksVariant(text)) {
    loadVariant(await api("variant_view", { puzzle: text.trim() }));
    if (restoreProgress()) toast("Your progress on this puzzle is back (Undo starts it afresh)");
    return null;
  }
  try {
    r = await api("check", { puzzle: text });
  } catch (e) {
    // Text the classic reader refuses may be a variant in our text format.
    const v = await api("variant_view", { puzzle: text }).catch(() => null);
    if (v && v.constraints.length + (v.jigsaw ? 1 : 0) > 0) {
      loadVariant(v);
      if (restoreProgress()) toast("Your progress on this puzzle is back (Undo starts it afresh)");
      return null;
    }
    // Sentences read as a puzzle give odd sizes ("unsupported size: 2x2"): say what it is.
    if (/\b[a-z]{3,}\s+[a-z]{2,}\s+[a-z]{2,}\b/i.test(text)) {
      throw new Error("this looks like text, not a puzzle: paste N×N digits (. or 0 for a blank), one line or a grid");
    }
    throw e;
  }
  if (r.size > SYM.length) {
    throw new Error(`a ${r.size}×${r.size} puzzle is too big for this page, which draws boards up to ${SYM.length}×${SYM.length} (one symbol a cell: every size in the size menu); solve it with the API or \`dlx sudoku\``);
  }
  setGrid(r.size, r.shape, valuesOf(r.grid, r.size));
  if (restoreProgress()) toast("Your progress on this puzzle is back (Undo starts it afresh)");
  return r;
}

/** Whether text is a variant puzzle for sure: JSON (f-puzzles or ours) or an f-puzzles link. */
function looksVariant(text) {
  const t = text.trim();
  return t.startsWith("{") || /[?&]load=/.test(t) || /^N4Ig/.test(t);
}

function emptyGrid(n) {
  setGrid(n, boxShape(n), new Uint8Array(n * n));
}

// The size menu offers every size the page draws: 4×4 up to one symbol a cell (35×35), boxes
// of at least 2×2 (a prime size has none). The page lists the usual sizes first.
(() => {
  const sizes = $("#size-select");
  const have = new Set([...sizes.options].map((o) => Number(o.value)));
  const more = el("optgroup", { label: "Other sizes" });
  for (let n = 4; n <= SYM.length; n++) {
    if (!have.has(n) && boxShape(n).rows >= 2) more.append(el("option", { value: String(n), text: `${n}×${n}` }));
  }
  sizes.append(more);
})();

$("#size-select").addEventListener("change", (e) => {
  emptyGrid(Number(e.target.value));
  board.focus();
});

$("#clear-btn").addEventListener("click", () => {
  const had = S.cells.some((v) => v) || S.marks.some((m) => m);
  emptyGrid(S.n);
  if (had) toast("Board cleared: Undo (Ctrl+Z) brings it back");
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

const exampleSelect = $("#example-select");
for (const ex of EXAMPLES) {
  if (ex.text) exampleSelect.append(el("option", { value: ex.id, text: ex.name }));
}
exampleSelect.addEventListener("change", async () => {
  const ex = EXAMPLES.find((x) => x.id === exampleSelect.value);
  exampleSelect.value = "";
  if (!ex) return;
  try { await loadText(ex.text); board.focus(); } catch (e) { toast(e.message, true); }
});

$("#open-btn").addEventListener("click", () => $("#open-file").click());
$("#open-file").addEventListener("change", async (e) => {
  const file = e.target.files && e.target.files[0];
  e.target.value = "";
  if (!file) return;
  try {
    if (file.size > 4 << 20) throw new Error(`${file.name} is ${fmt(file.size)} bytes: a puzzle file is far smaller`);
    await loadText(await file.text());
    toast(`Opened ${file.name}`);
  } catch (err) {
    toast(`${file.name}: ${err.message}`, true);
  }
  board.focus();
});

const pasteDialog = $("#paste-dialog");
$("#paste-btn").addEventListener("click", () => {
  $("#paste-error").hidden = true;
  $("#paste-text").value = "";
  pasteDialog.showModal();
  $("#paste-text").focus();
});
$("#paste-load").addEventListener("click", async (e) => {
  e.preventDefault();
  const text = $("#paste-text").value;
  try {
    await loadText(text);
    pasteDialog.close();
    board.focus();
  } catch (err) {
    const p = $("#paste-error");
    p.textContent = err.message;
    p.hidden = false;
  }
});
$("#paste-cancel").addEventListener("click", (e) => { e.preventDefault(); pasteDialog.close(); });

// Pasting anywhere on the page (outside text fields) loads the puzzle too.
document.addEventListener("paste", async (e) => {
  if (isTyping(e.target) || $("#panel-sudoku").hidden) return;
  const text = e.clipboardData && e.clipboardData.getData("text");
  if (!text) return;
  e.preventDefault();
  try { await loadText(text); toast("Puzzle pasted"); } catch (err) { toast(err.message, true); }
});

/**
 * The page's address carrying the puzzle: `?p=` the givens of a classic grid, `?v=` a variant
 * puzzle in the engine's JSON (its rules and givens); `?load=` (an f-puzzles link's) is read
 * too, and replaced by `?v=`.
 */
function shareUrl() {
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

$("#share-btn").addEventListener("click", async () => {
  const url = shareUrl();
  history.replaceState(null, "", url);
  try {
    await navigator.clipboard.writeText(url.toString());
    toast("Link copied: it carries the puzzle (your entries stay in this browser)");
  } catch (e) {
    toast(`Share this link: ${url}`);
  }
});

// ───────────────────────────── solve ─────────────────────────────

function hideResult() {
  $("#result").hidden = true;
  $("#other-solution").hidden = true;
  S.solutions = null;
}

/**
 * Two solutions of the puzzle on the board, found as an exact cover by `/api/xcc/solve`
 * (which lists solutions; the Sudoku solve gives one): an item per open cell and per digit
 * missing from a row, column or box, an option per candidate. Null if it has fewer.
 */
async function twoSolutions() {
  const { n } = S;
  const has = (kind, h, d) => `${kind}${h}_${d}`;
  const given = new Set();
  S.cells.forEach((v, i) => {
    if (!v) return;
    const r = Math.floor(i / n), c = i % n;
    given.add(has("r", r, v)).add(has("c", c, v)).add(has("b", boxIndex(r, c), v));
  });
  const items = new Set(), lines = [], placed = [];
  S.cells.forEach((v, i) => {
    if (v) return;
    const r = Math.floor(i / n), c = i % n;
    items.add(`p${i}`);
    for (let d = 1; d <= n; d++) {
      const its = [has("r", r, d), has("c", c, d), has("b", boxIndex(r, c), d)];
      if (its.some((it) => given.has(it))) continue;
      its.forEach((it) => items.add(it));
      lines.push(`p${i} ${its.join(" ")}`);
      placed.push([i, d]);
    }
  });
  const problem = `${[...items].join(" ")}\n${lines.join("\n")}\n`;
  const r = await api("xcc_solve", { problem, limit: 2, list: 2 });
  if (r.listed.length < 2) return null;
  return r.listed.map((sol) => {
    const g = Uint8Array.from(S.cells);
    for (const o of sol.options) g[placed[o][0]] = placed[o][1];
    return g;
  });
}

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
  const why = STOP_REASON[r.stopped] || "a budget ran out";
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

$("#solver-select").addEventListener("change", () => {
  const solver = $("#solver-select").value;
  // Item choice is a choice of the dancing-links search only.
  $("#heuristic-select").disabled = solver !== "dlx";
  // The bitset solver solves and counts but records no steps.
  $("#trace-btn").disabled = solver === "fast";
  $("#trace-btn").title = solver === "fast" ? "The bitset solver has no steps to show: pick another solver" : "";
});

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
    if (mode === "unique" && r.solutions >= 2 && S.n <= 16 && !S.variant) {
      const version = S.version;
      const two = await twoSolutions().catch(() => null);
      if (two && version === S.version && !$("#result").hidden) {
        S.solutions = { list: two, shown: 0 };
        showSolution(0);
      }
    }
  } catch (e) {
    toast(e.message, true);
  }
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

// ───────────────────────────── step player ─────────────────────────────


let traceCap = 5000;


const sudokuPlayer = makePlayer("", (step, i) => {
  const p = S.player;
  if (!p || p.kind !== "search") return;
  const { grid, stack } = p.replay.go(i);
  p.grid = Uint8Array.from(grid);
  p.focus = step.cell || null;
  p.dead = step.kind === "dead_end";
  // A dancing-links item "digit 5 in box 6" lights up its house; on a variant, the group of
  // cells its item names ("digit 5 in region 4", "digit 5 in diagonal+", "killer cage 2").
  p.house = itemHouse(step.item);
  render();
  if (p.matrix) drawMatrix($("#sudoku-links"), p.matrix, { ...step, stack: [...stack] });
});

/** The cells of the house or group a search item names (a Set of indices), or null. */
function itemHouse(item) {
  if (!item) return null;
  if (S.variant) {
    const cells = rules.itemArea(item, S.variant.named);
    return cells ? new Set(cells) : null;
  }
  const m = /^digit \S+ in (row|column|box) (\d+)$/.exec(item);
  if (!m) return null;
  const k = Number(m[2]) - 1, n = S.n;
  const out = new Set();
  for (let i = 0; i < n * n; i++) {
    const r = Math.floor(i / n), c = i % n;
    if (m[1] === "row" ? r === k : m[1] === "column" ? c === k : boxIndex(r, c) === k) out.add(i);
  }
  return out;
}

function closePlayer() {
  if (!S.player) return;
  sudokuPlayer.pause();
  logicPlayer.pause();
  S.player = null;
  $("#player").hidden = true;
  $("#logic-player").hidden = true;
  $("#sudoku-links-card").hidden = true;
  $("#keypad").hidden = false;
  $(".hand-tools").hidden = false;
  render();
}

/**
 * Opens the player of card `card` on the board with `state` (`S.player`) and its `steps`,
 * out of the way of the result, the hint and the board's tools; `cut`, when not 0, is the cap
 * the steps were cut at.
 */
function openPlayer(card, player, state, steps, cut, extra) {
  closePlayer();
  hideResult();
  hideHint();
  S.solution = null;
  S.player = state;
  $(card).hidden = false;
  $("#keypad").hidden = true;
  $(".hand-tools").hidden = true;
  player.load(steps, cut > 0, cut, extra);
  $(`${card} .slider`).focus({ preventScroll: true });
  // On a phone the board goes to the top of the screen, the player's controls under it (both
  // in view); on a wide screen they are side by side and the card only needs to be in view.
  if (window.matchMedia("(max-width: 920px)").matches) board.scrollIntoView({ block: "start" });
  else $(card).scrollIntoView({ block: "nearest" });
}

$("#player-close").addEventListener("click", () => { closePlayer(); board.focus(); });

$("#trace-btn").addEventListener("click", () => busy($("#trace-btn"), async () => {
  const body = S.variant
    ? { ...variantPuzzle(S.cells), heuristic: $("#heuristic-select").value }
    : {
      puzzle: lineOf(S.cells),
      solver: $("#solver-select").value,
      heuristic: $("#heuristic-select").value,
    };
  try {
    const r = await boardApi("trace", S.variant ? "variant_trace" : "trace", body);
    if (!r) return;
    if (r.conflicts && r.conflicts.length) {
      closePlayer();
      toast(`Nothing to step through: the givens repeat a digit (${r.conflicts[0].text.replace(/^digit \d+/, `digit ${SYM[r.conflicts[0].digit - 1]}`)}).`, true);
      return;
    }
    if (!r.steps.length) { closePlayer(); toast("The search has no step to show: the puzzle is already full"); return; }
    const extra = r.solutions > 0 ? `The recorded search meets ${plural(r.solutions, "solution")}.` : "";
    openPlayer("#player", sudokuPlayer, { kind: "search", grid: S.cells, focus: null, dead: false,
      matrix: r.matrix || null, replay: makeReplay(valuesOf(r.grid, S.n), r.steps) },
    r.steps, r.truncated ? traceCap : 0, extra);
    $("#sudoku-links-card").hidden = !r.matrix;
  } catch (e) {
    closePlayer();
    toast(e.message, true);
  }
}, "Recording the search…"));

document.addEventListener("keydown", (e) => {
  if (!$("#panel-sudoku").hidden && S.player) {
    if (e.key === "Escape" && !pasteDialog.open) { closePlayer(); board.focus(); e.preventDefault(); return; }
    if (playerKeys(e, S.player.kind === "logic" ? logicPlayer : sudokuPlayer)) e.preventDefault();
  } else if (!$("#panel-xcc").hidden && !$("#xcc-player-card").hidden) {
    if (playerKeys(e, xccPlayer)) e.preventDefault();
  }
});

// ───────────────────────────── solving by hand: pencil marks and hints ─────────────────────────────

const shapeOf = () => ({ rows: S.br, cols: S.bc });
const allDigits = () => new Set(Array.from({ length: S.n }, (_, k) => k + 1));

function hideHint() {
  S.hint = null;
  $("#hint-card").hidden = true;
}

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

/** `x_wing` or `XWing` to `X wing`, for the line under a hint. */
function techniqueName(t) {
  const known = META && META.techniques.find((k) => k.name === t);
  if (known) return known.title;
  const s = String(t).replace(/_/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The levels of a hint: 1 the technique and where to look, 2 the cells, 3 the whole step. */
const HINT_LEVELS = 3;

/**
 * The part of the hint's step shown at its level: the houses only (level 1), the pattern's
 * cells too (2), the whole step with its eliminations and placements (3). Null with no hint.
 */
function hintStep() {
  const h = S.hint;
  if (!h || !h.step) return null;
  if (h.level >= HINT_LEVELS) return h.step;
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
  apply.hidden = !h.step || h.level < HINT_LEVELS;
  more.hidden = !h.step || h.level >= HINT_LEVELS;
  if (h.error) {
    meta.textContent = h.cell === undefined ? "No hint" : `No hint: ${cellName(h.cell)} needs a fix first`;
    err.textContent = h.error;
  } else if (h.step) {
    meta.textContent = `Hint ${h.level} of ${HINT_LEVELS} · ${techniqueName(h.step.technique)} · rating ${Number(h.step.rating).toFixed(1)}`;
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
  if (!h || !h.step || h.version !== S.version || h.level >= HINT_LEVELS) return false;
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

// ───────────────────────────── solving by logic: the logic player ─────────────────────────────

/** Every cell's candidates in `grid`: the digits none of its peers holds. */
function basicCandidates(grid, peers) {
  return Array.from(grid, (v, i) => {
    const s = v ? new Set() : allDigits();
    if (!v) for (const j of peers[i]) s.delete(grid[j]);
    return s;
  });
}

/**
 * The frames of the logic player: one a step, showing the grid and candidates before the step
 * with its pattern, then a last frame with the grid at the end of the path.
 */
function logicFrames(r) {
  const n = S.n;
  // A variant's answer brings each cell's peers under its rules and the first candidates.
  const peers = r.peers || Array.from({ length: n * n }, (_, i) => peersOf(i));
  let grid = Uint8Array.from(S.cells);
  let cands = r.candidates ? r.candidates.map((c) => new Set(c)) : basicCandidates(grid, peers);
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

const BANDS = { easy: "Easy", medium: "Medium", hard: "Hard", fiendish: "Fiendish", diabolical: "Diabolical", extreme: "Extreme" };
const bandName = (b) => BANDS[b] || techniqueName(b);

function showRating(rt) {
  const dl = $("#logic-rating");
  dl.replaceChildren();
  const rows = [
    ["ER", Number(rt.er).toFixed(1)], ["EP", Number(rt.ep).toFixed(1)], ["ED", Number(rt.ed).toFixed(1)],
    ["Band", bandName(rt.band)], ["Hardest", rt.hardest ? techniqueName(rt.hardest) : "—"],
  ];
  for (const [dt, dd] of rows) dl.append(el("div", {}, el("dt", { text: dt }), el("dd", { text: dd })));
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

// ───────────────────────────── new puzzles ─────────────────────────────

/** A random seed below 2^53, so that JavaScript holds it exactly. */
function randomSeed() {
  const w = crypto.getRandomValues(new Uint32Array(2));
  return (w[0] & 0x1fffff) * 4294967296 + w[1];
}

/** The variant family chosen in the generator (the engine's `meta.variant_kinds`), or null. */
function genKind() {
  const name = $("#gen-kind").value;
  return name ? ((META && META.variant_kinds) || []).find((k) => k.name === name) || { name } : null;
}

function genSizeChanged() {
  const nine = $("#gen-size").value === "9";
  const kind = genKind();
  $("#gen-band").disabled = !nine || !!kind;
  $("#gen-band").title = kind ? "Difficulty bands are for classic puzzles" : nine ? "" : "Difficulty bands are for 9×9 puzzles";
  $("#gen-symmetry").disabled = !!(kind && kind.no_givens);
  $("#gen-symmetry").title = kind && kind.no_givens ? `A ${kind.title || kind.name} puzzle has no givens to make symmetric` : "";
}
$("#gen-size").addEventListener("change", genSizeChanged);
$("#gen-kind").addEventListener("change", genSizeChanged);
for (const [button, kind] of [["#gen-killer", "killer"], ["#gen-jigsaw", "jigsaw"]]) {
  $(button).addEventListener("click", () => {
    $("#gen-kind").value = kind;
    genSizeChanged();
    $("#gen-btn").click();
  });
}

/** A new variant puzzle of the generator's family, size and symmetry, from the engine. */
async function generateVariant(kind, size, seed) {
  const body = { variant: kind.name, size };
  if (!kind.no_givens) body.symmetry = $("#gen-symmetry").value;
  const json = JSON.stringify({ ...body, seed: 0 }).replace('"seed":0', `"seed":${BigInt(seed)}`);
  const info = $("#gen-info");
  try {
    const r = await api("variant_generate", json);
    loadVariant(r.view);
    const what = r.cages ? plural(r.cages, "cage") : plural(r.givens, "given");
    info.className = "info-note";
    info.replaceChildren(
      el("span", { id: "gen-givens", text: `${kind.title || r.variant} · ${what}` }),
      document.createTextNode(`${r.minimal ? " (minimal)" : ""} · made in ${fmtTime(r.seconds)} · seed `),
      el("code", { id: "gen-seed-used", text: seed }),
    );
    info.hidden = false;
    board.focus();
  } catch (e) {
    info.className = "error";
    info.textContent = e.stopped ? "Stopped: no puzzle made." : e.message;
    info.hidden = false;
  }
}
genSizeChanged();

$("#gen-btn").addEventListener("click", () => busy($("#gen-btn"), async () => {
  const size = Number($("#gen-size").value);
  const typed = $("#gen-seed").value.trim();
  if (typed && !(/^\d{1,20}$/.test(typed) && BigInt(typed) < 2n ** 64n)) {
    toast("the seed is a whole number from 0 to 18446744073709551615", true);
    return;
  }
  const seed = typed || String(randomSeed());
  const kind = genKind();
  if (kind) { await generateVariant(kind, size, seed); return; }
  const body = { size, symmetry: $("#gen-symmetry").value };
  const band = $("#gen-band").value;
  if (band && size === 9) body.band = band;
  // The seed goes into the JSON as written: a number past 2^53 would lose digits in JavaScript.
  const json = JSON.stringify({ ...body, seed: 0 }).replace('"seed":0', `"seed":${BigInt(seed)}`);
  const info = $("#gen-info");
  try {
    const r = await api("generate", json);
    const n = r.shape.rows * r.shape.cols;
    setGrid(n, r.shape, valuesOf(r.puzzle, n));
    let rating = r.rating;
    let bandText = band ? bandName(band) : "";
    if ((rating === null || rating === undefined) && n <= logicMax()) {
      try {
        const rt = await api("rate", { puzzle: r.puzzle, shape: r.shape }, undefined, true);
        rating = rt.er;
        bandText = bandName(rt.band);
      } catch (e) { /* the puzzle stands without its rating */ }
    }
    const parts = [
      el("span", { id: "gen-givens", text: plural(r.givens, "given") }),
      document.createTextNode(`${r.minimal ? " (minimal)" : ""} · symmetry ${r.symmetry.replace(/_/g, " ")}`),
    ];
    if (rating !== null && rating !== undefined) {
      parts.push(document.createTextNode(" · "), el("span", { id: "gen-rating", text: `ER ${Number(rating).toFixed(1)}${bandText ? ` (${bandText})` : ""}` }));
    }
    parts.push(document.createTextNode(" · seed "), el("code", { id: "gen-seed-used", text: seed }));
    info.className = "info-note";
    info.replaceChildren(...parts);
    info.hidden = false;
    board.focus();
  } catch (e) {
    info.className = "error";
    info.textContent = e.message;
    info.hidden = false;
  }
}));

// ───────────────────────────── start-up ─────────────────────────────

$("#busy-stop").addEventListener("click", () => { engine.cancel(); board.focus(); });

/** Puts the engine's words in the page: stop reasons, band titles and ranges, symmetries. */
function useMeta() {
  for (const st of META.stops) STOP_REASON[st.name] = st.text;
  for (const b of META.bands) BANDS[b.name] = b.title;
  const band = $("#gen-band");
  const chosen = band.value;
  band.replaceChildren(el("option", { value: "", text: "Any" }), ...META.bands.map((b) =>
    el("option", { value: b.name, text: b.title,
      title: `Sudoku Explainer rating (ER) ${b.min.toFixed(1)}${b.max === null ? " and up" : ` to ${b.max.toFixed(1)}`}` })));
  band.value = chosen;
  const kinds = $("#gen-kind");
  kinds.replaceChildren(el("option", { value: "", text: "Classic" }), ...(META.variant_kinds || []).map((k) =>
    el("option", { value: k.name, text: k.title, title: k.text || "" })));
  const sym = $("#gen-symmetry");
  const was = sym.value;
  sym.replaceChildren(...META.symmetries.map((m) => el("option", { value: m.name, text: m.title })));
  sym.value = was;
}

async function start() {
  try {
    META = await api("meta");
    traceCap = META.caps.max_trace_steps;
    setTraceCap(traceCap);
    useMeta();
  } catch (e) { /* keep the defaults */ }
  emptyGrid(9);
  const params = new URLSearchParams(window.location.search);
  const p = params.get("p");
  const variant = params.get("v") || params.get("load");
  try {
    if (variant) loadVariant(await api("variant_view", { puzzle: variant, format: params.get("v") ? "json" : "link" }));
    else await loadText(p || EXAMPLES[0].text);
    if (variant && restoreProgress()) toast("Your progress on this puzzle is back (Undo starts it afresh)");
  } catch (e) {
    toast(`Cannot load the puzzle from the link: ${e.message}`, true);
  }
  if (window.location.hash === "#xcc") selectTab("xcc");
  else if (window.location.hash === "#api") selectTab("api");
  board.focus();
  document.body.dataset.engine = await engine.ready;
  // Offline use: the service worker keeps the page and the engine (a secure context only:
  // https, or localhost).
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("sw.js").catch(() => { /* the page works without it */ });
  }
  performance.mark("dlx-ready");
  document.body.dataset.ready = "true";
}

start();
