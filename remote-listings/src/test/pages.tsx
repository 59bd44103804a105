import { boardSearchFromUrl } from '@board/shared/api/board-search';
import { type Job, parseJobList } from '@board/shared/api/job';
import { parseJobPage } from '@board/shared/api/job-page';
import { boardKeys } from '@board/shared/api/queries';
import { boardPage, type PageData, type PageTree } from '@board/shared/test/hydration';
import type { ReactNode } from 'react';
import CompaniesPage from '../exposed/companies-page';
import CompanyPage from '../exposed/company-page';
import JobDetailPage from '../exposed/job-detail-page';
import JobsPage from '../exposed/jobs-page';
import SavedPage from '../exposed/saved-page';
import { jobSearchAnswer, pageOf } from './board-api';
import { createServerJob } from './create-job';

/** When the shell's server renders the pages below (UTC). */
export const serverTime = Date.parse('2026-01-07T20:00:00Z');

/**
 * 70 jobs (more than the 24 cards of a first page). Job 1 was posted 30 s short of a day before
 * the server's render ('Posted 23 hours ago', on 6 Jan in UTC but 7 Jan in Tokyo), job 2 30 s
 * short of 7 days (inside 'Posted within 7 days' for the server): a browser whose clock is a
 * minute later says otherwise. Job 1's company had a round on a day-only date.
 */
const boardServerJobs = Array.from({ length: 70 }, (_, index) =>
  createServerJob({
    id: index + 1,
    title: `Role ${index + 1}`,
    posted_date: index === 0 ? '2026-01-06T20:00:30Z' : index === 1 ? '2025-12-31T20:00:30Z' : '2025-11-20T09:00:00Z',
    funding:
      index === 0
        ? {
            total_funding_amount: '$10M',
            last_round_amount: '$4M',
            last_round_type: 'Seed',
            last_round_date: '2025-03-14',
          }
        : null,
  }),
);
const boardJobs = parseJobList({ jobs: boardServerJobs });

/** The API that serves the board's jobs (call 1, paged, with the ids of the saved page). */
export const boardApi = { '/public-job-posting': jobSearchAnswer(boardServerJobs) };

/** A search's first page as the board's query holds it (an infinite query's data). */
function firstPage(body: unknown) {
  return { pages: [parseJobPage(body)], pageParams: [null] };
}

const pageUrl = (query: string) => new URL(`https://api.example/public-job-posting?limit=24&${query}`);
const search = (query: string) => boardSearchFromUrl(new URLSearchParams(query));
const boardPage1 = firstPage(jobSearchAnswer(boardServerJobs)(pageUrl('')));
/** What the shell's server has loaded for / : the first page of the board. */
export const boardPage1Data: PageData = [[boardKeys.jobPages(null, search('')), boardPage1]];

const [first] = boardJobs;
if (!first) throw new Error('no jobs');
/** Job 1, the one the browser has saved. */
export const firstJob: Job = first;

export interface ListingsPage {
  name: string;
  tree: PageTree;
  /** What the shell's server has loaded for it (the keys of @board/shared/api/queries). */
  data: PageData;
  /** Text the server's HTML shows. */
  shows: string;
}

/** Every exposed page of the listings remote, at a URL the shell routes to it, with its data. */
export function listingsPages(): ListingsPage[] {
  const page = (element: ReactNode, path: string, routePath: string) =>
    boardPage(element, { path, routePath, renderedAt: serverTime });
  return [
    {
      name: 'the board',
      tree: page(<JobsPage />, '/', '/'),
      data: [[boardKeys.jobPages(null, search('')), boardPage1]],
      shows: '24 of 70 jobs',
    },
    {
      name: 'the board, posted within 7 days',
      tree: page(<JobsPage />, '/?posted=7d', '/'),
      // The API's answer for the server's time: jobs 1 and 2.
      data: [
        [
          boardKeys.jobPages(null, search('posted=7d')),
          firstPage({
            ...jobSearchAnswer(boardServerJobs)(pageUrl('')),
            jobs: boardServerJobs.slice(0, 2),
            total: 2,
            next_cursor: null,
          }),
        ],
      ],
      shows: '2 of 2 jobs',
    },
    {
      name: 'a workspace board',
      tree: page(<JobsPage />, '/demo', '/:workspaceSlug'),
      data: [
        [boardKeys.workspace('demo'), { slug: 'demo', name: 'Demo Ventures' }],
        [boardKeys.jobPages('demo', search('')), boardPage1],
      ],
      shows: 'Find your dream job in Demo Ventures',
    },
    {
      name: 'the companies',
      tree: page(<CompaniesPage />, '/companies', '/companies'),
      data: [
        [
          boardKeys.organizationPages(null, ''),
          {
            pages: [{ items: [{ id: '10', name: 'Acme', jobBoardSlug: 'acme' }], total: 1, nextCursor: null }],
            pageParams: [null],
          },
        ],
      ],
      shows: 'View Jobs',
    },
    {
      name: 'a company',
      tree: page(<CompanyPage />, '/companies/10', '/companies/:id'),
      data: [
        [
          boardKeys.organizationJobPages('10'),
          (() => {
            const page = pageOf(boardServerJobs, pageUrl(''), 'jobs');
            return {
              pages: [{ ...page, items: parseJobList(page), nextCursor: page.next_cursor }],
              pageParams: [null],
            };
          })(),
        ],
      ],
      shows: '70 open roles',
    },
    {
      name: 'a missing company',
      tree: page(<CompanyPage />, '/companies/999', '/companies/:id'),
      data: [
        [
          boardKeys.organizationJobPages('999'),
          { pages: [{ items: [], total: 0, nextCursor: null }], pageParams: [null] },
        ],
      ],
      shows: 'Company Not Found',
    },
    {
      name: 'a job',
      tree: page(<JobDetailPage />, '/job/1', '/job/:id'),
      data: [[boardKeys.job('1'), firstJob]],
      shows: '$4M, 14 Mar 2025',
    },
    {
      name: 'the saved jobs',
      tree: page(<SavedPage />, '/saved', '/saved'),
      data: [],
      shows: 'You have no saved jobs yet',
    },
  ];
}
