/**
 * The dashboard header's actions in edit mode (issue 12 part 4): undo and redo (buttons and
 * Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z, Ctrl+Y), the CSS editor, discard and save (with the overwrite
 * check). Spec section 4: when the undo history overflows a warning is shown once.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { App, Button, Tooltip } from 'antd';
import { RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { DASHBOARD_MESSAGES, DASHBOARD_URL_PARAMS, UNDO_LIMIT, withoutParam } from '@rama/shared';
import { useAppDispatch, useAppSelector, useToasts } from '../../app/hooks';
import { CssEditorModal } from '../dialogs/CssEditorModal';
import { layoutActions, selectCanRedo, selectCanUndo, selectUndoExceeded } from '../state/layoutSlice';
import { discardDashboardChanges, selectHasUnsavedChanges } from '../state/thunks';
import { OverwriteConfirmModal } from './OverwriteConfirmModal';
import { useSaveDashboard } from './saveDashboard';
import { historyShortcut, keepsOwnUndo } from './shortcuts';
import './edit.css';

export function EditHeaderActions() {
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
      addWarningToast(DASHBOARD_MESSAGES.undoLimit(UNDO_LIMIT), { noDuplicate: true });
    }
    if (!exceeded) warned.current = false;
  }, [exceeded, addWarningToast]);

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
      title: 'Discard your changes?',
      content: 'The changes made since the dashboard was last saved will be lost.',
      okText: 'Discard',
      okButtonProps: { danger: true },
      cancelText: 'Keep editing',
      onOk: run,
    });
  };

  return (
    <div className="rama-edit-actions" data-test="dashboard-edit-actions">
      <Tooltip title="Undo the action (Ctrl+Z)">
        <Button
          type="text"
          icon={<UndoOutlined />}
          aria-label="Undo"
          disabled={!canUndo}
          onClick={() => dispatch(layoutActions.undo())}
          data-test="undo-action"
        />
      </Tooltip>
      <Tooltip title="Redo the action (Ctrl+Shift+Z)">
        <Button
          type="text"
          icon={<RedoOutlined />}
          aria-label="Redo"
          disabled={!canRedo}
          onClick={() => dispatch(layoutActions.redo())}
          data-test="redo-action"
        />
      </Tooltip>
      <span className="rama-edit-actions-divider" aria-hidden />
      <Button onClick={() => setCssOpen(true)}>Edit CSS</Button>
      <Button onClick={discard} disabled={saving} data-test="discard-changes-button">
        Discard
      </Button>
      <Button type="primary" onClick={() => void save()} loading={saving} disabled={!unsaved || saving} data-test="header-save-button">
        Save
      </Button>
      {cssOpen && <CssEditorModal open onClose={() => setCssOpen(false)} />}
      {pending && (
        <OverwriteConfirmModal pending={pending} saving={saving} onOverwrite={() => void overwrite()} onCancel={cancelOverwrite} />
      )}
    </div>
  );
}
