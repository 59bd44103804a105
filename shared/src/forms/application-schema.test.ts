import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { applicationFormSchema, resumeMaxBytes, resumeProblem } from './application-schema';

const pdf = (size = 1000, type = 'application/pdf', name = 'cv.pdf') => ({ name, size, type });

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  linkedin: 'https://www.linkedin.com/in/ada',
  resume: pdf(),
  salaryExpectations: '$80,000 - $100,000',
  phone: '',
  github: '',
  portfolio: '',
  additionalInfo: '',
  motivation: '',
  recaptchaToken: 'token',
  acceptTerms: true,
};

function messagesFor(overrides: Record<string, unknown>) {
  const result = v.safeParse(applicationFormSchema, { ...valid, ...overrides });
  if (result.success) return {};
  return Object.fromEntries(result.issues.map((issue) => [v.getDotPath(issue), issue.message]));
}

describe('applicationFormSchema', () => {
  it('accepts a complete application', () => {
    expect(messagesFor({})).toEqual({});
  });

  it.each([
    ['name', '', 'Name is required'],
    ['name', '   ', 'Name is required'],
    ['name', 'a'.repeat(201), 'Name must be less than 200 characters'],
    ['email', '', 'Please enter a valid email address'],
    ['email', 'not-an-email', 'Please enter a valid email address'],
    ['email', `${'a'.repeat(195)}@x.com`, 'Email must be less than 200 characters'],
    ['linkedin', '', 'LinkedIn URL must start with https://www.linkedin.com/in/ or https://linkedin.com/in/'],
    [
      'linkedin',
      'https://example.com/in/ada',
      'LinkedIn URL must start with https://www.linkedin.com/in/ or https://linkedin.com/in/',
    ],
    [
      'linkedin',
      'http://www.linkedin.com/in/ada',
      'LinkedIn URL must start with https://www.linkedin.com/in/ or https://linkedin.com/in/',
    ],
    ['linkedin', `https://linkedin.com/in/${'a'.repeat(480)}`, 'LinkedIn URL must be less than 500 characters'],
    ['resume', undefined, 'Resume is required'],
    ['resume', pdf(resumeMaxBytes + 1), 'File size must be less than 10MB'],
    ['resume', pdf(1000, 'image/png', 'cv.png'), 'Only PDF files are allowed'],
    ['salaryExpectations', '', 'Salary expectations are required'],
    ['salaryExpectations', 'x'.repeat(201), 'Salary expectations must be less than 200 characters'],
    ['phone', '1'.repeat(21), 'Phone number must be less than 20 characters'],
    ['github', 'github', 'Please enter a valid GitHub URL'],
    ['github', 'javascript:alert(1)', 'Please enter a valid GitHub URL'],
    ['github', `https://github.com/${'a'.repeat(490)}`, 'GitHub URL must be less than 500 characters'],
    ['portfolio', 'my site', 'Please enter a valid portfolio URL'],
    ['portfolio', `https://ada.dev/${'a'.repeat(490)}`, 'Portfolio URL must be less than 500 characters'],
    ['additionalInfo', 'x'.repeat(1001), 'Additional information must be less than 1000 characters'],
    ['motivation', 'x'.repeat(1001), 'Motivation must be less than 1000 characters'],
    ['recaptchaToken', '', 'Please complete the reCAPTCHA verification'],
    ['acceptTerms', false, 'You must accept the Terms of Service and Privacy Policy'],
  ])('%s = %j -> %s', (field, value, message) => {
    expect(messagesFor({ [field]: value })[field]).toBe(message);
  });

  it.each([
    ['name', 'a'.repeat(200)],
    ['linkedin', 'https://linkedin.com/in/ada'],
    ['linkedin', 'https://www.linkedin.com/in/ada-lovelace-123/'],
    ['resume', pdf(resumeMaxBytes)],
    ['phone', '+44 20 7946 0000'],
    ['github', 'https://github.com/ada'],
    ['portfolio', 'https://ada.dev'],
    ['additionalInfo', 'x'.repeat(1000)],
    ['motivation', 'x'.repeat(1000)],
  ])('accepts %s = %j at its limit', (field, value) => {
    expect(messagesFor({ [field]: value })).toEqual({});
  });

  it('trims text fields', () => {
    const result = v.parse(applicationFormSchema, { ...valid, name: '  Ada  ', github: ' https://github.com/ada ' });
    expect(result.name).toBe('Ada');
    expect(result.github).toBe('https://github.com/ada');
  });
});

describe('characters no one can type', () => {
  it.each([
    'name',
    'email',
    'linkedin',
    'salaryExpectations',
    'phone',
    'github',
    'portfolio',
    'additionalInfo',
    'motivation',
  ])('a NUL or another control character in %s is "Invalid input"', (field) => {
    expect(messagesFor({ [field]: 'Ada\u0000' })[field]).toBe('Invalid input');
    expect(messagesFor({ [field]: '\u001bAda' })[field]).toBe('Invalid input');
  });

  it('tabs and line breaks, which a person types, are fine', () => {
    expect(messagesFor({ motivation: 'one\ntwo\r\nthree\tfour', additionalInfo: 'a\nb' })).toEqual({});
  });
});

describe('resumeProblem', () => {
  it.each([
    [null, 'Resume is required'],
    ['cv.pdf', 'Resume is required'],
    [pdf(resumeMaxBytes), null],
    [pdf(resumeMaxBytes + 1), 'File size must be less than 10MB'],
    [pdf(10, 'application/x-pdf'), 'Only PDF files are allowed'],
    [pdf(resumeMaxBytes + 1, 'image/png'), 'File size must be less than 10MB'],
  ])('%j -> %s', (file, message) => {
    expect(resumeProblem(file)).toBe(message);
  });
});
