/**
 * What the report sends: the dashboard or chart (fixed when the modal opened from one), its format,
 * a dashboard's tab to capture, and its filter values.
 */
import { useMemo, useState } from 'react';
import { Form, Radio, Select, Typography } from 'antd';
import { dashboardTabChoices, parsePositionJson, reportFormatsFor, type ReportFormat } from '@rama/shared';
import { useListChartsQuery } from '../../charts/chartApi';
import { useListDashboardsQuery } from '../../dashboards/dashboardApi';
import { useGetDashboardQuery } from '../../dashboard/dashboardPageApi';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { ALL_TABS, anchorOfTabChoice, tabChoiceOf, type DashboardSnapshot, type ReportContext, type TargetKind } from '../reportForm';
import { FilterValuesToggle } from './FilterValuesToggle';
import { fieldStatus, type SectionProps } from './fieldStatus';

const FORMAT_LABELS: Record<ReportFormat, string> = { PNG: 'Image (PNG)', PDF: 'PDF', CSV: 'CSV', TEXT: 'Text', XLSX: 'Excel workbook' };
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
  const noun = kind === 'dashboard' ? 'dashboard' : 'chart';
  return (
    <Select<number>
      id="report-target"
      aria-label={kind === 'dashboard' ? 'Dashboard' : 'Chart'}
      placeholder={`Search for a ${noun}`}
      showSearch={{ onSearch: setSearch, filterOption: false }}
      loading={kind === 'dashboard' ? dashboards.isFetching : charts.isFetching}
      value={value ?? undefined}
      options={options}
      onChange={onChange}
      status={invalid ? 'error' : undefined}
      notFoundContent={`No ${noun} matches`}
    />
  );
}

/**
 * "Tab to capture" for a dashboard with tabs: one tab (nested ones as "Parent ▸ Child"), all
 * top-level tabs (each captured, one under the other), or none chosen (the dashboard as it opens).
 */
function TabField({ dashboardId, values, onChange, errors }: SectionProps & { dashboardId: number }) {
  const dashboard = useGetDashboardQuery(String(dashboardId));
  const layout = useMemo(() => parsePositionJson(dashboard.data?.position_json ?? null), [dashboard.data?.position_json]);
  const tabs = useMemo(() => dashboardTabChoices(layout), [layout]);
  const choice = tabChoiceOf(values.anchor);
  // a saved tab the dashboard no longer has is still shown, by its id, so the server's message makes sense
  const known = choice === null || choice === ALL_TABS || tabs.some((t) => t.id === choice);
  if (tabs.length === 0 && known) return null;
  const options = [
    { value: ALL_TABS, label: 'All tabs' },
    ...tabs.map((t) => ({ value: t.id, label: t.label })),
    ...(known ? [] : [{ value: choice, label: `${choice} (not on the dashboard)` }]),
  ];
  return (
    <Form.Item
      label="Tab to capture"
      htmlFor="report-tab"
      {...fieldStatus(
        errors,
        'tab',
        choice === ALL_TABS
          ? 'Each top-level tab is captured; the pictures are sent one under the other (a PDF: each tab from a new page).'
          : choice
            ? 'The dashboard is captured with this tab open.'
            : 'Without a choice, the dashboard is captured as it opens, on its first tab.',
      )}
    >
      <Select<string>
        id="report-tab"
        aria-label="Tab to capture"
        allowClear
        placeholder="The first tab (as the dashboard opens)"
        loading={dashboard.isFetching}
        value={choice ?? undefined}
        options={options}
        onChange={(v) => onChange({ anchor: anchorOfTabChoice(v, layout) })}
      />
    </Form.Item>
  );
}

export function TargetFields({ values, onChange, errors, context, savedTargetName }: TargetFieldsProps) {
  const formats = reportFormatsFor(values.targetKind);
  const snapshot: DashboardSnapshot | null = context.kind === 'dashboard' ? context.snapshot : null;

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
          <Form.Item label="Send">
            <Radio.Group
              aria-label="Send a dashboard or a chart"
              optionType="button"
              value={values.targetKind}
              onChange={(e) => handleKind(e.target.value as TargetKind)}
              options={[
                { value: 'dashboard', label: 'Dashboard' },
                { value: 'chart', label: 'Chart' },
              ]}
            />
          </Form.Item>
          <Form.Item
            label={values.targetKind === 'dashboard' ? 'Dashboard' : 'Chart'}
            required
            htmlFor="report-target"
            {...fieldStatus(errors, 'target')}
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
        <Form.Item label={context.kind === 'dashboard' ? 'Dashboard' : 'Chart'} {...fieldStatus(errors, 'target')}>
          <Typography.Text strong>{context.title}</Typography.Text>
        </Form.Item>
      )}
      <Form.Item label="Format" {...fieldStatus(errors, 'report_format')}>
        <Radio.Group
          aria-label="Format"
          value={values.reportFormat}
          onChange={(e) => onChange({ reportFormat: e.target.value as ReportFormat })}
          options={formats.map((f) => ({ value: f, label: FORMAT_LABELS[f] }))}
        />
      </Form.Item>
      {values.targetKind === 'dashboard' && values.dashboard !== null && (
        <TabField key={values.dashboard} dashboardId={values.dashboard} values={values} onChange={onChange} errors={errors} />
      )}
      {values.targetKind === 'dashboard' && (snapshot || values.filterValues.kind !== 'none') && (
        <Form.Item>
          <FilterValuesToggle
            control="checkbox"
            label="Send with the current filter values"
            value={values.filterValues}
            onChange={(filterValues) => onChange({ filterValues })}
            snapshot={snapshot}
          />
        </Form.Item>
      )}
    </>
  );
}
