// cagey's page: loads a puzzle through the API, lets the player fill it in, and asks the API
// for everything that needs the library (solutions, hints, explanations, new puzzles,
// conversions, pictures). The page keeps the player's state (digits, pencil marks, undo,
// timer) and saves it in local storage; the server keeps nothing.

import { Board } from './board.js';

const $ = (id) => document.getElementById(id);

/** Calls the API; resolves to the JSON answer, or throws an Error with the server's message. */
async function api(path, body) {
  const response = await fetch(`/api/${path}`, body === undefined ? {} : {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const type = response.headers.get('content-type') || '';
  if (!response.ok) {
    const answer = type.includes('json') ? await response.json() : { error: await response.text() };
    const error = new Error(answer.error || `HTTP ${response.status}`);
    error.line = answer.line;
    error.status = response.status;
    throw error;
  }
  return type.includes('json') ? response.json() : response.blob();
}

const state = {
  text: null, // the puzzle's text as loaded
  puzzle: null, // /api/parse's answer
  key: null, // the local-storage key of this puzzle's progress
  values: [],
  notes: [],
  fixed: [],
  pencil: false,
  undo: [],
  redo: [],
  elapsed: 0, // seconds played before `since`
  since: null, // when the clock last started (ms), or null when stopped
  done: false,
  solved: null, // /api/solve's answer
  marks: { wrong: new Set(), revealed: new Set(), cause: new Set(), change: new Set() },
  features: new Set(), // the API routes this server has
  hint: null, // the hint being shown: { step, level }
  steps: null, // the explanation being stepped through
  stepIndex: 0,
};

const board = new Board($('board'), { onSelect: () => {}, onKey: keyDown });

// ---- status and timer -------------------------------------------------------------------

function say(message, kind = '') {
  const status = $('status');
  status.textContent = message;
  status.className = kind;
}

function seconds() {
  return state.elapsed + (state.since ? (Date.now() - state.since) / 1000 : 0);
}

function clock() {
  const total = Math.floor(seconds());
  const m = Math.floor(total / 60);
  const s = String(total % 60).padStart(2, '0');
  $('timer').textContent = `${m}:${s}`;
}

function startClock() {
  if (!state.since && !state.done) state.since = Date.now();
}

function stopClock() {
  state.elapsed = seconds();
  state.since = null;
}

setInterval(clock, 1000);
document.addEventListener('visibilitychange', () => {
  if (document.hidden) stopClock(); else startClock();
  save();
});

// ---- saving ---------------------------------------------------------------------------

function hash(text) {
  let h = 5381;
  for (let i = 0; i < text.length; i += 1) h = ((h * 33) ^ text.charCodeAt(i)) >>> 0;
  return h.toString(36);
}

function save() {
  if (!state.key) return;
  try {
    localStorage.setItem(state.key, JSON.stringify({
      values: state.values, notes: state.notes, elapsed: seconds(), done: state.done,
    }));
    localStorage.setItem('cagey:current', state.text);
  } catch (_) { /* storage full or off: the game goes on unsaved */ }
}

function restore() {
  try {
    const saved = JSON.parse(localStorage.getItem(state.key) || 'null');
    const cells = state.puzzle.size ** 2;
    if (saved && saved.values?.length === cells && saved.notes?.length === cells) {
      state.values = saved.values;
      state.notes = saved.notes;
      state.elapsed = saved.elapsed || 0;
      state.done = !!saved.done;
      return true;
    }
  } catch (_) { /* unreadable: start afresh */ }
  return false;
}

// ---- loading --------------------------------------------------------------------------

/** The progress a text carried, as values and notes. */
function fromProgress(progress, n) {
  const values = new Array(n * n).fill(0);
  const notes = new Array(n * n).fill(0);
  (progress || []).forEach((entry, i) => {
    if (Array.isArray(entry)) notes[i] = entry.reduce((bits, d) => bits | (1 << d), 0);
    else values[i] = entry;
  });
  return { values, notes };
}

async function load(text, { fromLink = false, quiet = false } = {}) {
  let puzzle;
  try {
    puzzle = await api('parse', { puzzle: text });
  } catch (error) {
    showLoadError(error);
    if (!quiet) $('load').open = true;
    return false;
  }
  $('load-error').hidden = true;
  stopClock();
  save();
  const n = puzzle.size;
  Object.assign(state, {
    text, puzzle, key: `cagey:progress:${hash(puzzle.json)}`,
    undo: [], redo: [], elapsed: 0, since: null, done: false, solved: null, hint: null, steps: null,
  });
  state.fixed = puzzle.givens.slice();
  const carried = puzzle.progress && puzzle.progress.some((e) => e !== 0);
  if (!(carried && fromLink) && restore()) {
    // The player's own saved progress wins over what an old link carried.
  } else {
    Object.assign(state, fromProgress(puzzle.progress, n));
  }
  for (const set of Object.values(state.marks)) set.clear();
  board.load(puzzle);
  $('board').classList.toggle('done', state.done);
  $('summary').textContent = puzzle.summary;
  $('pad').replaceChildren(...Array.from({ length: n }, (_, i) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = i + 1;
    button.setAttribute('aria-label', `digit ${i + 1}`);
    button.addEventListener('click', () => enter(i + 1));
    return button;
  }));
  $('hint-panel').hidden = true;
  $('explain-steps').replaceChildren();
  say(state.done ? 'Solved.' : `${puzzle.summary} (${puzzle.format} format).`);
  redraw();
  clock();
  if (!state.done) startClock();
  save();
  solveInBackground();
  return true;
}

function showLoadError(error) {
  const box = $('load-error');
  box.hidden = false;
  box.textContent = error.message;
  const area = $('puzzle-text');
  if (error.line && area.value) {
    // Select the line the parser names, so that the player sees where to look.
    const lines = area.value.split('\n');
    const start = lines.slice(0, error.line - 1).reduce((sum, l) => sum + l.length + 1, 0);
    area.focus();
    area.setSelectionRange(start, start + (lines[error.line - 1] || '').length);
  }
}

async function solveInBackground() {
  const text = state.text;
  try {
    const solved = await api('solve', { puzzle: puzzleText(false) });
    if (state.text === text) state.solved = solved;
  } catch (error) {
    if (state.text === text) state.solved = { outcome: 'error', message: error.message };
  }
}

// ---- the player's state as text -------------------------------------------------------

/** The puzzle as cagey's JSON, with the player's progress when `progress` is true. */
function puzzleText(progress) {
  const object = JSON.parse(state.puzzle.json);
  if (progress) {
    const n = state.puzzle.size;
    object.progress = Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => {
      const i = r * n + c;
      if (state.fixed[i]) return state.fixed[i];
      if (state.values[i]) return state.values[i];
      const notes = [];
      for (let d = 1; d <= n; d += 1) if (state.notes[i] & (1 << d)) notes.push(d);
      return notes.length ? notes : 0;
    }));
  }
  return JSON.stringify(object);
}

// ---- moves ----------------------------------------------------------------------------

/** Applies a move: a list of { cell, value, notes } changes, undoable as one. */
function apply(changes, { record = true } = {}) {
  const move = changes
    .filter(({ cell }) => !state.fixed[cell])
    .map(({ cell, value, notes }) => ({
      cell,
      before: [state.values[cell], state.notes[cell]],
      after: [value ?? state.values[cell], notes ?? state.notes[cell]],
    }))
    .filter(({ before, after }) => before[0] !== after[0] || before[1] !== after[1]);
  if (!move.length) return;
  for (const { cell, after } of move) {
    [state.values[cell], state.notes[cell]] = after;
    state.marks.wrong.delete(cell);
  }
  if (record) {
    state.undo.push(move);
    state.redo = [];
  }
  afterChange();
}

function undo() {
  const move = state.undo.pop();
  if (!move) return;
  for (const { cell, before } of move) [state.values[cell], state.notes[cell]] = before;
  state.redo.push(move);
  afterChange();
  say('Undone.');
}

function redo() {
  const move = state.redo.pop();
  if (!move) return;
  for (const { cell, after } of move) [state.values[cell], state.notes[cell]] = after;
  state.undo.push(move);
  afterChange();
  say('Redone.');
}

function afterChange() {
  clearHint();
  redraw();
  save();
  checkComplete();
}

function enter(digit) {
  if (state.done) return;
  const cell = board.selected;
  if (state.fixed[cell]) {
    say('That digit is given by the puzzle.');
    return;
  }
  if (state.pencil) {
    apply([{ cell, value: 0, notes: state.notes[cell] ^ (1 << digit) }]);
  } else {
    apply([{ cell, value: state.values[cell] === digit ? 0 : digit }]);
  }
}

function erase() {
  apply([{ cell: board.selected, value: 0, notes: 0 }]);
}

function redraw() {
  board.show(state.values, state.notes, state.fixed, state.marks);
  $('pencil').setAttribute('aria-pressed', String(state.pencil));
  $('undo').disabled = !state.undo.length;
  $('redo').disabled = !state.redo.length;
}

async function checkComplete() {
  const n = state.puzzle.size;
  const full = state.values.every((v, i) => v || state.fixed[i]);
  if (!full || state.done) return;
  const answer = await api('check', { puzzle: puzzleText(true) }).catch((e) => ({ solved: false, message: e.message }));
  if (answer.solved) {
    stopClock();
    state.done = true;
    save();
    say(`Solved in ${$('timer').textContent}! Well done.`, 'good');
    $('board').classList.add('done');
  } else {
    say(`Every cell is filled, but not right yet: ${answer.message}.`, 'bad');
  }
  return n;
}

// ---- keys -----------------------------------------------------------------------------

let typed = null; // the first digit of a two-digit number on grids larger than 9

function keyDown(event) {
  const n = state.puzzle.size;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[event.key]) {
    event.preventDefault();
    board.select(board.neighbour(...moves[event.key]), true);
    clearHintHighlight();
    return;
  }
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
    event.preventDefault();
    if (event.shiftKey) redo(); else undo();
    return;
  }
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'y') {
    event.preventDefault();
    redo();
    return;
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const digitKey = /^(?:Digit|Numpad)(\d)$/.exec(event.code);
  const digit = digitKey ? Number(digitKey[1]) : (/^\d$/.test(event.key) ? Number(event.key) : null);
  if (digit !== null) {
    event.preventDefault();
    let value = digit;
    if (typed && typed.cell === board.selected && Date.now() - typed.at < 1000 && typed.digit * 10 + digit <= n) {
      value = typed.digit * 10 + digit;
      typed = null;
      // The first digit was entered on its own; the two-digit number replaces it.
      undo();
    } else {
      typed = digit * 10 <= n ? { digit, cell: board.selected, at: Date.now() } : null;
    }
    if (value === 0) { erase(); return; }
    if (value > n) return;
    const pencil = state.pencil;
    if (event.shiftKey) state.pencil = !state.pencil;
    enter(value);
    state.pencil = pencil;
    return;
  }
  switch (event.key) {
    case 'Backspace': case 'Delete':
      event.preventDefault(); erase(); break;
    case 'p': case 'P':
      togglePencil(); break;
    default:
  }
}

function togglePencil() {
  state.pencil = !state.pencil;
  redraw();
  say(state.pencil ? 'Pencil marks on: digits note candidates.' : 'Pencil marks off: digits fill cells.');
}

// ---- checking and revealing -------------------------------------------------------------

function solution() {
  const solved = state.solved;
  if (!solved) {
    say('Still solving the puzzle; try again in a moment.');
    return null;
  }
  if (solved.outcome !== 'unique') {
    say(`Cannot check against a solution: ${solved.message}.`, 'bad');
    return null;
  }
  return solved.solution;
}

function check() {
  const answer = solution();
  if (!answer) return;
  state.marks.wrong.clear();
  state.values.forEach((v, i) => { if (v && !state.fixed[i] && v !== answer[i]) state.marks.wrong.add(i); });
  redraw();
  const wrong = state.marks.wrong.size;
  say(wrong ? `${wrong} ${wrong === 1 ? 'cell is' : 'cells are'} wrong (marked).` : 'No mistakes so far.', wrong ? 'bad' : 'good');
}

function reveal() {
  const answer = solution();
  if (!answer) return;
  const cell = board.selected;
  if (state.fixed[cell]) return;
  apply([{ cell, value: answer[cell], notes: 0 }]);
  state.marks.revealed.add(cell);
  redraw();
  say(`Revealed: ${answer[cell]}.`);
}

async function solveAll() {
  say('Solving…');
  try {
    const solved = await api('solve', { puzzle: puzzleText(false) });
    state.solved = solved;
    if (solved.solution) {
      $('solve-result').textContent = solved.message + '.';
      if (confirm('Fill in the solution? (Undo takes it back.)')) {
        apply(solved.solution.map((value, cell) => ({ cell, value, notes: 0 })));
      }
      say(solved.message + '.');
    } else {
      $('solve-result').textContent = solved.message + '.';
      say(solved.message + '.', 'bad');
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
    const answer = await api('count', { puzzle: puzzleText(false), limit: 1000 });
    $('solve-result').textContent = `${answer.message[0].toUpperCase()}${answer.message.slice(1)}.`;
  } catch (error) {
    $('solve-result').textContent = error.message;
  }
}

// ---- hints and explanations -------------------------------------------------------------

function clearHintHighlight() {
  state.marks.cause.clear();
  state.marks.change.clear();
  redraw();
}

function clearHint() {
  state.hint = null;
  $('hint-panel').hidden = true;
  state.marks.cause.clear();
  state.marks.change.clear();
}

/** The cells a step changes: those it places a digit in and those that lose candidates. */
function changedCells(step) {
  return new Set([...step.placed, ...step.eliminated].map(([cell]) => cell));
}

async function hint() {
  if (state.hint && state.hint.step && state.hint.level < 3) {
    showHint(state.hint.level + 1);
    return;
  }
  say('Looking for a hint…');
  try {
    const answer = await api('hint', { puzzle: puzzleText(true) });
    state.hint = { ...answer, level: 0 };
    showHint(1);
  } catch (error) {
    say(error.message, 'bad');
  }
}

/** Shows the hint at `level`: 1 the rule and where, 2 the cells too, 3 the step, applied. */
function showHint(level) {
  const answer = state.hint;
  if (!answer) return;
  answer.level = level;
  const panel = $('hint-panel');
  panel.hidden = false;
  const { step } = answer;
  if (!step) {
    // Mistakes, solved, or stuck: the message says which.
    $('hint-text').textContent = capital(answer.message);
    $('hint-more').hidden = true;
    state.marks.wrong = new Set(answer.cells || []);
    redraw();
    say(capital(answer.message), answer.kind === 'mistakes' ? 'bad' : '');
    state.hint = null;
    return;
  }
  $('hint-text').textContent = `${capital(step.hints[Math.min(level, 3) - 1])}.`;
  $('hint-more').hidden = level >= 3;
  $('hint-more').textContent = level === 1 ? 'Show the cells' : 'Apply the step';
  if (level === 2) {
    state.marks.cause = new Set(step.cells);
    state.marks.change.clear();
  } else if (level >= 3) {
    const n = state.puzzle.size;
    const full = ((1 << (n + 1)) - 1) & ~1;
    const changes = new Map();
    for (const [cell, digit] of step.placed) changes.set(cell, { cell, value: digit, notes: 0 });
    for (const [cell, digit] of step.eliminated) {
      if (changes.has(cell) || state.values[cell] || state.fixed[cell]) continue;
      changes.set(cell, { cell, notes: state.notes[cell] || full });
    }
    for (const [cell, digit] of step.eliminated) {
      const entry = changes.get(cell);
      if (entry && entry.value === undefined) entry.notes &= ~(1 << digit);
    }
    const text = $('hint-text').textContent;
    apply([...changes.values()]);
    state.marks.cause = new Set(step.cells);
    state.marks.change = changedCells(step);
    panel.hidden = false;
    $('hint-text').textContent = text;
    $('hint-more').hidden = true;
  }
  redraw();
  say($('hint-text').textContent);
}

function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : '';
}

async function explain() {
  $('explain').open = true;
  const list = $('explain-steps');
  list.replaceChildren();
  $('explain-position').textContent = '';
  $('explain-summary').textContent = 'Explaining…';
  try {
    const answer = await api('explain', { puzzle: puzzleText(false) });
    state.steps = answer.steps;
    state.verdictCells = answer.cells;
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
    if (answer.verdict !== 'solved') {
      state.marks.wrong = new Set(answer.cells);
      redraw();
    }
  } catch (error) {
    $('explain-summary').textContent = error.message;
  }
}

/** Shows step `index` of the explanation: its cause and the cells it changes. */
function showStep(index) {
  const steps = state.steps;
  if (!steps || !steps.length) return;
  state.stepIndex = Math.max(0, Math.min(steps.length - 1, index));
  const step = steps[state.stepIndex];
  state.marks.cause = new Set(step.cells);
  state.marks.change = changedCells(step);
  const buttons = [...$('explain-steps').querySelectorAll('button')];
  buttons.forEach((b, i) => b.setAttribute('aria-current', String(i === state.stepIndex)));
  buttons[state.stepIndex]?.scrollIntoView({ block: 'nearest' });
  $('explain-position').textContent = `Step ${state.stepIndex + 1} of ${steps.length}: ${step.description}`;
  redraw();
}

// ---- new puzzles --------------------------------------------------------------------------

async function generate(event) {
  event.preventDefault();
  const form = new FormData($('new-form'));
  const request = { size: Number(form.get('size')) };
  for (const key of ['difficulty', 'ops', 'kind']) if (form.get(key)) request[key] = form.get(key);
  if (form.get('seed')) request.seed = Number(form.get('seed'));
  $('new-status').textContent = 'Making a puzzle…';
  try {
    const made = await api('generate', request);
    await load(made.puzzle);
    $('new-status').textContent = made.message || 'Here it is.';
  } catch (error) {
    $('new-status').textContent = error.message;
  }
}

// ---- sharing and exporting -------------------------------------------------------------

async function shareLink() {
  const withProgress = $('share-progress').checked;
  const formats = withProgress ? ['sudokuwiki', 'json'] : ['keen', 'sudokuwiki', 'json'];
  for (const to of formats) {
    try {
      const { text } = await api('convert', { puzzle: puzzleText(withProgress), to });
      const url = `${location.origin}${location.pathname}#p=${encodeURIComponent(text.trim())}`;
      $('share-link').value = url;
      return url;
    } catch (_) { /* this format cannot hold the puzzle: try the next */ }
  }
  return null;
}

function download(name, blob) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

async function exportAs(format) {
  const out = $('export-text');
  try {
    if (format === 'svg' || format === 'png') {
      const blob = await api('render', { puzzle: puzzleText(true), image: format });
      download(`puzzle.${format}`, blob);
      out.value = `puzzle.${format} downloaded.`;
      return;
    }
    const { text } = await api('convert', { puzzle: puzzleText(true), to: format });
    out.value = text;
    const extension = { kk: 'kk', json: 'json', sudokuwiki: 'txt', keen: 'txt' }[format];
    download(`puzzle.${extension}`, new Blob([text], { type: 'text/plain' }));
  } catch (error) {
    out.value = error.message;
  }
}

// ---- start ------------------------------------------------------------------------------

function linkedPuzzle() {
  const match = /^#p=(.*)$/s.exec(location.hash);
  return match ? decodeURIComponent(match[1]) : null;
}

function wire() {
  $('pencil').addEventListener('click', togglePencil);
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('erase').addEventListener('click', erase);
  $('check').addEventListener('click', check);
  $('reveal').addEventListener('click', reveal);
  $('solve').addEventListener('click', solveAll);
  $('count').addEventListener('click', count);
  $('hint').addEventListener('click', hint);
  $('hint-more').addEventListener('click', () => state.hint && showHint(state.hint.level + 1));
  $('explain-button').addEventListener('click', explain);
  $('step-prev').addEventListener('click', () => showStep(state.stepIndex - 1));
  $('step-next').addEventListener('click', () => showStep(state.stepIndex + 1));
  $('restart').addEventListener('click', () => {
    const n = state.puzzle.size;
    apply(Array.from({ length: n * n }, (_, cell) => ({ cell, value: 0, notes: 0 })));
    state.done = false;
    state.elapsed = 0;
    state.since = Date.now();
    $('board').classList.remove('done');
    save();
  });
  $('load-form').addEventListener('submit', (event) => {
    event.preventDefault();
    load($('puzzle-text').value, { fromLink: true });
  });
  $('puzzle-file').addEventListener('change', async () => {
    const file = $('puzzle-file').files[0];
    if (!file) return;
    $('puzzle-text').value = await file.text();
    load($('puzzle-text').value, { fromLink: true });
  });
  $('example').addEventListener('change', () => {
    const option = $('example').selectedOptions[0];
    if (option && option.dataset.puzzle) {
      $('puzzle-text').value = option.dataset.puzzle;
      load(option.dataset.puzzle);
    }
  });
  $('new-form').addEventListener('submit', generate);
  $('share-make').addEventListener('click', shareLink);
  $('share-copy').addEventListener('click', async () => {
    const url = $('share-link').value || await shareLink();
    try { await navigator.clipboard.writeText(url); say('Link copied.'); } catch (_) { $('share-link').select(); }
  });
  document.querySelectorAll('[data-export]').forEach((button) => {
    button.addEventListener('click', () => exportAs(button.dataset.export));
  });
  window.addEventListener('hashchange', () => {
    const text = linkedPuzzle();
    if (text) load(text, { fromLink: true });
  });
  window.addEventListener('beforeunload', () => { stopClock(); save(); });
}

async function start() {
  wire();
  // The puzzle is read while the list of routes and examples comes: on loopback the page is
  // ready after two round trips.
  const description = api('openapi.json');
  const examples = api('examples');
  const linked = linkedPuzzle();
  const saved = localStorage.getItem('cagey:current');
  let loaded = false;
  if (linked) loaded = await load(linked, { fromLink: true });
  if (!loaded && saved) loaded = await load(saved, { quiet: true });
  if (!loaded) await load((await examples)[0].puzzle);
  board.cells[board.selected]?.focus({ preventScroll: true });
  document.body.dataset.readyAt = String(Math.round(performance.now()));
  document.body.dataset.ready = 'true';
  state.features = new Set(Object.keys((await description).paths));
  for (const [feature, element] of [['/api/hint', 'hint'], ['/api/explain', 'explain'], ['/api/generate', 'new']]) {
    $(element).hidden = !state.features.has(feature);
  }
  $('example').append(...(await examples).map((example) => {
    const option = document.createElement('option');
    option.value = example.name;
    option.textContent = `${example.name}: ${example.source}`;
    option.dataset.puzzle = example.puzzle;
    return option;
  }));
}

start();
