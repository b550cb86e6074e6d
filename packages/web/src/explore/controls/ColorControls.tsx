/** Colour scheme (by the BI server's scheme ids, shown with their swatches) and a single colour. */
import { Select, ColorPicker } from 'antd';
import { CATEGORICAL_SCHEMES, SEQUENTIAL_SCHEMES, type ColorScheme } from '@rama/shared';
import { rgbaToCss, toRgba, type Rgba } from './colorValue';
import { useTranslation } from 'react-i18next';
import { controlText } from './controlTexts';
import type { ControlProps } from './types';

const SWATCHES = 10;

function SchemeOption({ scheme }: { scheme: ColorScheme }) {
  return (
    <span className="rama-scheme-option">
      <span className="rama-scheme-name">{scheme.label}</span>
      <span className="rama-scheme-swatches" aria-hidden>
        {scheme.colors.slice(0, SWATCHES).map((c, i) => (
          <span key={`${c}-${i}`} className="rama-swatch" style={{ background: c }} />
        ))}
      </span>
    </span>
  );
}

export function ColorSchemeControl({ name, value, onChange, config, errors }: ControlProps) {
  const schemes = config.schemeType === 'sequential' ? SEQUENTIAL_SCHEMES : CATEGORICAL_SCHEMES;
  const current = typeof value === 'string' ? value : undefined;
  const options = schemes.map((s) => ({ value: s.id, label: <SchemeOption scheme={s} />, search: `${s.label} ${s.id}` }));
  // a scheme saved elsewhere that Rama does not know stays visible by its id
  if (current && !schemes.some((s) => s.id === current))
    options.unshift({ value: current, label: <span>{current}</span>, search: current });
  return (
    <Select
      id={`control-${name}`}
      value={current}
      options={options}
      allowClear={config.clearable}
      status={errors.length ? 'error' : undefined}
      showSearch={{ optionFilterProp: 'search' }}
      style={{ width: '100%' }}
      onChange={(v: string | undefined) => onChange(v ?? null)}
    />
  );
}

export function ColorPickerControl({ name, value, onChange, config }: ControlProps) {
  useTranslation('explorecontrols'); // the label follows the language
  const rgba: Rgba = toRgba(value);
  return (
    <ColorPicker
      aria-label={controlText(config.label) || name}
      value={rgbaToCss(rgba)}
      showText
      onChangeComplete={(color) => {
        const { r, g, b, a } = color.toRgb();
        onChange({ r, g, b, a });
      }}
    />
  );
}
