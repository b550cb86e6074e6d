/**
 * A saved query's schedule in the list (issue 26 item 6): when it runs, in which zone, how the last
 * run went, and — for who may change it — pause or resume, remove, and its execution log.
 */
import { Button, Flex, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import { ClockCircleOutlined, DeleteOutlined, PauseCircleOutlined, PlayCircleOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { toClientError } from '../app/api';
import { useToasts } from '../app/hooks';
import { useSession } from '../app/session';
import { formatRunTime } from '../reports/reportDisplay';
import { ReportStateTag } from '../reports/ReportListParts';
import { useSetSavedQueryExtraMutation, type SavedQueryRecord } from './savedQueryApi';
import { extraWithScheduleChange, scheduleSummary } from './savedQuerySchedule';

export function SavedQueryScheduleCell({ row }: { row: SavedQueryRecord }) {
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
          ? `The schedule of ${row.label} was removed`
          : active
            ? `${row.label} runs on its schedule again`
            : `${row.label} is paused`,
      );
    } catch (e) {
      addDangerToast(toClientError(e).message);
    }
  };

  return (
    <Flex vertical gap={2} className="rama-cell-stack" data-test="saved-query-schedule">
      <Tooltip title={`cron: ${s.crontab}`}>
        <Typography.Text>
          <ClockCircleOutlined aria-hidden /> {scheduleSummary(s)}
        </Typography.Text>
      </Tooltip>
      <Flex gap={4} align="center" wrap>
        {s.active ? (
          s.next_run && (
            <Typography.Text type="secondary" className="rama-cell-secondary">
              Next: <time dateTime={s.next_run}>{formatRunTime(new Date(s.next_run), s.timezone)}</time>
            </Typography.Text>
          )
        ) : (
          <Tag>Paused</Tag>
        )}
        {s.last_state && <ReportStateTag state={s.last_state} />}
      </Flex>
      <Flex gap={0} className="rama-row-actions">
        {access.canReadReports && (
          <Tooltip title="Execution log">
            <Link to={`/report/${s.report_id}/log/`} aria-label={`Execution log of ${row.label}`}>
              <Button type="text" size="small" icon={<UnorderedListOutlined />} tabIndex={-1} />
            </Link>
          </Tooltip>
        )}
        {canChange && (
          <Tooltip title={s.active ? 'Pause the schedule' : 'Resume the schedule'}>
            <Button
              type="text"
              size="small"
              icon={s.active ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
              aria-label={`${s.active ? 'Pause' : 'Resume'} the schedule of ${row.label}`}
              loading={state.isLoading}
              onClick={() => void change(!s.active)}
            />
          </Tooltip>
        )}
        {canChange && (
          <Popconfirm
            title={`Remove the schedule of ${row.label}?`}
            description="The query stays saved; it no longer runs or sends its result."
            okText="Remove"
            okButtonProps={{ danger: true }}
            onConfirm={() => change(null)}
          >
            <Tooltip title="Remove the schedule">
              <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`Remove the schedule of ${row.label}`} />
            </Tooltip>
          </Popconfirm>
        )}
      </Flex>
    </Flex>
  );
}
