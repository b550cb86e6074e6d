import { Tooltip } from 'antd';
import { InfoCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { controlText, validatorMessage } from './controlTexts';

interface ControlHeaderProps {
  name: string;
  label: string;
  description?: string;
  errors: string[];
  /** the change redraws without a new query (shown so users know Run is not needed) */
  renderTrigger?: boolean;
}

/** The sign of a control that redraws at once (a symbol, not a word). */
const INSTANT_SIGN = '⚡';

/** A control's label, its help icon and its validation errors in red (spec section 5: errors per control). */
export function ControlHeader({ name, label, description, errors, renderTrigger }: ControlHeaderProps) {
  const { t } = useTranslation('explorecontrols');
  const shownLabel = controlText(label);
  return (
    <div className="rama-control-header">
      <label htmlFor={`control-${name}`} className={errors.length ? 'rama-control-label has-error' : 'rama-control-label'}>
        {shownLabel}
      </label>
      {description && (
        <Tooltip title={controlText(description)}>
          <InfoCircleOutlined className="rama-control-help" aria-label={t('about', { label: shownLabel })} />
        </Tooltip>
      )}
      {renderTrigger && (
        <Tooltip title={t('instant')}>
          <span className="rama-control-instant" aria-hidden>
            {INSTANT_SIGN}
          </span>
        </Tooltip>
      )}
      {errors.length > 0 && (
        <span className="rama-control-errors" role="alert">
          <WarningOutlined /> {errors.map(validatorMessage).join('. ')}
        </span>
      )}
    </div>
  );
}
