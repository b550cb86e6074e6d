/**
 * The Explore control panel: the viz type's sections on a Data and a Customize tab, each section
 * collapsible, its rows of controls side by side. Controls hidden by their visibility rule are not
 * shown; a section header counts its controls with errors.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Collapse, Empty, Tabs, Tooltip } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import type { ControlContext, ExploreDatasource, QueryFormData, VizDefinition } from '@rama/shared';
import { ControlHeader } from './ControlHeader';
import { controlText } from './controlTexts';
import { controlValue, initiallyOpen, sectionErrorCount, sectionsOfTab, visibleRows, type ResolvedControl } from './panelModel';
import { controlComponent } from './registry';
import './controls.css';

export interface ControlPanelProps {
  definition: VizDefinition;
  formData: QueryFormData;
  datasource: ExploreDatasource | null;
  sqlMaxRow: number;
  errors: Record<string, string[]>;
  onChange: (name: string, value: unknown) => void;
}

const NO_ERRORS: string[] = [];

interface ControlItemProps {
  control: ResolvedControl;
  context: ControlContext;
  errors: string[];
  onChange: (name: string, value: unknown) => void;
}

function ControlItem({ control, context, errors, onChange }: ControlItemProps) {
  const { name, config } = control;
  const Component = controlComponent(config.type);
  const value = controlValue(name, config, context.formData);
  const bare = config.type === 'CheckboxControl';
  return (
    <div className={`rama-control rama-control-${config.type}`} data-control={name}>
      {!bare && (
        <ControlHeader
          name={name}
          label={config.label}
          description={config.description}
          errors={errors}
          renderTrigger={config.renderTrigger}
        />
      )}
      <Component
        name={name}
        value={value}
        onChange={(v: unknown) => onChange(name, v)}
        config={config}
        context={context}
        datasource={context.datasource}
        formData={context.formData}
        errors={errors}
      />
    </div>
  );
}

interface TabSectionsProps extends ControlPanelProps {
  tab: 'data' | 'customize';
  context: ControlContext;
}

function TabSections({ definition, errors, onChange, tab, context }: TabSectionsProps) {
  const { t } = useTranslation('explorecontrols');
  const sections = sectionsOfTab(definition, tab);
  const [open, setOpen] = useState<string[]>(() => initiallyOpen(sections, errors));
  if (sections.length === 0) return <Empty description={t('panelEmpty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const items = sections.map((section) => {
    const rows = visibleRows(section, definition, context);
    const errorCount = sectionErrorCount(section, errors);
    const title = controlText(section.label);
    return {
      key: section.label,
      label: (
        <span className="rama-section-label">
          {title}
          {section.description && (
            <Tooltip title={controlText(section.description)}>
              <InfoCircleOutlined className="rama-control-help" aria-label={t('about', { label: title })} />
            </Tooltip>
          )}
        </span>
      ),
      extra:
        errorCount > 0 ? (
          <Tooltip title={t('sectionErrors', { count: errorCount })}>
            <Badge count={errorCount} size="small" aria-label={t('sectionErrorsIn', { count: errorCount, section: title })} />
          </Tooltip>
        ) : null,
      children: rows.length ? (
        rows.map((row) => (
          <div className="rama-control-row" key={row.map((c) => c.name).join('|')}>
            {row.map((control) => (
              <ControlItem
                key={control.name}
                control={control}
                context={context}
                errors={errors[control.name] ?? NO_ERRORS}
                onChange={onChange}
              />
            ))}
          </div>
        ))
      ) : (
        <div className="rama-section-empty">{t('sectionEmpty')}</div>
      ),
    };
  });
  return <Collapse className="rama-control-sections" activeKey={open} onChange={(keys) => setOpen(keys)} items={items} bordered={false} />;
}

export function ControlPanel(props: ControlPanelProps) {
  const { t } = useTranslation('explorecontrols');
  const { definition, formData, datasource, sqlMaxRow, errors } = props;
  const context = useMemo<ControlContext>(() => ({ formData, datasource, sqlMaxRow }), [formData, datasource, sqlMaxRow]);
  const tabErrors = (tab: 'data' | 'customize') => sectionsOfTab(definition, tab).reduce((n, s) => n + sectionErrorCount(s, errors), 0);
  const tabLabel = (tab: 'data' | 'customize', text: string) => {
    const n = tabErrors(tab);
    return n > 0 ? (
      <span>
        {text} <Badge count={n} size="small" />
      </span>
    ) : (
      text
    );
  };
  return (
    <div className="rama-control-panel">
      <Tabs
        // a new viz type has other sections: start its panel afresh
        key={definition.meta.key}
        size="small"
        items={[
          { key: 'data', label: tabLabel('data', t('tabData')), children: <TabSections {...props} tab="data" context={context} /> },
          {
            key: 'customize',
            label: tabLabel('customize', t('tabCustomize')),
            children: <TabSections {...props} tab="customize" context={context} />,
          },
        ]}
      />
    </div>
  );
}
