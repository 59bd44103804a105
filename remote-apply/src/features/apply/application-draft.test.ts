import { beforeEach, describe, expect, it } from 'vitest';
import { clearDraft, draftKey, loadDraft, saveDraft } from './application-draft';

beforeEach(() => localStorage.clear());

describe('application draft', () => {
  it('saves text values and resume metadata per job, never the file or the token', () => {
    saveDraft('7', { name: 'Ada', email: 'ada@example.com', acceptTerms: true, recaptchaToken: 'secret' } as never, {
      name: 'cv.pdf',
      size: 1234,
      type: 'application/pdf',
    });
    const raw = localStorage.getItem(draftKey('7')) ?? '';
    expect(raw).not.toContain('secret');
    expect(loadDraft('7')).toMatchObject({
      values: { name: 'Ada', email: 'ada@example.com', linkedin: '', acceptTerms: true },
      resume: { name: 'cv.pdf', size: 1234, type: 'application/pdf' },
    });
    expect(loadDraft('8')).toBeNull();
  });

  it('removes the draft when every field is empty', () => {
    saveDraft('7', { name: 'Ada' }, null);
    saveDraft('7', { name: '  ' }, null);
    expect(localStorage.getItem(draftKey('7'))).toBeNull();
  });

  it.each([
    ['not JSON', '{oops'],
    ['another job', JSON.stringify({ version: 1, jobId: '8', values: {}, resume: null })],
    ['a wrong shape', JSON.stringify({ version: 1, jobId: '7', values: { name: 42 } })],
    ['another version', JSON.stringify({ version: 2, jobId: '7', values: {} })],
  ])('ignores a draft that is %s', (_case, raw) => {
    localStorage.setItem(draftKey('7'), raw);
    expect(loadDraft('7')).toBeNull();
  });

  it('clears', () => {
    saveDraft('7', { name: 'Ada' }, null);
    clearDraft('7');
    expect(loadDraft('7')).toBeNull();
  });
});
