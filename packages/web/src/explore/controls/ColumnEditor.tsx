/** The column editor popover: a dataset column (filtered for the control), or a Custom SQL column with a label. */
import { useState } from 'react';
import { Button, Input, Select, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('explorecontrols');
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
    <div className="rama-popover-editor rama-column-editor" role="dialog" aria-label={t('editColumn')}>
      <Tabs
        size="small"
        activeKey={tab}
        onChange={(k) => setTab(k as ColumnTab)}
        items={[
          {
            key: 'column',
            label: t('column'),
            children: options.length ? (
              <Select
                aria-label={t('column')}
                style={{ width: '100%' }}
                showSearch={{ optionFilterProp: 'search' }}
                placeholder={t('selectColumn')}
                value={name ?? undefined}
                onChange={(v: string) => setName(v)}
                options={options}
              />
            ) : (
              <div className="rama-editor-empty">{t('noFittingColumn')}</div>
            ),
          },
          {
            key: 'sql',
            label: t('customSql'),
            children: (
              <div className="rama-editor-fields">
                <Input
                  aria-label={t('columnLabel')}
                  placeholder={t('columnLabelPlaceholder')}
                  value={label}
                  onChange={(e) => setLabel(e.target.value)}
                />
                <SqlField
                  value={sql}
                  onChange={setSql}
                  dialect={datasource?.database.engine_information?.editor_dialect}
                  label={t('columnSql')}
                  readOnly={false}
                />
              </div>
            ),
          },
        ]}
      />
      <div className="rama-editor-actions">
        <Button size="small" onClick={onClose}>
          {t('common:close')}
        </Button>
        <Button size="small" type="primary" disabled={draft === null} onClick={() => draft !== null && onSave(draft)}>
          {t('common:save')}
        </Button>
      </div>
    </div>
  );
}
