import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const shared = fileURLToPath(new URL('./packages/shared/src/index.ts', import.meta.url));

export default defineConfig({
  resolve: { alias: { '@rama/shared': shared } },
  test: {
    projects: [
      {
        resolve: { alias: { '@rama/shared': shared } },
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts'],
          exclude: ['**/*.api.test.ts', '**/*.isolated.test.ts', '**/node_modules/**'],
          // pure rules: one module graph per worker instead of one per file (importing the shared
          // package again for every file was most of the run: about 4 minutes down to 1). Files that
          // stub globals undo it in afterEach; a file that replaces a module (vi.mock) needs a graph
          // of its own: name it *.isolated.test.ts
          isolate: false,
        },
      },
      {
        resolve: { alias: { '@rama/shared': shared } },
        test: { name: 'unit-isolated', include: ['packages/*/src/**/*.isolated.test.ts'] },
      },
      {
        resolve: { alias: { '@rama/shared': shared } },
        test: {
          name: 'api',
          include: ['packages/server/src/**/*.api.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // one module graph for the whole run, as the server itself has: each file starts its own test
          // servers and stops them in afterAll (about 8 minutes down to 4)
          isolate: false,
          globalSetup: ['packages/server/src/test-support/global-setup.ts'],
          // the "Redis down" tests point servers at a Redis that is not there (port 6390): a client
          // library may let that refused connection escape as an unhandled rejection, which the
          // server itself survives (http/outage.ts); only that one is not counted against the run
          onUnhandledError(error) {
            const e = error as { code?: unknown; port?: unknown };
            if (e.code === 'ECONNREFUSED' && e.port === 6390) return false;
          },
        },
      },
    ],
  },
});
