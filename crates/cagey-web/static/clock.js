// The clock of a game: the seconds played, which stop while the page is hidden and once the
// grid is solved. `createClock(now)` takes the time source (milliseconds) so that tests can
// drive it; the page passes `Date.now`. No DOM here.

/** A stopped clock at `elapsed` seconds. */
export function createClock(now, elapsed = 0) {
  let played = elapsed; // seconds played before `since`
  let since = null; // when the clock last started (ms), or null when stopped
  return {
    /** The seconds played so far, counting the running stretch. */
    seconds() {
      return played + (since !== null ? (now() - since) / 1000 : 0);
    },
    /** Starts the clock unless it runs already. */
    start() {
      if (since === null) since = now();
    },
    /** Stops the clock, keeping the time played. */
    stop() {
      played = this.seconds();
      since = null;
    },
    /** Stops the clock and sets it to `seconds`. */
    reset(seconds = 0) {
      played = seconds;
      since = null;
    },
    get running() {
      return since !== null;
    },
  };
}

/** `seconds` as the timer shows it: minutes and two-digit seconds, `12:05`. */
export function formatTime(seconds) {
  const total = Math.floor(seconds);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}
