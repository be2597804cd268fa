// New puzzles: the generator's controls (family, size, symmetry, band, seed), a classic
// puzzle made and rated, or a variant one, each by the engine; its menus are the engine's
// (`meta`: bands with their ranges, symmetries, variant families, the largest size made).

import { $, el, api, toast, busy, plural, fmtTime } from "./ui.js";
import { S, board, valuesOf, logicMax, bandName, variantPuzzle, META } from "./board.js";
import { setGrid } from "./storage.js";
import { loadVariant } from "./load.js";

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

/** Fills the generator's menus from the engine's `meta`, keeping what was chosen. */
export function fillGeneratorMenus() {
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
  // The page's choice of symmetry at first (the HTML's `data-default`), then the player's.
  const was = sym.value || sym.dataset.default;
  sym.replaceChildren(...META.symmetries.map((m) => el("option", { value: m.name, text: m.title })));
  if (META.symmetries.some((m) => m.name === was)) sym.value = was;
  // The usual sizes first (the page's menu), then every other size the engine makes.
  const sizes = $("#gen-size");
  const most = META.caps.max_generate_size;
  const made = META.sizes.filter((s) => s.n <= most).map((s) => s.n);
  for (const o of [...sizes.options]) if (!made.includes(Number(o.value))) o.remove();
  const have = new Set([...sizes.options].map((o) => Number(o.value)));
  const more = made.filter((n) => !have.has(n));
  if (more.length) {
    sizes.append(el("optgroup", { label: "Other sizes" }, ...more.map((n) => el("option", { value: String(n), text: `${n}×${n}` }))));
  }
  genSizeChanged();
}

function genSizeChanged() {
  // Before the engine's meta arrives, no band.
  const banded = !!META && Number($("#gen-size").value) === META.band_size;
  const kind = genKind();
  $("#gen-band").disabled = !banded;
  $("#gen-band").title = banded || !META ? "" : `Difficulty bands are for ${META.band_size}×${META.band_size} puzzles`;
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

/** Says what was made (`parts`, then the seed to make it again) and gives the board the keys. */
function showMade(parts, seed) {
  const info = $("#gen-info");
  parts.push(document.createTextNode(" · seed "), el("code", { id: "gen-seed-used", text: seed }));
  info.className = "info-note";
  info.replaceChildren(...parts);
  info.hidden = false;
  board.focus();
}

/** A new variant puzzle of the generator's family, size and symmetry, from the engine. */
async function generateVariant(kind, size, seed) {
  const body = { variant: kind.name, size };
  if (!kind.no_givens) body.symmetry = $("#gen-symmetry").value;
  const band = $("#gen-band").disabled ? "" : $("#gen-band").value;
  if (band) body.band = band;
  const json = JSON.stringify({ ...body, seed: 0 }).replace('"seed":0', `"seed":${BigInt(seed)}`);
  const info = $("#gen-info");
  try {
    const r = await api("variant_generate", json);
    loadVariant(r.view);
    const what = r.cages ? plural(r.cages, "cage") : plural(r.givens, "given");
    const parts = [
      el("span", { id: "gen-givens", text: `${kind.title || r.variant} · ${what}` }),
      document.createTextNode(`${r.minimal ? " (minimal)" : ""} · made in ${fmtTime(r.seconds)}`),
    ];
    // Made to a band: the engine rates the puzzle made, as it rates any puzzle.
    if (band) {
      try {
        const rt = await api("variant_rate", variantPuzzle(S.cells), undefined, true);
        parts.push(document.createTextNode(" · "), el("span", { id: "gen-rating", text: `ER ${Number(rt.er).toFixed(1)} (${bandName(rt.band)})` }));
      } catch (e) { /* the puzzle stands without its rating */ }
    }
    showMade(parts, seed);
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
  const band = $("#gen-band").disabled ? "" : $("#gen-band").value;
  if (band) body.band = band;
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
    showMade(parts, seed);
  } catch (e) {
    info.className = "error";
    info.textContent = e.message;
    info.hidden = false;
  }
}));
