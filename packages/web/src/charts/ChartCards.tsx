import { Card, Checkbox, Col, Flex, Row, Tag, Tooltip, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { ChartListItem } from '@rama/shared';
import { HumanizedDate } from '../components/Humanized';
import { OwnerAvatars } from '../datasets/OwnerAvatars';
import { FavoriteStar } from '../components/FavoriteStar';
import { chartExplorePath, vizTypeName } from './chartList';

interface ChartCardsProps {
  charts: ChartListItem[];
  isFavorite: (id: number) => boolean;
  onToggleFavorite: (id: number) => void;
  /** Set when the user may select charts for bulk delete. */
  selection?: { selectedIds: number[]; onToggle: (id: number, selected: boolean) => void; canSelect: (chart: ChartListItem) => boolean };
}

/** The card view of the chart list: name, type, when it changed, owners and the star. */
export function ChartCards({ charts, isFavorite, onToggleFavorite, selection }: ChartCardsProps) {
  return (
    <Row gutter={[16, 16]} className="rama-chart-cards">
      {charts.map((chart) => (
        <Col key={chart.id} xs={24} sm={12} lg={8} xxl={6}>
          <Card size="small" className="rama-chart-card">
            <Flex vertical gap={8}>
              <Flex align="center" gap={6}>
                {selection?.canSelect(chart) && (
                  <Checkbox
                    aria-label={`Select ${chart.slice_name}`}
                    checked={selection.selectedIds.includes(chart.id)}
                    onChange={(e) => selection.onToggle(chart.id, e.target.checked)}
                  />
                )}
                <Link to={chartExplorePath(chart.id)} className="rama-chart-card-title">
                  <Typography.Text strong ellipsis={{ tooltip: chart.slice_name }}>
                    {chart.slice_name}
                  </Typography.Text>
                </Link>
                {chart.certified_by && (
                  <Tooltip title={`Certified by ${chart.certified_by}`}>
                    <SafetyCertificateOutlined className="rama-certified" aria-label={`Certified by ${chart.certified_by}`} />
                  </Tooltip>
                )}
                <span className="rama-spacer" />
                <FavoriteStar name={chart.slice_name} starred={isFavorite(chart.id)} onToggle={() => onToggleFavorite(chart.id)} />
              </Flex>
              <Flex gap={6} wrap align="center">
                <Tag>{vizTypeName(chart.viz_type)}</Tag>
                {chart.datasource_name_text && (
                  <Typography.Text type="secondary" ellipsis={{ tooltip: chart.datasource_name_text }} className="rama-cell-secondary">
                    {chart.datasource_name_text}
                  </Typography.Text>
                )}
              </Flex>
              <Flex justify="space-between" align="center">
                <Typography.Text type="secondary" className="rama-cell-secondary">
                  Modified <HumanizedDate iso={chart.changed_on_utc} humanized={chart.changed_on_delta_humanized} />
                </Typography.Text>
                <OwnerAvatars owners={chart.owners} />
              </Flex>
            </Flex>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
