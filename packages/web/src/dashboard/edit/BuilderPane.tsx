/**
 * The edit-mode palette beside the dashboard (issue 12 part 4): new layout elements and the saved
 * charts, each dragged onto the dashboard. Charts already on it are shown as "Added".
 */
import { useMemo, useState, type ReactNode } from 'react';
import { useDraggable } from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';
import { Alert, Checkbox, Empty, Input, Select, Skeleton, Tabs, Tag, Typography } from 'antd';
import {
  BarChartOutlined,
  FileMarkdownOutlined,
  FontSizeOutlined,
  HolderOutlined,
  InsertRowAboveOutlined,
  InsertRowLeftOutlined,
  LineOutlined,
  ProfileOutlined,
} from '@ant-design/icons';
import { chartIdsInLayout, type LayoutType } from '@rama/shared';
import { errorMessage } from '../../core/api';
import { useAppSelector } from '../../core/hooks';
import { useSession } from '../../core/session';
import { useListChartsQuery } from '../../charts/chartApi';
import { vizTypeName } from '../../charts/chartList';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { selectLayout } from '../state/layoutSlice';
import { CHART_SORTS, NEW_ELEMENTS, chartDragItem, chartPaneQuery, type ChartSort, type PaneChart } from './builderModel';
import { newComponentItem, type DragItem } from './dndModel';
import './edit.css';

const ICONS: Partial<Record<LayoutType, ReactNode>> = {
  TABS: <ProfileOutlined />,
  ROW: <InsertRowAboveOutlined />,
  COLUMN: <InsertRowLeftOutlined />,
  HEADER: <FontSizeOutlined />,
  MARKDOWN: <FileMarkdownOutlined />,
  DIVIDER: <LineOutlined />,
};

/** "Only my charts" is remembered in this browser. */
const ONLY_MINE_KEY = 'rama.dashboardEditor.onlyMyCharts';

function readOnlyMine(): boolean {
  try {
    return window.localStorage.getItem(ONLY_MINE_KEY) === 'true';
  } catch {
    return false;
  }
}

function saveOnlyMine(on: boolean): void {
  try {
    window.localStorage.setItem(ONLY_MINE_KEY, String(on));
  } catch {
    // storage unavailable (private mode): the choice lasts this visit
  }
}

/** A palette entry: dragging it creates the component; it stays where it is (the overlay moves). */
interface PaletteDraggableProps {
  item: DragItem;
  disabled?: boolean;
  className: string;
  /** shown on hover */
  hint?: string;
  children: ReactNode;
}

function PaletteDraggable({ item, disabled = false, className, hint, children }: PaletteDraggableProps) {
  const { setNodeRef, listeners, attributes, isDragging } = useDraggable({ id: item.id, data: item, disabled });
  return (
    <div
      ref={setNodeRef}
      title={hint}
      {...listeners}
      {...attributes}
      aria-roledescription="draggable"
      aria-disabled={disabled || undefined}
      className={`${className}${isDragging ? ' is-dragging' : ''}${disabled ? ' is-disabled' : ''}`}
      data-test="new-component"
      data-component-type={item.type}
    >
      {children}
    </div>
  );
}

function LayoutElements() {
  return (
    <div className="rama-builder-elements">
      {NEW_ELEMENTS.map((el) => (
        <PaletteDraggable key={el.key} item={newComponentItem(el.key, el.type, el.label)} className="rama-builder-element">
          <span className="rama-builder-grip" aria-hidden>
            <HolderOutlined />
          </span>
          <span className="rama-builder-element-icon" aria-hidden>
            {ICONS[el.type]}
          </span>
          <span>{el.label}</span>
        </PaletteDraggable>
      ))}
    </div>
  );
}

function ChartRow({ chart, added }: { chart: PaneChart; added: boolean }) {
  const { t } = useTranslation('dashboard');
  const item = useMemo(() => chartDragItem(chart), [chart]);
  return (
    <PaletteDraggable item={item} disabled={added} className="rama-builder-chart" hint={added ? t('builder.alreadyAdded') : undefined}>
      <span className="rama-builder-grip" aria-hidden>
        {added ? <BarChartOutlined /> : <HolderOutlined />}
      </span>
      <span className="rama-builder-chart-body">
        <span className="rama-builder-chart-name">
          <Typography.Text ellipsis={{ tooltip: chart.slice_name }} strong={!added}>
            {chart.slice_name}
          </Typography.Text>
          {added && <Tag className="rama-builder-added">{t('builder.added')}</Tag>}
        </span>
        <span className="rama-builder-chart-meta">
          <span>{vizTypeName(chart.viz_type)}</span>
          {chart.datasource_name_text && (
            <>
              <span aria-hidden> · </span>
              <Typography.Text type="secondary" ellipsis>
                {chart.datasource_name_text}
              </Typography.Text>
            </>
          )}
        </span>
        {chart.changed_on_delta_humanized && (
          <span className="rama-builder-chart-time">{t('builder.modified', { when: chart.changed_on_delta_humanized })}</span>
        )}
      </span>
    </PaletteDraggable>
  );
}

function SavedCharts() {
  const { t } = useTranslation('dashboard');
  const { user } = useSession();
  const layout = useAppSelector(selectLayout);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<ChartSort>('changed_on');
  const [onlyMine, setOnlyMine] = useState(readOnlyMine);
  const text = useDebouncedValue(search, 300);
  const query = useMemo(() => chartPaneQuery({ search: text, sort, onlyMine, userId: user.id }), [text, sort, onlyMine, user.id]);
  const { data, error, isLoading, isFetching } = useListChartsQuery(query);
  const added = useMemo(() => new Set(chartIdsInLayout(layout)), [layout]);
  const charts = (data?.result ?? []) as PaneChart[];

  return (
    <div className="rama-builder-charts">
      <div className="rama-builder-charts-controls">
        <Input.Search
          allowClear
          placeholder={t('builder.filterCharts')}
          aria-label={t('builder.filterCharts')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          loading={isFetching && !isLoading}
        />
        <div className="rama-builder-charts-options">
          <Select<ChartSort>
            size="small"
            aria-label={t('builder.sortBy')}
            value={sort}
            onChange={setSort}
            options={[...CHART_SORTS]}
            popupMatchSelectWidth={false}
          />
          <Checkbox
            checked={onlyMine}
            onChange={(e) => {
              setOnlyMine(e.target.checked);
              saveOnlyMine(e.target.checked);
            }}
          >
            {t('builder.onlyMine')}
          </Checkbox>
        </div>
      </div>
      <div className="rama-builder-charts-list" data-test="dashboard-charts-list">
        {isLoading ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : error ? (
          <Alert type="error" showIcon title={t('builder.fetchError', { error: errorMessage(error) })} />
        ) : charts.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text ? t('builder.noMatch') : t('builder.noCharts')} />
        ) : (
          charts.map((chart) => <ChartRow key={chart.id} chart={chart} added={added.has(chart.id)} />)
        )}
      </div>
      {data && data.count > charts.length && (
        <Typography.Text type="secondary" className="rama-builder-charts-more">
          {t('builder.showing', { shown: charts.length, count: data.count })}
        </Typography.Text>
      )}
    </div>
  );
}

/** The palette: rendered beside the grid while editing (inside DashboardDndProvider). */
export function BuilderPane() {
  const { t } = useTranslation('dashboard');
  return (
    <aside className="rama-builder-pane" aria-label={t('builder.paneLabel')} data-test="dashboard-builder-sidepane">
      <Tabs
        className="rama-builder-tabs"
        defaultActiveKey="charts"
        items={[
          { key: 'charts', label: t('builder.charts'), children: <SavedCharts /> },
          { key: 'layout', label: t('builder.layoutElements'), children: <LayoutElements /> },
        ]}
      />
    </aside>
  );
}
