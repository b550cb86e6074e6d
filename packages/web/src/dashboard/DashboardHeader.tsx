/**
 * The dashboard's header (issue 12 part 3): title, star, published or draft (a click publishes or
 * hides, for editors), certification, owners, last change; "Edit dashboard" for editors; the menu
 * (refresh, auto-refresh interval, properties, CSS, save as, permalink, PDF, image, Excel workbook, email report,
 * fullscreen). In edit mode the edit kit's actions (undo, redo, discard, save) replace the view actions.
 */
import { useTranslation } from 'react-i18next';
import { Suspense, lazy, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Button, Dropdown, Spin, Tag, Tooltip, Typography, type MenuProps } from 'antd';
import { EditOutlined, MoreOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  DASHBOARD_MESSAGES,
  DASHBOARD_URL_PARAMS,
  REFRESH_INTERVALS,
  WORKBOOK_QUERY_MAX_CHARS,
  dashboardWorkbookUrl,
  dataMaskForStorage,
  isNativeFilter,
  workbookFileName,
} from '@rama/shared';
import rison from 'rison';
import { useStore } from 'react-redux';
import type { RootState } from '../core/state';
import { errorMessage, toClientError } from '../core/api';
import { useGetBootstrapQuery, useSession } from '../core/session';
import { canRestoreVersions } from '../versions/permissions';
import { useAppDispatch, useAppSelector, useToasts } from '../core/hooks';
import { CertifiedMark } from '../components/CertifiedMark';
import { FavoriteStar } from '../components/FavoriteStar';
import { copyText } from '../components/clipboard';
import { formatDateTime, formatRelative } from '../components/format';
import { OwnerAvatars } from '../datasets/OwnerAvatars';
import { useReportMenu } from '../reports/ReportMenu';
import type { ReportContext } from '../reports/reportForm';
import { useDashboardFavoriteStatusQuery, useSetDashboardFavoriteMutation } from '../dashboards/dashboardApi';
import { statusLabel } from '../dashboards/dashboardList';
import { downloadChartImage } from '../explore/download';
import { downloadElementAsPdf } from './dashboardPdf';
import { downloadFile } from '../components/download';
import { useCreateDashboardPermalinkMutation, useUpdateDashboardMutation } from '../dashboards/dashboardPageApi';
import { permalinkUrlParams, withSearchParam } from './dashboardUrl';
import { HistoryDrawer } from '../versions/HistoryDrawer';
import { useNavigate } from 'react-router';
import { CssEditorModal, PropertiesModal, RefreshIntervalModal, SaveCopyModal, useEditKit } from './editKit';
import { DashboardMessage } from './messages';
import { intervalLabel as refreshIntervalText } from './dialogs/refreshModel';
import { sharedText } from '../i18n';
import { dashboardInfoActions } from './state/dashboardInfoSlice';
import { dashboardStateActions } from './state/dashboardStateSlice';

const EmbedDashboardModal = lazy(() => import('./dialogs/EmbedDashboardModal').then((m) => ({ default: m.EmbedDashboardModal })));

function DashboardStar({ id, title }: { id: number; title: string }) {
  const dispatch = useAppDispatch();
  const { addDangerToast } = useToasts();
  const { data, isError } = useDashboardFavoriteStatusQuery([id]);
  const [setFavorite, { isLoading }] = useSetDashboardFavoriteMutation();
  const starred = data?.find((f) => f.id === id)?.value ?? false;
  useEffect(() => {
    if (isError) addDangerToast(sharedText('messages', DASHBOARD_MESSAGES.favoriteStatusFailed), { noDuplicate: true });
  }, [isError, addDangerToast]);
  useEffect(() => {
    dispatch(dashboardStateActions.setStarred(starred));
  }, [starred, dispatch]);
  const toggle = () => {
    setFavorite({ id, on: !starred })
      .unwrap()
      .catch(() => addDangerToast(sharedText('messages', DASHBOARD_MESSAGES.favoriteFailed)));
  };
  return <FavoriteStar name={title} starred={starred} disabled={isLoading} onToggle={toggle} />;
}

/** Published or draft; editors publish or hide with a click (PUT {published}). */
function PublishedTag({ id, canEdit }: { id: number; canEdit: boolean }) {
  const { t } = useTranslation('dashboard');
  const dispatch = useAppDispatch();
  const { addSuccessToast, addDangerToast } = useToasts();
  const published = useAppSelector((s) => s.dashboardState.isPublished);
  const [update, { isLoading }] = useUpdateDashboardMutation();
  if (!canEdit && published) return null;
  const toggle = async () => {
    const next = !published;
    try {
      const reply = await update({ id, body: { published: next } }).unwrap();
      dispatch(dashboardStateActions.setPublished(next));
      dispatch(dashboardInfoActions.update({ published: next, last_modified_time: reply.last_modified_time }));
      addSuccessToast(sharedText('messages', next ? DASHBOARD_MESSAGES.published : DASHBOARD_MESSAGES.hidden));
    } catch (e) {
      const { status } = toClientError(e);
      // "Publishing needs edit rights: otherwise 'You do not have permissions to edit this dashboard.'"
      addDangerToast(
        status === 403 || status === 404
          ? sharedText('messages', DASHBOARD_MESSAGES.noPublishPermission)
          : t('msg.saveError', { detail: errorMessage(e) }),
      );
    }
  };
  const tag = (
    <Tag
      color={published ? 'green' : undefined}
      className={`rama-dash-status${canEdit ? ' is-clickable' : ''}`}
      data-test="dashboard-status"
      role={canEdit ? 'button' : undefined}
      tabIndex={canEdit ? 0 : undefined}
      aria-disabled={isLoading || undefined}
      onClick={canEdit && !isLoading ? () => void toggle() : undefined}
      onKeyDown={
        canEdit && !isLoading
          ? (e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                void toggle();
              }
            }
          : undefined
      }
    >
      {statusLabel(published)}
    </Tag>
  );
  const tip = canEdit ? (published ? t('header.publishedTip') : t('header.draftTip')) : t('header.draftTipViewer');
  return <Tooltip title={tip}>{tag}</Tooltip>;
}

type DialogName = 'properties' | 'css' | 'refresh' | 'saveAs' | 'embed' | 'history';

interface DashboardHeaderProps {
  /** standalone 1 (fullscreen) is on */
  fullscreen: boolean;
  onRefresh: () => void;
  onToggleFullscreen: () => void;
  onEdit: () => void;
  /** the element drawn into "Download as image" */
  contentElement: () => HTMLElement | null;
}

export function DashboardHeader({ fullscreen, onRefresh, onToggleFullscreen, onEdit, contentElement }: DashboardHeaderProps) {
  const { t } = useTranslation('dashboard');
  const store = useStore<RootState>();
  const dispatch = useAppDispatch();
  const { addSuccessToast, addDangerToast, addInfoToast } = useToasts();
  const kit = useEditKit();
  const info = useAppSelector((s) => s.dashboardInfo);
  const editMode = useAppSelector((s) => s.dashboardState.editMode);
  const refreshFrequency = useAppSelector((s) => s.dashboardState.refreshFrequency);
  const activeTabs = useAppSelector((s) => s.dashboardState.activeTabs);
  const refreshing = useAppSelector((s) => Object.values(s.dashboardCharts.byId).some((c) => c.chartStatus === 'loading'));
  const [createPermalink] = useCreateDashboardPermalinkMutation();
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const canEdit = info.dash_edit_perm;
  const navigate = useNavigate();
  const slices = useAppSelector((s) => s.dashboardCharts.slices);
  const chartNames = useMemo(() => Object.fromEntries(Object.values(slices).map((c) => [c.id, c.slice_name])), [slices]);
  // while a version is previewed the page is read-only; restoring stays its owners' and admins'
  const { user, access } = useSession();
  const canRestore = canRestoreVersions('dashboard', access, user.id, info.owners);
  const title = info.dashboard_title;
  // "Embed dashboard" (issue 25): with the EMBEDDED_SUPERSET flag, for those who may edit the dashboard
  const embeddingOn = Boolean(useGetBootstrapQuery().data?.feature_flags.EMBEDDED_SUPERSET);
  const canEmbed = canEdit && embeddingOn;

  const rename = (text: string) => {
    const next = text.trim();
    if (!next || next === title) return;
    dispatch(dashboardInfoActions.update({ dashboard_title: next }));
    dispatch(dashboardStateActions.setUnsavedChanges(true));
  };

  const copyPermalink = async () => {
    try {
      const { url } = await createPermalink({
        id: info.id,
        state: {
          urlParams: permalinkUrlParams(window.location.search),
          activeTabs,
          dataMask: dataMaskForStorage(store.getState().nativeFilters.dataMask),
        },
      }).unwrap();
      await copyText(url);
      addSuccessToast(DashboardMessage.PERMALINK_COPIED);
    } catch {
      addDangerToast(DashboardMessage.PERMALINK_FAILED);
    }
  };

  const downloadImage = () => {
    const el = contentElement();
    if (el) downloadChartImage(el, title).catch((e: unknown) => addDangerToast(errorMessage(e)));
  };
  /** The whole grid, every chart drawn first (charts load near the viewport only), as A4 landscape pages. */
  const downloadPdf = () => {
    const el = contentElement();
    if (!el) return;
    // the charts on the page (the open tab's): none still loading or waiting to draw; a chart of a
    // hidden tab may hold data it cannot draw until its tab opens, and is not waited for
    const settled = () =>
      [...el.querySelectorAll<HTMLElement>('[data-test="dashboard-chart"]')].every(
        (holder) => holder.offsetParent === null || (holder.dataset.status !== 'loading' && holder.dataset.status !== 'success'),
      );
    // the peer's toast while the PDF is made
    addInfoToast(t('header.downloadingPdf'));
    downloadElementAsPdf(el, title, settled).catch((e: unknown) => addDangerToast(errorMessage(e)));
  };

  /**
   * The dashboard as one Excel workbook (issue 30 item 2): a sheet per chart of the open tabs, with
   * the filter values and cross-filters applied now.
   */
  const downloadWorkbook = () => {
    const state = store.getState();
    // through JSON first: rison cannot write undefined
    const view = JSON.parse(
      JSON.stringify({ dataMask: dataMaskForStorage(state.nativeFilters.dataMask), activeTabs: state.dashboardState.activeTabs }),
    ) as Record<string, unknown>;
    let q = rison.encode(view);
    // a selection too long for an address goes by the key the page keeps it under
    const key = new URLSearchParams(window.location.search).get(DASHBOARD_URL_PARAMS.nativeFiltersKey);
    if (encodeURIComponent(q).length > WORKBOOK_QUERY_MAX_CHARS && key)
      q = rison.encode({ native_filters_key: key, activeTabs: view.activeTabs });
    addInfoToast(DashboardMessage.DOWNLOADING_WORKBOOK);
    downloadFile(dashboardWorkbookUrl(info.id, q), workbookFileName(title)).catch((e: unknown) =>
      addDangerToast(DashboardMessage.workbookFailed(errorMessage(e))),
    );
  };

  /** The report modal starts from what the dashboard shows now: its applied filter values and open tabs. */
  const reportContext = (): ReportContext => {
    const state = store.getState();
    return {
      kind: 'dashboard',
      id: info.id,
      title,
      snapshot: {
        dataMask: dataMaskForStorage(state.nativeFilters.dataMask),
        activeTabs: state.dashboardState.activeTabs,
        filterNames: Object.fromEntries(state.nativeFilters.filters.filter(isNativeFilter).map((f) => [f.id, f.name])),
      },
    };
  };
  const reportMenu = useReportMenu({ creationMethod: 'dashboards', resourceId: info.id > 0 ? info.id : null, contextOf: reportContext });
  const reportItems = reportMenu.items;

  const intervalLabel = REFRESH_INTERVALS.some(([seconds]) => seconds === refreshFrequency)
    ? refreshIntervalText(refreshFrequency)
    : undefined;
  // the menu keeps its identity while charts load and colours sync: a menu rebuilt under an open
  // submenu moves the submenu away from the pointer (and a click on it is lost)
  const actions = useRef({ onRefresh, copyPermalink, downloadImage, downloadPdf, downloadWorkbook, onToggleFullscreen });
  useLayoutEffect(() => {
    actions.current = { onRefresh, copyPermalink, downloadImage, downloadPdf, downloadWorkbook, onToggleFullscreen };
  });
  const canCsv = info.rama_can_csv;
  const savePerm = info.dash_save_perm;
  const sharePerm = info.dash_share_perm;
  const items = useMemo((): MenuProps['items'] => {
    const act = () => actions.current;
    return [
      { key: 'refresh', label: t('header.refresh'), onClick: () => act().onRefresh() },
      {
        key: 'interval',
        label: refreshFrequency > 0 && intervalLabel ? t('header.intervalWith', { interval: intervalLabel }) : t('header.interval'),
        onClick: () => setDialog('refresh'),
      },
      { type: 'divider' },
      ...(canEdit
        ? [
            { key: 'properties', label: t('header.editProperties'), onClick: () => setDialog('properties') },
            { key: 'css', label: t('css.title'), onClick: () => setDialog('css') },
          ]
        : []),
      ...(canEmbed && !editMode ? [{ key: 'embed', label: t('embed.title'), onClick: () => setDialog('embed') }] : []),
      ...(savePerm ? [{ key: 'saveAs', label: t('header.saveAs'), onClick: () => setDialog('saveAs') }] : []),
      ...(editMode ? [] : [{ key: 'history', label: t('header.history'), onClick: () => setDialog('history') }]),
      ...(canEdit || savePerm ? [{ type: 'divider' as const }] : []),
      {
        key: 'download',
        label: t('common:download'),
        children: [
          { key: 'pdf', label: t('header.downloadPdf'), onClick: () => act().downloadPdf() },
          { key: 'image', label: t('chartMenu.downloadImage'), onClick: () => act().downloadImage() },
          { key: 'xlsx', label: t('header.downloadExcel'), disabled: !canCsv, onClick: () => act().downloadWorkbook() },
        ],
      },
      ...(sharePerm
        ? [
            {
              key: 'share',
              label: t('common:share'),
              children: [{ key: 'permalink', label: t('chartMenu.copyPermalink'), onClick: () => void act().copyPermalink() }],
            },
          ]
        : []),
      ...(editMode ? [] : reportItems),
      ...(editMode
        ? []
        : [
            {
              key: 'fullscreen',
              label: fullscreen ? t('header.exitFullscreen') : t('header.enterFullscreen'),
              onClick: () => act().onToggleFullscreen(),
            },
          ]),
    ];
  }, [refreshFrequency, intervalLabel, canEdit, canEmbed, savePerm, sharePerm, canCsv, editMode, fullscreen, setDialog, reportItems, t]);

  const modifiedAt = info.changed_on;
  const modified = modifiedAt ? formatRelative(modifiedAt) : '';
  const closeDialog = () => setDialog(null);

  return (
    <header className="rama-dash-header-bar" data-test="dashboard-header">
      <div className="rama-dash-title-row">
        {editMode ? (
          <Typography.Title
            level={3}
            className="rama-dash-title"
            editable={{ onChange: rename, triggerType: ['text', 'icon'], tooltip: t('header.editTitle'), maxLength: 500 }}
          >
            {title}
          </Typography.Title>
        ) : (
          <Typography.Title level={3} className="rama-dash-title" title={title}>
            {title}
          </Typography.Title>
        )}
        {info.id > 0 && <DashboardStar id={info.id} title={title} />}
        {info.id > 0 && <PublishedTag id={info.id} canEdit={canEdit} />}
        {info.certified_by && <CertifiedMark by={info.certified_by} details={info.certification_details} />}
        <span className="rama-dash-title-spacer" />
        <div className="rama-dash-actions">
          {editMode ? (
            kit ? (
              <kit.EditHeaderActions />
            ) : (
              <Spin size="small" />
            )
          ) : (
            <>
              <Tooltip title={t('header.refresh')}>
                <Button
                  type="text"
                  icon={<ReloadOutlined spin={refreshing} />}
                  aria-label={t('header.refresh')}
                  onClick={onRefresh}
                  disabled={refreshing}
                />
              </Tooltip>
              {canEdit && (
                <Button type="primary" icon={<EditOutlined />} onClick={onEdit} data-test="edit-dashboard-button">
                  {t('editDashboard')}
                </Button>
              )}
            </>
          )}
          <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
            <Button icon={<MoreOutlined />} aria-label={t('header.moreActions')} data-test="dashboard-menu" />
          </Dropdown>
        </div>
      </div>
      <div className="rama-dash-meta">
        <OwnerAvatars owners={info.owners} />
        {modified && (
          <Tooltip title={formatDateTime(modifiedAt)}>
            <Typography.Text type="secondary" className="rama-dash-modified">
              {info.changed_by_name
                ? t('header.modifiedBy', { when: modified, name: info.changed_by_name })
                : t('header.modified', { when: modified })}
            </Typography.Text>
          </Tooltip>
        )}
      </div>
      {reportMenu.modal}
      {dialog === 'history' && info.id > 0 && (
        <HistoryDrawer
          type="dashboard"
          id={info.id}
          open
          onClose={closeDialog}
          canRestore={canRestore}
          chartNames={chartNames}
          onRestored={() => {
            // the page reads the restored dashboard again, leaving any preview
            window.location.assign(`${window.location.pathname}${withSearchParam(window.location.search, 'version', null)}`);
          }}
          onPreview={(version) => {
            closeDialog();
            void navigate(`${window.location.pathname}${withSearchParam(window.location.search, 'version', String(version))}`);
          }}
        />
      )}
      {dialog && dialog !== 'history' && (
        <Suspense fallback={null}>
          {dialog === 'properties' && <PropertiesModal open onClose={closeDialog} />}
          {dialog === 'css' && <CssEditorModal open onClose={closeDialog} />}
          {dialog === 'refresh' && <RefreshIntervalModal open onClose={closeDialog} />}
          {dialog === 'saveAs' && <SaveCopyModal open onClose={closeDialog} />}
          {dialog === 'embed' && <EmbedDashboardModal open dashboardId={info.id} onClose={closeDialog} />}
        </Suspense>
      )}
    </header>
  );
}
