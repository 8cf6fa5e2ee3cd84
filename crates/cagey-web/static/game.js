// The player's game and everything the page shows about it, as one plain object changed
// only by `reduce(state, action)`: digits and pencil marks with undo and redo, the marks on
// cells (wrong, revealed, a step's cause and changes), the hint and the status line. No DOM
// and no I/O here, so the rules of play are tested under Node.
//
// Cells are numbered row-major from 0. `values[i]` is the player's digit (0 for none);
// `notes[i]` has bit d set for pencil mark d; `fixed[i]` is the puzzle's given digit.
// A move is a list of `{ cell, before: [value, notes], after: [value, notes] }`. The
// server's hints and explanations name a cell `[row, col]` (a digit at it `[row, col,
// digit]`); `cellIndex` turns that into the index here, and nothing else converts.

/** No cell marked. */
export function emptyMarks() {
  return { wrong: new Set(), revealed: new Set(), cause: new Set(), change: new Set() };
}

/** The state before any puzzle is loaded. */
export function initialState() {
  return {
    text: null, // the puzzle's text as loaded
    puzzle: null, // /api/parse's answer
    key: null, // the storage key of this puzzle's progress
    values: [],
    notes: [],
    fixed: [],
    pencil: false,
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
    status: { message: '', kind: '', serial: 0 }, // serial: a new message, even a repeated one
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

/** The board's indices of the cells a step changes: where it places and where it removes. */
export function changedCells(step, n) {
  return new Set([...step.placed, ...step.eliminated].map((mark) => cellIndex(mark, n)));
}

/** Text with its first letter in capitals. */
export function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : '';
}

// ---- moves ----------------------------------------------------------------------------

/**
 * Applies `changes` (`{ cell, value?, notes? }`, a missing field kept) to the cells the
 * puzzle does not give; records the move for undo when `record`. Returns whether anything
 * changed.
 */
function apply(state, changes, record = true) {
  const move = changes
    .filter(({ cell }) => !state.fixed[cell])
    .map(({ cell, value, notes }) => ({
      cell,
      before: [state.values[cell], state.notes[cell]],
      after: [value ?? state.values[cell], notes ?? state.notes[cell]],
    }))
    .filter(({ before, after }) => before[0] !== after[0] || before[1] !== after[1]);
  if (!move.length) return false;
  for (const { cell, after } of move) {
    [state.values[cell], state.notes[cell]] = after;
    state.marks.wrong.delete(cell);
  }
  if (record) {
    state.undo.push(move);
    state.redo = [];
  }
  return true;
}

/** Moves the last move from `from` to `to`, setting each cell to `side` of it. */
function replay(state, from, to, side) {
  const move = state[from].pop();
  if (!move) return false;
  for (const change of move) [state.values[change.cell], state.notes[change.cell]] = change[side];
  state[to].push(move);
  return true;
}

function say(state, message, kind = '') {
  state.status = { message, kind, serial: state.status.serial + 1 };
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
 * Actions: `load`, `load-failed`, `apply`, `enter`, `erase`, `undo`, `redo`, `restart`, `solved`,
 * `pencil`, `say`, `marks`, `hint`, `steps`, `step`, `set`.
 */
export function reduce(state, action) {
  switch (action.type) {
    case 'load': {
      // { text, puzzle, key, values, notes, done }: a puzzle and the progress to start from.
      const { text, puzzle, key, values, notes, done } = action;
      Object.assign(state, {
        text, puzzle, key, values, notes, done,
        fixed: puzzle.givens.slice(),
        undo: [], redo: [], solved: null, hint: null, hintView: null, steps: null,
      });
      for (const set of Object.values(state.marks)) set.clear();
      say(state, done ? 'Solved.' : `${puzzle.summary} (${puzzle.format} format).`);
      return { save: true };
    }
    case 'apply': // { changes, record }
      return apply(state, action.changes, action.record ?? true) ? changed(state) : NOTHING;
    case 'enter': { // { cell, digit, pencil }: a digit typed, as a pencil mark when `pencil`
      if (state.done) return NOTHING;
      const { cell, digit } = action;
      if (state.fixed[cell]) {
        say(state, 'That digit is given by the puzzle.');
        return NOTHING;
      }
      const pencil = action.pencil ?? state.pencil;
      const change = pencil
        ? { cell, value: 0, notes: state.notes[cell] ^ (1 << digit) }
        : { cell, value: state.values[cell] === digit ? 0 : digit };
      return apply(state, [change]) ? changed(state) : NOTHING;
    }
    case 'erase': // { cell }
      return apply(state, [{ cell: action.cell, value: 0, notes: 0 }]) ? changed(state) : NOTHING;
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
      const info = apply(state, Array.from({ length: cells }, (_, cell) => ({ cell, value: 0, notes: 0 })))
        ? changed(state) : {};
      state.done = false;
      return { ...info, save: true };
    }
    case 'solved': // the server confirmed the full grid
      state.done = true;
      return { save: true };
    case 'pencil':
      state.pencil = !state.pencil;
      say(state, state.pencil ? 'Pencil marks on: digits note candidates.' : 'Pencil marks off: digits fill cells.');
      return NOTHING;
    case 'load-failed': // { error, quiet }: for the views (the load panel shows the error)
      return NOTHING;
    case 'say': // { message, kind }
      say(state, action.message, action.kind);
      return NOTHING;
    case 'marks': // { wrong?, revealed?, cause?, change? }: sets of cells, replacing those named
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
