// cagey's page, the entry that wires the rest: loads a puzzle through the API, lets the
// player fill it in, and asks the API for everything that needs the library (solutions,
// hints, explanations, new puzzles, conversions, pictures). The API is `cagey serve`'s
// over HTTP, or, in the static site, the engine in the browser (engine.js): the page's
// `<meta name="cagey-engine">` says which. The page keeps the player's state (digits,
// pencil marks, undo, timer) and saves it in local storage; the engine keeps nothing.
// docs/web.md maps the modules.

import { createApi } from './api.js';
import { createEngineFetch } from './engine.js';
import { createClock } from './clock.js';
import { initialState, reduce } from './game.js';
import { readFragment } from './link.js';
import { createSession } from './session.js';
import { currentText } from './storage.js';
import { createStore } from './store.js';
import { mountEditor } from './editor.js';
import { mountExplain } from './explain.js';
import { mountGenerate } from './generate.js';
import { mountHint } from './hint.js';
import { mountLoader } from './loader.js';
import { mountPlay } from './play.js';
import { mountShare } from './share.js';
import { mountSolve } from './solve.js';

const $ = (id) => document.getElementById(id);

/** The panels each API route brings: hidden when the server lacks the route. */
const FEATURES = [['/api/hint', 'hint'], ['/api/explain', 'explain'], ['/api/generate', 'new']];

/** Whether the page runs its own engine (the static site) rather than ask a server. */
const inBrowser = document.querySelector('meta[name="cagey-engine"]')?.content === 'browser';

/** How the page asks its questions: the engine in Web Workers, or the server over HTTP. */
function transport() {
  if (!inBrowser) return (...args) => fetch(...args);
  const at = (file) => new URL(file, document.baseURI).href;
  return createEngineFetch({
    moduleUrl: at('engine/cagey_wasm_bg.wasm'),
    workerUrl: at('engine-worker.js'),
    describe: at('openapi.json'),
  });
}

// The static site works offline once visited: its service worker (sw.js) keeps every file.
if (inBrowser && 'serviceWorker' in navigator) {
  navigator.serviceWorker.register('sw.js').catch(() => { /* online only, then */ });
}

const store = createStore(initialState(), reduce);
// A busy server is tried again; the status says so meanwhile.
const api = createApi(transport(), {
  onBusy: (message) => store.dispatch({ type: 'say', message }),
});
const clock = createClock(() => Date.now());
const session = createSession({ store, api, storage: localStorage, clock });

const play = mountPlay({ store, session, clock });
mountHint({ store, api, session });
const { explain } = mountExplain({ store, api, session });
mountSolve({ store, api, session, explain });
mountGenerate({ store, api, session });
mountShare({ store, api, session });
const loader = mountLoader({ store, session });
mountEditor({ api, session });

// A puzzle loaded (an example chosen, a new one made, a draft played) takes the keyboard
// to its board, once the board is drawn: the keys then play, rather than change the menu.
store.subscribe((_, action) => {
  if (action.type === 'load') setTimeout(() => play.focus(), 0);
});

// After the views have drawn a change: save it, and see whether it finished the grid.
store.subscribe((_, __, info) => {
  if (info.save) session.save();
  if (info.changed) session.checkComplete();
});

/** The puzzle the page's address links to, `{ text, corners }`, or null. */
function linkedPuzzle() {
  return readFragment(location.hash);
}

document.addEventListener('visibilitychange', () => {
  if (document.hidden) clock.stop(); else if (!store.state.done && !store.state.paused) clock.start();
  session.save();
});
window.addEventListener('hashchange', () => {
  const linked = linkedPuzzle();
  if (linked) session.load(linked.text, { fromLink: true, corners: linked.corners });
});
window.addEventListener('beforeunload', () => { clock.stop(); session.save(); });

async function start() {
  // The puzzle is read while the list of routes and examples comes: on loopback the page is
  // ready after two round trips.
  const description = api('openapi.json');
  const examples = api('examples');
  const linked = linkedPuzzle();
  const saved = currentText(localStorage);
  let loaded = false;
  if (linked) loaded = await session.load(linked.text, { fromLink: true, corners: linked.corners });
  if (!loaded && saved) loaded = await session.load(saved, { quiet: true });
  if (!loaded) await session.load((await examples)[0].puzzle);
  play.focus();
  document.body.dataset.readyAt = String(Math.round(performance.now()));
  document.body.dataset.ready = 'true';
  const features = new Set(Object.keys((await description).paths));
  store.dispatch({ type: 'set', fields: { features } });
  // A server that lets background work yield takes it marked so; others refuse the field.
  api.backgroundField = JSON.stringify(await description).includes('"background"');
  for (const [feature, element] of FEATURES) $(element).hidden = !features.has(feature);
  loader.addExamples(await examples);
}

start();
