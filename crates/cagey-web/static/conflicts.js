// The rules a grid breaks as it stands, found without knowing the solution: a digit twice in
// a row, a column, a box or region, or a killer cage; a full cage whose digits miss its
// target. The board marks these cells live and Check reports them. No DOM here.

/** Whether the full cage's `digits` make `target` under operation `op` (cagey's JSON names). */
export function cageMet(op, target, digits) {
  const sum = digits.reduce((a, b) => a + b, 0);
  const product = digits.reduce((a, b) => a * b, 1);
  const largest = Math.max(...digits);
  // Subtraction and division on more cells (the multi-cell rule): the largest digit minus
  // the sum, or divided by the product, of the others; on two cells the same as usual.
  const results = {
    '+': [sum],
    '*': [product],
    '=': [digits.length === 1 ? digits[0] : NaN],
    '-': [largest - (sum - largest)],
    '/': [largest / (product / largest)],
  };
  // A hidden operation is met when any operation makes the target.
  const made = op === '?' ? Object.values(results).flat() : (results[op] || [target]);
  return made.includes(target);
}

/**
 * The conflicts of the grid `digits` (row-major, 0 for empty, givens included) under
 * `puzzle` as `/api/parse` describes it (`size`, `cages` with `cells`, `op`, `target` and
 * `label`, `regions`, `killer`, `kind`): a Map from each conflicting cell to the reasons,
 * as short phrases ("3 repeated in row 1", "cage 11+ misses its target").
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
  for (const cage of puzzle.cages) {
    const values = cage.cells.map((cell) => digits[cell]);
    if (values.every(Boolean) && !cageMet(cage.op, cage.target, values)) {
      cage.cells.forEach((cell) => flag(cell, `cage ${cage.label} misses its target`));
    }
  }
  return found;
}
