// Where corner marks go: the corners first, then the middles, never where the clue is.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { cornerPlaces, coveredBy } from '../corners.js';

const places = (digits, covered) => cornerPlaces(digits, covered).map(({ place, digits: d }) => `${place}:${d.join('')}`);

test('a cell without a clue: the four corners, then the middles, the sides last', () => {
  assert.deepEqual(places([1, 2, 3, 4, 5], coveredBy(null)), ['tl:1', 'tr:2', 'bl:3', 'br:4', 'tc:5']);
  assert.deepEqual(places([1, 2, 3, 4, 5, 6, 7, 8], []), ['tl:1', 'tr:2', 'bl:3', 'br:4', 'tc:5', 'bc:6', 'ml:7', 'mr:8']);
  assert.deepEqual(places([], []), []);
});

test("a clue's corner is skipped, and the top's middle when the clue is wide", () => {
  // The player review's: five marks by a killer's sum (a clue a third of the cell wide).
  assert.deepEqual(places([1, 2, 3, 4, 5], coveredBy(0.32)), ['tr:1', 'bl:2', 'br:3', 'tc:4', 'bc:5']);
  // A KenKen clue like 504× reaches past the middle.
  assert.deepEqual(coveredBy(0.62), ['tl', 'tc']);
  assert.deepEqual(places([1, 2, 3, 4, 5], coveredBy(0.62)), ['tr:1', 'bl:2', 'br:3', 'bc:4', 'ml:5']);
  assert.deepEqual(coveredBy(0.8), ['tl', 'tc', 'tr']);
});

test('marks past the free places share the last one, none hidden', () => {
  const nine = [1, 2, 3, 4, 5, 6, 7, 8, 9];
  assert.deepEqual(places(nine, coveredBy(0.62)), ['tr:1', 'bl:2', 'br:3', 'bc:4', 'ml:5', 'mr:6789']);
  assert.equal(cornerPlaces(nine, []).flatMap(({ digits }) => digits).length, 9);
});
