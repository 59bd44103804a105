/**
 * The companies' logos as the board serves them: square PNGs made from what a portfolio file or a
 * company's site gave (src/portfolio/logo-image.ts), kept in the database so every instance serves
 * the same bytes, and named by their content hash, so an address never changes what it shows.
 * Part of the database schema (migrations in api/drizzle are generated from it).
 */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './application-tables';

export const logos = pgTable('logos', {
  /** The PNG's SHA-256, hex, cut to 128 bits: `/public/logos/{hash}.png`. */
  hash: text('hash').primaryKey(),
  png: bytea('png').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
