import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The schema is one module per table group; generate compares every table with the migrations.
  schema: [
    './src/db/job-board-tables.ts',
    './src/db/application-tables.ts',
    './src/db/alert-tables.ts',
    './src/db/board-change-tables.ts',
    './src/db/scheduled-work-tables.ts',
    './src/db/logo-tables.ts',
  ],
  out: './drizzle',
});
