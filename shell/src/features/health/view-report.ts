/**
 * What each page view tells the shell's server about itself, in one beacon (decision 035): the
 * releases it used, its LCP, INP and CLS, and which kinds of error it had. A view is the page
 * load, or a client-side route once the browser reports soft navigations (the metrics say which
 * navigation they belong to). The beacon goes with `navigator.sendBeacon` when the view ends: at
 * the next view's first metric, or when the page is hidden; once per view. The vitals' own code
 * loads after the page has (vitals.ts); errors are noted from the start.
 */
const beaconPath = '/__beacon';

export type ViewErrorKind = 'uncaught' | 'rejection' | 'remote' | 'boundary';

interface ViewBeacon {
  /** Each remote this view loaded, with its release. */
  releases: Record<string, string>;
  lcp?: number;
  inp?: number;
  cls?: number;
  errors: ViewErrorKind[];
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
}

/** `releases()` is read when a beacon goes, so it names every remote the view used. */
export function viewReports(releases: () => Record<string, string>, send: (body: string) => void): ViewReports {
  let view: View = { navigation: null, vitals: {}, errors: new Set(), sent: false };
  const flush = () => {
    if (view.sent) return;
    view.sent = true;
    const used = releases();
    if (Object.keys(used).length === 0) return;
    send(JSON.stringify({ releases: used, ...view.vitals, errors: [...view.errors] } satisfies ViewBeacon));
  };
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
  };
}

let reports: ViewReports | null = null;

/** Notes an error of the current view (nothing before the reports start, or without them). */
export function reportViewError(kind: ViewErrorKind) {
  reports?.error(kind);
}

/**
 * Starts the reports of this tab: errors at once, a beacon when the page is hidden, the vitals
 * once the page has loaded and the browser is idle. Without sendBeacon nothing is sent.
 */
export function startViewReports(releases: () => Record<string, string>) {
  if (reports || typeof navigator.sendBeacon !== 'function') return;
  // As text: a body of a type CORS does not list would be refused by some browsers' sendBeacon.
  const current = viewReports(releases, (body) => navigator.sendBeacon(beaconPath, body));
  reports = current;
  addEventListener('error', () => current.error('uncaught'));
  addEventListener('unhandledrejection', () => current.error('rejection'));
  addEventListener('pagehide', current.flush);
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') current.flush();
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
