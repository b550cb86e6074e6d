import { Card, Col, Flex, Row, Tag, Tooltip, Typography } from 'antd';
import type { ChartListItem } from '@rama/shared';
import { HumanizedDate } from '../components/Humanized';
import { ListCardTitle } from '../components/ListCardTitle';
import type { CardSelection } from '../components/ListParts';
import { OwnerAvatars } from '../datasets/OwnerAvatars';
import { DatasetName } from '../datasets/DatasetName';
import { splitQualifiedDatasetName } from '../datasets/datasetName';
import './charts.css';
import { chartExplorePath, vizTypeName } from './chartList';

interface ChartCardsProps {
  charts: ChartListItem[];
  isFavorite: (id: number) => boolean;
  onToggleFavorite: (id: number) => void;
  /** Set when the user may select charts for bulk delete. */
  selection?: CardSelection<ChartListItem>;
}

/** The card view of the chart list: name, type, when it changed, owners and the star. */
export function ChartCards({ charts, isFavorite, onToggleFavorite, selection }: ChartCardsProps) {
  return (
    <Row gutter={[16, 16]} className="rama-list-cards">
      {charts.map((chart) => (
        <Col key={chart.id} xs={24} sm={12} lg={8} xxl={6}>
          <Card size="small" className="rama-list-card">
            <Flex vertical gap={8}>
              <ListCardTitle
                row={chart}
                id={chart.id}
                name={chart.slice_name}
                to={chartExplorePath(chart.id)}
                certifiedBy={chart.certified_by}
                selection={selection}
                starred={isFavorite(chart.id)}
                onToggleFavorite={() => onToggleFavorite(chart.id)}
              />
              <Flex gap={6} wrap align="center" className="rama-chart-card-meta">
                <Tag>{vizTypeName(chart.viz_type)}</Tag>
                {chart.datasource_name_text && (
                  <Tooltip title={chart.datasource_name_text}>
                    <DatasetName parts={splitQualifiedDatasetName(chart.datasource_name_text)} className="rama-cell-secondary" />
                  </Tooltip>
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
