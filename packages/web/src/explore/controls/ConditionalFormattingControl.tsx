/**
 * Conditional formatting: a list of rules, each a result column (of the chart's metrics and
 * columns), a comparison with its target value(s), and a colour.
 */
import { EditedList } from './EditedList';
import { useState } from 'react';
import { Button, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CF_COLORS,
  CF_OPERATORS,
  cfColorName,
  columnOptions,
  isBetweenOperator,
  ruleError,
  ruleLabel,
  ruleList,
  type CfOperator,
  type ConditionalFormattingRule,
} from './conditionalFormatting';
import { resultColumnsOf } from './resultColumns';
import type { ControlProps } from './types';

interface RuleEditorProps {
  rule: ConditionalFormattingRule;
  columns: { value: string; label: string }[];
  onSave: (rule: ConditionalFormattingRule) => void;
  onClose: () => void;
}

function RuleEditor({ rule, columns, onSave, onClose }: RuleEditorProps) {
  const { t } = useTranslation('explorecontrols');
  const [draft, setDraft] = useState<ConditionalFormattingRule>(rule);
  const error = ruleError(draft);
  const set = (patch: Partial<ConditionalFormattingRule>) => setDraft((d) => ({ ...d, ...patch }));
  const num = (n: number | null) => (n === null ? undefined : n);
  return (
    <div className="rama-popover-editor rama-cf-editor" role="dialog" aria-label={t('editRule')}>
      <div className="rama-editor-fields">
        <Select
          aria-label={t('column')}
          placeholder={t('column')}
          value={draft.column}
          onChange={(column: string) => set({ column })}
          options={columns}
        />
        <Select
          aria-label={t('colour')}
          value={draft.colorScheme}
          onChange={(colorScheme: string) => set({ colorScheme })}
          options={CF_COLORS.map(([c, label]) => ({
            value: c,
            label: (
              <span className="rama-option-with-icon">
                <span className="rama-swatch" style={{ background: c }} /> {cfColorName(label)}
              </span>
            ),
          }))}
        />
        <Select
          aria-label={t('operator')}
          value={draft.operator}
          onChange={(operator: CfOperator) => set({ operator })}
          options={CF_OPERATORS.map((o) => ({ value: o, label: o === 'None' ? t('common:none') : o }))}
        />
        {isBetweenOperator(draft.operator) ? (
          <div className="rama-relative-bound">
            <InputNumber
              aria-label={t('leftValue')}
              placeholder={t('leftValue')}
              value={draft.targetValueLeft}
              onChange={(n) => set({ targetValueLeft: num(n) })}
            />
            <InputNumber
              aria-label={t('rightValue')}
              placeholder={t('rightValue')}
              value={draft.targetValueRight}
              onChange={(n) => set({ targetValueRight: num(n) })}
            />
          </div>
        ) : (
          draft.operator !== 'None' && (
            <InputNumber
              aria-label={t('targetValue')}
              placeholder={t('targetValue')}
              style={{ width: '100%' }}
              value={draft.targetValue}
              onChange={(n) => set({ targetValue: num(n) })}
            />
          )
        )}
        {error && <div className="rama-editor-hint">{error}</div>}
      </div>
      <div className="rama-editor-actions">
        <Button size="small" onClick={onClose}>
          {t('common:close')}
        </Button>
        <Button size="small" type="primary" disabled={error !== null} onClick={() => onSave(draft)}>
          {t('common:apply')}
        </Button>
      </div>
    </div>
  );
}

export function ConditionalFormattingControl({ name, value, onChange, formData, datasource }: ControlProps) {
  const { t } = useTranslation('explorecontrols');
  const rules = ruleList(value);
  const verboseMap = datasource?.verbose_map;
  const names = resultColumnsOf(formData, datasource)
    .filter((c) => c.isMetric || c.kind === 'numeric')
    .map((c) => c.name);
  const columns = columnOptions(names, verboseMap);
  return (
    <EditedList
      name={name}
      items={rules}
      onChange={onChange}
      addLabel={t('addFormatter')}
      addDisabled={columns.length === 0 ? t('addMetricsFirst') : undefined}
      chipOf={(rule, i) => ({
        key: String(i),
        title: ruleLabel(rule, verboseMap),
        label: ruleLabel(rule, verboseMap),
        icon: <span className="rama-swatch" style={{ background: rule.colorScheme }} />,
      })}
      editor={({ index, onSave, onClose }) => (
        <RuleEditor
          rule={index === 'new' ? { operator: '>', colorScheme: CF_COLORS[0][0], column: names[0] } : rules[index]}
          columns={columns}
          onSave={onSave}
          onClose={onClose}
        />
      )}
    />
  );
}
