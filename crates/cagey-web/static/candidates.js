// The candidates of the empty cells as the page fills them in (M): the digits a cell's row,
// column and box or region (and diagonals, under the diagonal rule) lack, cut down to those that some filling of its cage makes the
// clue with (Keen's and SudokuPad's fill take the cages into account too). Whether digits
// make a clue is asked of arithmetic.js, as the conflict marks and the editor ask it. The
// peers of a cell, which a placed digit is cleaned from, are here too. No DOM here.
//
// Candidates are bits, bit d for digit d, as the game's marks are.

import { makes } from './arithmetic.js';

/**
 * How many partial fillings of one cage the fill tries before it gives up on that cage and
 * keeps its units' candidates: a 16-cell sum on a 16x16 grid would otherwise take seconds.
 * Keeping more is never wrong, only less helpful.
 */
export const MAX_TRIES = 100000;

/**
 * The cells of each unit (row, column, box or region, and under the diagonal rule each long
 * diagonal through it) that `cell` is in.
 */
function unitsOf(puzzle, cell) {
  const n = puzzle.size;
  const row = Math.floor(cell / n);
  const col = cell % n;
  const units = [
    Array.from({ length: n }, (_, c) => row * n + c),
    Array.from({ length: n }, (_, r) => r * n + col),
  ];
  const { regions } = puzzle;
  if (regions && regions[cell] !== null && regions[cell] !== undefined) {
    units.push(regions.flatMap((region, i) => (region === regions[cell] ? [i] : [])));
  }
  if (puzzle.diagonals) {
    if (row === col) units.push(Array.from({ length: n }, (_, r) => r * n + r));
    if (row + col === n - 1) units.push(Array.from({ length: n }, (_, r) => r * n + (n - 1 - r)));
  }
  return units;
}

/**
 * The cells that may not hold the digit of `cell`: its row, column, box or region, its
 * diagonals under the diagonal rule, and in a killer its cage. The cell itself is not one.
 */
export function peersOf(puzzle, cell) {
  const peers = new Set(unitsOf(puzzle, cell).flat());
  if (puzzle.killer) {
    for (const cage of puzzle.cages || []) if (cage.cells.includes(cell)) cage.cells.forEach((c) => peers.add(c));
  }
  peers.delete(cell);
  return peers;
}

/**
 * The houses `peersOf` counts for `puzzle`, in words for the status line: `its row and
 * column` in a KenKen, `its row, column, box and cage` in a Killer Sudoku.
 */
export function peersInWords(puzzle) {
  const houses = ['row', 'column'];
  if (puzzle.regions) houses.push(/jigsaw/i.test(puzzle.kind || '') ? 'region' : 'box');
  if (puzzle.diagonals) houses.push('diagonals');
  if (puzzle.killer) houses.push('cage');
  return `its ${houses.slice(0, -1).join(', ')} and ${houses[houses.length - 1]}`;
}

/**
 * The candidates (bits) of every empty cell of the grid `digits` (row-major, 0 for empty,
 * givens included): each digit not yet placed in its row, its column or its box or region.
 * A filled cell has none (0).
 */
export function unitCandidates(puzzle, digits) {
  const n = puzzle.size;
  const full = ((1 << (n + 1)) - 1) & ~1;
  return digits.map((d, cell) => {
    if (d) return 0;
    let taken = 0;
    for (const unit of unitsOf(puzzle, cell)) for (const other of unit) if (digits[other]) taken |= 1 << digits[other];
    return full & ~taken;
  });
}

/**
 * `unitCandidates`, with each cage's empty cells cut down to the digits that appear in some
 * filling of the cage that makes its clue: digits from their candidates, different where
 * two cells share a row, column or box (or anywhere in a killer cage), the cage's placed
 * digits counted. A cage whose fillings are too many to try (`maxTries`) keeps its units'
 * candidates.
 */
export function cageCandidates(puzzle, digits, { maxTries = MAX_TRIES } = {}) {
  const found = unitCandidates(puzzle, digits);
  for (const cage of puzzle.cages || []) {
    const support = cageSupport(puzzle, cage, digits, found, maxTries);
    if (support) support.forEach((bits, cell) => { found[cell] = bits; });
  }
  return found;
}

/**
 * For each empty cell of `cage`, the digits some filling that makes the clue puts there
 * (a Map from cell to bits), or null when the search ran past `maxTries`.
 */
function cageSupport(puzzle, cage, digits, candidates, maxTries) {
  const n = puzzle.size;
  // Fewest candidates first: the search then cuts early.
  const count = (bits) => { let c = 0; for (let b = bits; b; b &= b - 1) c += 1; return c; };
  const open = cage.cells.filter((cell) => !digits[cell])
    .sort((a, b) => count(candidates[a]) - count(candidates[b]));
  if (!open.length) return new Map();
  const placed = cage.cells.filter((cell) => digits[cell]).map((cell) => digits[cell]);
  const multiCell = Boolean(puzzle.multi_cell);
  const { killer } = puzzle;
  // The earlier open cells each open cell must differ from; placed digits are already out
  // of their peers' candidates, and a killer's are kept out below.
  const { regions } = puzzle;
  const differ = (a, b) => killer || Math.floor(a / n) === Math.floor(b / n) || a % n === b % n
    || (regions && regions[a] !== null && regions[a] !== undefined && regions[a] === regions[b]);
  const clash = open.map((a, i) => open.slice(0, i).flatMap((b, j) => (differ(a, b) ? [j] : [])));
  const placedBits = placed.reduce((bits, d) => bits | (1 << d), 0);
  const domains = open.map((cell) => {
    let bits = candidates[cell];
    if (killer) bits &= ~placedBits;
    if (cage.op === '=') bits &= 1 << cage.target;
    const list = [];
    for (let d = 1; d <= n; d += 1) if (bits & (1 << d)) list.push(d);
    return list;
  });
  const full = domains.map((list) => list.reduce((bits, d) => bits | (1 << d), 0));
  // The least and most the cells from i on can add, to cut sums short.
  const least = new Array(open.length + 1).fill(0);
  const most = new Array(open.length + 1).fill(0);
  for (let i = open.length - 1; i >= 0; i -= 1) {
    least[i] = least[i + 1] + (domains[i][0] ?? 0);
    most[i] = most[i + 1] + (domains[i][domains[i].length - 1] ?? 0);
  }
  const support = new Array(open.length).fill(0);
  const chosen = [];
  let tries = 0;
  let complete = false;
  const sumOf = (list) => list.reduce((s, d) => s + d, 0);
  const startSum = sumOf(placed);
  const startProduct = placed.reduce((p, d) => p * d, 1);
  function search(i, sum, product) {
    tries += 1;
    if (tries > maxTries) return;
    if (i === open.length) {
      // Sums and products are known here; the other operations are asked of arithmetic.js.
      const made = cage.op === '+' ? sum === cage.target
        : cage.op === '*' ? product === cage.target
          : makes(cage.op, cage.target, [...placed, ...chosen], multiCell);
      if (made) {
        chosen.forEach((d, k) => { support[k] |= 1 << d; });
        complete = support.every((bits, k) => bits === full[k]);
      }
      return;
    }
    if (cage.op === '+' && (sum + least[i] > cage.target || sum + most[i] < cage.target)) return;
    for (const d of domains[i]) {
      if (complete || tries > maxTries) return;
      if (cage.op === '*' && cage.target % (product * d) !== 0) continue;
      if (clash[i].some((j) => chosen[j] === d)) continue;
      chosen.push(d);
      search(i + 1, sum + d, product * d);
      chosen.pop();
    }
  }
  search(0, startSum, startProduct);
  if (tries > maxTries) return null;
  return new Map(open.map((cell, k) => [cell, support[k]]));
}
