/** When the last reload for a stale chunk happened (sessionStorage: this tab only). */
const key = 'sais.staleChunkReloadAt';
/** A second failure within this time is not a stale tab: the page's own error display shows it. */
const againWithinMs = 60_000;

/**
 * Reloads the page once when a page's code cannot be loaded because a deploy replaced it (issue 35,
 * point 11). Each build names its chunks by their content, and pages load their chunk when first
 * shown: a tab opened before a deploy then asks for files that are gone, and Vite says so with
 * `vite:preloadError`. One reload fetches the new build's entry, which names the new chunks. A second
 * failure soon after is no stale tab (the server is down, the file is broken): no reload loop, the
 * error goes on to the page's error display.
 */
export function reloadOnStaleChunks(win: Window = window): void {
  win.addEventListener('vite:preloadError', (event) => {
    const last = Number(win.sessionStorage.getItem(key) ?? 0);
    if (Date.now() - last < againWithinMs) return;
    win.sessionStorage.setItem(key, String(Date.now()));
    event.preventDefault();
    win.location.reload();
  });
}
