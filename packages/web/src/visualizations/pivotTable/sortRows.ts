/**
 * Sorting the pivot's body rows by a column's values (a click on a column header, as the BI server's
 * pivot table does): groups keep their rows together, so the row headers stay merged; at each level
 * the groups are ordered by the sum of their leaf values in that column, and subtotal and total rows
 * keep their places.
 */
import type { EntryKind } from '@rama/shared';
import type { PivotCellView, PivotHeader } from './transformProps';

export type SortDirection = 'asc' | 'desc';

/** The header sort cycle: none → ascending → descending → none. */
export function nextSort(
  current: { column: number; direction: SortDirection } | null,
  column: number,
): { column: number; direction: SortDirection } | null {
  if (!current || current.column !== column) return { column, direction: 'asc' };
  return current.direction === 'asc' ? { column, direction: 'desc' } : null;
}

export interface PivotBody {
  rowHeaders: PivotHeader[][];
  rowKinds: EntryKind[];
  cells: PivotCellView[][];
}

interface Placed {
  row: number;
  headers: PivotHeader[];
}

/** The body rows ordered by `column` (`rowDepth` row dimensions); the header cells move with their group. */
export function sortPivotRows(body: PivotBody, rowDepth: number, column: number, direction: SortDirection): PivotBody {
  const count = body.cells.length;
  if (rowDepth === 0 || count < 2) return body;
  const dir = direction === 'asc' ? 1 : -1;
  const keyOf = (rows: Placed[]): number => {
    let sum = 0;
    let any = false;
    for (const p of rows) {
      const v = body.rowKinds[p.row] === 'leaf' ? body.cells[p.row]?.[column]?.value : undefined;
      if (typeof v === 'number' && Number.isFinite(v)) {
        sum += v;
        any = true;
      }
    }
    // rows without a value go last whichever the direction
    return any ? sum : Number.NaN;
  };
  const compare = (a: number, b: number): number => {
    if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : 1;
    if (Number.isNaN(b)) return -1;
    return (a - b) * dir;
  };

  const order = (from: number, to: number, level: number): Placed[] => {
    const segments: { header: PivotHeader; placed: Placed[] }[] = [];
    for (let r = from; r < to; r += 1) {
      const header = body.rowHeaders[r]?.find((h) => h.level === level);
      if (!header) continue;
      const end = Math.min(to, r + header.span);
      const inner: Placed[] =
        level + header.depthSpan >= rowDepth
          ? Array.from({ length: end - r }, (_, k) => ({ row: r + k, headers: [] }))
          : order(r, end, level + 1);
      inner[0] = { ...inner[0], headers: [header, ...inner[0].headers] };
      segments.push({ header, placed: inner });
      r = end - 1;
    }
    // leaf groups are sorted among themselves; subtotal and total rows stay where they were
    const leafSlots = segments.flatMap((s, i) => (s.header.kind === 'leaf' ? [i] : []));
    const sorted = leafSlots
      .map((i) => ({ i, key: keyOf(segments[i].placed) }))
      .sort((a, b) => compare(a.key, b.key) || a.i - b.i)
      .map((x) => segments[x.i]);
    const out = [...segments];
    leafSlots.forEach((slot, k) => {
      out[slot] = sorted[k];
    });
    return out.flatMap((s) => s.placed);
  };

  const placed = order(0, count, 0);
  if (placed.length !== count) return body;
  return {
    rowHeaders: placed.map((p) => p.headers),
    rowKinds: placed.map((p) => body.rowKinds[p.row]),
    cells: placed.map((p) => body.cells[p.row]),
  };
}
