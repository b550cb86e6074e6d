/**
 * "An engine is one folder" (docs/decisions.md): everything about an engine lives in
 * `engines/<engine>/` and is registered in engines/registry.ts; code elsewhere asks the spec for a
 * capability. These tests fail when code outside the engine folders names an engine in a string or
 * a regular expression (a switch on `backend === …`, a hard-coded dialect, an import of an engine's
 * own module), and
 * when a registered spec leaves out a capability EngineSpec declares.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { STANDARD_EDITOR_DIALECT } from '@rama/shared';
import { STANDARD_LEX_RULES } from './lexer.js';
import { engineSpecForUri, getEngineSpec, listEngineSpecs } from './registry.js';
import { parseUri } from './uri.js';

const ENGINES_DIR = fileURLToPath(new URL('.', import.meta.url));
const ROOT = resolve(ENGINES_DIR, '../../../..');
const SCANNED = ['packages/server/src', 'packages/shared/src', 'packages/web/src'];
const ENGINE_FOLDERS = readdirSync(ENGINES_DIR).filter((f) => statSync(join(ENGINES_DIR, f)).isDirectory());

/** Every name an engine goes by: engine keys, backends, URI dialects, folder names. */
function engineNames(): string[] {
  const names = new Set<string>(ENGINE_FOLDERS);
  for (const spec of listEngineSpecs()) {
    names.add(spec.engine);
    names.add(spec.backend);
    for (const scheme of spec.schemes) names.add(scheme.split('+')[0]);
  }
  return [...names].map((n) => n.toLowerCase());
}

/** Files that may name engines, and why. */
function exempt(rel: string): boolean {
  return (
    // the engines' own folders, and the one list of them
    ENGINE_FOLDERS.some((f) => rel.startsWith(`packages/server/src/engines/${f}/`)) ||
    rel === 'packages/server/src/engines/registry.ts' ||
    // tests and their data say which engine they exercise
    /\.test\.tsx?$/.test(rel) ||
    /fixture/i.test(rel) ||
    /\/test[A-Z][^/]*\.tsx?$/.test(rel) ||
    rel.startsWith('packages/server/src/test-support/') ||
    // Rama's own metadata store (SQLite or PostgreSQL) is not an analytics engine
    rel === 'packages/server/src/metadata/db.ts' ||
    // the French and German words of the server's messages, engine errors included (text for people)
    rel === 'packages/server/src/i18n/messages.ts' ||
    /\/migrations?\.ts$/.test(rel) ||
    // the feature tables' migrations, written for the metadata store's two dialects
    rel.startsWith('packages/server/src/metadata/features/')
  );
}

/**
 * Strings that name an engine without switching on one, by file: text for people, and the bundled
 * examples database (a DuckDB file Rama builds and ships). A new string in these files still fails.
 */
const ALLOWED: Record<string, RegExp[]> = {
  'packages/server/src/cli.ts': [/^build the examples DuckDB database/],
  // the metadata store's default URL
  'packages/server/src/config.ts': [/^sqlite:\/\/$/],
  'packages/server/src/examples/load.ts': [/^examples\.duckdb$/],
  'packages/server/src/examples/register.ts': [/^duckdb:\/\/\/$/],
};

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) yield path;
  }
}

const parsed = new Map<string, { text: string; line: number }[]>();

/** Each string in the file (literals, template parts, regular expressions, JSX text) with its line; package names in imports are left out. */
function strings(path: string, content: string): { text: string; line: number }[] {
  const known = parsed.get(path);
  if (known) return known;
  const source = ts.createSourceFile(
    path,
    content,
    ts.ScriptTarget.Latest,
    true,
    path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: { text: string; line: number }[] = [];
  const visit = (node: ts.Node): void => {
    const isText =
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateLiteralToken(node) ||
      ts.isRegularExpressionLiteral(node) ||
      ts.isJsxText(node);
    // a library (`@duckdb/node-api`) is not an engine: only relative module paths count
    const packageImport =
      ts.isStringLiteral(node) &&
      (ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent) || ts.isExternalModuleReference(node.parent)) &&
      !node.text.startsWith('.');
    if (isText && !packageImport) found.push({ text: node.text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    ts.forEachChild(node, visit);
  };
  visit(source);
  parsed.set(path, found);
  return found;
}

/** `file:line: "text"` for every string outside the engine folders that names an engine. */
function engineNameOffenders(names: readonly string[]): string[] {
  const pattern = new RegExp(`\\b(${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\b`, 'i');
  const offenders: string[] = [];
  for (const dir of SCANNED) {
    for (const path of sourceFiles(join(ROOT, dir))) {
      const rel = relative(ROOT, path).split('\\').join('/');
      if (exempt(rel)) continue;
      const content = readFileSync(path, 'utf8');
      // only a file whose text has a name somewhere can have it in a string
      if (!pattern.test(content)) continue;
      for (const { text, line } of strings(path, content)) {
        if (!pattern.test(text)) continue;
        if ((ALLOWED[rel] ?? []).some((re) => re.test(text))) continue;
        offenders.push(`${rel}:${line}: ${JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text)}`);
      }
    }
  }
  return offenders;
}

describe('an engine is one folder', () => {
  it('knows the engine names it looks for', () => {
    const names = engineNames();
    for (const n of ['postgresql', 'postgres', 'mysql', 'mariadb', 'duckdb', 'sqlite']) expect(names).toContain(n);
  });

  it('finds no engine name in strings outside the engine folders', () => {
    expect(engineNameOffenders(engineNames())).toEqual([]);
  }, 60_000);

  it('would find one: the scan reports a string naming an engine', () => {
    // the scan itself must be able to fail: with `select` as a name, the server's SQL strings are offenders
    expect(engineNameOffenders(['select']).some((o) => o.startsWith('packages/server/src/sql/'))).toBe(true);
  }, 60_000);
});

/** The members EngineSpec declares (read from types.ts), optional ones marked. */
function engineSpecMembers(): { name: string; optional: boolean; method: boolean }[] {
  const path = join(ENGINES_DIR, 'types.ts');
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const members: { name: string; optional: boolean; method: boolean }[] = [];
  source.forEachChild((node) => {
    if (!ts.isInterfaceDeclaration(node) || node.name.text !== 'EngineSpec') return;
    for (const m of node.members) {
      if (!m.name || !ts.isIdentifier(m.name)) continue;
      const method = ts.isMethodSignature(m) || (ts.isPropertySignature(m) && m.type !== undefined && ts.isFunctionTypeNode(m.type));
      members.push({ name: m.name.text, optional: m.questionToken !== undefined, method });
    }
  });
  return members;
}

describe('every registered engine spec answers every capability', () => {
  const members = engineSpecMembers();

  it('reads the capabilities EngineSpec declares', () => {
    const names = members.map((m) => m.name);
    for (const n of ['supportsIlike', 'isFileBased', 'connectionTarget', 'syntax', 'editor', 'timeGrainExpression', 'estimateCost']) {
      expect(names).toContain(n);
    }
    expect(members.find((m) => m.name === 'poolForCatalog')?.optional).toBe(true);
  });

  for (const spec of listEngineSpecs()) {
    describe(spec.engineName, () => {
      it('has every required member, methods as functions', () => {
        const record = spec as unknown as Record<string, unknown>;
        const missing = members.filter((m) => !m.optional && record[m.name] === undefined).map((m) => m.name);
        expect(missing).toEqual([]);
        const notFunctions = members.filter((m) => m.method && record[m.name] !== undefined && typeof record[m.name] !== 'function');
        expect(notFunctions.map((m) => m.name)).toEqual([]);
      });

      it('gives every tokenizer rule and every editor setting', () => {
        for (const key of Object.keys(STANDARD_LEX_RULES))
          expect(typeof (spec.syntax.lexer as unknown as Record<string, unknown>)[key], key).toBe('boolean');
        expect(spec.syntax.parser).not.toBe('');
        expect(spec.syntax.expressionGrammars.length).toBeGreaterThan(0);
        for (const key of Object.keys(STANDARD_EDITOR_DIALECT))
          expect((spec.editor as unknown as Record<string, unknown>)[key], key).toBeDefined();
        expect(spec.editor.keywords.every((k) => k === k.toUpperCase())).toBe(true);
      });

      it('is what its schemes, backend and example URI lead to', () => {
        expect(getEngineSpec(spec.engine)).toBe(spec);
        expect(getEngineSpec(spec.backend).backend).toBe(spec.backend);
        const example = parseUri(spec.sqlalchemyUriPlaceholder);
        expect(engineSpecForUri(example)).toBe(spec);
        expect(example.backend).toBe(spec.backend);
        for (const scheme of spec.schemes) {
          const uri = parseUri(spec.isFileBased ? `${scheme}:////tmp/x.db` : `${scheme}://u@h/db`);
          expect(engineSpecForUri(uri), scheme).toBe(spec);
        }
        const target = spec.connectionTarget(example);
        expect(target?.kind).toBe(spec.isFileBased ? 'file' : 'server');
      });
    });
  }
});
