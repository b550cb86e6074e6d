// Hostile requests from an ordinary account (issue 24): what each answers, how long another user's
// /api/v1/me/ waits while it runs (goal < 100 ms), and the server's memory before and after.
import { readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { median, startServer, timeIt } from './lib.mjs';

const PASSWORD = 'bench-attacker-password-1';

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** A session of a new user with the given role, logged in through the API as the web app does. */
async function userSession(server, username, role) {
  const roles = JSON.parse((await server.api('GET', '/api/v1/security/roles/?q=(page_size:100)')).text).result;
  const roleId = roles.find((r) => r.name === role).id;
  const made = await server.api('POST', '/api/v1/security/users/', {
    username,
    first_name: username,
    last_name: 'Bench',
    email: `${username}@example.com`,
    password: PASSWORD,
    roles: [roleId],
  });
  if (made.status !== 201) throw new Error(`creating ${username}: ${made.status} ${made.text}`);
  const login = await fetch(`${server.url}/api/v1/security/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD, provider: 'db' }),
  });
  const { access_token } = await login.json();
  return async (method, path, body, headers = {}) => {
    const res = await fetch(server.url + path, {
      method,
      headers: {
        authorization: `Bearer ${access_token}`,
        ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, text: await res.text(), headers: res.headers };
  };
}

/**
 * A chart data request as the web app makes it: a 202 (async delivery) is followed through the
 * user's event channel to its result, whose answer is the request's answer.
 */
const accepted = { ms: 0 };
async function chartData(session, body) {
  const t0 = performance.now();
  const first = await session('POST', '/api/v1/chart/data', body);
  if (first.status !== 202) return first;
  accepted.ms = performance.now() - t0;
  const { job_id } = JSON.parse(first.text);
  for (let i = 0; i < 1200; i++) {
    const events = JSON.parse((await session('GET', '/api/v1/async_event/')).text).result ?? [];
    const ev = events.find((e) => e.job_id === job_id && (e.status === 'done' || e.status === 'error'));
    if (ev?.status === 'done') return session('GET', ev.result_url);
    if (ev) return { status: 400, text: JSON.stringify({ message: ev.errors?.[0]?.message ?? 'error' }) };
    await new Promise((r) => setTimeout(r, 50));
  }
  return { status: 0, text: '{"message":"no answer within 60 s"}' };
}

/** Run `attack` while another session polls /api/v1/me/ every 25 ms; latencies and the attack's answer. */
async function during(other, attack) {
  const lat = [];
  let done = false;
  const t0 = performance.now();
  const answer = attack().finally(() => (done = true));
  while (!done) {
    lat.push((await timeIt(() => other('GET', '/api/v1/me/'))).ms);
    await new Promise((r) => setTimeout(r, 25));
  }
  const out = await answer;
  return { out, lat, ms: performance.now() - t0 };
}

const brief = (text) => {
  try {
    const body = JSON.parse(text);
    const m = body.message ?? body.errors?.[0]?.message ?? body.result?.[0]?.error;
    return (typeof m === 'string' ? m : JSON.stringify(m ?? body)).slice(0, 160);
  } catch {
    return text.slice(0, 160);
  }
};

function line(name, r, extra = '') {
  return {
    summary:
      `${name}\n  answer ${r.out.status}: ${brief(r.out.text)}\n` +
      `  took ${r.ms.toFixed(0)} ms; another user's /api/v1/me/ meanwhile: median ${median(r.lat).toFixed(1)} ms, ` +
      `max ${Math.max(...r.lat).toFixed(1)} ms over ${r.lat.length} requests (goal < 100 ms)${extra}`,
  };
}

const chartQuery = (datasetId, query) => ({
  datasource: { id: datasetId, type: 'table' },
  force: true,
  queries: [query],
  result_format: 'json',
  result_type: 'full',
});

export async function benchAttacks() {
  const server = await startServer({ GLOBAL_ASYNC_QUERIES: 'true' });
  const out = [];
  try {
    const dbs = JSON.parse((await server.api('GET', '/api/v1/database/')).text).result;
    const ex = dbs.find((d) => d.database_name === 'examples');
    const ds = JSON.parse((await server.api('GET', '/api/v1/dataset/?q=(page_size:100)')).text).result;
    const flights = ds.find((d) => d.table_name === 'flights').id;
    const attacker = await userSession(server, 'mallory', 'Alpha');
    const bystander = await userSession(server, 'carol', 'Alpha');
    // warm up both sessions and the dataset
    await bystander('GET', '/api/v1/me/');
    await attacker('POST', '/api/v1/chart/data', chartQuery(flights, { metrics: ['count'], columns: [], row_limit: 10 }));

    // case 2: resample to milliseconds after a pivot over three days of daily data
    let before = rssMb(server.pid);
    let r = await during(bystander, () =>
      chartData(
        attacker,
        chartQuery(flights, {
          columns: [{ columnType: 'BASE_AXIS', sqlExpression: 'date', label: 'date', expressionType: 'SQL', timeGrain: 'P1D' }],
          metrics: ['count'],
          time_range: '2001-01-01 : 2001-01-04',
          granularity: 'date',
          extras: { time_grain_sqla: 'P1D' },
          row_limit: 1000,
          post_processing: [
            { operation: 'pivot', options: { index: ['date'], columns: [], aggregates: { count: { operator: 'mean' } } } },
            { operation: 'resample', options: { rule: '1L', method: 'asfreq' } },
          ],
        }),
      ),
    );
    out.push(
      line(
        'case 2a: resample rule 1L after a pivot over 3 days',
        r,
        `; server RSS ${before.toFixed(0)} → ${rssMb(server.pid).toFixed(0)} MB`,
      ),
    );

    before = rssMb(server.pid);
    r = await during(bystander, () =>
      chartData(
        attacker,
        chartQuery(flights, {
          columns: [{ columnType: 'BASE_AXIS', sqlExpression: 'date', label: 'date', expressionType: 'SQL' }, 'destination'],
          metrics: ['count'],
          row_limit: 100000,
          post_processing: [
            { operation: 'pivot', options: { index: ['date'], columns: ['destination'], aggregates: { count: { operator: 'mean' } } } },
            { operation: 'flatten' },
          ],
        }),
      ),
    );
    out.push(
      line('case 2b: pivot of 100k dates × destination', r, `; server RSS ${before.toFixed(0)} → ${rssMb(server.pid).toFixed(0)} MB`),
    );
    before = rssMb(server.pid);
    r = await during(bystander, () =>
      chartData(
        attacker,
        chartQuery(flights, { columns: ['date', 'delay', 'distance', 'origin', 'destination'], metrics: [], row_limit: 100000 }),
      ),
    );
    out.push(
      line(
        'case 2c: 100,000 raw rows × 5 columns, no post-processing',
        r,
        `; server RSS ${before.toFixed(0)} → ${rssMb(server.pid).toFixed(0)} MB`,
      ),
    );
    const health = await fetch(`${server.url}/health`);
    out.push({ summary: `  /health after case 2: ${health.status} ${await health.text()}` });

    // case 3: a chart bundle whose params hold 400,000 keys (about 1 MB zipped)
    const keys = Array.from({ length: 400_000 }, (_, i) => `    k${i}: ${i}`).join('\n');
    const chartYaml = `slice_name: hostile\nviz_type: table\nuuid: 6a0f3e0e-2f4c-4d7e-9a59-0d5b8d7c1a11\nversion: 1.0.0\ndataset_uuid: 6a0f3e0e-2f4c-4d7e-9a59-0d5b8d7c1a12\nparams:\n${keys}\n`;
    const zip = zipSync({
      'bundle/metadata.yaml': strToU8('version: 1.0.0\ntype: Slice\ntimestamp: 2026-11-28T00:00:00+00:00\n'),
      'bundle/charts/hostile.yaml': strToU8(chartYaml),
    });
    r = await during(bystander, () => {
      const form = new FormData();
      form.append('formData', new Blob([zip], { type: 'application/zip' }), 'hostile.zip');
      return attacker('POST', '/api/v1/chart/import/', form);
    });
    out.push(line(`case 3: chart import with 400,000 keys in params (${(zip.length / 1024).toFixed(0)} KB zip)`, r));

    // case 7: a dashboard layout of 20,000 nested TABS/TAB, then its export
    const position = { DASHBOARD_VERSION_KEY: 'v2', ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['T0'] } };
    for (let i = 0; i < 20_000; i++) {
      const tabs = i % 2 === 0;
      position[`T${i}`] = {
        type: tabs ? 'TABS' : 'TAB',
        id: `T${i}`,
        children: i + 1 < 20_000 ? [`T${i + 1}`] : [],
        meta: tabs ? {} : { text: 't' },
      };
    }
    before = rssMb(server.pid);
    r = await during(bystander, () =>
      attacker('POST', '/api/v1/dashboard/', { dashboard_title: 'deep', position_json: JSON.stringify(position) }),
    );
    let created = null;
    try {
      created = JSON.parse(r.out.text).id ?? null;
    } catch {
      /* refused */
    }
    out.push(line('case 7: save a layout of 20,000 nested TABS/TAB (2 MB)', r));
    if (created) {
      r = await during(bystander, () => attacker('GET', `/api/v1/dashboard/export/?q=!(${created})`));
      out.push(line('case 7: export of that dashboard', r));
    }
    out.push({ summary: `  server RSS around case 7: ${before.toFixed(0)} → ${rssMb(server.pid).toFixed(0)} MB` });

    // case 10: one user fires 200 forced async chart jobs at once; another user's trivial chart meanwhile
    const job = (i) =>
      attacker(
        'POST',
        '/api/v1/chart/data',
        chartQuery(flights, { metrics: ['count'], columns: ['origin'], row_limit: 100, extras: { where: `${i} = ${i}` } }),
      );
    let mineMs = 0;
    let mine = null;
    r = await during(bystander, async () => {
      const flood = Promise.all(Array.from({ length: 200 }, (_, i) => job(i).then((a) => a.status)));
      await new Promise((res) => setTimeout(res, 200));
      const t = await timeIt(() =>
        chartData(bystander, chartQuery(flights, { metrics: ['count'], columns: [], row_limit: 10, extras: { where: '1 = 1' } })),
      );
      mineMs = t.ms;
      mine = t.out;
      const answers = await flood;
      const counts = answers.reduce((acc, st) => ({ ...acc, [st]: (acc[st] ?? 0) + 1 }), {});
      return { status: 202, text: JSON.stringify({ message: `answers by status: ${JSON.stringify(counts)}` }) };
    });
    out.push(line('case 10: 200 forced async chart jobs from one user at once', r));
    out.push({
      summary: `  another user's trivial async chart sent during that backlog: accepted (202) after ${accepted.ms.toFixed(0)} ms, answered ${mine.status} after ${mineMs.toFixed(0)} ms`,
    });
    void ex;
  } finally {
    await server.stop();
  }
  return out;
}
