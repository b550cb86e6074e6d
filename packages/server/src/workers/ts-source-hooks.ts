/**
 * Running a worker thread or child process from the TypeScript sources (vitest): a module hook that
 * maps `./x.js` imports to `./x.ts` and transpiles them with the `typescript` dev dependency. The
 * built server (dist/) loads the compiled .js files and never uses this.
 */
import { createRequire } from 'node:module';

/** The hook module's source, registered with `module.register` and `{ data: { typescript } }`. */
export const TS_SOURCE_HOOKS = `
import { readFile, access } from 'node:fs/promises';
import { createRequire } from 'node:module';
let ts;
export async function initialize(data) { ts = createRequire(data.typescript)(data.typescript); }
export async function resolve(specifier, context, next) {
  if (context.parentURL && context.parentURL.endsWith('.ts') && /^\\.\\.?\\//.test(specifier) && specifier.endsWith('.js')) {
    const url = new URL(specifier.slice(0, -3) + '.ts', context.parentURL);
    try { await access(url); return { url: url.href, shortCircuit: true }; } catch {}
  }
  return next(specifier, context);
}
export async function load(url, context, next) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return next(url, context);
  const source = await readFile(new URL(url), 'utf8');
  const out = ts.transpileModule(source, { fileName: url, compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } });
  return { format: 'module', source: out.outputText, shortCircuit: true };
}
`;

/** Where the `typescript` package is, for the hook's `initialize` (resolved from `from`). */
export const typescriptPath = (from: string): string => createRequire(from).resolve('typescript');
