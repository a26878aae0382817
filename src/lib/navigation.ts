/** Where to go "back one page" after signing in: the previous page of this site, else home. */
export function returnPath(referrer: string, origin: string): string {
  try {
    const previous = new URL(referrer);
    if (previous.origin !== origin || previous.pathname === '/sign-in') return '/';
    return `${previous.pathname}${previous.search}${previous.hash}`;
  } catch {
    return '/';
  }
}
