// The page's one store: the state, a reducer that changes it, and the views that listen.
// Every change goes through `dispatch`, and every listener (the board, the tools, saving,
// the check for a finished grid) hears of it, so no code has to remember to redraw or save.
// No DOM here: the store is tested under Node.

/**
 * A store over `state`, changed by `reduce(state, action)`, which may return facts about
 * the change (such as `{ changed: true }`) that listeners receive as their third argument.
 */
export function createStore(state, reduce) {
  const listeners = new Set();
  return {
    state,
    /** Calls `listener(state, action, info)` after every dispatch; returns the unsubscribe. */
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Applies `action` through the reducer, then tells every listener; returns the info. */
    dispatch(action) {
      const info = reduce(state, action) || {};
      for (const listener of [...listeners]) listener(state, action, info);
      return info;
    },
  };
}
