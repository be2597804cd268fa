// Variant rules on the board: draws what the engine's `variant_view` answer describes (killer
// cages, extra regions, thermometers, arrows, kropki dots, XV, even/odd cells, diagonals,
// windoku windows, little killer and sandwich clues outside the grid) as one SVG over the
// board, in the board's own units (a cell is 1 by 1). It knows no rule of its own: every
// cell it draws comes from the engine (a little killer's diagonal, a window's cells, a
// jigsaw region), and the words from the engine's titles and sentences.

const SVG_NS = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, text = null) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== null) e.textContent = text;
  return e;
}

const key = ([r, c]) => `${r},${c}`;
const centre = ([r, c]) => [c + 0.5, r + 0.5];

/** Whether the view has clues outside the grid (little killers, sandwiches). */
export function hasOutsideClues(view) {
  return !!view && view.constraints.some((c) => c.kind === "little_killer" || c.kind === "sandwich");
}

/**
 * The outline of a set of cells, inset by `inset`: one segment per cell side that borders a
 * cell outside the set, shortened or lengthened at the corners so the segments meet.
 */
function outline(cells, inset) {
  const inside = new Set(cells.map(key));
  const has = (r, c) => inside.has(`${r},${c}`);
  const segs = [];
  for (const [r, c] of cells) {
    const x0 = c + inset, x1 = c + 1 - inset, y0 = r + inset, y1 = r + 1 - inset;
    // Each side: extend to the cell's edge where the neighbour along the side is in the set
    // (and the corner cell is not, or is: a concave corner stops at the inset).
    if (!has(r - 1, c)) segs.push([has(r, c - 1) && !has(r - 1, c - 1) ? c : x0, y0, has(r, c + 1) && !has(r - 1, c + 1) ? c + 1 : x1, y0]);
    if (!has(r + 1, c)) segs.push([has(r, c - 1) && !has(r + 1, c - 1) ? c : x0, y1, has(r, c + 1) && !has(r + 1, c + 1) ? c + 1 : x1, y1]);
    if (!has(r, c - 1)) segs.push([x0, has(r - 1, c) && !has(r - 1, c - 1) ? r : y0, x0, has(r + 1, c) && !has(r + 1, c - 1) ? r + 1 : y1]);
    if (!has(r, c + 1)) segs.push([x1, has(r - 1, c) && !has(r - 1, c + 1) ? r : y0, x1, has(r + 1, c) && !has(r + 1, c + 1) ? r + 1 : y1]);
  }
  return segs;
}

/** The first cell of a set in reading order (where a cage's sum is written). */
function firstCell(cells) {
  return [...cells].sort((a, b) => a[0] - b[0] || a[1] - b[1])[0];
}

const STEP = { UL: [-1, -1], UR: [-1, 1], DL: [1, -1], DR: [1, 1] };

/** Draws one constraint into group `g` (a group per constraint, `data-kind` its kind). */
function drawConstraint(g, c, n) {
  const rule = c.rule;
  switch (c.kind) {
    case "killer":
    case "extra_region": {
      const cls = c.kind === "killer" ? "cage" : "extra";
      for (const [x1, y1, x2, y2] of outline(c.cells, c.kind === "killer" ? 0.07 : 0.12)) {
        g.append(svg("line", { class: cls, x1, y1, x2, y2 }));
      }
      if (c.kind === "extra_region") {
        for (const [r, col] of c.cells) g.append(svg("rect", { class: "extra-fill", x: col, y: r, width: 1, height: 1 }));
      }
      if (rule.sum !== undefined && rule.sum !== null) {
        const [r, col] = firstCell(c.cells);
        g.append(svg("text", { class: "cage-sum", x: col + 0.1, y: r + 0.27 }, String(rule.sum)));
      }
      break;
    }
    case "thermo": {
      const pts = c.cells.map(centre);
      g.append(svg("polyline", { class: "thermo", points: pts.map((p) => p.join(",")).join(" ") }));
      g.append(svg("circle", { class: "thermo-bulb", cx: pts[0][0], cy: pts[0][1], r: 0.36 }));
      break;
    }
    case "arrow": {
      const circle = rule.circle.map((s) => cellOf(s));
      const line = rule.line.map((s) => cellOf(s));
      // The circle: one round shape around its cells (a pill for several in a row).
      const rs = circle.map((x) => x[0]), cs = circle.map((x) => x[1]);
      const x0 = Math.min(...cs), x1 = Math.max(...cs) + 1, y0 = Math.min(...rs), y1 = Math.max(...rs) + 1;
      g.append(svg("rect", { class: "arrow-circle", x: x0 + 0.1, y: y0 + 0.1, width: x1 - x0 - 0.2, height: y1 - y0 - 0.2, rx: 0.4, ry: 0.4 }));
      if (line.length) {
        // From the circle's cell next to the line's first cell, along the line.
        const near = circle.reduce((best, x) => (dist(x, line[0]) < dist(best, line[0]) ? x : best), circle[0]);
        const pts = [near, ...line].map(centre);
        // Start at the circle's edge, not its centre.
        const [ax, ay] = pts[0], [bx, by] = pts[1];
        const len = Math.hypot(bx - ax, by - ay) || 1;
        pts[0] = [ax + (bx - ax) / len * 0.4, ay + (by - ay) / len * 0.4];
        g.append(svg("polyline", { class: "arrow-line", points: pts.map((p) => p.join(",")).join(" ") }));
        // The head at the last cell.
        const [ex, ey] = pts[pts.length - 1], [px, py] = pts[pts.length - 2];
        const l = Math.hypot(ex - px, ey - py) || 1, ux = (ex - px) / l, uy = (ey - py) / l;
        const hx = ex - ux * 0.25, hy = ey - uy * 0.25;
        g.append(svg("polyline", { class: "arrow-line", points: `${hx - uy * 0.18},${hy + ux * 0.18} ${ex},${ey} ${hx + uy * 0.18},${hy - ux * 0.18}` }));
      }
      break;
    }
    case "difference":
    case "ratio": {
      const [a, b] = c.cells.map(centre);
      const cx = (a[0] + b[0]) / 2, cy = (a[1] + b[1]) / 2;
      g.append(svg("circle", { class: `dot ${c.kind === "difference" ? "white" : "black"}`, cx, cy, r: 0.13 }));
      const plain = c.kind === "difference" ? 1 : 2;
      if (rule.value !== undefined && rule.value !== plain) {
        g.append(svg("text", { class: `dot-value ${c.kind === "difference" ? "white" : "black"}`, x: cx, y: cy + 0.06 }, String(rule.value)));
      }
      break;
    }
    case "xv": {
      const [a, b] = c.cells.map(centre);
      const cx = (a[0] + b[0]) / 2, cy = (a[1] + b[1]) / 2;
      g.append(svg("rect", { class: "xv-back", x: cx - 0.14, y: cy - 0.14, width: 0.28, height: 0.28, rx: 0.05 }));
      g.append(svg("text", { class: "xv", x: cx, y: cy + 0.1 }, rule.letter));
      break;
    }
    case "even": {
      const [r, col] = c.cells[0];
      g.append(svg("rect", { class: "parity even", x: col + 0.15, y: r + 0.15, width: 0.7, height: 0.7 }));
      break;
    }
    case "odd": {
      const [x, y] = centre(c.cells[0]);
      g.append(svg("circle", { class: "parity odd", cx: x, cy: y, r: 0.36 }));
      break;
    }
    case "little_killer": {
      const [dr, dc] = STEP[rule.direction];
      const [r, col] = c.cells[0];
      // The clue sits one step before the diagonal's first cell, outside the grid.
      const cx = col - dc + 0.5, cy = r - dr + 0.5;
      // Pulled towards the grid so that it stays near the edge.
      const px = Math.min(Math.max(cx, -0.35), n + 0.35), py = Math.min(Math.max(cy, -0.35), n + 0.35);
      g.append(svg("text", { class: "outside-clue little-killer", x: px, y: py + 0.1 }, String(rule.sum)));
      const ax = px + dc * 0.28, ay = py + dr * 0.28;
      g.append(svg("line", { class: "lk-arrow", x1: ax, y1: ay, x2: ax + dc * 0.16, y2: ay + dr * 0.16 }));
      break;
    }
    case "sandwich": {
      const row = rule.line[0] === "r";
      const k = Number(rule.line.slice(1)) - 1;
      const x = row ? -0.35 : k + 0.5, y = row ? k + 0.5 : -0.35;
      g.append(svg("text", { class: "outside-clue sandwich", x, y: y + 0.1 }, String(rule.sum)));
      break;
    }
    default:
      break;
  }
}

function dist(a, b) {
  return Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]);
}

/** `r3c4` (1-based, as our JSON writes a cell) to [row, column], 0-based. */
function cellOf(s) {
  const m = /^r(\d+)c(\d+)$/i.exec(s);
  return m ? [Number(m[1]) - 1, Number(m[2]) - 1] : [0, 0];
}

/**
 * Draws the rules of `view` over the board: an SVG inside `wrap` (the board's frame), or
 * nothing (and the old drawing removed) for a classic puzzle.
 */
export function drawRules(wrap, view) {
  let o = wrap.querySelector(".rules-overlay");
  wrap.classList.toggle("outside", hasOutsideClues(view));
  if (!view) { if (o) o.remove(); return; }
  const n = view.size;
  if (!o) {
    o = svg("svg", { class: "rules-overlay", "aria-hidden": "true" });
    wrap.append(o);
  }
  o.setAttribute("viewBox", `0 0 ${n} ${n}`);
  o.replaceChildren();
  // Under everything: the houses the rules add (windows shaded, diagonals drawn).
  const houses = svg("g", { class: "houses" });
  for (const h of view.houses) {
    const g = svg("g", { "data-house": h.kind, "data-name": h.name });
    if (h.kind === "window") {
      for (const [r, c] of h.cells) g.append(svg("rect", { class: "window", x: c, y: r, width: 1, height: 1 }));
    } else if (h.kind === "diagonal_positive" || h.kind === "diagonal_negative") {
      const a = centre(h.cells[0]), b = centre(h.cells[h.cells.length - 1]);
      g.append(svg("line", { class: "diagonal", x1: a[0], y1: a[1], x2: b[0], y2: b[1] }));
    } else if (h.kind === "disjoint_group") {
      // A faint number in each cell's corner: the group it belongs to.
      for (const [r, c] of h.cells) {
        g.append(svg("text", { class: "group-mark", x: c + 0.92, y: r + 0.95 }, String(Number(h.name.replace(/\D+/g, "")))));
      }
    }
    houses.append(g);
  }
  o.append(houses);
  const rules = svg("g", { class: "rules" });
  for (const c of view.constraints) {
    if (c.global) continue;
    const g = svg("g", { "data-kind": c.kind, "data-index": c.index, "data-cells": c.cells.map(([r, col]) => r * n + col).join(" ") });
    drawConstraint(g, c, n);
    rules.append(g);
  }
  o.append(rules);
}

/**
 * What each cell's label adds for a screen reader: the constraints it is in (`killer cage 3,
 * sum 15`), by cell index.
 */
export function cellNotes(view) {
  const notes = new Map();
  if (!view) return notes;
  const n = view.size;
  for (const c of view.constraints) {
    if (c.global) continue;
    const sum = c.rule.sum !== undefined && c.rule.sum !== null ? `, sum ${c.rule.sum}` : "";
    const what = `${c.title} ${c.index}${sum}`;
    // A little killer and a sandwich are said once, at their first cell.
    const cells = c.kind === "little_killer" || c.kind === "sandwich" ? c.cells.slice(0, 1) : c.cells;
    for (const [r, col] of cells) {
      const i = r * n + col;
      if (!notes.has(i)) notes.set(i, []);
      notes.get(i).push(what);
    }
  }
  return notes;
}

/** The rules of the whole grid, in words (for the rules card): the engine's titles. */
export function globalRules(view) {
  return view ? view.constraints.filter((c) => c.global).map((c) => c.title) : [];
}

/** How many constraints of each kind, in words: `29 killer cages, 2 thermometers`. */
export function clueCounts(view) {
  const counts = new Map();
  for (const c of view.constraints) {
    if (c.global) continue;
    counts.set(c.title, (counts.get(c.title) || 0) + 1);
  }
  return [...counts].map(([t, k]) => `${k} ${t}${k === 1 ? "" : "s"}`);
}

/**
 * Draws the areas of a logical step over the variant's rules (`pattern.areas`: a jigsaw
 * region, a diagonal, a window, a killer cage... each `{name, cells}` from the engine) as
 * outlines, or removes them (`areas` empty). Nothing on a classic board.
 */
export function drawAreas(wrap, areas, n) {
  const o = wrap.querySelector(".rules-overlay");
  if (!o) return;
  const old = o.querySelector("g.step-areas");
  if (old) old.remove();
  if (!areas || !areas.length) return;
  const g = svg("g", { class: "step-areas" });
  for (const a of areas) {
    const one = svg("g", { "data-area": a.name, "data-cells": a.cells.map(([r, c]) => r * n + c).join(" ") });
    for (const [x1, y1, x2, y2] of outline(a.cells, 0.03)) one.append(svg("line", { class: "area", x1, y1, x2, y2 }));
    g.append(one);
  }
  o.append(g);
}

/**
 * Every named group of cells of a variant, by the name the engine's sentences and search
 * items give it: `row 3`, `column 3`, `region 4`, the houses the rules add (`diagonal+`,
 * `window 2`), and each constraint with cells (`killer cage 3`, `thermometer 1`); the cells as
 * row-major indices.
 */
export function namedCells(view) {
  const n = view.size;
  const out = new Map();
  const put = (name, i) => {
    if (!out.has(name)) out.set(name, []);
    out.get(name).push(i);
  };
  for (let i = 0; i < n * n; i++) {
    put(`row ${Math.floor(i / n) + 1}`, i);
    put(`column ${i % n + 1}`, i);
    put(`region ${view.regions[i] + 1}`, i);
  }
  for (const h of view.houses) out.set(h.name, h.cells.map(([r, c]) => r * n + c));
  for (const c of view.constraints) {
    if (!c.global) out.set(`${c.title} ${c.index}`, c.cells.map(([r, col]) => r * n + col));
  }
  return out;
}

/**
 * The group of cells a search item of a variant names, or null: `digit 5 in region 4` and
 * `digit 5 inside killer cage 2` name `region 4` and `killer cage 2`, as do `killer cage 2`,
 * `killer cage 2, part 1` and `r1c1 in killer cage 2`.
 */
export function itemArea(item, named) {
  if (!item) return null;
  let m = /^digit \S+ (?:in|inside) (.+)$/.exec(item) || /^r\d+c\d+ in (.+)$/.exec(item);
  let name = m ? m[1] : item;
  m = /^(.+?), (?:part \d+|sum of its first \d+ cells)$/.exec(name);
  if (m) name = m[1];
  return named.has(name) ? named.get(name) : null;
}
