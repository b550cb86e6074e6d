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

/** What a legacy chart of the bundle became (issue 31 item 2). */
export type ConversionKind =
  /** stored as the current type its migration leads to */
  | 'chart_type'
  /** a dashboard's filter box: native filters of that dashboard (the chart itself is not created) */
  | 'native_filter'
  /** a dashboard's markup, separator or iframe chart: a Markdown component there (the chart itself is not created) */
  | 'markdown';

/** One legacy chart of the bundle converted by the import. */
export interface ConvertedAsset {
  type: 'chart';
  kind: ConversionKind;
  /** the bundle chart's uuid and name */
  uuid: string;
  name: string;
  /** its legacy `viz_type` */
  from: string;
  /** the current `viz_type` it is stored as, or what it became ("native_filter", "markdown") */
  to: string;
  /** the stored chart's id (`chart_type` only) */
  id?: number;
  /** the dashboard whose filters or layout it became part of (`native_filter`, `markdown`) */
  dashboard_uuid?: string;
  /** how many native filters a filter box became */
  filters?: number;
}

export interface ImportResult {
  created: ImportedAsset[];
  updated: ImportedAsset[];
  renamed: RenamedAsset[];
  /** legacy charts converted on the way in (absent in replies of older servers) */
  converted?: ConvertedAsset[];
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
  const converted = conversionSummary(result.converted ?? []);
  if (converted) text += `; ${converted}`;
  return `${text}.`;
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** The legacy conversions of an import in words ("" when there are none). */
export function conversionSummary(converted: readonly ConvertedAsset[]): string {
  const count = (kind: ConversionKind) => converted.filter((c) => c.kind === kind).length;
  const parts: string[] = [];
  const types = count('chart_type');
  const boxes = count('native_filter');
  const markdown = count('markdown');
  if (types) parts.push(`${plural(types, 'legacy chart', 'legacy charts')} migrated to current types`);
  if (boxes) parts.push(`${plural(boxes, 'filter box', 'filter boxes')} became native filters`);
  if (markdown) parts.push(`${plural(markdown, 'markup chart', 'markup charts')} became Markdown`);
  return parts.join(', ');
}
