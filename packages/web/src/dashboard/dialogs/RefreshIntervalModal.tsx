/**
 * The auto-refresh interval (issue 12 part 4: "refresh interval with 'save for this dashboard'";
 * spec section 4: "Refresh-frequency changes mark unsaved only if the frequency is to be
 * persisted"). The BI server's interval choices; charts refresh staggered over the interval. An
 * editor may keep the interval with the dashboard: in edit mode it goes with the next save, outside
 * edit mode it is saved at once.
 */
import { useMemo, useState } from 'react';
import { Alert, Checkbox, Form, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_MESSAGES, REFRESH_INTERVALS, chartIdsInLayout } from '@rama/shared';
import { useAppDispatch, useAppSelector, useToasts } from '../../core/hooks';
import { sharedText } from '../../i18n';
import { useUpdateDashboardMutation } from '../../dashboards/dashboardPageApi';
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
  const { t, i18n } = useTranslation('dashboard');
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
  // worded again when the language changes
  const options = useMemo(() => refreshIntervalOptions(REFRESH_INTERVALS, current), [current, i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps

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
      addSuccessToast(sharedText('messages', DASHBOARD_MESSAGES.saved));
      onClose();
    } catch (e) {
      addDangerToast(saveErrorMessage(e));
    }
  };

  return (
    <Modal
      open={open}
      title={t('refresh.title')}
      width={600}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common:save')}
      confirmLoading={isLoading}
      destroyOnHidden
    >
      <Form layout="vertical" className="rama-dialog-form">
        <Form.Item label={t('refresh.frequency')} htmlFor="dashboard-refresh-frequency" extra={t('refresh.frequencyHelp')}>
          <Select<number>
            id="dashboard-refresh-frequency"
            value={frequency}
            onChange={setFrequency}
            options={options}
            data-test="refresh-interval-select"
          />
        </Form.Item>
        {canPersist && (
          <Form.Item extra={editMode ? t('refresh.persistOnSave') : t('refresh.persistNow')}>
            <Checkbox checked={persist} onChange={(e) => setPersist(e.target.checked)}>
              {t('refresh.persist')}
            </Checkbox>
          </Form.Item>
        )}
        {!(canPersist && persist) && (
          <Typography.Paragraph type="secondary" className="rama-dialog-intro">
            {t('refresh.sessionOnly')}
          </Typography.Paragraph>
        )}
        {isShortInterval(frequency, chartCount) && (
          <Alert
            className="rama-dialog-note"
            type="warning"
            showIcon
            title={t('refresh.shortWarning', { count: chartCount, seconds: frequency })}
          />
        )}
      </Form>
    </Modal>
  );
}
