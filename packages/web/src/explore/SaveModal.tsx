/**
 * The save-chart dialog (spec "Save modal state", section 4 "Saving a chart", section 8 messages):
 * overwrite or save as new, the name, and a dashboard to add it to — an existing one the user may
 * edit, or a new one created by typing its name.
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Radio, Select } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getVizDefinition, parseDatasourceKey, type ExploreSlice, type QueryContext } from '@rama/shared';
import { errorMessage } from '../core/api';
import { useAppDispatch, useAppSelector, useToasts } from '../core/hooks';
import { useSession } from '../core/session';
import { useCreateChartMutation, useUpdateChartMutation } from '../charts/chartApi';
import { useCreateDashboardMutation, useListDashboardsQuery } from '../dashboards/dashboardApi';
import { exploreActions } from './exploreSlice';
import { buildQueryContext } from './exploreApi';
import { dashboardIdOf } from './dashboardContext';
import { canOverwrite, chartSavePayload, dashboardListQuery, formDataToSave, saveMessages, type SaveAction } from './savePayload';

const NEW_PREFIX = 'new:';

interface SaveModalProps {
  open: boolean;
  onClose: () => void;
  /** the address changes to the saved chart without loading it again */
  onSavedUrl: (url: string) => void;
}

export function SaveModal({ open, onClose, onSavedUrl }: SaveModalProps) {
  const { t } = useTranslation('explore');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { user, access } = useSession();
  const { addSuccessToast } = useToasts();
  const { slice, sliceName, formData, datasource } = useAppSelector((s) => s.explore);
  const overwriteAllowed = canOverwrite(slice, user.id, access.isAdmin);
  const [action, setAction] = useState<SaveAction>(overwriteAllowed ? 'overwrite' : 'saveas');
  const [name, setName] = useState(sliceName || '');
  // opened from a dashboard's "Edit chart": that dashboard is the save target (the peer preselects it)
  const fromDashboard = dashboardIdOf(formData);
  const [dashboard, setDashboard] = useState<string | null>(fromDashboard !== null ? String(fromDashboard) : null);
  const [typed, setTyped] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dashboards = useListDashboardsQuery(dashboardListQuery(user.id, access.isAdmin), { skip: !open });
  const [createChart] = useCreateChartMutation();
  const [updateChart] = useUpdateChartMutation();
  const [createDashboard] = useCreateDashboardMutation();

  const options = useMemo(() => {
    const list = (dashboards.data?.result ?? []).map((d) => ({ value: String(d.id), label: d.dashboard_title }));
    // the dashboard Explore came from, named even before (or without) the list holding it
    const origin = fromDashboard !== null ? slice?.dashboards.find((d) => d.id === fromDashboard) : undefined;
    if (origin && !list.some((o) => o.value === String(origin.id))) list.push({ value: String(origin.id), label: origin.dashboard_title });
    const text = typed.trim();
    const exists = list.some((o) => o.label.toLowerCase() === text.toLowerCase());
    if (text && !exists && access.canWriteDashboard)
      list.unshift({ value: `${NEW_PREFIX}${text}`, label: t('save.createDashboard', { name: text }) });
    return list;
  }, [dashboards.data, typed, access.canWriteDashboard, fromDashboard, slice, t]);

  const save = async (goToDashboard: boolean) => {
    const ds = parseDatasourceKey(formData.datasource);
    if (!ds || !name.trim()) return;
    setBusy(true);
    setAlert(null);
    try {
      let dashboardId: number | null = null;
      let dashboardInfo: { title: string; created: boolean } | null = null;
      if (dashboard?.startsWith(NEW_PREFIX)) {
        const title = dashboard.slice(NEW_PREFIX.length);
        const created = await createDashboard({ dashboard_title: title }).unwrap();
        dashboardId = created.id;
        dashboardInfo = { title, created: true };
      } else if (dashboard) {
        dashboardId = Number(dashboard);
        dashboardInfo = { title: options.find((o) => o.value === dashboard)?.label ?? '', created: false };
      }
      const def = getVizDefinition(formData.viz_type);
      let queryContext: QueryContext | null = null;
      try {
        queryContext = def ? buildQueryContext(formDataToSave(formData)) : null;
      } catch {
        queryContext = null; // the server rebuilds it from the form data when it is missing
      }
      const effective: SaveAction = action === 'overwrite' && slice && overwriteAllowed ? 'overwrite' : 'saveas';
      const body = chartSavePayload({
        action: effective,
        sliceName: name,
        formData,
        datasourceId: ds.id,
        datasourceType: ds.type,
        queryContext,
        currentDashboardIds: slice?.dashboards.map((d) => d.id) ?? [],
        dashboardId,
      });
      let id: number;
      if (effective === 'overwrite' && slice) {
        await updateChart({ id: slice.slice_id, body }).unwrap();
        id = slice.slice_id;
      } else {
        id = (await createChart(body).unwrap()).id;
      }
      for (const message of saveMessages(effective, body.slice_name, dashboardInfo)) addSuccessToast(message);
      const savedDashboards = [...(effective === 'overwrite' ? (slice?.dashboards ?? []) : [])];
      if (dashboardId !== null && dashboardInfo && !savedDashboards.some((d) => d.id === dashboardId))
        savedDashboards.push({ id: dashboardId, dashboard_title: dashboardInfo.title });
      const now = new Date().toISOString();
      const saved: ExploreSlice = {
        slice_id: id,
        slice_name: body.slice_name,
        slice_url: `/explore/?slice_id=${id}`,
        description: effective === 'overwrite' ? (slice?.description ?? null) : null,
        cache_timeout: effective === 'overwrite' ? (slice?.cache_timeout ?? null) : null,
        certified_by: effective === 'overwrite' ? (slice?.certified_by ?? null) : null,
        certification_details: effective === 'overwrite' ? (slice?.certification_details ?? null) : null,
        datasource: formData.datasource,
        viz_type: formData.viz_type,
        form_data: { ...formDataToSave(formData), slice_id: id },
        query_context: body.query_context ?? null,
        owners: effective === 'overwrite' && slice ? slice.owners : [user.id],
        owner_details:
          effective === 'overwrite' && slice
            ? slice.owner_details
            : [{ id: user.id, first_name: user.first_name, last_name: user.last_name }],
        dashboards: savedDashboards,
        is_managed_externally: false,
        changed_on: now,
        changed_on_humanized: 'a few seconds ago',
        modified: 'a few seconds ago',
        edit_url: `/chart/edit/${id}`,
      };
      dispatch(exploreActions.saved(saved));
      onClose();
      if (goToDashboard && dashboardId !== null) void navigate(`/rama/dashboard/${dashboardId}/`);
      else onSavedUrl(`/explore/?slice_id=${id}`);
    } catch (e) {
      setAlert(t('message.saveFailedWith', { error: errorMessage(e) }));
    } finally {
      setBusy(false);
    }
  };

  const dashboardsError = dashboards.error ? t('message.dashboardsFetchFailed', { user: String(user.id) }) : null;
  return (
    <Modal
      open={open}
      title={t('save.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common:cancel')}
        </Button>,
        <Button key="go" disabled={!name.trim() || !dashboard || busy} onClick={() => void save(true)}>
          {t('save.andGoToDashboard')}
        </Button>,
        <Button key="save" type="primary" disabled={!name.trim() || !datasource} loading={busy} onClick={() => void save(false)}>
          {t('common:save')}
        </Button>,
      ]}
    >
      {alert && <Alert type="error" showIcon title={alert} closable onClose={() => setAlert(null)} style={{ marginBottom: 16 }} />}
      {dashboardsError && <Alert type="warning" showIcon title={dashboardsError} style={{ marginBottom: 16 }} />}
      <Form layout="vertical" onFinish={() => void save(false)}>
        <Form.Item>
          <Radio.Group value={action} onChange={(e) => setAction(e.target.value as SaveAction)}>
            <Radio value="overwrite" disabled={!overwriteAllowed}>
              {t('save.overwrite')}
            </Radio>
            <Radio value="saveas">{t('save.saveAs')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('save.chartName')} required>
          <Input
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder={t('common:name')}
            maxLength={250}
            autoFocus
            aria-label={t('save.chartName')}
          />
        </Form.Item>
        <Form.Item label={t('save.addToDashboard')}>
          <Select
            showSearch={{
              onSearch: setTyped,
              filterOption: (input, option) =>
                String(option?.value ?? '').startsWith(NEW_PREFIX) ||
                String(option?.label ?? '')
                  .toLowerCase()
                  .includes(input.toLowerCase()),
            }}
            allowClear
            value={dashboard}
            placeholder={t('save.dashboardPlaceholder')}
            loading={dashboards.isFetching}
            options={options}
            onChange={(v: string | undefined) => setDashboard(v ?? null)}
            aria-label={t('save.addToDashboard')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
