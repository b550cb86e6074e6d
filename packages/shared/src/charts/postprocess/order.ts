/**
 * Grouping and ordering of rows by key columns, as pandas' groupby does it: groups come out in
 * sorted key order (numbers before text, missing keys last or left out). Keys are factorized once
 * per column (one Map lookup per cell) and combined as integers, so no key string is built per row.
 */

/** A missing cell: null, undefined or NaN (pandas' NaN/None/NaT). */
export function isMissing(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === 'number' && Number.isNaN(v));
}

/**
 * A cell as a number, NaN when missing or not numeric. Numeric text counts (PostgreSQL's NUMERIC
 * arrives as text from some drivers; the BI server holds it as Decimal and computes with it).
 */
export function toNum(v: unknown): number {
  if (typeof v === 'number') return v;
  if (v === null || v === undefined) return NaN;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'string') return v.trim() === '' ? NaN : Number(v);
  if (v instanceof Date) return v.getTime();
  return NaN;
}

function valueClass(v: unknown): number {
  if (isMissing(v)) return 2;
  return typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint' || v instanceof Date ? 0 : 1;
}

/**
 * Key order: numbers first, numerically; then text by UTF-16 code unit (Python orders by code
 * point, which differs only between astral characters and U+E000..U+FFFF); missing keys last.
 */
export function compareValues(a: unknown, b: unknown): number {
  const ca = valueClass(a);
  const cb = valueClass(b);
  if (ca !== cb) return ca - cb;
  if (ca === 2) return 0;
  if (ca === 0) {
    const x = toNum(a);
    const y = toNum(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  const x = typeof a === 'string' ? a : String(a);
  const y = typeof b === 'string' ? b : String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** An order of positions in `values` by compareValues, with quicker comparisons when all are numbers or all text. */
function comparatorFor(values: readonly unknown[]): (a: number, b: number) => number {
  if (values.every((v) => typeof v === 'number' && v === v)) {
    const nums = values as readonly number[];
    return (a, b) => nums[a] - nums[b];
  }
  if (values.every((v) => typeof v === 'string')) {
    const texts = values as readonly string[];
    return (a, b) => (texts[a] < texts[b] ? -1 : texts[a] > texts[b] ? 1 : 0);
  }
  return (a, b) => compareValues(values[a], values[b]);
}

export interface Grouping {
  /** the group of each row, numbered in sorted key order; -1 for a row left out (a missing key) */
  ids: Int32Array;
  count: number;
  /** each group's key values: keys[k][g] is key column k of group g */
  keys: unknown[][];
}

export interface GroupOptions {
  /** leave out rows with a missing key (pandas' dropna=True) instead of grouping them last */
  dropMissing: boolean;
  /** one group for every combination of the key values seen (pandas' cartesian product when dropna=False) */
  cartesian?: boolean;
  /** read a missing key as this value (the pivot's column_fill_value) */
  missingAs?: unknown;
  /** called with the number of groups before they are built; throws to refuse too many (a cartesian product can be huge) */
  checkCount?: (count: number) => void;
}

interface Factorized {
  codes: Int32Array;
  /** rank (sorted position) of each code */
  rank: Int32Array;
  sorted: unknown[];
}

function factorize(read: (r: number) => unknown, n: number, opts: GroupOptions): Factorized {
  const codes = new Int32Array(n);
  const seen = new Map<unknown, number>();
  const uniques: unknown[] = [];
  const fill = opts.missingAs;
  const hasFill = fill !== undefined && fill !== null;
  // Rows often arrive in runs of one key (ordered by it): the previous row's code is reused.
  let lastRaw: unknown = undefined;
  let lastCode = -1;
  for (let r = 0; r < n; r++) {
    const raw = read(r);
    if (r > 0 && raw === lastRaw) {
      codes[r] = lastCode;
      continue;
    }
    let v = raw;
    let code: number | undefined;
    if (v === undefined || v === null || (typeof v === 'number' && v !== v)) {
      if (hasFill) v = fill;
      else if (opts.dropMissing) v = undefined;
      else v = null;
    }
    if (v === undefined) code = -1;
    else {
      code = seen.get(v);
      if (code === undefined) {
        code = uniques.length;
        seen.set(v, code);
        uniques.push(v);
      }
    }
    codes[r] = code;
    lastRaw = raw;
    lastCode = code;
  }
  const order = uniques.map((_, i) => i).sort(comparatorFor(uniques));
  const rank = new Int32Array(uniques.length);
  for (let i = 0; i < order.length; i++) rank[order[i]] = i;
  return { codes, rank, sorted: order.map((i) => uniques[i]) };
}

/** Group the first `n` rows by the key columns (read cell by cell); no key columns make one group of every row. */
export function groupRows(keyColumns: readonly ((r: number) => unknown)[], n: number, opts: GroupOptions): Grouping {
  if (keyColumns.length === 0) return { ids: new Int32Array(n), count: n > 0 ? 1 : 0, keys: [] };
  const parts = keyColumns.map((read) => factorize(read, n, opts));
  if (parts.length === 1) {
    // The codes are this call's own: they become the sorted group numbers in place.
    const { codes, rank, sorted } = parts[0];
    for (let r = 0; r < n; r++) if (codes[r] >= 0) codes[r] = rank[codes[r]];
    return { ids: codes, count: sorted.length, keys: [sorted] };
  }
  const cards = parts.map((p) => p.sorted.length);
  const product = cards.reduce((a, b) => a * b, 1);
  if (opts.cartesian) opts.checkCount?.(product);
  if (product > Number.MAX_SAFE_INTEGER) return groupByTuples(parts, n);
  // Lexicographic order of rank tuples is numeric order of the mixed-radix number they spell.
  const composite = new Float64Array(n);
  for (let r = 0; r < n; r++) {
    let c = 0;
    for (let k = 0; k < parts.length; k++) {
      const code = parts[k].codes[r];
      if (code < 0) {
        c = -1;
        break;
      }
      c = c * cards[k] + parts[k].rank[code];
    }
    composite[r] = c;
  }
  let distinct: number[];
  if (opts.cartesian) {
    distinct = Array.from({ length: product }, (_, i) => i);
  } else {
    const seen = new Set<number>();
    for (let r = 0; r < n; r++) if (composite[r] >= 0) seen.add(composite[r]);
    distinct = [...seen].sort((a, b) => a - b);
  }
  const idOf = new Map<number, number>();
  distinct.forEach((c, i) => idOf.set(c, i));
  const ids = new Int32Array(n);
  for (let r = 0; r < n; r++) ids[r] = composite[r] < 0 ? -1 : idOf.get(composite[r])!;
  const keys = parts.map(() => new Array<unknown>(distinct.length));
  for (let g = 0; g < distinct.length; g++) {
    let c = distinct[g];
    for (let k = parts.length - 1; k >= 0; k--) {
      keys[k][g] = parts[k].sorted[c % cards[k]];
      c = Math.floor(c / cards[k]);
    }
  }
  return { ids, count: distinct.length, keys };
}

/** The rare case of too many key combinations to number: group on rank tuples spelled as text. */
function groupByTuples(parts: Factorized[], n: number): Grouping {
  const tupleOf = new Map<string, number[]>();
  const rowKey = new Array<string | null>(n);
  for (let r = 0; r < n; r++) {
    const ranks: number[] = [];
    for (const p of parts) {
      const code = p.codes[r];
      if (code < 0) break;
      ranks.push(p.rank[code]);
    }
    if (ranks.length < parts.length) {
      rowKey[r] = null;
      continue;
    }
    const key = ranks.join(',');
    rowKey[r] = key;
    if (!tupleOf.has(key)) tupleOf.set(key, ranks);
  }
  const sorted = [...tupleOf.entries()].sort((a, b) => {
    for (let k = 0; k < a[1].length; k++) if (a[1][k] !== b[1][k]) return a[1][k] - b[1][k];
    return 0;
  });
  const idOf = new Map<string, number>(sorted.map(([key], i) => [key, i]));
  const ids = new Int32Array(n);
  for (let r = 0; r < n; r++) ids[r] = rowKey[r] === null ? -1 : idOf.get(rowKey[r]!)!;
  const keys = parts.map((p, k) => sorted.map(([, ranks]) => p.sorted[ranks[k]]));
  return { ids, count: sorted.length, keys };
}

/**
 * Rows ordered by group (a counting sort): the rows of group g are order[start[g]..start[g+1]).
 * Rows with id -1 are left out.
 */
export function rowsByGroup(ids: Int32Array, count: number): { order: Int32Array; start: Int32Array } {
  const start = new Int32Array(count + 1);
  for (let r = 0; r < ids.length; r++) if (ids[r] >= 0) start[ids[r] + 1]++;
  for (let g = 0; g < count; g++) start[g + 1] += start[g];
  const next = start.slice(0, count);
  const order = new Int32Array(start[count]);
  for (let r = 0; r < ids.length; r++) {
    const g = ids[r];
    if (g >= 0) order[next[g]++] = r;
  }
  return { order, start };
}
