import { parseJob } from '@board/shared/api/job';
import { boardKeys } from '@board/shared/api/queries';
import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { boardPage, type PageData, type PageTree } from '@board/shared/test/hydration';
import { createRuntimeConfig } from '@board/shared/test/render';
import type { ReactNode } from 'react';
import ApplyPage from '../exposed/apply-page';
import SuccessPage from '../exposed/success-page';

/** When the shell's server renders the pages below. */
export const serverTime = Date.parse('2026-01-07T20:00:00Z');

/** Job 7 as the client parsed it from call 4: what the server's QueryClient holds. */
const job = parseJob({
  id: 7,
  title: 'Frontend Developer',
  organization_name: 'Acme',
  location: 'London',
  job_type: 'Full-time',
  workplace_type: 'Hybrid',
  level: 'Senior',
  posted_date: '2026-01-06T20:00:30Z',
  application_url: '/job/7/apply',
  logo: null,
});

export interface ApplyPageCase {
  name: string;
  tree: PageTree;
  data: PageData;
  /** Text the server's HTML shows. */
  shows: string;
}

/** Every exposed page of the apply remote, at a URL the shell routes to it, with its data. */
export function applyPages(): ApplyPageCase[] {
  const data: PageData = [[boardKeys.job('7'), job]];
  const page = (element: ReactNode, path: string, routePath: string, config?: RuntimeConfig) =>
    boardPage(element, { path, routePath, renderedAt: serverTime, config });
  return [
    {
      name: 'the application form',
      tree: page(<ApplyPage />, '/job/7/apply', '/job/:id/apply'),
      data,
      shows: 'Submit Application',
    },
    {
      name: "a talent partner's application form",
      tree: page(<ApplyPage />, '/job/7/apply?talent_partner_id=tp-9', '/job/:id/apply'),
      data,
      shows: 'tp-9',
    },
    {
      name: 'the application form with Google reCAPTCHA',
      tree: page(
        <ApplyPage />,
        '/job/7/apply',
        '/job/:id/apply',
        createRuntimeConfig({ captcha: { mode: 'recaptcha', siteKey: 'site-key' } }),
      ),
      data,
      shows: 'Security Verification',
    },
    {
      name: 'the confirmation',
      tree: page(<SuccessPage />, '/job/7/apply/success', '/job/:id/apply/success'),
      data,
      shows: 'Application Submitted Successfully!',
    },
  ];
}
