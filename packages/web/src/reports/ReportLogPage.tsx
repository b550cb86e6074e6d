/**
 * `/alert/{id}/log/` and `/report/{id}/log/` (issue 14 part 5): every run of one alert or report,
 * newest first, with its state, when it was due, started and took, the alert's value and the error.
 */
import { Button, Empty, Flex, Table, Typography, type TableProps } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { humanizeCrontab, type ReportExecutionLog, type ReportType } from '@rama/shared';
import { toClientError } from '../core/api';
import { ErrorAlert } from '../components/ErrorAlert';
import { PageHeader } from '../components/PageHeader';
import { formatDateTime } from '../components/format';
import { useServerList } from '../components/useServerList';
import { NotFoundPage } from '../core/NotFoundPage';
import { useGetReportQuery, useReportLogsQuery } from './reportApi';
import { runDuration } from './reportDisplay';
import { reportListPath } from './reportList';
import { ReportStateTag } from './ReportListParts';
import './reports.css';

// the log is always newest first: the order is not the user's to change here
const INITIAL_LIST = { page: 0, pageSize: 25, orderColumn: 'scheduled_dttm', orderDirection: 'desc' } as const;

const dateCell = (iso: string | null) =>
  iso ? (
    <time dateTime={iso} className="rama-nowrap">
      {formatDateTime(iso)}
    </time>
  ) : (
    <span className="rama-empty-value">—</span>
  );

function LogTable({ id, type }: { id: number; type: ReportType }) {
  const { t } = useTranslation('reports');
  const report = useGetReportQuery(id);
  const { list, handleTableChange, pagination } = useServerList<ReportExecutionLog>(INITIAL_LIST);
  const logs = useReportLogsQuery({ id, page: list.page, pageSize: list.pageSize }, { refetchOnMountOrArgChange: true });
  const name = report.data?.name ?? (report.isFetching ? '' : t('typeN', { type, id }));

  const columns: TableProps<ReportExecutionLog>['columns'] = [
    { key: 'state', title: t('state'), width: 130, render: (_v, run) => <ReportStateTag state={run.state} /> },
    { key: 'scheduled_dttm', title: t('scheduledAt'), width: 190, render: (_v, run) => dateCell(run.scheduled_dttm) },
    { key: 'start_dttm', title: t('started'), width: 190, render: (_v, run) => dateCell(run.start_dttm) },
    {
      key: 'duration',
      title: t('duration'),
      width: 110,
      render: (_v, run) => runDuration(run.start_dttm, run.end_dttm) ?? <span className="rama-empty-value">—</span>,
    },
    ...(type === 'Alert'
      ? [
          {
            key: 'value',
            title: t('value'),
            width: 110,
            render: (_v: unknown, run: ReportExecutionLog) =>
              run.value === null ? <span className="rama-empty-value">—</span> : <span className="rama-mono">{run.value}</span>,
          },
        ]
      : []),
    {
      key: 'error_message',
      title: t('errorMessage'),
      render: (_v, run) =>
        run.error_message ? (
          <Typography.Paragraph type="danger" className="rama-report-log-error" ellipsis={{ rows: 3, expandable: true, symbol: t('more') }}>
            {run.error_message}
          </Typography.Paragraph>
        ) : (
          <span className="rama-empty-value">—</span>
        ),
    },
  ];

  return (
    <div className="rama-page">
      <PageHeader
        title={name ? t('executionLogTitle', { name }) : t('executionLog')}
        subtitle={
          report.data
            ? t('logSubtitle', { type: report.data.type, schedule: humanizeCrontab(report.data.crontab), timezone: report.data.timezone })
            : undefined
        }
        breadcrumb={[
          { title: t('title'), to: reportListPath(type) },
          { title: name || t('typeN', { type, id }) },
          { title: t('executionLog') },
        ]}
        extra={
          <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void logs.refetch()} loading={logs.isFetching}>
            {t('reload')}
          </Button>
        }
      />
      <div className="rama-panel">
        {report.error && <ErrorAlert error={toClientError(report.error)} title={t('reportLoadFailed')} />}
        {logs.error && <ErrorAlert error={toClientError(logs.error)} title={t('logLoadFailed')} />}
        <Table<ReportExecutionLog>
          rowKey="id"
          columns={columns}
          dataSource={logs.data?.result ?? []}
          loading={logs.isFetching}
          onChange={handleTableChange}
          locale={{
            emptyText:
              logs.isFetching && !logs.data ? (
                ' '
              ) : (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={
                    <Flex vertical gap={4} align="center">
                      <Typography.Text strong>{t('noRuns')}</Typography.Text>
                      <Typography.Text type="secondary">{t('noRunsHint')}</Typography.Text>
                    </Flex>
                  }
                />
              ),
          }}
          pagination={pagination(logs.data?.count ?? 0, [t('runNoun.one'), t('runNoun.other')])}
          scroll={{ x: 900 }}
          tableLayout="fixed"
        />
      </div>
    </div>
  );
}

/** The log page of the alert or report in the address (a malformed id is a missing page). */
export function ReportLogPage({ type }: { type: ReportType }) {
  const { reportId } = useParams();
  const id = Number(reportId);
  if (!Number.isInteger(id) || id < 1) return <NotFoundPage />;
  return <LogTable key={id} id={id} type={type} />;
}
