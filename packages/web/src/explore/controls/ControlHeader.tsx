import { Tooltip } from 'antd';
import { InfoCircleOutlined, WarningOutlined } from '@ant-design/icons';

interface ControlHeaderProps {
  name: string;
  label: string;
  description?: string;
  errors: string[];
  /** the change redraws without a new query (shown so users know Run is not needed) */
  renderTrigger?: boolean;
}

/** A control's label, its help icon and its validation errors in red (spec section 5: errors per control). */
export function ControlHeader({ name, label, description, errors, renderTrigger }: ControlHeaderProps) {
  return (
    <div className="rama-control-header">
      <label htmlFor={`control-${name}`} className={errors.length ? 'rama-control-label has-error' : 'rama-control-label'}>
        {label}
      </label>
      {description && (
        <Tooltip title={description}>
          <InfoCircleOutlined className="rama-control-help" aria-label={`About ${label}`} />
        </Tooltip>
      )}
      {renderTrigger && (
        <Tooltip title="Changing this control takes effect instantly">
          <span className="rama-control-instant" aria-hidden>
            ⚡
          </span>
        </Tooltip>
      )}
      {errors.length > 0 && (
        <span className="rama-control-errors" role="alert">
          <WarningOutlined /> {errors.join('. ')}
        </span>
      )}
    </div>
  );
}
