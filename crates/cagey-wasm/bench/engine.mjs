// How much slower the engine in WebAssembly is than the native library on the same work:
// each puzzle of a corpus file solved (with the proof of uniqueness), graded, hinted and
// explained through the npm package under Node (V8, Chromium's engine), timed per call;
// examples/engine.rs asks the same questions natively, and scripts/bench-wasm.sh runs both.
//
//   node crates/cagey-wasm/bench/engine.mjs FILE [PACKAGE_FOLDER]
//
// Prints one line per kind of work: the median and largest time per puzzle in ms.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [file, folder = 'target/npm'] = process.argv.slice(2);
const cagey = await import(pathToFileURL(resolve(folder, 'index.js')).href);
await cagey.load();

// One puzzle per blank-line-separated block of the kk file.
const puzzles = readFileSync(file, 'utf8').split(/\n\s*\n/).map((text) => text.trim()).filter(Boolean);

function time(work) {
  const times = puzzles.map((puzzle) => {
    const started = performance.now();
    work(puzzle);
    return performance.now() - started;
  }).sort((a, b) => a - b);
  const median = times[Math.floor((times.length - 1) / 2)];
  return `median ${median.toFixed(3)} ms, max ${times[times.length - 1].toFixed(3)} ms`;
}

// One warm-up pass, so that V8 has compiled the module's hot code at its top tier.
for (const puzzle of puzzles) cagey.solve(puzzle);
console.log(`${puzzles.length} puzzles of ${file}`);
console.log(`wasm solve+prove  ${time((p) => cagey.solve(p))}`);
console.log(`wasm grade        ${time((p) => cagey.grade(p))}`);
console.log(`wasm hint         ${time((p) => cagey.hint(p))}`);
console.log(`wasm explain      ${time((p) => cagey.explain(p))}`);
console.log(`wasm generate 9x9 hard ${(() => {
  const times = [];
  for (let seed = 1; seed <= 20; seed += 1) {
    const started = performance.now();
    cagey.generate({ size: 9, difficulty: 'hard', seed });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return `median ${times[9].toFixed(1)} ms, max ${times[19].toFixed(1)} ms (20 seeds)`;
})()}`);
