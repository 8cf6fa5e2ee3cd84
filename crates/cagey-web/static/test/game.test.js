// The rules of play, without a browser: apply, undo and redo, pencil marks, givens, the
// progress after a hint's step (as the server sends it) carried out on the game, the
// server's `[row, col]` cells as board indices, and the progress written back as cagey's JSON.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  allCandidates, cellIndex, cellIndices, changedCells, fromProgress, initialState, isFull, progressChanges,
  puzzleText, reduce, wrongCells, wrongNoteCells,
} from '../game.js';
import { KK0 } from './fixtures.js';

/** A 2x2 puzzle whose cell 3 is given as 1. */
function loaded({ done = false } = {}) {
  const state = initialState();
  const puzzle = {
    size: 2, givens: [0, 0, 0, 1], summary: 'a 2x2 KenKen', format: 'kk', progress: null,
    json: '{"size":2,"cages":[]}',
  };
  const { values, notes } = fromProgress(null, 2);
  reduce(state, { type: 'load', text: 'text', puzzle, key: 'k', values, notes, done });
  return state;
}

test('a loaded puzzle starts empty with its givens fixed and says what it is', () => {
  const state = loaded();
  assert.deepEqual(state.values, [0, 0, 0, 0]);
  assert.deepEqual(state.fixed, [0, 0, 0, 1]);
  assert.equal(state.status.message, 'a 2x2 KenKen (kk format).');
});

test('entering a digit is a move that undo takes back and redo puts again', () => {
  const state = loaded();
  assert.deepEqual(reduce(state, { type: 'enter', cell: 0, digit: 2 }), { changed: true, save: true });
  assert.deepEqual(state.values, [2, 0, 0, 0]);
  assert.equal(state.undo.length, 1);
  reduce(state, { type: 'undo' });
  assert.deepEqual(state.values, [0, 0, 0, 0]);
  assert.equal(state.status.message, 'Undone.');
  assert.equal(state.redo.length, 1);
  reduce(state, { type: 'redo' });
  assert.deepEqual(state.values, [2, 0, 0, 0]);
  assert.equal(state.status.message, 'Redone.');
  assert.deepEqual(reduce(state, { type: 'redo' }), {}, 'nothing left to redo');
});

test('a new move clears redo; the same digit again empties the cell', () => {
  const state = loaded();
  reduce(state, { type: 'enter', cell: 0, digit: 2 });
  reduce(state, { type: 'undo' });
  reduce(state, { type: 'enter', cell: 1, digit: 1 });
  assert.equal(state.redo.length, 0);
  reduce(state, { type: 'enter', cell: 1, digit: 1 });
  assert.deepEqual(state.values, [0, 0, 0, 0]);
  assert.equal(state.undo.length, 2);
});

test('P toggles centre mode, centre marks toggle candidates as bits, and Shift-style overrides work in either mode', () => {
  const state = loaded();
  reduce(state, { type: 'pencil' });
  assert.equal(state.mode, 'centre');
  assert.equal(state.status.message, 'Digits write centre marks.', 'P names the mode as the Centre button and C do');
  reduce(state, { type: 'enter', cell: 0, digit: 1 });
  reduce(state, { type: 'enter', cell: 0, digit: 2 });
  assert.equal(state.notes[0], 0b110);
  reduce(state, { type: 'enter', cell: 0, digit: 1 });
  assert.equal(state.notes[0], 0b100);
  // A digit placed with pencil mode overridden keeps the notes under it.
  reduce(state, { type: 'enter', cell: 0, digit: 1, pencil: false });
  assert.deepEqual([state.values[0], state.notes[0]], [1, 0b100]);
  // A pencil mark in a filled cell empties it.
  reduce(state, { type: 'enter', cell: 0, digit: 1, pencil: true });
  assert.deepEqual([state.values[0], state.notes[0]], [0, 0b110]);
  reduce(state, { type: 'erase', cell: 0 });
  assert.deepEqual([state.values[0], state.notes[0]], [0, 0]);
});

test('givens cannot be changed, and a solved game takes no digits', () => {
  const state = loaded();
  assert.deepEqual(reduce(state, { type: 'enter', cell: 3, digit: 2 }), {});
  assert.equal(state.status.message, 'That digit is given by the puzzle.');
  assert.deepEqual(reduce(state, { type: 'apply', changes: [{ cell: 3, value: 2 }] }), {});
  reduce(state, { type: 'solved' });
  assert.deepEqual(reduce(state, { type: 'enter', cell: 0, digit: 2 }), {});
  assert.deepEqual(state.values, [0, 0, 0, 0]);
});

test('a change clears the wrong mark of its cell and ends the hint shown', () => {
  const state = loaded();
  reduce(state, { type: 'marks', wrong: [0, 1], cause: [2], change: [0] });
  reduce(state, { type: 'hint', hint: { level: 2 }, view: { text: 'x', more: null } });
  reduce(state, { type: 'enter', cell: 0, digit: 1 });
  assert.deepEqual([...state.marks.wrong], [1]);
  assert.equal(state.marks.cause.size + state.marks.change.size, 0);
  assert.equal(state.hint, null);
  assert.equal(state.hintView, null);
});

test('undo and redo clear the wrong mark of the cells they change, as a change does', () => {
  const state = loaded();
  reduce(state, { type: 'enter', cell: 0, digit: 2 });
  reduce(state, { type: 'marks', wrong: [0, 1] });
  reduce(state, { type: 'undo' });
  assert.deepEqual(state.values[0], 0);
  assert.deepEqual([...state.marks.wrong], [1]);
  reduce(state, { type: 'marks', wrong: [1] });
  reduce(state, { type: 'redo' });
  assert.deepEqual([...state.marks.wrong], [1]);
  reduce(state, { type: 'marks', wrong: [0] });
  reduce(state, { type: 'undo' });
  assert.deepEqual([...state.marks.wrong], []);
});

test('restart empties every cell in one undoable move and un-solves the game', () => {
  const state = loaded();
  reduce(state, { type: 'enter', cell: 0, digit: 2 });
  reduce(state, { type: 'enter', cell: 1, digit: 1 });
  reduce(state, { type: 'solved' });
  assert.deepEqual(reduce(state, { type: 'restart' }), { changed: true, save: true });
  assert.deepEqual(state.values, [0, 0, 0, 0]);
  assert.equal(state.done, false);
  reduce(state, { type: 'undo' });
  assert.deepEqual(state.values, [2, 1, 0, 0]);
});

test('restart says so, over whatever the status line said of the cells it empties', () => {
  const state = loaded();
  reduce(state, { type: 'enter', cell: 0, digit: 2 });
  // Check's words stayed after Restart, naming wrong cells on an empty grid.
  reduce(state, { type: 'say', message: 'No conflicts; compared with the solution, 1 cell is wrong (marked).', kind: 'bad' });
  reduce(state, { type: 'restart' });
  assert.deepEqual(state.status.message, 'Restarted: every cell is cleared and the clock starts from 0:00; Undo brings the cells back.');
  assert.equal(state.status.kind, '');
  reduce(state, { type: 'restart' });
  assert.deepEqual(state.status.message, 'Restarted: the clock starts from 0:00.');
});

test('the server names cells [row, col]; the board counts them row-major', () => {
  assert.equal(cellIndex([0, 0], 2), 0);
  assert.equal(cellIndex([1, 0], 2), 2);
  assert.equal(cellIndex([2, 3, 5], 4), 11, 'a digit at a cell: [row, col, digit]');
  assert.deepEqual(cellIndices([[0, 1], [1, 1]], 2), [1, 3]);
  assert.deepEqual(cellIndices(undefined, 2), []);
  assert.deepEqual([...changedCells({ placed: [[0, 0, 2]], eliminated: [[0, 1, 1], [1, 0, 1], [0, 0, 1]] }, 2)], [0, 1, 2]);
});

test("a hint's step is carried out as the progress the server sends after it", () => {
  const state = loaded();
  reduce(state, { type: 'enter', cell: 1, digit: 1, pencil: true });
  // The step placed 2 in cell 0, took 1 from cell 1's notes and from cell 2 (no notes: every
  // digit but 1 is left); the given cell 3 is as it was.
  const after = [2, [], [2], 1];
  // Only the cells that differ change; the given is never in the move.
  assert.deepEqual(progressChanges(state, after), [
    { cell: 0, value: 2, notes: 0 }, { cell: 1, value: 0, notes: 0 }, { cell: 2, value: 0, notes: 0b100 },
  ]);
  reduce(state, { type: 'apply', changes: progressChanges(state, after) });
  assert.deepEqual(state.values, [2, 0, 0, 0]);
  assert.deepEqual(state.notes, [0, 0, 0b100, 0]);
  assert.deepEqual(progressChanges(state, after), [], 'nothing left to change');
  reduce(state, { type: 'undo' });
  assert.deepEqual([state.values, state.notes], [[0, 0, 0, 0], [0, 0b10, 0, 0]]);
});

test('a digit with notes kept under it stays as it is when the progress agrees', () => {
  const state = loaded();
  reduce(state, { type: 'enter', cell: 0, digit: 1, pencil: true });
  reduce(state, { type: 'enter', cell: 0, digit: 2, pencil: false });
  assert.deepEqual(progressChanges(state, [2, [1], 0, 1]), [{ cell: 1, value: 0, notes: 0b10 }]);
});

test('the explanation stepper stays within its steps and marks cause and changes', () => {
  const state = loaded();
  assert.deepEqual(reduce(state, { type: 'step', index: 0 }), {}, 'no steps yet');
  reduce(state, { type: 'steps', steps: [{ cells: [[0, 0]], placed: [[0, 1, 2]], eliminated: [] }, { cells: [[1, 0]], placed: [], eliminated: [[0, 0, 1]] }] });
  reduce(state, { type: 'step', index: 5 });
  assert.equal(state.stepIndex, 1);
  assert.deepEqual([...state.marks.cause], [2]);
  assert.deepEqual([...state.marks.change], [0]);
  reduce(state, { type: 'step', index: -1 });
  assert.equal(state.stepIndex, 0);
  assert.deepEqual([...state.marks.cause], [0]);
  assert.deepEqual([...state.marks.change], [1]);
});

test('progress travels as digits and candidate lists, and back', () => {
  const { values, notes } = fromProgress([0, 2, [1, 2], 0], 2);
  assert.deepEqual(values, [0, 2, 0, 0]);
  assert.deepEqual(notes, [0, 0, 0b110, 0]);
  const state = loaded();
  reduce(state, { type: 'apply', changes: [{ cell: 1, value: 2 }, { cell: 2, notes: 0b110 }] });
  assert.deepEqual(JSON.parse(puzzleText(state, true)).progress, [[0, 2], [[1, 2], 1]]);
  assert.equal(JSON.parse(puzzleText(state, false)).progress, undefined);
});

test('a full grid and its wrong cells', () => {
  const state = loaded();
  assert.equal(isFull(state), false);
  reduce(state, { type: 'apply', changes: [{ cell: 0, value: 1 }, { cell: 1, value: 2 }, { cell: 2, value: 2 }] });
  assert.equal(isFull(state), true);
  assert.deepEqual([...wrongCells(state, [2, 1, 2, 1])], [0, 1]);
});

test('an unknown action is a mistake in the page, not silence', () => {
  assert.throws(() => reduce(loaded(), { type: 'nonsense' }), /unknown action/);
});

test('done follows the grid: undo after a finished grid makes it a game again', () => {
  const state = loaded();
  reduce(state, { type: 'apply', changes: [{ cell: 0, value: 1 }, { cell: 1, value: 2 }, { cell: 2, value: 2 }] });
  reduce(state, { type: 'solved', seconds: 12 });
  assert.equal(state.done, true);
  assert.deepEqual(state.finish, { how: 'own', seconds: 12 });
  reduce(state, { type: 'undo' });
  assert.equal(state.done, false);
  assert.equal(state.finish, null);
  reduce(state, { type: 'enter', cell: 0, digit: 2 });
  assert.equal(state.values[0], 2, 'typing works again');
});

test('a save that says solved over a grid that is not full loads as a game', () => {
  assert.equal(loaded({ done: true }).done, false);
  assert.notEqual(loaded({ done: true }).status.message, 'Solved.');
});

test('revealed digits are marked; typing over one takes the mark; all revealed is said so', () => {
  const state = loaded();
  reduce(state, { type: 'apply', changes: [{ cell: 0, value: 1 }, { cell: 1, value: 2 }], revealed: true });
  assert.deepEqual([...state.marks.revealed], [0, 1]);
  reduce(state, { type: 'enter', cell: 1, digit: 1 });
  assert.deepEqual([...state.marks.revealed], [0]);
  // Undo and redo carry the mark with the digit.
  reduce(state, { type: 'undo' });
  assert.deepEqual([...state.marks.revealed].sort(), [0, 1]);
  reduce(state, { type: 'undo' });
  assert.deepEqual([...state.marks.revealed], []);
  reduce(state, { type: 'redo' });
  assert.deepEqual([...state.marks.revealed].sort(), [0, 1]);
  reduce(state, { type: 'redo' });
  assert.deepEqual([...state.marks.revealed], [0]);
  reduce(state, { type: 'apply', changes: [{ cell: 1, value: 2 }, { cell: 2, value: 2 }], revealed: true });
  reduce(state, { type: 'solved', seconds: 3 });
  assert.equal(state.finish.how, 'revealed');
  reduce(state, { type: 'undo' });
  reduce(state, { type: 'enter', cell: 2, digit: 2 });
  reduce(state, { type: 'solved', seconds: 3 });
  assert.equal(state.finish.how, 'partly');
});

test('corner and centre marks are separate, undoable, and typed into several cells at once', () => {
  const state = loaded();
  reduce(state, { type: 'enter', cells: [0, 1], digit: 2, mode: 'corner' });
  assert.deepEqual(state.corner, [0b100, 0b100, 0, 0]);
  assert.deepEqual(state.notes, [0, 0, 0, 0]);
  reduce(state, { type: 'enter', cells: [0, 1, 3], digit: 1, mode: 'centre' });
  assert.deepEqual(state.notes, [0b10, 0b10, 0, 0], 'the given cell is left alone');
  // A mark every selected cell has already is taken from all of them.
  reduce(state, { type: 'enter', cells: [0, 1], digit: 2, mode: 'corner' });
  assert.deepEqual(state.corner, [0, 0, 0, 0]);
  reduce(state, { type: 'undo' });
  assert.deepEqual(state.corner, [0b100, 0b100, 0, 0]);
  // Normal mode puts the digit in every selected cell; erase clears them all.
  reduce(state, { type: 'enter', cells: [0, 2], digit: 2 });
  assert.deepEqual(state.values, [2, 0, 2, 0]);
  reduce(state, { type: 'erase', cells: [0, 1, 2] });
  assert.deepEqual([state.values, state.notes, state.corner], [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]);
});

test('the modes: Z, X, C set one, Space cycles, P toggles centre', () => {
  const state = loaded();
  reduce(state, { type: 'mode', mode: 'next' });
  assert.equal(state.mode, 'corner');
  reduce(state, { type: 'mode', mode: 'next' });
  assert.equal(state.mode, 'centre');
  reduce(state, { type: 'pencil' });
  assert.equal(state.mode, 'normal');
  reduce(state, { type: 'mode', mode: 'corner' });
  reduce(state, { type: 'enter', cell: 0, digit: 1 });
  assert.equal(state.corner[0], 0b10);
});

test('fill candidates gives every empty cell the digits its row, column and box lack, as one move', () => {
  const state = initialState();
  const puzzle = {
    size: 4, givens: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], summary: 's', format: 'kk',
    progress: null, json: '{}', regions: [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3],
  };
  const { values, notes } = fromProgress(null, 4);
  reduce(state, { type: 'load', text: 't', puzzle, key: 'k', values, notes });
  reduce(state, { type: 'enter', cell: 15, digit: 2 });
  reduce(state, { type: 'fill-candidates' });
  const all = 0b11110;
  assert.equal(state.notes[0], 0, 'a given cell has none');
  assert.equal(state.notes[5], all & ~0b10, 'r2c2 shares the box with the 1');
  assert.equal(state.notes[3], all & ~0b10 & ~0b100, 'r1c4: 1 in its row, 2 in its column');
  assert.equal(state.notes[10], all & ~0b100, 'r3c3: the 2 in its box');
  assert.equal(state.notes[15], 0);
  assert.equal(state.undo.length, 2);
  reduce(state, { type: 'undo' });
  assert.ok(state.notes.every((n) => n === 0));
  assert.deepEqual(allCandidates(state)[1], all & ~0b10);
});

test('wrong centre marks: an empty cell whose marks leave out the answer', () => {
  const state = loaded();
  reduce(state, { type: 'apply', changes: [{ cell: 0, notes: 0b100 }, { cell: 1, notes: 0b110 }] });
  assert.deepEqual([...wrongNoteCells(state, [1, 2, 2, 1])], [0]);
});

/** kk0, a 4x4 KenKen, loaded with `marks` (`{ notes, corner }`, bits per cell) to start from. */
function kk0({ notes = new Array(16).fill(0), corner = new Array(16).fill(0) } = {}) {
  const state = initialState();
  const puzzle = {
    ...KK0, givens: new Array(16).fill(0), summary: 'kk0', format: 'kk', progress: null, json: '{}',
  };
  reduce(state, {
    type: 'load', text: 't', puzzle, key: 'k', values: new Array(16).fill(0), notes: notes.slice(), corner: corner.slice(),
  });
  return state;
}

test('the candidates fill takes the cages into account, in one move, and says how many cells', () => {
  const state = kk0();
  reduce(state, { type: 'enter', cell: 0, digit: 1 });
  assert.deepEqual(reduce(state, { type: 'fill-candidates' }), { changed: true, save: true });
  assert.equal(state.notes[3], 0b1000, 'r1c4: 4+ is 3 + 1, and row 1 has the 1');
  assert.equal(state.notes[9], 0b10, 'r3c2: 8× is 2 × 4 × 1');
  assert.equal(state.notes[0], 0, 'the placed digit has no marks');
  assert.equal(state.status.message, 'Candidates filled in 15 cells.');
  assert.equal(state.undo.length, 2, 'one move for the whole fill');
  reduce(state, { type: 'undo' });
  assert.ok(state.notes.every((bits) => bits === 0));
  assert.equal(state.values[0], 1);
});

test('a fill over the player\'s marks says so and Undo brings them back; corner marks stay', () => {
  const notes = new Array(16).fill(0);
  const corner = new Array(16).fill(0);
  notes[5] = 0b110;
  corner[6] = 0b1000;
  const state = kk0({ notes, corner });
  reduce(state, { type: 'fill-candidates' });
  assert.equal(state.status.message, 'Candidates filled in 16 cells; Undo brings your marks back.');
  assert.equal(state.corner[6], 0b1000);
  reduce(state, { type: 'undo' });
  assert.equal(state.notes[5], 0b110);
  // Marks that already are the candidates are not replaced; a second fill changes nothing.
  reduce(state, { type: 'redo' });
  assert.deepEqual(reduce(state, { type: 'fill-candidates' }), {});
  assert.equal(state.status.message, 'The candidates are already filled in.');
});

test('the fill names the cells no digit fits', () => {
  const state = kk0();
  // A 3 in r1c1 breaks the given 1; a 1 in r2c4 leaves r1c4 nothing to make 4+ with.
  reduce(state, { type: 'apply', changes: [{ cell: 0, value: 3 }, { cell: 7, value: 1 }, { cell: 2, value: 3 }] });
  reduce(state, { type: 'fill-candidates' });
  assert.equal(state.notes[3], 0);
  assert.match(state.status.message, /^Candidates filled in 13 cells\. No digit fits r1c4: a digit placed is wrong\.$/);
  assert.equal(state.status.kind, 'bad');
});

test('placing a digit takes it out of the marks of its row, column and box, in the same move', () => {
  const notes = new Array(16).fill(0b11110);
  const corner = new Array(16).fill(0);
  corner[1] = 0b110;
  corner[10] = 0b110;
  const state = kk0({ notes, corner });
  reduce(state, { type: 'enter', cell: 0, digit: 2 });
  assert.equal(state.notes[1], 0b11010, 'r1c2, same row');
  assert.equal(state.corner[1], 0b010);
  assert.equal(state.notes[4], 0b11010, 'r2c1, same column');
  assert.equal(state.notes[5], 0b11110, 'r2c2 is in neither');
  assert.equal(state.corner[10], 0b110);
  assert.equal(state.notes[0], 0b11110, 'the marks under the digit are kept');
  assert.equal(state.undo.length, 1);
  reduce(state, { type: 'undo' });
  assert.deepEqual([state.notes, state.corner[1]], [notes, 0b110]);
  // Marks typed do not clean, and with the option off a digit leaves the marks alone.
  reduce(state, { type: 'enter', cell: 0, digit: 2, mode: 'centre' });
  assert.equal(state.notes[1], 0b11110);
  reduce(state, { type: 'set', fields: { autoClean: false } });
  reduce(state, { type: 'enter', cell: 0, digit: 3 });
  assert.equal(state.notes[1], 0b11110);
});

test('a revealed digit cleans the marks too, when asked', () => {
  const state = kk0({ notes: new Array(16).fill(0b11110) });
  reduce(state, { type: 'apply', changes: [{ cell: 15, value: 2, notes: 0, corner: 0 }], revealed: true, clean: true });
  assert.equal(state.notes[14], 0b11010);
  assert.equal(state.notes[11], 0b11010);
  assert.equal(state.notes[10], 0b11110);
});

test('Check\'s mark of a cage that missed its target goes when a digit of the cage changes', () => {
  const state = kk0();
  reduce(state, { type: 'enter', cell: 12, digit: 3 });
  reduce(state, { type: 'enter', cell: 13, digit: 2 });
  reduce(state, { type: 'marks', missed: [12, 13], wrong: [13] });
  reduce(state, { type: 'enter', cell: 0, digit: 1 });
  assert.deepEqual([...state.marks.missed], [12, 13], 'a digit elsewhere leaves it');
  reduce(state, { type: 'enter', cell: 13, digit: 4 });
  assert.deepEqual([...state.marks.missed], [], 'the whole cage, not only the changed cell');
  reduce(state, { type: 'marks', missed: [12, 13] });
  reduce(state, { type: 'undo' });
  assert.deepEqual([...state.marks.missed], [], 'Undo changes the cage too');
});

test('Check\'s mark of a repeat goes from both cells when either mends it; a wrong digit\'s stays until it changes', () => {
  const state = kk0();
  // Row 1 holds 3 at r1c1 and r1c3; r2c1 holds a wrong 2, apart from any repeat.
  reduce(state, { type: 'enter', cell: 0, digit: 3 });
  reduce(state, { type: 'enter', cell: 2, digit: 3 });
  reduce(state, { type: 'enter', cell: 4, digit: 2 });
  reduce(state, { type: 'marks', repeated: [0, 2], wrong: [0, 4] });
  reduce(state, { type: 'enter', cell: 3, digit: 1 });
  assert.deepEqual([...state.marks.repeated].sort(), [0, 2], 'a change that leaves the repeat leaves its marks');
  reduce(state, { type: 'enter', cell: 2, digit: 2 });
  assert.deepEqual([...state.marks.repeated], [], 'r1c1 untouched, but its 3 no longer repeats');
  assert.deepEqual([...state.marks.wrong].sort(), [0, 4], 'wrong digits stay until their own cell changes');
  reduce(state, { type: 'marks', repeated: [0, 2] });
  reduce(state, { type: 'undo' });
  assert.deepEqual([...state.marks.repeated], [0], 'Undo brings the repeat back (r1c3 holds 3 again) and takes only the changed cell\'s mark');
  reduce(state, { type: 'erase', cell: 2 });
  assert.deepEqual([...state.marks.repeated], [], 'Erase mends it too');
});

test('a repeat that another cell still makes keeps its mark', () => {
  const state = kk0();
  // r1c1 holds 3, and so do r1c3 (row 1) and r3c1 (column 1).
  reduce(state, { type: 'enter', cell: 0, digit: 3 });
  reduce(state, { type: 'enter', cell: 2, digit: 3 });
  reduce(state, { type: 'enter', cell: 8, digit: 3 });
  reduce(state, { type: 'marks', repeated: [0, 2, 8] });
  reduce(state, { type: 'enter', cell: 2, digit: 1 });
  assert.deepEqual([...state.marks.repeated].sort((a, b) => a - b), [0, 8]);
});

test('Check\'s words go once every mark it made is mended, and stay while one remains', () => {
  const state = kk0();
  // r1c1 and r2c1 hold 3 (column 1); r1c3 holds a wrong 2.
  reduce(state, { type: 'enter', cell: 0, digit: 3 });
  reduce(state, { type: 'enter', cell: 4, digit: 3 });
  reduce(state, { type: 'enter', cell: 2, digit: 2 });
  const said = '2 cells repeat a digit (r1c1 and r2c1); compared with the solution, 1 cell is wrong (marked).';
  reduce(state, { type: 'marks', repeated: [0, 4], wrong: [2] });
  reduce(state, { type: 'say', message: said, kind: 'bad', marked: true });
  reduce(state, { type: 'enter', cell: 4, digit: 1 });
  assert.deepEqual([...state.marks.repeated], [], 'the repeat is mended');
  assert.equal(state.status.message, said, 'the wrong digit\'s mark remains, so the words stay');
  reduce(state, { type: 'enter', cell: 2, digit: 4 });
  assert.equal(state.status.message, 'No marked mistakes left.');
  assert.equal(state.status.kind, '');
  // A message that names no marks is left alone when marks go.
  reduce(state, { type: 'marks', repeated: [0] });
  reduce(state, { type: 'say', message: 'Link copied.' });
  reduce(state, { type: 'erase', cell: 0 });
  assert.equal(state.status.message, 'Link copied.');
});

test('a loaded puzzle names its format as a person reads it, the command line\'s name in an old save', () => {
  const state = initialState();
  const puzzle = {
    size: 2, givens: [0, 0, 0, 0], summary: 'a 2x2 KenKen', format: 'sudokuwiki', format_name: 'SudokuWiki',
    progress: null, json: '{}',
  };
  const { values, notes } = fromProgress(null, 2);
  reduce(state, { type: 'load', text: 't', puzzle, key: 'k', values, notes });
  assert.equal(state.status.message, 'a 2x2 KenKen (SudokuWiki format).');
  reduce(state, { type: 'load', text: 't', puzzle: { ...puzzle, format_name: undefined }, key: 'k', values, notes });
  assert.equal(state.status.message, 'a 2x2 KenKen (sudokuwiki format).');
});
