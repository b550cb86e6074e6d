/**
 * Reading one YAML file of an import bundle within limits (issue 24, item 3). The `yaml` package's
 * duplicate-key check compares each key with every key before it (400,000 keys held a server for
 * 28 minutes), and even without it the package reads about 1 MB a second. So: key uniqueness is
 * checked here with a Set, and a linear pre-scan refuses a file that certainly holds too much
 * before the parser sees it; the parsed tree is then checked exactly (entries, keys per mapping,
 * depth), JSON texts inside it (`params`, `position`, `json_metadata` …) included. No I/O: this
 * runs in the bundle worker (bundle-read.ts) and in unit tests.
 */
import type * as Yaml from 'yaml';
import { lazyModule } from '../lazy-module.js';

type YamlNode = Yaml.Node;

/**
 * The `yaml` package, required on the first import or export rather than at start (about 70
 * modules an idle server need not hold); CommonJS under Node, so required synchronously.
 */
export const yamlModule = lazyModule<typeof Yaml>('yaml');

export interface YamlLimits {
  /** characters of one file */
  fileChars: number;
  /** mapping keys plus sequence items of one file, JSON texts inside it included */
  entries: number;
  /** keys of one mapping (or JSON object) */
  keysPerMapping: number;
  /** nesting of mappings and sequences (JSON texts inside count from where they sit) */
  depth: number;
}

/**
 * Generous for real exports: a dashboard's layout and metadata hold a few thousand keys (a saved
 * layout is at most 5,000 components, about 1.3 MB of YAML), a chart's params a few hundred, a
 * dataset of 5,000 columns about 2 MB.
 */
export const YAML_LIMITS: YamlLimits = { fileChars: 4 * 1024 * 1024, entries: 200_000, keysPerMapping: 10_000, depth: 64 };

/** The file is not one to import; the message is client-safe and names the limit. */
export class YamlFileError extends Error {}

export const NOT_YAML = 'Not a valid YAML file';
const n = (v: number) => v.toLocaleString('en-US');
export const LIMIT_MESSAGES = {
  fileChars: (l: YamlLimits) => `Too large to import: the file is larger than ${n(l.fileChars / 1024 / 1024)} MB (the limit per file)`,
  entries: (l: YamlLimits) => `Too large to import: more than ${n(l.entries)} keys and list items (the limit per file)`,
  keys: (l: YamlLimits) => `Too large to import: more than ${n(l.keysPerMapping)} keys in one mapping (the limit per mapping)`,
  depth: (l: YamlLimits) => `Too deeply nested to import: more than ${n(l.depth)} levels (the limit per file)`,
  duplicate: (key: string) => `${NOT_YAML}: the key "${key.slice(0, 60)}" appears twice in one mapping`,
} as const;

const COLON = 58;
const COMMA = 44;
const DASH = 45;
const NEWLINE = 10;
const isBlank = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || Number.isNaN(c);

/**
 * A linear look at the text before parsing: `key:` indicators, `- ` items and commas (flow
 * collections and JSON texts) each count one entry, brackets count depth. Quoted text counts too,
 * so this errs high for prose full of commas or brackets: depth is only refused here when far over
 * (four times the limit; the tree walk checks it exactly). It exists so the slow parser never sees
 * a file that is far over the limits.
 */
export function prescan(text: string, limits: YamlLimits = YAML_LIMITS): void {
  if (text.length > limits.fileChars) throw new YamlFileError(LIMIT_MESSAGES.fileChars(limits));
  let entries = 0;
  let depth = 0;
  const maxDepth = limits.depth * 4;
  let lineStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === NEWLINE) {
      lineStart = true;
      continue;
    }
    if (lineStart && (c === 32 || c === 9)) continue;
    if ((c === COLON && isBlank(text.charCodeAt(i + 1))) || c === COMMA || (lineStart && c === DASH && isBlank(text.charCodeAt(i + 1))))
      entries++;
    else if (c === 91 || c === 123) depth++;
    else if ((c === 93 || c === 125) && depth > 0) depth--;
    lineStart = false;
    if (entries > limits.entries) throw new YamlFileError(LIMIT_MESSAGES.entries(limits));
    if (depth > maxDepth) throw new YamlFileError(LIMIT_MESSAGES.depth(limits));
  }
}

/** The running count of one file's entries against its limit. */
class Budget {
  entries = 0;
  constructor(readonly limits: YamlLimits) {}
  add(k: number): void {
    this.entries += k;
    if (this.entries > this.limits.entries) throw new YamlFileError(LIMIT_MESSAGES.entries(this.limits));
  }
}

/**
 * A string that holds JSON (first character `{` or `[`) is checked as JSON: entries, keys per
 * object and depth, from `baseDepth`. One pass, no allocation; text that turns out not to be JSON is
 * left alone (the importer reports it in its own words).
 */
export function checkJsonText(text: string, baseDepth: number, budget: Budget): void {
  const first = text.trimStart().charCodeAt(0);
  if (first !== 91 && first !== 123) return;
  const limits = budget.limits;
  // per open container: 1 for an object, 0 for an array; and its entry count
  const kinds: number[] = [];
  const counts: number[] = [];
  let inString = false;
  let empty = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) {
      inString = true;
      empty = false;
    } else if (c === 91 || c === 123) {
      kinds.push(c === 123 ? 1 : 0);
      counts.push(0);
      empty = true;
      if (baseDepth + kinds.length > limits.depth) throw new YamlFileError(LIMIT_MESSAGES.depth(limits));
    } else if (c === 93 || c === 125) {
      const count = (counts.pop() ?? 0) + (empty ? 0 : 1);
      kinds.pop();
      budget.add(count);
      empty = false;
    } else if (c === COMMA && counts.length) {
      counts[counts.length - 1]++;
      if (kinds[kinds.length - 1] === 1 && counts[counts.length - 1] >= limits.keysPerMapping)
        throw new YamlFileError(LIMIT_MESSAGES.keys(limits));
      empty = true;
    } else if (!isBlank(c) && c !== COLON) empty = false;
  }
}

/** Walk the parsed tree without recursion: entries, keys per mapping (unique), depth, JSON texts. */
function checkTree(root: YamlNode | null, limits: YamlLimits): void {
  const { isAlias, isMap, isScalar, isSeq } = yamlModule();
  const budget = new Budget(limits);
  const stack: [YamlNode | null, number][] = [[root, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop() as [YamlNode | null, number];
    if (!node || isAlias(node)) continue;
    if (depth > limits.depth) throw new YamlFileError(LIMIT_MESSAGES.depth(limits));
    if (isScalar(node)) {
      if (typeof node.value === 'string') checkJsonText(node.value, depth, budget);
    } else if (isMap(node)) {
      if (node.items.length > limits.keysPerMapping) throw new YamlFileError(LIMIT_MESSAGES.keys(limits));
      budget.add(node.items.length);
      const seen = new Set<string>();
      for (const pair of node.items) {
        const key = pair.key as YamlNode | null;
        // only plain keys: a mapping or list as a key has no JSON equivalent
        if (key && !isScalar(key)) throw new YamlFileError(`${NOT_YAML}: a key that is not a plain value`);
        const name = String(key?.value ?? '');
        if (seen.has(name)) throw new YamlFileError(LIMIT_MESSAGES.duplicate(name));
        seen.add(name);
        stack.push([pair.value as YamlNode | null, depth + 1]);
      }
    } else if (isSeq(node)) {
      budget.add(node.items.length);
      for (const item of node.items) stack.push([item as YamlNode | null, depth + 1]);
    }
  }
}

/**
 * One YAML file as plain data, or YamlFileError with what is wrong. Aliases stay capped (100
 * expansions) so a small file cannot grow into a huge document.
 */
export function parseYamlLimited(text: string, limits: YamlLimits = YAML_LIMITS): unknown {
  prescan(text, limits);
  const doc = yamlModule().parseDocument(text, { uniqueKeys: false, prettyErrors: false });
  if (doc.errors.length) throw new YamlFileError(NOT_YAML);
  checkTree(doc.contents as YamlNode | null, limits);
  try {
    return doc.toJS({ maxAliasCount: 100 });
  } catch {
    throw new YamlFileError(NOT_YAML);
  }
}
