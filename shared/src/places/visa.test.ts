import { describe, expect, it } from 'vitest';
import { readVisaSponsorship, visaRules } from './visa';

describe('readVisaSponsorship', () => {
  it.each([
    // Yes: the employer offers it.
    ['Visa sponsorship available.', 'yes'],
    ['Visa sponsorship is available for this position.', 'yes'],
    ['We sponsor visas and help with relocation.', 'yes'],
    ['We can sponsor visas for the right candidate.', 'yes'],
    ['Sponsorship is available for exceptional candidates.', 'yes'],
    ['We offer visa sponsorship and relocation support.', 'yes'],
    ['H-1B sponsorship available.', 'yes'],
    ['We are open to sponsoring the right candidate.', 'yes'],
    ['Relocation and visa support provided.', 'yes'],
    ['We provide work permit sponsorship for non-EU candidates.', 'yes'],
    ['Visa sponsorship: Yes', 'yes'],
    ['We will help you obtain a work visa.', 'yes'],
    ['Immigration sponsorship may be available.', 'yes'],
    ['What we offer\n• Visa sponsorship\n• Equity', 'yes'],
    // No: the employer refuses it, or the candidate must not need it.
    ['Unfortunately, we are unable to sponsor visas at this time.', 'no'],
    ['We are unable to offer visa sponsorship for this role.', 'no'],
    ['We do not sponsor visas.', 'no'],
    ["We can't offer visa sponsorship.", 'no'],
    ['We cannot sponsor work visas for this position.', 'no'],
    ['This role is not eligible for visa sponsorship.', 'no'],
    ['Visa sponsorship is not available.', 'no'],
    ['No visa sponsorship.', 'no'],
    ['There is no sponsorship for this role.', 'no'],
    ['Candidates must be authorized to work in the US without sponsorship.', 'no'],
    [
      'Applicants must be legally authorized to work in the United States without the need for visa sponsorship now or in the future.',
      'no',
    ],
    ['You must have the right to work in the UK; we do not provide sponsorship.', 'no'],
    ['Candidates requiring sponsorship will not be considered.', 'no'],
    ['Visa sponsorship: No', 'no'],
    ['No sponsorship required.', 'no'],
    ['We will not sponsor H-1B visas.', 'no'],
    ['We are not able to support visa sponsorship for this position, but relocation assistance is available.', 'no'],
    // Nothing said: never 'no'.
    ['Must be authorized to work in the United States.', 'not-stated'],
    ['Will you now or in the future require sponsorship?', 'not-stated'],
    ['Great benefits, remote work and a friendly team.', 'not-stated'],
    ['We sponsor a yearly hackathon and conference tickets.', 'not-stated'],
    ['', 'not-stated'],
  ])('%s -> %s', (text, expected) => {
    expect(readVisaSponsorship(text)).toBe(expected);
  });

  it('lets a sentence that says no outweigh one that says yes', () => {
    expect(readVisaSponsorship('We sponsor visas for senior engineers. We cannot sponsor visas for internships.')).toBe(
      'no',
    );
  });

  it('reads yes or no from the ATS field before the description', () => {
    expect(readVisaSponsorship('We are unable to sponsor visas.', true)).toBe('yes');
    expect(readVisaSponsorship('Visa sponsorship available.', 'No')).toBe('no');
    expect(readVisaSponsorship('Visa sponsorship available.', 'Available')).toBe('yes');
    expect(readVisaSponsorship('Visa sponsorship available.', 'unknown')).toBe('yes');
    expect(readVisaSponsorship(null, null)).toBe('not-stated');
  });

  it('reads every rule’s own example the way the rule says', () => {
    for (const rule of visaRules) expect(readVisaSponsorship(rule.example), rule.example).toBe(rule.says);
  });
});
