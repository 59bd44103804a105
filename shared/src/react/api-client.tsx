import { useMemo } from 'react';
import { type ApiClient, createApiClient } from '../api/api-client';
import { useRuntimeConfig } from './runtime-config';

/** The API client for the runtime config's base URL. */
export function useApiClient(): ApiClient {
  const { apiBaseUrl } = useRuntimeConfig();
  return useMemo(() => createApiClient(apiBaseUrl), [apiBaseUrl]);
}
