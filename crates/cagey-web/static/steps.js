// The candidates an explanation's steps work on, replayed without the server: from the
// explanation's `start` (per cell, row-major: a digit or the list of candidates before the
// first step) through each step's `placed` and `eliminated` (`[row, col, digit]`). An
// explanation without `start` is of a fresh puzzle, where every cell starts with every
// digit. No DOM here, so the replay is tested under Node.

/** Every digit of an n x n grid as a bit set (bit d for digit d). */
function allDigits(n) {
  let bits = 0;
  for (let d = 1; d <= n; d += 1) bits |= 1 << d;
  return bits;
}

/**
 * The position before the first step: `{ values, candidates }`, one entry per cell, a
 * digit (0 for none) and a bit set of candidates (bit d for digit d).
 */
export function startPosition(start, n) {
  const values = new Array(n * n).fill(0);
  const candidates = new Array(n * n).fill(allDigits(n));
  (start || []).forEach((entry, i) => {
    if (Array.isArray(entry)) {
      values[i] = 0;
      candidates[i] = entry.reduce((bits, d) => bits | (1 << d), 0);
    } else if (entry) {
      values[i] = entry;
      candidates[i] = 1 << entry;
    }
  });
  return { values, candidates };
}

/** The position after `step`, a new object (`position` is kept as it was). */
export function afterStep(position, step, n) {
  const values = position.values.slice();
  const candidates = position.candidates.slice();
  for (const [row, col, digit] of step.eliminated || []) candidates[row * n + col] &= ~(1 << digit);
  for (const [row, col, digit] of step.placed || []) {
    values[row * n + col] = digit;
    candidates[row * n + col] = 1 << digit;
  }
  return { values, candidates };
}

/**
 * Every position of an explanation: entry i is the position before step i, the last one
 * the position after the last step (so there is one more than there are steps).
 */
export function positions(explanation, n) {
  const list = [startPosition(explanation.start, n)];
  for (const step of explanation.steps || []) list.push(afterStep(list[list.length - 1], step, n));
  return list;
}

/** The digits of a bit set of candidates, in order. */
export function digitsOf(bits, n) {
  const digits = [];
  for (let d = 1; d <= n; d += 1) if (bits & (1 << d)) digits.push(d);
  return digits;
}

/**
 * What a step does to each cell, by board index: `{ cause, eliminated, placed }` where
 * `cause` is a set of cells and the others map a cell to the set of its digits.
 */
export function stepMarks(step, n) {
  const byCell = (marks) => {
    const map = new Map();
    for (const [row, col, digit] of marks || []) {
      const cell = row * n + col;
      if (!map.has(cell)) map.set(cell, new Set());
      map.get(cell).add(digit);
    }
    return map;
  };
  return {
    cause: new Set((step.cells || []).map(([row, col]) => row * n + col)),
    eliminated: byCell(step.eliminated),
    placed: byCell(step.placed),
  };
}

/**
 * The changes a hint's step makes to the player's game, as the board's moves
 * (`{ cell, value?, notes? }`): each digit it places is placed, and each candidate it
 * eliminates is taken out of the player's centre marks where the player had marked it.
 * Cells the player had not marked get no marks.
 */
export function stepChanges(step, values, notes, n) {
  const changes = new Map();
  for (const [row, col, digit] of step.eliminated || []) {
    const cell = row * n + col;
    const before = changes.get(cell)?.notes ?? notes[cell];
    if (before & (1 << digit)) changes.set(cell, { cell, notes: before & ~(1 << digit) });
  }
  for (const [row, col, digit] of step.placed || []) {
    const cell = row * n + col;
    if (values[cell] !== digit) changes.set(cell, { cell, value: digit, notes: 0 });
  }
  return [...changes.values()];
}
