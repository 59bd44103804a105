import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { remote } from 'webdriverio';
import { freePort } from '../support/production-site';
import { type Engine, phone } from './engine';

const webkitDriverPath = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
const miniBrowserPath = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const xvfbPath = process.env.XVFB_PATH ?? '/usr/bin/Xvfb';

/** The helper processes every suite run starts (Xvfb, WebKitWebDriver), stopped even when the run is cut short. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function stop(child: ChildProcess): Promise<void> {
  running.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 3_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Xvfb on a display it picks itself (`-displayfd`), so two runs never share one. */
async function startXvfb(): Promise<{ display: string; child: ChildProcess }> {
  const child = spawn(xvfbPath, ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  try {
    const display = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Xvfb did not start within 2 minutes:\n${log}`)), 120_000);
      (child.stdio[3] as NodeJS.ReadableStream).on('data', (chunk: Buffer) => {
        clearTimeout(timer);
        resolve(`:${chunk.toString().trim()}`);
      });
      child.once('exit', (code) => reject(new Error(`Xvfb exited (${code}):\n${log}`)));
    });
    return { display, child };
  } catch (error) {
    await stop(child);
    throw error;
  }
}

/** WebKitWebDriver on a free port of 127.0.0.1, ready when it accepts a status request. */
async function startDriver(display: string): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(webkitDriverPath, [`--port=${port}`, '--host=127.0.0.1'], {
    env: { ...process.env, DISPLAY: display },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const ready = await fetch(`http://127.0.0.1:${port}/status`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready) return { port, child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop(child);
  throw new Error(`WebKitWebDriver did not answer on port ${port} within 10 s:\n${log}`);
}

/**
 * WebKitGTK's MiniBrowser (Safari's engine, its own user agent, no client hints) through
 * WebKitWebDriver (WebDriver classic: WebKitGTK has no BiDi) under an Xvfb of its own. With
 * `scripts: false`, MiniBrowser's `--enable-javascript-markup=false` turns off the page's own
 * scripts while WebDriver's script evaluation still runs. GTK keeps a minimum window width (about
 * 450 px): the window is asked for 375 px and the suite uses the width it gets.
 */
export async function launchWebKit(scripts: boolean): Promise<Engine> {
  for (const [file, what] of [
    [webkitDriverPath, 'WebKitWebDriver (webkit2gtk-driver)'],
    [miniBrowserPath, "WebKitGTK's MiniBrowser (webkit2gtk-driver)"],
    [xvfbPath, 'Xvfb (xvfb)'],
  ] as const) {
    if (!existsSync(file))
      throw new Error(`${what} is not installed at ${file}: run \`bash scripts/setup.sh --browser\`.`);
  }
  const xvfb = await startXvfb();
  const helpers = [xvfb.child];
  try {
    const driver = await startDriver(xvfb.display);
    helpers.unshift(driver.child);
    const args = ['--automation', ...(scripts ? [] : ['--enable-javascript-markup=false'])];
    const browser = await remote({
      hostname: '127.0.0.1',
      port: driver.port,
      path: '/',
      logLevel: 'error',
      connectionRetryTimeout: 120_000,
      connectionRetryCount: 0,
      capabilities: {
        'wdio:enforceWebDriverClassic': true,
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: miniBrowserPath, args },
      } as WebdriverIO.Capabilities,
    });
    const closeAll = async () => {
      await browser.deleteSession().catch(() => undefined);
      for (const child of helpers) await stop(child);
    };
    try {
      await browser.setTimeout({ pageLoad: 120_000, script: 120_000 });
      const evaluate = <T>(expression: string) => browser.execute(`return (${expression});`) as Promise<T>;
      // The window's chrome takes some height: size the window so the page gets the phone's height.
      await browser.setWindowSize(phone.width, phone.height);
      const inner = await evaluate<{ width: number; height: number }>('({ width: innerWidth, height: innerHeight })');
      await browser.setWindowSize(phone.width, phone.height + (phone.height - inner.height));
      const viewport = await evaluate<{ width: number; height: number }>(
        '({ width: innerWidth, height: innerHeight })',
      );
      const version = String((browser.capabilities as Record<string, unknown>).browserVersion ?? '');
      return {
        label: `WebKitGTK ${version}`.trim(),
        scripts,
        viewport,
        async open(url) {
          await browser.url(url);
        },
        evaluate,
        async click(selector) {
          const element = await browser.$(selector);
          await element.scrollIntoView({ block: 'center' });
          await element.click();
        },
        async type(selector, text, options = {}) {
          const element = await browser.$(selector);
          await element.click();
          await element.addValue(options.enter ? `${text}\uE007` : text);
        },
        async errors() {
          if (!scripts) return [];
          if (!(await evaluate<boolean>('window.__browserTestCapture === true'))) {
            throw new Error(
              "the front door's error capture did not run in this page: the suite cannot see WebKit's console",
            );
          }
          return evaluate<string[]>(
            "(() => { const list = JSON.parse(sessionStorage.getItem('__browserTestErrors') || '[]'); sessionStorage.removeItem('__browserTestErrors'); return list; })()",
          );
        },
        close: closeAll,
      };
    } catch (error) {
      await closeAll();
      throw error;
    }
  } catch (error) {
    for (const child of helpers) await stop(child);
    throw error;
  }
}
