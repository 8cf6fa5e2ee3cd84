// The new-puzzle panel: size, level, operations, kind, the diagonal rule and seed, sent to
// `/api/generate` (the engine's worker on the static site);
// the puzzle made is loaded at once. A newer request, or closing the panel, stops the one
// under way.

import { sentence } from './api.js';

const $ = (id) => document.getElementById(id);

export function mountGenerate({ store, api, session }) {
  let working = null; // the AbortController of the puzzle being made

  async function generate(event) {
    event.preventDefault();
    // A newer request replaces the one under way.
    working?.abort();
    const controller = new AbortController();
    working = controller;
    const form = new FormData($('new-form'));
    const request = { size: Number(form.get('size')) };
    for (const key of ['difficulty', 'ops', 'kind']) if (form.get(key)) request[key] = form.get(key);
    if (form.get('diagonals')) request.diagonals = true;
    if (form.get('seed')) request.seed = Number(form.get('seed'));
    $('new-status').textContent = 'Making a puzzle…';
    try {
      const made = await api('generate', request, { signal: controller.signal });
      if (controller.signal.aborted) return;
      await session.load(made.puzzle);
      $('new-status').textContent = made.message ? sentence(made.message) : 'Here it is.';
      // On a phone the form sits under the board, which the new puzzle leaves above the
      // screen: bring the board up, as puzzle sites do after "New game". 'nearest' leaves a
      // board already in view where it is (the side-by-side layout).
      $('board-frame').scrollIntoView({ block: 'nearest' });
    } catch (error) {
      if (!controller.signal.aborted) $('new-status').textContent = error.message;
    } finally {
      if (working === controller) working = null;
    }
  }

  $('new-form').addEventListener('submit', generate);
  // Leaving the panel while a puzzle is being made stops it.
  $('new').addEventListener('toggle', () => {
    if ($('new').open || !working) return;
    working.abort();
    working = null;
    $('new-status').textContent = 'Stopped: no puzzle was made.';
  });
  // What was said about the last puzzle made goes when another loads.
  store.subscribe((_, action) => {
    if (action.type === 'load') $('new-status').textContent = '';
  });
}
