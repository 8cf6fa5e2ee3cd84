// Saving and resuming games through a Storage-like object, without a browser.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CURRENT, currentText, hash, progressKey, readProgress, saveProgress } from '../storage.js';

/** A Map-backed stand-in for localStorage. */
function memory() {
  const map = new Map();
  return { getItem: (k) => (map.has(k) ? map.get(k) : null), setItem: (k, v) => map.set(k, String(v)), map };
}

test('a saved game reads back as it was, and the puzzle becomes the current one', () => {
  const storage = memory();
  const game = { values: [1, 0, 0, 2], notes: [0, 6, 0, 0], corner: [0, 0, 8, 0], elapsed: 12.5, done: false };
  const key = progressKey('{"size":2}');
  assert.equal(saveProgress(storage, key, 'the text', game), true);
  assert.deepEqual(readProgress(storage, key, 4), game);
  assert.equal(currentText(storage), 'the text');
  assert.equal(storage.map.get(CURRENT), 'the text');
});

test('nothing saved, another grid size or unreadable text read as nothing', () => {
  const storage = memory();
  assert.equal(readProgress(storage, 'k', 4), null);
  saveProgress(storage, 'k', 't', { values: [0], notes: [0], elapsed: 0, done: false });
  assert.equal(readProgress(storage, 'k', 4), null);
  storage.setItem('k', '{not json');
  assert.equal(readProgress(storage, 'k', 4), null);
  assert.equal(currentText(memory()), null);
});

test('old saves without time, done or corner marks read as zero and not done', () => {
  const storage = memory();
  storage.setItem('k', JSON.stringify({ values: [0, 0, 0, 0], notes: [0, 0, 0, 0] }));
  assert.deepEqual(readProgress(storage, 'k', 4), {
    values: [0, 0, 0, 0], notes: [0, 0, 0, 0], corner: [0, 0, 0, 0], elapsed: 0, done: false,
  });
});

test('a storage that refuses leaves the game going', () => {
  const full = { getItem: () => { throw new Error('off'); }, setItem: () => { throw new Error('full'); } };
  assert.equal(saveProgress(full, 'k', 't', { values: [], notes: [], elapsed: 0, done: false }), false);
  assert.equal(readProgress(full, 'k', 4), null);
  assert.equal(currentText(full), null);
});

test('keys are stable and differ between puzzles', () => {
  // The key of games saved by earlier versions of the page: it must not change.
  assert.equal(hash(''), (5381).toString(36));
  assert.equal(progressKey('{"size":2}'), progressKey('{"size":2}'));
  assert.notEqual(progressKey('{"size":2}'), progressKey('{"size":3}'));
  assert.match(progressKey('x'), /^cagey:progress:[0-9a-z]+$/);
});
