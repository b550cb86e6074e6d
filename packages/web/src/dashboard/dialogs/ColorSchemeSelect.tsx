import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CATEGORICAL_SCHEMES, type ColorScheme } from '@rama/shared';

const SWATCHES = 10;

function SchemeLabel({ scheme }: { scheme: ColorScheme }) {
  return (
    <span className="rama-dash-scheme">
      <span className="rama-dash-scheme-name">{scheme.label}</span>
      <span className="rama-dash-scheme-swatches" aria-hidden>
        {scheme.colors.slice(0, SWATCHES).map((c, i) => (
          <span key={`${c}-${i}`} className="rama-dash-swatch" style={{ background: c }} />
        ))}
      </span>
    </span>
  );
}

interface ColorSchemeSelectProps {
  id?: string;
  value?: string | null;
  onChange?: (scheme: string | null) => void;
}

/**
 * The dashboard's categorical colour scheme (spec section 3 `color_scheme`), by the BI server's
 * scheme ids, each shown with its swatches. Empty means every chart keeps its own scheme.
 */
export function ColorSchemeSelect({ id, value, onChange }: ColorSchemeSelectProps) {
  const { t } = useTranslation('dashboard');
  const options = CATEGORICAL_SCHEMES.map((s) => ({ value: s.id, label: <SchemeLabel scheme={s} />, search: `${s.label} ${s.id}` }));
  // a scheme saved elsewhere that Rama does not know stays visible by its id
  if (value && !CATEGORICAL_SCHEMES.some((s) => s.id === value)) options.unshift({ value, label: <span>{value}</span>, search: value });
  return (
    <Select
      id={id}
      value={value ?? undefined}
      options={options}
      allowClear
      placeholder={t('colorScheme.placeholder')}
      showSearch={{ optionFilterProp: 'search' }}
      style={{ width: '100%' }}
      onChange={(v: string | undefined) => onChange?.(v ?? null)}
    />
  );
}
