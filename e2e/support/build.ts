import { rspack } from '@rspack/core';
import { type AppDefinition, type BuildOptions, createConfig } from '../../rspack.shared';

/** One production build of one app into `options.outDir` (the deploy suite and the benchmarks). */
export function buildApp(app: AppDefinition, options: BuildOptions): Promise<void> {
  const compiler = rspack(createConfig(app, options));
  return new Promise<void>((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => {});
      if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString('errors-only')));
      else resolve();
    }),
  );
}
