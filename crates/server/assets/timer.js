// Time on the puzzle: it runs while the page is shown and the puzzle not solved, stands still
// while the tab is hidden, and stops at the solve with a "Solved in m:ss!" message.

import { $ } from "./ui.js";
import { S, announce, onChange } from "./board.js";

const clock = { spent: 0, since: null, done: false };

/** The time spent on the puzzle so far, in milliseconds. */
export function clockMs() {
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
export function clockReset(spent = 0) {
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

// A solved board that loses a digit runs again.
onChange(() => {
  if (clock.done && !S.cells.every((v) => v)) {
    clock.done = false;
    if (!document.hidden) clock.since = performance.now();
    $("#solved-note").hidden = true;
  }
});

/**
 * After a check (`r.conflicts` the digits or rules it found broken): every cell filled, none
 * broken, some by the player: say so, with the time.
 */
export function maybeSolved(r) {
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
