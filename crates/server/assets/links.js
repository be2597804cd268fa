// The dancing-links view: the exact-cover matrix of a small problem (a 4x4 Sudoku, an exact
// cover of the Exact cover tab) at a step of a trace, drawn whole or as a window around the
// step.

import { svg, fmt } from "./ui.js";

// ───────────────────────────── dancing-links view ─────────────────────────────

/** The most options and items drawn whole; a bigger matrix is drawn as a window. */
const MATRIX_ROWS = 130, MATRIX_COLS = 100;
/** The window's size: options and items drawn around the step. */
const WINDOW_ROWS = 60, WINDOW_COLS = 80;

/** A Sudoku item's label in short (`digit 5 in row 4` to `r4#5`); other names as they are. */
function shortName(it) {
  const m = it.label && /^digit (\S+) in (row|column|box) (\d+)$/.exec(it.label);
  return m ? `${m[2][0] === "b" ? "b" : m[2][0]}${m[3]}#${m[1]}` : (it.label || it.name);
}

/**
 * Which options and items of `m` to draw at a step: all of a small matrix; of a big one, the
 * chosen options, the one tried, the first options of the item being branched on and those
 * that follow the step's option, and the items these touch (the item in focus first).
 */
function matrixWindow(m, chosen, focusOpt, focusItem, colNodes) {
  const items = m.items.length, opts = m.options.length;
  let rows;
  if (opts <= MATRIX_ROWS) rows = [...Array(opts).keys()];
  else {
    const pick = new Set(chosen);
    if (focusOpt >= 0) pick.add(focusOpt);
    if (focusItem >= 0) for (const o of colNodes(focusItem).slice(0, WINDOW_ROWS / 4)) pick.add(o);
    const anchor = focusOpt >= 0 ? focusOpt : chosen.length ? chosen[chosen.length - 1] : 0;
    for (let o = anchor; o < opts && pick.size < WINDOW_ROWS; o++) pick.add(o);
    for (let o = anchor - 1; o >= 0 && pick.size < WINDOW_ROWS; o--) pick.add(o);
    rows = [...pick].sort((a, b) => a - b);
  }
  let cols;
  if (items <= MATRIX_COLS) cols = [...Array(items).keys()];
  else {
    const pick = new Set(focusItem >= 0 ? [focusItem] : []);
    const add = (o) => { for (const it of m.options[o]) if (pick.size < WINDOW_COLS) pick.add(it); };
    if (focusOpt >= 0) add(focusOpt);
    for (const o of chosen) add(o);
    for (const o of rows) add(o);
    cols = [...pick].sort((a, b) => a - b);
  }
  return { rows, cols };
}

/**
 * Draws the exact-cover matrix with its links as they stand after `step`: items covered by
 * the chosen options are unlinked from the header list, options that clash with a chosen one
 * are hidden (their nodes leave the vertical lists), the chosen options are green, and the
 * item being branched on and the option being tried are amber. A matrix too big to draw whole
 * is drawn as a window around the step (see `matrixWindow`), and `note` says what is left out.
 */
export function drawMatrix(container, m, step, note = null) {
  const chosen = new Set(step.stack);
  const covered = new Map(); // item -> color (null when uncolored)
  for (const o of step.stack) {
    m.options[o].forEach((it, k) => covered.set(it, m.colors ? m.colors[o][k] : null));
  }
  const hidden = (o) => !chosen.has(o) && m.options[o].some((it, k) => {
    if (!covered.has(it)) return false;
    const c = m.colors ? m.colors[o][k] : null;
    return c === null || c !== covered.get(it);
  });
  // Exact-cover traces name the item by index; Sudoku traces by its label (`r4c7`).
  let focusItem = -1;
  if (step.item_id !== undefined && step.item_id !== null) focusItem = step.item_id;
  else if (step.item) focusItem = m.items.findIndex((it) => it.label === step.item || it.name === step.item);
  let focusOpt = -1;
  if (step.kind === "try") {
    focusOpt = step.option !== undefined && step.option !== null ? step.option : step.stack[step.stack.length - 1];
  }
  // The options of an item, in order (built once per matrix).
  if (!m.colNodes) {
    m.colNodes = Array.from({ length: m.items.length }, () => []);
    m.options.forEach((its, o) => its.forEach((it) => m.colNodes[it].push(o)));
  }
  const { rows, cols } = matrixWindow(m, step.stack, focusOpt, focusItem, (j) => m.colNodes[j]);
  const colAt = new Map(cols.map((j, k) => [j, k]));
  const rowAt = new Map(rows.map((o, k) => [o, k]));
  const items = cols.length, opts = rows.length;
  const names = cols.map((j) => shortName(m.items[j]));

  let maxLabel = 1;
  for (const o of rows) maxLabel = Math.max(maxLabel, Math.min(28, m.labels[o].length));
  const avail = Math.max(320, container.clientWidth || 620);
  // Text size follows the cell size, which follows the room left after the labels; never
  // below 11 px (the matrix scrolls instead).
  const guess = Math.floor((avail - 200) / Math.max(items, 1));
  const fs = Math.max(11, Math.min(13, guess * 0.45));
  const labelW = (String(m.options.length).length + maxLabel + 2) * fs * 0.62 + 12;
  const s = Math.max(12, Math.min(44, Math.floor((avail - labelW - 16) / Math.max(items, 1))));
  const r = Math.max(2.4, Math.min(7, s * 0.28));
  const maxName = Math.max(1, ...names.map((x) => x.length));
  const rotate = maxName * fs * 0.62 > s - 2;
  const headH = rotate ? Math.min(100, maxName * fs * 0.55 + s + 10) : s + fs + 10;
  const x = (j) => labelW + colAt.get(j) * s + s / 2;
  const y = (o) => headH + 8 + rowAt.get(o) * s + s / 2;
  const W = labelW + items * s + 12, H = headH + 8 + opts * s + 10;
  const root = svg("svg", { width: W, height: H, viewBox: `0 0 ${W} ${H}`, role: "img",
    "aria-label": `Exact-cover matrix: ${m.items.length} items, ${m.options.length} options` });

  // Backgrounds: the chosen rows, the row being tried and the column being branched on.
  for (const o of rows) {
    const cls = o === focusOpt ? "focus" : chosen.has(o) ? "chosen" : null;
    if (cls) root.append(svg("rect", { class: `lv-rowbg ${cls}`, x: 2, y: y(o) - s / 2, width: W - 4, height: s, rx: 3 }));
  }
  if (colAt.has(focusItem)) {
    root.append(svg("rect", { class: "lv-colbg focus", x: x(focusItem) - s / 2, y: 2, width: s, height: H - 4, rx: 3 }));
  }

  // The header list: a line through the items still active.
  const activeHeads = cols.filter((j) => !covered.has(j));
  if (activeHeads.length > 1) {
    const hy = headH - s / 2;
    root.append(svg("polyline", { class: "lv-hlist", points: activeHeads.map((j) => `${x(j)},${hy}`).join(" ") }));
  }

  // Vertical lists: for each active item, its header and the nodes of the options not hidden.
  const isHidden = new Map(rows.map((o) => [o, hidden(o)]));
  for (const j of activeHeads) {
    let py = headH - s / 2;
    for (const o of m.colNodes[j]) {
      if (!rowAt.has(o) || isHidden.get(o)) continue;
      root.append(svg("line", { class: "lv-vlink", x1: x(j), y1: py, x2: x(j), y2: y(o) }));
      py = y(o);
    }
  }
  // Horizontal links: each option not hidden, through its nodes from left to right.
  for (const o of rows) {
    if (isHidden.get(o)) continue;
    const xs = m.options[o].filter((it) => colAt.has(it)).map(x).sort((a, b) => a - b);
    if (xs.length > 1) root.append(svg("line", { class: "lv-hlink", x1: xs[0], y1: y(o), x2: xs[xs.length - 1], y2: y(o) }));
  }
  // Headers and their names.
  cols.forEach((j, k) => {
    const it = m.items[j];
    const cls = ["lv-head", it.primary ? "primary" : "secondary", covered.has(j) ? "covered" : "", j === focusItem ? "focus" : ""].join(" ");
    const hs = Math.max(6, Math.min(16, s * 0.62));
    root.append(svg("rect", { class: cls, x: x(j) - hs / 2, y: headH - s / 2 - hs / 2, width: hs, height: hs, rx: 2 }));
    const t = svg("text", { class: `lv-name${covered.has(j) ? " covered" : ""}`, "font-size": fs });
    t.textContent = names[k];
    const title = svg("title");
    title.textContent = it.label ? `${it.label} (item ${it.name})` : `item ${it.name}${it.primary ? "" : " (secondary)"}`;
    t.append(title);
    if (rotate) {
      t.setAttribute("transform", `translate(${x(j) + 3},${headH - s - 2}) rotate(-60)`);
    } else {
      t.setAttribute("x", x(j)); t.setAttribute("y", headH - s - 4); t.setAttribute("text-anchor", "middle");
    }
    root.append(t);
  });
  // Nodes and option labels.
  for (const o of rows) {
    const state = o === focusOpt ? "focus" : chosen.has(o) ? "chosen" : isHidden.get(o) ? "hidden" : "";
    for (const it of m.options[o]) {
      if (colAt.has(it)) root.append(svg("circle", { class: `lv-node ${state}`, cx: x(it), cy: y(o), r }));
    }
    const label = svg("text", { class: `lv-label ${state}`, x: 6, y: y(o) + fs * 0.35, "font-size": fs });
    const full = m.labels[o];
    label.textContent = `${o}  ${full.length > 28 ? full.slice(0, 27) + "…" : full}`;
    const title = svg("title");
    title.textContent = `option ${o}: ${full}`;
    label.append(title);
    root.append(label);
  }
  container.replaceChildren(root);
  if (note) {
    const cut = rows.length < m.options.length || cols.length < m.items.length;
    note.textContent = cut
      ? `Drawn: ${fmt(rows.length)} of ${fmt(m.options.length)} options and ${fmt(cols.length)} of ${fmt(m.items.length)} items (the chosen options, the option tried and its neighbours, the item branched on); the rest are not drawn.`
      : "";
    note.hidden = !cut;
  }
}

