import { dashboardPath, type ListQuery } from '@rama/shared';
import { HumanizedDate } from '../components/Humanized';
import { useListDashboardsQuery } from '../dashboards/dashboardApi';
import { statusLabel } from '../dashboards/dashboardList';
import { Thumbnail } from '../components/Thumbnail';
import { DashboardGlyph } from '../dashboards/DashboardGlyph';
import { SHORTLIST_SIZE, Shortlist } from './Shortlist';
import { t } from '../i18n';

/** The newest changes among the dashboards the user can see. */
export const RECENT_DASHBOARDS: ListQuery = { order_column: 'changed_on', order_direction: 'desc', page: 0, page_size: SHORTLIST_SIZE };
/** The user's starred dashboards, newest change first. */
export const FAVORITE_DASHBOARDS: ListQuery = {
  ...RECENT_DASHBOARDS,
  filters: [{ col: 'id', opr: 'dashboard_is_favorite', value: true }],
};

/** A short list of dashboards with links to them, and a link to the full list. */
export function DashboardShortlist({ title, query, emptyText }: { title: string; query: ListQuery; emptyText: string }) {
  const { data, error, isLoading } = useListDashboardsQuery(query, { refetchOnMountOrArgChange: true });
  const items = (data?.result ?? []).map((d) => ({
    key: d.id,
    to: dashboardPath(d),
    label: d.dashboard_title,
    details: [statusLabel(d.published), <HumanizedDate iso={d.changed_on_utc} humanized={d.changed_on_delta_humanized} />],
    picture: (
      <Thumbnail
        url={d.thumbnail_url}
        alt={d.dashboard_title}
        placeholder={<DashboardGlyph id={d.id} title={d.dashboard_title} />}
        className="rama-shortlist-thumbnail"
      />
    ),
  }));
  return (
    <Shortlist
      title={title}
      all={{ label: t('welcome:allDashboards'), to: '/dashboard/list/' }}
      items={items}
      loading={isLoading}
      error={error}
      errorTitle={t('welcome:dashboardsError')}
      emptyText={emptyText}
    />
  );
}
