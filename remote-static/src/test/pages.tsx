import { boardPage, type PageTree } from '@board/shared/test/hydration';
import type { ReactNode } from 'react';
import NotFoundPage from '../exposed/not-found-page';
import TalentScoutPage from '../exposed/talent-scout-page';
import TermsPage from '../exposed/terms-page';

/** When the shell's server renders the pages below. */
export const serverTime = Date.parse('2026-01-07T20:00:00Z');

export interface StaticPage {
  name: string;
  tree: PageTree;
  /** Text the server's HTML shows. */
  shows: string;
}

/** Every exposed page of the static remote, at a URL the shell routes to it (none reads the API). */
export function staticPages(): StaticPage[] {
  const page = (element: ReactNode, path: string, routePath: string) =>
    boardPage(element, { path, routePath, renderedAt: serverTime });
  return [
    {
      name: 'the terms',
      tree: page(<TermsPage />, '/terms-of-service', '/terms-of-service'),
      shows: 'Effective date',
    },
    {
      name: 'Talent Scout',
      tree: page(<TalentScoutPage />, '/talent-scout', '/talent-scout'),
      shows: 'Talent Scout',
    },
    { name: 'the 404 page', tree: page(<NotFoundPage />, '/no/such/page', '*'), shows: 'Page Not Found' },
  ];
}
