/**
 * A federation runtime plugin: a remote's stylesheet the server already wrote into the page
 * (`<style data-href>`, shell/server/pages/assemble-page.ts) is not linked a second time. When the
 * runtime loads an exposed module it preloads the module's assets from the manifest, its CSS as a
 * `<link rel="stylesheet">`, and it looks for links only, not for inline styles: the same rules
 * arriving again made the browser restyle and lay out the whole page in the middle of hydration.
 * The runtime's own preload filter leaves those addresses out.
 */
export const inlineStylesheetsPlugin = {
  name: 'board-inline-stylesheets',
  beforePreloadRemote({ preloadOps }: { preloadOps: { filter?: (assetUrl: string) => boolean }[] }) {
    for (const op of preloadOps) {
      const filter = op.filter;
      op.filter = (url) => !hasInlineStylesheet(url) && (filter ? filter(url) : true);
    }
  },
};

function hasInlineStylesheet(url: string): boolean {
  const href = new URL(url, document.baseURI).href;
  for (const style of document.querySelectorAll<HTMLStyleElement>('style[data-href]')) {
    const inline = style.dataset.href;
    if (inline && new URL(inline, document.baseURI).href === href) return true;
  }
  return false;
}
