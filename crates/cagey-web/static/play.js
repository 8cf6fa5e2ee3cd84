// The play panel: the board, the digit pad, the tools (digit, corner and centre modes,
// erase, undo, redo, fill candidates, check, reveal, restart, zoom, live conflicts, the
// clean-up of marks when a digit is placed), the status line, the timer with its pause and the
// puzzle's summary. It draws them from the store after every change and turns keys, clicks
// and taps into actions.

import { Board } from './board.js';
import { formatTime } from './clock.js';
import { keyAction } from './keys.js';
import { brokenRules } from './conflicts.js';
import { checkReport } from './check.js';
import { digitsOf, wrongCells, wrongNoteCells } from './game.js';
import { peersInWords } from './candidates.js';

const $ = (id) => document.getElementById(id);

/** How often (ms) the timer is redrawn. */
const TICK_MS = 1000;

/** Where the choice to mark conflicts live is remembered. */
const CONFLICTS_KEY = 'cagey:conflicts';

/** Where the choice to clean a placed digit from the marks that see it is remembered. */
const AUTO_CLEAN_KEY = 'cagey:auto-clean';

/** Where the choice to zoom a board of small cells is remembered. */
const ZOOM_KEY = 'cagey:zoom';

/**
 * Zoom is offered when the board's cells are smaller than this, in CSS px: a 12x12 or 16x16
 * on a phone (30 and 23 px), not a 9x9 there (41 px). A 16x16 on a laptop is about this
 * size (35 px in a 1280x800 window whose page is 657 px tall), its clues 6 px tall: Zoom
 * helps there too.
 */
const ZOOM_BELOW_PX = 36;

function storedFlag(key, fallback) {
  try {
    const value = localStorage.getItem(key);
    return value === null ? fallback : value === 'on';
  } catch (_) {
    return fallback;
  }
}

function storeFlag(key, on) {
  try { localStorage.setItem(key, on ? 'on' : 'off'); } catch (_) { /* unsaved, still works */ }
}

export function mountPlay({ store, clock }) {
  const { state, dispatch } = store;
  const board = new Board($('board'), { onSelect: () => {}, onKey: keyDown });
  let typed = null; // the first digit of a two-digit number on grids larger than 9
  let shownStatus = 0; // the serial of the status message on the page
  let wasDone = false;
  let liveConflicts = storedFlag(CONFLICTS_KEY, true);
  let zoomWanted = storedFlag(ZOOM_KEY, false);

  const enter = (digit, mode) => dispatch({ type: 'enter', cells: board.selectedCells(), digit, mode });
  const erase = () => dispatch({ type: 'erase', cells: board.selectedCells() });

  function keyDown(event) {
    const { action, preventDefault, typed: next } = keyAction(event, {
      size: state.puzzle.size, selected: board.selected, typed, now: Date.now(),
    });
    typed = next;
    if (preventDefault) event.preventDefault();
    if (!action) return;
    // A paused game shows nothing and takes nothing but the key that resumes it.
    if (state.paused && action.type !== 'pause') return;
    // The first digit was entered on its own; the two-digit number replaces it.
    if (action.replace) dispatch({ type: 'undo' });
    switch (action.type) {
      case 'move':
        board.select(board.neighbour(action.dr, action.dc), true, action.extend);
        dispatch({ type: 'marks', cause: [], change: [] });
        break;
      case 'digit': enter(action.value, action.mark || undefined); break;
      case 'erase': erase(); break;
      case 'pause': pause(!state.paused); break;
      // The buttons' own work, so that a key and a click do the same.
      case 'hint': if (!$('hint').hidden) $('hint').click(); break;
      case 'check': $('check').click(); break;
      case 'mode': dispatch({ type: 'mode', mode: action.mode }); break;
      default: dispatch({ type: action.type }); // undo, redo, pencil, fill-candidates
    }
  }

  /** The rules the grid breaks as it stands. */
  const currentConflicts = () => brokenRules(state.puzzle, digitsOf(state));

  /**
   * Marks what is wrong: always the rules the grid breaks, a repeated digit on its cells and
   * a missed target on its cage; the digits and centre marks against the solution only when
   * the puzzle has one solution and the background solve found it. The message (check.js)
   * says which checks were made.
   */
  function check() {
    if (!state.puzzle) return;
    const { solved } = state;
    const unique = solved?.outcome === 'unique';
    const report = checkReport({
      puzzle: state.puzzle,
      digits: digitsOf(state),
      solved,
      wrongDigits: unique ? wrongCells(state, solved.solution) : undefined,
      lacking: unique ? wrongNoteCells(state, solved.solution) : undefined,
    });
    dispatch({ type: 'marks', wrong: report.wrong, repeated: report.repeated, missed: report.missed });
    const marked = report.wrong.size + report.repeated.size + report.missed.size > 0;
    dispatch({ type: 'say', message: report.message, kind: report.kind, marked });
  }

  /** The one solution to reveal from, or null (saying why) when there is none. */
  function answer() {
    const { solved } = state;
    if (solved?.outcome === 'unique') return solved.solution;
    const why = !solved ? 'the solution is still being worked out; try again in a moment'
      : ({ several: 'the puzzle has several solutions', none: 'the puzzle has no solution' }[solved.outcome] || solved.message);
    dispatch({ type: 'say', message: `Nothing to reveal: ${why}.`, kind: solved ? 'bad' : '' });
    return null;
  }

  function reveal() {
    const solution = answer();
    if (!solution) return;
    const cells = board.selectedCells().filter((cell) => !state.fixed[cell]);
    if (!cells.length) return;
    dispatch({
      type: 'apply', changes: cells.map((cell) => ({ cell, value: solution[cell], notes: 0, corner: 0 })), revealed: true, clean: true,
    });
    dispatch({ type: 'say', message: cells.length === 1 ? `Revealed: ${solution[cells[0]]}.` : `Revealed ${cells.length} cells.` });
  }

  function restart() {
    clock.reset(0);
    clock.start();
    dispatch({ type: 'restart' });
  }

  /** Stops the clock and hides the grid, or resumes. */
  function pause(paused) {
    if (!state.puzzle || (paused && state.done)) return;
    if (paused) clock.stop(); else clock.start();
    dispatch({ type: 'pause', paused });
    dispatch({ type: 'say', message: paused ? 'Paused: the clock is stopped.' : 'Resumed.' });
    showTime();
  }

  /** Offers Zoom when the cells are small, and zooms when the player asked for it. */
  function fitZoom() {
    const side = state.puzzle ? board.cellPixels() : 0;
    if (!side) return; // not laid out (the explanation's board is shown instead)
    const offered = side < ZOOM_BELOW_PX;
    $('zoom').hidden = !offered;
    $('zoom').setAttribute('aria-pressed', String(offered && zoomWanted));
    board.zoom(offered && zoomWanted);
  }

  function showTime() {
    $('timer').textContent = formatTime(clock.seconds());
  }

  function buildPad(n) {
    $('pad').style.setProperty('--n', n);
    $('pad').style.setProperty('--pad-columns', Math.ceil(Math.sqrt(n)));
    $('pad').classList.toggle('wide', n > 9);
    $('pad').replaceChildren(...Array.from({ length: n }, (_, i) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = i + 1;
      button.setAttribute('aria-label', `digit ${i + 1}`);
      button.addEventListener('click', () => enter(i + 1));
      return button;
    }));
  }

  /** The moment the grid is finished: the player's own is celebrated; a revealed one not. */
  function drawFinish() {
    const own = state.done && state.finish?.how === 'own';
    $('board').classList.toggle('celebrate', own);
    $('finish').textContent = own ? `Solved in ${formatTime(state.finish.seconds)}` : '';
  }

  function draw(_, action) {
    if (action.type === 'load') {
      board.load(state.puzzle);
      $('summary').textContent = state.puzzle.summary;
      buildPad(state.puzzle.size);
      fitZoom();
      wasDone = state.done;
      if (!state.done) clock.start();
      showTime();
    }
    if (state.puzzle) {
      board.show({
        values: state.values, notes: state.notes, corner: state.corner, fixed: state.fixed,
        marks: state.marks, conflicts: liveConflicts ? currentConflicts() : null,
      });
      $('board').classList.toggle('done', state.done);
      $('board').classList.toggle('paused', state.paused);
      drawFinish();
    }
    // A solved grid that stops being full (Undo, Erase) is a game again: the clock goes on.
    if (wasDone && !state.done && !state.paused) clock.start();
    if (state.done) showTime();
    wasDone = state.done;
    for (const [id, mode] of [['mode-normal', 'normal'], ['mode-corner', 'corner'], ['pencil', 'centre']]) {
      $(id).setAttribute('aria-pressed', String(state.mode === mode));
    }
    $('pad').dataset.mode = state.mode;
    $('pause').setAttribute('aria-pressed', String(state.paused));
    $('pause').textContent = state.paused ? 'Resume' : 'Pause';
    $('undo').disabled = !state.undo.length;
    $('redo').disabled = !state.redo.length;
    if (state.status.serial !== shownStatus) {
      shownStatus = state.status.serial;
      $('status').textContent = state.status.message;
      $('status').className = state.status.kind;
    }
  }

  $('mode-normal').addEventListener('click', () => dispatch({ type: 'mode', mode: 'normal' }));
  $('mode-corner').addEventListener('click', () => dispatch({ type: 'mode', mode: 'corner' }));
  $('pencil').addEventListener('click', () => dispatch({ type: 'pencil' }));
  $('undo').addEventListener('click', () => dispatch({ type: 'undo' }));
  $('redo').addEventListener('click', () => dispatch({ type: 'redo' }));
  $('erase').addEventListener('click', erase);
  $('fill').addEventListener('click', () => dispatch({ type: 'fill-candidates' }));
  $('check').addEventListener('click', check);
  $('reveal').addEventListener('click', reveal);
  $('restart').addEventListener('click', restart);
  $('zoom').addEventListener('click', () => {
    zoomWanted = !zoomWanted;
    storeFlag(ZOOM_KEY, zoomWanted);
    fitZoom();
  });
  window.addEventListener('resize', fitZoom);
  $('pause').addEventListener('click', () => pause(!state.paused));
  $('timer').addEventListener('click', () => pause(!state.paused));
  $('show-conflicts').checked = liveConflicts;
  $('show-conflicts').addEventListener('change', (event) => {
    liveConflicts = event.target.checked;
    storeFlag(CONFLICTS_KEY, liveConflicts);
    dispatch({ type: 'say', message: liveConflicts ? 'Conflicts are marked as you type.' : 'Conflicts are not marked.' });
  });
  dispatch({ type: 'set', fields: { autoClean: storedFlag(AUTO_CLEAN_KEY, true) } });
  $('auto-clean').checked = state.autoClean;
  $('auto-clean').addEventListener('change', (event) => {
    const autoClean = event.target.checked;
    storeFlag(AUTO_CLEAN_KEY, autoClean);
    dispatch({ type: 'set', fields: { autoClean } });
    dispatch({
      type: 'say',
      message: autoClean
        ? `A digit placed leaves the marks of ${state.puzzle ? peersInWords(state.puzzle) : 'the cells that see it'}.`
        : 'A digit placed leaves the marks as they are.',
    });
  });

  // The board keeps the keyboard: a press on a control of the play area does not take the
  // focus, and a click gives it back to the board (a control reached by Tab keeps it).
  const playArea = $('play');
  playArea.addEventListener('mousedown', (event) => {
    if (event.target.closest('button, input[type="checkbox"], label')) event.preventDefault();
  });
  playArea.addEventListener('click', (event) => {
    if (event.detail > 0 && event.target.closest('button, input, label') && !state.paused) {
      board.cells[board.selected]?.focus({ preventScroll: true });
    }
  });
  $('timer').addEventListener('mousedown', (event) => event.preventDefault());
  $('pause').addEventListener('mousedown', (event) => event.preventDefault());

  store.subscribe(draw);
  setInterval(showTime, TICK_MS);

  return {
    /** Puts the keyboard focus on the selected cell. */
    focus() {
      board.cells[board.selected]?.focus({ preventScroll: true });
    },
  };
}
