/**
 * Per-column settings (the BI server's `column_config`), keyed by result column: a table's number /
 * time format, alignment, cell bars and width; a radar's spoke range per metric. Settings left at
 * their default are not stored, and a column with none is dropped from the map.
 */
import { t } from '../../i18n';

export interface ColumnConfigEntry {
  d3NumberFormat?: string;
  d3TimeFormat?: string;
  /** the column's currency, written before or after its values (the BI server's `currencyFormat`) */
  currencyFormat?: { symbol: string; symbolPosition: 'prefix' | 'suffix' };
  horizontalAlign?: 'left' | 'center' | 'right';
  showCellBars?: boolean;
  alignPositiveNegative?: boolean;
  colorPositiveNegative?: boolean;
  columnWidth?: number;
  /** radar: the spoke's lowest value (0 when unset) */
  radarMetricMinValue?: number;
  /** radar: the spoke's highest value (rounded up from the data when unset) */
  radarMetricMaxValue?: number;
}

export type ColumnConfigMap = Record<string, ColumnConfigEntry>;

export function columnConfigMap(value: unknown): ColumnConfigMap {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const out: ColumnConfigMap = {};
  for (const [k, v] of Object.entries(value)) if (typeof v === 'object' && v !== null) out[k] = v as ColumnConfigEntry;
  return out;
}

export function setColumnConfig(map: ColumnConfigMap, column: string, patch: Partial<ColumnConfigEntry>): ColumnConfigMap {
  const merged: Record<string, unknown> = { ...map[column], ...patch };
  for (const key of Object.keys(merged)) {
    if (merged[key] === undefined || merged[key] === null || merged[key] === '') delete merged[key];
  }
  const next = { ...map };
  if (Object.keys(merged).length) next[column] = merged as ColumnConfigEntry;
  else delete next[column];
  return next;
}

/** A short summary of what is set for a column, for its line in the list. */
export function columnConfigSummary(entry: ColumnConfigEntry | undefined): string {
  if (!entry) return '';
  const parts: string[] = [];
  if (entry.d3NumberFormat) parts.push(entry.d3NumberFormat);
  if (entry.currencyFormat?.symbol)
    parts.push(
      entry.currencyFormat.symbolPosition === 'suffix'
        ? t('explorecontrols:summarySuffix', { symbol: entry.currencyFormat.symbol })
        : t('explorecontrols:summaryPrefix', { symbol: entry.currencyFormat.symbol }),
    );
  if (entry.d3TimeFormat) parts.push(entry.d3TimeFormat);
  if (entry.horizontalAlign)
    parts.push(
      entry.horizontalAlign === 'left'
        ? t('explorecontrols:summaryAlignLeft')
        : entry.horizontalAlign === 'center'
          ? t('explorecontrols:summaryAlignCenter')
          : t('explorecontrols:summaryAlignRight'),
    );
  if (entry.showCellBars === false) parts.push(t('explorecontrols:summaryNoBars'));
  if (entry.columnWidth) parts.push(`${entry.columnWidth}px`);
  if (typeof entry.radarMetricMinValue === 'number')
    parts.push(t('explorecontrols:summaryMin', { value: String(entry.radarMetricMinValue) }));
  if (typeof entry.radarMetricMaxValue === 'number')
    parts.push(t('explorecontrols:summaryMax', { value: String(entry.radarMetricMaxValue) }));
  return parts.join(', ');
}
