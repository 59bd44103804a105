/** TypeScript and JSX through Rspack's built-in SWC, for the browser and the Node build alike. */
export function typescriptRule(dev: boolean) {
  return {
    test: /\.[cm]?tsx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: dev } },
        target: 'es2022',
      },
    },
    type: 'javascript/auto' as const,
  };
}
