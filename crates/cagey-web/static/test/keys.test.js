// The board's keys mapped to actions, without a browser.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { keyAction, TWO_DIGIT_MS } from '../keys.js';

const key = (key, fields = {}) => ({ key, code: '', shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...fields });
const on = (size, extra = {}) => ({ size, selected: 4, typed: null, now: 1000, ...extra });

test('arrows move and take the key from the page', () => {
  assert.deepEqual(keyAction(key('ArrowUp'), on(6)), { action: { type: 'move', dr: -1, dc: 0, extend: false }, preventDefault: true, typed: null });
  assert.deepEqual(keyAction(key('ArrowRight'), on(6)).action, { type: 'move', dr: 0, dc: 1, extend: false });
  // Shift+arrow extends the selection.
  assert.equal(keyAction(key('ArrowLeft', { shiftKey: true }), on(6)).action.extend, true);
});

test('Ctrl+Z undoes; Ctrl+Y, Ctrl+Shift+Z and Cmd+Y redo', () => {
  assert.equal(keyAction(key('z', { ctrlKey: true }), on(6)).action.type, 'undo');
  assert.equal(keyAction(key('Z', { ctrlKey: true, shiftKey: true }), on(6)).action.type, 'redo');
  assert.equal(keyAction(key('y', { ctrlKey: true }), on(6)).action.type, 'redo');
  assert.equal(keyAction(key('y', { metaKey: true }), on(6)).action.type, 'redo');
  // Other shortcuts stay the browser's.
  assert.deepEqual(keyAction(key('c', { ctrlKey: true }), on(6)), { action: null, preventDefault: false, typed: null });
  assert.equal(keyAction(key('1', { altKey: true }), on(6)).action, null);
});

test('digits by key or by code, Shift as a corner mark, Ctrl as a centre mark, beyond the grid ignored', () => {
  assert.deepEqual(keyAction(key('3'), on(6)).action, { type: 'digit', value: 3, mark: null, replace: false });
  // Shift+3 reads '#' as the key on most layouts: the code says which digit.
  assert.deepEqual(keyAction(key('#', { code: 'Digit3', shiftKey: true }), on(6)).action, { type: 'digit', value: 3, mark: 'corner', replace: false });
  assert.deepEqual(keyAction(key('3', { code: 'Digit3', ctrlKey: true }), on(6)), {
    action: { type: 'digit', value: 3, mark: 'centre', replace: false }, preventDefault: true, typed: null,
  });
  assert.equal(keyAction(key('5', { code: 'Numpad5' }), on(6)).action.value, 5);
  assert.deepEqual(keyAction(key('7'), on(6)), { action: null, preventDefault: true, typed: null });
});

test('Z, X and C choose the mode, Space cycles, M fills candidates, Escape pauses', () => {
  assert.deepEqual(keyAction(key('z'), on(6)).action, { type: 'mode', mode: 'normal' });
  assert.deepEqual(keyAction(key('X', { shiftKey: true }), on(6)).action, { type: 'mode', mode: 'corner' });
  assert.deepEqual(keyAction(key('c'), on(6)).action, { type: 'mode', mode: 'centre' });
  assert.deepEqual(keyAction(key(' '), on(6)), { action: { type: 'mode', mode: 'next' }, preventDefault: true, typed: null });
  assert.deepEqual(keyAction(key('m'), on(6)).action, { type: 'fill-candidates' });
  assert.deepEqual(keyAction(key('Escape'), on(6)).action, { type: 'pause' });
});

test('0, Backspace and Delete erase; P switches centre mode on or off; other keys do nothing', () => {
  assert.equal(keyAction(key('0'), on(6)).action.type, 'erase');
  assert.deepEqual(keyAction(key('Backspace'), on(6)), { action: { type: 'erase' }, preventDefault: true, typed: null });
  assert.equal(keyAction(key('Delete'), on(6)).action.type, 'erase');
  assert.deepEqual(keyAction(key('P'), on(6)), { action: { type: 'pencil' }, preventDefault: false, typed: null });
  assert.deepEqual(keyAction(key('q'), on(6)), { action: null, preventDefault: false, typed: null });
});

test('on a 12x12, 1 then 2 within a second in one cell make 12, replacing the 1', () => {
  const first = keyAction(key('1'), on(12));
  assert.deepEqual(first.action, { type: 'digit', value: 1, mark: null, replace: false });
  assert.deepEqual(first.typed, { digit: 1, cell: 4, at: 1000 });
  const second = keyAction(key('2'), on(12, { typed: first.typed, now: 1500 }));
  assert.deepEqual(second.action, { type: 'digit', value: 12, mark: null, replace: true });
  assert.equal(second.typed, null);
  // Too late, another cell, or a number beyond the grid: two separate digits.
  assert.equal(keyAction(key('2'), on(12, { typed: first.typed, now: 1000 + TWO_DIGIT_MS })).action.value, 2);
  assert.equal(keyAction(key('2'), on(12, { typed: first.typed, selected: 5 })).action.value, 2);
  assert.equal(keyAction(key('3'), on(12, { typed: first.typed })).action.value, 3);
  // On a 9x9 no digit waits for another.
  assert.equal(keyAction(key('1'), on(9)).typed, null);
  // A key that is not a digit leaves the first digit waiting.
  assert.equal(keyAction(key('ArrowUp'), on(12, { typed: first.typed })).typed, first.typed);
});

test('H asks for a hint and K checks the grid, as their buttons do', () => {
  assert.deepEqual(keyAction(key('h'), on(9)).action, { type: 'hint' });
  assert.deepEqual(keyAction(key('H', { shiftKey: true }), on(9)).action, { type: 'hint' });
  assert.deepEqual(keyAction(key('k'), on(9)).action, { type: 'check' });
  assert.equal(keyAction(key('h', { ctrlKey: true }), on(9)).action, null, 'Ctrl+H is the browser\'s');
});
