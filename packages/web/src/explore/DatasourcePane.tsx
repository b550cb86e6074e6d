/**
 * The left pane: the dataset, its metrics and columns with search and type glyphs, each draggable
 * into the controls (native drag and drop, DATASOURCE_DRAG_TYPE), and the dataset's menu.
 */
import { useState, type DragEvent } from 'react';
import { Button, Dropdown, Empty, Input, Modal, Table, Tooltip, Typography, type MenuProps } from 'antd';
import { ClockCircleOutlined, DatabaseOutlined, MoreOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DatasetListItem, ExploreDatasourceColumn, ExploreDatasourceMetric } from '@rama/shared';
import { errorMessage } from '../core/api';
import { useAppDispatch, useAppSelector, useToasts } from '../core/hooks';
import { useSession } from '../core/session';
import { useDebouncedValue } from '../components/useDebouncedValue';
import { DatasetEditorModal, type EditedDataset } from '../datasets/DatasetEditorModal';
import { useListDatasetsQuery } from '../datasets/datasetApi';
import { DatasetName } from '../datasets/DatasetName';
import { datasetLabel, datasetNameParts, datasetQualifiedName } from '../datasets/datasetName';
import { DATASOURCE_DRAG_TYPE, type DatasourceDragItem } from './controls/types';
import { columnGlyph, filterColumns, filterMetrics } from './datasourceItems';
import { fetchExploreDatasource } from './exploreApi';
import { exploreActions } from './exploreSlice';
import { openInSqlLab } from './sqlLabLink';

/** The metric glyph, a symbol (as '#' and 'abc' of the columns), the same in every language. */
const METRIC_GLYPH = 'ƒ';

function startDrag(e: DragEvent, item: DatasourceDragItem) {
  e.dataTransfer.setData(DATASOURCE_DRAG_TYPE, JSON.stringify(item));
  e.dataTransfer.setData('text/plain', item.name);
  e.dataTransfer.effectAllowed = 'copy';
}

function Tip({ title, lines }: { title: string; lines: [string, string | null | undefined][] }) {
  return (
    <div className="rama-ds-tip">
      <strong>{title}</strong>
      {lines
        .filter(([, v]) => v)
        .map(([label, v]) => (
          <div key={label}>
            <span className="rama-ds-tip-label">{label}:</span> {v}
          </div>
        ))}
    </div>
  );
}

function ColumnItem({ column }: { column: ExploreDatasourceColumn }) {
  const { t } = useTranslation('explore');
  const glyph = columnGlyph(column);
  return (
    <Tooltip
      placement="right"
      mouseEnterDelay={0.4}
      title={
        <Tip
          title={column.column_name}
          lines={[
            [t('common:type'), column.type],
            [t('common:description'), column.description],
            [t('datasource.sqlExpression'), column.expression],
          ]}
        />
      }
    >
      <div className="rama-ds-item" draggable onDragStart={(e) => startDrag(e, { kind: 'column', name: column.column_name })}>
        <span className="rama-ds-glyph" aria-label={glyph === 'time' ? t('datasource.time') : glyph}>
          {glyph === 'time' ? <ClockCircleOutlined /> : glyph}
        </span>
        <span className="rama-ds-name">{column.verbose_name || column.column_name}</span>
      </div>
    </Tooltip>
  );
}

function MetricItem({ metric }: { metric: ExploreDatasourceMetric }) {
  const { t } = useTranslation('explore');
  return (
    <Tooltip
      placement="right"
      mouseEnterDelay={0.4}
      title={
        <Tip
          title={metric.metric_name}
          lines={[
            [t('common:description'), metric.description],
            [t('datasource.sqlExpression'), metric.expression],
            [t('common:warning'), metric.warning_text],
          ]}
        />
      }
    >
      <div className="rama-ds-item" draggable onDragStart={(e) => startDrag(e, { kind: 'metric', name: metric.metric_name })}>
        <span className="rama-ds-glyph rama-ds-glyph-metric">{METRIC_GLYPH}</span>
        <span className="rama-ds-name">{metric.verbose_name || metric.metric_name}</span>
      </div>
    </Tooltip>
  );
}

function ChangeDatasetModal({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (id: number) => void }) {
  const { t } = useTranslation('explore');
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 300);
  const { data, isFetching, error } = useListDatasetsQuery(
    {
      filters: debounced.trim() ? [{ col: 'table_name', opr: 'ct', value: debounced.trim() }] : [],
      order_column: 'changed_on_delta_humanized',
      order_direction: 'desc',
      page: 0,
      page_size: 50,
    },
    { skip: !open },
  );
  return (
    <Modal open={open} title={t('datasource.changeDataset')} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      <Input
        allowClear
        autoFocus
        prefix={<SearchOutlined />}
        placeholder={t('datasource.searchDatasets')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        style={{ marginBottom: 12 }}
      />
      {error ? (
        <Typography.Text type="danger">{errorMessage(error)}</Typography.Text>
      ) : (
        <Table<DatasetListItem>
          size="small"
          rowKey="id"
          loading={isFetching}
          dataSource={data?.result ?? []}
          pagination={false}
          scroll={{ y: 400 }}
          onRow={(row) => ({ onClick: () => onPick(row.id), className: 'rama-clickable-row' })}
          columns={[
            { title: t('common:name'), render: (_, row) => datasetLabel(row) },
            { title: t('common:type'), dataIndex: 'kind', width: 90 },
            { title: t('common:database'), render: (_, row) => row.database?.database_name ?? '', width: 160 },
            { title: t('common:schema'), dataIndex: 'schema', width: 140 },
          ]}
        />
      )}
    </Modal>
  );
}

export function DatasourcePane() {
  const { t } = useTranslation('explore');
  const dispatch = useAppDispatch();
  const datasource = useAppSelector((s) => s.explore.datasource);
  const { access } = useSession();
  const { addDangerToast } = useToasts();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<EditedDataset | null>(null);
  const [changing, setChanging] = useState(false);
  if (!datasource) return <Empty description={t('datasource.noDataset')} />;

  const metrics = filterMetrics(datasource.metrics, search);
  const columns = filterColumns(datasource.columns, search);

  const reload = () => {
    fetchExploreDatasource(datasource.id)
      .then((ds) => dispatch(exploreActions.datasourceReloaded(ds)))
      .catch((e: unknown) => addDangerToast(errorMessage(e)));
  };
  const pick = (id: number) => {
    setChanging(false);
    if (id === datasource.id) return;
    fetchExploreDatasource(id)
      .then((ds) => dispatch(exploreActions.datasourceChanged(ds)))
      .catch((e: unknown) => addDangerToast(errorMessage(e)));
  };
  const sql = datasource.sql?.trim() ? datasource.sql : datasource.select_star || `SELECT * FROM ${datasource.table_name}`;
  const items: MenuProps['items'] = [
    ...(access.canWriteDataset
      ? [
          {
            key: 'edit',
            label: t('datasource.editDataset'),
            onClick: () => setEditing({ id: datasource.id, table_name: datasource.table_name }),
          },
        ]
      : []),
    { key: 'change', label: t('datasource.changeDataset'), onClick: () => setChanging(true) },
    ...(access.canSqlLab ? [{ key: 'sqllab', label: t('viewInSqlLab'), onClick: () => void openInSqlLab(datasource.uid, sql) }] : []),
  ];

  return (
    <div className="rama-ds-pane">
      <div className="rama-ds-header">
        <DatabaseOutlined aria-hidden />
        <Tooltip title={datasetQualifiedName(datasource)}>
          <span className="rama-ds-title" data-test="datasource-name">
            <DatasetName parts={datasetNameParts(datasource)} />
          </span>
        </Tooltip>
        <Dropdown menu={{ items }} trigger={['click']}>
          <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('datasource.actions')} />
        </Dropdown>
      </div>
      <Input
        size="small"
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('datasource.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        className="rama-ds-search"
      />
      <div className="rama-ds-lists">
        <div className="rama-ds-section">
          <div className="rama-ds-section-title">
            {t('datasource.metrics')} <span className="rama-ds-count">{metrics.length}</span>
          </div>
          {metrics.map((m) => (
            <MetricItem key={m.metric_name} metric={m} />
          ))}
        </div>
        <div className="rama-ds-section">
          <div className="rama-ds-section-title">
            {t('datasource.columns')} <span className="rama-ds-count">{columns.length}</span>
          </div>
          {columns.map((c) => (
            <ColumnItem key={c.column_name} column={c} />
          ))}
        </div>
      </div>
      <DatasetEditorModal
        dataset={editing}
        onClose={() => {
          setEditing(null);
          reload();
        }}
      />
      <ChangeDatasetModal open={changing} onClose={() => setChanging(false)} onPick={pick} />
    </div>
  );
}
