/**
 * An alert's condition: the database, a query that returns one value, and when that value
 * triggers a send (not null, or compared to a threshold).
 */
import { Flex, Form, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { REPORT_OPERATORS, type ReportOperator } from '@rama/shared';
import { useListDatabasesQuery } from '../../databases/databaseApi';
import { SqlField } from '../../datasets/editor/SqlField';
import { fieldStatus, type SectionProps } from './fieldStatus';

const ALL_DATABASES = { order_column: 'database_name', order_direction: 'asc', page: 0, page_size: 100 } as const;

const NOT_NULL = 'not null';
type Condition = ReportOperator | typeof NOT_NULL;

/** The message key of each condition's label (translated where it is shown). */
const CONDITION_KEYS: Record<Condition, string> = {
  [NOT_NULL]: 'condition.notNull',
  '<': 'condition.lt',
  '<=': 'condition.lte',
  '>': 'condition.gt',
  '>=': 'condition.gte',
  '==': 'condition.eq',
  '!=': 'condition.ne',
};

export function AlertFields({ values, onChange, errors }: SectionProps) {
  const { t } = useTranslation('reports');
  const conditions: { value: Condition; label: string }[] = ([NOT_NULL, ...REPORT_OPERATORS] as Condition[]).map((value) => ({
    value,
    label: t(CONDITION_KEYS[value]),
  }));
  const databases = useListDatabasesQuery(ALL_DATABASES);
  const rows = databases.data?.result ?? [];
  const editorDialect = rows.find((db) => db.id === values.database)?.engine_information?.editor_dialect;
  const condition: Condition = values.validatorType === 'operator' ? values.op : NOT_NULL;

  const databaseStatus = fieldStatus(errors, 'database');
  const sqlStatus = fieldStatus(errors, 'sql', t('sqlHelp'));
  const conditionStatus = fieldStatus(errors, 'condition');

  const handleCondition = (next: Condition) =>
    onChange(next === NOT_NULL ? { validatorType: 'not null' } : { validatorType: 'operator', op: next });

  return (
    <>
      <Form.Item label={t('common:database')} required htmlFor="report-database" {...databaseStatus}>
        <Select<number>
          id="report-database"
          aria-label={t('common:database')}
          placeholder={t('databasePlaceholder')}
          showSearch={{ optionFilterProp: 'label' }}
          loading={databases.isFetching}
          value={values.database ?? undefined}
          options={rows.map((db) => ({ value: db.id, label: db.database_name }))}
          onChange={(database) => onChange({ database })}
        />
      </Form.Item>
      <Form.Item label={t('sqlQuery')} required {...sqlStatus}>
        <SqlField
          value={values.sql}
          onChange={(sql) => onChange({ sql })}
          dialect={editorDialect}
          label={t('alertSqlQuery')}
          readOnly={false}
          invalid={Boolean(errors.sql)}
        />
      </Form.Item>
      <Form.Item label={t('triggerWhen')} required {...conditionStatus}>
        <Flex gap={8}>
          <Select<Condition>
            aria-label={t('condition')}
            className="rama-report-condition"
            value={condition}
            options={conditions}
            onChange={handleCondition}
            popupMatchSelectWidth={false}
          />
          {values.validatorType === 'operator' && (
            <InputNumber<number>
              aria-label={t('threshold')}
              placeholder={t('threshold')}
              className="rama-report-threshold"
              value={values.threshold}
              onChange={(threshold) => onChange({ threshold: typeof threshold === 'number' ? threshold : null })}
            />
          )}
        </Flex>
      </Form.Item>
    </>
  );
}
