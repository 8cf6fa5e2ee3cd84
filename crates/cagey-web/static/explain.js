// The explanation panel: the whole solve from `/api/explain`, stepped through with
// Previous, Next or a click on a step, each step's cause and changes marked on the board.
// For a puzzle that logic cannot finish it marks the cells the verdict names.

import { capital, cellIndices } from './game.js';

const $ = (id) => document.getElementById(id);

export function mountExplain({ store, api, session }) {
  const { state, dispatch } = store;

  async function explain() {
    $('explain').open = true;
    const list = $('explain-steps');
    list.replaceChildren();
    $('explain-position').textContent = '';
    $('explain-summary').textContent = 'Explaining…';
    try {
      const answer = (await api('explain', { puzzle: session.puzzleText(false) })).explanation;
      dispatch({ type: 'steps', steps: answer.steps });
      $('explain-summary').textContent = `${capital(answer.message)}.`;
      answer.steps.forEach((step, i) => {
        const item = document.createElement('li');
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'step';
        button.textContent = step.description;
        button.addEventListener('click', () => showStep(i));
        item.append(button);
        list.append(item);
      });
      if (answer.steps.length) showStep(0);
      // Where two solutions differ, or what has nothing left.
      const cells = cellIndices(answer.differ || answer.cells, state.puzzle.size);
      if (answer.verdict !== 'solved') dispatch({ type: 'marks', wrong: cells });
    } catch (error) {
      $('explain-summary').textContent = error.message;
    }
  }

  /** Shows step `index` of the explanation: its cause and the cells it changes. */
  function showStep(index) {
    const { steps } = state;
    if (!steps || !steps.length) return;
    dispatch({ type: 'step', index });
    const step = steps[state.stepIndex];
    const buttons = [...$('explain-steps').querySelectorAll('button')];
    buttons.forEach((b, i) => b.setAttribute('aria-current', String(i === state.stepIndex)));
    buttons[state.stepIndex]?.scrollIntoView({ block: 'nearest' });
    $('explain-position').textContent = `Step ${state.stepIndex + 1} of ${steps.length}: ${step.description}`;
  }

  $('explain-button').addEventListener('click', explain);
  $('step-prev').addEventListener('click', () => showStep(state.stepIndex - 1));
  $('step-next').addEventListener('click', () => showStep(state.stepIndex + 1));
  store.subscribe((_, action) => {
    if (action.type === 'load') $('explain-steps').replaceChildren();
  });
  return { explain };
}
