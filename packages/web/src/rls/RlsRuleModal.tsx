import { useMemo, useState } from 'react';
import { Button, Flex, Form, Input, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  MODAL_DEFAULT_WIDTH,
  RLS_CLAUSE_MAX,
  RLS_DESCRIPTION_MAX,
  RLS_GROUP_KEY_MAX,
  RLS_NAME_MAX,
  type RlsFilterType,
  type RlsRecord,
  type RlsWrite,
} from '@rama/shared';
import { ErrorAlert } from '../components/ErrorAlert';
import { useDebouncedValue } from '../components/useDebouncedValue';
import { toClientError } from '../core/api';
import { SLOT, Slotted } from '../i18n/Slotted';
import { useToasts } from '../core/hooks';
import { useCreateRlsRuleMutation, useRlsRelatedQuery, useUpdateRlsRuleMutation } from './rlsApi';

interface RuleValues {
  name: string;
  filter_type: RlsFilterType;
  tables: number[];
  roles: number[];
  group_key: string;
  clause: string;
  description: string;
}

const FIELDS: ReadonlySet<string> = new Set(['name', 'filter_type', 'tables', 'roles', 'group_key', 'clause', 'description']);

/** The message keys of each filter type's explanation (translated where it is shown). */
const FILTER_TYPE_HELP: Record<RlsFilterType, string> = {
  Regular: 'filterTypeHelp.regular',
  Base: 'filterTypeHelp.base',
};

/** Two clauses the help shows: SQL, the same in every language. */
const CLAUSE_EXAMPLES = ["origin = 'SEA'", "owner = '{{ current_username() }}'"] as const;

/** A multi-select searched on the server (`related/{column}`), the current choices known by name. */
function RelatedSelect({
  column,
  known,
  value,
  onChange,
  placeholder,
  label,
}: {
  column: 'roles' | 'tables';
  known: Map<number, string>;
  value?: number[];
  onChange?: (value: number[]) => void;
  placeholder: string;
  label: string;
}) {
  const { t } = useTranslation('rls');
  const [search, setSearch] = useState('');
  const { data, isFetching } = useRlsRelatedQuery({ column, filter: useDebouncedValue(search, 300) });
  const options = useMemo(() => {
    const names = new Map(known);
    for (const o of data ?? []) names.set(o.value, o.text);
    return [...names].map(([id, text]) => ({ value: id, label: text }));
  }, [known, data]);
  return (
    <Select<number[]>
      mode="multiple"
      showSearch
      filterOption={false}
      onSearch={setSearch}
      onBlur={() => setSearch('')}
      loading={isFetching}
      options={options}
      value={value}
      onChange={onChange}
      placeholder={placeholder}
      aria-label={label}
      notFoundContent={isFetching ? t('searching') : t('nothingMatches')}
    />
  );
}

function RuleForm({ rule, onClose }: { rule: RlsRecord | null; onClose: () => void }) {
  const { t } = useTranslation('rls');
  const [form] = Form.useForm<RuleValues>();
  const { addSuccessToast } = useToasts();
  const [createRule, createState] = useCreateRlsRuleMutation();
  const [updateRule, updateState] = useUpdateRlsRuleMutation();
  const saving = createState.isLoading || updateState.isLoading;
  const [failure, setFailure] = useState<ReturnType<typeof toClientError> | null>(null);
  const filterType = Form.useWatch('filter_type', form) ?? rule?.filter_type ?? 'Regular';
  const knownTables = useMemo(
    () => new Map((rule?.tables ?? []).map((t) => [t.id, t.schema ? `${t.schema}.${t.table_name}` : t.table_name])),
    [rule],
  );
  const knownRoles = useMemo(() => new Map((rule?.roles ?? []).map((r) => [r.id, r.name])), [rule]);

  const handleFinish = async (values: RuleValues) => {
    setFailure(null);
    const body: RlsWrite = {
      name: values.name.trim(),
      filter_type: values.filter_type,
      tables: values.tables,
      roles: values.roles ?? [],
      group_key: values.group_key?.trim() || null,
      clause: values.clause.trim(),
      description: values.description?.trim() || null,
    };
    const result = rule ? await updateRule({ id: rule.id, body }) : await createRule(body);
    if (result.error) {
      const error = toClientError(result.error);
      const fields = Object.entries(error.fieldErrors ?? {}).filter(([field]) => FIELDS.has(field));
      form.setFields(fields.map(([field, errors]) => ({ name: field as keyof RuleValues, errors })));
      if (!fields.length) setFailure(error);
      return;
    }
    addSuccessToast(rule ? t('updated', { name: body.name }) : t('added', { name: body.name }));
    onClose();
  };

  return (
    <Form<RuleValues>
      form={form}
      layout="vertical"
      initialValues={{
        name: rule?.name ?? '',
        filter_type: rule?.filter_type ?? 'Regular',
        tables: rule?.tables.map((t) => t.id) ?? [],
        roles: rule?.roles.map((r) => r.id) ?? [],
        group_key: rule?.group_key ?? '',
        clause: rule?.clause ?? '',
        description: rule?.description ?? '',
      }}
      onFinish={(values) => void handleFinish(values)}
      onValuesChange={() => setFailure(null)}
      disabled={saving}
      requiredMark="optional"
    >
      <Form.Item
        name="name"
        label={t('ruleName')}
        rules={[{ required: true, whitespace: true, message: t('enterName') }, { max: RLS_NAME_MAX }]}
      >
        <Input autoFocus />
      </Form.Item>
      <Form.Item name="filter_type" label={t('filterType')} extra={t(FILTER_TYPE_HELP[filterType])} rules={[{ required: true }]}>
        <Select<RlsFilterType>
          aria-label={t('filterType')}
          options={[
            { value: 'Regular', label: t('filterTypeName', { type: 'Regular' }) },
            { value: 'Base', label: t('filterTypeName', { type: 'Base' }) },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="tables"
        label={t('datasets')}
        extra={t('datasetsExtra')}
        rules={[{ required: true, type: 'array', min: 1, message: t('chooseDataset') }]}
      >
        <RelatedSelect column="tables" known={knownTables} placeholder={t('searchDatasets')} label={t('datasets')} />
      </Form.Item>
      <Form.Item name="roles" label={t('roles')} extra={filterType === 'Regular' ? t('rolesExtra.regular') : t('rolesExtra.base')}>
        <RelatedSelect column="roles" known={knownRoles} placeholder={t('searchRoles')} label={t('roles')} />
      </Form.Item>
      <Form.Item name="group_key" label={t('groupKey')} extra={t('groupKeyExtra')} rules={[{ max: RLS_GROUP_KEY_MAX }]}>
        <Input placeholder={t('groupKeyPlaceholder')} />
      </Form.Item>
      <Form.Item
        name="clause"
        label={t('clause')}
        extra={
          <Typography.Text type="secondary">
            <Slotted text={t('clauseExtra', { first: SLOT, second: SLOT })}>
              <span className="rama-mono">{CLAUSE_EXAMPLES[0]}</span>
              <span className="rama-mono">{CLAUSE_EXAMPLES[1]}</span>
            </Slotted>
          </Typography.Text>
        }
        rules={[{ required: true, whitespace: true, message: t('enterClause') }, { max: RLS_CLAUSE_MAX }]}
      >
        <Input.TextArea rows={4} className="rama-mono" spellCheck={false} aria-label={t('clause')} />
      </Form.Item>
      <Form.Item name="description" label={t('common:description')} rules={[{ max: RLS_DESCRIPTION_MAX }]}>
        <Input.TextArea rows={2} placeholder={t('descriptionPlaceholder')} />
      </Form.Item>
      {failure && <ErrorAlert error={failure} title={rule ? t('updateFailed') : t('addFailed')} />}
      <Flex justify="end" gap={8} className="rama-modal-footer">
        <Button onClick={onClose}>{t('common:cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('common:save')}
        </Button>
      </Flex>
    </Form>
  );
}

/** Add a row level security rule (`rule` null) or edit one. */
export function RlsRuleModal({ open, rule, onClose }: { open: boolean; rule: RlsRecord | null; onClose: () => void }) {
  const { t } = useTranslation('rls');
  return (
    <Modal
      open={open}
      title={rule ? t('editRule') : t('addRule')}
      width={MODAL_DEFAULT_WIDTH}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={null}
    >
      {open && <RuleForm key={rule?.id ?? 'new'} rule={rule} onClose={onClose} />}
    </Modal>
  );
}
