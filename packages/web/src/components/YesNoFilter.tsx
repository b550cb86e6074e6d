import type { ReactNode } from 'react';
import { FilterSelect } from './FilterSelect';
import { t } from '../i18n';

type YesNo = 'yes' | 'no';

const yesNo = (): { value: YesNo; label: string }[] => [
  { value: 'yes', label: t('common:yes') },
  { value: 'no', label: t('common:no') },
];

interface YesNoFilterProps {
  /** accessible name: "Filter by favorite" */
  label: string;
  /** shown inside the select: "Favorite" */
  prefix: ReactNode;
  /** null: not filtered on ("Any") */
  value: boolean | null;
  onChange: (value: boolean | null) => void;
}

/** A list page's "Prefix: Yes / No / Any" filter; "No" is a filter too, unlike a cleared one. */
export function YesNoFilter({ label, prefix, value, onChange }: YesNoFilterProps) {
  return (
    <FilterSelect<YesNo>
      label={label}
      prefix={prefix}
      placeholder={t('components:filter.any')}
      searchable={false}
      value={value === null ? null : value ? 'yes' : 'no'}
      onChange={(v) => onChange(v === null ? null : v === 'yes')}
      options={yesNo()}
    />
  );
}

interface FavoriteCertifiedFiltersProps {
  favorite: boolean | null;
  certified: boolean | null;
  onChange: (change: { favorite: boolean | null } | { certified: boolean | null }) => void;
}

/** The "Favorite" and "Certified" filters of the chart and dashboard lists. */
export function FavoriteCertifiedFilters({ favorite, certified, onChange }: FavoriteCertifiedFiltersProps) {
  return (
    <>
      <YesNoFilter
        label={t('components:filter.byFavorite')}
        prefix={t('common:favorite')}
        value={favorite}
        onChange={(v) => onChange({ favorite: v })}
      />
      <YesNoFilter
        label={t('components:filter.byCertified')}
        prefix={t('common:certified')}
        value={certified}
        onChange={(v) => onChange({ certified: v })}
      />
    </>
  );
}
