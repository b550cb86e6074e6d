import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  // d3 format codes with what they print: the same in every language
].map((f) => ({ value: f.value, label: `${f.value}  (${f.example})` })); // i18n-ignore

function currencyCodes(): string[] {
  try {
    return Intl.supportedValuesOf('currency');
  } catch {
    return ['USD', 'EUR', 'GBP', 'JPY', 'CNY', 'INR', 'CHF', 'CAD', 'AUD', 'BRL'];
  }
}
const CURRENCY_OPTIONS = currencyCodes().map((code) => ({ value: code, label: code }));
const POSITIONS: MetricCurrencyDraft['symbolPosition'][] = ['prefix', 'suffix'];

/** Examples of a field's value, the same in every language. */
const METRIC_NAME_EXAMPLE = 'metric_name';
const D3_FORMAT_EXAMPLE = ',.2f';

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
  const { t } = useTranslation('datasets');
  const name = metric.metric_name || t('metric.theNew');
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
          <Form.Item label={t('common:description')}>
            <Input.TextArea
              aria-label={t('descriptionOf', { name })}
              autoSize={{ minRows: 2, maxRows: 6 }}
              value={metric.description}
              onChange={(event) => onChange(metric.key, { description: event.target.value })}
            />
          </Form.Item>
          <Form.Item label={t('common:warning')} extra={t('metric.warningExtra')}>
            <Input.TextArea
              aria-label={t('metric.warningOf', { name })}
              autoSize={{ minRows: 1, maxRows: 4 }}
              value={metric.warning_text}
              onChange={(event) => onChange(metric.key, { warning_text: event.target.value })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} lg={12}>
          <Form.Item label={t('metric.currency')} validateStatus={currencyError ? 'error' : undefined} help={currencyError}>
            <Row gutter={8}>
              <Col span={12}>
                <Select<string>
                  aria-label={t('metric.currencyOf', { name })}
                  placeholder={t('metric.noCurrency')}
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  value={metric.currency?.symbol}
                  onChange={handleSymbolChange}
                  options={CURRENCY_OPTIONS}
                />
              </Col>
              <Col span={12}>
                <Select<MetricCurrencyDraft['symbolPosition']>
                  aria-label={t('metric.currencyPositionOf', { name })}
                  disabled={!metric.currency}
                  value={metric.currency?.symbolPosition ?? 'prefix'}
                  onChange={handlePositionChange}
                  options={POSITIONS.map((position) => ({ value: position, label: t(`metric.${position}`) }))}
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
  const { t } = useTranslation('datasets');
  const [search, setSearch] = useState('');
  const rows = metrics.filter((m) => matchesSearch(search, m.metric_name, m.verbose_name));
  const nameOf = (m: MetricDraft) => m.metric_name || t('metric.theNew');

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
      title: t('metric'),
      width: 200,
      render: (_v, m) => (
        <CellInput
          label={m.id === null && !m.metric_name ? t('metric.nameOfNew') : t('nameOf', { name: m.metric_name })}
          value={m.metric_name}
          placeholder={METRIC_NAME_EXAMPLE}
          autoFocus={m.id === null && !m.metric_name}
          error={errorOf(metricErrorKey(m.key, 'metric_name'))}
          onChange={(metric_name) => onChange(m.key, { metric_name })}
        />
      ),
    },
    {
      key: 'verbose_name',
      title: t('label'),
      width: 180,
      render: (_v, m) => (
        <CellInput
          label={t('labelOf', { name: nameOf(m) })}
          value={m.verbose_name}
          placeholder={m.metric_name}
          onChange={(verbose_name) => onChange(m.key, { verbose_name })}
        />
      ),
    },
    {
      key: 'expression',
      title: t('sqlExpression'),
      render: (_v, m) => (
        <CellInput
          code
          label={t('sqlExpressionOf', { name: nameOf(m) })}
          value={m.expression}
          placeholder={t('example', { example: 'SUM(amount)' })}
          error={errorOf(metricErrorKey(m.key, 'expression'))}
          onChange={(expression) => onChange(m.key, { expression })}
        />
      ),
    },
    {
      key: 'd3format',
      title: t('metric.d3Format'),
      width: 150,
      render: (_v, m) => (
        <AutoComplete
          aria-label={t('metric.d3FormatOf', { name: nameOf(m) })}
          className="rama-full-width"
          value={m.d3format}
          placeholder={D3_FORMAT_EXAMPLE}
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
              <WarningOutlined className="rama-metric-warning" aria-label={t('metric.hasWarning', { name: nameOf(m) })} />
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
        searchLabel={t('metric.search')}
        count={t('metric.count', { count: metrics.length })}
      >
        <Button icon={<PlusOutlined />} onClick={handleAdd}>
          {t('metric.add')}
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
        locale={{ emptyText: search ? t('metric.noMatch') : t('metric.none') }}
      />
    </div>
  );
}
