import type { ReactNode } from 'react';
import { Button, Card, Col, Flex, Row, Skeleton, Typography } from 'antd';
import { ApiOutlined, DatabaseOutlined, PlusOutlined, ReadOutlined, TeamOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { chartAddPath } from '../charts/chartAdd';
import { useDocumentTitle } from '../core/hooks';
import { useSession } from '../core/session';
import { useListDatabasesQuery } from '../databases/databaseApi';
import { ChartShortlist, FAVORITE_CHARTS, RECENT_CHARTS } from './ChartShortlist';
import { DashboardShortlist, FAVORITE_DASHBOARDS, RECENT_DASHBOARDS } from './DashboardShortlist';
import './welcome.css';
import { useTranslation } from 'react-i18next';

const EXAMPLES_NAME = 'examples';

interface StartCardProps {
  to: string;
  icon: ReactNode;
  title: string;
  description: string;
  action: string;
}

function StartCard({ to, icon, title, description, action }: StartCardProps) {
  return (
    <Link to={to} className="rama-start-link" aria-label={title}>
      <Card hoverable className="rama-start-card">
        <Flex vertical gap={12}>
          <span className="rama-start-icon">{icon}</span>
          <Typography.Title level={4} className="rama-start-title">
            {title}
          </Typography.Title>
          <Typography.Paragraph type="secondary" className="rama-start-description">
            {description}
          </Typography.Paragraph>
          <Typography.Text className="rama-start-action">{action} →</Typography.Text>
        </Flex>
      </Card>
    </Link>
  );
}

/** Where to begin: what Rama is, and the first steps this user can take. */
export function WelcomePage() {
  const { t } = useTranslation('welcome');
  useDocumentTitle(t('welcome'));
  const { user, access } = useSession();
  const navigate = useNavigate();
  // The examples database is found by name; users without access to it simply do not get the card.
  const { data: examples, isLoading } = useListDatabasesQuery({
    filters: [{ col: 'database_name', opr: 'ct', value: EXAMPLES_NAME }],
    page: 0,
    page_size: 10,
  });
  const examplesDb = examples?.result.find((db) => db.database_name === EXAMPLES_NAME) ?? null;

  // null: the examples card's place, held by a skeleton while the databases are read
  const cards: (StartCardProps | null)[] = [];
  if (access.canWriteDatabase) {
    cards.push({
      to: '/databaseview/list/?create=1',
      icon: <ApiOutlined />,
      title: t('connect.title'),
      description: t('connect.description'),
      action: t('connect.action'),
    });
  }
  if (examplesDb) {
    cards.push({
      to: `/database/${examplesDb.id}/`,
      icon: <ReadOutlined />,
      title: t('examples.title'),
      description: t('examples.description'),
      action: t('examples.action'),
    });
  } else if (isLoading) {
    cards.push(null);
  }
  cards.push({
    to: '/databaseview/list/',
    icon: <DatabaseOutlined />,
    title: t('databases.title'),
    description: t('databases.description'),
    action: t('databases.action'),
  });
  if (access.isAdmin) {
    cards.push({
      to: '/users/list/',
      icon: <TeamOutlined />,
      title: t('team.title'),
      description: t('team.description'),
      action: t('team.action'),
    });
  }

  return (
    <div className="rama-page rama-welcome">
      <section className="rama-welcome-hero" data-test="welcome-header">
        <Typography.Title level={2} className="rama-page-title">
          {user.first_name ? t('welcomeName', { name: user.first_name }) : t('welcome')}
        </Typography.Title>
        <Typography.Paragraph className="rama-welcome-lead">{t('lead')}</Typography.Paragraph>
      </section>
      <Typography.Title level={4} className="rama-section-title">
        {t('getStarted')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {cards.map((card) => (
          <Col key={card?.title ?? 'loading'} xs={24} sm={12} xl={6}>
            {card ? (
              <StartCard {...card} />
            ) : (
              <Card className="rama-start-card" aria-busy="true" aria-label={t('common:loading')}>
                <Skeleton active paragraph={{ rows: 3 }} />
              </Card>
            )}
          </Col>
        ))}
      </Row>
      {access.canReadDashboard && (
        <>
          <Typography.Title level={4} className="rama-section-title">
            {t('dashboards')}
          </Typography.Title>
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12}>
              <DashboardShortlist title={t('recentDashboards')} query={RECENT_DASHBOARDS} emptyText={t('noDashboards')} />
            </Col>
            <Col xs={24} lg={12}>
              <DashboardShortlist title={t('favoriteDashboards')} query={FAVORITE_DASHBOARDS} emptyText={t('starDashboard')} />
            </Col>
          </Row>
        </>
      )}
      {access.canReadChart && (
        <>
          <Flex align="center" justify="space-between" gap={12} className="rama-welcome-section-head">
            <Typography.Title level={4} className="rama-section-title">
              {t('charts')}
            </Typography.Title>
            {access.canWriteChart && (
              <Button icon={<PlusOutlined aria-hidden />} onClick={() => void navigate(chartAddPath())}>
                {t('newChart')}
              </Button>
            )}
          </Flex>
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12}>
              <ChartShortlist title={t('recentCharts')} query={RECENT_CHARTS} emptyText={t('noCharts')} />
            </Col>
            <Col xs={24} lg={12}>
              <ChartShortlist title={t('favoriteCharts')} query={FAVORITE_CHARTS} emptyText={t('starChart')} />
            </Col>
          </Row>
        </>
      )}
    </div>
  );
}
