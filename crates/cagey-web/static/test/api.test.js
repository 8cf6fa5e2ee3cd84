// The API calls on a fake fetch, without a browser or server.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError, createApi, formatWait, sentence, sentences } from '../api.js';

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
    assert.equal(error.message, 'Line 2: bad cage.');
    assert.equal(error.status, 400);
    assert.equal(error.line, 2);
    return true;
  });
});

test('an error without JSON gives its text, or the status when there is none', async () => {
  await assert.rejects(createApi(fake(502, 'text/plain', 'bad gateway').fetchFn)('solve', {}), /Bad gateway\./);
  await assert.rejects(createApi(fake(500, '', '').fetchFn)('solve', {}), /HTTP 500/);
});

test('messages become sentences: a capital and one full stop', () => {
  assert.equal(sentence('the server is busy'), 'The server is busy.');
  assert.equal(sentence('Done.'), 'Done.');
  assert.equal(sentence(''), '');
  assert.equal(formatWait(500), '0.5 s');
  assert.equal(formatWait(2000), '2 s');
});

test("a hint's lines become a sentence each, one a line", () => {
  const applied = [
    '26 steps that only remove candidates come first: cage combinations (13) and pointing (1)',
    'then pointing: in box 8, 1 is only in row 9 (r9c4, r9c5 and r9c6), so the rest of row 9 loses 1: r9c1 loses 1',
    'then naked single: r9c1 has only 3 left: place 3 in r9c1',
  ].join('\n');
  assert.equal(sentences(applied), [
    '26 steps that only remove candidates come first: cage combinations (13) and pointing (1).',
    'Then pointing: in box 8, 1 is only in row 9 (r9c4, r9c5 and r9c6), so the rest of row 9 loses 1: r9c1 loses 1.',
    'Then naked single: r9c1 has only 3 left: place 3 in r9c1.',
  ].join('\n'));
  assert.equal(sentences('look for a hidden single (easy) in row 3'), 'Look for a hidden single (easy) in row 3.');
  assert.equal(sentences(''), '');
});

/** A fake fetch answering from `answers` (status numbers) in turn, 200 with `{}` at the end. */
function scripted(answers) {
  const calls = [];
  const fetchFn = async (url, init) => {
    calls.push({ url, init });
    const status = answers.shift() ?? 200;
    return {
      ok: status === 200,
      status,
      headers: { get: () => 'application/json' },
      json: async () => (status === 200 ? { n: calls.length } : { error: 'the server is busy' }),
    };
  };
  return { fetchFn, calls };
}

test('a 503 is tried again after 0.5, 1, 2 and 4 s, saying so, then given up', async () => {
  const waits = [];
  const said = [];
  const { fetchFn, calls } = scripted([503, 503, 503, 503, 503]);
  const api = createApi(fetchFn, { onBusy: (m) => said.push(m), sleep: async (ms) => { waits.push(ms); } });
  await assert.rejects(api('count', {}), (error) => error.status === 503 && error.message === 'The server is busy.');
  assert.equal(calls.length, 5);
  assert.deepEqual(waits, [500, 1000, 2000, 4000]);
  assert.equal(said[2], 'The server is busy; trying again in 2 s…');
});

test('a 503 then an answer resolves to the answer, and the busy message is taken back', async () => {
  const said = [];
  const { fetchFn, calls } = scripted([503]);
  const api = createApi(fetchFn, { onBusy: (m) => said.push(m), sleep: async () => {} });
  assert.deepEqual(await api('count', {}), { n: 2 });
  assert.equal(calls.length, 2);
  assert.deepEqual(said, ['The server is busy; trying again in 0.5 s…', '']);
});

test('background work turned away is tried again until it is answered, quietly', async () => {
  const said = [];
  const { fetchFn, calls } = scripted([503, 503, 503, 503, 503, 503, 503]);
  const api = createApi(fetchFn, { onBusy: (m) => said.push(m), sleep: async () => {} });
  assert.deepEqual(await api.background('solve', { puzzle: 'p' }), { n: 8 });
  assert.equal(calls.length, 8);
  assert.deepEqual(said, []);
});

test("background work is aborted while the player's request runs, then sent again", async () => {
  const calls = [];
  let release;
  const fetchFn = (url, init) => new Promise((resolve, reject) => {
    calls.push({ url, init });
    const answer = () => resolve({ ok: true, status: 200, headers: { get: () => 'application/json' }, json: async () => ({ url }) });
    init.signal?.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })));
    if (url === '/api/count') release = answer; else if (!init.signal || calls.length > 2) answer();
  });
  const api = createApi(fetchFn);
  const background = api.background('solve', { puzzle: 'p' });
  assert.equal(calls.length, 1);
  const count = api('count', { puzzle: 'p' });
  assert.ok(calls[0].init.signal.aborted, 'the background solve is aborted');
  release();
  assert.deepEqual(await count, { url: '/api/count' });
  assert.deepEqual(await background, { url: '/api/solve' });
  assert.equal(calls.length, 3, 'the background solve was sent again');
  assert.equal(JSON.parse(calls[2].init.body).background, undefined);
});

test('with the background field the work is marked and not aborted', async () => {
  const { fetchFn, calls } = scripted([]);
  const api = createApi(fetchFn);
  api.backgroundField = true;
  const background = api.background('solve', { puzzle: 'p' });
  await api('count', { puzzle: 'p' });
  await background;
  assert.equal(JSON.parse(calls[0].init.body).background, true);
  assert.ok(!calls[0].init.signal.aborted);
  assert.equal(calls.length, 2);
});
