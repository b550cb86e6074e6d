/**
 * What the report sends: the dashboard or chart (fixed when the modal opened from one), its format,
 * a dashboard's tab to capture, and its filter values.
 */
import { useMemo, useState } from 'react';
import { Form, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dashboardTabChoices, parsePositionJson, reportFormatsFor, type ReportFormat } from '@rama/shared';
import { useListChartsQuery } from '../../charts/chartApi';
import { useListDashboardsQuery } from '../../dashboards/dashboardApi';
import { useGetDashboardQuery } from '../../dashboards/dashboardPageApi';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { ALL_TABS, anchorOfTabChoice, tabChoiceOf, type DashboardSnapshot, type ReportContext, type TargetKind } from '../reportForm';
import { FilterValuesToggle } from './FilterValuesToggle';
import { fieldStatus, type SectionProps } from './fieldStatus';

/** The message key of each format's label (translated where it is shown). */
const FORMAT_LABELS: Record<ReportFormat, string> = {
  PNG: 'format.png',
  PDF: 'format.pdf',
  CSV: 'format.csv',
  TEXT: 'format.text',
  XLSX: 'format.xlsx',
};
const PICK_SIZE = 50;

interface TargetFieldsProps extends SectionProps {
  context: ReportContext;
  /** the saved target's name, shown before a search lists it */
  savedTargetName: string | null;
}

/** The dashboards or charts a search finds, with the saved one kept in the options. */
function TargetSelect({
  kind,
  value,
  onChange,
  savedName,
  invalid,
}: {
  kind: TargetKind;
  value: number | null;
  onChange: (id: number) => void;
  savedName: string | null;
  invalid: boolean;
}) {
  const { t } = useTranslation('reports');
  const [search, setSearch] = useState('');
  const text = useDebouncedValue(search, 300).trim();
  const page = { page: 0, page_size: PICK_SIZE, order_column: 'changed_on', order_direction: 'desc' } as const;
  const dashboards = useListDashboardsQuery(
    { ...page, ...(text && { filters: [{ col: 'dashboard_title', opr: 'ct', value: text }] }) },
    { skip: kind !== 'dashboard' },
  );
  const charts = useListChartsQuery(
    { ...page, ...(text && { filters: [{ col: 'slice_name', opr: 'ct', value: text }] }) },
    { skip: kind !== 'chart' },
  );
  const found =
    kind === 'dashboard'
      ? (dashboards.data?.result ?? []).map((d) => ({ value: d.id, label: d.dashboard_title }))
      : (charts.data?.result ?? []).map((c) => ({ value: c.id, label: c.slice_name }));
  const options = value !== null && savedName && !found.some((o) => o.value === value) ? [{ value, label: savedName }, ...found] : found;
  return (
    <Select<number>
      id="report-target"
      aria-label={kind === 'dashboard' ? t('common:dashboard') : t('common:chart')}
      placeholder={t('searchTarget', { kind })}
      showSearch={{ onSearch: setSearch, filterOption: false }}
      loading={kind === 'dashboard' ? dashboards.isFetching : charts.isFetching}
      value={value ?? undefined}
      options={options}
      onChange={onChange}
      status={invalid ? 'error' : undefined}
      notFoundContent={t('noTargetMatches', { kind })}
    />
  );
}

/**
 * "Tab to capture" for a dashboard with tabs: one tab (nested ones as "Parent ▸ Child"), all
 * top-level tabs (each captured, one under the other), or none chosen (the dashboard as it opens).
 */
function TabField({ dashboardId, values, onChange, errors }: SectionProps & { dashboardId: number }) {
  const { t } = useTranslation('reports');
  const dashboard = useGetDashboardQuery(String(dashboardId));
  const layout = useMemo(() => parsePositionJson(dashboard.data?.position_json ?? null), [dashboard.data?.position_json]);
  const tabs = useMemo(() => dashboardTabChoices(layout), [layout]);
  const choice = tabChoiceOf(values.anchor);
  // a saved tab the dashboard no longer has is still shown, by its id, so the server's message makes sense
  const known = choice === null || choice === ALL_TABS || tabs.some((tab) => tab.id === choice);
  if (tabs.length === 0 && known) return null;
  const tabStatus = fieldStatus(errors, 'tab', choice === ALL_TABS ? t('tabHelp.all') : choice ? t('tabHelp.one') : t('tabHelp.none'));
  const options = [
    { value: ALL_TABS, label: t('allTabs') },
    ...tabs.map((tab) => ({ value: tab.id, label: tab.label })),
    ...(known ? [] : [{ value: choice, label: t('tabNotOnDashboard', { tab: choice }) }]),
  ];
  return (
    <Form.Item label={t('tabToCapture')} htmlFor="report-tab" {...tabStatus}>
      <Select<string>
        id="report-tab"
        aria-label={t('tabToCapture')}
        allowClear
        placeholder={t('tabPlaceholder')}
        loading={dashboard.isFetching}
        value={choice ?? undefined}
        options={options}
        onChange={(v) => onChange({ anchor: anchorOfTabChoice(v, layout) })}
      />
    </Form.Item>
  );
}

export function TargetFields({ values, onChange, errors, context, savedTargetName }: TargetFieldsProps) {
  const { t } = useTranslation('reports');
  const formats = reportFormatsFor(values.targetKind);
  const snapshot: DashboardSnapshot | null = context.kind === 'dashboard' ? context.snapshot : null;
  const targetStatus = fieldStatus(errors, 'target');
  const formatStatus = fieldStatus(errors, 'report_format');

  const handleKind = (targetKind: TargetKind) =>
    onChange({
      targetKind,
      // a dashboard is sent as a picture, a PDF or a workbook; a chart as a picture, a PDF, CSV or text
      ...(!reportFormatsFor(targetKind).includes(values.reportFormat) && { reportFormat: 'PNG' }),
    });

  return (
    <>
      {context.kind === 'list' ? (
        <>
          <Form.Item label={t('send')}>
            <Radio.Group
              aria-label={t('sendAria')}
              optionType="button"
              value={values.targetKind}
              onChange={(e) => handleKind(e.target.value as TargetKind)}
              options={[
                { value: 'dashboard', label: t('common:dashboard') },
                { value: 'chart', label: t('common:chart') },
              ]}
            />
          </Form.Item>
          <Form.Item
            label={values.targetKind === 'dashboard' ? t('common:dashboard') : t('common:chart')}
            required
            htmlFor="report-target"
            {...targetStatus}
          >
            <TargetSelect
              key={values.targetKind}
              kind={values.targetKind}
              value={values.targetKind === 'dashboard' ? values.dashboard : values.chart}
              onChange={(id) => onChange(values.targetKind === 'dashboard' ? { dashboard: id, anchor: null } : { chart: id })}
              savedName={savedTargetName}
              invalid={Boolean(errors.target)}
            />
          </Form.Item>
        </>
      ) : (
        <Form.Item label={context.kind === 'dashboard' ? t('common:dashboard') : t('common:chart')} {...targetStatus}>
          <Typography.Text strong>{context.title}</Typography.Text>
        </Form.Item>
      )}
      <Form.Item label={t('format')} {...formatStatus}>
        <Radio.Group
          aria-label={t('format')}
          value={values.reportFormat}
          onChange={(e) => onChange({ reportFormat: e.target.value as ReportFormat })}
          options={formats.map((f) => ({ value: f, label: t(FORMAT_LABELS[f]) }))}
        />
      </Form.Item>
      {values.targetKind === 'dashboard' && values.dashboard !== null && (
        <TabField key={values.dashboard} dashboardId={values.dashboard} values={values} onChange={onChange} errors={errors} />
      )}
      {values.targetKind === 'dashboard' && (snapshot || values.filterValues.kind !== 'none') && (
        <Form.Item>
          <FilterValuesToggle
            control="checkbox"
            label={t('sendWithFilterValues')}
            value={values.filterValues}
            onChange={(filterValues) => onChange({ filterValues })}
            snapshot={snapshot}
          />
        </Form.Item>
      )}
    </>
  );
}
