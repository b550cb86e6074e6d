/**
 * The modal's right side for the selected item: a filter's Settings and Scoping tabs, a divider's
 * title and description, or, for an item pending removal, the way back.
 */
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('dashboard');
  return (
    <>
      <Form.Item
        label={t('config.dividerTitle')}
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
          placeholder={t('config.dividerTitlePlaceholder')}
        />
      </Form.Item>
      <Form.Item label={t('common:description')} htmlFor="native-filter-divider-description">
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
  const { t } = useTranslation('dashboard');
  const { item, removed, items, errors, datasets, layout, chartName, onChange, onRestore, tab, onTabChange } = props;
  const kind = isFilterDivider(item) ? 'divider' : 'filter';

  if (removed)
    return (
      <Result
        status="info"
        title={kind === 'divider' ? t('config.removedDivider') : t('config.removedFilter')}
        subTitle={t('config.removedHint')}
        extra={
          <Button type="primary" onClick={onRestore}>
            {kind === 'divider' ? t('config.restoreDivider') : t('config.restoreFilter')}
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
                  {t('common:settings')} <WarningFilled role="img" aria-label={t('config.hasErrors')} />
                </span>
              ) : (
                t('common:settings')
              ),
              children: <FilterSettings filter={item} items={items} datasets={datasets} errors={errors} onChange={onChange} />,
            },
            {
              key: 'scoping',
              label: t('config.scoping'),
              children: <ScopingTree item={item} layout={layout} chartName={chartName} onChange={(next) => onChange(next, [])} />,
            },
          ]}
        />
      )}
    </Form>
  );
}
