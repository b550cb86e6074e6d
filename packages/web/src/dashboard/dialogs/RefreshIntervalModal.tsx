/**
 * The auto-refresh interval (issue 12 part 4: "refresh interval with 'save for this dashboard'";
 * spec section 4: "Refresh-frequency changes mark unsaved only if the frequency is to be
 * persisted"). The BI server's interval choices; charts refresh staggered over the interval. An
 * editor may keep the interval with the dashboard: in edit mode it goes with the next save, outside
 * edit mode it is saved at once.
 */
import { useMemo, useState } from 'react';
import { Alert, Checkbox, Form, Modal, Select, Typography } from 'antd';
import { DASHBOARD_MESSAGES, REFRESH_INTERVALS, chartIdsInLayout } from '@rama/shared';
import { useAppDispatch, useAppSelector, useToasts } from '../../app/hooks';
import { useUpdateDashboardMutation } from '../dashboardPageApi';
import { dashboardInfoActions } from '../state/dashboardInfoSlice';
import { dashboardStateActions } from '../state/dashboardStateSlice';
import { selectLayout } from '../state/layoutSlice';
import { saveErrorMessage } from '../edit/saveDashboard';
import { metadataWithoutLayout } from './propertiesModel';
import { isShortInterval, refreshIntervalOptions } from './refreshModel';
import './dialogs.css';

export interface RefreshIntervalModalProps {
  open: boolean;
  onClose: () => void;
}

export function RefreshIntervalModal({ open, onClose }: RefreshIntervalModalProps) {
  const dispatch = useAppDispatch();
  const { addSuccessToast, addDangerToast } = useToasts();
  const info = useAppSelector((s) => s.dashboardInfo);
  const editMode = useAppSelector((s) => s.dashboardState.editMode);
  const current = useAppSelector((s) => s.dashboardState.refreshFrequency);
  const persisted = useAppSelector((s) => s.dashboardState.shouldPersistRefreshFrequency);
  const layout = useAppSelector(selectLayout);
  const chartCount = useMemo(() => chartIdsInLayout(layout).length, [layout]);
  const [frequency, setFrequency] = useState(current);
  // in edit mode the choice goes with the dashboard unless the editor unticks it
  const [persist, setPersist] = useState(editMode || persisted);
  const [update, { isLoading }] = useUpdateDashboardMutation();
  const canPersist = info.dash_edit_perm;
  const options = useMemo(() => refreshIntervalOptions(REFRESH_INTERVALS, current), [current]);

  const submit = async () => {
    const keep = canPersist && persist;
    if (!keep || editMode) {
      dispatch(dashboardStateActions.setRefreshFrequency({ frequency, persist: keep }));
      onClose();
      return;
    }
    // outside edit mode: the json_metadata-only save (spec section 7)
    const metadata = { ...info.json_metadata, refresh_frequency: frequency };
    try {
      const reply = await update({ id: info.id, body: { json_metadata: metadataWithoutLayout(metadata) } }).unwrap();
      dispatch(dashboardInfoActions.update({ json_metadata: metadata, last_modified_time: reply.last_modified_time }));
      dispatch(dashboardStateActions.setRefreshFrequency({ frequency, persist: false }));
      addSuccessToast(DASHBOARD_MESSAGES.saved);
      onClose();
    } catch (e) {
      addDangerToast(saveErrorMessage(e));
    }
  };

  return (
    <Modal
      open={open}
      title="Refresh interval"
      width={600}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="Save"
      confirmLoading={isLoading}
      destroyOnHidden
    >
      <Form layout="vertical" className="rama-dialog-form">
        <Form.Item
          label="Refresh frequency"
          htmlFor="dashboard-refresh-frequency"
          extra="The charts of the dashboard are queried again at this interval, one after the other across it."
        >
          <Select<number>
            id="dashboard-refresh-frequency"
            value={frequency}
            onChange={setFrequency}
            options={options}
            data-test="refresh-interval-select"
          />
        </Form.Item>
        {canPersist && (
          <Form.Item extra={editMode ? 'Saved with the dashboard when you save it.' : 'Saved now, for everyone who opens the dashboard.'}>
            <Checkbox checked={persist} onChange={(e) => setPersist(e.target.checked)}>
              Save for this dashboard
            </Checkbox>
          </Form.Item>
        )}
        {!(canPersist && persist) && (
          <Typography.Paragraph type="secondary" className="rama-dialog-intro">
            This interval lasts while the dashboard stays open in this tab.
          </Typography.Paragraph>
        )}
        {isShortInterval(frequency, chartCount) && (
          <Alert
            className="rama-dialog-note"
            type="warning"
            showIcon
            title={`This dashboard has ${chartCount} charts: refreshing them every ${frequency} seconds puts a steady load on the databases. A longer interval is kinder to them.`}
          />
        )}
      </Form>
    </Modal>
  );
}
