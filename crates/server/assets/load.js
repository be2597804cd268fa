// Puzzles onto the board: text in any format the engine reads (classic grids, variant
// puzzles in f-puzzles JSON, links or dlx's formats), the examples, a file, a paste, a new
// empty grid of a size, Clear; and the share link. The progress kept for a puzzle comes back
// when it loads.

import { $, SYM, el, api, toast, fmt, isTyping } from "./ui.js";
import { S, board, valuesOf, boxShape, META } from "./board.js";
import { setGrid, restoreProgress, shareUrl } from "./storage.js";

/** The examples menu: id, name, puzzle. */
export const EXAMPLES = [
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

/** Puts a variant puzzle (the engine's `variant_view` answer) on the board. */
export function loadVariant(view) {
  if (view.size > SYM.length) throw new Error(`a ${view.size}×${view.size} puzzle is too big for this page`);
  const p = view.puzzle;
  const shape = p.regions && p.regions.boxes ? { rows: p.regions.boxes.rows, cols: p.regions.boxes.cols } : boxShape(view.size) || { rows: 1, cols: view.size }; // no boxes: the engine's regions
  setGrid(view.size, shape, valuesOf(view.givens, view.size), { variant: { view } });
}

/** Parses any supported text on the server and puts the puzzle on the board. */
export async function loadText(text) {
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

export function emptyGrid(n) {
  setGrid(n, boxShape(n), new Uint8Array(n * n));
}

/**
 * Fills the size menu with every size the engine gives a box shape (`meta.sizes`: 4×4 up to
 * one symbol a cell, boxes of at least 2×2); the usual sizes come first.
 */
export function fillSizeMenu() {
  const sizes = $("#size-select");
  const have = new Set([...sizes.options].map((o) => Number(o.value)));
  const more = el("optgroup", { label: "Other sizes" });
  for (const { n } of META.sizes) {
    if (!have.has(n)) more.append(el("option", { value: String(n), text: `${n}×${n}` }));
  }
  sizes.append(more);
}

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
