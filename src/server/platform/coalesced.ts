/**
 * A job started by events that may come in bursts (the change bus): one run at a time, and one more if it was asked
 * for again meanwhile. Failures go to `onError`; the next request runs again.
 */
export function coalesced(work: () => Promise<unknown>, onError: (error: unknown) => void): () => void {
  let running: Promise<void> | null = null;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = work()
      .then(() => undefined, onError)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  return run;
}
