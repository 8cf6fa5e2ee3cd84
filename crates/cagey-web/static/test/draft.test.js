// The editor's draft without a browser: clues read as a person writes them, the checks
// that run as cages are made, and the JSON the solver is sent.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  addCage, addRegion, boxesFor, cageProblem, checkDraft, clueIsPossible, clueLabel, differingCells,
  emptyDraft, isConnected, parseClue, pathBetween, readDraft, regionsOf, removeCageAt, toJson, withKind,
} from '../draft.js';

/** kk0, the 4x4 of tests/common/mod.rs, cage by cage. */
const KK0 = [
  [[0], '1'], [[1, 2, 5, 6], '11+'], [[3, 7], '4+'], [[4, 8, 9], '8*'],
  [[10, 11], '1-'], [[12, 13], '7+'], [[14, 15], '2%'],
];

function draftOf(size, kind, cages, multiCell = false) {
  let draft = { ...emptyDraft(size, kind), multiCell };
  for (const [cells, text] of cages) draft = addCage(draft, cells, parseClue(text, cells.length, kind));
  return draft;
}

test('clues read in every way a newspaper or a keyboard writes them', () => {
  for (const text of ['12×', '12x', '12X', '12*', ' 12 * ']) assert.deepEqual(parseClue(text, 3, 'kenken'), { op: '*', target: 12 });
  for (const text of ['3-', '3−']) assert.deepEqual(parseClue(text, 2, 'kenken'), { op: '-', target: 3 });
  for (const text of ['2/', '2÷', '2%']) assert.deepEqual(parseClue(text, 2, 'kenken'), { op: '/', target: 2 });
  assert.deepEqual(parseClue('15+', 3, 'kenken'), { op: '+', target: 15 });
  assert.deepEqual(parseClue('15', 3, 'killer'), { op: '+', target: 15 }, 'a bare number is a sum in a killer');
  assert.deepEqual(parseClue('3', 1, 'kenken'), { op: '=', target: 3 }, 'and a given on one KenKen cell');
  assert.match(parseClue('15', 3, 'kenken').error, /Say the operation: 15\+, 15−/);
  assert.match(parseClue('6×', 2, 'killer').error, /sum: write 6 or 6\+/);
  assert.match(parseClue('abc', 2, 'kenken').error, /Write a clue/);
  assert.match(parseClue('3#', 2, 'kenken').error, /"#" is not an operation/);
});

test('labels are written as the board writes them', () => {
  assert.equal(clueLabel({ op: '*', target: 12 }), '12×');
  assert.equal(clueLabel({ op: '-', target: 3 }), '3−');
  assert.equal(clueLabel({ op: '=', target: 4 }), '4');
  assert.equal(clueLabel({ op: '+', target: 15 }, 'kenken'), '15+');
  assert.equal(clueLabel({ op: '+', target: 15 }, 'killer'), '15', 'a killer prints its sums bare');
});

test('boxes are the most square split of the size, none for a prime', () => {
  assert.deepEqual(boxesFor(4), [2, 2]);
  assert.deepEqual(boxesFor(6), [2, 3]);
  assert.deepEqual(boxesFor(9), [3, 3]);
  assert.deepEqual(boxesFor(12), [3, 4]);
  assert.equal(boxesFor(7), null);
});

test('connected cells touch by a side, not a corner', () => {
  assert.ok(isConnected([0, 1, 5], 4));
  assert.ok(!isConnected([0, 5], 4));
  assert.ok(!isConnected([3, 4], 4), 'the end of one row does not touch the start of the next');
});

test('kk0 entered cage by cage is complete and has no problems', () => {
  const draft = draftOf(4, 'kenken', KK0);
  assert.deepEqual(checkDraft(draft), { leftOut: [], problems: [], complete: true });
  const json = JSON.parse(toJson(draft));
  assert.equal(json.size, 4);
  assert.deepEqual(json.cages[1], { op: '+', target: 11, cells: [[0, 1], [0, 2], [1, 1], [1, 2]] });
  assert.deepEqual(json.cages[6], { op: '/', target: 2, cells: [[3, 2], [3, 3]] });
  assert.equal(json.boxes, undefined);
});

test('cells left out are listed and the draft is not complete', () => {
  const state = checkDraft(draftOf(4, 'kenken', KK0.slice(0, 6)));
  assert.deepEqual(state.leftOut, [14, 15]);
  assert.equal(state.complete, false);
});

test('a clue no digits can make is named with its cage', () => {
  assert.match(cageProblem(draftOf(4, 'kenken', []), { cells: [0, 1], op: '+', target: 100 }),
    /^Cage r1c1 \(100\+\): no digits from 1 to 4 in its 2 cells make 100\+\.$/);
  assert.match(cageProblem(draftOf(6, 'kenken', []), { cells: [0, 1], op: '/', target: 7 }), /make 7÷/);
  // Two cells of one row: 3× is 1 and 3, but 9× would need 3 twice.
  assert.equal(cageProblem(draftOf(4, 'kenken', []), { cells: [0, 1], op: '*', target: 3 }), null);
  assert.match(cageProblem(draftOf(4, 'kenken', []), { cells: [0, 1], op: '*', target: 9 }), /make 9×/,
    '3 × 3 would repeat a digit in a row');
  // An L of three cells may repeat a digit in its corners: 1+1+2 is 4+ in KenKen.
  assert.equal(cageProblem(draftOf(4, 'kenken', []), { cells: [0, 1, 4], op: '+', target: 4 }), null);
  assert.match(cageProblem(draftOf(4, 'killer', []), { cells: [0, 1, 4], op: '+', target: 4 }),
    /3 different digits from 1 to 4 add up to 6 to 9, not 4/, 'a killer cage never repeats a digit');
  assert.match(cageProblem(draftOf(9, 'killer', []), { cells: [0, 1, 2, 3, 4, 5, 6, 7, 8, 17], op: '+', target: 50 }),
    /has 10 cells; a killer cage holds different digits, so at most 9/);
  assert.match(cageProblem(draftOf(4, 'kenken', []), { cells: [0, 1], op: '=', target: 2 }), /a given is one cell/);
});

test('− and ÷ take two cells, or more under the multi-cell rule', () => {
  const three = { cells: [0, 1, 2], op: '-', target: 1 };
  assert.match(cageProblem(draftOf(4, 'kenken', []), three), /has 3 cells; a − cage has exactly two/);
  // Under the rule: the largest minus the others, 4 - 2 - 1 = 1.
  assert.equal(cageProblem(draftOf(4, 'kenken', [], true), three), null);
  assert.equal(clueIsPossible(draftOf(4, 'kenken', [], true), { cells: [0, 1, 2], op: '/', target: 2 }), true, '4 ÷ 2 ÷ 1');
  assert.equal(clueIsPossible(draftOf(4, 'kenken', [], true), { cells: [0, 1, 2], op: '/', target: 3 }), false);
});

test('a cage that loses cells to a new one and falls apart is reported', () => {
  let draft = draftOf(4, 'kenken', [[[0, 1, 2], '6+']]);
  draft = addCage(draft, [1], parseClue('2', 1, 'kenken'));
  const { problems } = checkDraft(draft);
  assert.equal(problems.length, 1);
  assert.match(problems[0].message, /^Cage r1c1 \(6\+\) is in pieces/);
  assert.deepEqual(problems[0].cells, [0, 2]);
});

test('a kind with boxes needs a size that has them', () => {
  const { problems } = checkDraft(emptyDraft(7, 'killer'));
  assert.match(problems[0].message, /A 7x7 grid has no boxes/);
  const json = JSON.parse(toJson(draftOf(6, 'killer', [[[0, 1], '3']])));
  assert.deepEqual(json.boxes, [2, 3]);
  assert.equal(json.killer, true);
  assert.deepEqual(json.cages[0].op, '+');
});

test('removing a cage, the cells where two solutions differ, and a draft read back', () => {
  const draft = draftOf(4, 'kenken', KK0);
  assert.equal(removeCageAt(draft, 5).cages.length, 6);
  assert.deepEqual(differingCells([1, 2, 2, 1], [2, 1, 2, 1]), [0, 1]);
  assert.deepEqual(readDraft(JSON.stringify(draft)), draft);
  assert.equal(readDraft('not json'), null);
  assert.equal(readDraft(JSON.stringify({ ...draft, size: 40 })), null);
  assert.equal(readDraft(JSON.stringify({ ...draft, cages: [{ cells: [99], op: '+', target: 1 }] })), null);
});

test('a big cage on a big grid is checked quickly', () => {
  const started = Date.now();
  const cells = Array.from({ length: 16 }, (_, i) => i);
  assert.notEqual(clueIsPossible(draftOf(16, 'kenken', []), { cells, op: '*', target: 7 }), true);
  assert.ok(Date.now() - started < 2000);
});

test('a jigsaw starts with the boxes as its regions, and they are redrawn cell by cell', () => {
  let draft = emptyDraft(4, 'killer-jigsaw');
  assert.deepEqual(draft.regions, [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]);
  assert.deepEqual(checkDraft(draft).problems, []);
  // The top row as one region: the old top regions keep two cells each, in pieces or short.
  draft = addRegion(draft, [0, 1, 2, 3]);
  const messages = checkDraft(draft).problems.map((p) => p.message);
  assert.deepEqual(messages, ['Region r2c1 has 2 cells; each region has 4.', 'Region r2c3 has 2 cells; each region has 4.']);
  draft = addRegion(draft, [4, 5, 6, 7]);
  assert.deepEqual(checkDraft(draft).problems, []);
  assert.deepEqual(JSON.parse(toJson(draft)).regions, [[0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 3, 3], [2, 2, 3, 3]]);
  assert.equal(JSON.parse(toJson(draft)).killer, true);
  assert.equal(JSON.parse(toJson(draft)).boxes, undefined);
  assert.deepEqual(readDraft(JSON.stringify(draft)), draft);
});

test('a jigsaw region, not a box, keeps its digits different', () => {
  // r1c1 and r2c2 share a box of the 4x4 but, after the top row became a region, no region.
  let draft = addRegion(addRegion(emptyDraft(4, 'killer-jigsaw'), [0, 1, 2, 3]), [4, 5, 6, 7]);
  assert.deepEqual(regionsOf(draft).slice(0, 8), [4, 4, 4, 4, 5, 5, 5, 5]);
  draft = withKind(draft, 'kenken');
  assert.equal(draft.regions, undefined);
  assert.equal(clueIsPossible(emptyDraft(4, 'kendoku'), { cells: [0, 1, 5], op: '*', target: 8 }), true, '1 × 2 × 4');
  assert.equal(clueIsPossible(emptyDraft(4, 'kendoku'), { cells: [0, 1, 5], op: '*', target: 4 }), false,
    'r1c1 and r2c2 share a box, so 1 × 4 × 1 does not fit');
  assert.equal(clueIsPossible(emptyDraft(4, 'kenken'), { cells: [0, 1, 5], op: '*', target: 4 }), true);
});

test('a jigsaw on a prime size starts with no regions', () => {
  const draft = emptyDraft(5, 'killer-jigsaw');
  assert.ok(draft.regions.every((r) => r === -1));
  assert.match(checkDraft(draft).problems[0].message, /^25 cells are in no region\.$/);
});

test('a KenKen draft made a killer keeps its givens as sums and flags its other operations', () => {
  const draft = withKind(draftOf(4, 'kenken', [[[0], '3'], [[1, 2], '2×']]), 'killer');
  const { problems } = checkDraft(draft);
  assert.equal(problems.length, 1);
  assert.match(problems[0].message, /^Cage r1c2 \(2\) says 2×: a killer cage's clue is a sum; retype it\.$/);
  assert.deepEqual(JSON.parse(toJson(draft)).cages[0], { op: '+', target: 3, cells: [[0, 0]] });
});

test('a hidden operation is any of the four that makes the target', () => {
  assert.deepEqual(parseClue('12?', 2, 'kenken'), { op: '?', target: 12 });
  assert.match(parseClue('12', 2, 'kenken').error, /or 12\? when the puzzle hides it/);
  const draft = emptyDraft(4, 'kenken');
  assert.equal(clueIsPossible(draft, { cells: [0, 1], op: '?', target: 12 }), true, '3 × 4');
  assert.equal(clueIsPossible(draft, { cells: [0, 1], op: '?', target: 3 }), true, '1 + 2, 4 − 1 or 1 × 3');
  assert.equal(clueIsPossible(draft, { cells: [0, 1, 2], op: '?', target: 1 }), false, 'three different digits: no sum or product of 1, and no − on three cells');
  assert.equal(clueIsPossible({ ...draft, multiCell: true }, { cells: [0, 1, 2], op: '?', target: 1 }), true, '4 − 2 − 1 under the multi-cell rule');
  // 0? is a clue under the multi-cell rule, as 0− is (3 − 2 − 1), and the library reads it.
  const zero = { cells: [0, 1, 2], op: '?', target: 0 };
  assert.equal(cageProblem({ ...draft, multiCell: true }, zero), null);
  assert.match(cageProblem(draft, zero), /a target is at least 1/);
  assert.equal(clueLabel({ op: '?', target: 12 }, 'kenken'), '12?');
  assert.equal(JSON.parse(toJson(addCage(draft, [0, 1], { op: '?', target: 12 }))).cages[0].op, '?');
});

test('a drag that jumps is filled in one side at a time', () => {
  assert.deepEqual(pathBetween(0, 1, 4), [1]);
  // A corner crossed: along the row first, or down the column first, as the hand went.
  assert.deepEqual(pathBetween(0, 5, 4), [1, 5]);
  assert.deepEqual(pathBetween(0, 5, 4, false), [4, 5]);
  // A long jump stays near the straight line, and every cell touches the last.
  assert.deepEqual(pathBetween(0, 11, 4), [1, 5, 6, 10, 11]);
  assert.deepEqual(pathBetween(15, 12, 4), [14, 13, 12]);
  assert.deepEqual(pathBetween(3, 3, 4), []);
});

test('the diagonal rule is kept in the JSON a draft writes and in a draft read back', () => {
  const draft = { ...emptyDraft(4, 'killer'), diagonals: true };
  assert.equal(JSON.parse(toJson(draft)).diagonals, true);
  assert.equal(JSON.parse(toJson(emptyDraft(4, 'killer'))).diagonals, undefined);
  assert.equal(readDraft(JSON.stringify(draft)).diagonals, true);
  assert.equal(readDraft(JSON.stringify(emptyDraft(4, 'killer'))).diagonals, false);
});
