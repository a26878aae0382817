import { useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;

/**
 * The path of the page the form is on, for its `action`: with JavaScript off or before hydration a
 * submit (the button is disabled then) stays on this page. The server does not know the page the
 * island lands on, so its HTML has `?`: this page again, without its query.
 */
export const usePagePath = () =>
  useSyncExternalStore(
    noChanges,
    () => window.location.pathname,
    () => '?',
  );
