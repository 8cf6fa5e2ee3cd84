// The replay of an explanation's candidates, and a hint's step applied to the player's marks.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { afterStep, digitsOf, positions, startPosition, stepChanges, stepMarks } from '../steps.js';

const bits = (...digits) => digits.reduce((b, d) => b | (1 << d), 0);

// kk1's first step, shortened to a 3x3: r1c1 is 3, its row and column lose 3.
const given = {
  cells: [[0, 0]],
  placed: [[0, 0, 3]],
  eliminated: [[0, 0, 1], [0, 0, 2], [0, 1, 3], [0, 2, 3], [1, 0, 3], [2, 0, 3]],
};

test('without start every cell starts with every digit', () => {
  const { values, candidates } = startPosition(undefined, 3);
  assert.deepEqual(values, new Array(9).fill(0));
  assert.deepEqual(candidates, new Array(9).fill(bits(1, 2, 3)));
});

test('start gives digits and lists of candidates', () => {
  const { values, candidates } = startPosition([2, [1, 3], [1], 0, 0, 0, 0, 0, 0], 3);
  assert.deepEqual(values.slice(0, 3), [2, 0, 0]);
  assert.deepEqual(candidates.slice(0, 3), [bits(2), bits(1, 3), bits(1)]);
});

test('a step places its digits and takes out its eliminations', () => {
  const before = startPosition(undefined, 3);
  const after = afterStep(before, given, 3);
  assert.equal(after.values[0], 3);
  assert.deepEqual(digitsOf(after.candidates[1], 3), [1, 2]);
  assert.deepEqual(digitsOf(after.candidates[3], 3), [1, 2]);
  assert.deepEqual(digitsOf(after.candidates[4], 3), [1, 2, 3]);
  assert.equal(before.values[0], 0, 'the position before is kept');
});

test('positions has the one before each step and the one after the last', () => {
  const list = positions({ steps: [given, { cells: [], placed: [[1, 1, 1]], eliminated: [[1, 1, 2]] }] }, 3);
  assert.equal(list.length, 3);
  assert.equal(list[0].values[0], 0);
  assert.equal(list[1].values[0], 3);
  assert.equal(list[2].values[4], 1);
});

test('stepMarks groups digits by cell', () => {
  const marks = stepMarks(given, 3);
  assert.deepEqual([...marks.cause], [0]);
  assert.deepEqual([...marks.placed.get(0)], [3]);
  assert.deepEqual([...marks.eliminated.get(0)], [1, 2]);
  assert.deepEqual([...marks.eliminated.get(3)], [3]);
});

test("a hint's step takes out exactly its candidates from the player's marks", () => {
  const values = new Array(9).fill(0);
  const notes = new Array(9).fill(0);
  notes[1] = bits(1, 3); // marked: loses 3
  notes[2] = bits(1, 2); // marked without 3: unchanged
  notes[0] = bits(1, 3); // the placed cell: its digit replaces the marks
  const changes = stepChanges(given, values, notes, 3);
  assert.deepEqual(changes, [
    { cell: 0, value: 3, notes: 0 },
    { cell: 1, notes: bits(1) },
  ]);
});

test('a step writes no candidates into cells the player had not marked', () => {
  const changes = stepChanges(given, new Array(9).fill(0), new Array(9).fill(0), 3);
  assert.deepEqual(changes, [{ cell: 0, value: 3, notes: 0 }]);
});
