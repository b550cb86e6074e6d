/**
 * Version summaries in the reader's language (issue 30): every part `summary.ts` writes, made by
 * the shared functions themselves, shown as it is in English and translated in French and German;
 * names stay as they are, and what is not a summary part stays in English.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  SUMMARY_BASELINE,
  SUMMARY_CREATED,
  SUMMARY_HISTORY_STARTS,
  SUMMARY_IMPORTED,
  SUMMARY_NO_CHANGES,
  VERSION_SUMMARY_MAX_CHARS,
  joinSummary,
  restoredDeletedSummary,
  restoredSummary,
  summarizeChange,
  type ChartVersionState,
  type DashboardVersionState,
  type DatasetVersionColumn,
  type DatasetVersionState,
  type SavedQueryVersionState,
} from '@rama/shared';
import { changeLanguage, t } from '../i18n';
import { summaryText, translateSummary } from './summaryText';

const chart: ChartVersionState = {
  slice_name: 'Sales',
  description: null,
  viz_type: 'table',
  params: JSON.stringify({ viz_type: 'table', metric: 'count', time_range: 'No filter', row_limit: 100 }),
  query_context: null,
  datasource_id: 1,
  datasource_type: 'table',
  cache_timeout: null,
  certified_by: null,
  certification_details: null,
};

const chartAt = (id: string, chartId: number, parent: string, width = 4) => ({
  type: 'CHART',
  id,
  children: [],
  parents: ['ROOT_ID', 'GRID_ID', parent],
  meta: { chartId, width, height: 50, sliceName: `Chart ${chartId}` },
});

const layout = (rows: Record<string, string[]>, widths: Record<string, number> = {}, extra: Record<string, unknown> = {}) => {
  const out: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
    GRID_ID: { type: 'GRID', id: 'GRID_ID', children: Object.keys(rows) },
    ...extra,
  };
  for (const [row, charts] of Object.entries(rows)) {
    out[row] = { type: 'ROW', id: row, children: charts, meta: { background: 'BACKGROUND_TRANSPARENT' } };
    for (const c of charts) out[c] = chartAt(c, Number(c.split('-')[1]), row, widths[c] ?? 4);
  }
  return JSON.stringify(out);
};

const dashboard: DashboardVersionState = {
  dashboard_title: 'Overview',
  slug: null,
  css: null,
  json_metadata: JSON.stringify({ color_scheme: 'supersetColors', native_filter_configuration: [] }),
  position_json: layout({ 'ROW-a': ['CHART-1', 'CHART-2', 'CHART-3'], 'ROW-b': ['CHART-4'] }),
  published: false,
  certified_by: null,
  certification_details: null,
};

const col = (column_name: string, verbose_name: string | null = null): DatasetVersionColumn => ({
  column_name,
  verbose_name,
  description: null,
  expression: null,
  type: 'INT',
  groupby: true,
  filterable: true,
  is_active: true,
  is_dttm: false,
  python_date_format: null,
  extra: null,
});
const metric = (metric_name: string, expression = 'COUNT(*)') =>
  ({ metric_name, expression }) as unknown as DatasetVersionState['metrics'][number];

const dataset: DatasetVersionState = {
  table_name: 't',
  database_id: 1,
  catalog: null,
  schema: null,
  sql: 'SELECT 1 AS a',
  description: null,
  main_dttm_col: null,
  filter_select_enabled: true,
  fetch_values_predicate: null,
  normalize_columns: false,
  always_filter_main_dttm: false,
  offset: 0,
  default_endpoint: null,
  cache_timeout: null,
  template_params: null,
  extra: null,
  columns: [col('a'), col('b')],
  metrics: [metric('count')],
};

const query: SavedQueryVersionState = {
  label: 'q',
  description: '',
  sql: 'SELECT 1',
  db_id: 1,
  catalog: null,
  schema: null,
  template_parameters: null,
};

/** Real summaries, each with what it reads in French and German. */
const CASES: { name: string; summary: string; fr: string; de: string }[] = [
  { name: 'created', summary: summarizeChange('chart', null, chart), fr: 'création', de: 'erstellt' },
  { name: 'no changes', summary: summarizeChange('chart', chart, { ...chart }), fr: 'aucune modification', de: 'keine Änderungen' },
  {
    name: 'history starts',
    summary: SUMMARY_HISTORY_STARTS,
    fr: 'premier enregistrement (début de l’historique)',
    de: 'gespeichert (hier beginnt der Verlauf)',
  },
  { name: 'baseline', summary: SUMMARY_BASELINE, fr: 'état antérieur à l’historique', de: 'Stand vor Beginn des Verlaufs' },
  { name: 'imported', summary: SUMMARY_IMPORTED, fr: 'import', de: 'importiert' },
  { name: 'restored', summary: restoredSummary(4), fr: 'version 4 restaurée', de: 'Version 4 wiederhergestellt' },
  {
    name: 'restored after deletion',
    summary: restoredDeletedSummary(12),
    fr: 'restauré après suppression (version 12)',
    de: 'nach dem Löschen wiederhergestellt (Version 12)',
  },
  {
    name: 'chart fields and one control',
    summary: summarizeChange('chart', chart, {
      ...chart,
      slice_name: 'Sales 2',
      viz_type: 'pie',
      datasource_id: 2,
      params: JSON.stringify({ viz_type: 'pie', metric: 'count', time_range: 'No filter', row_limit: 10 }),
      description: 'new',
      cache_timeout: 60,
      certified_by: 'me',
    }),
    fr:
      'titre modifié; type de visualisation modifié; jeu de données modifié; contrôles modifiés : row limit; description modifiée; ' +
      'délai d’expiration du cache modifié; certification modifiée',
    de:
      'Titel geändert; Visualisierungstyp geändert; Datensatz geändert; Steuerelemente geändert: row limit; Beschreibung geändert; ' +
      'Cache-Timeout geändert; Zertifizierung geändert',
  },
  {
    name: 'many controls',
    summary: summarizeChange('chart', chart, {
      ...chart,
      params: JSON.stringify({
        viz_type: 'table',
        metric: 'sum',
        time_range: 'Last week',
        row_limit: 5,
        groupby: ['a'],
        x_axis: 'd',
        color_scheme: 'x',
      }),
    }),
    fr: 'contrôles modifiés : color scheme, dimensions, metric, row limit et 2 autres',
    de: 'Steuerelemente geändert: color scheme, dimensions, metric, row limit und 2 weitere',
  },
  {
    name: 'layout moves and dashboard fields',
    summary: summarizeChange('dashboard', dashboard, {
      ...dashboard,
      dashboard_title: 'Overview (new)',
      position_json: layout({ 'ROW-a': ['CHART-3', 'CHART-2'], 'ROW-b': ['CHART-4', 'CHART-1'] }),
      json_metadata: JSON.stringify({
        color_scheme: 'bnbColors',
        native_filter_configuration: [{ id: 'NATIVE_FILTER-1' }],
        cross_filters_enabled: true,
        refresh_frequency: 60,
        something_else: 1,
      }),
      css: '.x {}',
      slug: 'overview',
      published: true,
      certified_by: 'me',
    }),
    fr:
      'disposition : 3 graphiques déplacés; titre modifié; filtres natifs modifiés; couleurs modifiées; filtres croisés modifiés; ' +
      'fréquence d’actualisation modifiée; propriétés modifiées; CSS modifié; slug d’URL modifié; publié; certification modifiée',
    de:
      'Layout: 3 Diagramme verschoben; Titel geändert; native Filter geändert; Farben geändert; Kreuzfilter geändert; ' +
      'Aktualisierungsintervall geändert; Eigenschaften geändert; CSS geändert; URL-Slug geändert; veröffentlicht; Zertifizierung geändert',
  },
  {
    name: 'layout resize, add, remove; hidden',
    summary: summarizeChange(
      'dashboard',
      { ...dashboard, published: true },
      { ...dashboard, position_json: layout({ 'ROW-a': ['CHART-1', 'CHART-2', 'CHART-5'], 'ROW-b': ['CHART-4'] }, { 'CHART-1': 6 }) },
    ),
    fr: 'disposition : 1 graphique redimensionné, 1 graphique ajouté, 1 graphique retiré; masqué',
    de: 'Layout: Größe von 1 Diagramm geändert, 1 Diagramm hinzugefügt, 1 Diagramm entfernt; ausgeblendet',
  },
  {
    name: 'layout: several added and removed',
    summary: summarizeChange('dashboard', dashboard, {
      ...dashboard,
      position_json: layout({ 'ROW-a': ['CHART-1', 'CHART-5', 'CHART-6'], 'ROW-b': ['CHART-7', 'CHART-8'] }),
    }),
    fr: 'disposition : 4 graphiques ajoutés, 3 graphiques retirés',
    de: 'Layout: 4 Diagramme hinzugefügt, 3 Diagramme entfernt',
  },
  {
    name: 'layout: something other than charts',
    summary: summarizeChange('dashboard', dashboard, {
      ...dashboard,
      position_json: layout(
        { 'ROW-a': ['CHART-1', 'CHART-2', 'CHART-3'], 'ROW-b': ['CHART-4'] },
        {},
        { 'HEADER-1': { type: 'HEADER', id: 'HEADER-1', children: [], meta: { text: 'Hi' } } },
      ),
    }),
    fr: 'disposition modifiée',
    de: 'Layout geändert',
  },
  {
    name: 'dataset columns, SQL, name, source',
    summary: summarizeChange('dataset', dataset, {
      ...dataset,
      sql: 'SELECT 1 AS a, 2 AS c',
      table_name: 'u',
      schema: 'main',
      columns: [col('a', 'A'), col('c')],
    }),
    fr: 'SQL modifié; nom modifié; source modifiée; colonnes : c ajoutée, b supprimée, a modifiée',
    de: 'SQL geändert; Name geändert; Quelle geändert; Spalten: c hinzugefügt, b entfernt, a geändert',
  },
  {
    name: 'dataset metrics, many names, description, settings',
    summary: summarizeChange('dataset', dataset, {
      ...dataset,
      metrics: [metric('count', 'COUNT(1)'), metric('m1'), metric('m2'), metric('m3'), metric('m4'), metric('m5')],
      description: 'Sales',
      cache_timeout: 60,
    }),
    fr: 'métriques : m1, m2, m3 et 2 autres ajoutées, count modifiée; description modifiée; réglages modifiés',
    de: 'Metriken: m1, m2, m3 und 2 weitere hinzugefügt, count geändert; Beschreibung geändert; Einstellungen geändert',
  },
  {
    name: 'dataset: only removed',
    summary: summarizeChange('dataset', dataset, { ...dataset, columns: [col('a')], metrics: [] }),
    fr: 'colonnes : b supprimée; métriques : count supprimée',
    de: 'Spalten: b entfernt; Metriken: count entfernt',
  },
  {
    name: 'saved query',
    summary: summarizeChange('saved_query', query, {
      ...query,
      sql: 'SELECT 2',
      label: 'r',
      description: 'd',
      schema: 'main',
      template_parameters: '{"a": 1}',
    }),
    fr: 'SQL modifié; nom modifié; description modifiée; base de données modifiée; paramètres modifiés',
    de: 'SQL geändert; Name geändert; Beschreibung geändert; Datenbank geändert; Parameter geändert',
  },
];

describe('version summaries in the reader’s language', () => {
  // the unit run shares one module graph per worker: leave the app in English for the next file
  afterAll(() => changeLanguage('en'));

  it('the cases are the summaries summary.ts writes', () => {
    expect(CASES.find((c) => c.name === 'created')?.summary).toBe(SUMMARY_CREATED);
    expect(CASES.find((c) => c.name === 'no changes')?.summary).toBe(SUMMARY_NO_CHANGES);
    expect(CASES.find((c) => c.name === 'layout moves and dashboard fields')?.summary).toMatch(/^layout: moved 3 charts; title changed; /);
    expect(CASES.find((c) => c.name === 'many controls')?.summary).toMatch(/ and 2 more changed$/);
  });

  it('leaves every summary as it is in English', async () => {
    await changeLanguage('en');
    for (const c of CASES) expect(summaryText(c.summary), c.name).toBe(c.summary);
  });

  it('reads every summary back word for word with the English messages', async () => {
    // the patterns and the English messages agree: a part they misread would come out different
    await changeLanguage('en');
    const english = (key: string, options?: Record<string, unknown>) => t(key, options);
    for (const c of CASES) expect(translateSummary(c.summary, english), c.name).toBe(c.summary);
  });

  it('translates every part into French', async () => {
    await changeLanguage('fr');
    for (const c of CASES) expect(summaryText(c.summary), c.name).toBe(c.fr);
  });

  it('translates every part into German', async () => {
    await changeLanguage('de');
    for (const c of CASES) expect(summaryText(c.summary), c.name).toBe(c.de);
  });

  it('keeps what it does not recognise in English, and never throws', async () => {
    await changeLanguage('fr');
    expect(summaryText('title changed; something new; SQL changed')).toBe('titre modifié; something new; SQL modifié');
    expect(summaryText('layout: moved 3 charts, spun 2 charts')).toBe('layout: moved 3 charts, spun 2 charts');
    expect(summaryText('columns: a added, b')).toBe('columns: a added, b');
    expect(summaryText('widgets: a added')).toBe('widgets: a added');
    expect(summaryText('')).toBe('');
    expect(summaryText('; ;')).toBe('; ;');
    expect(summaryText(undefined as unknown as string)).toBe(undefined);
  });

  it('keeps names as they are, even ones that look like summary words', async () => {
    await changeLanguage('fr');
    expect(summaryText('columns: title changed added')).toBe('colonnes : title changed ajoutée');
    expect(summaryText('controls: SQL, restored version 2 changed')).toBe('contrôles modifiés : SQL, restored version 2');
  });

  it('translates a summary cut at the length limit up to the cut, and keeps the ellipsis', async () => {
    const long = joinSummary([
      'title changed',
      'SQL changed',
      `controls: ${Array.from({ length: 60 }, (_, i) => `control ${i}`).join(', ')} changed`,
    ]);
    expect(long).toHaveLength(VERSION_SUMMARY_MAX_CHARS);
    expect(long.endsWith('…')).toBe(true);
    await changeLanguage('de');
    const shown = summaryText(long);
    expect(shown.startsWith('Titel geändert; SQL geändert; controls: control 0, ')).toBe(true);
    expect(shown.endsWith('…')).toBe(true);
    const cutAtPart = joinSummary([...Array.from({ length: 40 }, () => 'title changed')]);
    expect(summaryText(cutAtPart)).toMatch(/^Titel geändert; (Titel geändert; )+.*…$/);
    // cut just after a part's separator: the part before it is whole
    expect(summaryText('title changed; SQL changed;…')).toBe('Titel geändert; SQL geändert;…');
    expect(summaryText('title changed; …')).toBe('Titel geändert; …');
  });
});
