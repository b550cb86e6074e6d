/**
 * A select of fixed or computed choices. Free-form selects take typed values (number and time
 * formats, row limits); the others drop a value that is no longer among their choices (spec 5).
 */
import { useEffect, useMemo, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { choiceLabel, controlText } from './controlTexts';
import { isAmongChoices, optionKey, resolveChoices, sanitizeSelectValue, selectOptions, valueOfKey } from './selectModel';
import type { ControlProps } from './types';

export function SelectControl({ name, value, onChange, config, context, errors }: ControlProps) {
  const { t } = useTranslation('explorecontrols');
  const choices = useMemo(() => resolveChoices(config, context), [config, context]);
  const [search, setSearch] = useState('');
  const sanitized = sanitizeSelectValue(value, choices, config);
  const changed = optionKey(sanitized) !== optionKey(value);

  useEffect(() => {
    // choices computed from the datasource are empty until it loads: only prune against real choices
    if (changed && choices.length > 0) onChange(sanitized ?? undefined);
  }, [changed, choices.length, sanitized, onChange]);

  // built each render: the labels follow the language
  const options = (() => {
    // the labels the shared package declares are translated; a column's or a metric's name is not
    const shown = choices.map(([v, label]): [unknown, string] => [v, choiceLabel(label, config, context)]);
    const base = selectOptions(shown, sanitized, config.freeForm);
    const typed = search.trim();
    // a typed value not among the options is offered as itself, first
    if (config.freeForm && typed && !base.some((o) => o.label === typed || o.value === optionKey(typed))) {
      return [{ value: typed, label: typed }, ...base];
    }
    return base;
  })();

  const common = {
    id: `control-${name}`,
    options,
    placeholder: config.placeholder ? controlText(config.placeholder) : config.freeForm ? t('selectOrType') : t('select'),
    allowClear: config.clearable,
    status: errors.length ? ('error' as const) : undefined,
    showSearch: { optionFilterProp: 'label' as const, onSearch: setSearch },
    style: { width: '100%' },
    popupMatchSelectWidth: false,
  };

  if (config.multi) {
    const keys = (Array.isArray(sanitized) ? sanitized : sanitized === null || sanitized === undefined ? [] : [sanitized]).map(optionKey);
    return (
      <Select
        {...common}
        mode={config.freeForm ? 'tags' : 'multiple'}
        value={keys}
        onChange={(next: string[]) => {
          setSearch('');
          onChange(next.map((k) => valueOfKey(k, choices, sanitized)));
        }}
      />
    );
  }
  return (
    <Select
      {...common}
      value={sanitized === undefined || (sanitized === null && !isAmongChoices(null, choices)) ? undefined : optionKey(sanitized)}
      onChange={(key: string | undefined) => {
        setSearch('');
        onChange(key === undefined ? (config.clearable ? null : undefined) : valueOfKey(key, choices, sanitized));
      }}
    />
  );
}
