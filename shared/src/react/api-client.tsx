import { useMemo } from 'react';
import { type ApiClient, createApiClient } from '@board/shared/api/api-client';
import { useRuntimeConfig } from '@board/shared/react/runtime-config';

/** The API client for the runtime config's base URL. */
export function useApiClient(): ApiClient {
  const { apiBaseUrl } = useRuntimeConfig();
  return useMemo(() => createApiClient(apiBaseUrl), [apiBaseUrl]);
}
