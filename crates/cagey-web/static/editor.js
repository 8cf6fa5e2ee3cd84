// The puzzle editor, "Make a puzzle": an editing grid of its own (an ARIA grid) where the
// player drags across cells, or walks them with the keys, to choose a cage, then types its
// clue; a Killer Jigsaw's regions are drawn the same way. The draft (draft.js) is checked
// after every change, and once every cell is in a cage its solutions are counted.
// The draft is kept in local storage; Play loads it into the game, Share makes a link and
// Export shows it as kk.

import {
  addCage, addRegion, cageAt, checkDraft, clueLabel, differingCells, emptyDraft,
  isConnected, isKiller, KINDS, MAX_SIZE, MIN_SIZE, parseClue, pathBetween, readDraft, regionsOf,
  removeCageAt, toJson, withKind,
} from './draft.js';
import { cellName } from './names.js';

const $ = (id) => document.getElementById(id);

/** Where the draft is kept between visits. */
const DRAFT_KEY = 'cagey:draft';

/** How many earlier drafts Undo keeps. */
const UNDO_DEPTH = 200;

/** How long (ms) the draft must stay unchanged before its solutions are counted. */
const SOLVE_DELAY_MS = 300;

/** Light tints that tell a jigsaw's neighbouring regions apart (besides the lines). */
const TINTS = ['#fdf3d6', '#e3f0fb', '#e6f5e1', '#f7e4ef', '#efe9fb'];

/** A tint for each region, neighbours different: greedy, in order of the regions' first cells. */
function tintRegions(regions, n) {
  const tint = new Map();
  regions.forEach((region, cell) => {
    if (region < 0 || tint.has(region)) return;
    const near = new Set();
    regions.forEach((other, c) => {
      if (other !== region) return;
      const neighbours = [c - n, c + n];
      if (c % n > 0) neighbours.push(c - 1);
      if (c % n < n - 1) neighbours.push(c + 1);
      for (const d of neighbours) if (regions[d] !== undefined && regions[d] !== region) near.add(tint.get(regions[d]));
    });
    // Five tints are enough for any map drawn on a grid but a contrived one, which then
    // repeats the first: the lines still part the regions.
    tint.set(region, Math.max(0, TINTS.findIndex((_, i) => !near.has(i))));
  });
  return tint;
}

const KEY_MOVES = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

function loadDraft(storage) {
  try {
    return readDraft(storage.getItem(DRAFT_KEY)) || emptyDraft();
  } catch (_) {
    return emptyDraft();
  }
}

/**
 * Mounts the editor on the "Make a puzzle" panel. Nothing is built until the panel is first
 * opened, so that the page's first load never waits for it.
 */
export function mountEditor(deps) {
  const panel = $('editor');
  if (panel.open) startEditor(deps);
  else panel.addEventListener('toggle', () => startEditor(deps), { once: true });
}

function startEditor({ api, session, storage = localStorage }) {
  let draft = loadDraft(storage);
  let selection = [];
  let cursor = 0;
  let drag = null;
  let differ = new Set();
  let timer = null;
  let pending = null;
  // Whether the grid draws a jigsaw's regions rather than cages.
  let drawingRegions = false;
  const grid = $('editor-grid');
  const clue = $('editor-clue');
  let cells = [];
  // The drafts before each change, for Undo.
  const history = [];

  /** Makes `next` the draft, keeping the one before for Undo. */
  function update(next) {
    history.push(draft);
    if (history.length > UNDO_DEPTH) history.shift();
    draft = next;
  }

  function undo() {
    const before = history.pop();
    if (!before) return;
    const resized = before.size !== draft.size;
    draft = before;
    if (resized) build();
    selection = [];
    say('Undone.');
    changed();
  }

  const say = (message) => { $('editor-message').textContent = message; };
  const sayAnswer = (message, outcome) => {
    $('editor-solutions').textContent = message;
    $('editor-solutions').dataset.outcome = outcome;
  };

  for (let n = MIN_SIZE; n <= MAX_SIZE; n += 1) $('editor-size').add(new Option(`${n}x${n}`, n));
  for (const [value, name] of Object.entries(KINDS)) $('editor-kind').add(new Option(name, value));

  /** Builds the cells of the editing grid for the draft's size. */
  function build() {
    const n = draft.size;
    grid.replaceChildren();
    grid.style.setProperty('--n', n);
    cells = [];
    for (let row = 0; row < n; row += 1) {
      const rowElement = document.createElement('div');
      rowElement.setAttribute('role', 'row');
      rowElement.className = 'editor-row';
      for (let col = 0; col < n; col += 1) {
        const cell = document.createElement('div');
        cell.className = 'ecell';
        cell.setAttribute('role', 'gridcell');
        cell.tabIndex = -1;
        cell.dataset.cell = row * n + col;
        const label = document.createElement('span');
        label.className = 'eclue';
        // The inner corners of a killer cage's dashed outline, shown where it turns.
        const notches = ['tl', 'tr', 'bl', 'br'].map((corner) => {
          const notch = document.createElement('span');
          notch.className = `notch ${corner}`;
          return notch;
        });
        cell.append(label, ...notches);
        rowElement.append(cell);
        cells.push(cell);
      }
      grid.append(rowElement);
    }
    cursor = Math.min(cursor, n * n - 1);
  }

  /** Draws the draft: outlines, clues, the selection and the checks. */
  function render() {
    const n = draft.size;
    const state = checkDraft(draft);
    const cageIndex = new Array(n * n).fill(-1);
    draft.cages.forEach((cage, i) => cage.cells.forEach((c) => { cageIndex[c] = i; }));
    const bad = new Set(state.problems.flatMap((p) => p.cells));
    const leftOut = new Set(state.leftOut);
    const picked = new Set(selection);
    const regions = regionsOf(draft);
    const tints = draft.kind === 'killer-jigsaw' ? tintRegions(regions, n) : null;
    // A killer is drawn as it is printed: box or region lines solid, each cage a dashed
    // outline inside its cells, so that a cage's edge never hides a box line.
    const killer = isKiller(draft.kind);
    grid.classList.toggle('killer', killer);
    cells.forEach((cell, index) => {
      const row = Math.floor(index / n);
      const col = index % n;
      const mine = cageIndex[index];
      const apart = (other) => mine !== cageIndex[other] && (mine >= 0 || cageIndex[other] >= 0);
      // On the grid's edge a killer cage's outline is drawn inside the grid's own line.
      const edge = (inside, other) => (inside ? apart(other) : killer && mine >= 0);
      cell.classList.toggle('e-t', edge(row > 0, index - n));
      cell.classList.toggle('e-b', edge(row < n - 1, index + n));
      cell.classList.toggle('e-l', edge(col > 0, index - 1));
      cell.classList.toggle('e-r', edge(col < n - 1, index + 1));
      // An inner corner: both neighbours towards it in this cage, the cell between them not.
      const inCage = (r, c) => mine >= 0 && r >= 0 && r < n && c >= 0 && c < n && cageIndex[r * n + c] === mine;
      for (const [name, dr, dc] of [['tl', -1, -1], ['tr', -1, 1], ['bl', 1, -1], ['br', 1, 1]]) {
        cell.classList.toggle(`n-${name}`, inCage(row + dr, col) && inCage(row, col + dc) && !inCage(row + dr, col + dc));
      }
      const region = (other) => Boolean(regions) && regions[index] !== regions[other];
      cell.classList.toggle('g-r', col < n - 1 && region(index + 1));
      cell.classList.toggle('g-b', row < n - 1 && region(index + n));
      cell.classList.toggle('d-down', Boolean(draft.diagonals) && row === col);
      cell.classList.toggle('d-up', Boolean(draft.diagonals) && row + col === n - 1);
      cell.style.backgroundColor = tints && regions[index] >= 0 ? TINTS[tints.get(regions[index])] : '';
      cell.classList.toggle('picked', picked.has(index));
      cell.classList.toggle('left-out', leftOut.has(index));
      cell.classList.toggle('bad', bad.has(index));
      cell.classList.toggle('differs', differ.has(index));
      cell.classList.toggle('cursor', index === cursor);
      cell.tabIndex = index === cursor ? 0 : -1;
      cell.setAttribute('aria-selected', String(picked.has(index)));
      const cage = draft.cages[mine];
      const first = cage && Math.min(...cage.cells) === index;
      cell.firstChild.textContent = first ? clueLabel(cage, draft.kind) : '';
      const flags = [];
      if (bad.has(index)) flags.push('its cage has a problem');
      if (differ.has(index)) flags.push('differs between two solutions');
      const where = cage ? `cage ${clueLabel(cage, draft.kind)} at ${cellName(Math.min(...cage.cells), n)}` : 'in no cage';
      cell.setAttribute('aria-label', `${cellName(index, n)}, ${where}${flags.length ? ` (${flags.join(', ')})` : ''}`);
    });

    const items = [];
    if (state.leftOut.length) {
      items.push(state.leftOut.length === 1 ? '1 cell is in no cage (hatched).' : `${state.leftOut.length} cells are in no cage (hatched).`);
    }
    for (const problem of state.problems) items.push(problem.message);
    if (!items.length) items.push('Every cell is in a cage and every clue can be made.');
    $('editor-checks').replaceChildren(...items.map((text) => {
      const item = document.createElement('li');
      item.textContent = text;
      return item;
    }));
    $('editor-size').value = String(n);
    $('editor-kind').value = draft.kind;
    $('editor-multi').checked = draft.multiCell;
    $('editor-diagonals').checked = Boolean(draft.diagonals);
    $('editor-multi').parentElement.hidden = isKiller(draft.kind);
    if (draft.kind !== 'killer-jigsaw') drawingRegions = false;
    $('editor-regions').hidden = draft.kind !== 'killer-jigsaw';
    $('editor-regions').setAttribute('aria-pressed', String(drawingRegions));
    $('editor-clue-part').hidden = drawingRegions;
    $('editor-make').textContent = drawingRegions ? 'Make region' : 'Make cage';
    $('editor-delete').textContent = drawingRegions ? 'Clear region' : 'Delete cage';
    const editing = selection.length && cageAt(draft, selection[0]);
    $('editor-delete').disabled = drawingRegions ? regions[cursor] < 0 : !(editing || cageAt(draft, cursor));
    for (const id of ['editor-play', 'editor-share', 'editor-export']) $(id).disabled = !state.complete;
    $('editor-undo').disabled = history.length === 0;
    return state;
  }

  /** After the draft changed: keep it, draw it, and count its solutions when it can be. */
  function changed() {
    try {
      storage.setItem(DRAFT_KEY, JSON.stringify(draft));
    } catch (_) { /* a full or disabled storage only loses the draft on reload */ }
    differ = new Set();
    const state = render();
    clearTimeout(timer);
    if (pending) pending.abort();
    pending = null;
    if (!state.complete) {
      sayAnswer(state.leftOut.length
        ? 'Solutions are counted once every cell is in a cage.'
        : 'Solutions are counted once the problems above are fixed.', 'incomplete');
      return;
    }
    sayAnswer('Counting solutions…', 'counting');
    timer = setTimeout(() => countSolutions(toJson(draft)), SOLVE_DELAY_MS);
  }

  async function countSolutions(text) {
    const controller = new AbortController();
    pending = controller;
    // A call of its own, so that a newer draft can abort it.
    const solve = (path, body) => api(path, body, { signal: controller.signal });
    let answer;
    try {
      answer = await solve('solve', { puzzle: text });
    } catch (error) {
      if (controller.signal.aborted) return;
      sayAnswer(`The server could not solve it: ${error.message}`, 'error');
      return;
    }
    if (controller.signal.aborted) return;
    pending = null;
    if (answer.outcome === 'unique') {
      sayAnswer('Exactly one solution: ready to play.', 'unique');
    } else if (answer.outcome === 'several') {
      const [first, second] = answer.solutions || [];
      if (first && second) {
        differ = new Set(differingCells(first, second));
        sayAnswer('More than one solution: they differ in the marked cells.', 'several');
        render();
      } else {
        sayAnswer('More than one solution.', 'several');
      }
    } else if (answer.outcome === 'none') {
      sayAnswer('No solution.', 'none');
    } else {
      sayAnswer('The solver gave up before it could count the solutions.', 'gave_up');
    }
  }

  function focusCursor() {
    cells[cursor].focus({ preventScroll: true });
  }

  /** Makes the selection the cage its clue box says, and comes back to the grid. */
  function makeCage() {
    const n = draft.size;
    if (!selection.length) {
      say('Choose the cage\'s cells first: drag across them, or press Space on each.');
      return;
    }
    if (!isConnected(selection, n)) {
      say(`These cells do not touch: a ${drawingRegions ? 'region' : 'cage'} is one piece (${selection.map((c) => cellName(c, n)).join(', ')}).`);
      return;
    }
    if (drawingRegions) {
      update(addRegion(draft, selection));
      say(`Region ${cellName(Math.min(...selection), n)} made of ${selection.length === 1 ? '1 cell' : `${selection.length} cells`}.`);
      selection = [];
      changed();
      focusCursor();
      return;
    }
    const read = parseClue(clue.value, selection.length, draft.kind);
    if (read.error) {
      say(read.error);
      clue.focus();
      return;
    }
    update(addCage(draft, selection, read));
    say(`Cage ${cellName(Math.min(...selection), n)} is ${clueLabel(read, draft.kind)}.`);
    selection = [];
    clue.value = '';
    changed();
    focusCursor();
  }

  function deleteCage() {
    if (drawingRegions) {
      const region = draft.regions[cursor];
      if (region < 0) return;
      update({ ...draft, regions: draft.regions.map((r) => (r === region ? -1 : r)) });
      say(`Region ${cellName(cursor, draft.size)} cleared: its cells are in no region.`);
      changed();
      return;
    }
    const at = selection.length && cageAt(draft, selection[0]) ? selection[0] : cursor;
    const cage = cageAt(draft, at);
    if (!cage) return;
    update(removeCageAt(draft, at));
    say(`Cage ${cellName(Math.min(...cage.cells), draft.size)} (${clueLabel(cage, draft.kind)}) deleted.`);
    selection = [];
    clue.value = '';
    changed();
  }

  /** Selects the cage at `cell` to change its clue or delete it. */
  function editCageAt(cell) {
    const cage = cageAt(draft, cell);
    if (!cage) return false;
    selection = [...cage.cells];
    clue.value = clueLabel(cage, draft.kind);
    say(`Cage ${cellName(Math.min(...cage.cells), draft.size)} selected: change its clue, or delete it.`);
    return true;
  }

  function cellAt(x, y) {
    const element = document.elementFromPoint(x, y)?.closest('.ecell');
    return element && grid.contains(element) ? Number(element.dataset.cell) : null;
  }

  grid.addEventListener('pointerdown', (event) => {
    const cell = cellAt(event.clientX, event.clientY);
    if (cell === null) return;
    event.preventDefault();
    grid.setPointerCapture?.(event.pointerId);
    // With Ctrl, Cmd or Shift a press adds to the selection, as on the play board.
    const adding = event.ctrlKey || event.metaKey || event.shiftKey;
    drag = { start: cell, at: cell, x: event.clientX, y: event.clientY, moved: false, adding };
    if (!adding) selection = [];
    if (!selection.includes(cell)) selection.push(cell);
    cursor = cell;
    focusCursor();
    render();
  });
  grid.addEventListener('pointermove', (event) => {
    if (!drag) return;
    const cell = cellAt(event.clientX, event.clientY);
    if (cell === null || cell === drag.at) return;
    // Only cells that touch the last by a side join, so that a quick or diagonal stroke
    // still makes one piece; going back over a cell never takes it off, so that a T or a
    // plus can be drawn in one stroke.
    const across = Math.abs(event.clientX - drag.x) >= Math.abs(event.clientY - drag.y);
    for (const step of pathBetween(drag.at, cell, draft.size, across)) {
      if (!selection.includes(step)) selection.push(step);
    }
    Object.assign(drag, { at: cell, x: event.clientX, y: event.clientY, moved: true });
    cursor = cell;
    render();
  });
  grid.addEventListener('pointerup', () => {
    if (!drag) return;
    const { start, moved, adding } = drag;
    drag = null;
    if (drawingRegions) {
      say(`${selection.length === 1 ? '1 cell' : `${selection.length} cells`} selected: press Enter or Make region.`);
      render();
      $('editor-make').focus({ preventScroll: true });
      return;
    }
    if (moved || adding || !editCageAt(start)) say(`${selection.length === 1 ? '1 cell' : `${selection.length} cells`} selected: type the clue and press Enter.`);
    render();
    clue.focus({ preventScroll: true });
    clue.select();
  });
  grid.addEventListener('pointercancel', () => { drag = null; });

  grid.addEventListener('keydown', (event) => {
    const n = draft.size;
    const move = KEY_MOVES[event.key];
    if (move) {
      event.preventDefault();
      const row = Math.min(n - 1, Math.max(0, Math.floor(cursor / n) + move[0]));
      const col = Math.min(n - 1, Math.max(0, (cursor % n) + move[1]));
      const next = row * n + col;
      if (event.shiftKey) {
        for (const cell of [cursor, next]) if (!selection.includes(cell)) selection.push(cell);
      }
      cursor = next;
      render();
      focusCursor();
    } else if (event.key === ' ') {
      event.preventDefault();
      selection = selection.includes(cursor) ? selection.filter((c) => c !== cursor) : [...selection, cursor];
      render();
    } else if (event.key === 'Enter' && drawingRegions) {
      event.preventDefault();
      makeCage();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (!selection.length && !editCageAt(cursor)) selection = [cursor];
      render();
      clue.focus();
      clue.select();
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      deleteCage();
      focusCursor();
    } else if (event.key === 'Escape') {
      selection = [];
      render();
    } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
      event.preventDefault();
      undo();
      focusCursor();
    }
  });

  $('editor-form').addEventListener('submit', (event) => {
    event.preventDefault();
    makeCage();
  });
  clue.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') focusCursor();
  });
  $('editor-delete').addEventListener('click', deleteCage);
  $('editor-undo').addEventListener('click', undo);
  $('editor-regions').addEventListener('click', () => {
    drawingRegions = !drawingRegions;
    selection = [];
    say(drawingRegions
      ? 'Drawing regions: drag across a region\'s cells and press Enter; each region has as many cells as the grid has rows.'
      : 'Drawing cages.');
    render();
  });

  $('editor-size').addEventListener('change', () => {
    const size = Number($('editor-size').value);
    if (draft.cages.length && !window.confirm(`A ${size}x${size} grid starts again without this draft's cages. Go on?`)) {
      render();
      return;
    }
    update({ ...emptyDraft(size, draft.kind), multiCell: draft.multiCell, diagonals: draft.diagonals });
    selection = [];
    build();
    changed();
  });
  $('editor-kind').addEventListener('change', () => {
    update(withKind(draft, $('editor-kind').value));
    changed();
  });
  $('editor-multi').addEventListener('change', () => {
    update({ ...draft, multiCell: $('editor-multi').checked });
    changed();
  });
  $('editor-diagonals').addEventListener('change', () => {
    update({ ...draft, diagonals: $('editor-diagonals').checked });
    changed();
  });
  $('editor-clear').addEventListener('click', () => {
    if (!window.confirm('Clear every cage and start again?')) return;
    update({ ...emptyDraft(draft.size, draft.kind), multiCell: draft.multiCell, diagonals: draft.diagonals });
    selection = [];
    clue.value = '';
    say('Cleared.');
    changed();
  });

  $('editor-play').addEventListener('click', async () => {
    if (await session.load(toJson(draft))) {
      say('Loaded on the board: play it.');
      $('play').scrollIntoView({ block: 'nearest' });
      document.querySelector('#board .cell[tabindex="0"]')?.focus({ preventScroll: true });
    }
  });
  $('editor-share').addEventListener('click', async () => {
    const text = toJson(draft);
    // A Keen ID is the shortest link, when the puzzle is plain KenKen of size 3 to 9.
    const shared = await api('convert', { puzzle: text, to: 'keen' }).then((a) => a.text.trim(), () => text);
    const link = $('editor-link');
    link.value = `${location.origin}${location.pathname}#p=${encodeURIComponent(shared)}`;
    link.hidden = false;
    link.select();
    try {
      await navigator.clipboard.writeText(link.value);
      say('Link copied.');
    } catch (_) {
      say('Copy the link below.');
    }
  });
  $('editor-export').addEventListener('click', async () => {
    const out = $('editor-export-text');
    out.hidden = false;
    try {
      out.value = (await api('convert', { puzzle: toJson(draft), to: 'kk' })).text;
    } catch (error) {
      out.value = error.message;
    }
  });

  build();
  changed();
}
