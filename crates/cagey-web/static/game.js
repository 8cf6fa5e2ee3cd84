// The player's game and everything the page shows about it, as one plain object changed
// only by `reduce(state, action)`: digits and pencil marks with undo and redo, the marks on
// cells (wrong, repeating a digit, in a cage that missed its target, revealed, a step's cause
// and changes), the hint and the status line. No DOM
// and no I/O here, so the rules of play are tested under Node.
//
// Cells are numbered row-major from 0. `values[i]` is the player's digit (0 for none);
// `notes[i]` has bit d set for centre pencil mark d (the candidates that hints and sharing
// use); `corner[i]` the same for corner marks; `fixed[i]` is the puzzle's given digit.
// A move is a list of `{ cell, before: [value, notes, corner], after: [...], revealed:
// [before, after] }`, the last saying whether the cell's digit was the revealed solution's. The
// server's hints and explanations name a cell `[row, col]` (a digit at it `[row, col,
// digit]`); `cellIndex` turns that into the index here, and nothing else converts.

import { cageCandidates, peersOf, unitCandidates } from './candidates.js';
import { brokenRules } from './conflicts.js';
import { cellName, listed } from './names.js';

/**
 * No cell marked. Check's marks come in two lifetimes: `wrong` (a digit or centre marks that
 * differ from the solution) is the cell's own and stays until the cell changes; `repeated` (a
 * digit repeated in a house) and `missed` (a cage that misses its target) are a rule's, and go
 * as soon as the grid no longer breaks it, whichever cell mended it.
 */
export function emptyMarks() {
  return {
    wrong: new Set(), repeated: new Set(), missed: new Set(), revealed: new Set(), cause: new Set(), change: new Set(),
  };
}

/** The state before any puzzle is loaded. */
export function initialState() {
  return {
    text: null, // the puzzle's text as loaded
    puzzle: null, // /api/parse's answer
    key: null, // the storage key of this puzzle's progress
    values: [],
    notes: [],
    corner: [], // corner pencil marks, bits like notes
    fixed: [],
    mode: 'normal', // what a typed digit writes: 'normal' (the digit), 'corner' or 'centre' marks
    autoClean: true, // a placed digit leaves the marks of its row, column, box (and killer cage)
    paused: false,
    finish: null, // how the grid was finished, this visit: { how: 'own' | 'partly' | 'revealed', seconds }
    undo: [],
    redo: [],
    done: false,
    solved: null, // /api/solve's answer
    marks: emptyMarks(),
    features: new Set(), // the API routes this server has
    hint: null, // the hint being stepped through: /api/hint's record and its `level`
    hintView: null, // the hint panel: { text, more } (more: the button's label, or null)
    steps: null, // the explanation being stepped through
    stepIndex: 0,
    // serial: a new message, even a repeated one; marked: the message names Check's marks
    status: { message: '', kind: '', marked: false, serial: 0 },
  };
}

/** The board's index of a cell the server names `[row, col]` (or `[row, col, digit]`). */
export function cellIndex([row, col], n) {
  return row * n + col;
}

/** The board's indices of cells the server names `[row, col]`. */
export function cellIndices(places, n) {
  return (places || []).map((place) => cellIndex(place, n));
}

/** One cell of progress (a digit, a list of candidates, or 0) as `[value, notes]`. */
function fromEntry(entry) {
  return Array.isArray(entry) ? [0, entry.reduce((bits, d) => bits | (1 << d), 0)] : [entry, 0];
}

/** The progress a text carried (digits, or lists of candidates), as values and notes. */
export function fromProgress(progress, n) {
  const values = new Array(n * n).fill(0);
  const notes = new Array(n * n).fill(0);
  (progress || []).forEach((entry, i) => { [values[i], notes[i]] = fromEntry(entry); });
  return { values, notes };
}

/** Cell `i` of the game as progress: its digit, the list of its pencil marks, or 0. */
function toEntry(state, i) {
  if (state.fixed[i]) return state.fixed[i];
  if (state.values[i]) return state.values[i];
  const notes = [];
  for (let d = 1; d <= state.puzzle.size; d += 1) if (state.notes[i] & (1 << d)) notes.push(d);
  return notes.length ? notes : 0;
}

/** The puzzle as cagey's JSON, with the player's progress when `progress` is true. */
export function puzzleText(state, progress) {
  const object = JSON.parse(state.puzzle.json);
  if (progress) {
    const n = state.puzzle.size;
    object.progress = Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => toEntry(state, r * n + c)));
  }
  return JSON.stringify(object);
}

/**
 * The changes that bring the game to `progress` (one entry per cell, as the server's hint
 * carries the progress after its step): the cells whose entry differs from the game's.
 */
export function progressChanges(state, progress) {
  const changes = [];
  progress.forEach((entry, cell) => {
    // Compared as [value, notes], so that no candidates ([]) is no notes (0), and a digit
    // with notes kept under it stays as it is when the progress keeps the digit.
    const [value, notes] = fromEntry(entry);
    const [was, wasNotes] = fromEntry(toEntry(state, cell));
    if (value !== was || notes !== wasNotes) changes.push({ cell, value, notes });
  });
  return changes;
}

/** The digit each cell shows, the puzzle's or the player's (0 for none). */
export function digitsOf(state) {
  return state.values.map((v, i) => state.fixed[i] || v);
}

/**
 * The candidates (bits) of every empty cell: each digit not yet placed in its row, its
 * column or its box or region (0 for filled cells).
 */
export function allCandidates(state) {
  return unitCandidates(state.puzzle, digitsOf(state));
}


/** Whether every cell holds a digit, the player's or the puzzle's. */
export function isFull(state) {
  return state.values.every((v, i) => v || state.fixed[i]);
}

/** The cells whose digit differs from `answer` (the givens are never wrong). */
export function wrongCells(state, answer) {
  const wrong = new Set();
  state.values.forEach((v, i) => { if (v && !state.fixed[i] && v !== answer[i]) wrong.add(i); });
  return wrong;
}

/** The empty cells whose centre marks leave out the answer's digit. */
export function wrongNoteCells(state, answer) {
  const wrong = new Set();
  state.notes.forEach((bits, i) => {
    if (bits && !state.values[i] && !state.fixed[i] && !(bits & (1 << answer[i]))) wrong.add(i);
  });
  return wrong;
}

/** The board's indices of the cells a step changes: where it places and where it removes. */
export function changedCells(step, n) {
  return new Set([...step.placed, ...step.eliminated].map((mark) => cellIndex(mark, n)));
}

/** Text with its first letter in capitals. */
export function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : '';
}

// ---- moves ----------------------------------------------------------------------------

/** Cell `cell` as a move stores it: `[value, notes, corner]`. */
function cellState(state, cell) {
  return [state.values[cell], state.notes[cell], state.corner[cell] || 0];
}

function setCell(state, cell, [value, notes, corner]) {
  [state.values[cell], state.notes[cell], state.corner[cell]] = [value, notes, corner];
}

function markRevealed(state, cell, on) {
  if (on) state.marks.revealed.add(cell); else state.marks.revealed.delete(cell);
}

/** A solved grid stays solved only while it is full: undo or erase un-solves it. */
function followGrid(state) {
  if (state.done && !isFull(state)) {
    state.done = false;
    state.finish = null;
  }
}

/**
 * Applies `changes` (`{ cell, value?, notes?, corner? }`, a missing field kept) to the cells
 * the puzzle does not give; records the move for undo when `record`. Digits placed with
 * `revealed` are the solution's (Reveal, Solve) and marked so; any other change to a cell
 * takes its revealed mark away. Returns whether anything changed.
 */
function apply(state, changes, record = true, revealed = false) {
  const move = changes
    .filter(({ cell }) => !state.fixed[cell])
    .map(({ cell, value, notes, corner }) => {
      const before = cellState(state, cell);
      const after = [value ?? before[0], notes ?? before[1], corner ?? before[2]];
      return { cell, before, after, revealed: [state.marks.revealed.has(cell), revealed && !!after[0]] };
    })
    .filter(({ before, after }) => before.some((b, k) => b !== after[k]));
  if (!move.length) return false;
  for (const change of move) {
    setCell(state, change.cell, change.after);
    unmarkChanged(state, change.cell);
    markRevealed(state, change.cell, change.revealed[1]);
  }
  unmarkMended(state);
  unsayMended(state);
  if (record) {
    state.undo.push(move);
    state.redo = [];
  }
  followGrid(state);
  return true;
}

/**
 * Takes Check's marks off `cell`, which changed: what Check said of it was said of the digit
 * or marks it no longer holds. The mark of its cage goes too when the cage missed its
 * target: with one of its digits changed, the cage is no longer the one Check judged.
 */
function unmarkChanged(state, cell) {
  state.marks.wrong.delete(cell);
  state.marks.repeated.delete(cell);
  if (!state.marks.missed.has(cell)) return;
  const cage = state.puzzle.cages.find((c) => c.cells.includes(cell));
  for (const other of cage ? cage.cells : [cell]) state.marks.missed.delete(other);
}

/**
 * Takes the repeat mark off every cell whose digit is no longer repeated, after a change
 * elsewhere: r1c1 and r1c3 both held 3 at Check, the player changed r1c3, and r1c1's mark
 * would otherwise say a repeat that is gone until the next Check. (A missed cage needs no
 * such pass: only a change to one of its own cells can mend it, and that takes its mark.)
 */
function unmarkMended(state) {
  if (!state.marks.repeated.size) return;
  const { repeats } = brokenRules(state.puzzle, digitsOf(state));
  for (const cell of state.marks.repeated) if (!repeats.has(cell)) state.marks.repeated.delete(cell);
}

/**
 * Once the player has mended every mistake Check marked, the status line stops naming them:
 * "2 cells repeat a digit (r1c1 and r2c1)" over a grid with no mark left reads as a repeat
 * still there. It says so instead of going blank, so the player knows the marks went for a
 * reason. While any mark remains, the message stands.
 */
function unsayMended(state) {
  if (!state.status.marked) return;
  const { wrong, repeated, missed } = state.marks;
  if (wrong.size || repeated.size || missed.size) return;
  say(state, 'No marked mistakes left.');
}

/** Moves the last move from `from` to `to`, setting each cell to `side` of it. */
function replay(state, from, to, side) {
  const move = state[from].pop();
  if (!move) return false;
  for (const change of move) {
    setCell(state, change.cell, change[side]);
    unmarkChanged(state, change.cell);
    markRevealed(state, change.cell, change.revealed[side === 'before' ? 0 : 1]);
  }
  unmarkMended(state);
  unsayMended(state);
  state[to].push(move);
  followGrid(state);
  return true;
}

/** What a typed digit writes in `mode`, given the old `pencil` flag some callers pass. */
function modeOf(state, action) {
  if (action.mode) return action.mode;
  if (action.pencil === true) return 'centre';
  if (action.pencil === false) return 'normal';
  return state.mode;
}

/**
 * The changes that typing `digit` in `mode` makes to `cells`: in normal mode the digit in
 * every cell (or out of every cell when all hold it already); as a mark, the mark added to
 * every empty cell (or taken from all when all have it). A mark typed into filled cells
 * only empties them.
 */
function typedChanges(state, cells, digit, mode) {
  if (mode === 'normal') {
    const all = cells.every((cell) => state.values[cell] === digit);
    return cells.map((cell) => ({ cell, value: all ? 0 : digit }));
  }
  const field = mode === 'corner' ? 'corner' : 'notes';
  const bit = 1 << digit;
  const empty = cells.filter((cell) => !state.values[cell]);
  const targets = empty.length ? empty : cells;
  const all = targets.every((cell) => (state[field][cell] || 0) & bit);
  return targets.map((cell) => {
    const bits = state[field][cell] || 0;
    return { cell, value: 0, [field]: all ? bits & ~bit : bits | bit };
  });
}

/**
 * `changes` with, when the player has auto-clean on, every digit they place taken out of the
 * centre and corner marks of the empty cells that see it: the same move, so one Undo brings
 * the marks back with the digit.
 */
function withCleaning(state, changes) {
  if (!state.autoClean) return changes;
  const placing = new Set(changes.filter(({ value }) => value).map(({ cell }) => cell));
  const cleaned = new Map();
  for (const { cell, value } of changes) {
    if (!value) continue;
    const bit = 1 << value;
    for (const peer of peersOf(state.puzzle, cell)) {
      if (placing.has(peer) || state.values[peer] || state.fixed[peer]) continue;
      const [notes, corner] = cleaned.get(peer) || [state.notes[peer], state.corner[peer] || 0];
      if ((notes | corner) & bit) cleaned.set(peer, [notes & ~bit, corner & ~bit]);
    }
  }
  return [...changes, ...[...cleaned].map(([cell, [notes, corner]]) => ({ cell, notes, corner }))];
}

/**
 * Every empty cell's centre marks set to its candidates (`cageCandidates`) as one move, the
 * corner marks left alone. The status line says how many cells were filled, whether marks
 * of the player's were replaced (Undo brings them back), and which cells have no candidate.
 */
function fillCandidates(state) {
  const n = state.puzzle.size;
  const digits = digitsOf(state);
  const found = cageCandidates(state.puzzle, digits);
  const open = digits.flatMap((d, cell) => (d ? [] : [cell]));
  const replaced = open.some((cell) => state.notes[cell] && state.notes[cell] !== found[cell]);
  if (!apply(state, open.map((cell) => ({ cell, notes: found[cell] })))) {
    say(state, 'The candidates are already filled in.');
    return NOTHING;
  }
  const info = changed(state);
  const cells = `${open.length} ${open.length === 1 ? 'cell' : 'cells'}`;
  const parts = [replaced ? `Candidates filled in ${cells}; Undo brings your marks back.` : `Candidates filled in ${cells}.`];
  const empty = open.filter((cell) => !found[cell]).map((cell) => cellName(cell, n));
  // With every placed digit right, the solution's digit always fits.
  if (empty.length) parts.push(`No digit fits ${listed(empty)}: a digit placed is wrong.`);
  say(state, parts.join(' '), empty.length ? 'bad' : '');
  return info;
}

const MODES = ['normal', 'corner', 'centre'];

/** What the status line says of each mode, whichever key or button chose it. */
const MODE_WORDS = {
  normal: 'Digits fill cells.', corner: 'Digits write corner marks.', centre: 'Digits write centre marks.',
};

function say(state, message, kind = '', marked = false) {
  state.status = { message, kind, marked, serial: state.status.serial + 1 };
}

/** After any change to the digits: the hint shown no longer applies. */
function changed(state) {
  state.hint = null;
  state.hintView = null;
  state.marks.cause.clear();
  state.marks.change.clear();
  return { changed: true, save: true };
}

const NOTHING = {};

/**
 * Changes `state` as `action` says. Returns `{ changed, save }`: `changed` when the digits
 * or marks of the grid changed (the page then checks for a finished grid), `save` when the
 * game should be saved.
 *
 * Actions: `load`, `load-failed`, `apply`, `enter`, `erase`, `fill-candidates`, `undo`,
 * `redo`, `restart`, `solved`, `pencil`, `mode`, `pause`, `say`, `marks`, `hint`, `steps`,
 * `step`, `set`.
 */
export function reduce(state, action) {
  switch (action.type) {
    case 'load': {
      // { text, puzzle, key, values, notes, done }: a puzzle and the progress to start from.
      const { text, puzzle, key, values, notes } = action;
      const corner = action.corner || new Array(values.length).fill(0);
      Object.assign(state, {
        text, puzzle, key, values, notes, corner,
        fixed: puzzle.givens.slice(),
        undo: [], redo: [], solved: null, hint: null, hintView: null, steps: null,
        paused: false, finish: null,
      });
      // A save from before the rule that `done` follows the grid may say solved over a grid
      // that is not full.
      state.done = !!action.done && isFull(state);
      const { done } = state;
      for (const set of Object.values(state.marks)) set.clear();
      // The format by the name a person reads (`SudokuWiki`), which the library gives; a save
      // from before it has only the command line's (`sudokuwiki`).
      say(state, done ? 'Solved.' : `${puzzle.summary} (${puzzle.format_name || puzzle.format} format).`);
      return { save: true };
    }
    case 'apply': { // { changes, record, revealed, clean }: revealed when the digits are the solution's
      const changes = action.clean ? withCleaning(state, action.changes) : action.changes;
      return apply(state, changes, action.record ?? true, !!action.revealed) ? changed(state) : NOTHING;
    }
    case 'enter': { // { cells | cell, digit, mode? }: a digit typed into the selected cells
      if (state.done || state.paused) return NOTHING;
      const cells = (action.cells || [action.cell]).filter((cell) => !state.fixed[cell]);
      if (!cells.length) {
        say(state, 'That digit is given by the puzzle.');
        return NOTHING;
      }
      const mode = modeOf(state, action);
      const typed = typedChanges(state, cells, action.digit, mode);
      return apply(state, mode === 'normal' ? withCleaning(state, typed) : typed) ? changed(state) : NOTHING;
    }
    case 'erase': // { cells | cell }
      if (state.paused) return NOTHING;
      return apply(state, (action.cells || [action.cell]).map((cell) => ({ cell, value: 0, notes: 0, corner: 0 })))
        ? changed(state) : NOTHING;
    case 'fill-candidates': // every empty cell's centre marks: its candidates, cages counted
      if (state.done || state.paused) return NOTHING;
      return fillCandidates(state);
    case 'mode': // { mode }: 'normal', 'corner', 'centre', or 'next' to cycle
      state.mode = action.mode === 'next' ? MODES[(MODES.indexOf(state.mode) + 1) % MODES.length] : action.mode;
      say(state, MODE_WORDS[state.mode]);
      return NOTHING;
    case 'pause': // { paused }
      if (state.done && action.paused) return NOTHING;
      state.paused = action.paused;
      return NOTHING;
    case 'undo':
    case 'redo': {
      const done = action.type === 'undo'
        ? replay(state, 'undo', 'redo', 'before')
        : replay(state, 'redo', 'undo', 'after');
      if (!done) return NOTHING;
      const info = changed(state);
      say(state, action.type === 'undo' ? 'Undone.' : 'Redone.');
      return info;
    }
    case 'restart': {
      const cells = state.puzzle.size ** 2;
      const info = apply(state, Array.from({ length: cells }, (_, cell) => ({ cell, value: 0, notes: 0, corner: 0 })))
        ? changed(state) : {};
      state.done = false;
      state.finish = null;
      state.paused = false;
      // Said in any case: the line may still hold what Check said of the cells just emptied.
      say(state, info.changed
        ? 'Restarted: every cell is cleared and the clock starts from 0:00; Undo brings the cells back.'
        : 'Restarted: the clock starts from 0:00.');
      return { ...info, save: true };
    }
    case 'solved': { // { seconds }: the server confirmed the full grid, at `seconds` played
      state.done = true;
      state.paused = false;
      const open = state.fixed.filter((given) => !given).length;
      const revealed = state.marks.revealed.size;
      const how = revealed === 0 ? 'own' : (revealed >= open ? 'revealed' : 'partly');
      state.finish = { how, seconds: action.seconds ?? 0 };
      return { save: true };
    }
    case 'pencil': // P: centre mode on or off
      // Said in the Centre button's words, as C says it: one name for the mode.
      state.mode = state.mode === 'centre' ? 'normal' : 'centre';
      say(state, MODE_WORDS[state.mode]);
      return NOTHING;
    case 'load-failed': // { error, quiet }: for the views (the load panel shows the error)
      return NOTHING;
    case 'say': // { message, kind, marked }: marked when it names the mistakes marked
      say(state, action.message, action.kind, !!action.marked);
      return NOTHING;
    case 'marks': // { wrong?, repeated?, missed?, revealed?, cause?, change? }: sets of cells, replacing those named
      for (const name of Object.keys(state.marks)) if (action[name]) state.marks[name] = new Set(action[name]);
      return NOTHING;
    case 'hint': // { hint, view }: the hint being shown and the panel's text
      state.hint = action.hint;
      state.hintView = action.view;
      return NOTHING;
    case 'steps': // { steps }: an explanation's steps (the server's records)
      state.steps = action.steps;
      return NOTHING;
    case 'step': { // { index }: show step `index` of the explanation
      const { steps } = state;
      if (!steps || !steps.length) return NOTHING;
      state.stepIndex = Math.max(0, Math.min(steps.length - 1, action.index));
      const step = steps[state.stepIndex];
      const n = state.puzzle.size;
      state.marks.cause = new Set(cellIndices(step.cells, n));
      state.marks.change = changedCells(step, n);
      return NOTHING;
    }
    case 'set': // { fields }: plain fields that need no rule (solved, features)
      Object.assign(state, action.fields);
      return NOTHING;
    default:
      throw new Error(`unknown action ${action.type}`);
  }
}
