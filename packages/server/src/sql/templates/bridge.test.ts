import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Environment, Interpreter } from '@huggingface/jinja';
import { describe, expect, it } from 'vitest';
import { BRIDGE_VERSION, PATCHED_METHODS, StringValue } from './bridge.js';

/** The installed library's package.json (its `exports` do not list it: found from the entry point). */
function installedPackage(): { name: string; version: string } {
  let dir = dirname(createRequire(import.meta.url).resolve('@huggingface/jinja'));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version: string };
      if (pkg.name === '@huggingface/jinja') return pkg as { name: string; version: string };
    } catch {
      // not here: one folder up
    }
    const up = dirname(dir);
    if (up === dir) throw new Error('@huggingface/jinja: package.json not found');
    dir = up;
  }
}

describe('the template bridge is pinned to the version of @huggingface/jinja it was written against', () => {
  it('the installed version is the bridge’s', () => {
    const { version } = installedPackage();
    expect(
      version,
      `@huggingface/jinja is ${version}, but sql/templates/bridge.ts patches private methods of ${BRIDGE_VERSION}. ` +
        'Check each patched method (PATCHED_METHODS, the StringValue builtins getter, the value classes) against the new ' +
        'version, run the template tests, then update BRIDGE_VERSION.',
    ).toBe(BRIDGE_VERSION);
  });

  it.each(Object.entries(PATCHED_METHODS))('Interpreter.prototype.%s still exists with %i parameters', (name, arity) => {
    const method = (Interpreter.prototype as unknown as Record<string, unknown>)[name];
    expect(typeof method, `@huggingface/jinja: Interpreter.prototype.${name} is gone (renamed?); bridge.ts replaces it`).toBe('function');
    expect(
      (method as (...args: unknown[]) => unknown).length,
      `@huggingface/jinja: Interpreter.prototype.${name} takes other arguments now`,
    ).toBe(arity);
  });

  it('a string value still builds its builtins in a getter, with replace and split among them', () => {
    const getter = Object.getOwnPropertyDescriptor(StringValue.prototype, 'builtins')?.get;
    expect(getter, '@huggingface/jinja: StringValue.prototype.builtins is no longer a getter').toBeTypeOf('function');
    const builtins = new StringValue('a b').builtins;
    expect(builtins.get('replace')?.type).toBe('FunctionValue');
    expect(builtins.get('split')?.type).toBe('FunctionValue');
  });

  it('the value classes are still the ones an Environment creates', () => {
    const env = new Environment();
    const types = ['', 1, 1.5, true, null, [], {}, () => 0].map((v, i) => (env.set(`v${i}`, v) as unknown as { type: string }).type);
    expect(types).toEqual([
      'StringValue',
      'IntegerValue',
      'FloatValue',
      'BooleanValue',
      'NullValue',
      'ArrayValue',
      'ObjectValue',
      'FunctionValue',
    ]);
  });
});
