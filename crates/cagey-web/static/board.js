// The board: the puzzle's picture, drawn by the library exactly as `cagey render` draws it,
// with a grid of cells laid over it that shows what the player has written and takes
// clicks, taps and keys. The overlay is an ARIA grid (rows of gridcells) so that screen
// readers can walk it; each cell's label says where it is, its cage, what it holds and the
// rules it breaks. Several cells may be selected (drag, Ctrl- or Shift-click, Shift+arrow);
// the cursor, the one that has the keyboard focus, is always one of them. A cage that
// misses its target (live, or found by Check) is marked as a cage: its outline traced in
// red inside its cells and its clue in the picture turned red and bold, its digits left
// as they are.

import { missReason } from './conflicts.js';
import { cornerPlaces, coveredBy } from './corners.js';

/**
 * A zoomed board's cell side, in CSS px: Apple's smallest target for a finger (44 pt), and
 * a 16x16's clues about 8 px tall, where on a phone's whole board they are 4 px.
 */
export const ZOOMED_CELL_PX = 44;

/** Where the cells are in the picture, as fractions of its side. */
function geometry(svgText, gridUnits) {
  const match = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svgText);
  const total = match ? Number(match[1]) : gridUnits;
  return { total, margin: (total - gridUnits) / 2 };
}

/**
 * The picture's clue of each cell that has one (a Map from cell to its `<g class="label">`),
 * found by where the library drew it: at `translate(x y)` inside the cage's first cell.
 */
function cluesOf(svg, n, cellUnits, margin) {
  const clues = new Map();
  for (const label of svg.querySelectorAll('.label')) {
    const at = /translate\(([-\d.]+)[ ,]+([-\d.]+)\)/.exec(label.getAttribute('transform') || '');
    if (!at) continue;
    const col = Math.floor((Number(at[1]) - margin) / cellUnits);
    const row = Math.floor((Number(at[2]) - margin) / cellUnits);
    if (row >= 0 && row < n && col >= 0 && col < n) clues.set(row * n + col, label);
  }
  return clues;
}

/**
 * How far across its cell (a share of the cell's width) the clue `label` reaches: from its
 * drawn glyphs when the picture is laid out, else from its length (about 0.14 of a cell a
 * character, as the library draws clues).
 */
function clueEnd(label, cellUnits, margin) {
  const transform = label.getAttribute('transform') || '';
  const x = Number(/translate\(([-\d.]+)/.exec(transform)?.[1] ?? 0) - margin;
  const start = (x - Math.floor(x / cellUnits) * cellUnits) / cellUnits;
  const scale = Number(/scale\(([\d.]+)/.exec(transform)?.[1] ?? 1);
  let box = null;
  try { box = label.getBBox(); } catch (_) { /* not laid out */ }
  if (box && box.width > 0) return start + ((box.x + box.width) * scale) / cellUnits;
  return start + 0.14 * (label.getAttribute('aria-label') || label.textContent || '').length;
}

export class Board {
  /**
   * @param {HTMLElement} container where the board goes
   * @param {object} handlers onSelect(cell), onKey(event, cell)
   */
  constructor(container, handlers) {
    this.container = container;
    // The frame a zoomed board scrolls in (index.html's .board-frame), if any.
    this.frame = container.parentElement?.classList.contains('board-frame') ? container.parentElement : null;
    this.zoomed = false;
    this.tapped = null; // on a zoomed board, the cell a finger is on: a tap, unless it pans
    this.handlers = handlers;
    this.cells = [];
    this.selected = 0;
    this.selection = new Set([0]);
    this.digits = [];
    this.dragging = false;
    const stop = () => { this.dragging = false; };
    window.addEventListener('pointerup', stop);
    window.addEventListener('pointercancel', stop);
  }

  /** Builds the board for a puzzle as `/api/parse` describes it. */
  load(puzzle) {
    this.puzzle = puzzle;
    const n = puzzle.size;
    const { total, margin } = geometry(puzzle.svg, puzzle.geometry.grid);
    this.container.replaceChildren();
    this.container.style.setProperty('--units', total);
    this.container.style.setProperty('--n', n);
    this.container.style.setProperty('--columns', Math.ceil(Math.sqrt(n)));
    this.gridShare = puzzle.geometry.grid / total; // the cells' share of the picture's side
    // A killer's cages are drawn as dashed outlines inside the cells: marks keep clear.
    this.container.classList.toggle('killer', !!puzzle.killer);
    // Past 9x9 marks have two digits: they are spaced, and break only between marks.
    this.container.classList.toggle('wide', puzzle.size > 9);

    const picture = document.createElement('div');
    picture.className = 'picture';
    // The library's own SVG: labels, lines and shading. Its fixed size is dropped so that
    // it scales with the board.
    picture.innerHTML = puzzle.svg
      .replace(/^<\?xml[^>]*>\s*/, '')
      .replace(/ width="\d+" height="\d+"/, '');
    picture.firstElementChild.setAttribute('aria-hidden', 'true');
    this.container.append(picture);
    const cellUnits = puzzle.geometry.cell ?? puzzle.geometry.grid / n;
    this.clues = cluesOf(picture.firstElementChild, n, cellUnits, margin);
    // The places of a cell's corner marks that its clue covers.
    this.covered = new Map([...this.clues].map(([at, label]) => [at, coveredBy(clueEnd(label, cellUnits, margin))]));

    const cageOf = new Array(n * n).fill(null);
    puzzle.cages.forEach((cage) => cage.cells.forEach((c) => { cageOf[c] = cage; }));
    this.cageOf = cageOf;
    // The sides of each cell on its cage's border (t, r, b, l), where a missed cage is traced.
    const edge = (index, row, col, dr, dc) => {
      const r = row + dr;
      const c = col + dc;
      return r < 0 || r >= n || c < 0 || c >= n || cageOf[r * n + c] !== cageOf[index];
    };

    const grid = document.createElement('div');
    grid.className = 'cells';
    grid.setAttribute('role', 'grid');
    grid.setAttribute('aria-multiselectable', 'true');
    grid.setAttribute('aria-label', `${puzzle.summary}: arrow keys move, Shift+arrow selects more, digits fill, Z, X and C choose digits, corner or centre marks`);
    const inset = `${(100 * margin) / total}%`;
    grid.style.inset = inset;
    this.cells = [];
    for (let row = 0; row < n; row += 1) {
      const rowElement = document.createElement('div');
      rowElement.setAttribute('role', 'row');
      rowElement.className = 'board-row';
      for (let col = 0; col < n; col += 1) {
        const index = row * n + col;
        const cell = document.createElement('div');
        cell.className = 'cell';
        cell.setAttribute('role', 'gridcell');
        cell.tabIndex = -1;
        cell.dataset.cell = index;
        cell.dataset.row = row;
        cell.dataset.col = col;
        for (const [side, dr, dc] of [['t', -1, 0], ['r', 0, 1], ['b', 1, 0], ['l', 0, -1]]) {
          if (edge(index, row, col, dr, dc)) cell.classList.add(`edge-${side}`);
        }
        const digit = document.createElement('span');
        digit.className = 'digit';
        const corner = document.createElement('span');
        corner.className = 'corner';
        const notes = document.createElement('span');
        notes.className = 'notes';
        // The centre marks stay the last child: the hint tests read them there.
        cell.append(digit, corner, notes);
        rowElement.append(cell);
        this.cells.push(cell);
      }
      grid.append(rowElement);
    }
    // A press selects a cell (with Ctrl, Cmd or Shift it adds one); dragging adds every cell
    // passed over. The cell under a moving finger is found by position, since a touch keeps
    // sending its events to the cell where it began.
    const cellAt = (event) => {
      const element = document.elementFromPoint(event.clientX, event.clientY)?.closest('.cell');
      return element && grid.contains(element) ? Number(element.dataset.cell) : null;
    };
    grid.addEventListener('pointerdown', (event) => {
      const index = cellAt(event);
      if (index === null) return;
      // On a zoomed board a finger pans: the cell is selected when it lifts without having
      // moved the frame (the browser cancels the pointer when it pans).
      if (this.zoomed && event.pointerType === 'touch') {
        this.tapped = index;
        return;
      }
      event.preventDefault();
      this.dragging = true;
      this.select(index, true, event.ctrlKey || event.metaKey || event.shiftKey);
      this.handlers.onSelect(index);
    });
    grid.addEventListener('pointermove', (event) => {
      if (!this.dragging) return;
      const index = cellAt(event);
      if (index !== null && !this.selection.has(index)) this.select(index, true, true);
    });
    grid.addEventListener('pointerup', () => {
      const index = this.tapped;
      this.tapped = null;
      if (index === null) return;
      this.select(index, true);
      this.handlers.onSelect(index);
    });
    grid.addEventListener('pointercancel', () => { this.tapped = null; });
    grid.addEventListener('keydown', (event) => this.handlers.onKey(event, this.selected));
    this.grid = grid;
    this.container.append(grid);

    // The cover of a paused game. The finish banner is beside the board, not on it: the
    // solved grid stays in view.
    const cover = document.createElement('div');
    cover.className = 'cover';
    cover.textContent = 'Paused';
    this.container.append(cover);
    this.select(Math.min(this.selected, n * n - 1), false);
  }

  /** The selected cells, in board order. */
  selectedCells() {
    return [...this.selection].sort((a, b) => a - b);
  }

  /**
   * Moves the cursor (and, when asked, the keyboard focus) to `index`; with `extend` the
   * cells selected before stay selected.
   */
  select(index, focus, extend = false) {
    const before = this.cells[this.selected];
    if (before) before.tabIndex = -1;
    if (!extend) this.selection.clear();
    this.selection.add(index);
    this.selected = index;
    const cell = this.cells[index];
    cell.tabIndex = 0;
    this.cells.forEach((c, i) => {
      const on = this.selection.has(i);
      c.classList.toggle('selected', on);
      c.setAttribute('aria-selected', String(on));
    });
    cell.classList.toggle('cursor', true);
    if (before && before !== cell) before.classList.remove('cursor');
    if (focus) cell.focus({ preventScroll: true });
    this.keepInView(index);
    this.highlight();
  }

  /** A cell's side as the board is laid out unzoomed, in CSS px. */
  cellPixels() {
    const side = (this.frame || this.container).getBoundingClientRect().width;
    return this.puzzle ? (side * this.gridShare) / this.puzzle.size : side;
  }

  /**
   * Zooms the board in its frame, to cells of `ZOOMED_CELL_PX`, or back to the frame's
   * size; the cursor stays in view.
   */
  zoom(on) {
    if (!this.frame || !this.puzzle) return;
    this.zoomed = on;
    this.tapped = null;
    const side = (ZOOMED_CELL_PX * this.puzzle.size) / this.gridShare;
    this.container.style.setProperty('--zoomed-width', `${Math.ceil(side)}px`);
    this.frame.classList.toggle('zoomed', on);
    this.keepInView(this.selected);
  }

  /** Scrolls a zoomed board's frame the least that shows cell `index` and half a cell round it. */
  keepInView(index) {
    const cell = this.cells[index];
    if (!this.zoomed || !cell) return;
    const frame = this.frame.getBoundingClientRect();
    const box = cell.getBoundingClientRect();
    const room = box.width / 2;
    const shift = (start, end, low, high) => {
      if (start - room < low) return start - room - low;
      if (end + room > high) return Math.min(end + room - high, start - room - low);
      return 0;
    };
    this.frame.scrollLeft += shift(box.left, box.right, frame.left, frame.left + this.frame.clientWidth);
    this.frame.scrollTop += shift(box.top, box.bottom, frame.top, frame.top + this.frame.clientHeight);
  }

  /**
   * Shades the cells that share a row, column, box or region, cage, or (under the diagonal
   * rule) a long diagonal with the cursor, and the cells that hold the cursor's digit.
   */
  highlight() {
    if (!this.puzzle) return;
    const n = this.puzzle.size;
    const at = this.selected;
    const row = Math.floor(at / n);
    const col = at % n;
    const regions = this.puzzle.regions;
    const cage = this.cageOf[at];
    const digit = this.digits[at] || 0;
    const crossed = !!this.puzzle.diagonals;
    this.cells.forEach((cell, i) => {
      const [r, c] = [Math.floor(i / n), i % n];
      const diagonal = crossed && ((r === c && row === col) || (r + c === n - 1 && row + col === n - 1));
      const peer = i !== at && (r === row || c === col || diagonal
        || (regions && regions[i] !== null && regions[i] === regions[at])
        || (cage && this.cageOf[i] === cage));
      cell.classList.toggle('peer', !!peer);
      cell.classList.toggle('same', !!digit && this.digits[i] === digit);
    });
  }

  /** The cell `(dr, dc)` away from the cursor, staying on the grid. */
  neighbour(dr, dc) {
    const n = this.puzzle.size;
    const row = Math.min(n - 1, Math.max(0, Math.floor(this.selected / n) + dr));
    const col = Math.min(n - 1, Math.max(0, (this.selected % n) + dc));
    return row * n + col;
  }

  /**
   * Shows the player's state: `values` (0 for empty), `notes` (bit d for centre mark d),
   * `corner` (bits of corner marks), `fixed` (cells the puzzle gives), `marks` (sets of
   * cells that are wrong, repeat a digit, are in a cage Check found to miss its target, revealed, the cause of
   * a hint's step and the cells it changes) and `conflicts` (the rules the grid breaks, as
   * conflicts.js's `brokenRules` gives them: `repeats` by cell and the `missed` cages;
   * shown when not null).
   */
  show({ values, notes, corner, fixed, marks, conflicts }) {
    const n = this.puzzle.size;
    this.digits = values.map((v, i) => fixed[i] || v);
    const missedLive = new Set(conflicts?.missed.flatMap((cage) => cage.cells) ?? []);
    this.cells.forEach((cell, index) => {
      const [digit, cornerSpan, pencil] = cell.children;
      const value = fixed[index] || values[index];
      digit.textContent = fixed[index] ? '' : (values[index] || '');
      const bitsOf = (bits) => {
        const list = [];
        if (!value) for (let d = 1; d <= n; d += 1) if (bits & (1 << d)) list.push(d);
        return list;
      };
      const candidates = bitsOf(notes[index]);
      const corners = bitsOf(corner[index] || 0);
      pencil.textContent = candidates.join(n > 9 ? ' ' : '');
      pencil.classList.toggle('many', candidates.length > 4);
      cornerSpan.replaceChildren(...cornerPlaces(corners, this.covered.get(index)).map(({ place, digits }) => {
        const span = document.createElement('span');
        span.textContent = digits.join(n > 9 ? ' ' : '');
        span.className = digits.length > 2 ? `at-${place} many` : `at-${place}`;
        return span;
      }));
      for (const [name, set] of Object.entries(marks)) cell.classList.toggle(name, set.has(index));
      // Check hatches a repeated digit as it hatches a wrong one; they differ in how long the
      // mark lasts (game.js), not in how it looks.
      const hatched = !!(marks.wrong?.has(index) || marks.repeated?.has(index));
      cell.classList.toggle('wrong', hatched);
      const cage = this.cageOf[index];
      // A repeated digit is the digit's fault: struck through. A full cage that misses its
      // target is the cage's: it is traced and its clue marked, its digits left as they
      // are, since some of them may be right.
      const repeats = conflicts?.repeats.get(index) || [];
      const misses = missedLive.has(index);
      const broken = misses ? [...repeats, missReason(cage)] : repeats;
      cell.classList.toggle('conflict', repeats.length > 0);
      cell.classList.toggle('cage-miss', misses);
      if (broken.length || marks.missed?.has(index)) cell.setAttribute('aria-invalid', 'true'); else cell.removeAttribute('aria-invalid');
      const row = Math.floor(index / n) + 1;
      const col = (index % n) + 1;
      let what = 'empty';
      if (fixed[index]) what = `given ${fixed[index]}`;
      else if (value) what = String(value);
      else {
        const parts = [];
        if (candidates.length) parts.push(`centre marks ${candidates.join(' ')}`);
        if (corners.length) parts.push(`corner marks ${corners.join(' ')}`);
        if (parts.length) what = parts.join(', ');
      }
      const flags = [...broken];
      if (marks.missed?.has(index) && !misses) flags.push(missReason(cage));
      if (hatched) flags.push('wrong');
      if (marks.revealed?.has(index)) flags.push('revealed');
      if (marks.cause?.has(index)) flags.push('hint cause');
      if (marks.change?.has(index)) flags.push('hint change');
      cell.setAttribute('aria-label', `r${row}c${col}${cage ? `, cage ${cage.label}` : ''}: ${what}${flags.length ? ` (${flags.join(', ')})` : ''}`);
      cell.setAttribute('aria-readonly', fixed[index] ? 'true' : 'false');
    });
    for (const [at, clue] of this.clues) {
      clue.classList.toggle('missed', missedLive.has(at) || !!marks.missed?.has(at));
    }
    this.highlight();
  }
}
