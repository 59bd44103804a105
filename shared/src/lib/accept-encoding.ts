export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding to send a body in, by the request's Accept-Encoding (RFC 9110 section 12.5.3):
 * brotli if the client takes it, else gzip, else none. An encoding with `q=0` is refused, `*`
 * stands for every encoding not named, and with no header at all the body goes unencoded.
 */
export function negotiateEncoding(
  acceptEncoding: string | undefined,
  offered: readonly Encoding[] = ['br', 'gzip'],
): Encoding {
  if (!acceptEncoding) return 'identity';
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = parameters.map((parameter) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
    const weight = q === undefined ? 1 : Number(q);
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  let best: Encoding = 'identity';
  let bestWeight = 0;
  for (const encoding of offered) {
    const weight = weightOf(encoding);
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}
