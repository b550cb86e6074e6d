import { Card, Col, Flex, Row, Tag, Typography } from 'antd';
import { LazyTooltip } from '../components/LazyTooltip';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SLOT, Slotted } from '../i18n/Slotted';
import type { ChartListItem } from '@rama/shared';
import { HumanizedDate } from '../components/Humanized';
import { ListCardTitle } from '../components/ListCardTitle';
import type { CardSelection } from '../components/ListParts';
import { OwnerAvatars } from '../datasets/OwnerAvatars';
import { DatasetName } from '../datasets/DatasetName';
import { splitQualifiedDatasetName } from '../datasets/datasetName';
import { Thumbnail } from '../components/Thumbnail';
import { ObjectTags } from '../tags/ObjectTags';
import './charts.css';
import { chartExplorePath, vizTypeName } from './chartList';
import { useVizThumbnail } from '../visualizations/thumbnails/themed';

interface ChartCardsProps {
  charts: ChartListItem[];
  isFavorite: (id: number) => boolean;
  onToggleFavorite: (id: number) => void;
  /** Set when the user may select charts for bulk delete. */
  selection?: CardSelection<ChartListItem>;
}

/** A chart's placeholder picture: its type's gallery picture. */
function VizPicture({ vizType }: { vizType: string }) {
  const picture = useVizThumbnail(vizType);
  return (
    <div className="rama-chart-card-viz" aria-hidden="true">
      {picture && <img src={picture} alt="" />}
    </div>
  );
}

/** The card view of the chart list: its thumbnail, name, type, tags, when it changed, owners and the star. */
export function ChartCards({ charts, isFavorite, onToggleFavorite, selection }: ChartCardsProps) {
  const { t } = useTranslation('charts');
  return (
    <Row gutter={[16, 16]} className="rama-list-cards">
      {charts.map((chart) => (
        <Col key={chart.id} xs={24} sm={12} lg={8} xxl={6}>
          <Card
            size="small"
            className="rama-list-card rama-chart-card"
            cover={
              // the title below is the link for keyboards and screen readers; the picture is a larger target for the mouse
              <Link to={chartExplorePath(chart.id)} tabIndex={-1} aria-hidden="true" className="rama-chart-card-cover">
                <Thumbnail
                  url={chart.thumbnail_url}
                  alt={chart.slice_name}
                  placeholder={<VizPicture vizType={chart.viz_type} />}
                  className="rama-chart-card-thumbnail"
                />
              </Link>
            }
          >
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
                  <LazyTooltip title={chart.datasource_name_text}>
                    <DatasetName parts={splitQualifiedDatasetName(chart.datasource_name_text)} className="rama-cell-secondary" />
                  </LazyTooltip>
                )}
              </Flex>
              <ObjectTags tags={chart.tags} />
              <Flex justify="space-between" align="center">
                <Typography.Text type="secondary" className="rama-cell-secondary">
                  <Slotted text={t('cards.modified', { when: SLOT })}>
                    <HumanizedDate iso={chart.changed_on_utc} humanized={chart.changed_on_delta_humanized} />
                  </Slotted>
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
