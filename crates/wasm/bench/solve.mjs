// Times the browser build in Node.js (V8, the engine of Chromium's Web Workers):
//   cargo build -p dlx-wasm --target wasm32-unknown-unknown --release
//   wasm-bindgen --target web --out-dir target/web target/wasm32-unknown-unknown/release/dlx_wasm.wasm
//   node crates/wasm/bench/solve.mjs target/web PUZZLE
// prints the time to instantiate and the median of 101 solves with each solver asked.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const [dir, puzzle] = process.argv.slice(2);
if (!dir || !puzzle) {
  console.error('usage: node solve.mjs BINDINGS_DIR PUZZLE');
  process.exit(2);
}
const base = pathToFileURL(resolve(dir) + '/');
const { default: init, call } = await import(new URL('dlx_wasm.js', base));
const t0 = performance.now();
await init({ module_or_path: readFileSync(new URL('dlx_wasm_bg.wasm', base)) });
console.log(`instantiate_ms ${(performance.now() - t0).toFixed(1)}`);
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
