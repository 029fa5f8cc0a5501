/**
 * Calls `stop` when this process is orphaned. A SIGTERM to `npm run …` ends npm but is not
 * passed on (docs/notes/module-federation.md P11), which would leave this process and its servers running; once npm is gone the
 * kernel re-parents us, and that is the signal to shut down.
 */
export const exitWithParent = (stop: () => void): void => {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== parent) {
      clearInterval(timer);
      stop();
    }
  }, 1000);
  timer.unref();
};
