import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Test files wait on the Auth emulator and the database as much as they compute: even a
    // two-core machine runs two at once (each has its own database and ports).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        resolve: { alias: { 'astro:env/client': fileURLToPath(new URL('./tests/unit/support/astro-env-client.ts', import.meta.url)) } },
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/api/ready-database.setup.ts'],
          exclude: ['tests/api/postgres/**'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      // What needs a Postgres server (TEST_DATABASE_URL): run with the api project in the Postgres step.
      {
        test: {
          name: 'api-postgres',
          include: ['tests/api/postgres/**/*.test.ts'],
          globalSetup: ['tests/api/ready-database.setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
