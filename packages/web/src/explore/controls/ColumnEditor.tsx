/** The column editor popover: a dataset column (filtered for the control), or a Custom SQL column with a label. */
import { useState } from 'react';
import { Button, Input, Select, Tabs } from 'antd';
import type { ExploreDatasource, QueryColumn } from '@rama/shared';
import { SqlField } from '../../datasets/editor/SqlField';
import { adhocColumn, columnKind, columnsFor, isAdhocColumn, type ColumnFilter } from './columns';
import { ColumnTypeIcon } from './ColumnTypeIcon';

type ColumnTab = 'column' | 'sql';

export interface ColumnEditorProps {
  column: QueryColumn | null;
  presetColumn?: string | null;
  datasource: ExploreDatasource | null;
  columnFilter?: ColumnFilter;
  onSave: (column: QueryColumn) => void;
  onClose: () => void;
}

export function ColumnEditor({ column, presetColumn, datasource, columnFilter, onSave, onClose }: ColumnEditorProps) {
  const adhoc = isAdhocColumn(column) ? column : null;
  const [tab, setTab] = useState<ColumnTab>(adhoc ? 'sql' : 'column');
  const [name, setName] = useState<string | null>(typeof column === 'string' ? column : (presetColumn ?? null));
  const [sql, setSql] = useState(adhoc?.sqlExpression ?? '');
  const [label, setLabel] = useState(adhoc?.label && adhoc.label !== adhoc.sqlExpression ? adhoc.label : '');
  const options = columnsFor(datasource?.columns ?? [], columnFilter).map((c) => ({
    value: c.column_name,
    search: `${c.column_name} ${c.verbose_name ?? ''}`,
    label: (
      <span className="rama-option-with-icon">
        <ColumnTypeIcon kind={columnKind(c)} /> {c.verbose_name || c.column_name}
      </span>
    ),
  }));
  const draft: QueryColumn | null = tab === 'column' ? name : sql.trim() ? adhocColumn(sql, label) : null;

  return (
    <div className="rama-popover-editor rama-column-editor" role="dialog" aria-label="Edit column">
      <Tabs
        size="small"
        activeKey={tab}
        onChange={(k) => setTab(k as ColumnTab)}
        items={[
          {
            key: 'column',
            label: 'Column',
            children: options.length ? (
              <Select
                aria-label="Column"
                style={{ width: '100%' }}
                showSearch={{ optionFilterProp: 'search' }}
                placeholder="Select a column"
                value={name ?? undefined}
                onChange={(v: string) => setName(v)}
                options={options}
              />
            ) : (
              <div className="rama-editor-empty">No column of this dataset fits here.</div>
            ),
          },
          {
            key: 'sql',
            label: 'Custom SQL',
            children: (
              <div className="rama-editor-fields">
                <Input
                  aria-label="Column label"
                  placeholder="Label (the SQL when left empty)"
                  value={label}
                  onChange={(e) => setLabel(e.target.value)}
                />
                <SqlField
                  value={sql}
                  onChange={setSql}
                  dialect={datasource?.database.engine_information?.editor_dialect}
                  label="Column SQL expression"
                  readOnly={false}
                />
              </div>
            ),
          },
        ]}
      />
      <div className="rama-editor-actions">
        <Button size="small" onClick={onClose}>
          Close
        </Button>
        <Button size="small" type="primary" disabled={draft === null} onClick={() => draft !== null && onSave(draft)}>
          Save
        </Button>
      </div>
    </div>
  );
}
