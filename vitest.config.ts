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
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
        },
      },
      {
        resolve: { alias: { '@rama/shared': shared } },
        test: {
          name: 'api',
          include: ['packages/server/src/**/*.api.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
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
