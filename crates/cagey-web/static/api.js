// The calls to cagey's JSON API. `createApi(fetch)` takes the fetch function: the page
// passes the browser's when `cagey serve` serves it, the engine's (engine.js: the library in
// WebAssembly, in Web Workers) in the static site, and tests a fake one. No DOM here.
//
// A busy server answers 503; the call is then tried again after 0.5 s, 1 s, 2 s and 4 s
// before it gives up, and `onBusy` hears what is happening so that the page can say it
// ('' when the server answered after all).
// The page's own background work (`api.background`) never makes the player's requests
// wait: it is aborted while they run (the server drops a job whose connection closes) and
// sent again afterwards, or, on a server that has it, sent as `background: true`, a job
// that yields its slot to other requests.

/** Text as one sentence: a capital first letter and a final full stop. */
export function sentence(text) {
  const trimmed = String(text ?? '').trim();
  if (!trimmed) return '';
  const capitalised = trimmed[0].toUpperCase() + trimmed.slice(1);
  return /[.!?…]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

/**
 * A text of several lines (a hint's last level: a line that counts the steps it does not
 * name, then one step a line) as sentences, one a line.
 */
export function sentences(text) {
  return String(text ?? '').split('\n').map(sentence).filter(Boolean).join('\n');
}

/** An Error carrying the server's message (as a sentence), its HTTP status and line, if any. */
export class ApiError extends Error {
  constructor(message, status, line) {
    super(sentence(message));
    this.status = status;
    this.line = line;
  }
}

/** How long (ms) to wait before each new try of a request the server was too busy for. */
export const RETRY_DELAYS_MS = [500, 1000, 2000, 4000];

/** A wait in ms as people read it: "0.5 s", "2 s". */
export function formatWait(ms) {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

function aborted() {
  const error = new Error('The request was cancelled.');
  error.name = 'AbortError';
  return error;
}

const defaultSleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

/**
 * Returns `api(path, body, {signal})`: GET `/api/<path>` when `body` is undefined, else
 * POST it as JSON; `signal` (an AbortSignal) cancels it. Resolves to the JSON answer (or a Blob for pictures); throws an ApiError with the
 * server's message when the answer is not 2xx (after the retries, for a 503).
 *
 * `api.background(path, body)` is the same call made as background work; a newer one
 * replaces it (the older one rejects with an AbortError). Set `api.backgroundField` when
 * the server takes `background: true`.
 */
export function createApi(fetchFn, { onBusy = () => {}, sleep = defaultSleep } = {}) {
  async function once(path, body, signal) {
    const init = body === undefined ? {} : {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    };
    if (signal) init.signal = signal;
    const response = await fetchFn(`/api/${path}`, init);
    const type = response.headers.get('content-type') || '';
    if (!response.ok) {
      const answer = type.includes('json') ? await response.json() : { error: await response.text() };
      throw new ApiError(answer.error || `HTTP ${response.status}`, response.status, answer.line);
    }
    return type.includes('json') ? response.json() : response.blob();
  }

  /**
   * One call, tried again while the server answers 503: four times for the player (who is
   * told, and told again with '' once the server answers), for as long as it takes for
   * background work (`quiet`), which a server may turn away for the player's requests.
   */
  async function withRetries(path, body, { signal, quiet = false } = {}) {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const answer = await once(path, body, signal);
        if (attempt && !quiet) onBusy('');
        return answer;
      } catch (error) {
        const last = !quiet && attempt >= RETRY_DELAYS_MS.length;
        if (error.status !== 503 || last || signal?.aborted) throw error;
        const wait = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)];
        if (!quiet) onBusy(`The server is busy; trying again in ${formatWait(wait)}…`);
        await sleep(wait);
        if (signal?.aborted) throw aborted();
      }
    }
  }

  let running = 0; // the player's requests under way
  let job = null; // the background work: { path, body, resolve, reject, controller }

  function run(current) {
    current.controller = new AbortController();
    const { signal } = current.controller;
    const body = api.backgroundField ? { ...current.body, background: true } : current.body;
    withRetries(current.path, body, { signal, quiet: true }).then((answer) => {
      if (job !== current) return;
      job = null;
      current.resolve(answer);
    }, (error) => {
      // Aborted to make way for the player: it runs again when the player's requests end.
      if (signal.aborted || job !== current) return;
      job = null;
      current.reject(error);
    });
  }

  async function api(path, body, { signal } = {}) {
    const heavy = body !== undefined;
    if (heavy && job?.controller && !api.backgroundField) {
      job.controller.abort();
      job.controller = null;
    }
    if (heavy) running += 1;
    try {
      return await withRetries(path, body, { signal });
    } finally {
      if (heavy) running -= 1;
      if (!running && job && !job.controller) run(job);
    }
  }

  api.backgroundField = false;
  api.background = (path, body) => new Promise((resolve, reject) => {
    if (job) {
      job.controller?.abort();
      job.reject(aborted());
    }
    job = { path, body, resolve, reject, controller: null };
    if (!running || api.backgroundField) run(job);
  });
  return api;
}
