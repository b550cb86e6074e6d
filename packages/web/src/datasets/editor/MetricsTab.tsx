import { useState } from 'react';
import { AutoComplete, Button, Col, Form, Input, Row, Select, Table, Tooltip, type TableProps } from 'antd';
import { PlusOutlined, WarningOutlined } from '@ant-design/icons';
import type { MetricCurrencyDraft, MetricDraft, MetricFields } from '../datasetDraft';
import { metricErrorKey } from '../datasetValidation';
import { CellInput } from './CellInput';
import { EditorTableToolbar, ExpandToggle, ListError, RemoveRowButton, matchesSearch } from './EditorTable';

/** Common d3 formats, with what 1234.5678 (or 0.1234 for percentages) looks like in each. */
const D3_FORMATS = [
  { value: ',d', example: '1,235' },
  { value: ',.1f', example: '1,234.6' },
  { value: ',.2f', example: '1,234.57' },
  { value: '.3s', example: '1.23k' },
  { value: '.1s', example: '1k' },
  { value: '.1%', example: '12.3%' },
  { value: '.2%', example: '12.34%' },
  { value: '+,', example: '+1,234.5678' },
  { value: '$,.2f', example: '$1,234.57' },
].map((f) => ({ value: f.value, label: `${f.value}  (${f.example})` }));

function currencyCodes(): string[] {
  try {
    return Intl.supportedValuesOf('currency');
  } catch {
    return ['USD', 'EUR', 'GBP', 'JPY', 'CNY', 'INR', 'CHF', 'CAD', 'AUD', 'BRL'];
  }
}
const CURRENCY_OPTIONS = currencyCodes().map((code) => ({ value: code, label: code }));
const POSITION_OPTIONS = [
  { value: 'prefix', label: 'Prefix ($100)' },
  { value: 'suffix', label: 'Suffix (100 $)' },
];

interface MetricsTabProps {
  metrics: MetricDraft[];
  onAdd: () => void;
  onChange: (key: string, fields: Partial<MetricFields>) => void;
  onRemove: (key: string) => void;
  errorOf: (key: string) => string | undefined;
  expandedKeys: string[];
  onExpandedKeysChange: (keys: string[]) => void;
}

function MetricDetails({ metric, onChange, errorOf }: Pick<MetricsTabProps, 'onChange' | 'errorOf'> & { metric: MetricDraft }) {
  const name = metric.metric_name || 'the new metric';
  const currencyError = errorOf(metricErrorKey(metric.key, 'currency'));
  const handleSymbolChange = (symbol: string | undefined) =>
    onChange(metric.key, { currency: symbol ? { symbol, symbolPosition: metric.currency?.symbolPosition ?? 'prefix' } : null });
  const handlePositionChange = (symbolPosition: MetricCurrencyDraft['symbolPosition']) => {
    if (metric.currency) onChange(metric.key, { currency: { ...metric.currency, symbolPosition } });
  };
  return (
    <Form layout="vertical" component="div" className="rama-row-details">
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Form.Item label="Description">
            <Input.TextArea
              aria-label={`Description of ${name}`}
              autoSize={{ minRows: 2, maxRows: 6 }}
              value={metric.description}
              onChange={(event) => onChange(metric.key, { description: event.target.value })}
            />
          </Form.Item>
          <Form.Item label="Warning" extra="Shown next to the metric wherever it is picked, e.g. that it is being deprecated.">
            <Input.TextArea
              aria-label={`Warning of ${name}`}
              autoSize={{ minRows: 1, maxRows: 4 }}
              value={metric.warning_text}
              onChange={(event) => onChange(metric.key, { warning_text: event.target.value })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} lg={12}>
          <Form.Item label="Currency" validateStatus={currencyError ? 'error' : undefined} help={currencyError}>
            <Row gutter={8}>
              <Col span={12}>
                <Select<string>
                  aria-label={`Currency of ${name}`}
                  placeholder="No currency"
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  value={metric.currency?.symbol}
                  onChange={handleSymbolChange}
                  options={CURRENCY_OPTIONS}
                />
              </Col>
              <Col span={12}>
                <Select<MetricCurrencyDraft['symbolPosition']>
                  aria-label={`Currency position of ${name}`}
                  disabled={!metric.currency}
                  value={metric.currency?.symbolPosition ?? 'prefix'}
                  onChange={handlePositionChange}
                  options={POSITION_OPTIONS}
                />
              </Col>
            </Row>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}

/** The dataset's saved metrics: SQL aggregates that charts offer by name. */
export function MetricsTab({ metrics, onAdd, onChange, onRemove, errorOf, expandedKeys, onExpandedKeysChange }: MetricsTabProps) {
  const [search, setSearch] = useState('');
  const rows = metrics.filter((m) => matchesSearch(search, m.metric_name, m.verbose_name));
  const nameOf = (m: MetricDraft) => m.metric_name || 'the new metric';

  const toggle = (key: string) =>
    onExpandedKeysChange(expandedKeys.includes(key) ? expandedKeys.filter((k) => k !== key) : [...expandedKeys, key]);
  const handleAdd = () => {
    setSearch('');
    onAdd();
  };

  const columns: TableProps<MetricDraft>['columns'] = [
    {
      key: 'expand',
      width: 40,
      render: (_v, m) => <ExpandToggle expanded={expandedKeys.includes(m.key)} name={nameOf(m)} onToggle={() => toggle(m.key)} />,
    },
    {
      key: 'metric_name',
      title: 'Metric',
      width: 200,
      render: (_v, m) => (
        <CellInput
          label={m.id === null && !m.metric_name ? 'Name of the new metric' : `Name of ${m.metric_name}`}
          value={m.metric_name}
          placeholder="metric_name"
          autoFocus={m.id === null && !m.metric_name}
          error={errorOf(metricErrorKey(m.key, 'metric_name'))}
          onChange={(metric_name) => onChange(m.key, { metric_name })}
        />
      ),
    },
    {
      key: 'verbose_name',
      title: 'Label',
      width: 180,
      render: (_v, m) => (
        <CellInput
          label={`Label of ${nameOf(m)}`}
          value={m.verbose_name}
          placeholder={m.metric_name}
          onChange={(verbose_name) => onChange(m.key, { verbose_name })}
        />
      ),
    },
    {
      key: 'expression',
      title: 'SQL expression',
      render: (_v, m) => (
        <CellInput
          code
          label={`SQL expression of ${nameOf(m)}`}
          value={m.expression}
          placeholder="e.g. SUM(amount)"
          error={errorOf(metricErrorKey(m.key, 'expression'))}
          onChange={(expression) => onChange(m.key, { expression })}
        />
      ),
    },
    {
      key: 'd3format',
      title: 'D3 format',
      width: 150,
      render: (_v, m) => (
        <AutoComplete
          aria-label={`D3 format of ${nameOf(m)}`}
          className="rama-full-width"
          value={m.d3format}
          placeholder=",.2f"
          options={D3_FORMATS}
          popupMatchSelectWidth={220}
          onChange={(d3format: string) => onChange(m.key, { d3format })}
        />
      ),
    },
    {
      key: 'flags',
      width: 76,
      align: 'right',
      render: (_v, m) => (
        <span className="rama-nowrap">
          {m.warning_text.trim() && (
            <Tooltip title={m.warning_text}>
              <WarningOutlined className="rama-metric-warning" aria-label={`${nameOf(m)} has a warning`} />
            </Tooltip>
          )}
          <RemoveRowButton name={nameOf(m)} onRemove={() => onRemove(m.key)} />
        </span>
      ),
    },
  ];

  return (
    <div className="rama-editor-pane">
      <EditorTableToolbar
        search={search}
        onSearch={setSearch}
        searchLabel="Search metrics"
        count={metrics.length === 1 ? '1 metric' : `${metrics.length} metrics`}
      >
        <Button icon={<PlusOutlined />} onClick={handleAdd}>
          Add metric
        </Button>
      </EditorTableToolbar>
      <ListError error={errorOf('metrics')} />
      <Table<MetricDraft>
        rowKey="key"
        size="small"
        className="rama-editor-table"
        columns={columns}
        dataSource={rows}
        pagination={false}
        tableLayout="fixed"
        expandable={{
          expandedRowKeys: expandedKeys,
          showExpandColumn: false,
          expandedRowRender: (m) => <MetricDetails metric={m} onChange={onChange} errorOf={errorOf} />,
        }}
        locale={{ emptyText: search ? 'No metric matches your search' : 'No metrics yet. Add one to offer it in charts.' }}
      />
    </div>
  );
}
