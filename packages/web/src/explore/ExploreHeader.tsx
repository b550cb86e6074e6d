/**
 * Explore's header (issue 11 part 4): the chart name (edited in place), the unsaved-changes marker,
 * the star, Save, and the menu with properties, downloads, share, the email report, the query and
 * SQL Lab.
 */
import { useMemo, useState } from 'react';
import { Button, Dropdown, Modal, Spin, Tag, Tooltip, Typography, type MenuProps } from 'antd';
import { MoreOutlined, SaveOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getVizDefinition, type ControlConfig } from '@rama/shared';
import { errorMessage } from '../core/api';
import { useAppDispatch, useAppSelector, useToasts } from '../core/hooks';
import { useSession } from '../core/session';
import { canRestoreVersions } from '../versions/permissions';
import { useChartFavoriteStatusQuery, useSetChartFavoriteMutation, useUpdateChartMutation } from '../charts/chartApi';
import { CodeBlock } from '../components/CodeBlock';
import { copyText } from '../components/clipboard';
import { useReportMenu } from '../reports/ReportMenu';
import { alteredControls, describeValue } from './altered';
import { downloadChartImage, exportChartData, type DataExportFormat } from './download';
import { fetchChartQuery, useCreateExplorePermalinkMutation } from './exploreApi';
import { exploreActions } from './exploreSlice';
import { ExploreMessage, loadSqlFailedText } from './messages';
import { PropertiesModal } from './PropertiesModal';
import { SaveModal } from './SaveModal';
import { canOverwrite } from './savePayload';
import { HistoryDrawer } from '../versions/HistoryDrawer';
import { openInSqlLab } from './sqlLabLink';
import { controlText } from './controls/controlTexts';

function useQueryText() {
  const formData = useAppSelector((s) => s.explore.formData);
  const [state, setState] = useState<{ open: boolean; loading: boolean; sql: string | null; error: string | null }>({
    open: false,
    loading: false,
    sql: null,
    error: null,
  });
  const load = async (): Promise<string | null> => {
    const def = getVizDefinition(formData.viz_type);
    if (!def) return null;
    setState((s) => ({ ...s, loading: true, error: null }));
    try {
      const queries = await fetchChartQuery(def.buildQuery(formData));
      const sql = queries.map((q) => q.query).join(';\n\n');
      setState((s) => ({ ...s, loading: false, sql }));
      return sql;
    } catch (e) {
      setState((s) => ({ ...s, loading: false, error: loadSqlFailedText(errorMessage(e)) }));
      return null;
    }
  };
  return { state, setState, load };
}

function AlteredTag({ controls }: { controls: Record<string, ControlConfig> }) {
  const { t } = useTranslation('explore');
  const formData = useAppSelector((s) => s.explore.formData);
  const saved = useAppSelector((s) => s.explore.savedFormData);
  const changes = useMemo(() => alteredControls(formData, saved, controls), [formData, saved, controls]);
  if (changes.length === 0) return null;
  const title = (
    <table className="rama-altered-table">
      <thead>
        <tr>
          <th>{t('header.control')}</th>
          <th>{t('header.before')}</th>
          <th>{t('header.after')}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c) => (
          <tr key={c.name}>
            <td>{controlText(c.label)}</td>
            <td>{describeValue(c.before)}</td>
            <td>{describeValue(c.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <Tooltip title={title} styles={{ root: { maxWidth: 560 } }}>
      <Tag color="orange" bordered={false} className="rama-altered-tag">
        {t('header.altered')}
      </Tag>
    </Tooltip>
  );
}

function Star({ chartId }: { chartId: number }) {
  const { t } = useTranslation('explore');
  const { data } = useChartFavoriteStatusQuery([chartId]);
  const [setFavorite, { isLoading }] = useSetChartFavoriteMutation();
  const { addDangerToast } = useToasts();
  const starred = data?.find((f) => f.id === chartId)?.value ?? false;
  const toggle = () => {
    setFavorite({ id: chartId, favorite: !starred })
      .unwrap()
      .catch(() => addDangerToast(ExploreMessage.STAR_FAILED));
  };
  return (
    <Tooltip title={starred ? t('header.unstar') : t('header.star')}>
      <Button
        type="text"
        size="small"
        className="rama-star"
        aria-pressed={starred}
        aria-label={starred ? t('header.unstarChart') : t('header.starChart')}
        icon={starred ? <StarFilled style={{ color: '#f5b400' }} /> : <StarOutlined />}
        onClick={toggle}
        disabled={isLoading}
      />
    </Tooltip>
  );
}

export function ExploreHeader({ controls, onSavedUrl }: { controls: Record<string, ControlConfig>; onSavedUrl: (url: string) => void }) {
  const { t } = useTranslation('explore');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { user, access } = useSession();
  const { addSuccessToast, addDangerToast } = useToasts();
  const { slice, sliceName, formData, datasource } = useAppSelector((s) => s.explore);
  const [saving, setSaving] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [editingProps, setEditingProps] = useState(false);
  const [updateChart] = useUpdateChartMutation();
  const [createPermalink] = useCreateExplorePermalinkMutation();
  const query = useQueryText();
  const owner = canOverwrite(slice, user.id, access.isAdmin);
  const name = sliceName || (slice ? slice.slice_name : '');

  const rename = (next: string) => {
    const trimmed = next.trim();
    if (!trimmed || trimmed === name) return;
    dispatch(exploreActions.sliceNameChanged(trimmed));
    if (slice && owner) {
      updateChart({ id: slice.slice_id, body: { slice_name: trimmed } })
        .unwrap()
        .then(() => dispatch(exploreActions.slicePropertiesChanged({ slice_name: trimmed })))
        .catch((e: unknown) => addDangerToast(errorMessage(e)));
    }
  };

  const download = (format: DataExportFormat) => {
    exportChartData(formData, format, name).catch((e: unknown) => addDangerToast(errorMessage(e)));
  };
  const downloadImage = () => {
    const el =
      document.querySelector<HTMLElement>('.rama-explore .rama-chart-area') ?? document.querySelector<HTMLElement>('.rama-chart-holder');
    if (!el) return;
    downloadChartImage(el, name).catch((e: unknown) => addDangerToast(errorMessage(e)));
  };
  const sharePermalink = async () => {
    try {
      const urlParams = [...new URLSearchParams(window.location.search)].filter(([k]) => k !== 'form_data_key' && k !== 'slice_id');
      const { url } = await createPermalink({ formData, urlParams }).unwrap();
      await copyText(url);
      addSuccessToast(ExploreMessage.PERMALINK_COPIED);
    } catch {
      addDangerToast(ExploreMessage.PERMALINK_FAILED);
    }
  };
  // reports are on saved charts only
  const reportMenu = useReportMenu({
    creationMethod: 'charts',
    resourceId: slice?.slice_id ?? null,
    contextOf: () => ({ kind: 'chart', id: slice?.slice_id ?? 0, title: name }),
  });
  const viewInSqlLab = async () => {
    const sql = query.state.sql ?? (await query.load());
    if (sql && datasource) await openInSqlLab(datasource.uid, sql);
  };

  const items: MenuProps['items'] = [
    ...(slice && owner ? [{ key: 'props', label: t('header.editProperties'), onClick: () => setEditingProps(true) }] : []),
    ...(slice ? [{ key: 'history', label: t('header.versionHistory'), onClick: () => setHistoryOpen(true) }] : []),
    {
      key: 'download',
      label: t('common:download'),
      children: [
        { key: 'csv', label: t('header.exportCsv'), disabled: !access.canCsv, onClick: () => download('csv') },
        { key: 'xlsx', label: t('header.exportExcel'), disabled: !access.canCsv, onClick: () => download('xlsx') },
        { key: 'json', label: t('header.exportJson'), disabled: !access.canCsv, onClick: () => download('json') },
        { key: 'png', label: t('header.downloadImage'), onClick: downloadImage },
      ],
    },
    {
      key: 'share',
      label: t('common:share'),
      children: [
        { key: 'permalink', label: t('header.copyPermalink'), disabled: !access.canShareChart, onClick: () => void sharePermalink() },
      ],
    },
    ...reportMenu.items,
    { type: 'divider' },
    {
      key: 'query',
      label: t('header.viewQuery'),
      onClick: () => {
        query.setState((s) => ({ ...s, open: true }));
        void query.load();
      },
    },
    ...(access.canSqlLab ? [{ key: 'sqllab', label: t('viewInSqlLab'), onClick: () => void viewInSqlLab() }] : []),
  ];

  return (
    <header className="rama-explore-header">
      <div className="rama-explore-title">
        <Typography.Title
          level={4}
          className="rama-explore-name"
          editable={{ onChange: rename, triggerType: ['text', 'icon'], tooltip: t('header.editName'), maxLength: 250 }}
        >
          {name || ExploreMessage.UNTITLED}
        </Typography.Title>
        {slice && <Star chartId={slice.slice_id} />}
        <AlteredTag controls={controls} />
        {slice?.certified_by && (
          <Tooltip title={slice.certification_details || undefined}>
            <Tag color="green" bordered={false}>
              {t('common:certifiedBy', { name: slice.certified_by })}
            </Tag>
          </Tooltip>
        )}
      </div>
      <div className="rama-explore-actions">
        {slice && slice.dashboards.length > 0 && (
          <Typography.Text type="secondary" className="rama-explore-on-dashboards">
            {t('header.onDashboards', { count: slice.dashboards.length })}
          </Typography.Text>
        )}
        <Tooltip title={access.canWriteChart ? undefined : t('header.noSavePermission')}>
          <Button icon={<SaveOutlined />} onClick={() => setSaving(true)} disabled={!access.canWriteChart || !datasource}>
            {t('common:save')}
          </Button>
        </Tooltip>
        <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
          <Button icon={<MoreOutlined />} aria-label={t('header.moreActions')} />
        </Dropdown>
      </div>
      {saving && (
        <SaveModal
          open
          onClose={() => setSaving(false)}
          onSavedUrl={(url) => {
            onSavedUrl(url);
            void navigate(url, { replace: true });
          }}
        />
      )}
      {reportMenu.modal}
      {editingProps && slice && <PropertiesModal slice={slice} onClose={() => setEditingProps(false)} />}
      {historyOpen && slice && (
        <HistoryDrawer
          type="chart"
          id={slice.slice_id}
          open
          onClose={() => setHistoryOpen(false)}
          canRestore={canRestoreVersions('chart', access, user.id, slice.owners)}
          // Explore opens the restored chart as saved
          onRestored={() => window.location.assign(`/explore/?slice_id=${slice.slice_id}`)}
        />
      )}
      <Modal
        open={query.state.open}
        title={t('header.viewQuery')}
        footer={null}
        width={800}
        onCancel={() => query.setState((s) => ({ ...s, open: false }))}
      >
        {query.state.loading ? (
          <Spin />
        ) : query.state.error ? (
          <Typography.Text type="danger">{query.state.error}</Typography.Text>
        ) : (
          <CodeBlock code={query.state.sql ?? ''} label={t('header.queryLabel')} />
        )}
      </Modal>
    </header>
  );
}
