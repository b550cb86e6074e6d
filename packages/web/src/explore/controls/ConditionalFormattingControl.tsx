/**
 * Conditional formatting: a list of rules, each a result column (of the chart's metrics and
 * columns), a comparison with its target value(s), and a colour.
 */
import { CLOSED_POPOVER } from './closedPopover';
import { useState } from 'react';
import { Button, InputNumber, Popover, Select } from 'antd';
import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CF_COLORS,
  CF_OPERATORS,
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
  columns: string[];
  onSave: (rule: ConditionalFormattingRule) => void;
  onClose: () => void;
}

function RuleEditor({ rule, columns, onSave, onClose }: RuleEditorProps) {
  const [draft, setDraft] = useState<ConditionalFormattingRule>(rule);
  const error = ruleError(draft);
  const set = (patch: Partial<ConditionalFormattingRule>) => setDraft((d) => ({ ...d, ...patch }));
  const num = (n: number | null) => (n === null ? undefined : n);
  return (
    <div className="rama-popover-editor rama-cf-editor" role="dialog" aria-label="Edit formatting rule">
      <div className="rama-editor-fields">
        <Select
          aria-label="Column"
          placeholder="Column"
          value={draft.column}
          onChange={(column: string) => set({ column })}
          options={columns.map((c) => ({ value: c, label: c }))}
        />
        <Select
          aria-label="Colour"
          value={draft.colorScheme}
          onChange={(colorScheme: string) => set({ colorScheme })}
          options={CF_COLORS.map(([c, label]) => ({
            value: c,
            label: (
              <span className="rama-option-with-icon">
                <span className="rama-swatch" style={{ background: c }} /> {label}
              </span>
            ),
          }))}
        />
        <Select
          aria-label="Operator"
          value={draft.operator}
          onChange={(operator: CfOperator) => set({ operator })}
          options={CF_OPERATORS.map((o) => ({ value: o, label: o }))}
        />
        {isBetweenOperator(draft.operator) ? (
          <div className="rama-relative-bound">
            <InputNumber
              aria-label="Left value"
              placeholder="Left value"
              value={draft.targetValueLeft}
              onChange={(n) => set({ targetValueLeft: num(n) })}
            />
            <InputNumber
              aria-label="Right value"
              placeholder="Right value"
              value={draft.targetValueRight}
              onChange={(n) => set({ targetValueRight: num(n) })}
            />
          </div>
        ) : (
          draft.operator !== 'None' && (
            <InputNumber
              aria-label="Target value"
              placeholder="Target value"
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
          Close
        </Button>
        <Button size="small" type="primary" disabled={error !== null} onClick={() => onSave(draft)}>
          Apply
        </Button>
      </div>
    </div>
  );
}

export function ConditionalFormattingControl({ name, value, onChange, formData, datasource }: ControlProps) {
  const rules = ruleList(value);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const columns = resultColumnsOf(formData, datasource)
    .filter((c) => c.isMetric || c.kind === 'numeric')
    .map((c) => c.name);
  const save = (rule: ConditionalFormattingRule) => {
    onChange(editing === 'new' ? [...rules, rule] : rules.map((r, i) => (i === editing ? rule : r)));
    setEditing(null);
  };
  const editor = (index: number | 'new') =>
    editing === index ? (
      <RuleEditor
        rule={index === 'new' ? { operator: '>', colorScheme: CF_COLORS[0][0], column: columns[0] } : rules[index]}
        columns={columns}
        onSave={save}
        onClose={() => setEditing(null)}
      />
    ) : (
      CLOSED_POPOVER
    );
  return (
    <div className="rama-chip-list" id={`control-${name}`}>
      {rules.map((rule, i) => (
        <Popover
          key={i}
          trigger="click"
          placement="right"
          open={editing === i}
          onOpenChange={(o) => setEditing(o ? i : null)}
          content={editor(i)}
          destroyOnHidden
        >
          <div className="rama-chip">
            <button
              type="button"
              className="rama-chip-remove"
              aria-label={`Remove ${ruleLabel(rule)}`}
              onClick={(e) => {
                e.stopPropagation();
                onChange(rules.filter((_, j) => j !== i));
              }}
            >
              <CloseOutlined />
            </button>
            <button type="button" className="rama-chip-label" aria-label={`Edit ${ruleLabel(rule)}`}>
              <span className="rama-swatch" style={{ background: rule.colorScheme }} />
              <span className="rama-chip-text">{ruleLabel(rule)}</span>
            </button>
          </div>
        </Popover>
      ))}
      <Popover
        trigger="click"
        placement="right"
        open={editing === 'new'}
        onOpenChange={(o) => setEditing(o ? 'new' : null)}
        content={editor('new')}
        destroyOnHidden
      >
        <button
          type="button"
          className="rama-chip-add"
          disabled={columns.length === 0}
          title={columns.length === 0 ? 'Add metrics or numeric columns first' : undefined}
        >
          <PlusOutlined /> Add new formatter
        </button>
      </Popover>
    </div>
  );
}
