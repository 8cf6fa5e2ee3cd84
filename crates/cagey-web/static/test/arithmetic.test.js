// The page's cage arithmetic against the library's answers: every case of arithmetic.json,
// which crates/cagey-web/tests/arithmetic.rs writes from cagey's checker and keeps current.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { judgeCage, makes } from '../arithmetic.js';

const { cases } = JSON.parse(readFileSync(new URL('./arithmetic.json', import.meta.url), 'utf8'));

/** The cases that `answer` gets wrong, each as its line of the file and what it said instead. */
function wrong(answer) {
  return cases
    .map((c) => ({ c, said: answer(c) }))
    .filter(({ c, said }) => said !== c.answer)
    .map(({ c, said }) => `${JSON.stringify(c)} said ${said}`);
}

test('the fixture holds a few hundred cases of every operation', () => {
  assert.ok(cases.length >= 300, `${cases.length} cases`);
  assert.deepEqual([...new Set(cases.map((c) => c.op))].sort(), ['*', '+', '-', '/', '=', '?']);
});

test('judgeCage gives the library\'s answer on every case', () => {
  const said = wrong((c) => judgeCage(c.op, c.target, c.digits, { killer: c.killer, multiCell: c.multi_cell }));
  assert.deepEqual(said, []);
});

test('makes is met exactly where the library says so, the killer rule aside', () => {
  const said = wrong((c) => {
    if (c.answer === 'repeats') return 'repeats';
    return makes(c.op, c.target, c.digits, c.multi_cell) ? 'met' : 'misses';
  });
  assert.deepEqual(said, []);
});

test('the cases the page\'s two copies once disagreed on', () => {
  // `?` over three cells that only 4 − 2 − 1 makes: the multi-cell rule decides.
  assert.equal(makes('?', 1, [4, 2, 1], false), false);
  assert.equal(makes('?', 1, [4, 2, 1], true), true);
  // Two cells take − and ÷ in either order, with or without the rule.
  assert.ok(makes('-', 1, [2, 3]) && makes('/', 2, [2, 4]) && !makes('/', 2, [3, 4]));
  assert.ok(makes('?', 2, [4, 2]) && makes('?', 6, [4, 2]) && !makes('?', 5, [4, 2]));
  // Under the rule: the largest minus the others, or divided by their product.
  assert.ok(makes('-', 0, [4, 1, 3], true) && makes('/', 2, [1, 2, 4], true));
  // A killer cage that repeats a digit breaks the killer rule, whatever its sum.
  assert.equal(judgeCage('+', 8, [3, 3, 2], { killer: true }), 'repeats');
  assert.equal(judgeCage('+', 8, [3, 3, 2]), 'met');
});
