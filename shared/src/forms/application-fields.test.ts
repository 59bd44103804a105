import { describe, expect, it } from 'vitest';
import {
  applicationFieldNames,
  applicationFieldOrder,
  applicationFieldsByMultipart,
  applicationLimits,
  omittedWhenEmpty,
  optionalApplicationFields,
} from './application-fields';

describe('the application field table', () => {
  it('lists the fields in the order of SPEC section 2', () => {
    expect(applicationFieldOrder).toEqual([
      'name',
      'email',
      'linkedin',
      'resume',
      'salaryExpectations',
      'phone',
      'github',
      'portfolio',
      'additionalInfo',
      'motivation',
      'acceptTerms',
      'recaptchaToken',
    ]);
  });

  it('names the call 6 fields of SPEC section 7, its optional ones sent only when filled', () => {
    expect(Object.values(applicationFieldNames).sort()).toEqual(
      [
        'candidate_name',
        'candidate_linkedin_url',
        'candidate_email',
        'candidate_motivation',
        'candidate_salary_expectations',
        'candidate_phone',
        'candidate_github_url',
        'candidate_portfolio_url',
        'candidate_additional_info',
      ].sort(),
    );
    expect(omittedWhenEmpty.map((field) => applicationFieldNames[field])).toEqual([
      'candidate_phone',
      'candidate_github_url',
      'candidate_portfolio_url',
      'candidate_additional_info',
    ]);
    expect(applicationFieldsByMultipart).toMatchObject({
      candidate_resume: 'resume',
      recaptcha_token: 'recaptchaToken',
    });
  });

  it('marks optional exactly the fields SPEC section 5 calls optional, motivation included', () => {
    expect(optionalApplicationFields).toEqual(['phone', 'github', 'portfolio', 'additionalInfo', 'motivation']);
  });

  it('has the text limits of SPEC section 9', () => {
    expect(applicationLimits).toEqual({
      name: 200,
      email: 200,
      linkedin: 500,
      salaryExpectations: 200,
      phone: 20,
      github: 500,
      portfolio: 500,
      additionalInfo: 1000,
      motivation: 1000,
    });
  });
});
