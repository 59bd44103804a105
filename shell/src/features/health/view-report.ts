/**
 * What each page view tells the shell's server about itself, in one beacon (decision 035): the
 * releases it used, its LCP, INP and CLS, and which kinds of error it had. A view is the page
 * load, or a client-side route once the browser reports soft navigations (the metrics say which
 * navigation they belong to). The beacon goes (a `keepalive` POST, so it outlives the page) when
 * the view ends: at the next view's first metric, or when the page is hidden; once per view. The
 * vitals' own code loads after the page has (vitals.ts); errors are noted from the start.
 *
 * The server counts a beacon only with a token it issued for the view (decision 047). Pages are
 * cached, so they carry none: the tab asks for its first at start, and each beacon's answer
 * carries the next view's. A view that ends with no token (its answer never came) sends nothing.
 */
const beaconPath = '/__beacon';
const beaconTokenPath = '/__beacon/token';

export type ViewErrorKind = 'uncaught' | 'rejection' | 'remote' | 'boundary';

interface ViewBeacon {
  /** Each remote this view loaded, with its release. */
  releases: Record<string, string>;
  lcp?: number;
  inp?: number;
  cls?: number;
  errors: ViewErrorKind[];
  token: string;
}

/** How beacons and tokens reach the server; each resolves the token the answer carried, or null. */
export interface BeaconTransport {
  send(body: string): Promise<string | null>;
  token(): Promise<string | null>;
}

interface View {
  /** The navigation its metrics belong to (web-vitals' navigationId), once one was reported. */
  navigation: number | null;
  vitals: Partial<Record<'lcp' | 'inp' | 'cls', number>>;
  errors: Set<ViewErrorKind>;
  sent: boolean;
}

export interface ViewReports {
  error(kind: ViewErrorKind): void;
  /** A metric of web-vitals, for the navigation it names. */
  metric(name: string, value: number, navigation: number): void;
  /** Ends the current view (the page is hidden): its beacon goes now. */
  flush(): void;
  /** Asks for a token if the next view has none (the tab is shown again after a refused beacon). */
  resume(): void;
}

/** `releases()` is read when a beacon goes, so it names every remote the view used. */
export function viewReports(releases: () => Record<string, string>, transport: BeaconTransport): ViewReports {
  let view: View = { navigation: null, vitals: {}, errors: new Set(), sent: false };
  let token: string | null = null;
  let asking = false;
  const resume = () => {
    if (token !== null || asking) return;
    asking = true;
    void transport.token().then((issued) => {
      asking = false;
      token ??= issued;
    });
  };
  const flush = () => {
    if (view.sent) return;
    view.sent = true;
    const used = releases();
    if (Object.keys(used).length === 0 || token === null) return;
    const body = { releases: used, ...view.vitals, errors: [...view.errors], token } satisfies ViewBeacon;
    token = null;
    void transport.send(JSON.stringify(body)).then((next) => {
      if (next === null) resume();
      else token ??= next;
    });
  };
  resume();
  return {
    error(kind) {
      view.errors.add(kind);
    },
    metric(name, value, navigation) {
      const key = name.toLowerCase();
      if (key !== 'lcp' && key !== 'inp' && key !== 'cls') return;
      if (view.navigation === null) view.navigation = navigation;
      else if (navigation > view.navigation) {
        // A client-side route the browser counts as a navigation of its own: a view of its own.
        flush();
        view = { navigation, vitals: {}, errors: new Set(), sent: false };
      }
      if (navigation === view.navigation && !view.sent) view.vitals[key] = value;
    },
    flush,
    resume,
  };
}

let reports: ViewReports | null = null;

/** Notes an error of the current view (nothing before the reports start, or without them). */
export function reportViewError(kind: ViewErrorKind) {
  reports?.error(kind);
}

/** A POST to the site (as text: no preflight), resolved with the token its answer carries, or null. */
const post = (path: string, body?: string): Promise<string | null> =>
  fetch(path, { method: 'POST', credentials: 'same-origin', keepalive: true, ...(body ? { body } : {}) })
    .then(async (response) => {
      if (response.status !== 200) return null;
      const { token } = (await response.json()) as { token?: unknown };
      return typeof token === 'string' ? token : null;
    })
    .catch(() => null);

/**
 * Starts the reports of this tab: its first token and errors at once, a beacon when the page is
 * hidden, the vitals once the page has loaded and the browser is idle. A board whose remotes have
 * no releases (`attributable` false) has no view the server could count: it asks for no token, so
 * it sends no beacon, and its visitors still load what a board with releases loads.
 */
export function startViewReports(releases: () => Record<string, string>, attributable: boolean) {
  if (reports || typeof fetch !== 'function') return;
  const token = attributable ? () => post(beaconTokenPath) : () => Promise.resolve(null);
  const current = viewReports(releases, { send: (body) => post(beaconPath, body), token });
  reports = current;
  addEventListener('error', () => current.error('uncaught'));
  addEventListener('unhandledrejection', () => current.error('rejection'));
  addEventListener('pagehide', current.flush);
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') current.flush();
    else current.resume();
  });
  const vitals = () =>
    void import(/* webpackChunkName: "lazy-vitals" */ './vitals').then(
      ({ observeVitals }) => observeVitals(current.metric),
      () => undefined,
    );
  const whenIdle = () =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(vitals, { timeout: 3000 }) : setTimeout(vitals, 0);
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}
