/**
 * An alert's condition: the database, a query that returns one value, and when that value
 * triggers a send (not null, or compared to a threshold).
 */
import { Flex, Form, InputNumber, Select } from 'antd';
import { REPORT_OPERATORS, type ReportOperator } from '@rama/shared';
import { useListDatabasesQuery } from '../../databases/databaseApi';
import { SqlField } from '../../datasets/editor/SqlField';
import { fieldStatus, type SectionProps } from './fieldStatus';

const ALL_DATABASES = { order_column: 'database_name', order_direction: 'asc', page: 0, page_size: 100 } as const;

const NOT_NULL = 'not null';
type Condition = ReportOperator | typeof NOT_NULL;

const OPERATOR_LABELS: Record<ReportOperator, string> = {
  '<': '< smaller than',
  '<=': '<= smaller than or equal to',
  '>': '> greater than',
  '>=': '>= greater than or equal to',
  '==': '== equal to',
  '!=': '!= not equal to',
};
const CONDITIONS: { value: Condition; label: string }[] = [
  { value: NOT_NULL, label: 'is not null' },
  ...REPORT_OPERATORS.map((op) => ({ value: op, label: `is ${OPERATOR_LABELS[op]}` })),
];

export function AlertFields({ values, onChange, errors }: SectionProps) {
  const databases = useListDatabasesQuery(ALL_DATABASES);
  const rows = databases.data?.result ?? [];
  const editorDialect = rows.find((db) => db.id === values.database)?.engine_information?.editor_dialect;
  const condition: Condition = values.validatorType === 'operator' ? values.op : NOT_NULL;

  const handleCondition = (next: Condition) =>
    onChange(next === NOT_NULL ? { validatorType: 'not null' } : { validatorType: 'operator', op: next });

  return (
    <>
      <Form.Item label="Database" required htmlFor="report-database" {...fieldStatus(errors, 'database')}>
        <Select<number>
          id="report-database"
          aria-label="Database"
          placeholder="Choose the database the query runs on"
          showSearch={{ optionFilterProp: 'label' }}
          loading={databases.isFetching}
          value={values.database ?? undefined}
          options={rows.map((db) => ({ value: db.id, label: db.database_name }))}
          onChange={(database) => onChange({ database })}
        />
      </Form.Item>
      <Form.Item
        label="SQL query"
        required
        {...fieldStatus(errors, 'sql', 'It should return one row with one number; the condition below is checked against it.')}
      >
        <SqlField
          value={values.sql}
          onChange={(sql) => onChange({ sql })}
          dialect={editorDialect}
          label="Alert SQL query"
          readOnly={false}
          invalid={Boolean(errors.sql)}
        />
      </Form.Item>
      <Form.Item label="Trigger when the value" required {...fieldStatus(errors, 'condition')}>
        <Flex gap={8}>
          <Select<Condition>
            aria-label="Condition"
            className="rama-report-condition"
            value={condition}
            options={CONDITIONS}
            onChange={handleCondition}
            popupMatchSelectWidth={false}
          />
          {values.validatorType === 'operator' && (
            <InputNumber<number>
              aria-label="Threshold"
              placeholder="Threshold"
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
