// The hint button and panel: a hint in three levels from `/api/hint` on the game as it
// stands: the rule and where to look, then the cells that cause the step, then the step
// applied to the player's own marks (undoable): its digits placed and exactly its
// eliminated candidates taken out of the pencil marks, nothing written where the player
// had written nothing. When the next step would change nothing the player sees, the hint
// is the next step that places a new digit, with the steps that lead to it (its `before`),
// all applied at once, so that every hint taken in full moves a player without marks
// forward; its words, the library's, are one step a line. A game with mistakes gets them
// marked instead.

import { sentence, sentences } from './api.js';
import { cellIndices, changedCells } from './game.js';
import { stepChanges } from './steps.js';

const $ = (id) => document.getElementById(id);

export function mountHint({ store, api, session }) {
  const { state, dispatch } = store;

  async function hint() {
    if (state.hint && state.hint.step && state.hint.level < 3) {
      showHint(state.hint.level + 1);
      return;
    }
    dispatch({ type: 'say', message: 'Looking for a hint…' });
    try {
      const answer = await api('hint', { puzzle: session.puzzleText(true) });
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
    // The last level of a hint with steps before its digit is one step a line (the library's
    // lines: the steps it counts, then those it names), each a sentence.
    const text = sentences(level >= 3 && answer.applied ? answer.applied : step.hints[Math.min(level, 3) - 1]);
    if (level >= 3) {
      // The steps that lead to it and the step, as one change (one undo).
      const steps = [...(answer.before || []), step];
      const whole = {
        placed: steps.flatMap((s) => s.placed || []),
        eliminated: steps.flatMap((s) => s.eliminated || []),
      };
      const changes = stepChanges(whole, state.values, state.notes, n);
      dispatch({ type: 'apply', changes });
      // A chain marks what changed on the board; a single step, every cell it touches.
      const change = steps.length > 1 ? changes.map((c) => c.cell) : changedCells(step, n);
      dispatch({ type: 'marks', cause: cellIndices(step.cells, n), change });
      // Applying the step ends the hint (state.hint is null then): the next is a new one.
      dispatch({ type: 'hint', hint: state.hint, view: { text, more: null } });
    } else {
      if (level === 2) dispatch({ type: 'marks', cause: cellIndices(step.cells, n), change: [] });
      dispatch({ type: 'hint', hint: answer, view: { text, more: level === 1 ? 'Show the cells' : 'Apply the step' } });
    }
    // The panel shows the hint's words; the status line is cleared rather than say them twice.
    dispatch({ type: 'say', message: '' });
  }

  let shown = null;
  function draw() {
    if (state.hintView === shown) return;
    shown = state.hintView;
    $('hint-panel').hidden = !shown;
    if (!shown) return;
    // One line a step, each a block of its own.
    $('hint-text').replaceChildren(...shown.text.split('\n').map((line) => {
      const said = document.createElement('span');
      said.className = 'hint-line';
      said.textContent = line;
      return said;
    }));
    $('hint-more').hidden = !shown.more;
    if (shown.more) $('hint-more').textContent = shown.more;
  }

  $('hint').addEventListener('click', hint);
  $('hint-more').addEventListener('click', () => state.hint && showHint(state.hint.level + 1));
  store.subscribe(draw);
}
