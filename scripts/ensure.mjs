// Install dependencies and build the packages when they are missing or out of date.
// Used by `npm start`, `npm test` and `npm run bench`, so a fresh clone needs nothing else.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit', env: { ...process.env, npm_config_update_notifier: 'false' } });

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

const stamp = join(root, 'node_modules', '.rama-install-stamp');
const lockTime = Math.max(newest(join(root, 'package-lock.json')), newest(join(root, 'package.json')));
if (!existsSync(stamp) || statSync(stamp).mtimeMs < lockTime) {
  console.log('rama: installing dependencies (npm install)…');
  run('npm install --no-audit --no-fund --loglevel=error');
  writeFileSync(stamp, new Date().toISOString());
}

const builds = [
  { name: '@rama/shared', src: ['packages/shared/src'], out: 'packages/shared/dist' },
  { name: '@rama/server', src: ['packages/server/src', 'packages/shared/src'], out: 'packages/server/dist' },
  {
    name: '@rama/web',
    src: ['packages/web/src', 'packages/web/index.html', 'packages/web/vite.config.ts', 'packages/web/public', 'packages/shared/src'],
    out: 'packages/web/dist',
  },
];
for (const b of builds) {
  if (!existsSync(join(root, b.src[0]))) continue;
  const stampFile = join(root, b.out, '.build-stamp');
  const srcTime = Math.max(...b.src.map((s) => newest(join(root, s))), lockTime);
  if (!existsSync(stampFile) || statSync(stampFile).mtimeMs < srcTime) {
    console.log(`rama: building ${b.name}…`);
    run(`npm run build -w ${b.name} --silent`);
    writeFileSync(stampFile, new Date().toISOString());
  }
}
