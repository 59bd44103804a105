import assert from 'node:assert/strict';

/** Polls `check` until it returns a truthy value; fails with `message(last)` after `timeout`. */
export async function until<T>(check: () => Promise<T>, message: (last: T | undefined) => string, timeout = 120_000) {
  const deadline = Date.now() + timeout;
  let last: T | undefined;
  let lastError: unknown;
  for (;;) {
    try {
      // A browser that stops answering must not hold the check past its deadline.
      const left = Math.max(deadline - Date.now(), 1_000);
      last = await Promise.race([
        check(),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`no answer within ${left} ms`)), left).unref(),
        ),
      ]);
      lastError = undefined;
      if (last) return last;
    } catch (error) {
      // A page in the middle of a navigation cannot answer: ask again.
      lastError = error;
    }
    if (Date.now() > deadline) {
      assert.fail(`${message(last)}${lastError instanceof Error ? ` (last error: ${lastError.message})` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/**
 * The shell's server sends a page unrendered when rendering it takes too long, as a cold instance
 * on a busy machine may: the suite starts once it renders the board (a card in the HTML), as a
 * load balancer sends visitors to an instance once it is ready.
 */
export async function warmUp(shellUrl: string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const html = await fetch(`${shellUrl}/`).then((answer) => answer.text());
    if (html.includes('<article')) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  assert.fail("the shell's server did not render the board (no job card in its HTML) within 2 minutes");
}
