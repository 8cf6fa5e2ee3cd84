// The rules a grid breaks as it stands, found without knowing the solution: a digit twice in
// a row, a column, a box or region, a long diagonal under the diagonal rule, or a killer cage; a full cage whose digits miss its
// target (arithmetic.js judges it, as the library does). The board marks these live, a
// repeat on its cells and a missed target on its cage, and Check (check.js) reports them
// apart. No DOM here.

import { judgeCage } from './arithmetic.js';
import { cellName } from './names.js';

/**
 * The rules the grid `digits` (row-major, 0 for empty, givens included) breaks under
 * `puzzle` as `/api/parse` describes it (`size`, `cages` with `cells`, `op`, `target` and
 * `label`, `regions`, `killer`, `multi_cell`, `diagonals`, `kind`), in two kinds: `repeats`, a
 * Map from each cell whose digit is repeated in a house to the reasons, as short phrases ("3
 * repeated in row 1", "3 repeated in the diagonal r1c1-r9c9", a diagonal named by its end
 * cells as the library names it); and `missed`, the full cages whose digits miss their target, in the
 * puzzle's order. A cage is judged once full; a killer cage that repeats a digit is named
 * for the repeat alone, as the library names it.
 */
export function brokenRules(puzzle, digits) {
  const n = puzzle.size;
  const repeats = new Map();
  const flag = (cell, reason) => {
    if (!repeats.has(cell)) repeats.set(cell, []);
    if (!repeats.get(cell).includes(reason)) repeats.get(cell).push(reason);
  };
  const units = [];
  for (let r = 0; r < n; r += 1) units.push({ name: `row ${r + 1}`, cells: Array.from({ length: n }, (_, c) => r * n + c) });
  for (let c = 0; c < n; c += 1) units.push({ name: `column ${c + 1}`, cells: Array.from({ length: n }, (_, r) => r * n + c) });
  if (puzzle.regions) {
    const word = /jigsaw/i.test(puzzle.kind || '') ? 'region' : 'box';
    const byRegion = new Map();
    puzzle.regions.forEach((region, cell) => {
      if (region === null || region === undefined) return;
      if (!byRegion.has(region)) byRegion.set(region, []);
      byRegion.get(region).push(cell);
    });
    [...byRegion.values()].forEach((cells, k) => units.push({ name: `${word} ${k + 1}`, cells }));
  }
  if (puzzle.diagonals) {
    const ends = (first, last) => `the diagonal ${cellName(first, n)}-${cellName(last, n)}`;
    const falling = Array.from({ length: n }, (_, r) => r * n + r);
    const rising = Array.from({ length: n }, (_, r) => r * n + (n - 1 - r));
    units.push({ name: ends(falling[0], falling[n - 1]), cells: falling });
    units.push({ name: ends(rising[0], rising[n - 1]), cells: rising });
  }
  if (puzzle.killer) {
    for (const cage of puzzle.cages) units.push({ name: `cage ${cage.label}`, cells: cage.cells });
  }
  for (const { name, cells } of units) {
    const seen = new Map();
    for (const cell of cells) {
      const d = digits[cell];
      if (!d) continue;
      if (!seen.has(d)) seen.set(d, []);
      seen.get(d).push(cell);
    }
    for (const [d, where] of seen) {
      if (where.length > 1) where.forEach((cell) => flag(cell, `${d} repeated in ${name}`));
    }
  }
  const rules = { killer: Boolean(puzzle.killer), multiCell: Boolean(puzzle.multi_cell) };
  const missed = puzzle.cages.filter((cage) => {
    const values = cage.cells.map((cell) => digits[cell]);
    return values.every(Boolean) && judgeCage(cage.op, cage.target, values, rules) === 'misses';
  });
  return { repeats, missed };
}

/** The words for a cage that misses its target, as the board's cells say it. */
export const missReason = (cage) => `cage ${cage.label} misses its target`;

/**
 * Every broken rule of `brokenRules` by cell: a Map from each cell that repeats a digit or
 * lies in a cage that misses its target to the reasons ("3 repeated in row 1", "cage 11+
 * misses its target").
 */
export function conflicts(puzzle, digits) {
  const { repeats, missed } = brokenRules(puzzle, digits);
  const found = new Map([...repeats].map(([cell, reasons]) => [cell, reasons.slice()]));
  for (const cage of missed) {
    for (const cell of cage.cells) {
      if (!found.has(cell)) found.set(cell, []);
      found.get(cell).push(missReason(cage));
    }
  }
  return found;
}
