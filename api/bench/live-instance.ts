import { randomBytes } from 'node:crypto';
import { memoryLimits } from '@board/shared/lib/limits';
import postgres from 'postgres';
import { createAlertsService } from '../src/alerts/alerts-service';
import { alertLinkMaker } from '../src/alerts/links';
import { createAlertTokens } from '../src/alerts/tokens';
import { createApp } from '../src/app';
import { candidateLinkMaker, createCandidateTokens } from '../src/candidates/candidate-links';
import { createLocalCaptcha } from '../src/captcha/captcha';
import type { DatabaseHandle } from '../src/db/database';
import type { SourceKind } from '../src/db/job-board-tables';
import { type SourcesService, sourcesService } from '../src/sources/sources-service';
import { vendorHttp } from '../src/sources/vendor-http';

/** The origin the bench's in-process instances answer as. */
const origin = 'http://localhost';

/** The sources of a database handle, reading the bench's vendor. */
export const sourcesOf = (database: DatabaseHandle, urls: Record<SourceKind, string>) =>
  sourcesService({ db: database.db, http: vendorHttp({ trusted: Object.values(urls) }), vendorUrls: urls });

/** An API instance as the server builds one (local captcha, no mail), on its own database handle. */
export function liveInstance(database: DatabaseHandle, sources: SourcesService) {
  const localCaptcha = createLocalCaptcha(randomBytes(32).toString('hex'));
  const tokens = createAlertTokens(randomBytes(32).toString('hex'));
  const links = alertLinkMaker(tokens, { api: () => origin, siteUrl: 'http://localhost:8080' });
  const unlimited = { max: 1_000_000_000, windowSeconds: 60 };
  return createApp({
    database,
    sources,
    candidates: { links: candidateLinkMaker(createCandidateTokens(randomBytes(32).toString('hex')), () => origin) },
    captcha: localCaptcha.verifier(),
    localCaptcha,
    corsOrigins: [],
    publicOrigin: () => origin,
    limits: memoryLimits(),
    rateLimit: unlimited,
    requestRateLimit: unlimited,
    log: () => {},
    clientAddress: () => '127.0.0.1',
    alerts: {
      tokens,
      links,
      service: createAlertsService({ db: database.db, links }),
      rateLimit: unlimited,
      operatorLoopback: false,
      peerAddress: () => undefined,
    },
  });
}

export type PlatformSql = (text: string, parameters?: (string | number | number[])[]) => Promise<void>;

/**
 * The platform writing SQL: a connection of its own on PostgreSQL; on PGlite, the process's one
 * client (PGlite's folder is the API's alone). `other`: a second database's connection
 * (PostgreSQL), for commits the board's database never sees.
 */
export function platformOf(main: DatabaseHandle, databaseUrl?: string, otherDatabaseUrl?: string) {
  const platform = databaseUrl ? postgres(databaseUrl, { max: 2, onnotice: () => {} }) : null;
  const other = otherDatabaseUrl ? postgres(otherDatabaseUrl, { max: 1, onnotice: () => {} }) : null;
  const platformSql: PlatformSql = async (text, parameters = []) => {
    if (platform) await platform.unsafe(text, parameters as never[]);
    else
      await (main.db as unknown as { $client: { query(t: string, p: unknown[]): Promise<unknown> } }).$client.query(
        text,
        parameters,
      );
  };
  return {
    platform,
    other,
    platformSql,
    async end() {
      await platform?.end();
      await other?.end();
    },
  };
}
