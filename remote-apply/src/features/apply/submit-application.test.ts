import { describe, expect, it } from 'vitest';
import { buildApplicationFormData, fieldErrorsFrom, submitErrorMessage } from './submit-application';

const resume = new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' });
const values = {
  name: 'Ada',
  email: 'ada@example.com',
  linkedin: 'https://linkedin.com/in/ada',
  resume,
  salaryExpectations: '90k',
  phone: '',
  github: 'https://github.com/ada',
  portfolio: '',
  additionalInfo: '',
  motivation: '',
  recaptchaToken: 'token',
  acceptTerms: true as const,
};

describe('buildApplicationFormData', () => {
  it('sends exactly the call-6 fields, optional ones only when filled', () => {
    const data = buildApplicationFormData(values, { jobId: '7', applicationSource: null, talentPartnerId: null });
    expect([...data.keys()].sort()).toEqual(
      [
        'application_source',
        'candidate_email',
        'candidate_github_url',
        'candidate_linkedin_url',
        'candidate_motivation',
        'candidate_name',
        'candidate_resume',
        'candidate_salary_expectations',
        'job_posting_id',
        'recaptcha_token',
      ].sort(),
    );
    expect(data.get('job_posting_id')).toBe('7');
    expect(data.get('application_source')).toBe('foundry_job_board');
    expect((data.get('candidate_resume') as File).name).toBe('cv.pdf');
  });

  it('carries the talent partner and the application source from the link', () => {
    const data = buildApplicationFormData(values, {
      jobId: '7',
      applicationSource: 'partner_portal',
      talentPartnerId: 'tp-1',
    });
    expect(data.get('talent_partner_user_id')).toBe('tp-1');
    expect(data.get('application_source')).toBe('partner_portal');
  });
});

describe('submitErrorMessage', () => {
  it.each([
    [400, { message: 'Bad job id' }, 'Bad job id'],
    [400, { detail: 'Missing field' }, 'Missing field'],
    [400, null, 'Invalid application data. Please check your inputs.'],
    [422, { message: 'x' }, 'The form data are not correct. Please check your inputs.'],
    [404, null, 'Job posting not found. Please try again.'],
    [413, null, 'File size too large. Please upload a smaller resume.'],
    [410, { message: 'This job closed.' }, 'This job closed.'],
    [410, null, 'This job has closed and no longer takes applications. Nothing was sent.'],
    [500, null, 'An error occurred. Please try again later.'],
    [503, null, 'An error occurred. Please try again later.'],
    [null, null, 'Failed to submit application. Please check your connection and try again.'],
    [418, null, 'Failed to submit application. Please check your connection and try again.'],
    [
      429,
      { message: 'Too many applications from this address. Please try again later.' },
      'Too many applications from this address. Please try again later.',
    ],
  ])('%s %j -> %s', (status, body, message) => {
    expect(submitErrorMessage(status, body)).toBe(message);
  });
});

describe('fieldErrorsFrom', () => {
  it('maps a 422 answer to form fields', () => {
    expect(
      fieldErrorsFrom({
        detail: {
          candidate_email: 'Please enter a valid email address',
          candidate_resume: 'Only PDF files are allowed',
          unknown: 'x',
        },
      }),
    ).toEqual({ email: 'Please enter a valid email address', resume: 'Only PDF files are allowed' });
    expect(fieldErrorsFrom({ message: 'no detail' })).toEqual({});
  });
});
