// The page's link: the puzzle's text in `#p=`, and with the player's progress the corner
// marks in `&c=`, which no puzzle format holds; links from before corner marks still read.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cornerBits, linkFragment, readFragment } from '../link.js';

const bits = (...digits) => digits.reduce((b, d) => b | (1 << d), 0);

test('a link without progress is the text alone, as links always were', () => {
  assert.equal(linkFragment('4:a,b&c'), '#p=4%3Aa%2Cb%26c');
  assert.deepEqual(readFragment('#p=4%3Aa%2Cb%26c'), { text: '4:a,b&c', corners: [] });
});

test('corner marks travel as r1c1 cells and their digits, and come back as bits', () => {
  const corner = new Array(16).fill(0);
  corner[1] = bits(2, 3);
  corner[15] = bits(4);
  corner[5] = bits(1); // under a digit: not shown, so not sent
  const digits = Object.assign(new Array(16).fill(0), { 5: 2 });
  const fragment = linkFragment('3+,0 1', { corner, digits, size: 4 });
  assert.equal(fragment, '#p=3%2B%2C0%201&c=r1c2:23,r4c4:4');
  const read = readFragment(fragment);
  assert.equal(read.text, '3+,0 1');
  assert.deepEqual(read.corners, [[0, 1, [2, 3]], [3, 3, [4]]]);
  assert.deepEqual(cornerBits(read.corners, 4), Object.assign(new Array(16).fill(0), { 1: bits(2, 3), 15: bits(4) }));
});

test('digits past 9 are letters, as in base 36', () => {
  const corner = new Array(144).fill(0);
  corner[143] = bits(1, 10, 12);
  const fragment = linkFragment('x', { corner, digits: new Array(144).fill(0), size: 12 });
  assert.equal(fragment, '#p=x&c=r12c12:1ac');
  assert.deepEqual(cornerBits(readFragment(fragment).corners, 12)[143], bits(1, 10, 12));
});

test('a link with no corner marks has no &c=, and an old or odd link reads as text', () => {
  assert.equal(linkFragment('x', { corner: [0, 0, 0, 0], digits: [0, 0, 0, 0], size: 2 }), '#p=x');
  // A text that happens to hold "&c=" unencoded, as a hand-made link might.
  assert.deepEqual(readFragment('#p=a&c=zz'), { text: 'a&c=zz', corners: [] });
  assert.equal(readFragment('#q=1'), null);
  assert.equal(readFragment(''), null);
  // Cells off the grid and digits past its size are dropped.
  assert.deepEqual(cornerBits([[0, 0, [1, 5]], [4, 0, [1]]], 2), [bits(1), 0, 0, 0]);
});
