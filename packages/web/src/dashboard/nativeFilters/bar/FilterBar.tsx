/**
 * The filter bar (issue 13 part 2): the dashboard's native filters, vertical at the left
 * (collapsible) or horizontal under the header (filters that do not fit go into "More filters"),
 * as `json_metadata.filter_bar_orientation` says. Values picked wait for "Apply filters"; "Clear
 * all" empties every filter at once. The charts of a filter the pointer is on are highlighted
 * (focusedFilterField). Cross-filters set by clicking charts are listed with a way to clear them.
 * Editors open the filter configuration and the bar's settings from here.
 */
import { useTranslation } from 'react-i18next';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { shallowEqual } from 'react-redux';
import { Button, Dropdown, Empty, Popover, Tag, Tooltip, Typography, type MenuProps } from 'antd';
import { CloseOutlined, FilterOutlined, LeftOutlined, RightOutlined, SettingOutlined } from '@ant-design/icons';
import {
  hasFilterValue,
  isFilterDivider,
  isNativeFilter,
  parentExtraFormData,
  type DataMask,
  type FilterConfigItem,
  type NativeFilter,
} from '@rama/shared';
import { useAppDispatch, useAppSelector } from '../../../core/hooks';
import { nativeFiltersActions } from '../../state/nativeFiltersSlice';
import { NativeFilterMessage } from '../messages';
import { FilterControl } from './FilterControl';
import { useBarSettings } from './useBarSettings';
import './filterBar.css';

type Orientation = 'VERTICAL' | 'HORIZONTAL';

/** A picked value that differs from the applied one. */
function pendingChanges(
  filters: readonly FilterConfigItem[],
  selected: Record<string, DataMask>,
  applied: Record<string, DataMask>,
): boolean {
  return filters.some(
    (f) => isNativeFilter(f) && JSON.stringify(selected[f.id]?.extraFormData ?? {}) !== JSON.stringify(applied[f.id]?.extraFormData ?? {}),
  );
}

/** Required filters without a picked value block "Apply filters". */
function missingRequired(filters: readonly FilterConfigItem[], selected: Record<string, DataMask>): NativeFilter[] {
  return filters.filter(isNativeFilter).filter((f) => f.controlValues?.enableEmptyFilter && !hasFilterValue(selected[f.id]?.filterState));
}

function FilterItem({ filter, compact }: { filter: NativeFilter; compact: boolean }) {
  const { t } = useTranslation('dashboard');
  const dispatch = useAppDispatch();
  const mask = useAppSelector((s) => s.nativeFilters.selected[filter.id]);
  const filters = useAppSelector((s) => s.nativeFilters.filters);
  const selected = useAppSelector((s) => s.nativeFilters.selected);
  const parentsKey = JSON.stringify(parentExtraFormData(filters, selected, filter.id));
  const parentExtra = useMemo(() => JSON.parse(parentsKey) as ReturnType<typeof parentExtraFormData>, [parentsKey]);
  const onChange = useCallback((m: DataMask) => dispatch(nativeFiltersActions.selectValue(m)), [dispatch]);
  const onApplyNow = useCallback((m: DataMask) => dispatch(nativeFiltersActions.applyValue(m)), [dispatch]);
  const required = Boolean(filter.controlValues?.enableEmptyFilter);
  const missing = required && !hasFilterValue(mask?.filterState);
  return (
    <div
      className={`rama-filter-item${compact ? ' is-compact' : ''}`}
      data-test="filter-item"
      data-filter-id={filter.id}
      onMouseEnter={() => dispatch(nativeFiltersActions.setFocusedFilter(filter.id))}
      onMouseLeave={() => dispatch(nativeFiltersActions.setFocusedFilter(null))}
      onFocus={() => dispatch(nativeFiltersActions.setFocusedFilter(filter.id))}
      onBlur={() => dispatch(nativeFiltersActions.setFocusedFilter(null))}
    >
      <div className="rama-filter-item-label">
        <Typography.Text strong ellipsis title={filter.name}>
          {filter.name || t('filterBar.untitled')}
        </Typography.Text>
        {required && (
          <span className="rama-filter-required" aria-label={t('filterBar.required')}>
            *
          </span>
        )}
        {filter.description && (
          <Tooltip title={filter.description}>
            <span className="rama-filter-help">?</span>
          </Tooltip>
        )}
      </div>
      <FilterControl
        filter={filter}
        mask={mask}
        parentExtraFormData={parentExtra}
        onChange={onChange}
        onApplyNow={onApplyNow}
        compact={compact}
      />
      {missing && <div className="rama-filter-error">{t('filterBar.valueRequired')}</div>}
    </div>
  );
}

function CrossFilters({ compact }: { compact: boolean }) {
  const { t } = useTranslation('dashboard');
  const dispatch = useAppDispatch();
  const enabled = useAppSelector((s) => s.dashboardInfo.crossFiltersEnabled);
  const entries = useAppSelector(
    (s) =>
      Object.entries(s.nativeFilters.dataMask)
        .filter(([k, m]) => /^\d+$/.test(k) && m.extraFormData.filters?.length)
        .map(([k, m]) => ({
          chartId: Number(k),
          name: s.dashboardCharts.slices[Number(k)]?.slice_name ?? t('filterBar.chartN', { id: k }),
          column: Object.keys(m.filterState.filters ?? {}).join(', '),
          label: String(m.filterState.label ?? ''),
        })),
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );
  if (!enabled || !entries.length) return null;
  return (
    <div className={`rama-cross-filters${compact ? ' is-compact' : ''}`} data-test="cross-filters">
      {!compact && <div className="rama-filter-section-title">{t('filterBar.crossFilters')}</div>}
      {entries.map((e) => (
        <Tag
          key={e.chartId}
          closable
          className="rama-cross-filter-tag"
          data-test="cross-filter-tag"
          closeIcon={<CloseOutlined aria-label={t('filterBar.clearCrossFilter', { name: e.name })} />}
          onClose={(ev) => {
            ev.preventDefault();
            dispatch(nativeFiltersActions.setCrossFilter({ chartId: e.chartId, filters: null }));
          }}
        >
          <span className="rama-cross-filter-chart">{e.name}</span>
          <span className="rama-cross-filter-value">
            {e.column}: {e.label}
          </span>
        </Tag>
      ))}
    </div>
  );
}

function BarActions({ compact }: { compact: boolean }) {
  const { t } = useTranslation('dashboard');
  const dispatch = useAppDispatch();
  const { filters, selected, dataMask } = useAppSelector(
    (s) => ({ filters: s.nativeFilters.filters, selected: s.nativeFilters.selected, dataMask: s.nativeFilters.dataMask }),
    shallowEqual,
  );
  const pending = pendingChanges(filters, selected, dataMask);
  const missing = missingRequired(filters, selected);
  const anyValue = filters.some((f) => isNativeFilter(f) && hasFilterValue(selected[f.id]?.filterState));
  return (
    <div className={`rama-filter-actions${compact ? ' is-compact' : ''}`}>
      <Button
        type="primary"
        size={compact ? 'middle' : 'middle'}
        disabled={!pending || missing.length > 0}
        onClick={() => dispatch(nativeFiltersActions.applySelected())}
        data-test="filter-apply"
      >
        {t('filterBar.apply')}
      </Button>
      <Button type="link" disabled={!anyValue} onClick={() => dispatch(nativeFiltersActions.clearAll())} data-test="filter-clear-all">
        {t('filterBar.clearAll')}
      </Button>
    </div>
  );
}

function SettingsMenu() {
  const { t } = useTranslation('dashboard');
  const { items, modal } = useBarSettings();
  if (!items.length) return null;
  return (
    <>
      <Dropdown menu={{ items } as MenuProps} trigger={['click']}>
        <Button type="text" size="small" icon={<SettingOutlined />} aria-label={t('filterBar.settings')} />
      </Dropdown>
      {modal}
    </>
  );
}

function FilterList({ compact }: { compact: boolean }) {
  const filters = useAppSelector((s) => s.nativeFilters.filters);
  return (
    <>
      {filters.map((f) =>
        isNativeFilter(f) ? (
          <FilterItem key={f.id} filter={f} compact={compact} />
        ) : isFilterDivider(f) ? (
          <div key={f.id} className="rama-filter-divider" data-test="filter-divider">
            <div className="rama-filter-divider-title">{f.title}</div>
            {f.description && <div className="rama-filter-divider-description">{f.description}</div>}
          </div>
        ) : null,
      )}
    </>
  );
}

function EmptyBar() {
  const { t } = useTranslation('dashboard');
  const dispatch = useAppDispatch();
  const canEdit = useAppSelector((s) => s.dashboardInfo.dash_edit_perm);
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <div>{NativeFilterMessage.NO_FILTERS}</div>
          {canEdit && (
            <Button type="link" onClick={() => dispatch(nativeFiltersActions.openConfig(null))}>
              {t('filterBar.addOrEdit')}
            </Button>
          )}
        </>
      }
    />
  );
}

/**
 * The vertical bar's column: as tall as the dashboard, so its background and border reach the end
 * of a tall dashboard (also in a full-page capture, where the screen-high sticky panel inside
 * would stop after the first screen).
 */
function FilterBarColumn({ children }: { children: ReactNode }) {
  return <div className="rama-filter-bar-column">{children}</div>;
}

export function VerticalFilterBar() {
  const { t } = useTranslation('dashboard');
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.nativeFilters.barOpen);
  const count = useAppSelector((s) => s.nativeFilters.filters.filter(isNativeFilter).length);
  const appliedCount = useAppSelector(
    (s) => s.nativeFilters.filters.filter((f) => isNativeFilter(f) && hasFilterValue(s.nativeFilters.dataMask[f.id]?.filterState)).length,
  );
  if (!open) {
    return (
      <FilterBarColumn>
        <aside className="rama-filter-bar rama-filter-bar--collapsed" data-test="filter-bar" aria-label={t('filterBar.collapsedLabel')}>
          <Tooltip title={t('filterBar.expand')} placement="right">
            <Button
              type="text"
              icon={<RightOutlined />}
              aria-label={t('filterBar.expand')}
              onClick={() => dispatch(nativeFiltersActions.setBarOpen(true))}
            />
          </Tooltip>
          <FilterOutlined />
          {appliedCount > 0 && <span className="rama-filter-bar-count">{appliedCount}</span>}
        </aside>
      </FilterBarColumn>
    );
  }
  return (
    <FilterBarColumn>
      <aside className="rama-filter-bar rama-filter-bar--vertical" data-test="filter-bar" aria-label={t('common:filters')}>
        <div className="rama-filter-bar-header">
          <span className="rama-filter-bar-title">{t('common:filters')}</span>
          <SettingsMenu />
          <Button
            type="text"
            size="small"
            icon={<LeftOutlined />}
            aria-label={t('filterBar.collapse')}
            onClick={() => dispatch(nativeFiltersActions.setBarOpen(false))}
          />
        </div>
        <div className="rama-filter-bar-body">
          <CrossFilters compact={false} />
          {count === 0 ? <EmptyBar /> : <FilterList compact={false} />}
        </div>
        {count > 0 && (
          <div className="rama-filter-bar-footer">
            <BarActions compact={false} />
          </div>
        )}
      </aside>
    </FilterBarColumn>
  );
}

/** Width one compact filter takes at most in the horizontal bar (a label of up to 150 px beside a 190 px picker). */
const HORIZONTAL_ITEM_WIDTH = 370;

export function HorizontalFilterBar() {
  const { t } = useTranslation('dashboard');
  const filters = useAppSelector((s) => s.nativeFilters.filters);
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(1200);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const native = filters.filter(isNativeFilter);
  // the icons at the start and the two buttons at the end take about 300 px
  const fit = Math.max(1, Math.floor((width - 300) / HORIZONTAL_ITEM_WIDTH));
  const shown = native.slice(0, fit);
  const more = native.slice(fit);
  let overflow: ReactNode = null;
  if (more.length) {
    overflow = (
      <Popover
        trigger="click"
        placement="bottomRight"
        content={
          <div className="rama-filter-more" data-test="more-filters">
            {more.map((f) => (
              <FilterItem key={f.id} filter={f} compact={false} />
            ))}
          </div>
        }
      >
        <Button data-test="more-filters-button">{t('filterBar.moreFilters', { count: more.length })}</Button>
      </Popover>
    );
  }
  return (
    <div
      ref={ref}
      className="rama-filter-bar rama-filter-bar--horizontal"
      data-test="filter-bar"
      aria-label={t('common:filters')}
      role="region"
    >
      <FilterOutlined className="rama-filter-bar-icon" />
      <SettingsMenu />
      {native.length === 0 ? (
        <span className="rama-filter-bar-empty">{NativeFilterMessage.NO_FILTERS}</span>
      ) : (
        <div className="rama-filter-bar-row">
          {shown.map((f) => (
            <FilterItem key={f.id} filter={f} compact />
          ))}
          {overflow}
        </div>
      )}
      <CrossFilters compact />
      {native.length > 0 && <BarActions compact />}
    </div>
  );
}

export function FilterBar({ orientation }: { orientation: Orientation }) {
  return orientation === 'HORIZONTAL' ? <HorizontalFilterBar /> : <VerticalFilterBar />;
}
