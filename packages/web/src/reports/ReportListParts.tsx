/** Cells of the alerts and reports list and of the execution log. */
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { ApiOutlined, AreaChartOutlined, ConsoleSqlOutlined, DashboardOutlined, MailOutlined, SlackOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReportListItem, ReportRecipientType, ReportState } from '@rama/shared';
import { formatDateTime, formatRelative } from '../components/format';
import { STATE_COLORS, stateLabel } from './reportDisplay';
import { targetPath } from './reportList';

/** A run state as a coloured tag; no state yet reads "Not run yet". */
export function ReportStateTag({ state }: { state: ReportState | null }) {
  const { t } = useTranslation('reports');
  if (!state) return <Typography.Text type="secondary">{t('notRunYet')}</Typography.Text>;
  return (
    <Tag color={STATE_COLORS[state]} className="rama-report-state" data-test="report-state">
      {stateLabel(state)}
    </Tag>
  );
}

/** The last run: its state, and when (epoch milliseconds) on hover and below. */
export function LastRun({ state, at }: { state: ReportState | null; at: number | null }) {
  const iso = at === null ? null : new Date(at).toISOString();
  return (
    <Flex vertical gap={2} align="start">
      <ReportStateTag state={state} />
      {iso && (
        <Tooltip title={formatDateTime(iso)}>
          <time dateTime={iso} className="rama-report-when">
            {formatRelative(iso)}
          </time>
        </Tooltip>
      )}
    </Flex>
  );
}

const RECIPIENT_ICONS: Record<ReportRecipientType, typeof MailOutlined> = {
  Email: MailOutlined,
  Slack: SlackOutlined,
  Webhook: ApiOutlined,
};

/** One icon per kind of recipient, with how many there are on hover. */
export function RecipientIcons({ recipients }: { recipients: ReportListItem['recipients'] }) {
  const { t } = useTranslation('reports');
  if (recipients.length === 0) return <span className="rama-empty-value">—</span>;
  const counts = new Map<ReportRecipientType, number>();
  for (const r of recipients) counts.set(r.type, (counts.get(r.type) ?? 0) + 1);
  return (
    <Flex gap={8} className="rama-report-recipient-icons">
      {[...counts].map(([type, count]) => {
        const Icon = RECIPIENT_ICONS[type];
        const text = t('recipientCount', { channel: type, count });
        return (
          <Tooltip key={type} title={text}>
            <span>
              <Icon aria-hidden />
              <span className="rama-sr-only">{text}</span>
            </span>
          </Tooltip>
        );
      })}
    </Flex>
  );
}

/** The dashboard, chart or scheduled saved query a report sends, as a link to it. */
export function TargetLink({
  report,
  name,
}: {
  report: Pick<ReportListItem, 'dashboard_id' | 'chart_id' | 'saved_query'>;
  name: string | undefined;
}) {
  const { t } = useTranslation('reports');
  const path = targetPath(report);
  if (!path) return <span className="rama-empty-value">—</span>;
  if (report.saved_query) {
    const label = report.saved_query.label || t('savedQueryN', { id: report.saved_query.id });
    return (
      <Link to={path} className="rama-report-target">
        <ConsoleSqlOutlined aria-label={t('savedQuery')} />
        <Typography.Text ellipsis={{ tooltip: label }}>{label}</Typography.Text>
      </Link>
    );
  }
  const isDashboard = report.dashboard_id !== null;
  const Icon = isDashboard ? DashboardOutlined : AreaChartOutlined;
  const text = name ?? t('targetN', { kind: isDashboard ? 'dashboard' : 'chart', id: report.dashboard_id ?? report.chart_id });
  return (
    <Link to={path} className="rama-report-target">
      <Icon aria-label={isDashboard ? t('common:dashboard') : t('common:chart')} />
      <Typography.Text ellipsis={{ tooltip: text }}>{text}</Typography.Text>
    </Link>
  );
}
