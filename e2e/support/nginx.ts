import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Debian's nginx as the cluster's load balancer (support/cluster.ts): in the foreground, on a
 * configuration of the test's own, balancing each service's instances round robin on a port of
 * its own.
 */

export const nginxBinary = () => ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file)) ?? null;

/** nginx in the foreground, configured by the test: two ports, each balancing one service's instances. */
export async function startNginx(options: { apiPort: number; sitePort: number; api: number[]; site: number[] }) {
  const binary = nginxBinary();
  if (!binary) throw new Error('nginx is not installed');
  const dir = mkdtempSync(path.join(tmpdir(), 'board-nginx-'));
  const upstream = (name: string, ports: number[]) =>
    `upstream ${name} {\n${ports.map((port) => `    server 127.0.0.1:${port};`).join('\n')}\n    keepalive 8;\n  }`;
  const server = (port: number, name: string) => `server {
    listen 127.0.0.1:${port};
    client_max_body_size 8m;
    location / {
      proxy_pass http://${name};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }`;
  // As root, nginx's workers would run as nobody, who may not use the test's folder.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `${user}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  ${upstream('board_api', options.api)}
  ${upstream('board_site', options.site)}
  ${server(options.apiPort, 'board_api')}
  ${server(options.sitePort, 'board_site')}
}
`,
  );
  const args = ['-p', dir, '-c', path.join(dir, 'nginx.conf')];
  execFileSync(binary, [...args, '-t'], { stdio: 'pipe' });
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Ready when it answers on the API's port (a 502 until an instance is there is an answer too);
  // two minutes, a limit that catches a hang on a machine shared with other work.
  const until = Date.now() + 120_000;
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${options.apiPort}/health`, { signal: AbortSignal.timeout(1_000) });
      break;
    } catch (error) {
      if (child.exitCode !== null || Date.now() > until)
        throw new Error(`nginx did not start: ${readFileSync(path.join(dir, 'error.log'), 'utf8')}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    child,
    async stop() {
      // SIGQUIT: nginx's graceful stop.
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
