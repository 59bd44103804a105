/**
 * `pnpm serve:folder <folder> <port>`: one built remote on its own port with CORS and the deploy
 * cache headers, e.g. a second build of a remote to preview (README, "Preview a remote").
 */
import path from 'node:path';
import { serveFolder } from './serve-board';

const [folder, port = '8091'] = process.argv.slice(2);
if (!folder) {
  console.error('usage: pnpm serve:folder <folder> [port]');
  process.exit(1);
}
const server = await serveFolder({ folder: path.resolve(folder), port: Number(port), cors: true });
console.log(`Serving ${folder} at ${server.url} (manifest: ${server.url}/mf-manifest.json). Ctrl-C stops.`);
process.on('SIGINT', () => void server.close().then(() => process.exit(0)));
