/** Runs `close` once on SIGINT/SIGTERM, then exits; a second signal or a slow close forces the exit. */
export function closeOnSignals(
  close: () => Promise<void>,
  log: (message: string) => void,
  timeoutMs = 10_000,
): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1);
    closing = true;
    log(`${signal} received, shutting down`);
    const timer = setTimeout(() => process.exit(1), timeoutMs);
    timer.unref();
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
}
