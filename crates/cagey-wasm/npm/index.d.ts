// Types of cagey-engine (index.js). The answers are the cagey API's (docs/web.md).

/** The .wasm as a URL, Response, bytes or compiled module. */
export type WasmSource = string | URL | Response | BufferSource | WebAssembly.Module;

export function load(source?: WasmSource): Promise<void>;

export class CageyError extends Error {
  /** 400: the request or the puzzle's text; 422: the puzzle, or a limit ran out. */
  status: number;
  /** The line of the puzzle's text the error is on, from 1. */
  line?: number;
}

export interface Options { format?: string; timeLimit?: number }

/** A cell as [row, column], from 0. */
export type Place = [number, number];

export interface Example { name: string; source: string; puzzle: string }

export interface Cage { cells: number[]; label: string; op: '+' | '-' | '*' | '/' | '=' | '?'; target: number }

export interface Parsed {
  format: string; format_name: string; kind: string; summary: string; size: number; cages: Cage[];
  givens: number[]; regions: number[] | null; killer: boolean; multi_cell: boolean; diagonals: boolean;
  progress: unknown[] | null; comments: string[]; json: string; svg: string;
  geometry: { cell: number; grid: number };
}

export interface Converted { from: string; to: string; text: string }

export interface Solved {
  outcome: 'unique' | 'several' | 'none' | 'gave_up';
  message: string;
  /** Digits row by row. */
  solution: number[] | null;
  solutions: number[][];
  elapsed_ms: number;
}

export interface Counted { count: number; complete: boolean; message: string }

export interface Violation { rule: string; cells: Place[]; message: string }
export interface Checked { solved: boolean; violations: Violation[] }

export interface Step {
  rule: string; level: string; weight: number; house: string; cells: Place[];
  placed: [number, number, number][]; eliminated: [number, number, number][];
  text: string; description: string; hints: [string, string, string];
}

export type Hint =
  | { kind: 'step'; message: string; step: Step; progress: unknown[] }
  | { kind: 'mistakes'; message: string; cells: Place[] }
  | { kind: 'solved'; message: string }
  | { kind: 'stuck'; message: string };
export interface Hinted { hint: Hint }
/** An explanation: its verdict's fields (`verdict`, `message`, and by verdict `level`,
 * `score`, `solution`, `solutions`, `differ`, `reason`, `cells`, `cages`), its start and
 * its steps. */
export interface Explanation {
  verdict: 'solved' | 'several' | 'none' | 'gave_up';
  message: string;
  start: unknown[];
  steps: Step[];
  [field: string]: unknown;
}
export interface Explained { explanation: Explanation }
export interface Graded { level: string; score: number; steps: number; rules: { rule: string; count: number }[] }

export interface GenerateRequest {
  size?: number;
  kind?: 'kenken' | 'kendoku' | 'killer' | 'killer-jigsaw';
  difficulty?: 'any' | 'easy' | 'normal' | 'hard' | 'extreme' | 'unreasonable';
  ops?: string; style?: 'keen' | 'big'; cage_size?: string; hidden_ops?: boolean;
  multi_cell?: boolean; diagonals?: boolean; givens?: number; uncaged?: number; score?: [number, number]; seed?: number;
}
export interface Generated {
  puzzle: string; format: 'kk'; seed: number; level: string | null; score: number | null;
  message: string; elapsed_ms: number;
}

export function call(name: string, request?: object, options?: { timeLimit?: number }): unknown;
export function version(): string;
export function examples(): Example[];
export function parse(puzzle: string, options?: { format?: string }): Parsed;
export function convert(puzzle: string, to: string, options?: { format?: string; progress?: boolean }): Converted;
export function solve(puzzle: string, options?: Options): Solved;
export function count(puzzle: string, options?: Options & { limit?: number }): Counted;
export function check(puzzle: string, options?: { format?: string }): Checked;
export function hint(puzzle: string, options?: Options): Hinted;
export function explain(puzzle: string, options?: Options): Explained;
export function grade(puzzle: string, options?: Options): Graded;
export function generate(request?: GenerateRequest, options?: { timeLimit?: number }): Generated;
export function render(puzzle: string, options?: { format?: string; size?: number; solution?: boolean }): string;
