/**
 * A chart's filter badge (issue 13 part 3): how many filters reach the chart, and in a popover
 * which are applied (with their values), incompatible (their column is not in the chart's
 * dataset) or unset; cross-filters from other charts are listed with the chart they come from.
 */
import { useTranslation } from 'react-i18next';
import { useMemo } from 'react';
import { shallowEqual } from 'react-redux';
import { Badge, Button, Popover, Tooltip } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import type { FilterIndicator } from '@rama/shared';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { nativeFiltersActions } from '../state/nativeFiltersSlice';
import { chartIndicators } from './selectors';

/** The popover's sections, with the key of their title. */
const SECTIONS: { status: FilterIndicator['status']; titleKey: string }[] = [
  { status: 'applied', titleKey: 'indicators.applied' },
  { status: 'incompatible', titleKey: 'indicators.incompatible' },
  { status: 'unset', titleKey: 'indicators.unset' },
];

export function FilterIndicators({ chartId, rejected }: { chartId: number; rejected: { column: string }[] | null }) {
  const { t } = useTranslation('dashboard');
  const dispatch = useAppDispatch();
  const rejectedColumns = useMemo(() => (rejected ?? []).map((r) => r.column), [rejected]);
  const indicators = useAppSelector(
    (s) => chartIndicators(s, chartId, rejectedColumns),
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );
  const applied = indicators.filter((i) => i.status === 'applied').length;
  const incompatible = indicators.filter((i) => i.status === 'incompatible').length;
  const focus = useAppSelector((s) => s.nativeFilters.focusedFilterId, shallowEqual);
  if (!indicators.length) return null;
  const content = (
    <div className="rama-filter-indicators" data-test="filter-indicators">
      {SECTIONS.map(({ status, titleKey }) => {
        const items = indicators.filter((i) => i.status === status);
        if (!items.length) return null;
        return (
          <section key={status}>
            <h4>{t(titleKey, { count: items.length })}</h4>
            <ul>
              {items.map((i) => (
                <li
                  key={i.id}
                  className={focus === i.id ? 'is-focused' : undefined}
                  onMouseEnter={() => !i.crossFilter && dispatch(nativeFiltersActions.setFocusedFilter(i.id))}
                  onMouseLeave={() => dispatch(nativeFiltersActions.setFocusedFilter(null))}
                >
                  <span className="rama-filter-indicator-name">
                    {i.crossFilter ? t('indicators.crossFilterNamed', { name: i.name }) : i.name}
                  </span>
                  {i.value && <span className="rama-filter-indicator-value">{i.value}</span>}
                  {status === 'incompatible' && i.column && (
                    <span className="rama-filter-indicator-note">{t('indicators.noColumn', { column: i.column })}</span>
                  )}
                  {i.crossFilter && (
                    <Button
                      size="small"
                      type="link"
                      onClick={() => dispatch(nativeFiltersActions.setCrossFilter({ chartId: Number(i.id), filters: null }))}
                    >
                      {t('common:clear')}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
  const label = incompatible
    ? t('indicators.summaryIncompatible', { count: applied, incompatible })
    : t('indicators.summary', { count: applied });
  return (
    <Popover content={content} trigger="click" placement="bottomRight">
      <Tooltip title={label}>
        <Button
          type="text"
          size="small"
          aria-label={t('indicators.badgeLabel', { summary: label })}
          data-test="chart-filter-badge"
          data-applied={applied}
        >
          <Badge count={applied} size="small" offset={[4, -2]} color={incompatible ? 'orange' : 'var(--ant-color-primary)'}>
            <FilterOutlined />
          </Badge>
        </Button>
      </Tooltip>
    </Popover>
  );
}
