import type { Browser } from '@playwright/test';
import { roundedLoad } from './run-info';
import { median } from './stats';
import { throttle } from './throttling';

/**
 * The first paint on a phone, as each phone asks for the page: Safari on an iPhone (its user agent,
 * no client hints, as Safari sends none) and Chrome on Android (its user agent and its client hints,
 * `Sec-CH-UA-Mobile: ?1` among them), under Lighthouse's mobile profile (150 ms RTT, 1.6 Mbit/s,
 * 4x CPU, through CDP in Chromium). For each: when the first paint comes, when the page has
 * hydrated (the shell's `board:hydrated` mark) and where the first job card is in the first frame
 * that shows it and once hydrated: a card that moves is a page that jumps under the visitor's thumb.
 */
interface Phone {
  viewport: { width: number; height: number };
  deviceScaleFactor: number;
  userAgent: string;
  /** The user-agent client hints Chrome sends (CDP's UserAgentMetadata); none for Safari. */
  userAgentMetadata?: {
    brands: { brand: string; version: string }[];
    platform: string;
    platformVersion: string;
    architecture: string;
    model: string;
    mobile: boolean;
  };
}

export type PhoneProfile = 'iPhone Safari' | 'Android Chrome';

const phoneProfiles: Record<PhoneProfile, Phone> = {
  'iPhone Safari': {
    viewport: { width: 375, height: 812 },
    // Lighthouse's 1.75, as for Android, not an iPhone's 3: without a GPU, Chromium rasterizes in
    // software, and 3× the pixels measured this machine's rasterizer (+400 ms on /), not the page.
    deviceScaleFactor: 1.75,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
    // Without metadata, Chromium sends no user-agent client hints (Safari sends none).
  },
  'Android Chrome': {
    // Lighthouse's mobile screen (a Moto G Power).
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    userAgent:
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
    userAgentMetadata: {
      brands: [
        { brand: 'Chromium', version: '136' },
        { brand: 'Google Chrome', version: '136' },
        { brand: 'Not.A/Brand', version: '99' },
      ],
      platform: 'Android',
      platformVersion: '11.0.0',
      architecture: '',
      model: 'moto g power (2022)',
      mobile: true,
    },
  },
};

/**
 * Installed before the page's own scripts: the first job card's position in the first frame that
 * holds it. Source text, not a function: tsx would compile a function with helpers the page lacks.
 */
const watchFirstCard = `(() => {
  const state = { cardY: Number.NaN };
  window.__firstCard = state;
  const frame = () => {
    const card = document.querySelector('article');
    if (card) state.cardY = Math.round(card.getBoundingClientRect().top + window.scrollY);
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

/** The figures once hydrated (no function declared inside: tsx would name it with a helper the page lacks). */
const readFigures = () => {
  const card = document.querySelector('article');
  const hydrated = performance.getEntriesByName('board:hydrated', 'mark')[0];
  return {
    firstPaintMs: performance.getEntriesByName('first-paint', 'paint')[0]?.startTime ?? Number.NaN,
    fcpMs: performance.getEntriesByName('first-contentful-paint', 'paint')[0]?.startTime ?? Number.NaN,
    hydratedMs: hydrated ? hydrated.startTime : Number.NaN,
    cardYBefore: (window as unknown as { __firstCard: { cardY: number } }).__firstCard.cardY,
    cardYAfter: card ? Math.round(card.getBoundingClientRect().top + window.scrollY) : Number.NaN,
  };
};

interface FirstPaintSample {
  firstPaintMs: number;
  fcpMs: number;
  hydratedMs: number;
  cardYBefore: number;
  cardYAfter: number;
  /** What the server was told: the document request's `Sec-CH-UA-Mobile` ('none' when not sent). */
  secChUaMobile: string;
}

async function sample(browser: Browser, url: string, profile: PhoneProfile): Promise<FirstPaintSample> {
  const device = phoneProfiles[profile];
  const context = await browser.newContext({
    viewport: device.viewport,
    deviceScaleFactor: device.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await throttle(context, page);
    await cdp.send('Emulation.setUserAgentOverride', {
      userAgent: device.userAgent,
      ...(device.userAgentMetadata ? { userAgentMetadata: device.userAgentMetadata } : {}),
    });
    await page.addInitScript(watchFirstCard);
    const answer = await page.goto(url);
    const sent = (await answer?.request().allHeaders()) ?? {};
    await page.waitForFunction(() => performance.getEntriesByName('board:hydrated', 'mark').length > 0, undefined, {
      timeout: 60_000,
    });
    // Two frames after hydration: what the visitor sees once the scripts have run.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
    );
    const figures = await page.evaluate(readFigures);
    return { ...figures, secChUaMobile: sent['sec-ch-ua-mobile'] ?? 'none' };
  } finally {
    await context.close();
  }
}

export interface FirstPaintFigures {
  loadAverage: number[];
  viewport: { width: number; height: number };
  secChUaMobile: string;
  firstPaintMs: number;
  fcpMs: number;
  hydratedMs: number;
  cardYBefore: number;
  cardYAfter: number;
}

/** The median of `runs` loads of each page in each phone profile. */
export async function firstPaintBench(
  browser: Browser,
  pages: Record<string, string>,
  runs: number,
): Promise<Record<string, Record<PhoneProfile, FirstPaintFigures>>> {
  const results: Record<string, Record<string, FirstPaintFigures>> = {};
  for (const [name, url] of Object.entries(pages)) {
    results[name] = {};
    for (const profile of Object.keys(phoneProfiles) as PhoneProfile[]) {
      const samples: FirstPaintSample[] = [];
      for (let i = 0; i < runs; i++) samples.push(await sample(browser, url, profile));
      const of = (key: Exclude<keyof FirstPaintSample, 'secChUaMobile'>) =>
        Math.round(median(samples.map((s) => s[key])));
      results[name][profile] = {
        loadAverage: roundedLoad(),
        viewport: phoneProfiles[profile].viewport,
        secChUaMobile: [...new Set(samples.map((s) => s.secChUaMobile))].join(' / '),
        firstPaintMs: of('firstPaintMs'),
        fcpMs: of('fcpMs'),
        hydratedMs: of('hydratedMs'),
        cardYBefore: of('cardYBefore'),
        cardYAfter: of('cardYAfter'),
      };
    }
  }
  return results as Record<string, Record<PhoneProfile, FirstPaintFigures>>;
}

/** The section's table, one row per page and phone. */
export function firstPaintTable(results: Record<string, Record<PhoneProfile, FirstPaintFigures>>) {
  return Object.fromEntries(
    Object.entries(results).flatMap(([page, profiles]) =>
      Object.entries(profiles).map(([profile, f]) => [
        `${page} ${profile}`,
        {
          'Sec-CH-UA-Mobile': f.secChUaMobile,
          'first paint ms': f.firstPaintMs,
          'hydrated ms': f.hydratedMs,
          'card y first paint': f.cardYBefore,
          'card y hydrated': f.cardYAfter,
        },
      ]),
    ),
  );
}
