import type { ReactNode } from 'react';
import { FilterSelect } from './DatabaseFilter';

type YesNo = 'yes' | 'no';

const YES_NO: { value: YesNo; label: string }[] = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
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
      placeholder="Any"
      searchable={false}
      value={value === null ? null : value ? 'yes' : 'no'}
      onChange={(v) => onChange(v === null ? null : v === 'yes')}
      options={YES_NO}
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
      <YesNoFilter label="Filter by favorite" prefix="Favorite" value={favorite} onChange={(v) => onChange({ favorite: v })} />
      <YesNoFilter label="Filter by certified" prefix="Certified" value={certified} onChange={(v) => onChange({ certified: v })} />
    </>
  );
}
