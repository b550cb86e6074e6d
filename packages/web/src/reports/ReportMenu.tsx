/**
 * The email report entries of a dashboard's and a chart's "⋮" menu (spec section 2 "Dashboard
 * view": attach, edit, activate or deactivate and delete reports): "Set up an email report" when
 * the user has none on it, else "Manage email report" with the active switch, edit and delete.
 */
import { Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { App, Switch, type MenuProps } from 'antd';
import { REPORT_MESSAGES } from '@rama/shared';
import { useTranslation } from 'react-i18next';
import { useAppSelector, useToasts } from '../core/hooks';
import { useSession } from '../core/session';
import { sharedText } from '../i18n';
import { useAttachedReportsQuery, useDeleteReportMutation, useSetReportActiveMutation, type AttachedReportsArgs } from './reportApi';
import { LazyReportModal } from './lazyReportModal';
import type { ReportContext } from './reportForm';
import { selectFiledReport } from './reportsSlice';
import './reports.css';

type MenuItems = NonNullable<MenuProps['items']>;

interface ReportMenuOptions {
  creationMethod: AttachedReportsArgs['creationMethod'];
  /** the saved chart's or dashboard's id; null (unsaved) offers nothing */
  resourceId: number | null;
  /** the modal's context, built as it opens (a dashboard's current filter values are read then) */
  contextOf: () => ReportContext;
}

export interface ReportMenu {
  /** the menu's entries, the same object until the user gets or loses a report (the menu keeps its identity) */
  items: MenuItems;
  /** the modal, rendered by the header */
  modal: ReactNode;
}

/** The switch drawn in the menu entry: it reads the flag itself, so toggling it does not rebuild the menu. */
function ActiveSwitch({ creationMethod, resourceId }: { creationMethod: ReportMenuOptions['creationMethod']; resourceId: number }) {
  const { t } = useTranslation('reports');
  const active = useAppSelector(selectFiledReport(creationMethod, resourceId))?.active ?? false;
  return (
    <span className="rama-report-menu-active">
      {t('menu.active')}
      {/* the menu entry takes the click; the switch only shows the state */}
      <Switch size="small" checked={active} tabIndex={-1} aria-hidden className="rama-report-menu-switch" />
    </span>
  );
}

export function useReportMenu({ creationMethod, resourceId, contextOf }: ReportMenuOptions): ReportMenu {
  const { t } = useTranslation('reports');
  const { user, access } = useSession();
  const { modal: dialogs } = App.useApp();
  const { addSuccessToast, addDangerToast } = useToasts();
  const enabled = access.canWriteReports && resourceId !== null;
  const lookup = useAttachedReportsQuery(
    { creationMethod, resourceId: resourceId ?? 0, userId: user.id },
    { skip: !enabled, refetchOnMountOrArgChange: true },
  );
  const report = useAppSelector(selectFiledReport(creationMethod, resourceId ?? 0));
  const [setActive] = useSetReportActiveMutation();
  const [deleteReport] = useDeleteReportMutation();
  const [editing, setEditing] = useState<{ reportId: number | null; context: ReportContext } | null>(null);

  useEffect(() => {
    if (lookup.isError) addDangerToast(sharedText('messages', REPORT_MESSAGES.fetchFailed), { noDuplicate: true });
  }, [lookup.isError, addDangerToast]);

  const handleToggle = async () => {
    if (!report) return;
    const result = await setActive({ id: report.id, active: !report.active });
    if (result.error) addDangerToast(sharedText('messages', REPORT_MESSAGES.toggleFailed));
  };
  const handleDelete = () => {
    if (!report) return;
    dialogs.confirm({
      title: t('menu.delete'),
      content: t('menu.deleteContent', { name: report.name }),
      okText: t('common:delete'),
      okButtonProps: { danger: true },
      onOk: async () => {
        const result = await deleteReport(report.id);
        if (result.error) addDangerToast(sharedText('messages', REPORT_MESSAGES.deleteFailed));
        else addSuccessToast(sharedText('messages', REPORT_MESSAGES.deleted).replace('%s', report.name));
      },
    });
  };

  // the entries call the latest handlers through a ref, so the items keep their identity
  const actions = useRef({ handleToggle, handleDelete, contextOf, report });
  useLayoutEffect(() => {
    actions.current = { handleToggle, handleDelete, contextOf, report };
  });
  const reportId = report?.id ?? null;
  const items = useMemo((): MenuItems => {
    if (!enabled || resourceId === null) return [];
    const open = (id: number | null) => setEditing({ reportId: id, context: actions.current.contextOf() });
    if (reportId === null) return [{ key: 'report-setup', label: t('menu.setUp'), onClick: () => open(null) }];
    return [
      {
        key: 'report-manage',
        label: t('menu.manage'),
        children: [
          {
            key: 'report-active',
            label: <ActiveSwitch creationMethod={creationMethod} resourceId={resourceId} />,
            onClick: () => void actions.current.handleToggle(),
          },
          { key: 'report-edit', label: t('menu.edit'), onClick: () => open(reportId) },
          { key: 'report-delete', label: t('menu.delete'), danger: true, onClick: () => actions.current.handleDelete() },
        ],
      },
    ];
  }, [enabled, resourceId, reportId, creationMethod, t]);

  // the same element while it is open: a header that re-renders as its charts load does not redraw
  // the modal, whose select popups would move under the pointer and lose a click
  const handleClose = useCallback(() => setEditing(null), []);
  const modal = useMemo(
    () =>
      editing && (
        <Suspense fallback={null}>
          <LazyReportModal context={editing.context} reportId={editing.reportId} onClose={handleClose} />
        </Suspense>
      ),
    [editing, handleClose],
  );
  return { items, modal };
}
