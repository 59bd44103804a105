import { afterEach, describe, expect, it } from 'vitest';
import { inlineStylesheetsPlugin } from './inline-stylesheets';

function inlineStyle(href: string) {
  const style = document.createElement('style');
  style.dataset.href = href;
  document.head.append(style);
}

/** The preload filter the plugin leaves on one preload operation. */
function filterAfterPlugin(filter?: (url: string) => boolean) {
  const op: { filter?: (url: string) => boolean } = { filter };
  inlineStylesheetsPlugin.beforePreloadRemote({ preloadOps: [op] });
  return (url: string) => op.filter?.(url) ?? true;
}

afterEach(() => {
  for (const style of document.head.querySelectorAll('style[data-href]')) style.remove();
});

describe('inlineStylesheetsPlugin', () => {
  it('leaves out a stylesheet the page has inline, by its full address', () => {
    inlineStyle('http://remote.test/956.abc.css');
    inlineStyle('/96.def.css');
    const keep = filterAfterPlugin();
    expect(keep('http://remote.test/956.abc.css')).toBe(false);
    expect(keep(new URL('/96.def.css', document.baseURI).href)).toBe(false);
  });

  it('keeps scripts and stylesheets the page does not have', () => {
    inlineStyle('http://remote.test/956.abc.css');
    const keep = filterAfterPlugin();
    expect(keep('http://remote.test/341.abc.css')).toBe(true);
    expect(keep('http://remote.test/956.abc.js')).toBe(true);
  });

  it('keeps a filter the operation already had', () => {
    const keep = filterAfterPlugin((url) => !url.endsWith('.js'));
    expect(keep('http://remote.test/956.abc.js')).toBe(false);
    expect(keep('http://remote.test/341.abc.css')).toBe(true);
  });
});
