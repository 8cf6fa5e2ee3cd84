// The board: the puzzle's picture, drawn by the library exactly as `cagey render` draws it,
// with a grid of cells laid over it that shows what the player has written and takes
// clicks, taps and keys. The overlay is an ARIA grid (rows of gridcells) so that screen
// readers can walk it; each cell's label says where it is, its cage and what it holds.

/** Where the cells are in the picture, as fractions of its side. */
function geometry(svgText, gridUnits) {
  const match = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svgText);
  const total = match ? Number(match[1]) : gridUnits;
  return { total, margin: (total - gridUnits) / 2 };
}

export class Board {
  /**
   * @param {HTMLElement} container where the board goes
   * @param {object} handlers onSelect(cell), onKey(event, cell)
   */
  constructor(container, handlers) {
    this.container = container;
    this.handlers = handlers;
    this.cells = [];
    this.selected = 0;
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

    const picture = document.createElement('div');
    picture.className = 'picture';
    // The library's own SVG: labels, lines and shading. Its fixed size is dropped so that
    // it scales with the board.
    picture.innerHTML = puzzle.svg
      .replace(/^<\?xml[^>]*>\s*/, '')
      .replace(/ width="\d+" height="\d+"/, '');
    picture.firstElementChild.setAttribute('aria-hidden', 'true');
    this.container.append(picture);

    const cageOf = new Array(n * n).fill(null);
    puzzle.cages.forEach((cage) => cage.cells.forEach((c) => { cageOf[c] = cage; }));
    this.cageOf = cageOf;

    const grid = document.createElement('div');
    grid.className = 'cells';
    grid.setAttribute('role', 'grid');
    grid.setAttribute('aria-label', `${puzzle.summary}: arrow keys move, digits fill, P switches pencil marks`);
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
        const digit = document.createElement('span');
        digit.className = 'digit';
        const notes = document.createElement('span');
        notes.className = 'notes';
        cell.append(digit, notes);
        cell.addEventListener('pointerdown', (event) => {
          event.preventDefault();
          this.select(index, true);
          this.handlers.onSelect(index);
        });
        rowElement.append(cell);
        this.cells.push(cell);
      }
      grid.append(rowElement);
    }
    grid.addEventListener('keydown', (event) => this.handlers.onKey(event, this.selected));
    this.grid = grid;
    this.container.append(grid);
    this.select(Math.min(this.selected, n * n - 1), false);
  }

  /** Moves the selection (and, when asked, the keyboard focus) to `index`. */
  select(index, focus) {
    const before = this.cells[this.selected];
    if (before) {
      before.tabIndex = -1;
      before.setAttribute('aria-selected', 'false');
      before.classList.remove('selected');
    }
    this.selected = index;
    const cell = this.cells[index];
    cell.tabIndex = 0;
    cell.setAttribute('aria-selected', 'true');
    cell.classList.add('selected');
    if (focus) cell.focus({ preventScroll: true });
  }

  /** The cell `(dr, dc)` away from the selection, staying on the grid. */
  neighbour(dr, dc) {
    const n = this.puzzle.size;
    const row = Math.min(n - 1, Math.max(0, Math.floor(this.selected / n) + dr));
    const col = Math.min(n - 1, Math.max(0, (this.selected % n) + dc));
    return row * n + col;
  }

  /**
   * Shows the player's state: `values` (0 for empty), `notes` (bit d for candidate d),
   * `fixed` (cells the puzzle gives), and the marks: sets of cells that are wrong,
   * revealed, the cause of a hint's step and the cells it changes.
   */
  show(values, notes, fixed, marks) {
    const n = this.puzzle.size;
    this.cells.forEach((cell, index) => {
      const digit = cell.firstChild;
      const pencil = cell.lastChild;
      const value = fixed[index] || values[index];
      digit.textContent = fixed[index] ? '' : (values[index] || '');
      const candidates = [];
      if (!value) {
        for (let d = 1; d <= n; d += 1) if (notes[index] & (1 << d)) candidates.push(d);
      }
      pencil.replaceChildren(...candidates.map((d) => {
        const span = document.createElement('span');
        span.textContent = d;
        span.style.gridArea = `${Math.floor((d - 1) / Math.ceil(Math.sqrt(n))) + 1} / ${((d - 1) % Math.ceil(Math.sqrt(n))) + 1}`;
        return span;
      }));
      for (const [name, set] of Object.entries(marks)) cell.classList.toggle(name, set.has(index));
      const row = Math.floor(index / n) + 1;
      const col = (index % n) + 1;
      const cage = this.cageOf[index];
      let what = 'empty';
      if (fixed[index]) what = `given ${fixed[index]}`;
      else if (value) what = String(value);
      else if (candidates.length) what = `pencil marks ${candidates.join(' ')}`;
      const flags = [];
      if (marks.wrong?.has(index)) flags.push('wrong');
      if (marks.cause?.has(index)) flags.push('hint cause');
      if (marks.change?.has(index)) flags.push('hint change');
      cell.setAttribute('aria-label', `row ${row}, column ${col}${cage ? `, cage ${cage.label}` : ''}: ${what}${flags.length ? ` (${flags.join(', ')})` : ''}`);
      cell.setAttribute('aria-readonly', fixed[index] ? 'true' : 'false');
    });
  }
}
