/**
 * A dashboard report's filter values, for the whole report or one recipient: off, the values saved
 * with it, or the dashboard's current ones (only known when the modal opened on the dashboard).
 */
import { Button, Checkbox, Flex, Switch, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DashboardSnapshot, FilterValues } from '../reportForm';
import { filterValueSummary } from '../reportDisplay';

interface FilterValuesToggleProps {
  value: FilterValues;
  onChange: (value: FilterValues) => void;
  /** the dashboard as the modal opened on it; null on the list page */
  snapshot: DashboardSnapshot | null;
  label: string;
  /** the report's setting is a checkbox; a recipient's a small switch */
  control: 'checkbox' | 'switch';
}

export function FilterValuesToggle({ value, onChange, snapshot, label, control }: FilterValuesToggleProps) {
  const { t } = useTranslation('reports');
  const on = value.kind !== 'none';
  // without the dashboard at hand there is nothing to switch on; saved values can still be dropped
  const disabled = !on && !snapshot;
  const names = snapshot?.filterNames ?? {};
  const handleToggle = (checked: boolean) => onChange(checked ? { kind: 'current' } : { kind: 'none' });

  const summary =
    value.kind === 'current' && snapshot
      ? t('filterValuesNow', { summary: filterValueSummary(snapshot.dataMask, names) })
      : value.kind === 'saved'
        ? t('savedFilterValues', { summary: filterValueSummary(value.dataMask, names) })
        : null;

  const toggle =
    control === 'checkbox' ? (
      <Checkbox checked={on} disabled={disabled} onChange={(e) => handleToggle(e.target.checked)}>
        {label}
      </Checkbox>
    ) : (
      <Flex gap={8} align="center">
        <Switch size="small" checked={on} disabled={disabled} onChange={handleToggle} aria-label={label} />
        <Typography.Text className="rama-report-toggle-label">{label}</Typography.Text>
      </Flex>
    );

  return (
    <div className="rama-report-filter-values">
      {disabled ? <Tooltip title={t('noSnapshot')}>{toggle}</Tooltip> : toggle}
      {summary && (
        <Flex gap={4} align="baseline" wrap className="rama-report-filter-summary">
          <Typography.Text type="secondary">{summary}</Typography.Text>
          {value.kind === 'saved' && snapshot && (
            <Button type="link" size="small" onClick={() => onChange({ kind: 'current' })}>
              {t('useCurrentOnes')}
            </Button>
          )}
        </Flex>
      )}
    </div>
  );
}
