// The explanation: the whole solve from `/api/explain`, stepped through with Previous,
// Next, the arrow keys or a click on a step. While it is shown it takes the play board's
// place (Back to the game, Escape or closing its panel gives the place back). It draws its
// own board, the solver's and not the player's: the puzzle's picture with, in every open cell, the
// candidates before the step (replayed by steps.js), the cells that cause the step hatched
// in orange, the candidates it removes struck through in red and the digits it places
// circled in green. For a puzzle with several solutions it outlines the cells where two of
// them differ, with the two digits; for one that logic cannot finish, the cells the verdict
// names.

import { sentence } from './api.js';
import { cellName } from './names.js';
import { digitsOf, positions, stepMarks } from './steps.js';

const $ = (id) => document.getElementById(id);

/** The space around the grid in the library's picture, as a fraction of its side. */
function pictureInset(svgText, gridUnits) {
  const match = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svgText);
  const total = match ? Number(match[1]) : gridUnits;
  return (total - gridUnits) / 2 / total;
}

/** `[row, col]` as people read it: r1c1. */

/** Solutions as the server sends them (rows of digits, or flat) as flat lists. */
const flatSolutions = (solutions) => (solutions || []).map((s) => s.flat());

export function mountExplain({ store, api, session }) {
  const { state } = store;
  // The explanation shown: its steps, the positions before each, the cells it flags.
  let shown = null;
  let index = 0;
  let request = 0; // the serial of the latest request: an older answer is dropped
  let working = null; // the AbortController of the explanation under way

  function clear() {
    request += 1;
    // An explanation no longer wanted (a new one, another puzzle, the panel closed) is
    // stopped, not left to run to its time limit.
    working?.abort();
    working = null;
    shown = null;
    index = 0;
    $('explain-steps').replaceChildren();
    $('explain-summary').textContent = '';
    $('explain-position').textContent = '';
    $('explain-board').replaceChildren();
    leave();
  }

  /** Shows the explanation in the play board's place. */
  function enter() {
    $('explain-view').hidden = false;
    $('play').classList.add('explaining');
    $('explain-view').scrollIntoView({ block: 'start' });
  }

  /** Gives the place back to the player's board, keeping the explanation for later. */
  function leave() {
    if ($('explain-view').hidden) return;
    $('explain-view').hidden = true;
    $('play').classList.remove('explaining');
    document.querySelector('#board .cell[tabindex="0"]')?.focus({ preventScroll: true });
  }

  async function explain() {
    // This puzzle's explanation is already made: it is shown again where it was left.
    if (shown) {
      $('explain').open = true;
      enter();
      showStep(index);
      return;
    }
    clear();
    const serial = request;
    $('explain').open = true;
    $('explain-summary').textContent = 'Explaining…';
    let answer;
    working = new AbortController();
    try {
      const { signal } = working;
      answer = (await api('explain', { puzzle: session.puzzleText(false) }, { signal })).explanation;
    } catch (error) {
      if (serial === request) $('explain-summary').textContent = error.message;
      return;
    }
    if (serial !== request) return;
    working = null;
    const n = state.puzzle.size;
    const flagged = new Set((answer.differ || answer.cells || []).map(([row, col]) => row * n + col));
    shown = {
      steps: answer.steps,
      positions: positions(answer, n),
      flagged,
      several: answer.verdict === 'several',
      solutions: flatSolutions(answer.solutions),
    };
    let summary = sentence(answer.message);
    if (shown.several && flagged.size) {
      summary += ` The explanation's board outlines in blue the ${flagged.size === 1 ? 'cell' : `${flagged.size} cells`} where two solutions differ, with the digit of each.`;
    } else if (flagged.size) {
      summary += ` The explanation's board outlines the ${flagged.size === 1 ? 'cell' : `${flagged.size} cells`} it names.`;
    }
    $('explain-summary').textContent = summary;
    $('explain-flag-text').textContent = shown.several ? 'cells where two solutions differ' : 'cells the verdict names';
    $('explain-flag-legend').hidden = !flagged.size;
    // Room for the widest step number ("178."), which the list's margin once cut.
    $('explain-steps').style.setProperty('--digits', String(answer.steps.length).length);
    $('explain-steps').replaceChildren(...answer.steps.map((step, i) => {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'step';
      button.textContent = sentence(step.description);
      button.addEventListener('click', () => showStep(i));
      item.append(button);
      return item;
    }));
    enter();
    showStep(0);
  }

  /** Draws the viewer's board at step `i` (or the final position when there are no steps). */
  function showStep(i) {
    if (!shown) return;
    const { steps } = shown;
    index = Math.max(0, Math.min(steps.length - 1, i));
    const step = steps[index];
    drawBoard(step ? shown.positions[index] : shown.positions[shown.positions.length - 1], step);
    const buttons = [...$('explain-steps').querySelectorAll('button')];
    buttons.forEach((b, j) => b.setAttribute('aria-current', String(j === index)));
    // The list scrolls, not the page: on a phone the board and the buttons stay in view.
    const list = $('explain-steps');
    const current = buttons[index];
    if (current) list.scrollTop = current.offsetTop - (list.clientHeight - current.offsetHeight) / 2;
    $('step-prev').disabled = !steps.length || index === 0;
    $('step-next').disabled = !steps.length || index === steps.length - 1;
    $('explain-position').textContent = step
      ? `Step ${index + 1} of ${steps.length}: ${sentence(step.description)}`
      : 'Logic places no digit here; the board shows every candidate.';
  }

  function drawBoard(position, step) {
    const { puzzle } = state;
    const n = puzzle.size;
    const columns = Math.ceil(Math.sqrt(n));
    const marks = step ? stepMarks(step, n) : { cause: new Set(), eliminated: new Map(), placed: new Map() };
    const viewer = $('explain-board');
    viewer.style.setProperty('--n', n);
    // A killer's candidates keep inside its dashed cage outlines.
    viewer.classList.toggle('killer', !!puzzle.killer);
    viewer.style.setProperty('--columns', columns);
    viewer.style.setProperty('--rows', Math.ceil(n / columns));
    const picture = document.createElement('div');
    picture.className = 'picture';
    picture.innerHTML = puzzle.svg.replace(/^<\?xml[^>]*>\s*/, '').replace(/ width="\d+" height="\d+"/, '');
    picture.firstElementChild.setAttribute('aria-hidden', 'true');
    const grid = document.createElement('div');
    grid.className = 'viewer-cells';
    grid.style.inset = `${100 * pictureInset(puzzle.svg, puzzle.geometry.grid)}%`;
    for (let cell = 0; cell < n * n; cell += 1) {
      const box = document.createElement('div');
      box.className = 'vcell';
      box.dataset.cell = cell;
      box.classList.toggle('cause', marks.cause.has(cell));
      box.classList.toggle('flagged', shown.flagged.has(cell));
      const placed = marks.placed.get(cell);
      const gone = marks.eliminated.get(cell);
      const value = position.values[cell];
      if (shown.flagged.has(cell) && shown.solutions.length >= 2) {
        const alt = document.createElement('span');
        alt.className = 'alt';
        alt.textContent = `${shown.solutions[0][cell]} or ${shown.solutions[1][cell]}`;
        box.append(alt);
      } else if (value) {
        // A given is in the picture already.
        if (!puzzle.givens[cell]) {
          const digit = document.createElement('span');
          digit.className = 'vdigit';
          digit.textContent = value;
          box.append(digit);
        }
      } else {
        const candidates = document.createElement('span');
        candidates.className = 'vnotes';
        for (const d of digitsOf(position.candidates[cell], n)) {
          const span = document.createElement('span');
          span.textContent = d;
          span.style.gridArea = `${Math.floor((d - 1) / columns) + 1} / ${((d - 1) % columns) + 1}`;
          if (placed?.has(d)) span.className = 'placed';
          else if (gone?.has(d)) span.className = 'gone';
          candidates.append(span);
        }
        box.append(candidates);
      }
      grid.append(box);
    }
    viewer.replaceChildren(picture, grid);
    const what = [];
    if (marks.cause.size) what.push(`cause ${[...marks.cause].map((c) => cellName(c, n)).join(', ')}`);
    if (marks.placed.size) what.push(`places ${[...marks.placed].map(([c, ds]) => `${[...ds].join('')} in ${cellName(c, n)}`).join(', ')}`);
    if (marks.eliminated.size) what.push(`removes candidates from ${marks.eliminated.size === 1 ? '1 cell' : `${marks.eliminated.size} cells`}`);
    viewer.setAttribute('aria-label', `The solver's board before the step${what.length ? `: ${what.join('; ')}` : ''}. Left and Right arrows step.`);
  }

  $('explain-button').addEventListener('click', explain);
  // Closing the panel while the explanation is under way stops it.
  $('explain').addEventListener('toggle', () => {
    if (!$('explain').open && working) {
      clear();
      $('explain-summary').textContent = 'The explanation was stopped.';
    } else if (!$('explain').open) {
      leave();
    }
  });
  $('explain-close').addEventListener('click', leave);
  $('step-prev').addEventListener('click', () => showStep(index - 1));
  $('step-next').addEventListener('click', () => showStep(index + 1));
  $('explain-view').addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      leave();
      return;
    }
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    showStep(index + (event.key === 'ArrowLeft' ? -1 : 1));
  });
  store.subscribe((_, action) => {
    if (action.type === 'load') clear();
  });
  return { explain };
}
