// Times the engine's WebAssembly in Node.js (V8, the engine of Chromium's Web Workers),
// through the same C ABI the page's worker uses (crates/server/assets/worker.js):
//   cargo test -p dlx-server --test web        # builds target/web/dlx.wasm
//   node crates/wasm/bench/solve.mjs target/web/dlx.wasm PUZZLE
// prints the time to compile and instantiate and the median of 101 solves with each solver.
import { readFileSync } from 'node:fs';

const [path, puzzle] = process.argv.slice(2);
if (!path || !puzzle) {
  console.error('usage: node solve.mjs DLX_WASM PUZZLE');
  process.exit(2);
}
let engine;
const decoder = new TextDecoder();
const encoder = new TextEncoder();
const text = (ptr, len) => decoder.decode(new Uint8Array(engine.memory.buffer, ptr, len));
const imports = {
  dlx: {
    performance_now: () => performance.now(),
    date_now: () => Date.now(),
    progress: () => {},
  },
};
const bytes = readFileSync(path);
const t0 = performance.now();
engine = (await WebAssembly.instantiate(bytes, imports)).instance.exports;
console.log(`instantiate_ms ${(performance.now() - t0).toFixed(1)}`);

function put(s) {
  const b = encoder.encode(s);
  const ptr = engine.dlx_alloc(b.length);
  new Uint8Array(engine.memory.buffer, ptr, b.length).set(b);
  return [ptr, b.length];
}
function call(op, body) {
  const [o, ol] = put(op);
  const [b, bl] = put(body);
  const at = engine.dlx_call(o, ol, b, bl, 0);
  const answer = text(at, engine.dlx_answer_len());
  engine.dlx_free(o, ol);
  engine.dlx_free(b, bl);
  return answer;
}

for (const solver of [null, 'dlx']) {
  const body = JSON.stringify(solver ? { puzzle, solver } : { puzzle });
  const first = JSON.parse(call('solve', body));
  if (!first.ok) {
    console.error(JSON.stringify(first.error));
    process.exit(1);
  }
  const times = [];
  for (let i = 0; i < 101; i++) {
    const s = performance.now();
    call('solve', body);
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  console.log(`${solver ?? 'default'} ${first.ok.status} median_ms ${times[50].toFixed(3)} nodes ${first.ok.stats.nodes}`);
}
