import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Compiler } from '@rspack/core';
import { unusedFallbacksFile } from '../shared/src/lib/federation';

/**
 * Lists the shell's chunks that only hold the fallback of a package it shares (a chunk whose every
 * origin is a `consume shared module`). The shell provides each of those packages itself, so a
 * fallback is never loaded: the server's preloads leave them out (Chromium warns of a preload
 * never used, and it costs a request at the start).
 */
export class UnusedFallbacksPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.done.tap('UnusedFallbacksPlugin', (stats) => {
      const { chunks = [], outputPath = '' } = stats.toJson({
        all: false,
        chunks: true,
        chunkOrigins: true,
        outputPath: true,
      });
      const files = chunks
        .filter(
          (chunk) =>
            !chunk.initial &&
            (chunk.origins ?? []).length > 0 &&
            (chunk.origins ?? []).every((origin) => origin.moduleName?.startsWith('consume shared module')),
        )
        .flatMap((chunk) => chunk.files);
      writeFileSync(path.join(outputPath, unusedFallbacksFile), `${JSON.stringify(files, null, 2)}\n`);
    });
  }
}
