// The store and the session over fakes: one dispatch reaches every listener, and a puzzle
// loads with the game saved for it, without a browser.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createStore } from '../store.js';
import { createClock } from '../clock.js';
import { initialState, reduce } from '../game.js';
import { createSession } from '../session.js';
import { progressKey, saveProgress } from '../storage.js';

test('dispatch runs the reducer, then every listener with what it returned', () => {
  const store = createStore({ n: 0 }, (state, action) => { state.n += action.by; return { big: state.n > 1 }; });
  const heard = [];
  const stop = store.subscribe((state, action, info) => heard.push([state.n, action.by, info.big]));
  assert.deepEqual(store.dispatch({ by: 1 }), { big: false });
  store.dispatch({ by: 1 });
  stop();
  store.dispatch({ by: 1 });
  assert.deepEqual(heard, [[1, 1, false], [2, 1, true]]);
  assert.equal(store.state.n, 3);
});

const PUZZLE = {
  size: 2, givens: [0, 0, 0, 0], summary: 'a 2x2', format: 'kk', progress: [0, 0, 0, 0],
  json: '{"size":2}',
};

function session(storage) {
  const store = createStore(initialState(), reduce);
  const api = async (path) => {
    if (path === 'parse') return PUZZLE;
    if (path === 'solve') return { outcome: 'unique', solution: [1, 2, 2, 1], message: 'one' };
    if (path === 'check') return { solved: true };
    throw new Error(path);
  };
  api.background = api; // the page's background work, here answered at once
  let ms = 0;
  const clock = createClock(() => ms);
  return { store, clock, session: createSession({ store, api, storage, clock }), pass: (s) => { ms += s * 1000; } };
}

function memory() {
  const map = new Map();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => map.set(k, String(v)) };
}

test('loading resumes the saved game and its time, then solving fills the answer', async () => {
  const storage = memory();
  saveProgress(storage, progressKey(PUZZLE.json), 'old', { values: [1, 0, 0, 0], notes: [0, 0, 0, 0], elapsed: 30, done: false });
  const { store, clock, session: s, pass } = session(storage);
  const saves = [];
  store.subscribe((_, action, info) => { if (info.save) saves.push(action.type); });
  assert.equal(await s.load('text'), true);
  assert.deepEqual(store.state.values, [1, 0, 0, 0]);
  assert.equal(clock.running, true);
  pass(5);
  assert.equal(clock.seconds(), 35);
  assert.deepEqual(saves, ['load']);
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(s.solution(), [1, 2, 2, 1]);
});

test('a full grid the server confirms stops the clock and says so', async () => {
  const { store, clock, session: s } = session(memory());
  await s.load('text');
  store.dispatch({ type: 'apply', changes: [1, 2, 2, 1].map((value, cell) => ({ cell, value })) });
  await s.checkComplete();
  assert.equal(store.state.done, true);
  assert.equal(clock.running, false);
  assert.match(store.state.status.message, /^Solved in 0:00\. Well done!$/);
});

test('a full grid the server finds wrong has every broken rule said, repeats marked on cells and cages as cages', async () => {
  const store = createStore(initialState(), reduce);
  const api = async (path) => {
    if (path === 'parse') return PUZZLE;
    if (path === 'solve') return { outcome: 'unique', solution: [1, 2, 2, 1], message: 'one' };
    if (path === 'check') {
      return {
        solved: false,
        violations: [
          { rule: 'row', cells: [[0, 0], [0, 1]], message: 'row 1 holds 1 twice: r1c1 and r1c2' },
          { rule: 'column', cells: [[0, 0], [1, 0]], message: 'column 1 holds 1 twice: r1c1 and r2c1' },
          { rule: 'cage', cells: [[1, 0], [1, 1]], message: 'cage 5+ at r2c1: its digits 1 2 do not make 5+' },
        ],
      };
    }
    throw new Error(path);
  };
  api.background = api;
  const clock = createClock(() => 0);
  const s = createSession({ store, api, storage: memory(), clock });
  await s.load('text');
  store.dispatch({ type: 'apply', changes: [1, 1, 1, 2].map((value, cell) => ({ cell, value })) });
  await s.checkComplete();
  assert.equal(store.state.done, false);
  assert.equal(clock.running, true);
  assert.equal(store.state.status.message, 'Every cell is filled, but not right yet: row 1 holds 1 twice: '
    + 'r1c1 and r1c2; column 1 holds 1 twice: r1c1 and r2c1; cage 5+ at r2c1: its digits 1 2 do not make 5+ '
    + '(marked).');
  assert.deepEqual([...store.state.marks.repeated].sort(), [0, 1, 2], 'the repeats; r2c2 only misses its cage');
  assert.deepEqual([...store.state.marks.missed].sort(), [2, 3], 'the cage is marked as a cage');
});

test('a puzzle with several solutions is said at once, and Check has nothing to check against', async () => {
  const store = createStore(initialState(), reduce);
  const api = async (path) => (path === 'parse' ? PUZZLE
    : { outcome: 'several', solution: [1, 2, 2, 1], solutions: [[1, 2, 2, 1], [2, 1, 1, 2]], message: 'two' });
  api.background = api;
  const s = createSession({ store, api, storage: memory(), clock: createClock(() => 0) });
  await s.load('text');
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(store.state.status.message, 'This puzzle has more than one solution; you can still play it.');
  assert.equal(s.solution(), null);
  assert.match(store.state.status.message, /^No single solution to check against\./);
});
