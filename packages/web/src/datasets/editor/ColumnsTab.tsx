import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Checkbox, Col, Form, Input, Radio, Row, Table, Tag, Tooltip, type TableProps } from 'antd';
import { PlusOutlined, SyncOutlined } from '@ant-design/icons';
import type { ColumnDraft, ColumnFields } from '../datasetDraft';
import { columnErrorKey } from '../datasetValidation';
import { CellInput } from './CellInput';
import { EditorTableToolbar, ExpandToggle, ListError, RemoveRowButton, matchesSearch } from './EditorTable';

interface ColumnsTabProps {
  /** The calculated columns (SQL expressions, added here) or the columns of the source. */
  calculated: boolean;
  columns: ColumnDraft[];
  mainDttmCol: string | null;
  onChange: (key: string, fields: Partial<ColumnFields>) => void;
  onChooseMainDttmCol: (columnName: string) => void;
  errorOf: (key: string) => string | undefined;
  expandedKeys: string[];
  onExpandedKeysChange: (keys: string[]) => void;
  /** calculated columns only */
  onAdd?: () => void;
  onRemove?: (key: string) => void;
  /** source columns only: "Sync columns from source" and what it changed */
  onSync?: () => void;
  syncing?: boolean;
  syncReport?: string[] | null;
  onSyncReportClose?: () => void;
}

/** Examples of a field's value, the same in every language. */
const DATE_FORMAT_EXAMPLE = '%Y-%m-%d';
const COLUMN_NAME_EXAMPLE = 'column_name';

const headerWithHelp = (title: string, help: string): ReactNode => (
  <Tooltip title={help}>
    <span className="rama-help-title">{title}</span>
  </Tooltip>
);

function ColumnDetails({
  column,
  calculated,
  onChange,
}: {
  column: ColumnDraft;
  calculated: boolean;
  onChange: ColumnsTabProps['onChange'];
}) {
  const { t } = useTranslation('datasets');
  const name = column.column_name || t('col.theNew');
  return (
    <Form layout="vertical" component="div" className="rama-row-details">
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          {calculated && (
            <Form.Item label={t('label')}>
              <Input
                aria-label={t('labelOf', { name })}
                value={column.verbose_name}
                placeholder={column.column_name}
                onChange={(event) => onChange(column.key, { verbose_name: event.target.value })}
              />
            </Form.Item>
          )}
          <Form.Item label={t('common:description')}>
            <Input.TextArea
              aria-label={t('descriptionOf', { name })}
              autoSize={{ minRows: 2, maxRows: 6 }}
              value={column.description}
              onChange={(event) => onChange(column.key, { description: event.target.value })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} lg={12}>
          <Form.Item label={t('col.datetimeFormat')} extra={t('col.datetimeFormatExtra')}>
            <Input
              aria-label={t('col.datetimeFormatOf', { name })}
              className="rama-mono"
              placeholder={DATE_FORMAT_EXAMPLE}
              value={column.python_date_format}
              onChange={(event) => onChange(column.key, { python_date_format: event.target.value })}
            />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}

/** The dataset's columns: those read from the source (labels and flags editable) or calculated ones. */
export function ColumnsTab(props: ColumnsTabProps) {
  const { calculated, columns, mainDttmCol, onChange, onChooseMainDttmCol, errorOf, expandedKeys, onExpandedKeysChange } = props;
  const { t } = useTranslation('datasets');
  const [search, setSearch] = useState('');
  const rows = columns.filter((c) => matchesSearch(search, c.column_name, c.verbose_name));
  const nameOf = (c: ColumnDraft) => c.column_name || t('col.theNew');
  const toggle = (key: string) =>
    onExpandedKeysChange(expandedKeys.includes(key) ? expandedKeys.filter((k) => k !== key) : [...expandedKeys, key]);
  const handleAdd = () => {
    setSearch('');
    props.onAdd?.();
  };

  const expandColumn: NonNullable<TableProps<ColumnDraft>['columns']>[number] = {
    key: 'expand',
    width: 40,
    render: (_v, c) => <ExpandToggle expanded={expandedKeys.includes(c.key)} name={nameOf(c)} onToggle={() => toggle(c.key)} />,
  };
  const flagColumns: TableProps<ColumnDraft>['columns'] = [
    {
      key: 'is_dttm',
      title: headerWithHelp(t('col.temporal'), t('col.temporalHelp')),
      width: 84,
      align: 'center',
      render: (_v, c) => (
        <Checkbox
          aria-label={t('col.isTemporal', { name: nameOf(c) })}
          checked={c.is_dttm}
          onChange={(event) => onChange(c.key, { is_dttm: event.target.checked })}
        />
      ),
    },
    {
      key: 'main_dttm_col',
      title: headerWithHelp(t('col.defaultDatetime'), t('col.defaultDatetimeHelp')),
      width: 92,
      align: 'center',
      render: (_v, c) => (
        <Radio
          aria-label={t('col.isDefaultDatetime', { name: nameOf(c) })}
          checked={Boolean(c.column_name) && c.column_name === mainDttmCol}
          disabled={!c.is_dttm || !c.column_name.trim()}
          onChange={() => onChooseMainDttmCol(c.column_name)}
        />
      ),
    },
    {
      key: 'groupby',
      title: headerWithHelp(t('col.dimension'), t('col.dimensionHelp')),
      width: 88,
      align: 'center',
      render: (_v, c) => (
        <Checkbox
          aria-label={t('col.isDimension', { name: nameOf(c) })}
          checked={c.groupby}
          onChange={(event) => onChange(c.key, { groupby: event.target.checked })}
        />
      ),
    },
    {
      key: 'filterable',
      title: headerWithHelp(t('col.filterable'), t('col.filterableHelp')),
      width: 84,
      align: 'center',
      render: (_v, c) => (
        <Checkbox
          aria-label={t('col.isFilterable', { name: nameOf(c) })}
          checked={c.filterable}
          onChange={(event) => onChange(c.key, { filterable: event.target.checked })}
        />
      ),
    },
  ];

  const sourceColumns: TableProps<ColumnDraft>['columns'] = [
    expandColumn,
    {
      key: 'column_name',
      title: t('column'),
      width: 200,
      render: (_v, c) => (
        <span className="rama-column-name" title={c.column_name}>
          {c.column_name}
        </span>
      ),
    },
    {
      key: 'verbose_name',
      title: t('label'),
      render: (_v, c) => (
        <CellInput
          label={t('labelOf', { name: c.column_name })}
          value={c.verbose_name}
          placeholder={c.column_name}
          onChange={(verbose_name) => onChange(c.key, { verbose_name })}
        />
      ),
    },
    {
      key: 'type',
      title: t('common:type'),
      width: 150,
      render: (_v, c) => (c.type ? <Tag className="rama-type-tag">{c.type}</Tag> : <span className="rama-empty-value">—</span>),
    },
    ...flagColumns,
  ];

  const calculatedColumns: TableProps<ColumnDraft>['columns'] = [
    expandColumn,
    {
      key: 'column_name',
      title: t('column'),
      width: 190,
      render: (_v, c) => (
        <CellInput
          label={c.id === null && !c.column_name ? t('col.nameOfNew') : t('nameOf', { name: c.column_name })}
          value={c.column_name}
          placeholder={COLUMN_NAME_EXAMPLE}
          autoFocus={c.id === null && !c.column_name}
          error={errorOf(columnErrorKey(c.key, 'column_name'))}
          onChange={(column_name) => onChange(c.key, { column_name })}
        />
      ),
    },
    {
      key: 'expression',
      title: t('sqlExpression'),
      render: (_v, c) => (
        <CellInput
          code
          label={t('sqlExpressionOf', { name: nameOf(c) })}
          value={c.expression}
          placeholder={t('example', { example: 'price * quantity' })}
          error={errorOf(columnErrorKey(c.key, 'expression'))}
          onChange={(expression) => onChange(c.key, { expression })}
        />
      ),
    },
    {
      key: 'type',
      title: t('common:type'),
      width: 120,
      render: (_v, c) => (
        <CellInput
          label={t('col.typeOf', { name: nameOf(c) })}
          value={c.type}
          placeholder="VARCHAR"
          onChange={(type) => onChange(c.key, { type })}
        />
      ),
    },
    ...flagColumns,
    {
      key: 'remove',
      width: 48,
      render: (_v, c) => <RemoveRowButton name={nameOf(c)} onRemove={() => props.onRemove?.(c.key)} />,
    },
  ];

  const count = t(calculated ? 'col.calculatedCount' : 'col.count', { count: columns.length });

  return (
    <div className="rama-editor-pane">
      <EditorTableToolbar
        search={search}
        onSearch={setSearch}
        searchLabel={calculated ? t('col.searchCalculated') : t('col.search')}
        count={count}
      >
        {calculated ? (
          <Button icon={<PlusOutlined />} onClick={handleAdd}>
            {t('col.addCalculated')}
          </Button>
        ) : (
          <Button icon={<SyncOutlined spin={props.syncing} />} disabled={props.syncing} onClick={props.onSync}>
            {t('col.sync')}
          </Button>
        )}
      </EditorTableToolbar>
      {!calculated && props.syncReport && (
        <Alert
          className="rama-editor-list-error"
          type={props.syncReport.length ? 'info' : 'success'}
          showIcon
          closable={{ onClose: props.onSyncReportClose, 'aria-label': t('col.dismiss') }}
          title={props.syncReport.length ? t('col.synced') : t('col.inSync')}
          description={
            props.syncReport.length ? (
              <ul className="rama-sync-report">
                {props.syncReport.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : undefined
          }
        />
      )}
      <ListError error={calculated ? undefined : errorOf('columns')} />
      <Table<ColumnDraft>
        rowKey="key"
        size="small"
        className="rama-editor-table"
        columns={calculated ? calculatedColumns : sourceColumns}
        dataSource={rows}
        loading={!calculated && props.syncing}
        pagination={false}
        tableLayout="fixed"
        expandable={{
          expandedRowKeys: expandedKeys,
          showExpandColumn: false,
          expandedRowRender: (c) => <ColumnDetails column={c} calculated={calculated} onChange={onChange} />,
        }}
        locale={{
          emptyText: search ? t('col.noMatch') : calculated ? t('col.noCalculated') : t('col.none'),
        }}
      />
    </div>
  );
}
