import { defineConfig } from 'vitest/config';
import { aliases } from './vite.config.ts';

// Each test file builds its own app on its own database, so the unit and API files share one module graph per worker
// (isolate: false): loading the server's modules once per worker, not once per file, saves a third of their run time.
// The files that replace a module with vi.mock keep a module graph of their own.
const MOCKING_FILES = ['tests/api/route-walk.test.ts', 'tests/api/openapi.test.ts'];

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    projects: [
      {
        resolve: { alias: aliases },
        test: { name: 'unit', include: ['src/**/*.test.ts', 'tests/lint/**/*.test.ts'], environment: 'node', testTimeout: 30_000, isolate: false },
      },
      {
        resolve: { alias: aliases },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: MOCKING_FILES,
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          isolate: false,
        },
      },
      {
        resolve: { alias: aliases },
        test: {
          name: 'api-mocks',
          include: MOCKING_FILES,
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias: aliases },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          // A browser and a server on a busy 2-core machine: expect.poll's default second is too short for a save.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
