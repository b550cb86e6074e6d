/**
 * Two versions side by side (issue 30 item 1): changed controls of a chart, layout moves and
 * other changes of a dashboard, a line diff of SQL, and every other field that differs.
 */
import { Empty, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  chartControlChanges,
  layoutChanges,
  layoutOf,
  lineDiff,
  sameJson,
  type ChartVersionState,
  type DashboardVersionState,
  type LayoutChart,
  type VersionDetail,
  type VersionedType,
} from '@rama/shared';
import { sharedText } from '../i18n';

const show = (v: unknown): string => (v === null || v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

/** The fields compared apart from the ones with a view of their own. */
const OWN_VIEW: Record<VersionedType, readonly string[]> = {
  chart: ['params', 'query_context'],
  dashboard: ['position_json', 'json_metadata'],
  dataset: ['sql'],
  saved_query: ['sql'],
};

/** The saved fields with a name of their own in versions.json (`field.<name>`); any other reads with spaces. */
const NAMED_FIELDS = new Set([
  'slice_name',
  'dashboard_title',
  'table_name',
  'label',
  'description',
  'viz_type',
  'datasource_id',
  'datasource_type',
  'cache_timeout',
  'certified_by',
  'certification_details',
  'slug',
  'css',
  'published',
  'database_id',
  'db_id',
  'catalog',
  'schema',
  'main_dttm_col',
  'filter_select_enabled',
  'fetch_values_predicate',
  'normalize_columns',
  'always_filter_main_dttm',
  'offset',
  'default_endpoint',
  'template_params',
  'template_parameters',
  'extra',
  'columns',
  'metrics',
]);

/**
 * A control's name in the current language: the summary's lower-case word ("row limit") is the
 * controls catalogue's label with a capital ("Row limit").
 */
function controlName(label: string): string {
  return sharedText('controls', label.charAt(0).toUpperCase() + label.slice(1));
}

function SqlDiff({ before, after }: { before: string | null; after: string | null }) {
  const { t } = useTranslation('versions');
  const lines = lineDiff(before, after);
  if (!lines.some((l) => l.kind !== 'same')) return <Typography.Text type="secondary">{t('sqlUnchanged')}</Typography.Text>;
  return (
    <pre className="rama-version-diff" data-test="version-sql-diff">
      {lines.map((l, i) => (
        <div key={i} className={`rama-version-diff-${l.kind}`}>
          {l.kind === 'added' ? '+ ' : l.kind === 'removed' ? '- ' : '  '}
          {l.text}
        </div>
      ))}
    </pre>
  );
}

function LayoutMoves({
  before,
  after,
  chartNames,
}: {
  before: DashboardVersionState;
  after: DashboardVersionState;
  chartNames?: Readonly<Record<number, string>>;
}) {
  const { t } = useTranslation('versions');
  const c = layoutChanges(layoutOf(before.position_json), layoutOf(after.position_json));
  const groups: [string, string, LayoutChart[]][] = [
    ['moved', t('layout.moved'), c.moved],
    ['resized', t('layout.resized'), c.resized],
    ['added', t('layout.added'), c.added],
    ['removed', t('layout.removed'), c.removed],
  ];
  const shown = groups.filter(([, , list]) => list.length);
  if (!shown.length && !c.otherChanged) return <Typography.Text type="secondary">{t('layoutUnchanged')}</Typography.Text>;
  return (
    <ul className="rama-version-moves" data-test="version-layout-moves">
      {shown.map(([key, label, list]) => (
        <li key={key}>
          <Typography.Text strong>{t('listLabel', { label })}</Typography.Text>{' '}
          {list.map((x) => (x.chartId !== null && chartNames?.[x.chartId]) || x.name).join(', ')}
        </li>
      ))}
      {c.otherChanged && <li>{t('layout.otherChanged')}</li>}
    </ul>
  );
}

interface Row {
  key: string;
  field: string;
  before: string;
  after: string;
}

export interface CompareViewProps {
  type: VersionedType;
  left: VersionDetail;
  right: VersionDetail;
  /** a dashboard's charts by id, for layouts saved without their names */
  chartNames?: Readonly<Record<number, string>>;
}

export function CompareView({ type, left, right, chartNames }: CompareViewProps) {
  const { t } = useTranslation('versions');
  const a = left.state as unknown as Record<string, unknown>;
  const b = right.state as unknown as Record<string, unknown>;
  const rows: Row[] = [];
  if (type === 'chart')
    for (const c of chartControlChanges((a as unknown as ChartVersionState).params, (b as unknown as ChartVersionState).params))
      rows.push({
        key: `control:${c.key}`,
        field: t('controlField', { label: controlName(c.label) }),
        before: show(c.before),
        after: show(c.after),
      });
  if (type === 'dashboard') {
    const ma = JSON.parse((a.json_metadata as string | null) ?? '{}') as Record<string, unknown>;
    const mb = JSON.parse((b.json_metadata as string | null) ?? '{}') as Record<string, unknown>;
    for (const k of [...new Set([...Object.keys(ma), ...Object.keys(mb)])].sort())
      if (k !== 'positions' && !sameJson(ma[k] ?? null, mb[k] ?? null))
        rows.push({ key: `md:${k}`, field: t('metadataField', { name: k.replace(/_/g, ' ') }), before: show(ma[k]), after: show(mb[k]) });
  }
  for (const k of Object.keys({ ...a, ...b }))
    if (!OWN_VIEW[type].includes(k) && !sameJson(a[k] ?? null, b[k] ?? null))
      rows.push({ key: k, field: NAMED_FIELDS.has(k) ? t(`field.${k}`) : k.replace(/_/g, ' '), before: show(a[k]), after: show(b[k]) });
  const sql = type === 'dataset' || type === 'saved_query';
  return (
    <div className="rama-version-compare" data-test="version-compare">
      <div className="rama-version-compare-heads">
        <Tag>{t('versionN', { version: left.version })}</Tag>→<Tag color="blue">{t('versionN', { version: right.version })}</Tag>
      </div>
      {type === 'dashboard' && (
        <section>
          <Typography.Title level={5}>{t('layout')}</Typography.Title>
          <LayoutMoves before={left.state as DashboardVersionState} after={right.state as DashboardVersionState} chartNames={chartNames} />
        </section>
      )}
      {sql && (
        <section>
          <Typography.Title level={5}>SQL</Typography.Title>
          <SqlDiff before={a.sql as string | null} after={b.sql as string | null} />
        </section>
      )}
      <section>
        <Typography.Title level={5}>{type === 'chart' ? t('changedControlsAndFields') : t('changedFields')}</Typography.Title>
        {rows.length ? (
          <Table<Row>
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={rows}
            columns={[
              { title: t('field'), dataIndex: 'field', width: '24%' },
              {
                title: t('versionN', { version: left.version }),
                dataIndex: 'before',
                render: (v: string) => <span className="rama-version-value">{v}</span>,
              },
              {
                title: t('versionN', { version: right.version }),
                dataIndex: 'after',
                render: (v: string) => <span className="rama-version-value">{v}</span>,
              },
            ]}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noOtherDifferences')} />
        )}
      </section>
    </div>
  );
}
