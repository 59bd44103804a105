import type { BrowserContext, CDPSession, Page } from '@playwright/test';

/**
 * The bench's slow phone: 4x CPU slowdown, 150 ms RTT, 1.6 Mbit/s down and 750 kbit/s up (the
 * page-load and first-paint measures share it, so their figures compare). Returns the page's CDP
 * session for any further emulation.
 */
export async function throttle(context: BrowserContext, page: Page): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}
