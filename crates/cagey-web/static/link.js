// The page's link to a puzzle: `#p=` and the puzzle's text, percent-encoded. The text holds
// the player's digits and centre marks when they share their progress (cagey's formats
// carry those as progress); corner marks, which no format holds, follow as `&c=` and a list
// of cells, `r1c2:23,r4c4:4`, each digit one character (10 and up as letters, a for 10,
// as in base 36). A link from before corner marks has no `&c=` and reads as it always did.
// No DOM here.

/** One cell's corner marks in a link: `r1c2:23`. */
const CELL = /^r(\d+)c(\d+):([1-9a-z]+)$/;

/** A link's corner marks at the end of its fragment. */
const CORNERS = /&c=(r\d+c\d+:[1-9a-z]+(?:,r\d+c\d+:[1-9a-z]+)*)$/;

/**
 * The fragment of a link to the puzzle `text`, with the corner marks of `marks` (`{ corner,
 * digits, size }`: bits per cell, the digits shown, the grid's side) when given. A cell
 * with a digit shows no marks, so its corner marks are left out.
 */
export function linkFragment(text, marks = null) {
  const fragment = `#p=${encodeURIComponent(text)}`;
  if (!marks) return fragment;
  const { corner, digits, size } = marks;
  const cells = [];
  corner.forEach((bits, cell) => {
    if (!bits || digits[cell]) return;
    let list = '';
    for (let d = 1; d <= size; d += 1) if (bits & (1 << d)) list += d.toString(36);
    cells.push(`r${Math.floor(cell / size) + 1}c${(cell % size) + 1}:${list}`);
  });
  return cells.length ? `${fragment}&c=${cells.join(',')}` : fragment;
}

/**
 * What a link's fragment (`location.hash`) opens: `{ text, corners }`, corners as `[row,
 * col, digits]` from 0 as the server names cells, or null when the fragment is no puzzle.
 */
export function readFragment(hash) {
  const match = /^#p=(.*)$/s.exec(hash || '');
  if (!match) return null;
  let encoded = match[1];
  let corners = [];
  const found = CORNERS.exec(encoded);
  if (found) {
    encoded = encoded.slice(0, found.index);
    corners = found[1].split(',').map((entry) => {
      const [, row, col, list] = CELL.exec(entry);
      return [Number(row) - 1, Number(col) - 1, [...list].map((ch) => parseInt(ch, 36))];
    });
  }
  try {
    return { text: decodeURIComponent(encoded), corners };
  } catch (_) {
    // A bare % that is no escape, as a hand-made link might have: the text as it stands.
    return { text: encoded, corners };
  }
}

/** Corner marks from a link as bits per cell of an n x n grid; what is off the grid is dropped. */
export function cornerBits(corners, n) {
  const bits = new Array(n * n).fill(0);
  for (const [row, col, digits] of corners || []) {
    if (row < 0 || row >= n || col < 0 || col >= n) continue;
    for (const d of digits) if (d >= 1 && d <= n) bits[row * n + col] |= 1 << d;
  }
  return bits;
}
