/**
 * What an import (`POST /api/v1/<resource>/import/`) did, added to the peer's `{"message": "OK"}`
 * as `result`: every asset created or updated, and every database that was created under another
 * name because a database here holds its name under another uuid.
 */

/** The kinds of asset a bundle carries. */
export type ImportAssetType = 'database' | 'dataset' | 'chart' | 'dashboard' | 'saved_query';

/** One asset written by an import. */
export interface ImportedAsset {
  type: ImportAssetType;
  uuid: string;
  id: number;
  /** its name here (a database's local name, a dataset's table name, a chart's name, a dashboard's title, a query's label) */
  name: string;
}

/** A bundle database created under a name of its own: `from` is taken here by another database. */
export interface RenamedAsset {
  type: 'database';
  uuid: string;
  id: number;
  from: string;
  to: string;
}

export interface ImportResult {
  created: ImportedAsset[];
  updated: ImportedAsset[];
  renamed: RenamedAsset[];
}

/** The reply of a successful import. */
export interface ImportReply {
  message: 'OK';
  result: ImportResult;
}

/**
 * The first free name for a bundle database whose name is taken here: `name (2)`, then `(3)`…
 * (`taken` holds the names in use, compared as they are stored).
 */
export function freeDatabaseName(name: string, taken: ReadonlySet<string>, maxLength = 250): string {
  if (!taken.has(name)) return name;
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = name.slice(0, maxLength - suffix.length) + suffix;
    if (!taken.has(candidate)) return candidate;
  }
}

/** The one-line summary of an import's result shown after it: counts, then each renamed database. */
export function importSummary(result: ImportResult | null | undefined): string {
  if (!result) return '';
  const parts: string[] = [];
  if (result.created.length) parts.push(`Created ${result.created.length}`);
  if (result.updated.length) parts.push(`${parts.length ? 'updated' : 'Updated'} ${result.updated.length}`);
  let text = parts.length ? parts.join(', ') : 'Nothing changed';
  const renamed = result.renamed.map((r) => `database "${r.from}" imported as "${r.to}"`);
  if (renamed.length) text += `; ${renamed.join('; ')}`;
  return `${text}.`;
}
