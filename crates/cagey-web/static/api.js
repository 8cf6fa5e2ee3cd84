// The calls to cagey's JSON API. `createApi(fetch)` takes the fetch function so that tests
// can pass a fake one; the page passes the browser's. No DOM here.

/** An Error carrying the server's message, its HTTP status and the line it names, if any. */
export class ApiError extends Error {
  constructor(message, status, line) {
    super(message);
    this.status = status;
    this.line = line;
  }
}

/**
 * Returns `api(path, body)`: GET `/api/<path>` when `body` is undefined, else POST it as
 * JSON. Resolves to the JSON answer (or a Blob for pictures); throws an ApiError with the
 * server's message when the answer is not 2xx.
 */
export function createApi(fetchFn) {
  return async function api(path, body) {
    const response = await fetchFn(`/api/${path}`, body === undefined ? {} : {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const type = response.headers.get('content-type') || '';
    if (!response.ok) {
      const answer = type.includes('json') ? await response.json() : { error: await response.text() };
      throw new ApiError(answer.error || `HTTP ${response.status}`, response.status, answer.line);
    }
    return type.includes('json') ? response.json() : response.blob();
  };
}
