"use strict";
// The engine's Web Worker: loads dlx.wasm (crates/wasm, a plain C ABI, no bindings generator)
// and answers the page's messages `{id, op, body}` with `{id, answer}`, where `answer` is what
// `dlx_api::json::call` gives: `{ok: ANSWER}` or `{error: ERROR_BODY}`. While a long search
// runs it posts `{id, progress}`. When the module is loaded it posts `{ready: true}`, or
// `{ready: false, error}` when it cannot be (the page then asks the JSON API instead).
// To cancel, the page terminates this worker and starts a fresh one.

const decoder = new TextDecoder();
const encoder = new TextEncoder();

let module = null; // the compiled module, kept to start a fresh instance after a trap
let engine = null; // the instance's exports
let current = null; // the id of the call running

/** The UTF-8 text of `len` bytes at `ptr` in the module's memory (read at once: memory can grow). */
function text(ptr, len) {
  return decoder.decode(new Uint8Array(engine.memory.buffer, ptr, len));
}

const imports = {
  dlx: {
    performance_now: () => performance.now(),
    date_now: () => Date.now(),
    progress: (ptr, len) => {
      try {
        postMessage({ id: current, progress: JSON.parse(text(ptr, len)) });
      } catch (e) { /* a report that does not read is skipped */ }
    },
  },
};

function instantiate() {
  engine = new WebAssembly.Instance(module, imports).exports;
}

/** Copies `s` into fresh memory of the module: `[ptr, len]`, given back with dlx_free. */
function put(s) {
  const bytes = encoder.encode(s);
  const ptr = engine.dlx_alloc(bytes.length);
  new Uint8Array(engine.memory.buffer, ptr, bytes.length).set(bytes);
  return [ptr, bytes.length];
}

/** Runs one operation; the answer as the page reads it. */
function run(op, body, progress) {
  const [opPtr, opLen] = put(op);
  const [bodyPtr, bodyLen] = put(body);
  try {
    const at = engine.dlx_call(opPtr, opLen, bodyPtr, bodyLen, progress ? 1 : 0);
    const answer = JSON.parse(text(at, engine.dlx_answer_len()));
    engine.dlx_free(opPtr, opLen);
    engine.dlx_free(bodyPtr, bodyLen);
    return answer;
  } catch (e) {
    // A trap (a panic aborts the module): its memory is in no known state, so start afresh.
    instantiate();
    return { error: { error: `internal error: the engine stopped (${e.message})` } };
  }
}

const loaded = (async () => {
  try {
    const resp = await fetch(new URL("dlx.wasm", self.location.href));
    if (!resp.ok) throw new Error(`dlx.wasm: HTTP ${resp.status}`);
    module = await WebAssembly.compile(await resp.arrayBuffer());
    instantiate();
    postMessage({ ready: true });
    return true;
  } catch (e) {
    postMessage({ ready: false, error: String(e && e.message || e) });
    return false;
  }
})();

self.onmessage = async (e) => {
  const { id, op, body, progress } = e.data;
  if (!(await loaded)) {
    postMessage({ id, answer: { error: { error: "the engine (dlx.wasm) did not load" } } });
    return;
  }
  current = id;
  const answer = run(op, typeof body === "string" ? body : JSON.stringify(body ?? {}), progress);
  current = null;
  postMessage({ id, answer });
};
