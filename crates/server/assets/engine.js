// The worker bridge: one `call(op, body, onProgress)` for the whole page, answered by the
// engine in a Web Worker (worker.js running dlx.wasm) when it loads, and by the JSON API of
// `dlx serve` otherwise. Both give the same answers (`dlx_api::json::call` behind each).
//
// The order: the worker first, because it has no server's budget (a long search runs until
// it ends or the user stops it) and the page then works from any static host; the API when
// the module is not there (a `dlx serve` whose wasm was not built). `?engine=server` in the
// page's address asks for the API, `?engine=wasm` for the worker only.
//
// Cancelling (`cancel()`) terminates a busy worker, rejects what was asked of it and starts a
// fresh one; the API's searches end at the server's own limits.

/** The operations and the API route of each (used when the worker is not there). */
const ROUTES = {
  meta: "/api/meta",
  check: "/api/sudoku/check",
  solve: "/api/sudoku/solve",
  trace: "/api/sudoku/trace",
  explain: "/api/sudoku/explain",
  hint: "/api/sudoku/hint",
  rate: "/api/sudoku/rate",
  generate: "/api/sudoku/generate",
  xcc_solve: "/api/xcc/solve",
  xcc_trace: "/api/xcc/trace",
  queens: "/api/queens",
  variant_check: "/api/variants/check",
  variant_solve: "/api/variants/solve",
  variant_trace: "/api/variants/trace",
  variant_view: "/api/variants/view",
  variant_generate: "/api/variants/generate",
  variant_explain: "/api/variants/explain",
  variant_hint: "/api/variants/hint",
  variant_rate: "/api/variants/rate",
};

const wanted = new URLSearchParams(self.location.search).get("engine");

let nextId = 1;
let loadError = null;

/**
 * One worker and the calls it has not answered. The page has two lanes, each its own worker,
 * so that work it does not wait for (a rating after a solve, which can take seconds with no
 * server budget) never holds up what the player asked for: "main" and "background".
 */
class Lane {
  constructor() {
    this.worker = null;
    /** id -> {resolve, reject, onProgress} */
    this.pending = new Map();
    this.ready = null; // a promise: true once the worker's module is loaded
  }

  /** Starts the worker (once per restart); resolves to whether its module loaded. */
  start() {
    if (this.ready) return this.ready;
    if (typeof Worker === "undefined" || typeof WebAssembly === "undefined") {
      this.ready = Promise.resolve(false);
      return this.ready;
    }
    this.ready = new Promise((settle) => {
      let w;
      try {
        w = new Worker(new URL("worker.js", import.meta.url));
      } catch (e) {
        loadError = String(e && e.message || e);
        settle(false);
        return;
      }
      w.onmessage = (e) => {
        const m = e.data;
        if ("ready" in m) {
          if (m.ready) {
            this.worker = w;
          } else {
            w.terminate();
            loadError = m.error;
          }
          settle(!!m.ready);
          return;
        }
        const p = this.pending.get(m.id);
        if (!p) return;
        if (m.progress) {
          if (p.onProgress) p.onProgress(m.progress);
          return;
        }
        this.pending.delete(m.id);
        if (m.answer && "ok" in m.answer) p.resolve(m.answer.ok);
        else p.reject(apiError(m.answer && m.answer.error, "the engine"));
      };
      w.onerror = (e) => {
        e.preventDefault();
        if (this.worker !== w) {
          loadError = e.message || "the worker did not start";
          settle(false);
          return;
        }
        this.restart(new Error(`the engine failed: ${e.message || "unknown error"}`));
      };
    });
    return this.ready;
  }

  busy() {
    return this.pending.size > 0;
  }

  async call(op, body, onProgress) {
    if (!(await this.start())) {
      throw new Error(`the engine (dlx.wasm) did not load${loadError ? `: ${loadError}` : ""}`);
    }
    const id = nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      this.worker.postMessage({ id, op, body: typeof body === "string" ? body : JSON.stringify(body ?? {}), progress: !!onProgress });
    });
  }

  /** Ends the worker; its calls reject with `err`; a fresh worker starts. */
  restart(err) {
    const old = this.worker;
    this.worker = null;
    this.ready = null;
    if (old) old.terminate();
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
    this.start();
  }
}

const lanes = { main: new Lane(), background: new Lane() };

/** Resolves to "wasm" (the worker answers) or "server" (the JSON API does). */
export const ready = (wanted === "server" ? Promise.resolve(false) : lanes.main.start())
  .then((ok) => (ok || wanted === "wasm" ? "wasm" : "server"));

let kind = null;
ready.then((k) => { kind = k; });

/** Which engine answers: "wasm", "server", or null while the worker loads. */
export function engineKind() {
  return kind;
}

/** Why the worker's module did not load (null if it did, or was not tried). */
export function engineLoadError() {
  return loadError;
}

/** An Error carrying an API error body (`error`, and `field`, `line`, `column`, `cells`). */
function apiError(body, who) {
  const err = new Error((body && body.error) || `${who} answered with no message`);
  err.body = body || {};
  return err;
}

async function viaServer(op, body) {
  const route = ROUTES[op];
  if (!route) throw new Error(`no operation \`${op}\``);
  let url = route;
  let opts = {};
  if (op === "queens") {
    const q = typeof body === "string" ? JSON.parse(body) : body;
    const params = new URLSearchParams();
    for (const k of ["limit", "list", "heuristic"]) if (q[k] !== undefined && q[k] !== null) params.set(k, q[k]);
    url = `${route}/${q.n}?${params}`;
  } else if (op !== "meta") {
    opts = {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body ?? {}),
    };
  }
  let resp;
  try {
    resp = await fetch(url, opts);
  } catch (e) {
    throw new Error("cannot reach the server: is `dlx serve` still running?");
  }
  let data = null;
  try { data = await resp.json(); } catch (e) { /* not JSON */ }
  if (!resp.ok) throw apiError(data || { error: `the server answered ${resp.status}` }, "the server");
  return data;
}

/**
 * Runs operation `op` (see ROUTES) on `body` (an object, or JSON text already written) and
 * resolves to its answer; rejects with an Error whose `body` is the API's error body.
 * `onProgress`, when given, receives where a long search stands (the worker only). With
 * `background` the call runs on the second worker and replaces the background call still
 * running, if any (which rejects with a `stopped` error).
 */
export async function call(op, body, onProgress, background = false) {
  const k = await ready;
  if (k !== "wasm") return viaServer(op, body);
  const lane = background ? lanes.background : lanes.main;
  if (background && lane.busy()) lane.restart(stopped());
  return lane.call(op, body, onProgress);
}

function stopped() {
  const err = new Error("Stopped: the work was cancelled.");
  err.stopped = true;
  return err;
}

/** Stops what the workers are doing: their calls reject with a `stopped` error, fresh
 * workers start. False when there was nothing to stop. */
export function cancel() {
  let any = false;
  for (const lane of Object.values(lanes)) {
    if (lane.busy()) {
      lane.restart(stopped());
      any = true;
    }
  }
  return any;
}
