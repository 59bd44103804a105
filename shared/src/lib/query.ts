/**
 * TanStack Query, once per page: every app imports it from here, never from
 * `@tanstack/react-query` (Biome refuses that import outside this file), as with the router
 * (./router.ts). This module is a federation singleton; the packages behind it are not, so each
 * build tree-shakes them down to the exports below instead of the shell providing both whole
 * (~2 KB gzip less per page); what only tests use (`dehydrate`) is in
 * @board/shared/test/outside-pages. An app that needs another export adds it here.
 * See docs/decisions/004-federation-bytes.md.
 */
export type {
  DehydratedState,
  FetchQueryOptions,
  InfiniteData,
  QueryKey,
  UseInfiniteQueryResult,
} from '@tanstack/react-query';
export {
  hydrate,
  infiniteQueryOptions,
  keepPreviousData,
  QueryClient,
  QueryClientProvider,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
