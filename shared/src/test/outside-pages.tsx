/**
 * What tests use of the router and of TanStack Query that a page in the browser never does: a
 * router in memory, a client's cache written out. Kept out of the shared facades
 * (@board/shared/lib/router and lib/query), which travel whole to every first view. In tests
 * there is no federation: the same packages, one instance, as the facades'.
 */

export { dehydrate } from '@tanstack/react-query';
export { createMemoryRouter, RouterProvider } from 'react-router-dom';
