/** The simple controls: text, text area, checkbox, slider and the hidden one. */
import { useEffect, useState } from 'react';
import { Checkbox, Input, InputNumber, Slider, Tooltip } from 'antd';
import { InfoCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { controlText, validatorMessage } from './controlTexts';
import { boundsOf, parseTextValue, textOf } from './textValue';
import type { ControlProps } from './types';

export function TextControl({ name, value, onChange, config, errors }: ControlProps) {
  // the text as typed ("1." while typing 1.5) is kept locally; the form data gets the parsed value
  const [text, setText] = useState(textOf(value));
  useEffect(() => {
    setText((current) => (textOf(parseTextValue(current, config)) === textOf(value) ? current : textOf(value)));
  }, [value, config]);
  return (
    <Input
      id={`control-${name}`}
      value={text}
      placeholder={config.placeholder && controlText(config.placeholder)}
      status={errors.length ? 'error' : undefined}
      inputMode={config.isInt || config.isFloat ? 'decimal' : undefined}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parseTextValue(e.target.value, config) ?? undefined);
      }}
    />
  );
}

export function TextAreaControl({ name, value, onChange, config, errors }: ControlProps) {
  return (
    <Input.TextArea
      id={`control-${name}`}
      value={textOf(value)}
      placeholder={config.placeholder && controlText(config.placeholder)}
      status={errors.length ? 'error' : undefined}
      autoSize={{ minRows: 3, maxRows: 12 }}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

export function CheckboxControl({ name, value, onChange, config, errors }: ControlProps) {
  const { t } = useTranslation('explorecontrols');
  const label = controlText(config.label);
  return (
    <div className="rama-checkbox-control">
      <Checkbox id={`control-${name}`} checked={value === true} onChange={(e) => onChange(e.target.checked)}>
        {label}
      </Checkbox>
      {config.description && (
        <Tooltip title={controlText(config.description)}>
          <InfoCircleOutlined className="rama-control-help" aria-label={t('about', { label })} />
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

export function SliderControl({ name, value, onChange, config }: ControlProps) {
  useTranslation('explorecontrols'); // redrawn in a new language
  const min = config.min ?? 0;
  const max = config.max ?? 100;
  const step = config.step ?? 1;
  const n = typeof value === 'number' ? value : typeof config.default === 'number' ? config.default : min;
  return (
    <div className="rama-slider-control">
      <Slider id={`control-${name}`} min={min} max={max} step={step} value={n} onChange={(v) => onChange(v)} />
      <InputNumber
        size="small"
        min={min}
        max={max}
        step={step}
        value={n}
        aria-label={controlText(config.label)}
        onChange={(v) => onChange(v ?? undefined)}
      />
    </div>
  );
}

export function HiddenControl() {
  return null;
}

/** A `[min, max]` pair (axis bounds); either end may be left empty (null: the data decides). */
export function BoundsControl({ name, value, onChange, config }: ControlProps) {
  const { t } = useTranslation('explorecontrols');
  const label = controlText(config.label);
  const [min, max] = boundsOf(value);
  const set = (next: [number | null, number | null]) => onChange(next);
  return (
    <div className="rama-relative-bound" id={`control-${name}`}>
      <InputNumber
        size="small"
        aria-label={t('boundMinOf', { label })}
        placeholder={t('min')}
        value={min}
        onChange={(n) => set([n ?? null, max])}
      />
      <InputNumber
        size="small"
        aria-label={t('boundMaxOf', { label })}
        placeholder={t('max')}
        value={max}
        onChange={(n) => set([min, n ?? null])}
      />
    </div>
  );
}
