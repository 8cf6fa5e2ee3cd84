// The game's dealings with the world outside the store: loading a puzzle through the API
// (with the progress saved for it), saving, solving in the background to have an answer
// for Check and Reveal, and asking the server whether a full grid is solved. It takes the
// store, the API function, a Storage-like object and a clock; no DOM here.

import { sentence } from './api.js';
import { cellIndices, fromProgress, isFull, puzzleText } from './game.js';
import { formatTime } from './clock.js';
import { cornerBits } from './link.js';
import { progressKey, readProgress, saveProgress } from './storage.js';

/** What the status says at once about a puzzle without exactly one solution, by outcome. */
const VERDICTS = {
  none: () => 'This puzzle has no solution.',
  several: () => 'This puzzle has more than one solution; you can still play it.',
  gave_up: () => 'The solver could not settle this puzzle in time; you can still play it.',
};

/**
 * What the page says of a full grid `/api/check` found wrong (`answer`, on a grid of side
 * `n`): every rule it breaks, in the server's words, and the cells to mark (row-major
 * indices): `cells` whose digits repeat in a house, and `missed`, the cells of the cages whose
 * arithmetic fails, which are marked as a cage, not as wrong digits (as Check marks them).
 */
export function notRightYet(answer, n) {
  const violations = answer.violations ?? [];
  const cells = new Set(violations.filter((v) => v.rule !== 'cage').flatMap((v) => cellIndices(v.cells, n)));
  const missed = new Set(violations.filter((v) => v.rule === 'cage').flatMap((v) => cellIndices(v.cells, n)));
  const said = violations.map((v) => v.message).join('; ');
  const marked = cells.size || missed.size ? ' (marked)' : '';
  return { cells, missed, message: `Every cell is filled, but not right yet: ${said}${marked}.` };
}

export function createSession({ store, api, storage, clock }) {
  const { state, dispatch } = store;

  /** Saves the game of the puzzle loaded, if any. */
  function save() {
    if (!state.key) return;
    saveProgress(storage, state.key, state.text, {
      values: state.values, notes: state.notes, corner: state.corner, elapsed: clock.seconds(), done: state.done,
    });
  }

  /**
   * Loads the puzzle `text`, resuming the player's saved game for it unless the text came
   * from a link (`fromLink`) and carries progress of its own: digits and centre marks in
   * the text, corner marks in `corners` (`[row, col, digits]`, as link.js reads them). A
   * text that cannot be read is dispatched as `load-failed` (with `quiet` when the page
   * should not open the load panel). Resolves to whether the puzzle loaded.
   */
  async function load(text, { fromLink = false, quiet = false, corners = [] } = {}) {
    let puzzle;
    try {
      puzzle = await api('parse', { puzzle: text });
    } catch (error) {
      dispatch({ type: 'load-failed', error, quiet });
      return false;
    }
    clock.stop();
    save();
    const n = puzzle.size;
    const key = progressKey(puzzle.json);
    const corner = cornerBits(corners, n);
    const carried = (puzzle.progress && puzzle.progress.some((e) => e !== 0)) || corner.some(Boolean);
    // The player's own saved progress wins over what an old link carried.
    const saved = carried && fromLink ? null : readProgress(storage, key, n * n);
    const start = saved || { ...fromProgress(puzzle.progress, n), corner, elapsed: 0, done: false };
    clock.reset(start.elapsed);
    if (!start.done) clock.start();
    dispatch({
      type: 'load', text, puzzle, key, values: start.values, notes: start.notes, corner: start.corner, done: start.done,
    });
    solveInBackground();
    return true;
  }

  /**
   * Solves the puzzle loaded as background work (the player's requests go first), to have
   * an answer for Check and Reveal, and says at once when the puzzle has no solution or
   * several, or the solver gave up on it.
   */
  async function solveInBackground() {
    const { text } = state;
    let solved;
    try {
      solved = await api.background('solve', { puzzle: puzzleText(state, false) });
    } catch (error) {
      if (error.name === 'AbortError') return; // another puzzle was loaded
      solved = { outcome: 'error', message: error.message };
    }
    if (state.text !== text) return;
    dispatch({ type: 'set', fields: { solved } });
    const verdict = VERDICTS[solved.outcome];
    if (verdict) dispatch({ type: 'say', message: verdict(solved), kind: 'bad' });
  }

  /** The solution to check against, or null (saying why) when there is none yet. */
  function solution() {
    const { solved } = state;
    if (!solved) {
      dispatch({ type: 'say', message: 'Still solving the puzzle; try again in a moment.' });
      return null;
    }
    if (solved.outcome !== 'unique') {
      const verdict = VERDICTS[solved.outcome];
      const why = verdict ? verdict(solved) : sentence(solved.message);
      dispatch({ type: 'say', message: `No single solution to check against. ${why}`, kind: 'bad' });
      return null;
    }
    return solved.solution;
  }

  /**
   * When every cell is filled, asks the server whether the grid is solved, and says. The
   * clock stops while it asks, so the time said is the time the timer shows. A grid the
   * player filled is congratulated; one filled with revealed cells is only said to be full;
   * a wrong one has every rule it breaks said and its cells marked.
   */
  async function checkComplete() {
    if (!isFull(state) || state.done) return;
    const { text } = state;
    const running = clock.running;
    clock.stop();
    const seconds = clock.seconds();
    const answer = await api('check', { puzzle: puzzleText(state, true) })
      .catch((error) => ({ solved: false, error }));
    // The player may have changed the grid, or loaded another puzzle, meanwhile.
    if (state.text !== text || !isFull(state) || state.done) {
      if (running && state.text === text && !state.done && !state.paused) clock.start();
      return;
    }
    if (answer.solved) {
      dispatch({ type: 'solved', seconds });
      const time = formatTime(seconds);
      const revealed = state.marks.revealed.size;
      const message = {
        own: `Solved in ${time}. Well done!`,
        partly: `Solved in ${time}, with ${revealed} ${revealed === 1 ? 'cell' : 'cells'} revealed.`,
        revealed: 'The solution is filled in.',
      }[state.finish.how];
      dispatch({ type: 'say', message, kind: state.finish.how === 'own' ? 'good' : '' });
    } else if (answer.error) {
      if (running && !state.paused) clock.start();
      dispatch({ type: 'say', message: `Every cell is filled, but the check failed: ${answer.error.message}`, kind: 'bad' });
    } else {
      if (running && !state.paused) clock.start();
      const { cells, missed, message } = notRightYet(answer, state.puzzle.size);
      dispatch({ type: 'marks', wrong: [], repeated: cells, missed });
      dispatch({ type: 'say', message, kind: 'bad', marked: true });
    }
  }

  return { load, save, solution, checkComplete, puzzleText: (progress) => puzzleText(state, progress) };
}
