/**
 * The async chart queue under one user's flood (embedded default: in-process queue): a user may
 * hold only RAMA_ASYNC_MAX_QUEUED_PER_USER jobs (more answer 429 with the reason), and another
 * user's chart is taken next rather than behind the flood's backlog. A's jobs are slow for real:
 * a PostgreSQL dataset whose SQL sleeps.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AsyncJobMetadata } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { describeIfService, pgTestUrl, postgresService } from '../test-support/services.js';
import { customRole, loggedInUser } from '../test-support/users.js';
import { examplesDataset } from '../test-support/datasets.js';
import { chartContext, pollEvent } from '../test-support/async.js';
import { datasetPermView } from '../access/datasets.js';

const CAP = 8;
const SLEEP_S = 2.5;

await describeIfService(postgresService, 'fair async chart queue', () => {
  let server: TestServer;
  let admin: Client;
  let slow: number;
  let flights: number;
  let userA: Client;
  let userC: Client;
  let other: Client;

  beforeAll(async () => {
    server = await startTestServer({
      GLOBAL_ASYNC_QUERIES: 'true',
      RAMA_WORKER_CONCURRENCY: '3',
      RAMA_ASYNC_MAX_QUEUED_PER_USER: String(CAP),
    });
    admin = await server.admin();
    const db = await admin.post<{ id: number }>('/api/v1/database/', { database_name: 'pg sleepy', sqlalchemy_uri: pgTestUrl });
    expect(db.status, db.text).toBe(201);
    const ds = await admin.post<{ id: number }>('/api/v1/dataset/', {
      database: db.body.id,
      schema: 'public',
      table_name: 'sleepy',
      sql: `SELECT 1 AS n FROM pg_sleep(${SLEEP_S})`,
    });
    expect(ds.status, ds.text).toBe(201);
    slow = ds.body.id;
    flights = await examplesDataset(server, admin, 'flights');
    await customRole(server, 'sleepy_readers', [['datasource_access', datasetPermView('pg sleepy', 'sleepy', slow)]]);
    await customRole(server, 'flights_readers', [['datasource_access', datasetPermView('examples', 'flights', flights)]]);
    userA = (await loggedInUser(server, admin, 'flooder', ['Gamma', 'sleepy_readers'])).client;
    userC = (await loggedInUser(server, admin, 'carol', ['Gamma', 'flights_readers'])).client;
    other = (await loggedInUser(server, admin, 'olga', ['Gamma'])).client;
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it("a flood is capped per user (429 naming the limit) and another user's chart runs next, not after the backlog", async () => {
    // A's jobs: distinct queries (a different row limit each), so none share a computation
    const flood = (i: number) => ({ ...chartContext(slow, { columns: ['n'], metrics: ['count'], row_limit: 100 + i }), force: true });
    const answers: number[] = [];
    const jobs: string[] = [];
    let refused: { status: number; body: unknown } | null = null;
    for (let i = 0; i < CAP + 3; i++) {
      const r = await userA.post<AsyncJobMetadata>('/api/v1/chart/data', flood(i));
      answers.push(r.status);
      if (r.status === 202) jobs.push(r.body.job_id);
      if (r.status === 429) refused ??= r;
    }
    // every job A holds is still sleeping: exactly CAP accepted, the rest refused
    expect(answers).toEqual([...Array<number>(CAP).fill(202), 429, 429, 429]);
    expect(refused!.body).toEqual({
      errors: [
        {
          message: `You have ${CAP} charts waiting to load already. Wait for them to finish, then try again.`,
          error_type: 'RATE_LIMIT_ERROR',
          level: 'error',
          extra: { limit: CAP },
        },
      ],
    });

    // C's trivial chart while A's backlog (CAP jobs of SLEEP_S each, at most two at a time) waits
    const started = performance.now();
    const accepted = await userC.post<AsyncJobMetadata>('/api/v1/chart/data', chartContext(flights, { row_limit: 5 }));
    expect(accepted.status, accepted.text).toBe(202);
    const meLatencies: number[] = [];
    const event = await Promise.all([
      pollEvent(userC, accepted.body.job_id, 15_000),
      (async () => {
        for (let i = 0; i < 10; i++) {
          const t = performance.now();
          expect((await other.get('/api/v1/me/')).status).toBe(200);
          meLatencies.push(performance.now() - t);
          await new Promise((r) => setTimeout(r, 100));
        }
      })(),
    ]).then(([e]) => e);
    const latency = performance.now() - started;
    expect(event.status).toBe('done');
    console.info(
      `[fairness] user C's chart: ${latency.toFixed(0)} ms behind ${CAP} jobs of ${SLEEP_S} s; ` +
        `another user's /me during the flood: max ${Math.max(...meLatencies).toFixed(1)} ms`,
    );
    // FIFO would need CAP / 3 × SLEEP_S ≈ 7.5 s; C's job takes the slot A may not fill, waiting for none of A's
    expect(latency).toBeLessThan(SLEEP_S * 1000);
    expect(Math.max(...meLatencies)).toBeLessThan(250);

    // A's own chart comes through again once one of A's jobs is done
    expect((await pollEvent(userA, jobs[0], 15_000)).status).toBe('done');
    const late = await userA.post('/api/v1/chart/data', flood(99));
    expect(late.status).toBe(202);
  });
});
