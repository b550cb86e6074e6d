// Governed sharing benchmark (issue 25): what row level security and guest tokens add to chart data.
// 1. POST /api/v1/chart/data (force: true, 3M-row flights) by two users of the same data role, one of
//    whom also holds a role with an RLS rule on flights whose clause keeps every row: the ratio is
//    the cost of looking the rules up and applying them (goal <= 1.05).
// 2. The same for a user whose role has rules on other datasets only (the lookup alone).
// 3. A cached chart answer for a guest of the embedded Flights dashboard (guest token header),
//    median over 300, against the same answer for a logged-in user (goal: guest median < 5 ms).
import { context } from './charts.mjs';
import { median, startServer, timeIt } from './lib.mjs';

const PASSWORD = 'bench-user-password-1';

async function json(server, method, path, body, headers = {}) {
  const res = await fetch(server.url + path, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return { text, body: text ? JSON.parse(text) : null };
}

const asAdmin = (server) => ({ authorization: `Bearer ${server.token}` });

async function bearerFor(server, username) {
  const r = await json(server, 'POST', '/api/v1/security/login', { username, password: PASSWORD, provider: 'db' });
  return { authorization: `Bearer ${r.body.access_token}` };
}

async function roleId(server, name) {
  const roles = (await json(server, 'GET', '/api/v1/security/roles/?q=(page_size:1000)', undefined, asAdmin(server))).body.result;
  const found = roles.find((r) => r.name === name);
  if (found) return found.id;
  return (await json(server, 'POST', '/api/v1/security/roles/', { name }, asAdmin(server))).body.id;
}

async function user(server, username, roleIds) {
  await json(
    server,
    'POST',
    '/api/v1/security/users/',
    { username, first_name: username, last_name: 'Bench', email: `${username}@example.com`, password: PASSWORD, roles: roleIds },
    asAdmin(server),
  );
  return bearerFor(server, username);
}

async function alternate(a, b, runs) {
  await a();
  await b();
  const as = [];
  const bs = [];
  for (let i = 0; i < runs; i++) {
    as.push((await timeIt(a)).ms);
    bs.push((await timeIt(b)).ms);
  }
  return { a: median(as), b: median(bs) };
}

export async function benchSharing({ runs = 9 } = {}) {
  const server = await startServer({ EMBEDDED_SUPERSET: 'true' });
  const out = [];
  try {
    const admin = asAdmin(server);
    const datasets = (await json(server, 'GET', '/api/v1/dataset/?q=(page_size:100)', undefined, admin)).body.result;
    const flights = datasets.find((d) => d.table_name === 'flights');
    const other = datasets.find((d) => d.table_name !== 'flights');
    const alpha = await roleId(server, 'Alpha');
    const rlsRole = await roleId(server, 'bench_rls');
    const otherRole = await roleId(server, 'bench_rls_other');
    await json(
      server,
      'POST',
      '/api/v1/rowlevelsecurity/',
      {
        name: 'bench keeps all',
        filter_type: 'Regular',
        tables: [flights.id],
        roles: [rlsRole],
        clause: 'origin IS NOT NULL OR origin IS NULL',
      },
      admin,
    );
    await json(
      server,
      'POST',
      '/api/v1/rowlevelsecurity/',
      { name: 'bench other dataset', filter_type: 'Regular', tables: [other.id], roles: [otherRole], clause: '1 = 1' },
      admin,
    );
    const plain = await user(server, 'bench_plain', [alpha]);
    const ruled = await user(server, 'bench_ruled', [alpha, rlsRole]);
    const elsewhere = await user(server, 'bench_elsewhere', [alpha, otherRole]);
    const post = (headers) => async () => {
      const r = await fetch(`${server.url}/api/v1/chart/data`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ ...context(flights.id), force: true }),
      });
      const text = await r.text();
      if (r.status !== 200) throw new Error(`chart data: ${r.status} ${text.slice(0, 200)}`);
      return text.length;
    };
    const applied = await alternate(post(plain), post(ruled), runs);
    out.push({
      case: 'chart data (flights 3M rows, force: true): a user with an RLS rule on flights (clause keeps every row) vs the same role without',
      baseline_ms: applied.a,
      rama_ms: applied.b,
      ratio: applied.b / applied.a,
      goal: '<= 1.05',
    });
    const lookup = await alternate(post(plain), post(elsewhere), runs);
    out.push({
      case: 'chart data (flights 3M rows, force: true): a user whose role has RLS rules on another dataset vs the same role without',
      baseline_ms: lookup.a,
      rama_ms: lookup.b,
      ratio: lookup.b / lookup.a,
      goal: '<= 1.05',
    });

    // a guest of the embedded Flights dashboard, served from the cache
    const dash = (await json(server, 'GET', '/api/v1/dashboard/flights', undefined, admin)).body.result;
    const embedded = (await json(server, 'POST', `/api/v1/dashboard/${dash.id}/embedded`, { allowed_domains: [] }, admin)).body.result;
    const charts = (await json(server, 'GET', `/api/v1/dashboard/${dash.id}/charts`, undefined, admin)).body.result;
    const chart = charts.find((c) => c.form_data?.datasource?.startsWith(`${flights.id}__`)) ?? charts[0];
    const saved = (await json(server, 'GET', `/api/v1/chart/${chart.id}`, undefined, admin)).body.result;
    const qc = JSON.parse(saved.query_context);
    qc.form_data = { ...(qc.form_data ?? {}), slice_id: chart.id, dashboardId: dash.id };
    const token = (
      await json(
        server,
        'POST',
        '/api/v1/security/guest_token/',
        {
          user: { username: 'bench_guest', first_name: 'Bench', last_name: 'Guest' },
          resources: [{ type: 'dashboard', id: embedded.uuid }],
          rls: [],
        },
        admin,
      )
    ).body.token;
    const guest = { 'X-GuestToken': token };
    const cachedPost = (headers) => async () => {
      const r = await fetch(`${server.url}/api/v1/chart/data`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(qc),
      });
      const text = await r.text();
      if (r.status !== 200) throw new Error(`chart data: ${r.status} ${text.slice(0, 200)}`);
      if (!text.includes('"is_cached":true')) throw new Error('expected a cached answer');
      return text.length;
    };
    // warm both caches (a guest's entry is its own: its scope differs from a user's)
    await cachedPost(guest)().catch(() => undefined);
    await cachedPost(plain)().catch(() => undefined);
    const g = [];
    const u = [];
    for (let i = 0; i < 300; i++) {
      g.push((await timeIt(cachedPost(guest))).ms);
      u.push((await timeIt(cachedPost(plain))).ms);
    }
    out.push({
      case: `cached chart answer for a guest of the embedded Flights dashboard (chart "${chart.slice_name}", median over 300), against a logged-in user`,
      baseline_ms: median(u),
      rama_ms: median(g),
      ratio: median(g) / median(u),
      goal: 'guest median < 5 ms',
    });
  } finally {
    await server.stop();
  }
  return out;
}
