// Times the page's Candidates fill (static/candidates.js, key M) on every 16x16 of
// corpora/random/unique-16x16.kk from an empty grid, the largest grids the page plays, and
// prints the median and the longest. The puzzles are read by the npm package's engine
// (scripts/build-npm.sh builds it into target/npm), as the page reads them.
//
//   node crates/cagey-web/bench/candidates.mjs [CORPUS]

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as engine from '../../../target/npm/index.js';
import { cageCandidates } from '../static/candidates.js';

const corpus = process.argv[2]
  ?? fileURLToPath(new URL('../../../corpora/random/unique-16x16.kk', import.meta.url));
await engine.load();
const puzzles = [];
for (const text of readFileSync(corpus, 'utf8').split(/(?=^# id=)/m)) {
  if (text.trim()) puzzles.push(await engine.parse(text));
}
// One round to warm V8 up, as a player's second press would be; then the timed round.
for (const puzzle of puzzles) cageCandidates(puzzle, new Array(puzzle.size ** 2).fill(0));
const times = puzzles.map((puzzle) => {
  const started = performance.now();
  cageCandidates(puzzle, new Array(puzzle.size ** 2).fill(0));
  return performance.now() - started;
}).sort((a, b) => a - b);
const ms = (t) => `${t.toFixed(1)} ms`;
console.log(`${times.length} puzzles: median ${ms(times[(times.length - 1) >> 1])}, longest ${ms(times.at(-1))}`);
