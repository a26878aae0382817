import { useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;

/**
 * False in the server-rendered HTML and while hydrating, true once the island runs in the browser:
 * controls that need the island stay disabled until then, and stored values (localStorage) are
 * shown only after hydration, so the first render matches the HTML.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
