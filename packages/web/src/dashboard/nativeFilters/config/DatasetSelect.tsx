/**
 * The filter's dataset: the dashboard's datasets first, then any other dataset found by name on
 * the server (GET /api/v1/dataset/?q=…) as the user types.
 */
import { useTranslation } from 'react-i18next';
import { useMemo, useState } from 'react';
import { Select } from 'antd';
import type { ListQuery } from '@rama/shared';
import { useDebouncedValue } from '../../../components/useDebouncedValue';
import { useListDatasetsQuery } from '../../../datasets/datasetApi';
import { datasetLabel, datasetQualifiedName, type NamedDataset } from '../../../datasets/datasetName';
import type { DatasetLookup } from './useConfigDatasets';

export interface DatasetSelectProps {
  id: string;
  value: number | null;
  onChange: (datasetId: number | null) => void;
  datasets: DatasetLookup;
  invalid: boolean;
}

const SEARCH_PAGE_SIZE = 50;

function searchQuery(text: string): ListQuery {
  return {
    filters: [{ col: 'table_name', opr: 'ct', value: text }],
    order_column: 'table_name',
    order_direction: 'asc',
    page: 0,
    page_size: SEARCH_PAGE_SIZE,
  };
}

export function DatasetSelect({ id, value, onChange, datasets, invalid }: DatasetSelectProps) {
  const { t } = useTranslation('dashboard');
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), 300);
  const found = useListDatasetsQuery(searchQuery(term), { skip: !term });

  const options = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const own = datasets.dashboard.filter((d) => !needle || d.table_name.toLowerCase().includes(needle));
    const ownIds = new Set(datasets.dashboard.map((d) => d.id));
    const others = term ? (found.data?.result ?? []).filter((d) => !ownIds.has(d.id)) : [];
    // the current dataset keeps its name when it is neither the dashboard's nor among the results
    const current = value !== null && !ownIds.has(value) && !others.some((d) => d.id === value) ? value : null;
    const currentDataset = current !== null ? datasets.get(current) : undefined;
    // one naming rule for datasets (datasets/datasetName.ts): the table's name; the select is
    // narrow, so the schema (with the database) is in the option's tooltip
    const option = (d: NamedDataset & { id: number }) => ({
      value: d.id,
      label: datasetLabel(d),
      title: datasetQualifiedName(d),
    });
    const groups = [
      {
        label: t('config.dashboardDatasets'),
        title: t('config.dashboardDatasets'),
        options: own.map(option),
      },
      {
        label: t('config.otherDatasets'),
        title: t('config.otherDatasets'),
        options: [
          ...(current !== null
            ? [
                currentDataset
                  ? option(currentDataset)
                  : { value: current, label: t('config.datasetN', { id: current }), title: t('config.datasetN', { id: current }) },
              ]
            : []),
          ...others.map(option),
        ],
      },
    ];
    return groups.filter((g) => g.options.length > 0);
  }, [datasets, found.data, search, term, value, t]);

  return (
    <Select<number | null>
      id={id}
      value={value}
      onChange={(v) => onChange(v ?? null)}
      options={options}
      showSearch={{ onSearch: setSearch, filterOption: false, searchValue: search }}
      onOpenChange={(open) => !open && setSearch('')}
      allowClear
      status={invalid ? 'error' : undefined}
      loading={found.isFetching}
      placeholder={t('config.datasetPlaceholder')}
      notFoundContent={found.isFetching ? t('config.searching') : t('config.noDatasets')}
    />
  );
}
