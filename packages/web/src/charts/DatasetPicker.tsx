/** A searchable select of datasets (searched on the server by table name), named by the one dataset naming rule. */
import { useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../components/useDebouncedValue';
import { useListDatasetsQuery } from '../datasets/datasetApi';
import { DatasetName } from '../datasets/DatasetName';
import { datasetLabel, datasetNameParts, datasetQualifiedName } from '../datasets/datasetName';
import { datasetChoices, datasetSearchQuery, type PickedDataset } from './chartAdd';

interface DatasetPickerProps {
  value: PickedDataset | null;
  onChange: (dataset: PickedDataset | null) => void;
  autoFocus?: boolean;
  /** Skip the server search while the picker is not shown (a closed modal). */
  skip?: boolean;
}

export function DatasetPicker({ value, onChange, autoFocus, skip }: DatasetPickerProps) {
  const { t } = useTranslation('charts');
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search).trim();
  const { data, isFetching } = useListDatasetsQuery(datasetSearchQuery(term), { skip });
  const choices = datasetChoices(data?.result ?? [], value);

  return (
    <Select<number>
      aria-label={t('common:dataset')}
      className="rama-dataset-picker"
      placeholder={t('picker.placeholder')}
      autoFocus={autoFocus}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={isFetching}
      value={value?.id}
      onChange={(id) => onChange(choices.find((d) => d.id === id) ?? null)}
      options={choices.map((d) => ({
        value: d.id,
        // the selected value shows the name; the list shows the schema after it
        label: datasetLabel(d),
        title: datasetQualifiedName(d),
        dataset: d,
      }))}
      optionRender={(option) => {
        const d = (option.data as { dataset: PickedDataset }).dataset;
        return <DatasetName parts={datasetNameParts(d)} />;
      }}
      notFoundContent={isFetching ? t('common:loadingEllipsis') : t('picker.noDatasets')}
    />
  );
}
