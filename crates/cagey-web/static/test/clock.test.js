// The game's clock on a fake time source, without a browser.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createClock, formatTime } from '../clock.js';

function fakeTime() {
  let ms = 0;
  return { now: () => ms, pass: (seconds) => { ms += seconds * 1000; } };
}

test('the clock counts only while it runs', () => {
  const time = fakeTime();
  const clock = createClock(time.now);
  time.pass(5);
  assert.equal(clock.seconds(), 0);
  clock.start();
  assert.equal(clock.running, true);
  time.pass(3);
  assert.equal(clock.seconds(), 3);
  clock.stop();
  time.pass(10);
  assert.equal(clock.seconds(), 3);
  assert.equal(clock.running, false);
  clock.start();
  time.pass(1.5);
  assert.equal(clock.seconds(), 4.5);
});

test('starting a running clock does not restart it; reset sets the time and stops', () => {
  const time = fakeTime();
  const clock = createClock(time.now, 60);
  clock.start();
  time.pass(2);
  clock.start();
  time.pass(2);
  assert.equal(clock.seconds(), 64);
  clock.reset(7);
  time.pass(2);
  assert.equal(clock.seconds(), 7);
  assert.equal(clock.running, false);
});

test('the timer shows minutes and two-digit seconds', () => {
  assert.equal(formatTime(0), '0:00');
  assert.equal(formatTime(59.9), '0:59');
  assert.equal(formatTime(65), '1:05');
  assert.equal(formatTime(3600 + 1), '60:01');
});
