import type { RuntimeConfig } from '@board/shared/config/runtime-config';
import { createContext, type ReactNode, useContext } from 'react';

/**
 * The runtime config as React context. `@board/shared` is a federation singleton, so the shell's
 * provider and a remote's `useRuntimeConfig()` see the same context object.
 */
const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export function RuntimeConfigProvider({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return <RuntimeConfigContext value={config}>{children}</RuntimeConfigContext>;
}

export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config)
    throw new Error('useRuntimeConfig() needs a <RuntimeConfigProvider> (the shell or a standalone bootstrap)');
  return config;
}
