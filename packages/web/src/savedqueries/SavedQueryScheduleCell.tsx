/**
 * A saved query's schedule in the list (issue 26 item 6): when it runs, in which zone, how the last
 * run went, and — for who may change it — pause or resume, remove, and its execution log.
 */
import { Button, Flex, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import { ClockCircleOutlined, DeleteOutlined, PauseCircleOutlined, PlayCircleOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../i18n';
import { toClientError } from '../core/api';
import { useToasts } from '../core/hooks';
import { useSession } from '../core/session';
import { formatRunTime } from '../reports/reportDisplay';
import { ReportStateTag } from '../reports/ReportListParts';
import { useSetSavedQueryExtraMutation, type SavedQueryRecord } from './savedQueryApi';
import { extraWithScheduleChange, scheduleSummary } from './savedQuerySchedule';
import { Slotted, SLOT } from '../i18n/Slotted';

export function SavedQueryScheduleCell({ row }: { row: SavedQueryRecord }) {
  const { t } = useTranslation('savedqueries');
  const { access } = useSession();
  const { addSuccessToast, addDangerToast } = useToasts();
  const [setExtra, state] = useSetSavedQueryExtraMutation();
  const s = row.schedule;
  if (!s) return <span className="rama-empty-value">—</span>;
  const canChange = access.canWriteSavedQuery && access.canWriteReports;

  const change = async (active: boolean | null) => {
    try {
      await setExtra({ id: row.id, extra_json: extraWithScheduleChange(row.extra_json, active) }).unwrap();
      addSuccessToast(
        active === null
          ? t('schedule.removed', { name: row.label })
          : active
            ? t('schedule.resumed', { name: row.label })
            : t('schedule.paused', { name: row.label }),
      );
    } catch (e) {
      addDangerToast(toClientError(e).message);
    }
  };

  return (
    <Flex vertical gap={2} className="rama-cell-stack" data-test="saved-query-schedule">
      <Tooltip title={t('schedule.cron', { crontab: s.crontab })}>
        <Typography.Text>
          <ClockCircleOutlined aria-hidden /> {scheduleSummary(s)}
        </Typography.Text>
      </Tooltip>
      <Flex gap={4} align="center" wrap>
        {s.active ? (
          s.next_run && (
            <Typography.Text type="secondary" className="rama-cell-secondary">
              <Slotted text={t('schedule.next', { time: SLOT })}>
                <time dateTime={s.next_run}>{formatRunTime(new Date(s.next_run), s.timezone, currentLocale())}</time>
              </Slotted>
            </Typography.Text>
          )
        ) : (
          <Tag>{t('schedule.pausedTag')}</Tag>
        )}
        {s.last_state && <ReportStateTag state={s.last_state} />}
      </Flex>
      <Flex gap={0} className="rama-row-actions">
        {access.canReadReports && (
          <Tooltip title={t('schedule.log')}>
            <Link to={`/report/${s.report_id}/log/`} aria-label={t('schedule.logOf', { name: row.label })}>
              <Button type="text" size="small" icon={<UnorderedListOutlined />} tabIndex={-1} />
            </Link>
          </Tooltip>
        )}
        {canChange && (
          <Tooltip title={s.active ? t('schedule.pause') : t('schedule.resume')}>
            <Button
              type="text"
              size="small"
              icon={s.active ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
              aria-label={s.active ? t('schedule.pauseOf', { name: row.label }) : t('schedule.resumeOf', { name: row.label })}
              loading={state.isLoading}
              onClick={() => void change(!s.active)}
            />
          </Tooltip>
        )}
        {canChange && (
          <Popconfirm
            title={t('schedule.removeConfirm', { name: row.label })}
            description={t('schedule.removeConfirmBody')}
            okText={t('common:remove')}
            okButtonProps={{ danger: true }}
            onConfirm={() => change(null)}
          >
            <Tooltip title={t('schedule.remove')}>
              <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('schedule.removeOf', { name: row.label })} />
            </Tooltip>
          </Popconfirm>
        )}
      </Flex>
    </Flex>
  );
}
