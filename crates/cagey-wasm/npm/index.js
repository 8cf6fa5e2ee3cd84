// cagey's engine for JavaScript: the cagey library in WebAssembly, with one function per
// question. Every answer is the JSON the cagey server's API gives (docs/web.md), as an
// object; every error is a CageyError with the API's message, status and line.
//
//   import { load, solve, generate } from 'cagey-engine';
//   await load();
//   const made = generate({ size: 6, difficulty: 'hard', seed: 7 });
//   solve(made.puzzle).outcome;   // 'unique'
//
// The calls run on the calling thread until done (within their time limit, 5 s unless
// `timeLimit` says otherwise): in a browser, call them from a Web Worker; in Node, from a
// worker thread when the main one must stay free.

import init, { call as engineCall, version as engineVersion } from './cagey_wasm.js';

let loading = null;

/**
 * Loads the engine once; every other function needs it loaded. `source` is the .wasm as a
 * URL, Response, bytes or compiled WebAssembly.Module; by default it is the package's own
 * file (read from disk under Node, fetched beside this module in a browser).
 */
export function load(source) {
  loading ??= (async () => {
    let module = source;
    if (module === undefined && typeof process !== 'undefined' && process.versions?.node) {
      const { readFile } = await import('node:fs/promises');
      module = await readFile(new URL('./cagey_wasm_bg.wasm', import.meta.url));
    }
    await init(module === undefined ? undefined : { module_or_path: module });
  })();
  return loading;
}

/** An error answer: what is wrong, its HTTP-style status (400 the request, 422 the puzzle
 * or a limit) and the line of the puzzle's text, when the parser names one. */
export class CageyError extends Error {
  constructor({ error, status, line }) {
    super(error);
    this.name = 'CageyError';
    this.status = status;
    this.line = line;
  }
}

/** Asks the question `name` (as the API's route) with `request`; returns the answer. */
export function call(name, request = {}, { timeLimit = 0 } = {}) {
  if (!loading) throw new Error('cagey-engine is not loaded: await load() first');
  let text;
  try {
    text = engineCall(name, JSON.stringify(request), timeLimit);
  } catch (error) {
    if (typeof error === 'string') throw new CageyError(JSON.parse(error));
    throw error;
  }
  return JSON.parse(text);
}

/** The engine's version. */
export const version = () => engineVersion();
/** The built-in puzzles. */
export const examples = () => call('examples');
/** A puzzle read from any format, with what a page needs to draw and play it. */
export const parse = (puzzle, { format } = {}) => call('parse', withFormat({ puzzle }, format));
/** A puzzle written in another format (`kk`, `keen`, `sudokupad`, `fpuzzles`, `json`, ...). */
export const convert = (puzzle, to, { format, progress = true } = {}) =>
  call('convert', withFormat({ puzzle, to, progress }, format));
/** The solution, and whether it is the only one. */
export const solve = (puzzle, { format, timeLimit } = {}) =>
  call('solve', withFormat({ puzzle }, format), { timeLimit });
/** How many solutions, up to `limit` (1000 by default). */
export const count = (puzzle, { format, limit, timeLimit } = {}) =>
  call('count', withFormat(limit === undefined ? { puzzle } : { puzzle, limit }, format), { timeLimit });
/** Whether the digits the text's progress places solve the puzzle, and every rule broken. */
export const check = (puzzle, { format } = {}) => call('check', withFormat({ puzzle }, format));
/** The next step from the text's progress, as a hint in three levels. */
export const hint = (puzzle, { format, timeLimit } = {}) =>
  call('hint', withFormat({ puzzle }, format), { timeLimit });
/** Every step to the solution, or as far as logic goes. */
export const explain = (puzzle, { format, timeLimit } = {}) =>
  call('explain', withFormat({ puzzle }, format), { timeLimit });
/** The puzzle's level and score. */
export const grade = (puzzle, { format, timeLimit } = {}) =>
  call('grade', withFormat({ puzzle }, format), { timeLimit });
/** A new puzzle with exactly one solution (sides up to 9). */
export const generate = (request = {}, { timeLimit } = {}) => call('generate', request, { timeLimit });
/** The puzzle as an SVG picture, with its progress or (`solution: true`) its solution. */
export const render = (puzzle, { format, size, solution = false } = {}) => {
  const request = withFormat({ puzzle, solution }, format);
  if (size !== undefined) request.size = size;
  return call('render', request).text;
};

function withFormat(request, format) {
  return format === undefined ? request : { ...request, format };
}
