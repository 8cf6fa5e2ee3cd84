// The engine in the browser: cagey's library compiled to WebAssembly (crates/cagey-wasm),
// run in Web Workers, behind the same `fetch`-shaped function the page gives `createApi`
// for the server. A static copy of the page (scripts/build-site.sh) uses it; `cagey serve`
// answers the same questions over HTTP. Either way the answers are the library's, word for
// word (`cagey::service`).
//
// Each question runs in a worker of its own: a long generation or explanation never
// freezes the page, and a question the page no longer wants (its AbortSignal fires: a
// newer request, the panel left) is stopped by ending its worker; a new one takes its
// place. The module is compiled once and handed to every worker, so a fresh worker is
// ready in milliseconds. No DOM here, except `rasterise`, which draws an SVG to a PNG.

/** Workers kept waiting for a question, beyond the ones at work. */
const SPARE_WORKERS = 1;

/** The JSON answer of an engine error, as the server's: `{error, status, line?}`. */
function errorResponse(body) {
  return new Response(body, { status: JSON.parse(body).status || 500, headers: { 'content-type': 'application/json' } });
}

function aborted() {
  return new DOMException('The request was cancelled.', 'AbortError');
}

/**
 * Returns `fetch(url, init)` answering `/api/NAME` from the engine: `moduleUrl` is the
 * `.wasm` file, `workerUrl` the worker script (engine-worker.js), `describe` the URL of
 * the API's description (openapi.json), which tells the page what the engine answers.
 */
export function createEngineFetch({ moduleUrl, workerUrl, describe, createWorker = (url) => new Worker(url, { type: 'module' }) }) {
  const module = WebAssembly.compileStreaming(fetch(moduleUrl));

  /** A new worker, handed the module once it is compiled. */
  function launch() {
    const started = createWorker(workerUrl);
    module.then((compiled) => started.postMessage({ module: compiled }));
    return started;
  }

  // The page's first two questions (its puzzle and the examples) come at once: their
  // workers load their scripts while the module compiles.
  const spare = [launch(), launch()];

  async function worker() {
    const ready = spare.length ? spare.pop() : launch();
    // After `launch`'s own wait, so that the module reaches the worker before a question.
    await module;
    return ready;
  }

  function retire(done) {
    if (spare.length < SPARE_WORKERS) spare.push(done); else done.terminate();
  }

  /** Runs `name` with `body` in a worker; resolves to `{ ok, text }`. */
  async function ask(name, body, signal) {
    if (signal?.aborted) throw aborted();
    const busy = await worker();
    return new Promise((resolve, reject) => {
      const stop = () => {
        busy.terminate();
        reject(aborted());
      };
      signal?.addEventListener('abort', stop, { once: true });
      busy.onmessage = ({ data }) => {
        signal?.removeEventListener('abort', stop);
        if (data.broken) busy.terminate(); else retire(busy);
        resolve(data);
      };
      busy.onerror = (event) => {
        signal?.removeEventListener('abort', stop);
        busy.terminate();
        reject(new Error(`the engine failed: ${event.message || 'no reason given'}`));
      };
      busy.postMessage({ name, body });
    });
  }

  return async function engineFetch(url, init = {}) {
    const name = String(url).replace(/^.*\/api\//, '');
    if (name === 'openapi.json') return fetch(describe);
    const request = init.body === undefined ? '' : init.body;
    const answer = await ask(name, request, init.signal);
    if (!answer.ok) return errorResponse(answer.text);
    if (name !== 'render') return new Response(answer.text, { headers: { 'content-type': 'application/json' } });
    // A picture comes as SVG text; a PNG is drawn from it here, as the browser draws it.
    const { text } = JSON.parse(answer.text);
    const png = JSON.parse(request).image === 'png';
    const blob = png ? await rasterise(text) : new Blob([text], { type: 'image/svg+xml' });
    return new Response(blob, { headers: { 'content-type': blob.type } });
  };
}

/** An SVG picture as a PNG Blob of the SVG's own size, drawn by the browser. */
export async function rasterise(svg) {
  const image = new Image();
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0);
    return await new Promise((resolve) => { canvas.toBlob(resolve, 'image/png'); });
  } finally {
    URL.revokeObjectURL(url);
  }
}
