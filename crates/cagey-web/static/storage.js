// The game saved in the browser: each puzzle's progress under a key made from the puzzle,
// and the puzzle last played. Every function takes a Storage-like object (`getItem`,
// `setItem`) so that tests can pass a Map-backed one; the page passes `localStorage`. A
// storage that is full, off or unreadable never stops the game: it goes on unsaved.

/** The key under which `current` keeps the text of the puzzle last played. */
export const CURRENT = 'cagey:current';

/** A short hash (djb2 with xor, base 36) of `text`. */
export function hash(text) {
  let h = 5381;
  for (let i = 0; i < text.length; i += 1) h = ((h * 33) ^ text.charCodeAt(i)) >>> 0;
  return h.toString(36);
}

/** The key of a puzzle's progress, from the puzzle as cagey's JSON. */
export function progressKey(puzzleJson) {
  return `cagey:progress:${hash(puzzleJson)}`;
}

/**
 * Saves `{ values, notes, corner, elapsed, done }` under `key`, and `text` as the puzzle
 * last played. Returns false when the storage refused.
 */
export function saveProgress(storage, key, text, { values, notes, corner, elapsed, done }) {
  try {
    storage.setItem(key, JSON.stringify({ values, notes, corner, elapsed, done }));
    storage.setItem(CURRENT, text);
    return true;
  } catch (_) {
    return false;
  }
}

/**
 * The progress saved under `key` for a grid of `cells` cells, as `{ values, notes,
 * corner, elapsed, done }`, or null when there is none or it does not fit the grid.
 */
export function readProgress(storage, key, cells) {
  try {
    const saved = JSON.parse(storage.getItem(key) || 'null');
    if (saved && saved.values?.length === cells && saved.notes?.length === cells) {
      // Corner marks came later: a save without them has none.
      const corner = saved.corner?.length === cells ? saved.corner : new Array(cells).fill(0);
      return { values: saved.values, notes: saved.notes, corner, elapsed: saved.elapsed || 0, done: !!saved.done };
    }
  } catch (_) { /* unreadable: start afresh */ }
  return null;
}

/** The text of the puzzle last played, or null. */
export function currentText(storage) {
  try {
    return storage.getItem(CURRENT);
  } catch (_) {
    return null;
  }
}
