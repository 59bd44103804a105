import { scriptJson } from '@board/shared/lib/script-json';
import { countryCodeOf } from '@board/shared/places/countries';

/**
 * A board's address as the page is rendered with it: the filter form sends the country's name the
 * picker shows (`?from=Germany`, before scripts run), and the board's URL names a country by its
 * code (board-search.ts), which is what the browser's code reads. So the server reads the name as
 * its code before anything else reads the address; null when the address is already the board's.
 */
export function boardAddress(url: URL): URL | null {
  const from = url.searchParams.get('from');
  if (from === null) return null;
  const code = countryCodeOf(from);
  if (code === null || code === from) return null;
  const read = new URL(url);
  read.searchParams.set('from', code);
  return read;
}

/**
 * The script that puts the address the page was rendered with in the browser's address bar before
 * its scripts read it (the hydrating page reads what the server read). Without scripts the address
 * stays as the form sent it.
 */
export const addressScript = (url: URL) =>
  `<script>history.replaceState(history.state,'',${scriptJson(`${url.pathname}${url.search}`)}+location.hash)</script>`;
