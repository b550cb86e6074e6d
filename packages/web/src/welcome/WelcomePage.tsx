import type { ReactNode } from 'react';
import { Button, Card, Col, Flex, Row, Skeleton, Typography } from 'antd';
import { ApiOutlined, DatabaseOutlined, PlusOutlined, ReadOutlined, TeamOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { chartAddPath } from '../charts/chartAdd';
import { useDocumentTitle } from '../app/hooks';
import { useSession } from '../app/session';
import { useListDatabasesQuery } from '../databases/databaseApi';
import { ChartShortlist, FAVORITE_CHARTS, RECENT_CHARTS } from './ChartShortlist';
import { DashboardShortlist, FAVORITE_DASHBOARDS, RECENT_DASHBOARDS } from './DashboardShortlist';
import './welcome.css';

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
  useDocumentTitle('Welcome');
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
      title: 'Connect a database',
      description: 'Connect a database with its connection URI, test it, and make it available to your team.',
      action: 'Connect',
    });
  }
  if (examplesDb) {
    cards.push({
      to: `/database/${examplesDb.id}/`,
      icon: <ReadOutlined />,
      title: 'Browse the examples database',
      description: 'A bundled read-only DuckDB database with sample tables. Look at its schemas, tables and columns.',
      action: 'Browse examples',
    });
  } else if (isLoading) {
    cards.push(null);
  }
  cards.push({
    to: '/databaseview/list/',
    icon: <DatabaseOutlined />,
    title: 'See all databases',
    description: 'Every connection you can query, with its settings and the tables inside it.',
    action: 'Open databases',
  });
  if (access.isAdmin) {
    cards.push({
      to: '/users/list/',
      icon: <TeamOutlined />,
      title: 'Invite your team',
      description: 'Create accounts and give each person the roles that fit what they do.',
      action: 'Manage users',
    });
  }

  return (
    <div className="rama-page rama-welcome">
      <section className="rama-welcome-hero" data-test="welcome-header">
        <Typography.Title level={2} className="rama-page-title">
          Welcome{user.first_name ? `, ${user.first_name}` : ''}
        </Typography.Title>
        <Typography.Paragraph className="rama-welcome-lead">
          Rama is an open data exploration and dashboarding tool. Connect your databases, browse their tables, write SQL, and turn results
          into charts and dashboards your team can share.
        </Typography.Paragraph>
      </section>
      <Typography.Title level={4} className="rama-section-title">
        Get started
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {cards.map((card) => (
          <Col key={card?.title ?? 'loading'} xs={24} sm={12} xl={6}>
            {card ? (
              <StartCard {...card} />
            ) : (
              <Card className="rama-start-card" aria-busy="true" aria-label="Loading">
                <Skeleton active paragraph={{ rows: 3 }} />
              </Card>
            )}
          </Col>
        ))}
      </Row>
      {access.canReadDashboard && (
        <>
          <Typography.Title level={4} className="rama-section-title">
            Dashboards
          </Typography.Title>
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12}>
              <DashboardShortlist
                title="Recent dashboards"
                query={RECENT_DASHBOARDS}
                emptyText="No dashboards yet. Create one from the dashboard list or when you save a chart."
              />
            </Col>
            <Col xs={24} lg={12}>
              <DashboardShortlist title="Favorite dashboards" query={FAVORITE_DASHBOARDS} emptyText="Star a dashboard to find it here." />
            </Col>
          </Row>
        </>
      )}
      {access.canReadChart && (
        <>
          <Flex align="center" justify="space-between" gap={12} className="rama-welcome-section-head">
            <Typography.Title level={4} className="rama-section-title">
              Charts
            </Typography.Title>
            {access.canWriteChart && (
              <Button icon={<PlusOutlined aria-hidden />} onClick={() => void navigate(chartAddPath())}>
                Chart
              </Button>
            )}
          </Flex>
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12}>
              <ChartShortlist title="Recent charts" query={RECENT_CHARTS} emptyText="No charts yet. Build one in Explore from a dataset." />
            </Col>
            <Col xs={24} lg={12}>
              <ChartShortlist title="Favorite charts" query={FAVORITE_CHARTS} emptyText="Star a chart to find it here." />
            </Col>
          </Row>
        </>
      )}
    </div>
  );
}
