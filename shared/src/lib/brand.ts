/**
 * Who runs the board. The footer and the legal text read these, so they can never disagree.
 */
export const brand = {
  product: 'Foundry Jobs',
  tagline: 'Startup jobs with the funding, investors, team and equity up front.',
  company: 'Foundry Talent Ltd',
  companyDescription: 'a private limited company registered in England and Wales',
  companyNumber: '14820371',
  address: ['2nd Floor, 41 Clerkenwell Road', 'London', 'EC1M 5RS', 'United Kingdom'],
  privacyEmail: 'privacy@foundry.jobs',
  /** application_source sent with an application when the link does not name another. */
  applicationSource: 'foundry_job_board',
} as const;
