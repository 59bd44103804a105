import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RenderTimeProvider, useHydrated, useRenderTime } from './render-time';

function Clock() {
  const now = useRenderTime();
  const hydrated = useHydrated();
  return <p>{`${new Date(now).toISOString()} ${hydrated ? 'client' : 'server'}`}</p>;
}

const renderedAt = Date.parse('2026-01-07T20:00:00Z');
const browserNow = Date.parse('2026-01-09T08:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(browserNow);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useRenderTime and useHydrated', () => {
  it("answer the page's render time on the server", () => {
    const html = renderToString(
      <RenderTimeProvider time={renderedAt}>
        <Clock />
      </RenderTimeProvider>,
    );
    expect(html).toContain('2026-01-07T20:00:00.000Z server');
  });

  it('answer the time of the first render in a client render, provider or not', () => {
    render(
      <RenderTimeProvider time={renderedAt}>
        <Clock />
      </RenderTimeProvider>,
    );
    expect(screen.getByText('2026-01-09T08:00:00.000Z client')).toBeInTheDocument();
    vi.setSystemTime(browserNow + 60_000);
    render(<Clock />);
    expect(screen.getByText('2026-01-09T08:01:00.000Z client')).toBeInTheDocument();
  });

  it("hydrate with the page's render time, then render again with the browser's", () => {
    const tree = (
      <RenderTimeProvider time={renderedAt}>
        <Clock />
      </RenderTimeProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree);
    document.body.append(container);
    const problems: unknown[] = [];
    render(tree, { container, hydrate: true, onRecoverableError: (error) => problems.push(error) });
    expect(problems).toEqual([]);
    expect(screen.getByText('2026-01-09T08:00:00.000Z client')).toBeInTheDocument();
  });
});
