// The solve panel: Solve fills in the solution (undoable) and, for a puzzle without exactly
// one solution, opens the explanation; Count solutions counts up to 1000.

const $ = (id) => document.getElementById(id);

/** How many solutions Count looks for at most. */
const COUNT_LIMIT = 1000;

export function mountSolve({ store, api, session, explain }) {
  const { state, dispatch } = store;
  const say = (message, kind) => dispatch({ type: 'say', message, kind });

  async function solveAll() {
    say('Solving…');
    try {
      const solved = await api('solve', { puzzle: session.puzzleText(false) });
      dispatch({ type: 'set', fields: { solved } });
      $('solve-result').textContent = `${solved.message}.`;
      if (solved.solution) {
        if (confirm('Fill in the solution? (Undo takes it back.)')) {
          dispatch({ type: 'apply', changes: solved.solution.map((value, cell) => ({ cell, value, notes: 0 })) });
        }
        say(`${solved.message}.`);
      } else {
        say(`${solved.message}.`, 'bad');
      }
      if (solved.outcome !== 'unique' && state.features.has('/api/explain')) {
        $('solve-result').textContent += ' The explanation below shows how far logic gets.';
        explain();
      }
    } catch (error) {
      say(error.message, 'bad');
    }
  }

  async function count() {
    $('solve-result').textContent = 'Counting…';
    try {
      const answer = await api('count', { puzzle: session.puzzleText(false), limit: COUNT_LIMIT });
      $('solve-result').textContent = `${answer.message[0].toUpperCase()}${answer.message.slice(1)}.`;
    } catch (error) {
      $('solve-result').textContent = error.message;
    }
  }

  $('solve').addEventListener('click', solveAll);
  $('count').addEventListener('click', count);
}
