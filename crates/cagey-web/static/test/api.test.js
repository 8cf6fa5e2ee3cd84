// The API calls on a fake fetch, without a browser or server.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError, createApi } from '../api.js';

/** A fake fetch that records its calls and answers with `status`, `type` and `body`. */
function fake(status, type, body) {
  const calls = [];
  const fetchFn = async (url, init) => {
    calls.push({ url, init });
    return {
      ok: status >= 200 && status < 300,
      status,
      headers: { get: (name) => (name === 'content-type' ? type : null) },
      json: async () => JSON.parse(body),
      text: async () => body,
      blob: async () => ({ blob: body }),
    };
  };
  return { fetchFn, calls };
}

test('a body is POSTed as JSON and the JSON answer returned', async () => {
  const { fetchFn, calls } = fake(200, 'application/json', '{"count":1}');
  assert.deepEqual(await createApi(fetchFn)('count', { puzzle: 'p', limit: 2 }), { count: 1 });
  assert.equal(calls[0].url, '/api/count');
  assert.equal(calls[0].init.method, 'POST');
  assert.equal(calls[0].init.headers['content-type'], 'application/json');
  assert.deepEqual(JSON.parse(calls[0].init.body), { puzzle: 'p', limit: 2 });
});

test('no body is a GET', async () => {
  const { fetchFn, calls } = fake(200, 'application/json', '[]');
  await createApi(fetchFn)('examples');
  assert.deepEqual(calls[0], { url: '/api/examples', init: {} });
});

test('a picture comes back as a blob', async () => {
  const { fetchFn } = fake(200, 'image/svg+xml', '<svg/>');
  assert.deepEqual(await createApi(fetchFn)('render', { puzzle: 'p' }), { blob: '<svg/>' });
});

test("an error carries the server's message, status and line", async () => {
  const { fetchFn } = fake(400, 'application/json', '{"error":"line 2: bad cage","line":2,"status":400}');
  await assert.rejects(createApi(fetchFn)('parse', { puzzle: 'x' }), (error) => {
    assert.ok(error instanceof ApiError);
    assert.equal(error.message, 'line 2: bad cage');
    assert.equal(error.status, 400);
    assert.equal(error.line, 2);
    return true;
  });
});

test('an error without JSON gives its text, or the status when there is none', async () => {
  await assert.rejects(createApi(fake(502, 'text/plain', 'bad gateway').fetchFn)('solve', {}), /bad gateway/);
  await assert.rejects(createApi(fake(500, '', '').fetchFn)('solve', {}), /HTTP 500/);
});
