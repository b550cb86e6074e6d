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
        },
      },
    ],
  },
});
