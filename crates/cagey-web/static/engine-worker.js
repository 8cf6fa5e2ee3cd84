// A Web Worker answering the page's questions with cagey's engine (crates/cagey-wasm, the
// library in WebAssembly). The page sends the compiled module first, then one question at
// a time, `{name, body}`; the answer goes back as `{ok, text}`: the answer's JSON, or the
// error's (`{error, status, line?}`), as the server would send them. engine.js ends a
// worker whose question is no longer wanted.

import init, { call } from './engine/cagey_wasm.js';

let ready = null;

self.onmessage = async ({ data }) => {
  if (data.module) {
    ready = init({ module_or_path: data.module });
    return;
  }
  await ready;
  try {
    // 0: the engine's default time limit, the server's own default.
    self.postMessage({ ok: true, text: call(data.name, data.body, 0) });
  } catch (error) {
    // A string is the engine's own error answer; anything else is a fault (a trap), after
    // which this instance is not to be trusted: the page ends the worker.
    if (typeof error === 'string') {
      self.postMessage({ ok: false, text: error });
    } else {
      self.postMessage({ ok: false, broken: true, text: JSON.stringify({ error: `the engine failed: ${error}`, status: 500 }) });
    }
  }
};
