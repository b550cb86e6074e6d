// `npm start`: install and build if needed, prepare (idempotent `rama init`), then serve.
import { spawn, execFileSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
execFileSync(process.execPath, ['scripts/ensure.mjs'], { cwd: root, stdio: 'inherit' });
const cli = 'packages/server/dist/cli.js';
execFileSync(process.execPath, [cli, 'init'], { cwd: root, stdio: 'inherit' });
// the thread pool `rama start` would otherwise re-run itself to get (DuckDB holds a thread per query)
const server = spawn(process.execPath, [cli, 'start'], { cwd: root, stdio: 'inherit', env: { UV_THREADPOOL_SIZE: '16', ...process.env } });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
