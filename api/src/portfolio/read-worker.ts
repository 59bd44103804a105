import { parentPort, workerData } from 'node:worker_threads';
import { type FileFormat, readPortfolio, sentRead } from './read-file';

/** A portfolio file read in a worker thread (read-file.ts): the API's thread answers meanwhile. */
const { input, format } = workerData as { input: string | Uint8Array; format: FileFormat };
parentPort?.postMessage(sentRead(readPortfolio(input, format)));
