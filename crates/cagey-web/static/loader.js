// The open-a-puzzle panel: a built-in example, pasted text or a file, loaded through the
// session; a text that cannot be read shows the parser's message with its line selected.
// A text no format reads shows why the format it most looks like refused it (the library
// lists that one first), the other formats' reasons folded away.

import { sentence } from './api.js';

const $ = (id) => document.getElementById(id);

/**
 * A load error's message in parts: `headline`, the one to show, and `others`, the reasons
 * of the formats that matter less (none for a text read in one format).
 */
export function errorParts(message) {
  const [first, ...lines] = String(message).split('\n');
  const reasons = lines.map((line) => /^not ([\w-]+): (.*)$/s.exec(line.trim())).filter(Boolean);
  if (!/^no format reads this text\b/i.test(first.trim()) || !reasons.length) {
    return { headline: String(message), others: [] };
  }
  // The library's first line says which format the text looks most like, by the name the
  // menus use, and why that format refused it; the page only makes it a sentence.
  return {
    headline: sentence(first),
    others: reasons.map(([, name, why]) => `${name}: ${why}`),
  };
}

/**
 * A puzzle's text as the box shows it: without its `# solution=` lines (a file made by
 * `cagey generate` carries its answer), which the player must not see. The page reads the
 * whole text; only the box leaves the answer out.
 */
export function withoutAnswer(text) {
  return String(text).split('\n').filter((line) => !/^\s*#\s*solution\s*=/i.test(line)).join('\n');
}

function showLoadError(error) {
  const box = $('load-error');
  box.hidden = false;
  const { headline, others } = errorParts(error.message);
  const lead = document.createElement('p');
  lead.textContent = headline;
  box.replaceChildren(lead);
  if (others.length) {
    const more = document.createElement('details');
    const summary = document.createElement('summary');
    summary.textContent = `Why each of the other ${others.length} formats refused it`;
    const list = document.createElement('ul');
    list.replaceChildren(...others.map((text) => {
      const item = document.createElement('li');
      item.textContent = text;
      return item;
    }));
    more.replaceChildren(summary, list);
    box.append(more);
  }
  const area = $('puzzle-text');
  if (error.line && area.value) {
    // Select the line the parser names, so that the player sees where to look.
    const lines = area.value.split('\n');
    const start = lines.slice(0, error.line - 1).reduce((sum, l) => sum + l.length + 1, 0);
    area.focus();
    area.setSelectionRange(start, start + (lines[error.line - 1] || '').length);
  }
}

export function mountLoader({ store, session }) {
  $('load-form').addEventListener('submit', (event) => {
    event.preventDefault();
    session.load($('puzzle-text').value, { fromLink: true });
  });
  $('puzzle-file').addEventListener('change', async () => {
    const file = $('puzzle-file').files[0];
    if (!file) return;
    const text = await file.text();
    $('puzzle-text').value = withoutAnswer(text);
    session.load(text, { fromLink: true });
  });
  $('example').addEventListener('change', () => {
    const option = $('example').selectedOptions[0];
    if (option && option.dataset.puzzle) {
      $('puzzle-text').value = option.dataset.puzzle;
      session.load(option.dataset.puzzle);
    }
  });
  /** The examples menu shows the example loaded, or "Choose…" when it is none of them. */
  function showExample() {
    const text = store.state.text;
    const option = [...$('example').options].find((o) => o.dataset.puzzle && o.dataset.puzzle === text);
    $('example').value = option ? option.value : '';
  }

  store.subscribe((_, action) => {
    if (action.type === 'load') {
      $('load-error').hidden = true;
      showExample();
    }
    if (action.type === 'load-failed') {
      showLoadError(action.error);
      if (!action.quiet) $('load').open = true;
    }
  });

  return {
    /** Lists `/api/examples`' puzzles in the examples menu. */
    addExamples(examples) {
      $('example').append(...examples.map((example) => {
        const option = document.createElement('option');
        option.value = example.name;
        option.textContent = `${example.name}: ${example.source}`;
        option.dataset.puzzle = example.puzzle;
        return option;
      }));
      showExample();
    },
  };
}
