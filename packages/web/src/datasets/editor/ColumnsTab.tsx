import { useState, type ReactNode } from 'react';
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
  const name = column.column_name || 'the new column';
  return (
    <Form layout="vertical" component="div" className="rama-row-details">
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          {calculated && (
            <Form.Item label="Label">
              <Input
                aria-label={`Label of ${name}`}
                value={column.verbose_name}
                placeholder={column.column_name}
                onChange={(event) => onChange(column.key, { verbose_name: event.target.value })}
              />
            </Form.Item>
          )}
          <Form.Item label="Description">
            <Input.TextArea
              aria-label={`Description of ${name}`}
              autoSize={{ minRows: 2, maxRows: 6 }}
              value={column.description}
              onChange={(event) => onChange(column.key, { description: event.target.value })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} lg={12}>
          <Form.Item
            label="Datetime format"
            extra="For dates stored as text or numbers: a strftime pattern such as %Y-%m-%d, or epoch_s / epoch_ms. Empty reads ISO 8601."
          >
            <Input
              aria-label={`Datetime format of ${name}`}
              className="rama-mono"
              placeholder="%Y-%m-%d"
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
  const [search, setSearch] = useState('');
  const rows = columns.filter((c) => matchesSearch(search, c.column_name, c.verbose_name));
  const nameOf = (c: ColumnDraft) => c.column_name || 'the new column';
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
      title: headerWithHelp('Temporal', 'Treated as a time column in charts and time filters'),
      width: 84,
      align: 'center',
      render: (_v, c) => (
        <Checkbox
          aria-label={`${nameOf(c)} is temporal`}
          checked={c.is_dttm}
          onChange={(event) => onChange(c.key, { is_dttm: event.target.checked })}
        />
      ),
    },
    {
      key: 'main_dttm_col',
      title: headerWithHelp('Default datetime', 'The time column charts and dashboard time filters use unless told otherwise'),
      width: 92,
      align: 'center',
      render: (_v, c) => (
        <Radio
          aria-label={`${nameOf(c)} is the default datetime column`}
          checked={Boolean(c.column_name) && c.column_name === mainDttmCol}
          disabled={!c.is_dttm || !c.column_name.trim()}
          onChange={() => onChooseMainDttmCol(c.column_name)}
        />
      ),
    },
    {
      key: 'groupby',
      title: headerWithHelp('Dimension', 'Charts can group by this column'),
      width: 88,
      align: 'center',
      render: (_v, c) => (
        <Checkbox
          aria-label={`${nameOf(c)} is a dimension`}
          checked={c.groupby}
          onChange={(event) => onChange(c.key, { groupby: event.target.checked })}
        />
      ),
    },
    {
      key: 'filterable',
      title: headerWithHelp('Filterable', 'Filters can be set on this column'),
      width: 84,
      align: 'center',
      render: (_v, c) => (
        <Checkbox
          aria-label={`${nameOf(c)} is filterable`}
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
      title: 'Column',
      width: 200,
      render: (_v, c) => (
        <span className="rama-column-name" title={c.column_name}>
          {c.column_name}
        </span>
      ),
    },
    {
      key: 'verbose_name',
      title: 'Label',
      render: (_v, c) => (
        <CellInput
          label={`Label of ${c.column_name}`}
          value={c.verbose_name}
          placeholder={c.column_name}
          onChange={(verbose_name) => onChange(c.key, { verbose_name })}
        />
      ),
    },
    {
      key: 'type',
      title: 'Type',
      width: 150,
      render: (_v, c) => (c.type ? <Tag className="rama-type-tag">{c.type}</Tag> : <span className="rama-empty-value">—</span>),
    },
    ...flagColumns,
  ];

  const calculatedColumns: TableProps<ColumnDraft>['columns'] = [
    expandColumn,
    {
      key: 'column_name',
      title: 'Column',
      width: 190,
      render: (_v, c) => (
        <CellInput
          label={c.id === null && !c.column_name ? 'Name of the new column' : `Name of ${c.column_name}`}
          value={c.column_name}
          placeholder="column_name"
          autoFocus={c.id === null && !c.column_name}
          error={errorOf(columnErrorKey(c.key, 'column_name'))}
          onChange={(column_name) => onChange(c.key, { column_name })}
        />
      ),
    },
    {
      key: 'expression',
      title: 'SQL expression',
      render: (_v, c) => (
        <CellInput
          code
          label={`SQL expression of ${nameOf(c)}`}
          value={c.expression}
          placeholder="e.g. price * quantity"
          error={errorOf(columnErrorKey(c.key, 'expression'))}
          onChange={(expression) => onChange(c.key, { expression })}
        />
      ),
    },
    {
      key: 'type',
      title: 'Type',
      width: 120,
      render: (_v, c) => (
        <CellInput label={`Type of ${nameOf(c)}`} value={c.type} placeholder="VARCHAR" onChange={(type) => onChange(c.key, { type })} />
      ),
    },
    ...flagColumns,
    {
      key: 'remove',
      width: 48,
      render: (_v, c) => <RemoveRowButton name={nameOf(c)} onRemove={() => props.onRemove?.(c.key)} />,
    },
  ];

  const count = calculated
    ? columns.length === 1
      ? '1 calculated column'
      : `${columns.length} calculated columns`
    : columns.length === 1
      ? '1 column'
      : `${columns.length} columns`;

  return (
    <div className="rama-editor-pane">
      <EditorTableToolbar
        search={search}
        onSearch={setSearch}
        searchLabel={calculated ? 'Search calculated columns' : 'Search columns'}
        count={count}
      >
        {calculated ? (
          <Button icon={<PlusOutlined />} onClick={handleAdd}>
            Add calculated column
          </Button>
        ) : (
          <Button icon={<SyncOutlined spin={props.syncing} />} disabled={props.syncing} onClick={props.onSync}>
            Sync columns from source
          </Button>
        )}
      </EditorTableToolbar>
      {!calculated && props.syncReport && (
        <Alert
          className="rama-editor-list-error"
          type={props.syncReport.length ? 'info' : 'success'}
          showIcon
          closable={{ onClose: props.onSyncReportClose, 'aria-label': 'Dismiss' }}
          title={props.syncReport.length ? 'Columns synced from the source' : 'The columns match the source'}
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
          emptyText: search
            ? 'No column matches your search'
            : calculated
              ? 'No calculated columns yet. Add one to chart a SQL expression over the columns.'
              : 'No columns. Sync them from the source.',
        }}
      />
    </div>
  );
}
