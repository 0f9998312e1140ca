/**
 * Where to go after signing in: the `redirect` parameter when it is a path on this site, else home.
 * Anything that would leave the origin (`//evil`, `https://…`, `javascript:`) is ignored.
 */
export function safeRedirect(redirect: string | null, origin: string = window.location.origin): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) {
    return '/';
  }
  try {
    const target = new URL(redirect, origin);
    if (target.origin !== origin) return '/';
    return `${target.pathname}${target.search}${target.hash}`;
  } catch {
    return '/';
  }
}

/** The console is another app on the same origin: reaching it takes a full page load. */
export function needsFullLoad(path: string): boolean {
  return path === '/console' || path.startsWith('/console/');
}
