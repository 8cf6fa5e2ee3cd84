// The rules a grid breaks as it stands, found without knowing the solution: a digit twice in
// a row, a column, a box or region, or a killer cage; a full cage whose digits miss its
// target (arithmetic.js judges it, as the library does). The board marks these cells live
// and Check reports them. No DOM here.

import { judgeCage } from './arithmetic.js';

/**
 * The conflicts of the grid `digits` (row-major, 0 for empty, givens included) under
 * `puzzle` as `/api/parse` describes it (`size`, `cages` with `cells`, `op`, `target` and
 * `label`, `regions`, `killer`, `multi_cell`, `kind`): a Map from each conflicting cell to
 * the reasons, as short phrases ("3 repeated in row 1", "cage 11+ misses its target"). A
 * cage is judged once full; a killer cage that repeats a digit is named for the repeat
 * alone, as the library names it.
 */
export function conflicts(puzzle, digits) {
  const n = puzzle.size;
  const found = new Map();
  const flag = (cell, reason) => {
    if (!found.has(cell)) found.set(cell, []);
    if (!found.get(cell).includes(reason)) found.get(cell).push(reason);
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
  for (const cage of puzzle.cages) {
    const values = cage.cells.map((cell) => digits[cell]);
    if (values.every(Boolean) && judgeCage(cage.op, cage.target, values, rules) === 'misses') {
      cage.cells.forEach((cell) => flag(cell, `cage ${cage.label} misses its target`));
    }
  }
  return found;
}
