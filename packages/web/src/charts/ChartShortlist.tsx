import { Card, Empty, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import type { ListQuery } from '@rama/shared';
import { toClientError } from '../app/api';
import { ErrorAlert } from '../components/ErrorAlert';
import { HumanizedDate } from '../components/Humanized';
import { useListChartsQuery } from './chartApi';
import { chartExplorePath, vizTypeName } from './chartList';
import './charts.css';

/** How many charts a welcome-page section shows. */
export const SHORTLIST_SIZE = 6;

const LIST_ERROR = 'Could not fetch all saved charts';

/** The newest changes among the charts the user can see. */
export const RECENT_CHARTS: ListQuery = { order_column: 'changed_on', order_direction: 'desc', page: 0, page_size: SHORTLIST_SIZE };
/** The user's starred charts, newest change first. */
export const FAVORITE_CHARTS: ListQuery = {
  ...RECENT_CHARTS,
  filters: [{ col: 'id', opr: 'chart_is_favorite', value: true }],
};

interface ChartShortlistProps {
  title: string;
  query: ListQuery;
  /** When there is nothing to list. */
  emptyText: string;
}

/** A short list of charts with links to Explore, and a link to the full list. */
export function ChartShortlist({ title, query, emptyText }: ChartShortlistProps) {
  const { data, error, isLoading } = useListChartsQuery(query, { refetchOnMountOrArgChange: true });
  const charts = data?.result ?? [];
  return (
    <Card title={title} size="small" extra={<Link to="/chart/list/">All charts</Link>} className="rama-chart-shortlist-card">
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : error ? (
        <ErrorAlert error={toClientError(error)} title={LIST_ERROR} />
      ) : charts.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
      ) : (
        <ul className="rama-chart-shortlist" aria-label={title}>
          {charts.map((chart) => (
            <li key={chart.id}>
              <Link to={chartExplorePath(chart.id)} title={chart.slice_name}>
                {chart.slice_name}
              </Link>
              <Typography.Text type="secondary" className="rama-cell-secondary">
                {vizTypeName(chart.viz_type)}
              </Typography.Text>
              <Typography.Text type="secondary" className="rama-cell-secondary">
                <HumanizedDate iso={chart.changed_on_utc} humanized={chart.changed_on_delta_humanized} />
              </Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
