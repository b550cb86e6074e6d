/**
 * The dashboard's CSS (issue 12 part 4: "a CSS editor (the CSS applies only inside this dashboard;
 * @import and external url() are stripped)"). What is typed is previewed on the dashboard as it is
 * typed; Cancel puts the previous CSS back. In edit mode "Apply" keeps it as an unsaved change;
 * outside edit mode "Save" writes it at once.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_MESSAGES, sanitizeDashboardCss } from '@rama/shared';
import { useAppDispatch, useAppSelector, useToasts } from '../../core/hooks';
import { sharedText } from '../../i18n';
import { SLOT, Slotted } from '../../i18n/Slotted';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { useUpdateDashboardMutation } from '../../dashboards/dashboardPageApi';
import { dashboardInfoActions } from '../state/dashboardInfoSlice';
import { dashboardStateActions } from '../state/dashboardStateSlice';
import { saveErrorMessage } from '../edit/saveDashboard';
import { CodeField } from './CodeField';
import './dialogs.css';

export interface CssEditorModalProps {
  open: boolean;
  onClose: () => void;
}

const PREVIEW_DELAY_MS = 250;
/** The example rule in the help: CSS, the same in every language. */
const CSS_EXAMPLE = '[data-test="dashboard-chart"] { border-radius: 0 }';

export function CssEditorModal({ open, onClose }: CssEditorModalProps) {
  const { t } = useTranslation('dashboard');
  const dispatch = useAppDispatch();
  const { addSuccessToast, addDangerToast } = useToasts();
  const editMode = useAppSelector((s) => s.dashboardState.editMode);
  const id = useAppSelector((s) => s.dashboardInfo.id);
  const current = useAppSelector((s) => s.dashboardState.css);
  const wasUnsaved = useAppSelector((s) => s.dashboardState.hasUnsavedChanges);
  // what Cancel goes back to
  const [before] = useState(() => ({ css: current, unsaved: wasUnsaved }));
  const [text, setText] = useState(current);
  const [updateDashboard, { isLoading }] = useUpdateDashboardMutation();
  const preview = useDebouncedValue(text, PREVIEW_DELAY_MS);
  const applied = useRef(current);

  // live preview as the user types
  useEffect(() => {
    if (preview === applied.current) return;
    applied.current = preview;
    dispatch(dashboardStateActions.setCss(preview));
  }, [preview, dispatch]);

  const stripped = sanitizeDashboardCss(text) !== text;

  const cancel = () => {
    if (applied.current !== before.css) {
      dispatch(dashboardStateActions.setCss(before.css));
      dispatch(dashboardStateActions.setUnsavedChanges(before.unsaved));
    }
    onClose();
  };

  const apply = async () => {
    applied.current = text;
    dispatch(dashboardStateActions.setCss(text));
    if (editMode) {
      onClose();
      return;
    }
    try {
      const reply = await updateDashboard({ id, body: { css: text } }).unwrap();
      dispatch(dashboardInfoActions.update({ css: text, last_modified_time: reply.last_modified_time }));
      dispatch(dashboardStateActions.setUnsavedChanges(false));
      addSuccessToast(sharedText('messages', DASHBOARD_MESSAGES.saved));
      onClose();
    } catch (error) {
      addDangerToast(saveErrorMessage(error));
    }
  };

  return (
    <Modal
      open={open}
      title={t('css.title')}
      width={800}
      onCancel={cancel}
      destroyOnHidden
      maskClosable={false}
      footer={[
        <Button key="cancel" onClick={cancel}>
          {t('common:cancel')}
        </Button>,
        <Button key="apply" type="primary" loading={isLoading} onClick={() => void apply()} data-test="css-editor-apply">
          {editMode ? t('common:apply') : t('common:save')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary" className="rama-dialog-intro" id="rama-css-help">
        <Slotted text={t('css.help', { example: SLOT })}>
          <Typography.Text code>{CSS_EXAMPLE}</Typography.Text>
        </Slotted>
      </Typography.Paragraph>
      <CodeField
        value={text}
        onChange={setText}
        language="css"
        label={t('css.label')}
        describedBy="rama-css-help"
        minHeight="320px"
        maxHeight="60vh"
        autoFocus
      />
      {stripped && (
        <Alert
          className="rama-dialog-note"
          type="warning"
          showIcon
          title={t('css.strippedTitle')}
          description={t('css.strippedDescription')}
        />
      )}
    </Modal>
  );
}
