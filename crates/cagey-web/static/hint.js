// The hint button and panel: a hint in three levels from `/api/hint` on the game as it
// stands: the rule and where to look, then the cells that cause the step, then the step
// applied to the player's own marks (undoable): its digits placed and exactly its
// eliminated candidates taken out of the pencil marks, nothing written where the player
// had written nothing. What a step showed about unmarked cells is kept, unseen, for the
// next hint to start from. A game with mistakes gets them marked instead.

import { sentence } from './api.js';
import { cellIndices, changedCells } from './game.js';
import { learnStep, stepChanges, withKnown } from './steps.js';

const $ = (id) => document.getElementById(id);

export function mountHint({ store, api, session }) {
  const { state, dispatch } = store;
  // The candidates applied hints took out of cells the player had not marked, by cell.
  let known = new Map();

  async function hint() {
    if (state.hint && state.hint.step && state.hint.level < 3) {
      showHint(state.hint.level + 1);
      return;
    }
    dispatch({ type: 'say', message: 'Looking for a hint…' });
    try {
      const game = withKnown(JSON.parse(session.puzzleText(true)), known, state.puzzle.size);
      const answer = await api('hint', { puzzle: JSON.stringify(game) });
      dispatch({ type: 'hint', hint: { ...answer.hint, level: 0 }, view: state.hintView });
      showHint(1);
    } catch (error) {
      dispatch({ type: 'say', message: error.message, kind: 'bad' });
    }
  }

  /** Shows the hint at `level`: 1 the rule and where, 2 the cells too, 3 the step, applied. */
  function showHint(level) {
    const answer = state.hint;
    if (!answer) return;
    answer.level = level;
    const { step } = answer;
    const n = state.puzzle.size;
    if (!step) {
      // Mistakes, solved, or stuck: the message says which.
      const message = sentence(answer.message);
      dispatch({ type: 'marks', wrong: cellIndices(answer.cells, n) });
      dispatch({ type: 'hint', hint: null, view: { text: message, more: null } });
      dispatch({ type: 'say', message, kind: answer.kind === 'mistakes' ? 'bad' : '' });
      return;
    }
    const text = sentence(step.hints[Math.min(level, 3) - 1]);
    if (level >= 3) {
      learnStep(known, step, state.values, state.notes, n);
      dispatch({ type: 'apply', changes: stepChanges(step, state.values, state.notes, n) });
      dispatch({ type: 'marks', cause: cellIndices(step.cells, n), change: changedCells(step, n) });
      // Applying the step ends the hint (state.hint is null then): the next is a new one.
      dispatch({ type: 'hint', hint: state.hint, view: { text, more: null } });
    } else {
      if (level === 2) dispatch({ type: 'marks', cause: cellIndices(step.cells, n), change: [] });
      dispatch({ type: 'hint', hint: answer, view: { text, more: level === 1 ? 'Show the cells' : 'Apply the step' } });
    }
    dispatch({ type: 'say', message: text });
  }

  let shown = null;
  function draw() {
    if (state.hintView === shown) return;
    shown = state.hintView;
    $('hint-panel').hidden = !shown;
    if (!shown) return;
    $('hint-text').textContent = shown.text;
    $('hint-more').hidden = !shown.more;
    if (shown.more) $('hint-more').textContent = shown.more;
  }

  $('hint').addEventListener('click', hint);
  $('hint-more').addEventListener('click', () => state.hint && showHint(state.hint.level + 1));
  store.subscribe(draw);
  store.subscribe((_, action) => {
    if (action.type === 'load') known = new Map();
  });
}
