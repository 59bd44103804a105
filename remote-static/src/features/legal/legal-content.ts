import { brand } from '@board/shared/lib/brand';

/**
 * The Terms of Service (Part A) and Privacy Policy (Part B) of the board, as data: the page
 * renders headings, numbered sections and a table of contents from it. Facts fixed by SPEC
 * section 9 are constants below, so the tests can find them and nobody edits one copy only.
 */
export const legalFacts = {
  effectiveDate: '11/09/2025',
  minimumAge: 16,
  retentionMonths: 36,
  dataRequestDays: 30,
  breachNoticeHours: 72,
  liabilityCapGbp: 100,
} as const;

interface LegalSection {
  id: string;
  title: string;
  paragraphs: string[];
  list?: string[];
}

export interface LegalPart {
  id: string;
  label: string;
  title: string;
  sections: LegalSection[];
}

const company = `${brand.company} ("${brand.product}", "we", "us")`;
const address = brand.address.join(', ');

export const legalParts: LegalPart[] = [
  {
    id: 'terms',
    label: 'Part A',
    title: 'Terms of Service',
    sections: [
      {
        id: 'terms-who-we-are',
        title: 'Who we are',
        paragraphs: [
          `This job board is operated by ${company}, ${brand.companyDescription} under company number ${brand.companyNumber}, whose registered office is at ${address}.`,
          'These Terms of Service govern your use of the job board: browsing job postings and companies, reading job details, using the Talent Scout preview and submitting applications, yourself or on behalf of a candidate.',
        ],
      },
      {
        id: 'terms-acceptance',
        title: 'Accepting these terms',
        paragraphs: [
          'By submitting an application you confirm that you have read and accept these Terms of Service and the Privacy Policy in Part B. You may browse the board without an account and without accepting them.',
          `You must be at least ${legalFacts.minimumAge} years old to submit an application. If you are under 18, you confirm that you may lawfully work in the country of the role you apply for.`,
        ],
      },
      {
        id: 'terms-fees',
        title: 'The service is free for candidates',
        paragraphs: [
          'Candidates are not charged for using the board or for applying to any job on it, and we will never ask you for payment, bank details or a fee to be considered for a role.',
          'The service is paid for by employers, who pay us to publish their openings and to receive applications. If anyone asks you for money in connection with a job on this board, do not pay and tell us at once.',
        ],
      },
      {
        id: 'terms-postings',
        title: 'Job postings and company information',
        paragraphs: [
          'Job postings, funding figures, investor names, team details and equity terms are supplied by the employers. We present them as received and check them with care, but we do not guarantee that they are complete, current or accurate, and an offer of employment is always a matter between you and the employer.',
          'Some postings link to an application page on the employer’s own site. Those pages are governed by the employer’s terms, not by these.',
        ],
      },
      {
        id: 'terms-applications',
        title: 'Your applications',
        paragraphs: ['When you apply, you agree that:'],
        list: [
          'the information and the resume you submit are true, your own (or the candidate’s, with their consent) and do not infringe anyone’s rights;',
          'we may pass your application to the employer who published the job, as described in Part B;',
          'the employer decides alone whether to contact, interview or hire you, and we cannot promise a reply.',
        ],
      },
      {
        id: 'terms-talent-partners',
        title: 'Talent partners',
        paragraphs: [
          'A talent partner who submits an application on behalf of a candidate confirms that the candidate has asked them to, has seen the role and has agreed to their personal data being shared with the employer under Part B. The application records the talent partner’s identifier.',
        ],
      },
      {
        id: 'terms-acceptable-use',
        title: 'Acceptable use',
        paragraphs: ['You must not:'],
        list: [
          'submit applications in bulk, automatically, or for people who have not asked you to;',
          'upload files containing malware, or content that is unlawful, misleading or offensive;',
          'scrape the board in a way that degrades it for others, or try to get around the security verification;',
          'impersonate another person or misrepresent your connection with a candidate or an employer.',
        ],
      },
      {
        id: 'terms-liability',
        title: 'Our liability',
        paragraphs: [
          'Nothing in these terms limits our liability for death or personal injury caused by our negligence, for fraud, or for anything else that cannot be limited under the law of England and Wales.',
          `Otherwise, because the service is free to candidates, our total liability to you arising out of your use of the board is limited to ${legalFacts.liabilityCapGbp} GBP. We are not liable for the decisions of employers, for the content of their postings, or for loss of opportunity, profit or data.`,
        ],
      },
      {
        id: 'terms-changes',
        title: 'Changes and law',
        paragraphs: [
          'We may update these terms; the effective date at the top of this page changes when we do, and applications are governed by the terms in force when they were submitted.',
          'These terms are governed by the law of England and Wales, and its courts have jurisdiction, although if you live elsewhere in the United Kingdom you may bring proceedings where you live.',
        ],
      },
    ],
  },
  {
    id: 'privacy',
    label: 'Part B',
    title: 'Privacy Policy',
    sections: [
      {
        id: 'privacy-controller',
        title: 'Who is responsible for your data',
        paragraphs: [
          `${brand.company} is the controller of the personal data described here. You can reach us about your data at ${brand.privacyEmail} or by post at ${address}.`,
        ],
      },
      {
        id: 'privacy-what-we-collect',
        title: 'What we collect',
        paragraphs: ['When you apply we collect what you enter in the form:'],
        list: [
          'your name, e-mail address, LinkedIn profile and, if you give them, phone number, GitHub and portfolio addresses;',
          'your resume (and the name of its file), salary expectations, and what you tell us about your motivation and questions;',
          'the job you applied for, the time, the source of the application and, where a talent partner applied for you, their identifier;',
          'technical data needed to protect the service: the security verification result and your IP address, kept for rate limiting.',
        ],
      },
      {
        id: 'privacy-browser-storage',
        title: 'What stays in your browser',
        paragraphs: [
          'While you fill in an application, the form keeps a draft in your browser’s local storage so that nothing is lost if you reload or come back later. The draft never holds your resume file, only its name, and it is deleted when the application is sent. It never leaves your device unless you submit the form.',
          'The Talent Scout preview runs in your browser only; your messages are not sent to us.',
        ],
      },
      {
        id: 'privacy-use',
        title: 'How we use it and why',
        paragraphs: [
          'We use your application to pass it to the employer who published the job (to take steps at your request before a possible contract), to run and secure the board (our legitimate interests), and to meet legal obligations. We do not sell your data, and we do not use your resume to train models.',
        ],
      },
      {
        id: 'privacy-sharing',
        title: 'Who we share it with',
        paragraphs: [
          'We share an application with the employer for the job you applied to, and with service providers who host and secure the board for us under contract. Some providers may process data outside the United Kingdom, under safeguards approved by UK law.',
        ],
      },
      {
        id: 'privacy-retention',
        title: 'How long we keep it',
        paragraphs: [
          `We keep applications for up to ${legalFacts.retentionMonths} months from your last activity on the board, so that employers can consider you for a role and you can follow up. An application is not changed once it is made, so its last activity is the day you made it.`,
          'The board enforces these limits itself: once a day it deletes',
        ],
        list: [
          `applications, with their resumes and the copy of their receipt, made more than ${legalFacts.retentionMonths} months ago;`,
          'job alerts that were not confirmed within 7 days, with their address;',
          'job alerts you unsubscribed from more than 30 days ago (unsubscribing already deletes an alert at once, so none is ever that old).',
        ],
      },
      {
        id: 'privacy-your-application',
        title: 'Seeing and deleting your application',
        paragraphs: [
          'When we receive an application, we send a receipt to the e-mail address it gives, also when a talent partner applied on your behalf. The receipt lists what was sent (your resume by its name and size) and holds a private link to your application. No account is needed: at that link you can see what was sent, download your resume, download all the data we hold about the application as a JSON file, and withdraw it. Withdrawing deletes the application and its resume at once; the link then only says that it was deleted.',
          'Anyone who has the link can do the same, so keep it to yourself. It works until the application is deleted.',
        ],
      },
      {
        id: 'privacy-rights',
        title: 'Your rights',
        paragraphs: [
          `You may ask for a copy of your data, for its correction or deletion, to restrict or object to our use of it, and to receive it in a portable form. For an application, the link in its receipt gives you a copy or deletes it at once; for anything else, or if you no longer have the receipt, write to ${brand.privacyEmail}: we answer data requests within ${legalFacts.dataRequestDays} days. You may also complain to the Information Commissioner’s Office (ico.org.uk).`,
        ],
      },
      {
        id: 'privacy-security',
        title: 'Security and breaches',
        paragraphs: [
          `Resumes and applications reach us over an encrypted connection (HTTPS) and are kept in our database, which only the staff and providers who need them can reach; no page of the board serves a resume except to the holder of the signed link in its receipt. If a personal data breach is likely to put your rights at risk, we notify the Information Commissioner’s Office within ${legalFacts.breachNoticeHours} hours of becoming aware of it, and tell you without undue delay.`,
        ],
      },
      {
        id: 'privacy-children',
        title: 'Age',
        paragraphs: [
          `The board is not meant for anyone under ${legalFacts.minimumAge}, and we do not knowingly accept their applications.`,
        ],
      },
      {
        id: 'privacy-job-alerts',
        title: 'Job alerts',
        paragraphs: [
          'If you ask for job alerts, we store your e-mail address with the search you saved and how often you want it, and we use them only to send you those alerts. Nothing is sent until you confirm through the link in our first e-mail; an alert that is not confirmed within 7 days is deleted with your address. Your address is never written to our logs.',
          'Every alert e-mail has a link to unsubscribe in one click and a link to manage your alerts. Unsubscribing deletes the alert, and your address is deleted with your last alert. We do not share the address or use it for anything else.',
        ],
      },
    ],
  },
];
