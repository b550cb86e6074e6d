/**
 * The modal's right side for the selected item: a filter's Settings and Scoping tabs, a divider's
 * title and description, or, for an item pending removal, the way back.
 */
import { Button, Form, Input, Result, Tabs } from 'antd';
import { WarningFilled } from '@ant-design/icons';
import { isFilterDivider, isNativeFilter, type DashboardLayout, type FilterConfigItem, type FilterDivider } from '@rama/shared';
import type { FieldErrors, FilterField } from './configModel';
import { FilterSettings } from './FilterSettings';
import { ScopingTree } from './ScopingTree';
import type { DatasetLookup } from './useConfigDatasets';

export interface ItemFormProps {
  item: FilterConfigItem;
  removed: boolean;
  /** the live filters and dividers */
  items: FilterConfigItem[];
  errors: FieldErrors;
  datasets: DatasetLookup;
  layout: DashboardLayout;
  chartName: (chartId: number) => string;
  onChange: (item: FilterConfigItem, fields: readonly FilterField[]) => void;
  onRestore: () => void;
  /** a filter's open tab */
  tab: FilterTab;
  onTabChange: (tab: FilterTab) => void;
}

export type FilterTab = 'settings' | 'scoping';

function DividerForm({ divider, errors, onChange }: { divider: FilterDivider; errors: FieldErrors; onChange: ItemFormProps['onChange'] }) {
  return (
    <>
      <Form.Item
        label="Title"
        htmlFor="native-filter-divider-title"
        required
        validateStatus={errors.title ? 'error' : undefined}
        help={errors.title}
      >
        <Input
          id="native-filter-divider-title"
          value={divider.title}
          onChange={(e) => onChange({ ...divider, title: e.target.value }, ['title'])}
          maxLength={250}
          placeholder="e.g. Time"
        />
      </Form.Item>
      <Form.Item label="Description" htmlFor="native-filter-divider-description">
        <Input.TextArea
          id="native-filter-divider-description"
          value={divider.description ?? ''}
          onChange={(e) => onChange({ ...divider, description: e.target.value }, [])}
          autoSize={{ minRows: 2, maxRows: 6 }}
        />
      </Form.Item>
    </>
  );
}

export function ItemForm(props: ItemFormProps) {
  const { item, removed, items, errors, datasets, layout, chartName, onChange, onRestore, tab, onTabChange } = props;
  const kind = isFilterDivider(item) ? 'divider' : 'filter';

  if (removed)
    return (
      <Result
        status="info"
        title={`You removed this ${kind}.`}
        subTitle="It is left out when you save."
        extra={
          <Button type="primary" onClick={onRestore}>
            {kind === 'divider' ? 'Restore divider' : 'Restore filter'}
          </Button>
        }
      />
    );

  return (
    <Form layout="vertical" component="div" className="rama-fcfg-form">
      {isFilterDivider(item) && <DividerForm divider={item} errors={errors} onChange={onChange} />}
      {isNativeFilter(item) && (
        <Tabs
          activeKey={tab}
          onChange={(key) => onTabChange(key as FilterTab)}
          items={[
            {
              key: 'settings',
              label: Object.keys(errors).length ? (
                <span className="rama-fcfg-tab-invalid">
                  Settings <WarningFilled role="img" aria-label="has errors" />
                </span>
              ) : (
                'Settings'
              ),
              children: <FilterSettings filter={item} items={items} datasets={datasets} errors={errors} onChange={onChange} />,
            },
            {
              key: 'scoping',
              label: 'Scoping',
              children: <ScopingTree item={item} layout={layout} chartName={chartName} onChange={(next) => onChange(next, [])} />,
            },
          ]}
        />
      )}
    </Form>
  );
}
