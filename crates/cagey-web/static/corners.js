// Where a cell's corner marks go: the four corners first (top left, top right, bottom left,
// bottom right), as SudokuPad fills them, then the middles of the top and the bottom, then
// of the sides, skipping the places a cage's clue covers. Five marks in a clue cell on a
// phone (390x844, cells of 41 px with marks of 11 px) used to run into the clue and into
// each other ("35" at the bottom, a wide KenKen clue written over): the places are fixed,
// apart, and the clue's are left out. The sides' middles come last: three rows of 11 px
// marks barely fit a phone's cell. Past the free places, the last one holds the rest of the
// marks together, smaller, rather than hiding them.

/** The places, in the order marks take them. */
export const PLACES = ['tl', 'tr', 'bl', 'br', 'tc', 'bc', 'ml', 'mr'];

/**
 * How far across the cell (0 to 1) a clue may reach before it covers the middle of the top,
 * and the top right: a mark there is about 0.15 of a phone's cell wide, centred at 0.5, or
 * ending 0.12 in from the right.
 */
const CLEAR_OF_MIDDLE = 0.4;
const CLEAR_OF_RIGHT = 0.7;

/**
 * The places a clue covers, from where its right end is, as a share of the cell's width
 * (`null` for a cell without a clue).
 */
export function coveredBy(clueEnd) {
  if (clueEnd == null) return [];
  const covered = ['tl'];
  if (clueEnd > CLEAR_OF_MIDDLE) covered.push('tc');
  if (clueEnd > CLEAR_OF_RIGHT) covered.push('tr');
  return covered;
}

/**
 * The marks `digits` in their places, `[{ place, digits }]`: one mark a place while there
 * are free places, the marks left over all in the last free one.
 */
export function cornerPlaces(digits, covered = []) {
  const free = PLACES.filter((place) => !covered.includes(place));
  return free
    .map((place, k) => ({
      place,
      digits: k === free.length - 1 ? digits.slice(k) : digits.slice(k, k + 1),
    }))
    .filter(({ digits: held }) => held.length);
}
