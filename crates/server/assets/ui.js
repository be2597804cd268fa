// The page's shared pieces with no puzzle state: DOM helpers, the toast, number formats, the
// engine call with its progress, the busy state of a button (progress bar and Stop), and the
// step player's controls (one for the search, the logic and the exact-cover traces).

import * as engine from "./engine.js";

export const $ = (sel) => document.querySelector(sel);
export const SVG_NS = "http://www.w3.org/2000/svg";
/** The symbols of digits 1, 2, ... (the engine's `meta.symbols`: 1 to 9, then A, B, C...). */
export let SYM = "";

/** Sets the digits' symbols from the engine's `meta`, for every module that imports `SYM`. */
export function setSymbols(symbols) {
  SYM = symbols;
}

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("data-")) e.setAttribute(k, v);
    else e[k] = v;
  }
  for (const c of children) e.append(c);
  return e;
}

export function svg(tag, attrs = {}) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

/**
 * Runs operation `op` of the engine (the worker, or the JSON API: see engine.js) on `body` (an
 * object, or JSON text already written); throws an Error carrying the message, and the API's
 * error body as `body`, on a refusal. `background` work runs on the engine's second worker.
 */
export function api(op, body, onProgress, background = false) {
  return engine.call(op, body, background ? undefined : (onProgress || progressSink || undefined), background);
}

let toastTimer = null;
export function toast(message, isError = false) {
  const t = $("#toast");
  t.textContent = message;
  t.classList.toggle("error", isError);
  t.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { t.hidden = true; }, isError ? 5000 : 2600);
}

export const fmt = (x) => (x === null || x === undefined) ? "—" : Number(x).toLocaleString("en-US");
export function fmtTime(seconds) {
  if (seconds === null || seconds === undefined) return "—";
  if (seconds < 0.001) return `${(seconds * 1e6).toFixed(0)} µs`;
  if (seconds < 1) return `${(seconds * 1000).toFixed(seconds < 0.01 ? 2 : 1)} ms`;
  return `${seconds.toFixed(2)} s`;
}

/** Where progress of the work under way goes (set by `busy`), for calls that name none. */
let progressSink = null;

/**
 * Runs `work` with `button` showing that it is under way (a spinner, and `note`, if given, in
 * the line `#busy-note`). When the engine runs in the page's worker and the work takes more
 * than a moment, the bar `#busy-bar` shows its progress and a Stop button (which ends the
 * worker: the work's call rejects with a `stopped` error).
 */
export async function busy(button, work, note = "") {
  button.disabled = true;
  button.setAttribute("aria-busy", "true");
  const line = $("#busy-note");
  if (note) { line.textContent = note; line.hidden = false; }
  const bar = $("#busy-bar");
  const shown = $("#busy-progress");
  shown.textContent = "Working…";
  const timer = setTimeout(() => { if (engine.engineKind() === "wasm") bar.hidden = false; }, 400);
  progressSink = (p) => {
    shown.textContent = `Working… ${fmt(p.nodes)} nodes, ${fmt(p.solutions)} solution${p.solutions === 1 ? "" : "s"}, ${fmtTime(p.seconds)}`;
  };
  try { return await work(); } finally {
    clearTimeout(timer);
    progressSink = null;
    bar.hidden = true;
    button.disabled = false;
    button.removeAttribute("aria-busy");
    if (note) line.hidden = true;
  }
}


export function isTyping(target) {
  if (!target) return false;
  const tag = target.tagName;
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag === "INPUT") return target.type !== "range" && target.type !== "checkbox";
  return target.isContentEditable;
}

/**
 * Fills each `.player-slot` with the player's controls from the one template: ids are the
 * template's `data-id`s after the slot's `data-prefix`.
 */
function fillPlayerSlots() {
  const tpl = $("#player-controls");
  for (const slot of document.querySelectorAll(".player-slot")) {
    const part = tpl.content.cloneNode(true);
    const pre = slot.dataset.prefix;
    for (const e of part.querySelectorAll("[data-id]")) {
      e.id = pre + e.dataset.id;
      e.removeAttribute("data-id");
    }
    const step = slot.dataset.step;
    part.querySelector(".slider").setAttribute("aria-label", step.charAt(0).toUpperCase() + step.slice(1));
    const delay = part.querySelector(".speed input");
    delay.value = slot.dataset.delay;
    delay.setAttribute("aria-label", `Delay between ${step}s`);
    slot.replaceWith(part);
  }
}
fillPlayerSlots();

/** `1 given`, `2 givens`. */
export const plural = (k, one, many = `${one}s`) => `${fmt(k)} ${k === 1 ? one : many}`;


/** Delay slider position (0..100) to milliseconds, on a log scale from 10 ms to 2 s. */
export const delayMs = (v) => Math.round(10 * Math.pow(200, v / 100));

/**
 * A step player bound to the controls whose ids start with `prefix`: slider, previous/next,
 * first/last, play/pause and delay. `onStep(step, index)` draws a step.
 */
export function makePlayer(prefix, onStep) {
  const q = (id) => $(`#${prefix}${id}`);
  const slider = q("step-slider"), text = q("step-text"), count = q("step-count");
  const playBtn = q("step-play"), delay = q("step-delay"), delayOut = q("step-delay-out");
  const note = q("trace-note");
  const info = q("trace-info");
  const P = { steps: [], i: 0, timer: null };

  function showDelay() { delayOut.textContent = `${delayMs(Number(delay.value))} ms`; }
  function setPlaying(on) {
    playBtn.querySelector(".i-play").hidden = on;
    playBtn.querySelector(".i-pause").hidden = !on;
    playBtn.querySelector(".play-label").textContent = on ? "Pause" : "Play";
    playBtn.setAttribute("aria-label", on ? "Pause" : "Play");
  }
  function pause() { clearTimeout(P.timer); P.timer = null; setPlaying(false); }
  function go(i) {
    if (!P.steps.length) return;
    P.i = Math.max(0, Math.min(P.steps.length - 1, i));
    slider.value = String(P.i);
    const step = P.steps[P.i];
    const depth = step.depth === undefined ? "" : ` · depth ${step.depth}`;
    count.textContent = `Step ${fmt(P.i + 1)} of ${fmt(P.steps.length)}${depth}`;
    text.textContent = step.text;
    text.className = `step-text kind-${step.kind || "logic"}`;
    onStep(step, P.i);
  }
  function tick() {
    if (P.i >= P.steps.length - 1) { pause(); return; }
    go(P.i + 1);
    P.timer = setTimeout(tick, delayMs(Number(delay.value)));
  }
  function play() {
    if (P.i >= P.steps.length - 1) go(0);
    setPlaying(true);
    clearTimeout(P.timer);
    P.timer = setTimeout(tick, delayMs(Number(delay.value)));
  }
  const toggle = () => (P.timer ? pause() : play());

  slider.addEventListener("input", () => { pause(); go(Number(slider.value)); });
  q("step-prev").addEventListener("click", () => { pause(); go(P.i - 1); });
  q("step-next").addEventListener("click", () => { pause(); go(P.i + 1); });
  q("step-first").addEventListener("click", () => { pause(); go(0); });
  q("step-last").addEventListener("click", () => { pause(); go(P.steps.length - 1); });
  playBtn.addEventListener("click", toggle);
  delay.addEventListener("input", showDelay);
  showDelay();

  return {
    load(steps, truncated, cap, extraNote) {
      pause();
      P.steps = steps;
      slider.max = String(Math.max(0, steps.length - 1));
      note.textContent = truncated
        ? `The trace is cut after ${fmt(steps.length)} steps (the cap is ${fmt(cap)}): the search went on beyond the last step shown.`
        : "";
      note.hidden = !truncated;
      info.textContent = extraNote || "";
      info.hidden = !extraNote;
      go(0);
    },
    pause, go, toggle,
    next() { pause(); go(P.i + 1); },
    prev() { pause(); go(P.i - 1); },
    first() { pause(); go(0); },
    last() { pause(); go(P.steps.length - 1); },
    get length() { return P.steps.length; },
  };
}

/** Keys for a player while its card is visible and the user is not typing. */
export function playerKeys(e, player) {
  if (isTyping(e.target) || e.ctrlKey || e.metaKey || e.altKey) return false;
  const onSlider = e.target && e.target.classList && e.target.classList.contains("slider");
  switch (e.key) {
    case " ": if (e.target.tagName === "BUTTON") return false; player.toggle(); return true;
    case "ArrowRight": if (onSlider) return false; player.next(); return true;
    case "ArrowLeft": if (onSlider) return false; player.prev(); return true;
    case "Home": if (onSlider) return false; player.first(); return true;
    case "End": if (onSlider) return false; player.last(); return true;
    default: return false;
  }
}

/**
 * The board and partial solution at any step of a trace, whose steps carry only what they
 * change (`changes`: [cell, digit], Sudoku only; `pop`, `push` on the stack), going forwards
 * or backwards from the step shown. `undo[i]` holds what step i overwrote.
 */
export function makeReplay(start, steps) {
  const grid = Uint8Array.from(start);
  const stack = [];
  const undo = steps.map((st) => ({ cells: (st.changes || []).map(([c]) => [c, 0]), popped: [] }));
  let at = -1; // the step whose result grid and stack hold
  const forward = (i) => {
    const st = steps[i];
    for (const [k, [c, d]] of (st.changes || []).entries()) { undo[i].cells[k][1] = grid[c]; grid[c] = d; }
    undo[i].popped = st.pop ? stack.splice(stack.length - st.pop, st.pop) : [];
    stack.push(...st.push);
  };
  const backward = (i) => {
    const st = steps[i];
    stack.length -= st.push.length;
    stack.push(...undo[i].popped);
    for (const [c, d] of undo[i].cells) grid[c] = d;
  };
  return {
    /** Moves to step i; returns the grid after it (shared: copy to keep) and the stack. */
    go(i) {
      while (at < i) forward(++at);
      while (at > i) backward(at--);
      return { grid, stack };
    },
  };
}

/** Why a search stopped early, in words: the engine's `meta.stops`, filled in at start-up. */
export const STOP_REASON = {};
