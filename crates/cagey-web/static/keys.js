// The keys of the board, as actions: arrows move (Shift+arrow extends the selection),
// digits fill or mark as the mode says (Shift+digit a corner mark, Ctrl+digit a centre
// mark in any mode), 0 and Backspace/Delete erase, Z/X/C choose normal, corner or centre
// mode, P switches centre marks, Space cycles the modes, M fills in the candidates,
// H asks for a hint (again for its next level), K checks the grid, Escape pauses, Ctrl+Z
// undoes, Ctrl+Y or Ctrl+Shift+Z redoes. On grids larger than 9 two
// digits typed within a second into the same cell make one number. No DOM here:
// `keyAction` reads only a key event's fields.

/** How long (ms) a first digit waits for a second one to make a two-digit number. */
export const TWO_DIGIT_MS = 1000;

const MOVES = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

/**
 * The action for a key event's fields `{ key, code, shiftKey, ctrlKey, metaKey, altKey }`
 * on a grid of side `size` with cell `selected` selected, at time `now` (ms), given `typed`,
 * the single digit typed just before (or null).
 *
 * Returns `{ action, preventDefault, typed }`: `typed` is what to pass with the next key;
 * `action` is null (nothing to do) or one of
 * `{ type: 'move', dr, dc, extend }`, `{ type: 'undo' }`, `{ type: 'redo' }`,
 * `{ type: 'erase' }`, `{ type: 'pencil' }` (P: centre mode on or off), `{ type: 'mode', mode }` (mode 'next' cycles),
 * `{ type: 'fill-candidates' }`, `{ type: 'hint' }`, `{ type: 'check' }`, `{ type: 'pause' }` and
 * `{ type: 'digit', value, mark, replace }`, where `mark` is 'corner', 'centre' or null
 * (the mode decides) and `replace` says the digit typed before is to be undone first (the
 * two make this one number).
 */
export function keyAction(event, { size, selected, typed = null, now }) {
  const result = (action, preventDefault, nextTyped = typed) => ({ action, preventDefault, typed: nextTyped });
  const command = event.ctrlKey || event.metaKey;
  if (MOVES[event.key]) {
    const [dr, dc] = MOVES[event.key];
    return result({ type: 'move', dr, dc, extend: event.shiftKey }, true);
  }
  const letter = event.key.toLowerCase();
  if (command && letter === 'z') return result({ type: event.shiftKey ? 'redo' : 'undo' }, true);
  if (command && letter === 'y') return result({ type: 'redo' }, true);
  if (event.altKey) return result(null, false);
  const digitKey = /^(?:Digit|Numpad)(\d)$/.exec(event.code || '');
  const digit = digitKey ? Number(digitKey[1]) : (/^\d$/.test(event.key) ? Number(event.key) : null);
  if (command && digit === null) return result(null, false);
  if (digit !== null) {
    let mark = null;
    if (command) mark = 'centre';
    else if (event.shiftKey) mark = 'corner';
    let value = digit;
    let replace = false;
    let next;
    if (typed && typed.cell === selected && now - typed.at < TWO_DIGIT_MS && typed.digit * 10 + digit <= size) {
      value = typed.digit * 10 + digit;
      replace = true;
      next = null;
    } else {
      next = digit * 10 <= size ? { digit, cell: selected, at: now } : null;
    }
    if (value === 0) return result({ type: 'erase', replace }, true, next);
    if (value > size) return result(null, true, next);
    return result({ type: 'digit', value, mark, replace }, true, next);
  }
  switch (event.key) {
    case 'Backspace': case 'Delete':
      return result({ type: 'erase' }, true);
    case 'Escape':
      return result({ type: 'pause' }, true);
    case ' ':
      return result({ type: 'mode', mode: 'next' }, true);
    default:
      break;
  }
  const letters = {
    p: { type: 'pencil' },
    z: { type: 'mode', mode: 'normal' },
    x: { type: 'mode', mode: 'corner' },
    c: { type: 'mode', mode: 'centre' },
    m: { type: 'fill-candidates' },
    h: { type: 'hint' },
    k: { type: 'check' },
  };
  return result(letters[letter] || null, false);
}
