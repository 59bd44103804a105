import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './api-client';

/** A fetch that records its calls and answers `body` as JSON (a string: as it is, not JSON). */
function recorder(status = 200, body: unknown = { ok: true }) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl = vi.fn(async (url: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(url), init });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  });
  return { calls, fetchImpl: fetchImpl as unknown as typeof fetch };
}

describe('createApiClient', () => {
  it('GETs under the base address with the query, an Accept header only and a timeout signal', async () => {
    const { calls, fetchImpl } = recorder();
    const client = createApiClient('https://api.example.com/', fetchImpl);
    await expect(client.get('/public-job-posting', { workspace_slug: 'acme', empty: '' })).resolves.toEqual({
      ok: true,
    });
    expect(calls[0]?.url).toBe('https://api.example.com/public-job-posting?workspace_slug=acme');
    expect([...new Headers(calls[0]?.init.headers).keys()]).toEqual(['accept']);
    expect(calls[0]?.init.signal).toBeInstanceOf(AbortSignal);
  });

  it('POSTs JSON with its Content-Type', async () => {
    const { calls, fetchImpl } = recorder();
    await createApiClient('https://api.example.com', fetchImpl).postJson('/public/captcha/verify', { answer: '7' });
    expect(calls[0]?.init.method).toBe('POST');
    expect(new Headers(calls[0]?.init.headers).get('Content-Type')).toBe('application/json');
    expect(calls[0]?.init.body).toBe('{"answer":"7"}');
  });

  it('POSTs a form as it is, leaving the multipart Content-Type to the browser', async () => {
    const { calls, fetchImpl } = recorder(201, { id: 1 });
    const form = new FormData();
    form.append('candidate_name', 'Ada');
    await expect(
      createApiClient('https://api.example.com', fetchImpl).postForm('/public/job-application/', form),
    ).resolves.toEqual({ id: 1 });
    expect(calls[0]?.url).toBe('https://api.example.com/public/job-application/');
    expect(calls[0]?.init.body).toBe(form);
    expect(new Headers(calls[0]?.init.headers).has('Content-Type')).toBe(false);
  });

  it('turns an error answer into an ApiError with the status, the body and its message', async () => {
    const body = { message: 'The form data are not correct.', detail: { candidate_email: 'Bad' } };
    const client = createApiClient('https://api.example.com', recorder(422, body).fetchImpl);
    const error = await client.postForm('/public/job-application/', new FormData()).catch((caught) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'The form data are not correct.', body });
    const bare = await createApiClient('https://api.example.com', recorder(503, 'Service Unavailable').fetchImpl)
      .get('/x')
      .catch((caught) => caught);
    expect(bare).toMatchObject({ status: 503, message: 'HTTP 503', body: null });
  });
});
