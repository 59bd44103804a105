import { type ApiClient, createApiClient } from '@board/shared/api/api-client';
import { useRuntimeConfig } from '@board/shared/react/runtime-config';
import { useMemo } from 'react';

/** The API client for the runtime config's base URL. */
export function useApiClient(): ApiClient {
  const { apiBaseUrl } = useRuntimeConfig();
  return useMemo(() => createApiClient(apiBaseUrl), [apiBaseUrl]);
}
