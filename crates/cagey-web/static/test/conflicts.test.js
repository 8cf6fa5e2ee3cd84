// The rules a grid breaks, found without the solution.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { brokenRules, conflicts } from '../conflicts.js';
import { KK0 as kk0 } from './fixtures.js';

const grid = (cells) => Object.assign(new Array(16).fill(0), cells);

test('a digit twice in a row or a column', () => {
  const found = conflicts(kk0, grid({ 1: 3, 3: 3, 14: 2, 5: 2 }));
  assert.deepEqual([...found.keys()].sort((a, b) => a - b), [1, 3]);
  assert.deepEqual(found.get(1), ['3 repeated in row 1']);
  const column = conflicts(kk0, grid({ 1: 4, 13: 4 }));
  assert.deepEqual(column.get(13), ['4 repeated in column 2']);
});

test('a full cage that misses its target; an unfinished one is not judged', () => {
  assert.equal(conflicts(kk0, grid({ 12: 3 })).size, 0);
  const found = conflicts(kk0, grid({ 12: 3, 13: 2 }));
  assert.deepEqual(found.get(12), ['cage 7+ misses its target']);
  assert.equal(conflicts(kk0, grid({ 12: 3, 13: 4, 14: 1, 15: 2 })).size, 0, '3+4 and 2÷1 are right');
  assert.deepEqual(conflicts(kk0, grid({ 0: 2 })).get(0), ['cage 1 misses its target']);
});

test('a hidden operation over three cells: − and ÷ only under the multi-cell rule', () => {
  // 1? over a row holding 4 2 1: 4 − 2 − 1 = 1, but no sum or product makes 1.
  const hidden = {
    size: 4, regions: null, killer: false, kind: 'KenKen',
    cages: [{ cells: [0, 1, 2], label: '1?', op: '?', target: 1 }],
  };
  const row = grid({ 0: 4, 1: 2, 2: 1 });
  assert.deepEqual(conflicts(hidden, row).get(0), ['cage 1? misses its target']);
  assert.equal(conflicts({ ...hidden, multi_cell: true }, row).size, 0);
});

test('boxes of a KenDoku or Killer, and a killer cage repeating a digit', () => {
  const killer = {
    size: 4,
    killer: true,
    kind: 'Killer Sudoku',
    regions: [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3],
    cages: [
      { cells: [0, 1], label: '3', op: '+', target: 3 },
      { cells: [4, 8, 12], label: '8', op: '+', target: 8 },
    ],
  };
  const box = conflicts(killer, grid({ 0: 2, 5: 2 }));
  assert.deepEqual(box.get(5), ['2 repeated in box 1']);
  const cage = conflicts(killer, grid({ 4: 3, 12: 3 }));
  assert.deepEqual(cage.get(4), ['3 repeated in column 1', '3 repeated in cage 8']);
  // Full, 3 + 1 + 3 is not 8 either, but the library names the repeat alone, and so do we.
  const full = conflicts(killer, grid({ 4: 3, 8: 1, 12: 3 }));
  assert.deepEqual(full.get(4), ['3 repeated in column 1', '3 repeated in cage 8']);
  assert.equal(full.get(8), undefined);
  assert.deepEqual(conflicts(killer, grid({ 4: 3, 8: 1, 12: 2 })).get(8), ['cage 8 misses its target']);
});

test('repeats and missed cages apart: a cage that misses is named once, not by its cells', () => {
  const { repeats, missed } = brokenRules(kk0, grid({ 12: 3, 13: 2, 4: 4, 5: 4 }));
  assert.deepEqual([...repeats.keys()].sort((a, b) => a - b), [4, 5]);
  assert.deepEqual(missed.map((cage) => cage.label), ['7+']);
  // The cells of the missed cage repeat nothing.
  assert.equal(repeats.has(12), false);
  assert.equal(repeats.has(13), false);
});

test('the diagonal rule: a digit twice on a long diagonal, named by its end cells as the library names it', () => {
  const killerX = {
    size: 4,
    killer: true,
    diagonals: true,
    kind: 'Killer Sudoku',
    regions: [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3],
    cages: [{ cells: [0, 1], label: '3', op: '+', target: 3 }],
  };
  // r1c1 and r3c3 on the falling diagonal; r1c4 and r4c1 on the rising one.
  const found = conflicts(killerX, grid({ 0: 4, 10: 4, 3: 2, 12: 2 }));
  assert.deepEqual(found.get(0), ['4 repeated in the diagonal r1c1-r4c4']);
  assert.deepEqual(found.get(10), ['4 repeated in the diagonal r1c1-r4c4']);
  assert.deepEqual(found.get(12), ['2 repeated in the diagonal r1c4-r4c1']);
  // Without the rule the same grid breaks nothing.
  assert.equal(conflicts({ ...killerX, diagonals: false }, grid({ 0: 4, 10: 4, 3: 2, 12: 2 })).size, 0);
});
