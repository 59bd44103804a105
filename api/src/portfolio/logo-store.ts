import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { logos } from '../db/logo-tables';
import { type Logo, LogoRefusal, makeLogo } from './logo-image';

/**
 * The logos of the board, kept in the database by their content hash (so every instance serves
 * the same bytes at an address that never changes what it shows). What a file or a site gave is
 * known by the digest of its bytes: the same bytes again are not drawn again.
 */
export const digestOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export interface ResolvedLogo {
  hash: string;
  /** The digest of the bytes it was made from. */
  digest: string;
  /** The PNG to store, when it is new to the board. */
  logo: Logo | null;
}

/** The logo `bytes` make: the board's own when they are the bytes it has (`known`), else drawn again. */
export async function resolveLogo(
  bytes: Uint8Array,
  known: { digest: string | null; hash: string | null },
): Promise<ResolvedLogo> {
  const digest = digestOf(bytes);
  if (known.hash && known.digest === digest) return { hash: known.hash, digest, logo: null };
  const logo = await makeLogo(bytes);
  return { hash: logo.hash, digest, logo };
}

/** Stores the logos (a hash already there is the same bytes: kept). */
export async function storeLogos(db: Database, made: Logo[]): Promise<void> {
  const unique = new Map(made.map((logo) => [logo.hash, logo]));
  for (const logo of unique.values())
    await db.insert(logos).values({ hash: logo.hash, png: logo.png }).onConflictDoNothing();
}

/** A stored logo's PNG, or null. */
export async function storedLogo(db: Database, hash: string): Promise<Uint8Array | null> {
  const [row] = await db.select({ png: logos.png }).from(logos).where(eq(logos.hash, hash)).limit(1);
  return row?.png ?? null;
}

export { LogoRefusal };
