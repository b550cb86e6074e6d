import { defineConfig } from '@playwright/test';
import { ADMIN_STORAGE_STATE } from './e2e/support';

// `npm test` picks a free port, so several runs (or a developer's server) do not collide
const PORT = Number(process.env.RAMA_E2E_PORT ?? 18089);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// a second server with asynchronous chart queries on (e2e/async-charts.spec.ts)
const ASYNC_PORT = PORT + 1;
// a third with public dashboards on (PUBLIC_ROLE_LIKE, e2e/public.spec.ts); synchronous charts,
// so an anonymous visitor's chart data needs no async event channel
const PUBLIC_PORT = PORT + 2;

/**
 * The browser tests can run as two halves side by side (RAMA_E2E_HALF=1 and 2), each with its own
 * servers, port and metadata, so neither sees the other's objects: for a machine with cores to
 * spare. `npm test` runs them in one process: with traces recorded, two cores were busy with one
 * run and the halves took longer together (25 min for the first), and loaded steps missed
 * short-lived toasts. Without traces one run leaves a core partly idle (11.1 min here, halves side
 * by side 8.8 min), but a loaded step is where flaky failures came from: one process stays. The second half is the specs of SQL Lab, data and administration pages, which
 * need only the main server; the first is charts and dashboards and every spec that needs the async
 * or the public server. Without RAMA_E2E_HALF every spec runs, in one process.
 */
const SECOND_HALF = [
  'action-log',
  'databases',
  'dataset-editor',
  'datasets',
  'empty-results',
  'eventlog',
  'import-export',
  'legacy-import',
  'login',
  'navigation',
  'queryhistory',
  'reports',
  'rls',
  'savedqueries',
  'scheduled-query',
  'security',
  'sqllab',
  'sqllab-editor',
  'sqllab-persistence',
  'sqllab-to-chart',
  'sqllab-tools',
  'tags',
  'upload',
  'version-history',
];
const HALF = process.env.RAMA_E2E_HALF;
const secondHalf = new RegExp(`/(${SECOND_HALF.join('|')})\\.spec\\.ts$`);
/** The browser specs of this run: all, or one half. */
const specs: { testMatch: RegExp; testIgnore: RegExp[] } =
  HALF === '1'
    ? { testMatch: /.*\.spec\.ts/, testIgnore: [/rate-limit\.spec\.ts/, secondHalf] }
    : HALF === '2'
      ? { testMatch: secondHalf, testIgnore: [/rate-limit\.spec\.ts/] }
      : { testMatch: /.*\.spec\.ts/, testIgnore: [/rate-limit\.spec\.ts/] };

/** RAMA_E2E_MAIN_ONLY=1 starts the main server only, for running a spec that needs no other; so does the second half. */
function mainOnly<T>(servers: T[]): T[] {
  return process.env.RAMA_E2E_MAIN_ONLY || HALF === '2' ? servers.slice(0, 1) : servers;
}

export default defineConfig({
  testDir: 'e2e',
  // each half its own folder: a run empties its output folder when it starts and its workers' artifact
  // folders when they end, and the two halves' workers have the same numbers
  outputDir: HALF ? `test-results/half-${HALF}` : 'test-results',
  fullyParallel: false,
  workers: 1,
  // two halves side by side keep both cores busy: a step that waits on a short-lived toast or a chart
  // can miss it when the machine is loaded; one more try tells that apart from a broken flow (the
  // report lists a test that passed only on its retry as flaky)
  retries: HALF ? 1 : 0,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  use: {
    baseURL: BASE_URL,
    headless: true,
    viewport: { width: 1440, height: 900 },
    // the app follows the browser's language until the user picks one: the specs read English
    locale: 'en-US',
    // the app honours "reduce motion": dialogs and dropdowns open and close at once, charts draw without animation
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    // no trace: recording one (a screencast and DOM snapshots of every step, kept only on failure)
    // took about a third of the run's CPU on two cores (a four-spec sample: 250 s of CPU with the
    // trace, 204 s with snapshots only, 154 s without). A failure keeps its screenshot; to see its
    // steps, run the spec again with `--trace retain-on-failure`.
    trace: 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'setup', testMatch: /auth\.setup\.ts/ },
    {
      name: 'chromium',
      ...specs,
      dependencies: ['setup'],
      use: { storageState: ADMIN_STORAGE_STATE },
    },
    // Last, in the half whose server it uses: it uses up the login attempts allowed per minute.
    ...(HALF === '1' ? [] : [{ name: 'rate-limit', testMatch: /rate-limit\.spec\.ts/, dependencies: ['chromium'] }]),
  ],
  webServer: mainOnly([
    {
      command: 'node packages/server/dist/cli.js init && node packages/server/dist/cli.js start',
      url: `${BASE_URL}/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        RAMA_HOME: `.rama-test/e2e-${PORT}`,
        RAMA_PORT: String(PORT),
        RAMA_ADMIN_PASSWORD: 'e2e-admin-password',
        RAMA_SECRET_KEY: 'e2e-secret-key-that-is-long-enough-0123456789',
        // embedded dashboards (e2e/embedded.spec.ts)
        EMBEDDED_SUPERSET: 'true',
        // no thumbnail captures behind every page that shows cards (e2e/thumbnails.spec.ts uses the second server)
        RAMA_THUMBNAILS: 'false',
      },
    },
    {
      command: 'node packages/server/dist/cli.js init && node packages/server/dist/cli.js start',
      url: `http://127.0.0.1:${ASYNC_PORT}/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        RAMA_HOME: `.rama-test/e2e-async-${ASYNC_PORT}`,
        RAMA_PORT: String(ASYNC_PORT),
        RAMA_ADMIN_PASSWORD: 'e2e-admin-password',
        RAMA_SECRET_KEY: 'e2e-secret-key-that-is-long-enough-0123456789',
        GLOBAL_ASYNC_QUERIES: 'true',
        RAMA_THUMBNAILS: 'true',
      },
    },
    {
      command: 'node packages/server/dist/cli.js init && node packages/server/dist/cli.js start',
      url: `http://127.0.0.1:${PUBLIC_PORT}/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        RAMA_HOME: `.rama-test/e2e-public-${PUBLIC_PORT}`,
        RAMA_PORT: String(PUBLIC_PORT),
        RAMA_ADMIN_PASSWORD: 'e2e-admin-password',
        RAMA_SECRET_KEY: 'e2e-secret-key-that-is-long-enough-0123456789',
        PUBLIC_ROLE_LIKE: 'Gamma',
        RAMA_THUMBNAILS: 'false',
      },
    },
  ]),
});
