import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { CaretRightOutlined, StopOutlined } from '@ant-design/icons';
import type { ControlConfig } from '@rama/shared';
import { firstValidationError, runLabel } from './runState';

interface RunFooterProps {
  loading: boolean;
  /** controls changed since the last run */
  stale: boolean;
  hasResult: boolean;
  errors: Record<string, string[]>;
  controls: Record<string, ControlConfig>;
  onRun: () => void;
  onStop: () => void;
}

/** The sticky run / stop bar under the control panel. */
export function RunFooter({ loading, stale, hasResult, errors, controls, onRun, onStop }: RunFooterProps) {
  const { t } = useTranslation('explore');
  const blocking = firstValidationError(errors, controls);
  const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  const shortcut = isMac ? t('run.shortcutMac') : t('run.shortcutCtrl');
  return (
    <div className="rama-explore-run">
      {loading ? (
        <Button danger icon={<StopOutlined />} onClick={onStop} block>
          {t('run.stop')}
        </Button>
      ) : (
        <Tooltip title={blocking ?? t('run.tooltip', { shortcut })}>
          {/* the wrapper keeps the tooltip working on a disabled button */}
          <span className="rama-explore-run-wrap">
            <Button
              type={stale || !hasResult ? 'primary' : 'default'}
              icon={<CaretRightOutlined />}
              onClick={onRun}
              disabled={blocking !== null}
              block
              className={stale && hasResult ? 'rama-explore-run-stale' : undefined}
            >
              {runLabel(hasResult)}
            </Button>
          </span>
        </Tooltip>
      )}
    </div>
  );
}
