// How the page names cells and lists things to the player: `r1c1`, `a, b and c`. A module
// of its own so that every other module can take these without importing the game.

/** The name of a cell as the page says it: `r1c1`. */
export function cellName(cell, n) {
  return `r${Math.floor(cell / n) + 1}c${(cell % n) + 1}`;
}

/** Names in a sentence: `a`, `a and b`, `a, b and c`. */
export function listed(names) {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
