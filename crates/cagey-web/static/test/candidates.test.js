// The candidates the page fills in (M): the digits a cell's row, column and box lack, cut
// down to those some filling of its cage makes its clue with.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cageCandidates, peersInWords, peersOf, unitCandidates } from '../candidates.js';
import { KK0 as kk0 } from './fixtures.js';

const grid = (cells, n = 4) => Object.assign(new Array(n * n).fill(0), cells);
const bits = (...digits) => digits.reduce((b, d) => b | (1 << d), 0);

test('a cage keeps only the digits some filling of it makes its clue with', () => {
  const found = cageCandidates(kk0, grid({ 0: 1 }));
  assert.equal(found[0], 0, 'a filled cell has none');
  // 4+ down r1c4, r2c4: 1 + 3 either way, and row 1 holds the 1.
  assert.equal(found[3], bits(3));
  assert.equal(found[7], bits(1));
  // 8× on r2c1, r3c1, r3c2: 1 × 2 × 4 with the 1 kept out of column 1, and 2 × 2 × 2
  // repeats in a row or a column.
  assert.equal(found[4], bits(2, 4));
  assert.equal(found[8], bits(2, 4));
  assert.equal(found[9], bits(1));
  assert.equal(found[12], bits(3, 4), '7+ is 3 + 4');
  assert.equal(found[14], bits(1, 2, 4), '2÷ is 1 and 2 or 2 and 4');
  assert.equal(found[10], bits(1, 2, 3, 4), '1− takes any digit');
  // The rows and columns alone leave more.
  assert.equal(unitCandidates(kk0, grid({ 0: 1 }))[3], bits(2, 3, 4));
});

test('a given cage holds its digit, and a placed digit in the cage counts', () => {
  const found = cageCandidates(kk0, grid({ 4: 4 }));
  assert.equal(found[0], bits(1));
  // 8× with a 4 placed: the other two make 2, as 1 × 2.
  assert.equal(found[8], bits(1, 2));
  assert.equal(found[9], bits(1, 2));
});

test('the killer rule: a cage holds different digits even off a shared row or column', () => {
  const puzzle = (killer) => ({
    size: 4, regions: null, killer, cages: [{ cells: [0, 1, 4], op: '+', target: 4 }],
  });
  // r1c2 and r2c1 share no row or column: both 1 with a 2 in r1c1 makes 4.
  const plain = cageCandidates(puzzle(false), grid({}));
  assert.deepEqual([plain[0], plain[1], plain[4]], [bits(2), bits(1), bits(1)]);
  // Three different digits add up to 6 at least: nothing fits.
  const killer = cageCandidates(puzzle(true), grid({}));
  assert.deepEqual([killer[0], killer[1], killer[4]], [0, 0, 0]);
  // A cell in no cage has its units' candidates.
  assert.equal(killer[5], bits(1, 2, 3, 4));
});

test('a box shares its digits, and a hidden operation is any of the four', () => {
  const puzzle = {
    size: 4, regions: [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3], killer: false,
    cages: [{ cells: [0, 1], op: '?', target: 6 }],
  };
  // 6? over two cells: 2 + 4 or 2 × 3; a 4 placed in the box leaves 2 × 3.
  assert.equal(cageCandidates(puzzle, grid({}))[0], bits(2, 3, 4));
  const found = cageCandidates(puzzle, grid({ 5: 4 }));
  assert.equal(found[0], bits(2, 3));
  assert.equal(found[1], bits(2, 3));
});

test('a cage too big to enumerate keeps its units\' candidates', () => {
  const digits = grid({ 0: 1 });
  const found = cageCandidates(kk0, digits, { maxTries: 1 });
  assert.deepEqual(found, unitCandidates(kk0, digits));
});

test('the peers of a cell: its row, column, box, and in a killer its cage', () => {
  const killer = {
    size: 4, regions: [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3], killer: true,
    cages: [{ cells: [5, 6, 10], op: '+', target: 6 }],
  };
  assert.deepEqual([...peersOf(killer, 5)].sort((a, b) => a - b), [0, 1, 4, 6, 7, 9, 10, 13]);
  assert.deepEqual([...peersOf(kk0, 5)].sort((a, b) => a - b), [1, 4, 6, 7, 9, 13]);
});

test('under the diagonal rule a diagonal cell sees its diagonals, the centre both', () => {
  const plain = { size: 5, regions: null, killer: false, cages: [] };
  const crossed = { ...plain, diagonals: true };
  const centre = 12;
  const diagonals = [0, 6, 18, 24, 4, 8, 16, 20];
  assert.deepEqual(
    [...peersOf(crossed, centre)].sort((a, b) => a - b),
    [...new Set([...peersOf(plain, centre), ...diagonals])].sort((a, b) => a - b),
  );
  // r1c1 holds 3: r5c5 (falling diagonal) loses 3, r2c4 (rising) keeps it.
  const taken = unitCandidates(crossed, grid({ 0: 3 }, 5));
  assert.equal(taken[24] & bits(3), 0);
  assert.equal(taken[8] & bits(3), bits(3));
  assert.equal(unitCandidates(plain, grid({ 0: 3 }, 5))[24] & bits(3), bits(3));
});

test('the houses a placed digit is cleaned from, in words: a KenKen has no box and no cage to name', () => {
  // The Clean marks switch said "its row, column, box and cage" on every puzzle.
  assert.equal(peersInWords(kk0), 'its row and column');
  const boxes = [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3];
  assert.equal(peersInWords({ ...kk0, regions: boxes, kind: 'KenDoku' }), 'its row, column and box');
  assert.equal(peersInWords({ ...kk0, regions: boxes, killer: true, kind: 'Killer Sudoku' }), 'its row, column, box and cage');
  assert.equal(
    peersInWords({ ...kk0, regions: boxes, killer: true, kind: 'Killer Jigsaw', diagonals: true }),
    'its row, column, region, diagonals and cage',
  );
});
