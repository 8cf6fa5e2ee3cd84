// What Check says and marks: a repeated digit on its cells, a cage that misses its target
// on the cage, and the digits against the solution when it is known.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkReport } from '../check.js';
import { KK0 as kk0 } from './fixtures.js';

const grid = (cells) => Object.assign(new Array(16).fill(0), cells);
const sorted = (set) => [...set].sort((a, b) => a - b);
const several = { outcome: 'several' };

test('a full cage that misses its target marks the cage, not its digits', () => {
  // 7+ holding 3 and 2: no digit repeats.
  const report = checkReport({ puzzle: kk0, digits: grid({ 12: 3, 13: 2 }), solved: several });
  assert.deepEqual(sorted(report.wrong), []);
  assert.deepEqual(sorted(report.repeated), []);
  assert.deepEqual(sorted(report.missed), [12, 13]);
  assert.equal(
    report.message,
    '1 cage misses its target (7+ at r4c1); digits were not compared with a solution (the puzzle has several solutions) (marked).',
  );
  assert.equal(report.kind, 'bad');
});

test('repeats and missed cages are told apart, and wrong digits are counted beside them', () => {
  // Row 2 holds 4 twice; 7+ holds 3 and 2. The solution's row 2 is 4 3 2 1, row 4 3 4 1 2.
  const digits = grid({ 0: 1, 4: 4, 5: 4, 12: 3, 13: 2 });
  const report = checkReport({
    puzzle: kk0, digits, solved: { outcome: 'unique' }, wrongDigits: new Set([5, 13]), lacking: new Set(),
  });
  assert.deepEqual(sorted(report.repeated), [4, 5], 'the repeats');
  assert.deepEqual(sorted(report.wrong), [5, 13], 'the wrong digits; not r4c1, which is right');
  assert.deepEqual(sorted(report.missed), [12, 13]);
  assert.equal(
    report.message,
    '2 cells repeat a digit (r2c1 and r2c2); 1 cage misses its target (7+ at r4c1); compared with the solution, 2 cells are wrong (marked).',
  );
});

test('a clean grid, and one whose solution is not known yet', () => {
  const clean = checkReport({ puzzle: kk0, digits: grid({ 0: 1 }), solved: { outcome: 'unique' } });
  assert.equal(clean.message, 'No conflicts; compared with the solution, no mistakes so far.');
  assert.equal(clean.kind, 'good');
  const waiting = checkReport({ puzzle: kk0, digits: grid({ 1: 3, 3: 3 }), solved: null });
  assert.equal(
    waiting.message,
    '2 cells repeat a digit (r1c2 and r1c4); the solution is still being worked out, so digits were not compared with it (marked).',
  );
});

test('past four, cells and cages are counted rather than named', () => {
  // Row 1 holds 2 three times, row 2 holds 3 four times: seven cells repeat a digit.
  const digits = grid({ 1: 2, 2: 2, 3: 2, 4: 3, 5: 3, 6: 3, 7: 3 });
  const report = checkReport({ puzzle: kk0, digits, solved: several });
  assert.match(report.message, /^7 cells repeat a digit \(r1c2, r1c3, r1c4, r2c1 and 3 more\);/);
});

test('Check marks a digit repeated on a diagonal under the diagonal rule', () => {
  const killerX = { ...kk0, diagonals: true };
  // r1c4 and r4c1 hold 2: the rising diagonal, not a row or column.
  const digits = grid({ 3: 2, 12: 2 });
  const report = checkReport({ puzzle: killerX, digits, solved: several });
  assert.deepEqual(sorted(report.repeated), [3, 12]);
  assert.match(report.message, /^2 cells repeat a digit \(r1c4 and r4c1\)/);
  assert.equal(checkReport({ puzzle: kk0, digits, solved: several }).repeated.size, 0);
});

test('cells whose marks leave out the solution\'s digit are counted in good English, one or several', () => {
  const digits = grid({});
  const say = (lacking) => checkReport({ puzzle: kk0, digits, solved: { outcome: 'unique' }, lacking: new Set(lacking) }).message;
  assert.equal(say([5]), 'No conflicts; compared with the solution, 1 cell lacks its digit in the marks (marked).');
  // It said "2 cells lack its digit in the marks".
  assert.equal(say([5, 6]), 'No conflicts; compared with the solution, 2 cells lack their digits in the marks (marked).');
});
