/**
 * The Settings tab of a filter: type, name, dataset and column, parents (value filters), what
 * narrows and orders the values offered, the default value, the options and a description.
 */
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Checkbox, Collapse, Divider, Form, Input, Select } from 'antd';
import {
  FILTER_TYPES,
  possibleParentFilters,
  type ExploreDatasource,
  type FilterConfigItem,
  type FilterControlValues,
  type FilterType,
  type NativeFilter,
} from '@rama/shared';
import { itemTitle, type FieldErrors, type FilterField } from './configModel';
import { DatasetSelect } from './DatasetSelect';
import { DefaultValueField } from './DefaultValueField';
import {
  columnChoices,
  columnOf,
  datasetIdOf,
  filterTypeTakesColumn,
  filterTypeTakesPreFilter,
  setColumn,
  setControlValue,
  setDataset,
  setDefaultValue,
  setFilterType,
} from './filterEdits';
import { PreFilterFields } from './PreFilterFields';
import type { DatasetLookup } from './useConfigDatasets';

export interface FilterSettingsProps {
  filter: NativeFilter;
  /** the live filters and dividers (parents, and the parents' default values) */
  items: FilterConfigItem[];
  datasets: DatasetLookup;
  errors: FieldErrors;
  onChange: (filter: NativeFilter, fields: readonly FilterField[]) => void;
}

/** The options of `controlValues` a type offers (their label and help: `option.<key>` and `option.<key>.help`). */
const OPTIONS: { key: keyof FilterControlValues & string; types: readonly string[] }[] = [
  { key: 'enableEmptyFilter', types: FILTER_TYPES },
  { key: 'defaultToFirstItem', types: ['filter_select'] },
  { key: 'multiSelect', types: ['filter_select'] },
  { key: 'inverseSelection', types: ['filter_select'] },
  { key: 'searchAllOptions', types: ['filter_select'] },
];

const isOn = (filter: NativeFilter, key: string): boolean =>
  key === 'multiSelect' ? filter.controlValues?.multiSelect !== false : Boolean(filter.controlValues?.[key]);

const status = (error: string | undefined) => (error ? ('error' as const) : undefined);

export function FilterSettings({ filter, items, datasets, errors, onChange }: FilterSettingsProps) {
  const { t } = useTranslation('dashboard');
  const datasetId = datasetIdOf(filter);
  const dataset: ExploreDatasource | undefined = datasetId ? datasets.get(datasetId) : undefined;
  const datasetError = errors.dataset ?? (datasetId ? (datasets.error(datasetId) ?? undefined) : undefined);
  const columns = columnChoices(dataset, filter.filterType);
  const parents = possibleParentFilters(items, filter.id).filter((f) => f.id !== filter.id);
  const [valuesOpen, setValuesOpen] = useState(false);

  return (
    <>
      <Form.Item label={t('config.filterType')} htmlFor="native-filter-type">
        <Select<FilterType>
          id="native-filter-type"
          value={filter.filterType as FilterType}
          onChange={(type) => onChange(setFilterType(filter, type), [])}
          options={FILTER_TYPES.map((type) => ({ value: type, label: t(`filterType.${type}`) }))}
        />
      </Form.Item>
      <Form.Item
        label={t('config.filterName')}
        htmlFor="native-filter-name"
        required
        validateStatus={status(errors.name)}
        help={errors.name}
      >
        <Input
          id="native-filter-name"
          value={filter.name}
          onChange={(e) => onChange({ ...filter, name: e.target.value }, ['name'])}
          maxLength={250}
          placeholder={t('config.filterNamePlaceholder')}
        />
      </Form.Item>
      <div className="rama-fcfg-row">
        <Form.Item
          label={t('common:dataset')}
          htmlFor="native-filter-dataset"
          required
          validateStatus={status(datasetError)}
          help={datasetError}
        >
          <DatasetSelect
            id="native-filter-dataset"
            value={datasetId}
            onChange={(id) => onChange(setDataset(filter, id), ['dataset'])}
            datasets={datasets}
            invalid={Boolean(datasetError)}
          />
        </Form.Item>
        {filterTypeTakesColumn(filter.filterType) && (
          <Form.Item
            label={t('config.column')}
            htmlFor="native-filter-column"
            required
            validateStatus={status(errors.column)}
            help={errors.column}
          >
            <Select<string | null>
              id="native-filter-column"
              value={columnOf(filter)}
              onChange={(name) => onChange(setColumn(filter, name ?? null), ['column'])}
              options={columns.map((c) => ({ value: c.column_name, label: c.verbose_name || c.column_name }))}
              showSearch={{ optionFilterProp: 'label' }}
              allowClear
              disabled={!dataset}
              loading={datasetId !== null && datasets.loading(datasetId)}
              status={status(errors.column)}
              placeholder={
                !dataset
                  ? t('config.chooseDatasetFirst')
                  : filter.filterType === 'filter_range'
                    ? t('config.chooseNumericColumn')
                    : t('config.chooseColumn')
              }
            />
          </Form.Item>
        )}
      </div>

      {filter.filterType === 'filter_select' && (
        <Form.Item
          label={t('config.parentFilter')}
          htmlFor="native-filter-parents"
          validateStatus={status(errors.parents)}
          help={errors.parents}
          extra={t('config.parentFilterHelp')}
        >
          <Select<string[]>
            id="native-filter-parents"
            mode="multiple"
            value={filter.cascadeParentIds ?? []}
            onChange={(ids) => onChange({ ...filter, cascadeParentIds: ids }, ['parents'])}
            options={parents.map((f) => ({ value: f.id, label: itemTitle(f) }))}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={parents.length ? t('config.noParent') : t('config.noPossibleParent')}
            disabled={!parents.length && !filter.cascadeParentIds?.length}
          />
        </Form.Item>
      )}
      {filterTypeTakesPreFilter(filter.filterType) && dataset && (
        <Collapse
          size="small"
          className="rama-fcfg-advanced"
          // a failing sort metric keeps the section open
          activeKey={valuesOpen || errors.sortMetric ? ['values'] : []}
          onChange={(keys) => setValuesOpen((Array.isArray(keys) ? keys : [keys]).includes('values'))}
          items={[
            {
              key: 'values',
              label: filter.filterType === 'filter_select' ? t('config.preFilterAndSort') : t('config.preFilter'),
              children: <PreFilterFields filter={filter} dataset={dataset} errors={errors} onChange={onChange} />,
            },
          ]}
        />
      )}

      <Divider titlePlacement="start" plain className="rama-fcfg-section">
        {t('config.valueAndOptions')}
      </Divider>
      <Form.Item
        label={t('config.defaultValue')}
        htmlFor="native-filter-default"
        validateStatus={status(errors.defaultValue)}
        help={errors.defaultValue}
      >
        <DefaultValueField
          id="native-filter-default"
          filter={filter}
          items={items}
          dataset={dataset}
          onChange={(value) => onChange(setDefaultValue(filter, value), ['defaultValue'])}
          invalid={Boolean(errors.defaultValue)}
        />
      </Form.Item>
      <div className="rama-fcfg-options" role="group" aria-label={t('config.filterOptions')}>
        {OPTIONS.filter((o) => o.types.includes(filter.filterType)).map((o) => (
          <Checkbox
            key={o.key}
            checked={isOn(filter, o.key)}
            onChange={(e) => onChange(setControlValue(filter, o.key, e.target.checked), ['defaultValue'])}
            title={t(`option.${o.key}.help`)}
          >
            {t(`option.${o.key}`)}
          </Checkbox>
        ))}
      </div>
      <Form.Item label={t('common:description')} htmlFor="native-filter-description">
        <Input.TextArea
          id="native-filter-description"
          value={filter.description ?? ''}
          onChange={(e) => onChange({ ...filter, description: e.target.value }, [])}
          autoSize={{ minRows: 2, maxRows: 6 }}
          placeholder={t('config.descriptionPlaceholder')}
        />
      </Form.Item>
    </>
  );
}
