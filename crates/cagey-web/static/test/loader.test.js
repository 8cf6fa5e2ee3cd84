// The load error's parts: a text no format reads shows the reason of the format it looks
// most like (the library's first), the others folded away; any other error as it is.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { errorParts } from '../loader.js';

// As the library answers `11+ 0 1\n3* 2 x` (shortened), made a sentence by api.js.
const NO_FORMAT = [
  'No format reads this text; it looks most like the kk format, which says: line 1: expected a cage as LABEL,CELLS (e.g. `11+,1 2 5 6`), found no comma',
  'not a1: line 1: a cage before the size line: the puzzle must start with `# N`',
  'not short-killer: the string has 7 characters; a short killer string has 81, one a cell.',
].join('\n');

test('a text no format reads leads with the likeliest format, by the name the menus use', () => {
  const { headline, others } = errorParts(NO_FORMAT);
  assert.equal(headline, 'No format reads this text; it looks most like the kk format, which says: line 1: expected a cage as LABEL,CELLS (e.g. `11+,1 2 5 6`), found no comma.');
  assert.deepEqual(others, [
    'a1: line 1: a cage before the size line: the puzzle must start with `# N`',
    'short-killer: the string has 7 characters; a short killer string has 81, one a cell.',
  ]);
  // The player review's: the library's name for the format ("sudokuwiki") was said.
  const wiki = errorParts('No format reads this text; it looks most like the SudokuWiki format, which says: the string is too short\nnot kk: line 1: no comma.');
  assert.equal(wiki.headline, 'No format reads this text; it looks most like the SudokuWiki format, which says: the string is too short.');
  assert.deepEqual(wiki.others, ['kk: line 1: no comma.']);
});

test('an error of one format is shown whole', () => {
  const message = 'Line 2, column 11: a cage cell must be a number from 0 to 15.';
  assert.deepEqual(errorParts(message), { headline: message, others: [] });
});

test("the box never shows a puzzle's answer", async () => {
  const { withoutAnswer } = await import('../loader.js');
  const made = '# seed=7/0\n# level=hard\n# solution=4,3,5,1\n3+,0 1\n1,2\n';
  assert.equal(withoutAnswer(made), '# seed=7/0\n# level=hard\n3+,0 1\n1,2\n');
  assert.equal(withoutAnswer('3+,0 1\n'), '3+,0 1\n');
});
