import type { ListQuery } from '@rama/shared';
import { HumanizedDate } from '../components/Humanized';
import { useListChartsQuery } from '../charts/chartApi';
import { chartExplorePath, vizTypeName } from '../charts/chartList';
import { Thumbnail } from '../components/Thumbnail';
import { SHORTLIST_SIZE, Shortlist } from './Shortlist';
import { useVizThumbnail } from '../visualizations/thumbnails/themed';
import { t } from '../i18n';

/** The newest changes among the charts the user can see. */
export const RECENT_CHARTS: ListQuery = { order_column: 'changed_on', order_direction: 'desc', page: 0, page_size: SHORTLIST_SIZE };
/** The user's starred charts, newest change first. */
export const FAVORITE_CHARTS: ListQuery = {
  ...RECENT_CHARTS,
  filters: [{ col: 'id', opr: 'chart_is_favorite', value: true }],
};

/** The chart type's gallery picture, while there is no thumbnail. */
function VizPicture({ vizType }: { vizType: string }) {
  const picture = useVizThumbnail(vizType);
  return picture ? <img src={picture} alt="" className="rama-shortlist-viz" /> : null;
}

/** A short list of charts with links to Explore, and a link to the full list. */
export function ChartShortlist({ title, query, emptyText }: { title: string; query: ListQuery; emptyText: string }) {
  const { data, error, isLoading } = useListChartsQuery(query, { refetchOnMountOrArgChange: true });
  const items = (data?.result ?? []).map((chart) => ({
    key: chart.id,
    to: chartExplorePath(chart.id),
    label: chart.slice_name,
    details: [vizTypeName(chart.viz_type), <HumanizedDate iso={chart.changed_on_utc} humanized={chart.changed_on_delta_humanized} />],
    picture: (
      <Thumbnail
        url={chart.thumbnail_url}
        alt={chart.slice_name}
        placeholder={<VizPicture vizType={chart.viz_type} />}
        className="rama-shortlist-thumbnail rama-shortlist-thumbnail--chart"
      />
    ),
  }));
  return (
    <Shortlist
      title={title}
      all={{ label: t('welcome:allCharts'), to: '/chart/list/' }}
      items={items}
      loading={isLoading}
      error={error}
      errorTitle={t('welcome:chartsError')}
      emptyText={emptyText}
    />
  );
}
