// A puzzle being entered in the editor, as plain data: its size, kind and cages, each cage
// a list of cells (row-major from 0) with an operation and a target, and for a Killer
// Jigsaw its regions (a region number per cell, -1 for none). Here are the clue
// reader, the checks made as the player goes (cells left out, cages that are not
// connected, clues no digits can make) and the writer of cagey's JSON format. No DOM here:
// `static/test/draft.test.js` runs it under Node. Whether digits make a clue is asked of
// arithmetic.js, which the conflict marks share.

import { makes } from './arithmetic.js';
import { cellName } from './names.js';

/** The kinds of puzzle the editor makes, with the words the page shows for them. */
export const KINDS = {
  kenken: 'KenKen', kendoku: 'KenDoku', killer: 'Killer Sudoku', 'killer-jigsaw': 'Killer Jigsaw',
};

/** The sizes the editor offers. */
export const MIN_SIZE = 3;
export const MAX_SIZE = 16;

/** How the page writes each operation. */
const SHOWN = { '+': '+', '-': '−', '*': '×', '/': '÷', '?': '?', '=': '' };

/** Each way a person may write an operation, and the operation it is. */
const OPERATIONS = {
  '+': '+', '-': '-', '−': '-', '–': '-', x: '*', X: '*', '×': '*', '*': '*', '/': '/', '÷': '/', '%': '/', ':': '/',
  '?': '?',
};

/**
 * Enumerating the digits of a cage stops after this many tries and calls the clue
 * possible: big cages on big grids would otherwise take seconds, and the solver still
 * says "No solution" if the clue is in fact impossible.
 */
const MAX_TRIES = 200000;

/** An empty draft; a jigsaw's regions start as the boxes, when the size has them. */
export function emptyDraft(size = 4, kind = 'kenken') {
  return withKind({ size, kind: 'kenken', multiCell: false, diagonals: false, cages: [] }, kind);
}

/** Whether the kind has the killer rule: cages are sums of different digits. */
export function isKiller(kind) {
  return kind === 'killer' || kind === 'killer-jigsaw';
}

/**
 * The draft as another kind, its cages kept. A jigsaw keeps its regions, or starts them as
 * the boxes (a grid to reshape rather than draw from nothing).
 */
export function withKind(draft, kind) {
  const { regions, ...rest } = draft;
  if (kind !== 'killer-jigsaw') return { ...rest, kind };
  const n = draft.size;
  const boxes = boxesFor(n);
  const start = Array.from({ length: n * n }, (_, c) => (boxes ? boxOf(c, n, boxes) : -1));
  return { ...rest, kind, regions: regions || start };
}

function boxOf(cell, n, [h, w]) {
  return Math.floor(Math.floor(cell / n) / h) * (n / w) + Math.floor((cell % n) / w);
}

/** The region (box or jigsaw piece) of each cell, -1 for none, or null for plain KenKen. */
export function regionsOf(draft) {
  const n = draft.size;
  if (draft.kind === 'killer-jigsaw') return draft.regions;
  const boxes = needsBoxes(draft.kind) ? boxesFor(n) : null;
  return boxes ? Array.from({ length: n * n }, (_, c) => boxOf(c, n, boxes)) : null;
}

/** `[rows, cols]` of a box of an n x n grid (the most square one), or null if n is prime. */
export function boxesFor(n) {
  for (let rows = Math.floor(Math.sqrt(n)); rows > 1; rows -= 1) {
    if (n % rows === 0) return [rows, n / rows];
  }
  return null;
}

/** Whether the kind needs boxes (and so a size that has them). */
export function needsBoxes(kind) {
  return kind === 'kendoku' || kind === 'killer';
}


/**
 * The clue as the page shows it: `12×`, `3−`, `15+`, or a bare number for a given and for
 * a killer's sum (a killer has no other operation, and its puzzles print none).
 */
export function clueLabel(cage, kind) {
  return isKiller(kind) ? String(cage.target) : `${cage.target}${SHOWN[cage.op]}`;
}

/**
 * Reads a clue for a cage of `cells` cells: `12×` (or `12x`, `12*`), `3-`, `2/` (or `2÷`),
 * `15+`, `12?` (a hidden operation: any of the four that makes it), or a bare number,
 * which is a sum in a killer and a given digit for a one-cell KenKen cage. Returns `{ op, target }` or `{ error }` saying what to write instead.
 */
export function parseClue(text, cells, kind) {
  const match = /^\s*(\d+)\s*(\S?)\s*$/.exec(text);
  if (!match) {
    return { error: 'Write a clue as a number and an operation: 12×, 3−, 2÷, 15+ (or 12x, 12*, 3-, 2/).' };
  }
  const target = Number(match[1]);
  let op = match[2] ? OPERATIONS[match[2]] : null;
  if (match[2] && !op) return { error: `"${match[2]}" is not an operation: use +, −, ×, ÷ (or -, x, *, /).` };
  if (isKiller(kind)) {
    if (op && op !== '+') return { error: `A killer cage's clue is its sum: write ${target} or ${target}+.` };
    op = '+';
  } else if (!op) {
    if (cells !== 1) {
      return { error: `Say the operation: ${target}+, ${target}−, ${target}× or ${target}÷ (or ${target}? when the puzzle hides it).` };
    }
    op = '=';
  }
  return { op, target };
}

/**
 * The cells from `from` to `to`, one row or column at a time (each touching the last by a
 * side), without `from`: a drag that jumped a cell or crossed a corner still makes one
 * piece. Each step goes the way that stays nearest the straight line; on a tie, along the
 * row when `acrossFirst`, else down the column.
 */
export function pathBetween(from, to, n, acrossFirst = true) {
  let [row, col] = [Math.floor(from / n), from % n];
  const [endRow, endCol] = [Math.floor(to / n), to % n];
  const [rows, cols] = [Math.abs(endRow - row), Math.abs(endCol - col)];
  const path = [];
  while (row !== endRow || col !== endCol) {
    // The share of each way still to go; the larger one moves.
    const down = rows && Math.abs(endRow - row) / rows;
    const across = cols && Math.abs(endCol - col) / cols;
    if (across > down || (across === down && acrossFirst)) col += Math.sign(endCol - col);
    else row += Math.sign(endRow - row);
    path.push(row * n + col);
  }
  return path;
}

/** Whether `cells` form one piece, each touching the next by a side. */
export function isConnected(cells, n) {
  if (cells.length === 0) return false;
  const inside = new Set(cells);
  const seen = new Set([cells[0]]);
  const queue = [cells[0]];
  while (queue.length) {
    const cell = queue.pop();
    const row = Math.floor(cell / n);
    const col = cell % n;
    const neighbours = [];
    if (row > 0) neighbours.push(cell - n);
    if (row < n - 1) neighbours.push(cell + n);
    if (col > 0) neighbours.push(cell - 1);
    if (col < n - 1) neighbours.push(cell + 1);
    for (const next of neighbours) {
      if (inside.has(next) && !seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen.size === inside.size;
}

/** Whether cells `a` and `b` must hold different digits: same row, column or region. */
function mustDiffer(a, b, n, regions) {
  if (Math.floor(a / n) === Math.floor(b / n) || a % n === b % n) return true;
  return Boolean(regions) && regions[a] >= 0 && regions[a] === regions[b];
}

/**
 * Whether some digits 1 to n in the cage's cells make its clue, with the digits of cells
 * that share a row, a column or a box (and, in a killer, of the whole cage) different.
 * Returns true, false, or null when the search was too long to finish.
 */
export function clueIsPossible(draft, cage) {
  const n = draft.size;
  const regions = regionsOf(draft);
  const killer = isKiller(draft.kind);
  const { op, target, cells } = cage;
  const k = cells.length;
  const digits = [];
  let tries = 0;
  function search(i, sum, product) {
    tries += 1;
    if (tries > MAX_TRIES) return null;
    if (i === k) return makes(op, target, digits, draft.multiCell);
    const left = k - i;
    // Sums and products cut the search short: the rest of the cage adds at least 1 and at
    // most n per cell, and every digit of a product divides its target.
    if (op === '+' && (sum + left > target || sum + left * n < target)) return false;
    for (let d = 1; d <= n; d += 1) {
      if (op === '*' && (target % (product * d) !== 0)) continue;
      let clash = false;
      for (let j = 0; j < i && !clash; j += 1) {
        clash = digits[j] === d && (killer || mustDiffer(cells[i], cells[j], n, regions));
      }
      if (clash) continue;
      digits.push(d);
      const found = search(i + 1, sum + d, product * d);
      digits.pop();
      if (found !== false) return found;
    }
    return false;
  }
  return search(0, 0, 1);
}

/** What is wrong with a cage on its own, in words, or null. */
export function cageProblem(draft, cage) {
  const n = draft.size;
  const name = `Cage ${cellName(Math.min(...cage.cells), n)} (${clueLabel(cage, draft.kind)})`;
  const k = cage.cells.length;
  if (!isConnected(cage.cells, n)) return `${name} is in pieces: its cells must touch.`;
  // `0−` (the largest digit the sum of the others) is a multi-cell clue, and so `0?`.
  const zeroAllowed = draft.multiCell && (cage.op === '-' || cage.op === '?');
  if (cage.target < 1 && !zeroAllowed) return `${name}: a target is at least 1.`;
  if (cage.op === '=' && k !== 1) return `${name}: a given is one cell.`;
  if ((cage.op === '-' || cage.op === '/') && k !== 2 && !(draft.multiCell && k > 2)) {
    const sign = SHOWN[cage.op];
    return draft.multiCell
      ? `${name} has 1 cell; a ${sign} cage has at least two.`
      : `${name} has ${k === 1 ? '1 cell' : `${k} cells`}; a ${sign} cage has exactly two (more under the multi-cell rule).`;
  }
  if (isKiller(draft.kind) && cage.op !== '+' && cage.op !== '=') {
    return `${name} says ${cage.target}${SHOWN[cage.op]}: a killer cage's clue is a sum; retype it.`;
  }
  if (isKiller(draft.kind) && k > n) {
    return `${name} has ${k} cells; a killer cage holds different digits, so at most ${n}.`;
  }
  if (isKiller(draft.kind)) {
    const least = (k * (k + 1)) / 2;
    const most = (k * (2 * n - k + 1)) / 2;
    if (cage.target < least || cage.target > most) {
      return `${name}: ${k} different digits from 1 to ${n} add up to ${least} to ${most}, not ${cage.target}.`;
    }
  }
  if (clueIsPossible(draft, cage) === false) {
    return `${name}: no digits from 1 to ${n} in its ${k === 1 ? 'cell' : `${k} cells`} make ${clueLabel(cage, draft.kind)}.`;
  }
  return null;
}

/**
 * The state of the draft: `leftOut` (the cells in no cage), `problems` (`{ cells,
 * message }` for each cage with something wrong) and `complete` (every cell is in a cage
 * and nothing is wrong, so the puzzle can be solved).
 */
export function checkDraft(draft) {
  const n = draft.size;
  const covered = new Set(draft.cages.flatMap((cage) => cage.cells));
  const leftOut = [];
  for (let cell = 0; cell < n * n; cell += 1) if (!covered.has(cell)) leftOut.push(cell);
  const problems = [];
  if (needsBoxes(draft.kind) && !boxesFor(n)) {
    problems.push({ cells: [], message: `A ${n}x${n} grid has no boxes: ${KINDS[draft.kind]} needs a size such as 4, 6, 8 or 9.` });
  }
  if (draft.kind === 'killer-jigsaw') problems.push(...regionProblems(draft));
  for (const cage of draft.cages) {
    const message = cageProblem(draft, cage);
    if (message) problems.push({ cells: cage.cells, message });
  }
  return { leftOut, problems, complete: leftOut.length === 0 && problems.length === 0 };
}

/** What is wrong with a jigsaw's regions: cells in none, regions of the wrong size or in pieces. */
function regionProblems(draft) {
  const n = draft.size;
  const problems = [];
  const outside = [];
  const members = new Map();
  draft.regions.forEach((region, cell) => {
    if (region < 0) outside.push(cell);
    else members.set(region, [...(members.get(region) || []), cell]);
  });
  if (outside.length) {
    problems.push({ cells: outside, message: `${outside.length === 1 ? '1 cell is' : `${outside.length} cells are`} in no region.` });
  }
  for (const cells of members.values()) {
    const name = `Region ${cellName(cells[0], n)}`;
    if (cells.length !== n) {
      problems.push({ cells, message: `${name} has ${cells.length === 1 ? '1 cell' : `${cells.length} cells`}; each region has ${n}.` });
    } else if (!isConnected(cells, n)) {
      problems.push({ cells, message: `${name} is in pieces: its cells must touch.` });
    }
  }
  return problems;
}

/** Makes `cells` a new region of the jigsaw, taking them from the regions they were in. */
export function addRegion(draft, cells) {
  const regions = [...draft.regions];
  const next = Math.max(-1, ...regions) + 1;
  for (const cell of cells) regions[cell] = next;
  return { ...draft, regions };
}

/**
 * Puts a new cage on `cells` with `clue` (from `parseClue`). Cells already in other cages
 * leave them (a cage left with no cells goes). Returns the new draft.
 */
export function addCage(draft, cells, clue) {
  const taken = new Set(cells);
  const cages = draft.cages
    .map((cage) => ({ ...cage, cells: cage.cells.filter((c) => !taken.has(c)) }))
    .filter((cage) => cage.cells.length > 0);
  cages.push({ cells: [...cells].sort((a, b) => a - b), op: clue.op, target: clue.target });
  return { ...draft, cages };
}

/** The draft without the cage holding `cell`. */
export function removeCageAt(draft, cell) {
  return { ...draft, cages: draft.cages.filter((cage) => !cage.cells.includes(cell)) };
}

/** The cage holding `cell`, or undefined. */
export function cageAt(draft, cell) {
  return draft.cages.find((cage) => cage.cells.includes(cell));
}

/** The draft as cagey's JSON format (docs/formats.md, "json"). */
export function toJson(draft) {
  const n = draft.size;
  const object = {
    size: n,
    cages: draft.cages.map((cage) => ({
      // A given made on a KenKen grid is a one-cell sum once the grid is a killer.
      op: isKiller(draft.kind) && cage.op === '=' ? '+' : cage.op,
      target: cage.target,
      cells: cage.cells.map((c) => [Math.floor(c / n), c % n]),
    })),
  };
  if (needsBoxes(draft.kind)) object.boxes = boxesFor(n);
  if (draft.kind === 'killer-jigsaw') {
    // Numbered from 0 in the order regions first appear, as the format asks.
    const numbers = new Map();
    const numbered = draft.regions.map((r) => {
      if (!numbers.has(r)) numbers.set(r, numbers.size);
      return numbers.get(r);
    });
    object.regions = Array.from({ length: n }, (_, row) => numbered.slice(row * n, (row + 1) * n));
  }
  if (isKiller(draft.kind)) object.killer = true;
  if (draft.multiCell && !isKiller(draft.kind)) object.multi_cell = true;
  // The diagonal rule (Killer X): each long diagonal holds every digit once.
  if (draft.diagonals) object.diagonals = true;
  return JSON.stringify(object);
}

/** The cells where two solutions (row-major digit lists) differ. */
export function differingCells(first, second) {
  const cells = [];
  first.forEach((digit, cell) => { if (digit !== second[cell]) cells.push(cell); });
  return cells;
}

/**
 * A draft read back from storage, or null when `text` is not one: anything malformed is
 * dropped rather than shown half-read.
 */
export function readDraft(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (_) {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { size, kind, cages } = value;
  if (!Number.isInteger(size) || size < MIN_SIZE || size > MAX_SIZE || !(kind in KINDS) || !Array.isArray(cages)) return null;
  const fine = cages.every((cage) => cage && Array.isArray(cage.cells) && cage.cells.length > 0
    && cage.cells.every((c) => Number.isInteger(c) && c >= 0 && c < size * size)
    && ['+', '-', '*', '/', '?', '='].includes(cage.op) && Number.isInteger(cage.target));
  if (!fine) return null;
  const draft = {
    size,
    kind: 'kenken',
    multiCell: Boolean(value.multiCell),
    diagonals: Boolean(value.diagonals),
    cages: cages.map(({ cells, op, target }) => ({ cells, op, target })),
  };
  const { regions } = value;
  const regionsFine = Array.isArray(regions) && regions.length === size * size && regions.every((r) => Number.isInteger(r) && r >= -1);
  return withKind(regionsFine ? { ...draft, regions } : draft, kind);
}
