/**
 * A job that runs again `everyMs` after its previous run ended (never two at once in a process),
 * whose failures are logged and do not stop it. The first run comes `firstAfterMs` after the
 * start (a period by default). The timer does not keep the process alive.
 * Answers the stop function, which waits for a run in progress.
 */
export function repeatEvery(
  everyMs: number,
  run: () => Promise<unknown>,
  onError: (err: unknown) => void,
  firstAfterMs = everyMs,
): () => Promise<void> {
  let stopped = false;
  let running: Promise<unknown> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const schedule = (afterMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run()
        .catch(onError)
        .finally(() => {
          running = null;
          schedule(everyMs);
        });
    }, afterMs);
    timer.unref();
  };
  schedule(firstAfterMs);
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}
