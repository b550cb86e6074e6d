// `npm test`: install and build if needed, then every suite: unit, API on SQLite metadata,
// API on PostgreSQL metadata, browser (e2e). Stops at the first failing suite.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

const listenable = (port) =>
  new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(null));
    srv.listen(port, '127.0.0.1', () => {
      const { port: taken } = srv.address();
      srv.close(() => resolve(taken));
    });
  });

const taken = new Set();
/** A free port whose next two are free too (the e2e run starts an async and a public server there), not handed out before. */
const freePort = async () => {
  for (;;) {
    const port = await listenable(0);
    if (!port || port >= 65534 || [0, 1, 2].some((i) => taken.has(port + i))) continue;
    if ((await listenable(port + 1)) && (await listenable(port + 2))) {
      for (const i of [-2, -1, 0, 1, 2]) taken.add(port + i);
      return port;
    }
  }
};

const root = new URL('..', import.meta.url).pathname;
execFileSync(process.execPath, ['scripts/ensure.mjs'], { cwd: root, stdio: 'inherit' });

/**
 * API test files about the data engines, post-processing, the queues, Redis and browser captures,
 * not the metadata store: they read and write it only through queries every other file runs too,
 * so the run on PostgreSQL metadata leaves them to the run on SQLite metadata (about 5 minutes of
 * CI).
 */
const ENGINE_ONLY = [
  'thumbnails/thumbnails',
  'thumbnails/store',
  'reports/reports-delivery',
  'reports/reports-tabs',
  'sqllab/redis',
  'async/redis',
  'execution/shutdown',
  'sqllab/engines',
  'chartdata/engines',
  'execution/hardening',
  'execution/namespace',
  'execution/templates',
  'execution/session-reuse',
  'engines/literals',
  'sql/expression-allowlist',
  'chartdata/postprocess-limits',
  'async/fairness',
  'async/fairness-redis',
  'maps/maps',
  'timerange/timerange',
];
const pgMeta = process.env.RAMA_TEST_PG_METADATA_URL ?? 'postgresql://postgres@127.0.0.1:5432/rama_test_metadata';
/** Checks that only read the sources run side by side (each is single-threaded); output is shown per check. */
const STATIC_CHECKS = [
  { name: 'typecheck (web)', cmd: ['npx', 'tsc', '-p', 'packages/web', '--noEmit'] },
  { name: 'typecheck (server with its tests)', cmd: ['npx', 'tsc', '-p', 'packages/server/tsconfig.lint.json', '--noEmit'] },
  { name: 'lint', cmd: ['npm', 'run', 'lint', '--silent'] },
];
// The two API runs go side by side: each runs its files one at a time in one process (about one
// core each), and they share nothing but the examples database, built once before them (the
// PostgreSQL one makes a database per test server; every test server has its own Redis prefix).
const suites = [
  { name: 'unit', cmd: ['npx', 'vitest', 'run', '--project', 'unit', '--project', 'unit-isolated'] },
  [
    { name: 'API on SQLite metadata', cmd: ['npx', 'vitest', 'run', '--project', 'api'], env: { RAMA_TEST_METADATA: 'sqlite' } },
    {
      name: 'API on PostgreSQL metadata',
      cmd: [
        'npx',
        'vitest',
        'run',
        '--project',
        'api',
        ...ENGINE_ONLY.flatMap((f) => ['--exclude', `packages/server/src/${f}.api.test.ts`]),
      ],
      env: { RAMA_TEST_METADATA: pgMeta },
    },
  ],
  {
    name: 'browser (e2e)',
    cmd: ['npx', 'playwright', 'test'],
    needs: '/usr/bin/chromium',
    env: { RAMA_E2E_PORT: String(await freePort()) },
  },
];

const results = [];
// API tests start servers in the test process: give it the thread pool `rama start` gives itself
const suiteEnv = (s) => ({ UV_THREADPOOL_SIZE: '16', ...process.env, ...s.env });

/**
 * Runs commands side by side, keeps each one's output and shows it as it ends (a quiet success
 * shows nothing), records their times, and stops the whole run if one failed.
 */
async function sideBySide(group) {
  console.log(`\n▶ ${group.map((s) => s.name).join(', ')} (side by side)`);
  const runs = await Promise.all(
    group.map(
      (s) =>
        new Promise((done) => {
          const t0 = Date.now();
          const child = spawn(s.cmd[0], s.cmd.slice(1), { cwd: root, env: suiteEnv(s), stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (d) => (output += d));
          child.stderr.on('data', (d) => (output += d));
          child.on('close', (status) => {
            const secs = ((Date.now() - t0) / 1000).toFixed(0);
            if (output.trim()) console.log(`\n--- ${s.name} (${secs} s)\n${output.trimEnd()}`);
            done({ ...s, status, secs });
          });
        }),
    ),
  );
  for (const r of runs) results.push(`${r.name}: ${r.status === 0 ? 'passed' : 'FAILED'} (${r.secs} s)`);
  const failed = runs.filter((r) => r.status !== 0);
  if (failed.length) {
    console.error(`\n✗ ${failed.map((r) => r.name).join(', ')} failed`);
    process.exit(failed[0].status || 1);
  }
}

await sideBySide(STATIC_CHECKS);

for (const s of suites) {
  if (Array.isArray(s) && s[0].needs) {
    if (!existsSync(s[0].needs)) {
      if (process.env.CI) {
        console.error(`\n✗ browser (e2e): ${s[0].needs} is missing (install it: apt-get install -y chromium)`);
        process.exit(1);
      }
      console.warn(`\n! browser (e2e): skipped, ${s[0].needs} is not installed (apt-get install -y chromium)`);
      results.push('browser (e2e): SKIPPED');
      continue;
    }
    await sideBySide(s);
    continue;
  }
  if (Array.isArray(s)) {
    // the examples database the API runs share, built once before they start (idempotent)
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "await (await import('./packages/server/dist/examples/load.js')).loadExamples({ home: '.rama-test/examples' });",
      ],
      { cwd: root, stdio: 'inherit' },
    );
    await sideBySide(s);
    continue;
  }
  if (s.needs && !existsSync(s.needs)) {
    if (process.env.CI) {
      console.error(`\n✗ ${s.name}: ${s.needs} is missing (install it: apt-get install -y chromium)`);
      process.exit(1);
    }
    console.warn(`\n! ${s.name}: skipped, ${s.needs} is not installed (apt-get install -y chromium)`);
    results.push(`${s.name}: SKIPPED`);
    continue;
  }
  console.log(`\n▶ ${s.name}`);
  const t0 = Date.now();
  const r = spawnSync(s.cmd[0], s.cmd.slice(1), { cwd: root, stdio: 'inherit', env: suiteEnv(s) });
  const secs = ((Date.now() - t0) / 1000).toFixed(0);
  if (r.status !== 0) {
    console.error(`\n✗ ${s.name} failed (${secs} s)`);
    process.exit(r.status ?? 1);
  }
  results.push(`${s.name}: passed (${secs} s)`);
}
console.log(`\nAll suites:\n  ${results.join('\n  ')}`);
