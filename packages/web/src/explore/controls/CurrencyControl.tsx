/**
 * The currency control (`currency_format`, and the table column editor's `currencyFormat`): where
 * the symbol goes (prefix or suffix) and which ISO 4217 currency; clearing the currency clears the
 * value, so the chart falls back to its metrics' saved currency.
 */
import { useMemo } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CURRENCY_POSITION_CHOICES, currencyCodes, currencyControlValue, currencyOptionLabel, parseCurrency } from '@rama/shared';
import { controlText } from './controlTexts';
import type { ControlProps } from './types';

export interface CurrencyPickerProps {
  /** names the two selects for assistive technology: "<label> position", "<label> symbol" */
  label: string;
  value: unknown;
  onChange: (value: { symbol: string; symbolPosition: 'prefix' | 'suffix' } | undefined) => void;
  id?: string;
  size?: 'small' | 'middle';
}

export function CurrencyPicker({ label, value, onChange, id, size }: CurrencyPickerProps) {
  const { t } = useTranslation('explorecontrols');
  const currency = parseCurrency(value);
  const options = useMemo(() => currencyCodes().map((code) => ({ value: code, label: currencyOptionLabel(code) })), []);
  const position = currency?.symbolPosition ?? 'prefix';
  return (
    <div className="rama-currency-control" id={id}>
      <Select<'prefix' | 'suffix'>
        size={size}
        aria-label={t('currencyPositionOf', { label })}
        className="rama-currency-position"
        value={position}
        options={CURRENCY_POSITION_CHOICES.map(([v, l]) => ({ value: v, label: controlText(l) }))}
        onChange={(next) => onChange(currencyControlValue(currency?.symbol, next))}
      />
      <Select<string>
        size={size}
        aria-label={t('currencySymbolOf', { label })}
        className="rama-currency-symbol"
        placeholder={t('currency')}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        value={currency?.symbol}
        options={options}
        onChange={(code) => onChange(currencyControlValue(code, position))}
      />
    </div>
  );
}

export function CurrencyControl({ name, value, onChange, config }: ControlProps) {
  return <CurrencyPicker id={`control-${name}`} label={controlText(config.label)} value={value} onChange={(next) => onChange(next)} />;
}
