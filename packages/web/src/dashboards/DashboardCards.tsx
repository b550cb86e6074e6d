import { App, Button, Card, Col, Dropdown, Flex, Row, Typography, type MenuProps } from 'antd';
import { DeleteOutlined, EditOutlined, EllipsisOutlined, ExportOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { dashboardPath, type DashboardListItem } from '@rama/shared';
import { HumanizedDate } from '../components/Humanized';
import { ListCardTitle } from '../components/ListCardTitle';
import type { CardSelection } from '../components/ListParts';
import { OwnerAvatars } from '../datasets/OwnerAvatars';
import { Thumbnail } from '../components/Thumbnail';
import { ObjectTags } from '../tags/ObjectTags';
import { SLOT, Slotted } from '../i18n/Slotted';
import { DashboardGlyph } from './DashboardGlyph';
import { DashboardStatusTag } from './DashboardStatusTag';
import { deleteDashboardDescription, dashboardEditPath } from './dashboardList';

interface DashboardCardsProps {
  dashboards: DashboardListItem[];
  isFavorite: (id: number) => boolean;
  onToggleFavorite: (id: number) => void;
  /** Set when the user may select dashboards (for bulk delete or export). */
  selection?: CardSelection<DashboardListItem>;
  /** The user may edit (and delete) this dashboard. */
  mayEdit: (d: DashboardListItem) => boolean;
  /** Set when the user may export. */
  onExport?: (d: DashboardListItem) => void;
  /** Set when the user may delete (their own) dashboards; resolves once done. */
  onDelete?: (d: DashboardListItem) => Promise<void>;
}

interface CardMenuProps extends Pick<DashboardCardsProps, 'onExport' | 'onDelete'> {
  dashboard: DashboardListItem;
  mayEdit: boolean;
}

/** A card's "…" menu: edit (owners), export, delete (owners, after a confirm). */
function CardMenu({ dashboard, mayEdit, onExport, onDelete }: CardMenuProps) {
  const { modal } = App.useApp();
  const { t } = useTranslation('dashboards');
  const title = dashboard.dashboard_title;
  const items: MenuProps['items'] = [];
  if (mayEdit)
    items.push({ key: 'edit', icon: <EditOutlined />, label: <Link to={dashboardEditPath(dashboard)}>{t('common:edit')}</Link> });
  if (onExport) items.push({ key: 'export', icon: <ExportOutlined />, label: t('common:export'), onClick: () => onExport(dashboard) });
  if (onDelete && mayEdit) {
    const confirmDelete = () => {
      modal.confirm({
        title: t('common:deleteConfirmTitle', { name: title }),
        content: deleteDashboardDescription(),
        okText: t('common:delete'),
        okButtonProps: { danger: true },
        onOk: () => onDelete(dashboard),
      });
    };
    items.push({ key: 'delete', icon: <DeleteOutlined />, label: t('common:delete'), danger: true, onClick: confirmDelete });
  }
  if (!items.length) return null;
  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      <Button type="text" size="small" icon={<EllipsisOutlined />} aria-label={t('moreActionsFor', { name: title })} />
    </Dropdown>
  );
}

/** The card view of the dashboard list: its thumbnail (or a drawing), the title, status, tags, when it changed, owners, the star and a menu. */
export function DashboardCards({ dashboards, isFavorite, onToggleFavorite, selection, mayEdit, onExport, onDelete }: DashboardCardsProps) {
  const { t } = useTranslation('dashboards');
  return (
    <Row gutter={[16, 16]} className="rama-list-cards">
      {dashboards.map((d) => (
        <Col key={d.id} xs={24} sm={12} lg={8} xxl={6}>
          <Card
            size="small"
            className="rama-list-card rama-dashboard-card"
            cover={
              // the title below is the link for keyboards and screen readers; the drawing is a larger target for the mouse
              <Link to={dashboardPath(d)} tabIndex={-1} aria-hidden="true" className="rama-dashboard-card-cover">
                <Thumbnail
                  url={d.thumbnail_url}
                  alt={d.dashboard_title}
                  placeholder={<DashboardGlyph id={d.id} title={d.dashboard_title} />}
                  className="rama-dashboard-card-thumbnail"
                />
              </Link>
            }
          >
            <Flex vertical gap={8}>
              <ListCardTitle
                row={d}
                id={d.id}
                name={d.dashboard_title}
                to={dashboardPath(d)}
                certifiedBy={d.certified_by}
                certificationDetails={d.certification_details}
                selection={selection}
                starred={isFavorite(d.id)}
                onToggleFavorite={() => onToggleFavorite(d.id)}
              />
              <Flex gap={8} align="center" wrap>
                <DashboardStatusTag published={d.published} />
                <Typography.Text type="secondary" className="rama-cell-secondary">
                  <Slotted text={t('modifiedWhen', { when: SLOT })}>
                    <HumanizedDate iso={d.changed_on_utc} humanized={d.changed_on_delta_humanized} />
                  </Slotted>
                </Typography.Text>
              </Flex>
              <ObjectTags tags={d.tags} />
              <Flex justify="space-between" align="center">
                <OwnerAvatars owners={d.owners} />
                <CardMenu dashboard={d} mayEdit={mayEdit(d)} onExport={onExport} onDelete={onDelete} />
              </Flex>
            </Flex>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
