import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { boardRoutes } from './board-routes';
import { createRouteObjects } from './route-table';

function pageAt(path: string) {
  const route = matchRoutes(createRouteObjects(), path)?.at(-1)?.route;
  return boardRoutes.find((board) => board.path === route?.path)?.module;
}

describe('the route table', () => {
  it.each([
    ['/', './jobs-page'],
    ['/saved', './saved-page'],
    ['/companies', './companies-page'],
    ['/acme', './jobs-page'],
    ['/saved/companies', './companies-page'],
    ['/job/1', './job-detail-page'],
  ])('%s -> %s (a workspace slug never swallows a page of the board)', (path, module) => {
    expect(pageAt(path)).toBe(module);
  });
});
