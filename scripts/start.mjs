// `npm start`: install and build if needed, prepare (idempotent `rama init`), then serve.
import { spawn, execFileSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
execFileSync(process.execPath, ['scripts/ensure.mjs'], { cwd: root, stdio: 'inherit' });
const cli = 'packages/server/dist/cli.js';
execFileSync(process.execPath, [cli, 'init'], { cwd: root, stdio: 'inherit' });
const server = spawn(process.execPath, [cli, 'start'], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
