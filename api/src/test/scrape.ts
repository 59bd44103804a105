/** One scrape of a `/metrics` endpoint (Prometheus text), for the tests that read what they caused. */
export interface Scrape {
  text: string;
  /** The sum of the samples of `name` whose labels include `labels` (0 when none has them). */
  value(name: string, labels?: Record<string, string>): number;
  /** Whether any sample of `name` has them. */
  has(name: string, labels?: Record<string, string>): boolean;
}

const sampleLine = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const labelPair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parseScrape(text: string): Scrape {
  const samples = text.split('\n').flatMap((line) => {
    const match = sampleLine.exec(line);
    if (!match) return [];
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(labelPair)].map((pair) => [pair[1], pair[2]]));
    return [{ name: match[1], labels, value: Number(match[3]) }];
  });
  const matching = (name: string, labels: Record<string, string>) =>
    samples.filter(
      (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    );
  return {
    text,
    value: (name, labels = {}) => matching(name, labels).reduce((sum, sample) => sum + sample.value, 0),
    has: (name, labels = {}) => matching(name, labels).length > 0,
  };
}

export async function scrape(metricsUrl: string | undefined): Promise<Scrape> {
  if (!metricsUrl) throw new Error('no metrics listener (METRICS_PORT unset)');
  const response = await fetch(`${metricsUrl}/metrics`);
  if (!response.ok) throw new Error(`GET /metrics answered ${response.status}`);
  return parseScrape(await response.text());
}
