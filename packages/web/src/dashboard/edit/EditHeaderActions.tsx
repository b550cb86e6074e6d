/**
 * The dashboard header's actions in edit mode (issue 12 part 4): undo and redo (buttons and
 * Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z, Ctrl+Y), the CSS editor, discard and save (with the overwrite
 * check). Spec section 4: when the undo history overflows a warning is shown once.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { App, Button, Tooltip } from 'antd';
import { RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_URL_PARAMS, UNDO_LIMIT, withoutParam } from '@rama/shared';
import { useAppDispatch, useAppSelector, useToasts } from '../../core/hooks';
import { CssEditorModal } from '../dialogs/CssEditorModal';
import { layoutActions, selectCanRedo, selectCanUndo, selectUndoExceeded } from '../state/layoutSlice';
import { discardDashboardChanges, selectHasUnsavedChanges } from '../state/thunks';
import { OverwriteConfirmModal } from './OverwriteConfirmModal';
import { useSaveDashboard } from './saveDashboard';
import { historyShortcut, keepsOwnUndo } from './shortcuts';
import './edit.css';

export function EditHeaderActions() {
  const { t } = useTranslation('dashboard');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { modal } = App.useApp();
  const { addWarningToast } = useToasts();
  const canUndo = useAppSelector(selectCanUndo);
  const canRedo = useAppSelector(selectCanRedo);
  const exceeded = useAppSelector(selectUndoExceeded);
  const unsaved = useAppSelector(selectHasUnsavedChanges);
  const pending = useAppSelector((s) => s.dashboardState.overwriteConfirmMetadata);
  const { save, overwrite, cancelOverwrite, saving } = useSaveDashboard();
  const [cssOpen, setCssOpen] = useState(false);

  // keyboard undo / redo while not typing
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const step = historyShortcut(e);
      if (!step || keepsOwnUndo(e.target)) return;
      e.preventDefault();
      dispatch(step === 'undo' ? layoutActions.undo() : layoutActions.redo());
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [dispatch]);

  // spec section 4: "When the history is exceeded a warning is shown" — once, until a save resets it
  const warned = useRef(false);
  useEffect(() => {
    if (exceeded && !warned.current) {
      warned.current = true;
      // DASHBOARD_MESSAGES.undoLimit's words, in the current language
      addWarningToast(t('msg.undoLimit', { count: UNDO_LIMIT }), { noDuplicate: true });
    }
    if (!exceeded) warned.current = false;
  }, [exceeded, addWarningToast, t]);

  const leaveEditMode = () => {
    const search = withoutParam(location.search, DASHBOARD_URL_PARAMS.edit);
    if (search !== location.search) void navigate(`${location.pathname}${search}${location.hash}`, { replace: true });
  };

  const discard = () => {
    const run = () => {
      // the saved layout, title, properties, CSS and colours back; edit mode off
      dispatch(discardDashboardChanges());
      leaveEditMode();
    };
    if (!unsaved) {
      run();
      return;
    }
    modal.confirm({
      title: t('edit.discardTitle'),
      content: t('edit.discardContent'),
      okText: t('edit.discard'),
      okButtonProps: { danger: true },
      cancelText: t('edit.keepEditing'),
      onOk: run,
    });
  };

  return (
    <div className="rama-edit-actions" data-test="dashboard-edit-actions">
      <Tooltip title={t('edit.undoTooltip')}>
        <Button
          type="text"
          icon={<UndoOutlined />}
          aria-label={t('edit.undo')}
          disabled={!canUndo}
          onClick={() => dispatch(layoutActions.undo())}
          data-test="undo-action"
        />
      </Tooltip>
      <Tooltip title={t('edit.redoTooltip')}>
        <Button
          type="text"
          icon={<RedoOutlined />}
          aria-label={t('edit.redo')}
          disabled={!canRedo}
          onClick={() => dispatch(layoutActions.redo())}
          data-test="redo-action"
        />
      </Tooltip>
      <span className="rama-edit-actions-divider" aria-hidden />
      <Button onClick={() => setCssOpen(true)}>{t('css.title')}</Button>
      <Button onClick={discard} disabled={saving} data-test="discard-changes-button">
        {t('edit.discard')}
      </Button>
      <Button type="primary" onClick={() => void save()} loading={saving} disabled={!unsaved || saving} data-test="header-save-button">
        {t('common:save')}
      </Button>
      {cssOpen && <CssEditorModal open onClose={() => setCssOpen(false)} />}
      {pending && (
        <OverwriteConfirmModal pending={pending} saving={saving} onOverwrite={() => void overwrite()} onCancel={cancelOverwrite} />
      )}
    </div>
  );
}
