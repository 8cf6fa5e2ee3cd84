// The share-and-export panel: a link that carries the puzzle (and, when asked, the
// player's progress: digits and centre marks in the text, corner marks beside it, as
// link.js writes them) in its fragment, and exports as text formats or pictures.

import { digitsOf } from './game.js';
import { linkFragment } from './link.js';

const $ = (id) => document.getElementById(id);

/** How long (ms) a downloaded file's object URL is kept. */
const DOWNLOAD_URL_MS = 10000;

/** How long "Link copied." stays beside the Copy link button, in ms. */
const COPIED_MS = 3000;

/** The file extension of each text format. */
const EXTENSIONS = { kk: 'kk', json: 'json', sudokuwiki: 'txt', keen: 'txt' };

function download(name, blob) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), DOWNLOAD_URL_MS);
}

export function mountShare({ store, api, session }) {
  async function shareLink() {
    const withProgress = $('share-progress').checked;
    // The shortest format that can hold what is asked comes first.
    const formats = withProgress ? ['sudokuwiki', 'json'] : ['keen', 'sudokuwiki', 'json'];
    for (const to of formats) {
      try {
        const { text } = await api('convert', { puzzle: session.puzzleText(withProgress), to });
        const { state } = store;
        const marks = withProgress ? { corner: state.corner, digits: digitsOf(state), size: state.puzzle.size } : null;
        const url = `${location.origin}${location.pathname}${linkFragment(text.trim(), marks)}`;
        $('share-link').value = url;
        return url;
      } catch (_) { /* this format cannot hold the puzzle: try the next */ }
    }
    return null;
  }

  async function exportAs(format) {
    const out = $('export-text');
    try {
      if (format === 'svg' || format === 'png') {
        const blob = await api('render', { puzzle: session.puzzleText(true), image: format });
        download(`puzzle.${format}`, blob);
        out.value = `puzzle.${format} downloaded.`;
        return;
      }
      const { text } = await api('convert', { puzzle: session.puzzleText(true), to: format });
      out.value = text;
      if (format === 'sudokupad') {
        // A link to play the puzzle on SudokuPad: offered to click, not downloaded.
        const open = $('share-sudokupad');
        open.href = text.trim();
        open.hidden = false;
        return;
      }
      download(`puzzle.${EXTENSIONS[format]}`, new Blob([text], { type: 'text/plain' }));
    } catch (error) {
      out.value = error.message;
      $('share-sudokupad').hidden = true;
    }
  }

  $('share-make').addEventListener('click', shareLink);
  // A link or export made for the last puzzle must not be copied for the new one.
  store.subscribe((_, action) => {
    if (action.type === 'load') {
      $('share-link').value = '';
      $('export-text').value = '';
      $('share-sudokupad').hidden = true;
      $('share-said').textContent = '';
    }
  });
  let copied = null; // the timer that takes "Link copied." away
  $('share-copy').addEventListener('click', async () => {
    const url = $('share-link').value || await shareLink();
    try {
      await navigator.clipboard.writeText(url);
      // Said beside the button, where the player is looking: on a phone the status line is
      // by the board, a screen or two above the panel. The span is a live region of its
      // own, so a screen reader hears it once, as it heard the status line say it.
      const said = $('share-said');
      said.textContent = 'Link copied.';
      clearTimeout(copied);
      copied = setTimeout(() => { said.textContent = ''; }, COPIED_MS);
    } catch (_) {
      $('share-link').select();
    }
  });
  document.querySelectorAll('[data-export]').forEach((button) => {
    button.addEventListener('click', () => exportAs(button.dataset.export));
  });
}
