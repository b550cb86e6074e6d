/**
 * The pivot table's axes as drawn: leaf keys with a subtotal after each group and a total at the
 * end, and the merged header cells (rowSpan / colSpan) that label them. The same functions serve
 * the columns (levels are header rows) and the rows (levels are header columns).
 */

export type EntryKind = 'leaf' | 'subtotal' | 'total';

export interface AxisEntry {
  kind: EntryKind;
  /** the full key (leaf), the group's prefix (subtotal) or [] (total) */
  key: string[];
}

/**
 * Leaves in order; with subtotals, after the last leaf of each group (every level but the
 * innermost) a subtotal of that group — or before its first leaf when shown on top; with the total, a total last. An axis without dimensions
 * has one entry that is already the total, so no second total is added.
 */
export function axisEntries(
  keys: readonly string[][],
  depth: number,
  subtotals: boolean,
  total: boolean,
  subtotalsFirst = false,
): AxisEntry[] {
  if (depth === 0) return [{ kind: 'leaf', key: [] }];
  const out: AxisEntry[] = [];
  const differs = (a: readonly string[] | undefined, b: readonly string[], level: number) =>
    !a || b.slice(0, level).some((p, j) => p !== a[j]);
  keys.forEach((key, i) => {
    if (subtotals && subtotalsFirst) {
      // opening a group: its subtotal first, outer groups before inner ones
      for (let level = 1; level < depth; level += 1)
        if (differs(keys[i - 1], key, level)) out.push({ kind: 'subtotal', key: key.slice(0, level) });
    }
    out.push({ kind: 'leaf', key: [...key] });
    if (subtotals && !subtotalsFirst) {
      // closing a group: inner subtotals before outer ones
      for (let level = depth - 1; level >= 1; level -= 1)
        if (differs(keys[i + 1], key, level)) out.push({ kind: 'subtotal', key: key.slice(0, level) });
    }
  });
  if (total) out.push({ kind: 'total', key: [] });
  return out;
}

export interface HeaderCell {
  /** the key part this cell labels, or null for a subtotal / total label */
  part: string | null;
  kind: EntryKind;
  /** the level (header row for columns, header column for rows) the cell starts at */
  level: number;
  /** the first entry it covers */
  start: number;
  /** entries it covers along the axis */
  span: number;
  /** levels it covers across the axis (subtotal and total labels reach to the innermost level) */
  depthSpan: number;
}

/**
 * The header cells of each level. At a level above a subtotal's group depth, the subtotal belongs
 * to its group's cell (the group label spans it); at its own depth it gets a label reaching the
 * innermost level; deeper, it is covered. A total gets one label spanning every level.
 */
export function headerLevels(entries: readonly AxisEntry[], depth: number): HeaderCell[][] {
  const levels: HeaderCell[][] = [];
  for (let level = 0; level < depth; level += 1) {
    const cells: HeaderCell[] = [];
    let open: { cell: HeaderCell; group: string } | null = null;
    entries.forEach((e, i) => {
      const prefixLen = e.kind === 'leaf' ? depth : e.key.length;
      if (e.kind === 'total' || prefixLen === level) {
        open = null;
        // a total's label starts at level 0 only; a subtotal's at its own depth
        if (e.kind === 'total' && level > 0) return;
        cells.push({ part: null, kind: e.kind, level, start: i, span: 1, depthSpan: depth - level });
        return;
      }
      if (prefixLen < level) return;
      const group = e.key.slice(0, level + 1).join('\u0001');
      if (open && open.group === group) {
        open.cell.span += 1;
        return;
      }
      const cell: HeaderCell = { part: e.key[level], kind: 'leaf', level, start: i, span: 1, depthSpan: 1 };
      cells.push(cell);
      open = { cell, group };
    });
    levels.push(cells);
  }
  return levels;
}

/** Row headers regrouped by the body row they start on, outer levels first. */
export function headersByEntry(levels: readonly HeaderCell[][], entryCount: number): HeaderCell[][] {
  const out: HeaderCell[][] = Array.from({ length: entryCount }, () => []);
  for (const cells of levels) for (const c of cells) out[c.start].push(c);
  return out;
}
