// The new-puzzle panel: size, level, operations, kind and seed, sent to `/api/generate`;
// the puzzle made is loaded at once.

import { sentence } from './api.js';

const $ = (id) => document.getElementById(id);

export function mountGenerate({ store, api, session }) {
  async function generate(event) {
    event.preventDefault();
    const form = new FormData($('new-form'));
    const request = { size: Number(form.get('size')) };
    for (const key of ['difficulty', 'ops', 'kind']) if (form.get(key)) request[key] = form.get(key);
    if (form.get('seed')) request.seed = Number(form.get('seed'));
    $('new-status').textContent = 'Making a puzzle…';
    try {
      const made = await api('generate', request);
      await session.load(made.puzzle);
      $('new-status').textContent = made.message ? sentence(made.message) : 'Here it is.';
    } catch (error) {
      $('new-status').textContent = error.message;
    }
  }

  $('new-form').addEventListener('submit', generate);
  // What was said about the last puzzle made goes when another loads.
  store.subscribe((_, action) => {
    if (action.type === 'load') $('new-status').textContent = '';
  });
}
