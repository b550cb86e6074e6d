#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { ConfigError, loadConfig, writePrivateFile, type RamaConfig } from './config.js';
import { openMetadataStore } from './metadata/db.js';
import { migrateToLatest } from './metadata/migrations.js';
import { buildApp, createContext } from './app.js';
import { pino } from 'pino';
import { startBullWorker } from './sqllab/queue.js';
import { startChartWorker } from './async/queue.js';
import { ensureAdmin, syncBuiltinRoles } from './accounts/users.js';
import { generatePassword } from './security/passwords.js';
import { loadExamples } from './examples/load.js';
import { registerExamplesDatabase } from './examples/register.js';
import { registerExampleDatasets } from './examples/datasets.js';
import { registerExampleDashboards } from './examples/dashboards.js';
import { spawn } from 'node:child_process';
import { threadPoolSize } from './execution/slots.js';
import { surviveConnectionFailures } from './http/outage.js';

const WATCH_PARENT = 'RAMA_WATCH_PARENT';

/**
 * The child of runWithThreadPool dies with its parent. The parent passes SIGINT and SIGTERM on;
 * when its IPC channel closes otherwise, the parent was killed outright (SIGKILL, a crash), so the
 * child ends the same way: an orphan would keep running queries and renewing their leases with
 * nobody to stop it, while its queries should be left to expire as interrupted.
 */
function watchParent(): void {
  if (process.env[WATCH_PARENT] !== '1' || !process.channel) return;
  delete process.env[WATCH_PARENT];
  process.channel.unref();
  process.on('disconnect', () => process.kill(process.pid, 'SIGKILL'));
}
watchParent();

/**
 * Node sizes its libuv thread pool once, from UV_THREADPOOL_SIZE, before any of our code runs (the
 * module loader already uses it). Long-running commands need more than the default four threads
 * (DuckDB holds one per running statement), so without the setting the command runs again in a
 * child process that has it, with signals passed on. Returns true when the child took over.
 */
function runWithThreadPool(cfg: RamaConfig): boolean {
  if (process.env.UV_THREADPOOL_SIZE) return false;
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    // the IPC channel tells the child when this process is gone, even killed with SIGKILL
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, UV_THREADPOOL_SIZE: String(threadPoolSize(cfg.dbConcurrentQueries)), [WATCH_PARENT]: '1' },
  });
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
  return true;
}

function config(): RamaConfig {
  try {
    return loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`rama: configuration error: ${e.message}`);
      process.exit(2);
    }
    throw e;
  }
}

async function withApp<T>(fn: (built: Awaited<ReturnType<typeof buildApp>>) => Promise<T>): Promise<T> {
  const built = await buildApp({ config: config(), logger: false });
  try {
    return await fn(built);
  } finally {
    await built.app.close();
  }
}

async function createAdmin(cfg: RamaConfig, username: string, password: string | null): Promise<void> {
  const store = openMetadataStore(cfg.metadataUrl);
  try {
    await migrateToLatest(store.db as never, store.dialect);
    await syncBuiltinRoles(store.db);
    const generated = password === null;
    const pw = password ?? generatePassword();
    const created = await ensureAdmin(store.db, username, pw);
    if (!created) {
      console.log(`Admin user "${username}" already exists.`);
      return;
    }
    if (generated) {
      const file = join(cfg.home, 'admin_password');
      writePrivateFile(file, `${pw}\n`);
      console.log(
        `\nCreated admin user "${username}" with the generated password:\n\n    ${pw}\n\n(also stored in ${file}, readable only by you)\n`,
      );
    } else {
      console.log(`Created admin user "${username}".`);
    }
  } finally {
    await store.close();
  }
}

async function loadAndRegisterExamples(force: boolean): Promise<void> {
  const cfg = config();
  // imported here: `rama start` never shows a progress bar
  const { default: cliProgress } = await import('cli-progress');
  const bar = new cliProgress.SingleBar(
    { format: 'Loading examples |{bar}| {value}/{total} tables  {table}', hideCursor: true, clearOnComplete: false },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  const result = await loadExamples({
    home: cfg.home,
    force,
    onProgress: ({ done, total, table }) => {
      if (!started) {
        bar.start(total, 0, { table: '' });
        started = true;
      }
      bar.update(done, { table });
    },
  });
  if (started) bar.stop();
  if (result.skipped) console.log(`Examples database is up to date (${result.path}).`);
  else console.log(`Loaded ${result.tables.length} example tables into ${result.path}.`);
  await withApp(async ({ ctx }) => {
    const id = await registerExamplesDatabase(ctx, result.path);
    console.log(`The "examples" database is registered (id ${id}).`);
    const datasets = await registerExampleDatasets(ctx, id);
    if (datasets) console.log(`Registered ${datasets} example datasets with their metrics.`);
    const saved = await registerExampleDashboards(ctx, id);
    console.log(
      `Example charts: ${saved.chartsCreated} created, ${saved.chartsUpdated} updated; dashboards: ${saved.dashboardsCreated} created, ${saved.dashboardsUpdated} updated.`,
    );
    for (const w of saved.warnings) console.log(`  note: ${w}`);
  });
}

const program = new Command();
program.name('rama').description('Rama: open data exploration and dashboarding').version('0.1.0');

program
  .command('db-upgrade')
  .description('create or upgrade the metadata store to the latest version')
  .action(async () => {
    const cfg = config();
    const store = openMetadataStore(cfg.metadataUrl);
    const applied = await migrateToLatest(store.db as never, store.dialect);
    await syncBuiltinRoles(store.db);
    await store.close();
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The metadata store is up to date.');
  });

program
  .command('create-admin')
  .description('create an admin user')
  .option('-u, --username <name>', 'user name (default RAMA_ADMIN_USERNAME or admin)')
  .option('-p, --password <password>', 'password (default RAMA_ADMIN_PASSWORD, else generated)')
  .action(async (opts: { username?: string; password?: string }) => {
    const cfg = config();
    await createAdmin(cfg, opts.username ?? cfg.adminUsername, opts.password ?? cfg.adminPassword);
  });

program
  .command('load-examples')
  .description('build the examples DuckDB database from vega-datasets and register it')
  .option('-f, --force', 'rebuild even when up to date')
  .action(async (opts: { force?: boolean }) => loadAndRegisterExamples(Boolean(opts.force)));

program
  .command('init')
  .description('prepare everything (idempotent): metadata store, roles, admin user, examples')
  .option('--skip-examples', 'do not load the examples database')
  .action(async (opts: { skipExamples?: boolean }) => {
    const cfg = config();
    await createAdmin(cfg, cfg.adminUsername, cfg.adminPassword);
    if (!opts.skipExamples) await loadAndRegisterExamples(false);
    const pwFile = join(cfg.home, 'admin_password');
    if (!cfg.adminPassword && existsSync(pwFile)) {
      console.log(`Admin login: ${cfg.adminUsername} (password in ${pwFile})`);
    }
  });

program
  .command('worker')
  .description('run async SQL Lab queries and async chart queries from the Redis queues, and schedule reports (needs RAMA_REDIS_URL)')
  .option('-c, --concurrency <n>', 'queries of each kind run at once', (v) => Number(v))
  .action(async (opts: { concurrency?: number }) => {
    const cfg = config();
    if (runWithThreadPool(cfg)) return;
    if (!cfg.redisUrl) {
      console.error('rama worker needs RAMA_REDIS_URL: without Redis, async queries run inside `rama start`.');
      process.exit(2);
    }
    const log = pino({ level: cfg.logLevel });
    const store = openMetadataStore(cfg.metadataUrl);
    await migrateToLatest(store.db as never, store.dialect);
    const ctx = createContext(cfg, store, log);
    const concurrency = opts.concurrency ?? cfg.workerConcurrency;
    const worker = startBullWorker(ctx, ctx.sqllab.runner, cfg.redisUrl, concurrency);
    const chartWorker = startChartWorker(ctx, cfg.redisUrl, concurrency);
    // every worker schedules reports: the unique (report, slot) key lets exactly one run each slot
    ctx.reports.startScheduler();
    surviveConnectionFailures(log);
    log.info({ worker: ctx.sqllab.runner.workerId }, 'rama worker waiting for queries and scheduling reports');
    const shutdown = async () => {
      log.info('worker shutting down: stopping running queries');
      setTimeout(() => process.exit(1), 10_000).unref();
      ctx.execution.cancelAll();
      await Promise.all([worker.close(), chartWorker.close()]);
      await ctx.sqllab.close();
      await ctx.asyncQueries.close();
      await ctx.charts.close();
      await ctx.connections.closeAll();
      await store.close();
      process.exit(0);
    };
    process.on('SIGTERM', () => void shutdown());
    process.on('SIGINT', () => void shutdown());
  });

program
  .command('start')
  .description('serve Rama')
  .action(async () => {
    const cfg = config();
    if (runWithThreadPool(cfg)) return;
    const { app, ctx } = await buildApp({ config: cfg });
    surviveConnectionFailures(app.log);
    // without Redis (no `rama worker`), the server schedules reports itself
    if (cfg.reports.schedulerInServer) ctx.reports.startScheduler();
    let closing = false;
    const shutdown = (signal: string) => {
      if (closing) return;
      closing = true;
      // running queries are cancelled inside their databases (app preClose), so requests end soon
      app.log.info({ signal }, 'shutting down: stopping running queries, finishing requests');
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      // a keep-alive connection whose last reply ends during shutdown would hold close() open
      setInterval(() => app.server.closeIdleConnections(), 100).unref();
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.on('SIGTERM', () => shutdown('SIGTERM'));
    process.on('SIGINT', () => shutdown('SIGINT'));
    await app.listen({ host: cfg.host, port: cfg.port });
    console.log(`\n  Rama is serving at http://${cfg.host === '0.0.0.0' ? '127.0.0.1' : cfg.host}:${cfg.port}/\n`);
  });

program.parseAsync(process.argv).catch((e: unknown) => {
  if (e instanceof ConfigError) {
    console.error(`rama: configuration error: ${e.message}`);
    process.exit(2);
  }
  console.error(`rama: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
