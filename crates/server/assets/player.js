// The players on the board: opening one (the search player of Step through here, the logic
// player from logic.js) out of the way of the board's tools, the search player itself (the
// engine's trace replayed on the board, the house or group its item names lit, the
// dancing-links view of a 4x4), and the players' keys.

import { $, toast, busy, plural, makePlayer, makeReplay, playerKeys } from "./ui.js";
import { drawMatrix } from "./links.js";
import * as rules from "./variants.js";
import { S, board, render, lineOf, valuesOf, boxIndex, variantPuzzle, boardApi, closePlayer, hideResult, hideHint, META } from "./board.js";

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

/**
 * Opens the player `controls` (made by ui.js's `makePlayer`) of card `card` on the board with
 * `state` (`S.player`) and its `steps`, out of the way of the result, the hint and the board's
 * tools; `cut`, when not 0, is the cap the steps were cut at.
 */
export function openPlayer(card, controls, state, steps, cut, extra) {
  closePlayer();
  hideResult();
  hideHint();
  S.solution = null;
  S.player = { ...state, controls };
  $(card).hidden = false;
  $("#keypad").hidden = true;
  $(".hand-tools").hidden = true;
  controls.load(steps, cut > 0, cut, extra);
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
      toast(`Nothing to step through: the givens repeat a digit (${r.conflicts[0].text}).`, true);
      return;
    }
    if (!r.steps.length) { closePlayer(); toast("The search has no step to show: the puzzle is already full"); return; }
    const extra = r.solutions > 0 ? `The recorded search meets ${plural(r.solutions, "solution")}.` : "";
    openPlayer("#player", sudokuPlayer, { kind: "search", grid: S.cells, focus: null, dead: false,
      matrix: r.matrix || null, replay: makeReplay(valuesOf(r.grid, S.n), r.steps) },
    r.steps, r.truncated ? META.caps.max_trace_steps : 0, extra);
    $("#sudoku-links-card").hidden = !r.matrix;
  } catch (e) {
    closePlayer();
    toast(e.message, true);
  }
}, "Recording the search…"));

// The open player's keys (ui.js's `playerKeys`), and Escape to close it.
document.addEventListener("keydown", (e) => {
  if ($("#panel-sudoku").hidden || !S.player) return;
  if (e.key === "Escape" && !$("#paste-dialog").open) { closePlayer(); board.focus(); e.preventDefault(); return; }
  if (playerKeys(e, S.player.controls)) e.preventDefault();
});
