/**
 * Ends the current task and resumes in a new one, so the browser can paint or handle input in
 * between. Without it, a chain of promises that all settle at once (a remote's last chunk
 * arrives, its modules run, hydration starts) is one long task, however small each step is.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
