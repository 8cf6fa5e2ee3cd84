// Cage arithmetic: whether a cage's digits make its clue, in the library's words
// (crates/cagey/src/model/checker.rs, `reaches` and `violations`). The conflict marks
// (conflicts.js) and the editor's check of clues no digits can make (draft.js) both ask
// here; they once had a copy each and disagreed on `?` over three or more cells.
// `static/test/arithmetic.test.js` checks every answer against the library's on the cases
// of `static/test/arithmetic.json`, which `tests/arithmetic_fixture.rs` writes from the
// library. No DOM here.

/** The operations a hidden `?` may stand for, in cagey's JSON names. */
export const HIDDEN = ['+', '-', '*', '/'];

/**
 * Whether `digits` (the full cage, none empty) combined by `op` (cagey's JSON names: `+`,
 * `-`, `*`, `/`, `=` for a given, `?` for a hidden operation) give `target`.
 *
 * Subtraction and division are the largest digit minus the sum, or divided by the product,
 * of the others: on two cells the usual either-order rule, on more the multi-cell rule
 * (calcudoku.org's), which holds only when `multiCell` is on. A `?` is made when any of
 * `HIDDEN` makes it under the same rule: without `multiCell`, `1?` over 4, 2, 1 is not
 * made by 4 − 2 − 1, as the library says.
 */
export function makes(op, target, digits, multiCell = false) {
  if (op === '=') return digits.length === 1 && digits[0] === target;
  const longOk = digits.length === 2 || multiCell;
  if (op === '?') return HIDDEN.some((hidden) => reaches(hidden, target, digits, longOk));
  return reaches(op, target, digits, longOk);
}

/** Whether `digits` combined by `op` (not a given, not hidden) give `target`. */
function reaches(op, target, digits, longOk) {
  const sum = digits.reduce((s, d) => s + d, 0);
  // Exact while below 2^53, as far as a target read from JSON is exact anyway.
  const product = digits.reduce((p, d) => p * d, 1);
  const largest = Math.max(...digits);
  switch (op) {
    case '+': return sum === target;
    case '*': return product === target;
    case '-': return longOk && largest - (sum - largest) === target;
    // The product of the others times the target, rather than a quotient: no fractions.
    case '/': return longOk && largest === (product / largest) * target;
    default: return false;
  }
}

/**
 * What the library says of a full cage: `'repeats'` when the killer rule is on and the
 * cage holds a digit twice (checked first: the library then leaves the sum unjudged, so a
 * repeated digit is one broken rule, not two), else `'met'` or `'misses'` as `makes`
 * answers. `rules` is `{ killer, multiCell }`, both false when left out.
 */
export function judgeCage(op, target, digits, { killer = false, multiCell = false } = {}) {
  if (killer && new Set(digits).size < digits.length) return 'repeats';
  return makes(op, target, digits, multiCell) ? 'met' : 'misses';
}
