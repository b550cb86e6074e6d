// Shared bench helpers: a real `rama start` process on a temporary home, and timing utilities.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;
const CLI = join(root, 'packages/server/dist/cli.js');
const ADMIN_PASSWORD = 'bench-admin-password';

export async function startServer(env = {}, opts = {}) {
  const home = mkdtempSync(join(tmpdir(), 'rama-bench-'));
  const port = 18700 + Math.floor(Math.random() * 200);
  const fullEnv = {
    ...process.env,
    RAMA_HOME: home,
    RAMA_PORT: String(port),
    RAMA_ADMIN_PASSWORD: ADMIN_PASSWORD,
    RAMA_LOG_LEVEL: 'warn',
    RAMA_LOGIN_RATE_LIMIT: '1000',
    // as `rama start` would set it itself, but in this process (its memory is what we measure)
    UV_THREADPOOL_SIZE: '16',
    ...env,
  };
  execFileSync(process.execPath, [CLI, 'init'], { env: fullEnv, stdio: 'ignore' });
  // RAMA_BENCH_CPU_PROFILE: write a V8 CPU profile of the server to /tmp/rama-prof (for finding where time goes)
  const profile = env.RAMA_BENCH_CPU_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/rama-prof'] : [];
  // RAMA_BENCH_NODE_FLAGS: node flags for the server alone, e.g. a V8 setting measured A/B (space-separated)
  const flags = (process.env.RAMA_BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const proc = spawn(process.execPath, [...flags, ...profile, CLI, 'start'], {
    env: fullEnv,
    stdio: ['ignore', opts.onLog ? 'pipe' : 'ignore', 'inherit'],
  });
  if (opts.onLog) {
    // pino writes one JSON object per line: hand each line to the caller
    let rest = '';
    proc.stdout.setEncoding('utf8');
    proc.stdout.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      for (const line of lines) opts.onLog(line);
    });
  }
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const login = await fetch(`${url}/api/v1/security/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD, provider: 'db' }),
  });
  const { access_token } = await login.json();
  return {
    url,
    home,
    pid: proc.pid,
    token: access_token,
    examplesPath: join(home, 'examples.duckdb'),
    /** start measuring the peak anew (Linux: writing 5 to clear_refs resets VmHWM) */
    resetPeakMemory() {
      writeFileSync(`/proc/${proc.pid}/clear_refs`, '5');
    },
    /** a session of its own (cookie), as a second user of the web app would have */
    async login(username) {
      const r = await fetch(`${url}/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: ADMIN_PASSWORD }),
      });
      const cookie = r.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      return async (method, path) => {
        const res = await fetch(url + path, { method, headers: { cookie } });
        return { status: res.status, text: await res.text() };
      };
    },
    /** peak resident memory of the server process so far (VmHWM), in MB */
    peakMemoryMb() {
      const status = readFileSync(`/proc/${proc.pid}/status`, 'utf8');
      const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return kb / 1024;
    },
    async api(method, path, body) {
      const res = await fetch(url + path, {
        method,
        headers: { authorization: `Bearer ${access_token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, text: await res.text() };
    },
    async stop() {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** Chromium as the browser benches run it: the system's build, no GPU, no background traffic. */
export async function launchChromium() {
  const { chromium } = await import('@playwright/test');
  return chromium.launch({
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
  });
}

/** Signs `page` in as the bench's admin through the login form; resolves on the welcome page. */
export async function signInAsAdmin(page, server) {
  await page.goto(`${server.url}/login/`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/welcome/);
}

export async function timeIt(fn) {
  const t0 = performance.now();
  const out = await fn();
  return { ms: performance.now() - t0, out };
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/**
 * The baseline and Rama timed in turn (one warm-up each, then `runs` rounds), as medians and their
 * ratio: what every "against the raw driver" case reports.
 */
export async function compareMedians(baseline, rama, runs) {
  await baseline();
  await rama();
  const base = [];
  const ours = [];
  for (let i = 0; i < runs; i++) {
    base.push((await timeIt(baseline)).ms);
    ours.push((await timeIt(rama)).ms);
  }
  return { baseline_ms: median(base), rama_ms: median(ours), ratio: median(ours) / median(base) };
}

/** POST /api/v1/chart/data with `force: true`; the reply's length (throws on anything but 200). */
export async function forcedChartData(server, body) {
  const r = await server.api('POST', '/api/v1/chart/data', { ...body, force: true });
  if (r.status !== 200) throw new Error(`chart data failed: ${r.status} ${r.text.slice(0, 300)}`);
  return r.text.length;
}
