import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { describe, expect, it } from 'vitest';
import type { RemoteManifest } from '../remotes/manifest-cache';
import { assemblePage } from './assemble-page';
import { planPage } from './page-plan';

const config: RuntimeConfig = {
  environment: 'test',
  apiBaseUrl: 'https://api.example.test',
  siteUrl: 'https://board.example.test',
  links: {
    signIn: 'https://app.example.test/sign-in',
    getStarted: 'https://app.example.test/sign-up',
    about: 'https://example.test/about',
    contactEmail: 'hello@example.test',
    x: 'https://x.com/board',
    linkedin: 'https://www.linkedin.com/company/board',
  },
  captcha: { mode: 'local', siteKey: '' },
  remotes: {
    listings: 'https://cdn.example.test/listings/mf-manifest.json',
    apply: 'https://cdn.example.test/apply/mf-manifest.json',
    static: 'https://cdn.example.test/static/mf-manifest.json',
  },
  previewOrigins: [],
};

const template =
  '<!doctype html><html><head><link rel="preload" href="/runtime-config.json" as="fetch" crossorigin><title>Board</title><script defer src="/main.0123456789.js"></script></head><body><div id="root"></div></body></html>';

const listingsManifest: RemoteManifest = {
  url: config.remotes.listings,
  text: '{"name":"board_listings"}',
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    {
      path: './jobs-page',
      assets: { js: { sync: ['148.aaaaaaaaaa.js', 'jobs.bbbbbbbbbb.js'] }, css: { sync: ['410.cccccccccc.css'] } },
    },
    { path: './job-detail-page', assets: { js: { sync: ['detail.dddddddddd.js'] }, css: { sync: [] } } },
  ],
};

const page = (path: string, manifest: RemoteManifest | null = listingsManifest) =>
  assemblePage({
    template,
    config,
    url: new URL(path, config.siteUrl),
    manifest,
    shellAssets: { js: ['/435.eeeeeeeeee.js'], css: ['/456.ffffffffff.css'] },
  });

const boot = (html: string) => {
  const json = /window\.__BOARD_BOOT__=(.*?)<\/script>/.exec(html)?.[1];
  return JSON.parse(json ?? 'null') as { config: RuntimeConfig; manifests: Record<string, string> };
};

describe('planPage', () => {
  it.each([
    ['/', 'listings', './jobs-page', {}],
    ['/demo', 'listings', './jobs-page', { workspaceSlug: 'demo' }],
    ['/companies', 'listings', './companies-page', {}],
    ['/demo/companies', 'listings', './companies-page', { workspaceSlug: 'demo' }],
    ['/companies/7', 'listings', './company-page', { id: '7' }],
    ['/job/12', 'listings', './job-detail-page', { id: '12' }],
    ['/job/12/apply', 'apply', './apply-page', { id: '12' }],
    ['/job/12/apply/success', 'apply', './success-page', { id: '12' }],
    ['/terms-of-service', 'static', './terms-page', {}],
    ['/a/b/c', 'static', './not-found-page', {}],
  ])('%s is served by %s %s', (path, remote, module, params) => {
    const plan = planPage(path);
    expect(plan?.route.remote).toBe(remote);
    expect(plan?.route.module).toBe(module);
    expect(plan?.params).toMatchObject(params);
  });

  it('leaves the shell’s own /__status to the shell (it is no workspace board)', () => {
    expect(planPage('/__status')).toBeNull();
  });
});

describe('assemblePage', () => {
  it('puts the runtime config and the route’s manifest in the page, instead of /runtime-config.json', () => {
    const html = page('/');
    expect(boot(html)).toEqual({ config, manifests: { [config.remotes.listings]: '{"name":"board_listings"}' } });
    expect(html).not.toContain('href="/runtime-config.json"');
  });

  it('preloads the route’s first API calls at exactly the address the API client requests', () => {
    expect(page('/')).toContain(
      '<link rel="preload" href="https://api.example.test/public-job-posting?visibility=job_board_only&amp;limit=24" as="fetch" crossorigin="anonymous">',
    );
    // A filtered board preloads its own first page.
    expect(page('/?q=engineer&sort=salary')).toContain(
      'href="https://api.example.test/public-job-posting?visibility=job_board_only&amp;title=engineer&amp;sort=salary&amp;limit=24" as="fetch"',
    );
    const workspace = page('/demo');
    expect(workspace).toContain('href="https://api.example.test/public-job-posting/workspace/demo" as="fetch"');
    expect(workspace).toContain(
      'href="https://api.example.test/public-job-posting?workspace_slug=demo&amp;visibility=job_board_only&amp;limit=24" as="fetch"',
    );
    expect(page('/job/42')).toContain(
      'href="https://api.example.test/public-job-posting/42?visibility=linkedin_or_job_board&amp;include_closed=true" as="fetch"',
    );
    expect(page('/companies/7')).toContain(
      'href="https://api.example.test/public-job-posting/organization/7?visibility=job_board_only&amp;limit=24" as="fetch"',
    );
  });

  it('preconnects to the API and the remote, and preloads the shell’s chunks, the remote entry and the page’s chunks', () => {
    const html = page('/');
    expect(html).toContain('<link rel="preconnect" href="https://api.example.test" crossorigin>');
    expect(html).toContain('<link rel="preconnect" href="https://cdn.example.test">');
    for (const href of [
      '/435.eeeeeeeeee.js',
      'https://cdn.example.test/listings/remoteEntry.js',
      'https://cdn.example.test/listings/148.aaaaaaaaaa.js',
      'https://cdn.example.test/listings/jobs.bbbbbbbbbb.js',
    ])
      expect(html).toContain(`<link rel="preload" href="${href}" as="script">`);
    expect(html).toContain(
      '<link rel="preload" href="https://cdn.example.test/listings/410.cccccccccc.css" as="style">',
    );
    expect(html).toContain('<link rel="preload" href="/456.ffffffffff.css" as="style">');
    // Another page of the same remote preloads its own chunks, not the board's.
    expect(page('/job/1')).toContain('href="https://cdn.example.test/listings/detail.dddddddddd.js"');
    expect(page('/job/1')).not.toContain('jobs.bbbbbbbbbb.js');
  });

  it('without the remote’s manifest (the remote is down) still sends the config and the API preload', () => {
    const html = page('/', null);
    expect(boot(html).manifests).toEqual({});
    expect(html).not.toContain('remoteEntry.js');
    expect(html).toContain('public-job-posting?visibility=job_board_only');
  });

  it('leaves a previewed remote to the browser', () => {
    const html = page('/?preview_remote=listings&preview_manifest=https://preview.example.test/mf-manifest.json');
    expect(boot(html).manifests).toEqual({});
    expect(html).not.toContain('remoteEntry.js');
  });

  it('cannot be broken out of by a value in the config', () => {
    const hostile = {
      ...config,
      links: { ...config.links, about: 'https://example.test/</script><script>alert(1)</script>' },
    };
    const html = assemblePage({
      template,
      config: hostile,
      url: new URL('/', config.siteUrl),
      manifest: null,
      shellAssets: { js: [], css: [] },
    });
    expect(html).not.toContain('<script>alert(1)');
    expect(boot(html).config.links.about).toBe(hostile.links.about);
  });
});
