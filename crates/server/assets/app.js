// dlx web app: the entry module. ES modules over the engine bridge (engine.js), no build step,
// no dependencies:
//   engine.js   the worker bridge (dlx.wasm in a Web Worker, or the JSON API)
//   ui.js       DOM helpers, the engine call with its progress, busy state, the step player's
//               controls (no puzzle state)
//   board.js    the Sudoku board's state, geometry and drawing; the engine's `meta`
//   timer.js    time on the puzzle and the solved moment
//   storage.js  undo and redo, progress kept in localStorage, the share link
//   input.js    keyboard, mouse, digit pad, pencil marks
//   load.js     puzzles onto the board: text, files, paste, examples, sizes
//   solve.js    the live check, Check, Solve, the rating
//   player.js   the players on the board and the search player
//   logic.js    hints in levels and the logic player
//   generate.js new puzzles
//   variants.js a variant's rules drawn; links.js the dancing-links view; xcc.js the Exact
//               cover tab and N queens
// Here: the tabs, the menus filled from the engine's words, and the start-up.

import * as engine from "./engine.js";
import { $, el, api, toast, playerKeys, STOP_REASON } from "./ui.js";
import { board, setMeta, META } from "./board.js";
import "./input.js";
import "./solve.js";
import "./player.js";
import "./logic.js";
import { EXAMPLES, loadText, loadVariant, emptyGrid, fillSizeMenu } from "./load.js";
import { restoreProgress } from "./storage.js";
import { fillGeneratorMenus } from "./generate.js";
import { xccState, xccInit, xccPlayer, useEngineWords } from "./xcc.js";

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

// The exact-cover player's keys (the Sudoku players' are player.js's).
document.addEventListener("keydown", (e) => {
  if (!$("#panel-xcc").hidden && !$("#xcc-player-card").hidden && playerKeys(e, xccPlayer)) e.preventDefault();
});

$("#busy-stop").addEventListener("click", () => { engine.cancel(); board.focus(); });

// ───────────────────────────── the engine's words ─────────────────────────────

/** Fills `select` with the engine's words (`name`, `title`, `text`), keeping what was chosen. */
function fillMenu(select, words) {
  const was = select.value;
  select.replaceChildren(...words.map((w) => el("option", { value: w.name, text: w.title, title: w.text || "" })));
  if (words.some((w) => w.name === was)) select.value = was;
}

/** Puts the engine's words in the page: menus, stop reasons, sizes, the generator's menus. */
function useMeta() {
  for (const st of META.stops) STOP_REASON[st.name] = st.text;
  fillMenu($("#solver-select"), META.solvers);
  fillMenu($("#heuristic-select"), META.heuristics);
  fillMenu($("#xcc-heuristic"), META.heuristics);
  fillMenu($("#xcc-algorithm"), META.algorithms);
  fillSizeMenu();
  fillGeneratorMenus();
  useEngineWords(META);
}

// ───────────────────────────── start-up ─────────────────────────────

async function start() {
  try {
    setMeta(await api("meta"));
    useMeta();
  } catch (e) {
    toast(`The engine did not answer: ${e.message}`, true);
    return;
  }
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
