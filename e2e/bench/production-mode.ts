/**
 * Imported first by bench.ts, so it runs before React (or anything else) reads NODE_ENV: the board's
 * server runs in this process, and React's server renderer is several times slower in development.
 * The figures are for production mode, as `NODE_ENV=production` deploys it. A value given on the
 * command line is kept (the SSR section refuses anything but production).
 */
process.env.NODE_ENV ??= 'production';
