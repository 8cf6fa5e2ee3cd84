// The play panel: the board, the digit pad, the tools (pencil, erase, undo, redo, check,
// reveal, restart), the status line, the timer and the puzzle's summary. It draws them from
// the store after every change and turns keys, clicks and taps into actions.

import { Board } from './board.js';
import { formatTime } from './clock.js';
import { keyAction } from './keys.js';
import { wrongCells } from './game.js';

const $ = (id) => document.getElementById(id);

/** How often (ms) the timer is redrawn. */
const TICK_MS = 1000;

export function mountPlay({ store, session, clock }) {
  const { state, dispatch } = store;
  const board = new Board($('board'), { onSelect: () => {}, onKey: keyDown });
  let typed = null; // the first digit of a two-digit number on grids larger than 9
  let shownStatus = 0; // the serial of the status message on the page

  const enter = (digit, pencil = state.pencil) => dispatch({ type: 'enter', cell: board.selected, digit, pencil });
  const erase = () => dispatch({ type: 'erase', cell: board.selected });

  function keyDown(event) {
    const { action, preventDefault, typed: next } = keyAction(event, {
      size: state.puzzle.size, selected: board.selected, typed, now: Date.now(),
    });
    typed = next;
    if (preventDefault) event.preventDefault();
    if (!action) return;
    // The first digit was entered on its own; the two-digit number replaces it.
    if (action.replace) dispatch({ type: 'undo' });
    switch (action.type) {
      case 'move':
        board.select(board.neighbour(action.dr, action.dc), true);
        dispatch({ type: 'marks', cause: [], change: [] });
        break;
      case 'digit': enter(action.value, action.shift ? !state.pencil : state.pencil); break;
      case 'erase': erase(); break;
      default: dispatch({ type: action.type }); // undo, redo, pencil
    }
  }

  function check() {
    const answer = session.solution();
    if (!answer) return;
    const wrong = wrongCells(state, answer);
    dispatch({ type: 'marks', wrong });
    const count = wrong.size;
    dispatch({
      type: 'say',
      message: count ? `${count} ${count === 1 ? 'cell is' : 'cells are'} wrong (marked).` : 'No mistakes so far.',
      kind: count ? 'bad' : 'good',
    });
  }

  function reveal() {
    const answer = session.solution();
    if (!answer) return;
    const cell = board.selected;
    if (state.fixed[cell]) return;
    dispatch({ type: 'apply', changes: [{ cell, value: answer[cell], notes: 0 }] });
    dispatch({ type: 'marks', revealed: [...state.marks.revealed, cell] });
    dispatch({ type: 'say', message: `Revealed: ${answer[cell]}.` });
  }

  function restart() {
    clock.reset(0);
    clock.start();
    dispatch({ type: 'restart' });
  }

  function showTime() {
    $('timer').textContent = formatTime(clock.seconds());
  }

  function buildPad(n) {
    $('pad').replaceChildren(...Array.from({ length: n }, (_, i) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = i + 1;
      button.setAttribute('aria-label', `digit ${i + 1}`);
      button.addEventListener('click', () => enter(i + 1));
      return button;
    }));
  }

  function draw(_, action) {
    if (action.type === 'load') {
      board.load(state.puzzle);
      $('summary').textContent = state.puzzle.summary;
      buildPad(state.puzzle.size);
      showTime();
    }
    if (state.puzzle) {
      board.show(state.values, state.notes, state.fixed, state.marks);
      $('board').classList.toggle('done', state.done);
    }
    $('pencil').setAttribute('aria-pressed', String(state.pencil));
    $('undo').disabled = !state.undo.length;
    $('redo').disabled = !state.redo.length;
    if (state.status.serial !== shownStatus) {
      shownStatus = state.status.serial;
      $('status').textContent = state.status.message;
      $('status').className = state.status.kind;
    }
  }

  $('pencil').addEventListener('click', () => dispatch({ type: 'pencil' }));
  $('undo').addEventListener('click', () => dispatch({ type: 'undo' }));
  $('redo').addEventListener('click', () => dispatch({ type: 'redo' }));
  $('erase').addEventListener('click', erase);
  $('check').addEventListener('click', check);
  $('reveal').addEventListener('click', reveal);
  $('restart').addEventListener('click', restart);
  store.subscribe(draw);
  setInterval(showTime, TICK_MS);

  return {
    /** Puts the keyboard focus on the selected cell. */
    focus() {
      board.cells[board.selected]?.focus({ preventScroll: true });
    },
  };
}
