// The solve panel: Solve fills in the solution (undoable, the cells marked as revealed)
// when there is exactly one, and never calls that a win: the win is the player's own. A
// puzzle with several solutions gets none of them filled in and nothing marked wrong; the
// explanation opens instead, showing where two solutions differ. Count solutions counts up
// to 1000.

import { sentence } from './api.js';

const $ = (id) => document.getElementById(id);

/** How many solutions Count looks for at most. */
const COUNT_LIMIT = 1000;

export function mountSolve({ store, api, session, explain }) {
  const { state, dispatch } = store;
  const say = (message, kind) => dispatch({ type: 'say', message, kind });
  const result = (text) => { $('solve-result').textContent = text; };

  async function solveAll() {
    say('Solving…');
    result('Solving…');
    let solved;
    try {
      solved = await api('solve', { puzzle: session.puzzleText(false) });
    } catch (error) {
      result(error.message);
      say(error.message, 'bad');
      return;
    }
    dispatch({ type: 'set', fields: { solved } });
    if (solved.outcome === 'unique') {
      result(sentence(solved.message));
      if (!confirm('Fill in the solution? (Undo takes it back.)')) {
        say(sentence(solved.message));
        return;
      }
      const changes = solved.solution.map((value, cell) => ({ cell, value, notes: 0 }));
      const open = changes.filter(({ cell, value }) => !state.fixed[cell] && state.values[cell] !== value);
      dispatch({ type: 'apply', changes, revealed: true });
      dispatch({ type: 'marks', revealed: [...state.marks.revealed, ...open.map(({ cell }) => cell)] });
      result(`${sentence(solved.message)} Solution filled in.`);
      say('Solution filled in.');
      return;
    }
    const message = solved.outcome === 'several'
      ? 'This puzzle has more than one solution, so none is filled in.'
      : sentence(solved.message);
    say(message, 'bad');
    if (state.features.has('/api/explain')) {
      result(`${message} ${solved.outcome === 'several'
        ? 'The explanation shows where two of them differ.'
        : 'The explanation shows how far logic gets.'}`);
      explain();
    } else {
      result(message);
    }
  }

  async function count() {
    result('Counting…');
    try {
      const answer = await api('count', { puzzle: session.puzzleText(false), limit: COUNT_LIMIT });
      result(sentence(answer.message));
    } catch (error) {
      result(error.message);
    }
  }

  $('solve').addEventListener('click', solveAll);
  $('count').addEventListener('click', count);
  // A new puzzle: what was said about the last one no longer applies.
  store.subscribe((_, action) => {
    if (action.type === 'load') result('');
  });
}
