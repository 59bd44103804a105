import { describe, expect, it } from 'vitest';
import { addressScript, boardAddress } from './board-address';

describe('boardAddress', () => {
  it('reads the country name the filter form sends as its code, keeping the rest of the address', () => {
    const read = boardAddress(new URL('https://jobs.example/?from=Germany&visa=1&q=Engineer'));
    expect(read?.pathname).toBe('/');
    expect(Object.fromEntries(read?.searchParams ?? [])).toEqual({ from: 'DE', visa: '1', q: 'Engineer' });
    expect(boardAddress(new URL('https://jobs.example/acme?from=united%20kingdom'))?.search).toBe('?from=GB');
  });

  it('leaves an address that already names a code, names none, or has no country alone', () => {
    for (const address of ['/?from=DE', '/?from=Atlantis', '/?q=Engineer', '/'])
      expect(boardAddress(new URL(address, 'https://jobs.example'))).toBeNull();
  });

  it('writes the read address into the address bar, keeping its fragment', () => {
    expect(addressScript(new URL('https://jobs.example/?from=DE&visa=1'))).toBe(
      `<script>history.replaceState(history.state,'',"/?from=DE&visa=1"+location.hash)</script>`,
    );
  });
});
