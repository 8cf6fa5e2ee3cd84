// The npm package (scripts/build-npm.sh) as a JavaScript programmer uses it under Node:
// loaded from its folder, it reads a puzzle and a link, solves, grades, generates and
// writes links, and its errors are CageyErrors with the API's status and line.
//
//   scripts/build-npm.sh && node --test crates/cagey-wasm/tests/npm.test.mjs
//
// CAGEY_NPM names another folder holding the built package (default target/npm).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const folder = resolve(process.env.CAGEY_NPM ?? new URL('../../../target/npm', import.meta.url).pathname);
const cagey = await import(pathToFileURL(`${folder}/index.js`).href);
await cagey.load();

// The J essay's 4x4 (kk0) and its solution, row by row.
const KK0 = '1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n2%,14 15\n';
const KK0_SOLUTION = [1, 2, 4, 3, 4, 3, 2, 1, 2, 1, 3, 4, 3, 4, 1, 2];

test('reads a puzzle and solves it, proving the solution unique', () => {
  const parsed = cagey.parse(KK0);
  assert.equal(parsed.summary, '4x4 KenKen, 7 cages');
  assert.equal(parsed.format, 'kk');
  const solved = cagey.solve(KK0);
  assert.equal(solved.outcome, 'unique');
  assert.deepEqual(solved.solution, KK0_SOLUTION);
  assert.deepEqual(cagey.count(KK0), { count: 1, complete: true, message: 'exactly 1 solution' });
});

test('grades, hints and explains as the server does', () => {
  const graded = cagey.grade(KK0);
  assert.ok(['easy', 'normal', 'hard', 'extreme', 'unreasonable'].includes(graded.level));
  assert.ok(graded.score > 0);
  assert.equal(cagey.hint(KK0).hint.kind, 'step');
  const { explanation } = cagey.explain(KK0);
  assert.equal(explanation.verdict, 'solved');
  assert.ok(explanation.steps.length > 0);
});

test('generates a unique puzzle at the level asked, again from its seed', () => {
  const made = cagey.generate({ size: 5, difficulty: 'hard', seed: 42 });
  assert.equal(made.level, 'hard');
  assert.equal(cagey.solve(made.puzzle).outcome, 'unique');
  assert.equal(cagey.grade(made.puzzle).level, 'hard');
  assert.equal(cagey.generate({ size: 5, difficulty: 'hard', seed: 42 }).puzzle, made.puzzle);
  const killer = cagey.generate({ kind: 'killer', size: 4, seed: 3 });
  assert.match(cagey.parse(killer.puzzle).kind, /Killer/);
});

test('writes links that read back to the same puzzle', () => {
  for (const to of ['keen', 'sudokupad', 'fpuzzles']) {
    const { text } = cagey.convert(KK0, to);
    const back = cagey.solve(text);
    assert.deepEqual(back.solution, KK0_SOLUTION, `${to}: ${text}`);
  }
  assert.match(cagey.render(KK0), /<svg[^>]*>/);
  assert.ok(cagey.examples().some((example) => example.name === 'kk0'));
});

test('bad input is a CageyError naming what is wrong', () => {
  assert.throws(() => cagey.parse('11+,0 1\n3*,2 x\n'), (error) => {
    assert.ok(error instanceof cagey.CageyError);
    assert.equal(error.status, 400);
    assert.equal(error.line, 2);
    return true;
  });
  assert.throws(() => cagey.generate({ size: 5, kind: 'killer' }), /prime/);
  assert.throws(() => cagey.call('launch'), /no question "launch"/);
});
