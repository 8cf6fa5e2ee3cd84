// What Check finds and says: the rules the grid breaks, a repeated digit apart from a cage
// that misses its target, and, when the puzzle's one solution is known, the digits and
// centre marks that disagree with it. A repeat and a wrong digit are the digit's fault and
// mark its cell; a missed target is the cage's, and marks the cage (its clue and outline),
// since some of its digits may be right. A repeat is kept apart from a wrong digit, though
// both are hatched alike: its mark goes once the repeat is gone, by whichever cell (game.js).
// No DOM here.

import { brokenRules } from './conflicts.js';
import { cellName, listed } from './names.js';

/** How many cells or cages the message names before it only counts the rest. */
export const NAMED = 4;

const count = (k, one, many) => `${k} ${k === 1 ? one : many}`;

/** Up to `NAMED` names in a sentence, the rest counted: `r1c1, r1c2 and 3 more`. */
function some(names) {
  if (names.length <= NAMED) return listed(names);
  return `${names.slice(0, NAMED).join(', ')} and ${names.length - NAMED} more`;
}

/** Where a cage is named: its first cell, where its clue is drawn. */
export const cageCell = (cage) => Math.min(...cage.cells);

/**
 * Check's verdict on the grid `digits` (row-major, givens included) of `puzzle` (as
 * `/api/parse` describes it). `solved` is the background solve's answer (`outcome`,
 * `message`), or null while it runs; with one solution, `wrongDigits` and `lacking` are the
 * cells whose digit differs from it and the empty cells whose centre marks leave its digit
 * out. Returns the cells to mark: `repeated` (a digit repeated in a house), `wrong` (wrong
 * digits and marks) and `missed` (the cells of the cages that miss their target); the status
 * line's `message` and its `kind` (`good` or `bad`).
 */
export function checkReport({ puzzle, digits, solved, wrongDigits = new Set(), lacking = new Set() }) {
  const n = puzzle.size;
  const { repeats, missed } = brokenRules(puzzle, digits);
  const repeated = new Set(repeats.keys());
  const wrong = new Set();
  const missedCells = new Set(missed.flatMap((cage) => cage.cells));
  const parts = [];
  if (repeats.size) {
    const cells = [...repeats.keys()].sort((a, b) => a - b);
    parts.push(`${count(cells.length, 'cell repeats', 'cells repeat')} a digit (${some(cells.map((cell) => cellName(cell, n)))})`);
  }
  if (missed.length) {
    const cages = missed.map((cage) => `${cage.label} at ${cellName(cageCell(cage), n)}`);
    parts.push(`${count(missed.length, 'cage misses its target', 'cages miss their targets')} (${some(cages)})`);
  }
  if (!parts.length) parts.push('No conflicts');
  let kind = repeats.size || missed.length ? 'bad' : 'good';
  if (solved?.outcome === 'unique') {
    for (const cell of [...wrongDigits, ...lacking]) wrong.add(cell);
    const found = [];
    if (wrongDigits.size) found.push(count(wrongDigits.size, 'cell is wrong', 'cells are wrong'));
    if (lacking.size) found.push(count(lacking.size, 'cell lacks its digit in the marks', 'cells lack their digits in the marks'));
    parts.push(`compared with the solution, ${found.length ? found.join(' and ') : 'no mistakes so far'}`);
    if (found.length) kind = 'bad';
  } else if (!solved) {
    parts.push('the solution is still being worked out, so digits were not compared with it');
  } else {
    const why = { several: 'the puzzle has several solutions', none: 'the puzzle has no solution' }[solved.outcome];
    parts.push(`digits were not compared with a solution (${why || solved.message})`);
  }
  const marked = repeated.size || wrong.size || missedCells.size ? ' (marked)' : '';
  return { repeated, wrong, missed: missedCells, message: `${parts.join('; ')}${marked}.`, kind };
}
