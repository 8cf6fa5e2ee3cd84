// The status line's kinds: every kind the play panel treats apart (play.js) or styles
// (style.css) is one that some module says. A 'brief' kind, a word that went after three
// seconds, was still handled after "Link copied." moved beside its button and nothing said
// it any more.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

const here = new URL('..', import.meta.url);
const modules = readdirSync(here)
  .filter((name) => name.endsWith('.js'))
  .map((name) => readFileSync(new URL(name, here), 'utf8'));

/** The kinds the modules give the status line: the literals of `kind` fields and values. */
function kindsSaid() {
  const said = new Set();
  for (const text of modules) {
    for (const line of text.split('\n')) {
      if (/status\.kind\s*===/.test(line)) continue;
      const literals = [...line.matchAll(/'(\w*)'/g)].map((m) => m[1]);
      if (/\bkind\b/.test(line)) literals.forEach((kind) => said.add(kind));
      // `say(message, 'bad')`, solve.js's shorthand.
      for (const m of line.matchAll(/\bsay\([^)]*,\s*'(\w*)'\)/g)) said.add(m[1]);
    }
  }
  return said;
}

test('every status kind the page handles or styles is one a module says', () => {
  const said = kindsSaid();
  assert.ok(said.has('good') && said.has('bad'), [...said].join(' '));
  const handled = modules.flatMap((text) => [...text.matchAll(/status\.kind\s*===\s*'(\w+)'/g)].map((m) => m[1]));
  const css = readFileSync(new URL('style.css', here), 'utf8');
  const styled = [...css.matchAll(/#status\.(\w+)/g)].map((m) => m[1]);
  for (const kind of [...handled, ...styled]) {
    assert.ok(said.has(kind), `the status kind '${kind}' is handled or styled, but no module says it`);
  }
});
