import { onCLS, onINP, onLCP } from 'web-vitals';

/**
 * LCP, INP and CLS of each view, from web-vitals (soft navigations too, where the browser reports
 * them). Loaded after the page: LCP and CLS are read from the entries the browser buffered, and
 * INP counts the interactions from then on (and the slow ones before).
 */
export function observeVitals(report: (name: string, value: number, navigation: number) => void) {
  const options = { reportAllChanges: true, reportSoftNavs: true };
  const forward = (metric: { name: string; value: number; navigationId: number }) =>
    report(metric.name, metric.value, metric.navigationId);
  onLCP(forward, options);
  onINP(forward, options);
  onCLS(forward, options);
}
