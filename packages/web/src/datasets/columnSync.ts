import type { DatasetColumnDetail } from '@rama/shared';
import { t } from '../i18n';
import { columnDraftOf, type ColumnDraft } from './datasetDraft';

/** What "Sync columns from source" changed, by column name. */
export interface ColumnChanges {
  added: string[];
  removed: string[];
  /** the source reports another type */
  modified: string[];
}

/**
 * Merge the columns read again from the source (the stored dataset after
 * `PUT /api/v1/dataset/{id}/refresh`) into the editor's draft. The source decides which physical
 * columns exist and their types; the user's unsaved edits of a column that is still there are
 * kept, and the calculated columns are the draft's own.
 */
export function syncColumns(draft: ColumnDraft[], fresh: DatasetColumnDetail[]): { columns: ColumnDraft[]; changes: ColumnChanges } {
  const physical = draft.filter((c) => !c.calculated);
  const byId = new Map(physical.filter((c) => c.id !== null).map((c) => [c.id, c]));
  const byName = new Map(physical.map((c) => [c.column_name, c]));
  const changes: ColumnChanges = { added: [], removed: [], modified: [] };
  const matched = new Set<string>();

  const synced: ColumnDraft[] = [];
  for (const column of fresh) {
    const incoming = columnDraftOf(column);
    if (incoming.calculated) continue;
    const mine = byId.get(column.id) ?? byName.get(column.column_name);
    if (!mine) {
      changes.added.push(column.column_name);
      synced.push(incoming);
      continue;
    }
    matched.add(mine.key);
    if (mine.type !== incoming.type) changes.modified.push(column.column_name);
    synced.push({ ...mine, key: incoming.key, id: incoming.id, column_name: incoming.column_name, type: incoming.type });
  }
  for (const column of physical) if (!matched.has(column.key)) changes.removed.push(column.column_name);
  return { columns: [...synced, ...draft.filter((c) => c.calculated)], changes };
}

/** The lines the editor shows after a sync, as the peer words them; none when nothing changed. */
export function describeColumnChanges(changes: ColumnChanges): string[] {
  const lines: string[] = [];
  if (changes.modified.length) lines.push(t('datasets:col.modified', { names: changes.modified.join(', ') }));
  if (changes.removed.length) lines.push(t('datasets:col.removed', { names: changes.removed.join(', ') }));
  if (changes.added.length) lines.push(t('datasets:col.added', { names: changes.added.join(', ') }));
  return lines;
}
