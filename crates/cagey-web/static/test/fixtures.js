// Puzzles the page's Node tests share, as /api/parse describes them.

/** kk0, the 4x4 KenKen of the built-in examples. */
export const KK0 = Object.freeze({
  size: 4,
  regions: null,
  killer: false,
  kind: 'KenKen',
  cages: [
    { cells: [0], label: '1', op: '=', target: 1 },
    { cells: [1, 2, 5, 6], label: '11+', op: '+', target: 11 },
    { cells: [3, 7], label: '4+', op: '+', target: 4 },
    { cells: [4, 8, 9], label: '8×', op: '*', target: 8 },
    { cells: [10, 11], label: '1−', op: '-', target: 1 },
    { cells: [12, 13], label: '7+', op: '+', target: 7 },
    { cells: [14, 15], label: '2÷', op: '/', target: 2 },
  ],
});
