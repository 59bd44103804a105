import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';

/**
 * Makes the database refuse to store resumes, as a full disk does (SQLSTATE 53100) or another
 * failure (any SQLSTATE): a trigger that raises on every insert into application_resumes.
 */
export async function failResumeWrites(db: Database, sqlState = '53100') {
  await db.execute(
    sql.raw(`create or replace function fail_resume_write() returns trigger language plpgsql as $$
      begin raise exception 'could not write the resume' using errcode = '${sqlState}'; end $$`),
  );
  await db.execute(
    sql.raw(`create trigger resume_write_fails before insert on application_resumes
      for each row execute function fail_resume_write()`),
  );
}

/** Storage is back. */
export async function restoreResumeWrites(db: Database) {
  await db.execute(sql.raw('drop trigger if exists resume_write_fails on application_resumes'));
}
