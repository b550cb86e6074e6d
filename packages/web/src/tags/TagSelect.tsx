/** The tag picker of the properties dialogs: choose existing custom tags, type a new one, remove. */
import { useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../components/useDebouncedValue';
import { useListTagsQuery } from './tagApi';
import { MAX_TAG_NAME } from './tagRules';

interface TagSelectProps {
  value?: string[];
  onChange?: (names: string[]) => void;
  id?: string;
}

const CUSTOM = 1;

export function TagSelect({ value, onChange, id }: TagSelectProps) {
  const { t } = useTranslation('tags');
  const [search, setSearch] = useState('');
  const filter = useDebouncedValue(search, 300).trim();
  const { data, isFetching } = useListTagsQuery({
    filters: [{ col: 'type', opr: 'eq', value: CUSTOM }, ...(filter ? [{ col: 'name', opr: 'ct', value: filter }] : [])],
    order_column: 'name',
    order_direction: 'asc',
    page: 0,
    page_size: 100,
  });
  const names = new Set([...(data?.result ?? []).map((t) => t.name), ...(value ?? [])]);
  return (
    <Select
      id={id}
      mode="tags"
      aria-label={t('common:tags')}
      data-test="tag-select"
      value={value}
      onChange={(v: string[]) => onChange?.(v.map((n) => n.trim()).filter((n) => n && n.length <= MAX_TAG_NAME))}
      options={[...names].sort((a, b) => a.localeCompare(b)).map((n) => ({ value: n, label: n }))}
      showSearch={{ onSearch: setSearch }}
      loading={isFetching}
      placeholder={t('selectPlaceholder')}
      tokenSeparators={[',']}
      maxTagTextLength={40}
    />
  );
}
