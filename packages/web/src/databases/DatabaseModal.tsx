import { Alert, Button, Checkbox, Collapse, Flex, Form, Input, InputNumber, Modal, Skeleton, Tag, Typography } from 'antd';
import { ApiOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MODAL_DEFAULT_WIDTH, type ClientError, type DatabaseDetail } from '@rama/shared';
import { ErrorAlert } from '../components/ErrorAlert';
import { errorMessage, toClientError } from '../core/api';
import { useToasts } from '../core/hooks';
import { SLOT, Slotted } from '../i18n/Slotted';
import { extraJsonProblem, formFieldFor, toDatabaseWrite, toFormValues, uriPlaceholder, type DatabaseFormValues } from './databaseForm';
import {
  useAvailableEnginesQuery,
  useCreateDatabaseMutation,
  useGetDatabaseQuery,
  useTestConnectionMutation,
  useUpdateDatabaseMutation,
} from './databaseApi';

interface DatabaseModalProps {
  open: boolean;
  /** null creates a new connection. */
  databaseId: number | null;
  onClose: () => void;
}

/** Each flag's label is `flag.<key>` in the language file, its help `flag.<key>Help`. */
const SQL_LAB_FLAGS: { name: keyof DatabaseFormValues; key: string }[] = [
  { name: 'expose_in_sqllab', key: 'exposeInSqlLab' },
  { name: 'allow_run_async', key: 'allowAsync' },
  { name: 'allow_dml', key: 'allowDml' },
  { name: 'allow_ctas', key: 'allowCtas' },
  { name: 'allow_cvas', key: 'allowCvas' },
  { name: 'cost_estimate_enabled', key: 'costEstimate' },
  { name: 'disable_data_preview', key: 'disablePreview' },
];

/** True when every message of the error belongs to a form field (and so is shown under it). */
function isPerField(error: ClientError): boolean {
  const fields = Object.keys(error.fieldErrors ?? {});
  return fields.length > 0 && fields.every((field) => formFieldFor(field) !== null);
}

function DatabaseForm({ detail, onClose }: { detail: DatabaseDetail | null; onClose: () => void }) {
  const { t } = useTranslation('databases');
  const [form] = Form.useForm<DatabaseFormValues>();
  const { addSuccessToast } = useToasts();
  const [testConnection, testState] = useTestConnectionMutation();
  const [createDatabase, createState] = useCreateDatabaseMutation();
  const [updateDatabase, updateState] = useUpdateDatabaseMutation();
  const saveState = detail ? updateState : createState;
  const engines = useAvailableEnginesQuery().data ?? [];
  const typedUri = Form.useWatch('sqlalchemy_uri', form);
  const ctasEnabled = Form.useWatch((values: DatabaseFormValues) => values.allow_ctas || values.allow_cvas, form);

  const showFieldErrors = (error: ClientError) => {
    form.setFields(
      Object.entries(error.fieldErrors ?? {})
        .map(([field, errors]) => ({ name: formFieldFor(field), errors }))
        .filter((entry): entry is { name: keyof DatabaseFormValues; errors: string[] } => entry.name !== null),
    );
  };

  const handleTestConnection = async () => {
    const values = await form.validateFields(['sqlalchemy_uri', 'extra']).catch(() => null);
    if (!values) return;
    const all = form.getFieldsValue(true) as DatabaseFormValues;
    const result = await testConnection({
      sqlalchemy_uri: all.sqlalchemy_uri.trim(),
      database_name: all.database_name.trim() || undefined,
      extra: toDatabaseWrite(all).extra,
    });
    if (result.error) showFieldErrors(toClientError(result.error));
  };

  const handleFinish = async (values: DatabaseFormValues) => {
    const body = toDatabaseWrite({ ...(form.getFieldsValue(true) as DatabaseFormValues), ...values });
    const result = detail ? await updateDatabase({ id: detail.id, body }) : await createDatabase(body);
    if (result.error) {
      showFieldErrors(toClientError(result.error));
      return;
    }
    addSuccessToast(detail ? t('savedChanges', { name: body.database_name }) : t('connected', { name: body.database_name }));
    onClose();
  };

  const handleValuesChange = (changed: Partial<DatabaseFormValues>) => {
    if ('sqlalchemy_uri' in changed && !testState.isUninitialized) testState.reset();
    if (saveState.error) saveState.reset();
  };

  const saveError = saveState.error ? toClientError(saveState.error) : null;
  const testError = testState.error ? toClientError(testState.error) : null;

  const advanced = [
    {
      key: 'sqllab',
      label: t('section.sqlLab'),
      forceRender: true,
      children: (
        <Flex vertical gap={4}>
          {SQL_LAB_FLAGS.map((flag) => (
            <Form.Item
              key={flag.name}
              name={flag.name}
              valuePropName="checked"
              className="rama-flag-item"
              extra={t(`flag.${flag.key}Help`)}
            >
              <Checkbox>{t(`flag.${flag.key}`)}</Checkbox>
            </Form.Item>
          ))}
          {ctasEnabled && (
            <Form.Item name="force_ctas_schema" label={t('ctasSchema')} extra={t('ctasSchemaExtra')}>
              <Input placeholder={t('example', { example: 'scratch' })} />
            </Form.Item>
          )}
        </Flex>
      ),
    },
    {
      key: 'performance',
      label: t('section.performance'),
      forceRender: true,
      children: (
        <Form.Item name="cache_timeout" label={t('cacheTimeout')} extra={t('cacheTimeoutExtra')}>
          <InputNumber min={0} step={60} className="rama-full-width" placeholder={t('default')} />
        </Form.Item>
      ),
    },
    {
      key: 'other',
      label: t('section.other'),
      forceRender: true,
      children: (
        <Form.Item
          name="extra"
          label={t('extraJson')}
          extra={t('extraJsonExtra')}
          rules={[
            {
              validator: (_rule, value: string) => {
                const problem = extraJsonProblem(value ?? '');
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input.TextArea rows={6} spellCheck={false} className="rama-mono" />
        </Form.Item>
      ),
    },
  ];

  return (
    <>
      {detail?.is_examples && <Alert className="rama-modal-alert" type="info" showIcon title={t('examplesReadOnly')} />}
      <Form<DatabaseFormValues>
        form={form}
        layout="vertical"
        initialValues={toFormValues(detail)}
        onFinish={(values) => void handleFinish(values)}
        onValuesChange={handleValuesChange}
        requiredMark="optional"
        disabled={saveState.isLoading}
      >
        <Form.Item
          name="database_name"
          label={t('displayName')}
          rules={[{ required: true, whitespace: true, message: t('displayNameRequired') }, { max: 250 }]}
          extra={t('displayNameExtra')}
        >
          <Input placeholder={t('example', { example: t('displayNameExample') })} autoFocus={!detail} />
        </Form.Item>
        <Form.Item label={t('uri')} required>
          <Flex gap={8} align="start">
            <Form.Item
              name="sqlalchemy_uri"
              noStyle
              rules={[{ required: true, whitespace: true, message: t('uriRequired') }, { max: 1024 }]}
            >
              <Input placeholder={uriPlaceholder(engines, typedUri)} spellCheck={false} className="rama-mono" aria-label={t('uri')} />
            </Form.Item>
            <Button icon={<ApiOutlined aria-hidden />} onClick={() => void handleTestConnection()} loading={testState.isLoading}>
              {t('testConnection')}
            </Button>
          </Flex>
          <Typography.Text type="secondary" className="rama-field-help">
            {engines.length > 0 && (
              <Slotted text={t('connectsTo', { engines: SLOT })}>
                <>
                  {engines.map((e, i) => (
                    <span key={e.engine}>
                      {i > 0 && (i === engines.length - 1 ? t('listLastSeparator') : t('listSeparator'))}
                      {e.name} (<code>{e.engine}://</code>)
                    </span>
                  ))}
                </>
              </Slotted>
            )}
            {detail && (engines.length > 0 ? ' ' : '') + t('passwordStays')}
          </Typography.Text>
        </Form.Item>
        <Form.Item noStyle shouldUpdate>
          {() => (
            <div aria-live="polite">
              {testState.isSuccess && <Alert className="rama-modal-alert" type="success" showIcon title={t('connectionGood')} />}
              {testError && !isPerField(testError) && (
                <div className="rama-modal-alert">
                  <ErrorAlert error={testError} title={t('connectionFailed')} />
                </div>
              )}
            </div>
          )}
        </Form.Item>
        <Collapse
          className="rama-advanced"
          items={[
            {
              key: 'advanced',
              label: t('advanced'),
              forceRender: true,
              children: <Collapse ghost items={advanced} defaultActiveKey={['sqllab']} />,
            },
          ]}
        />
      </Form>
      {saveError && !isPerField(saveError) && (
        <div className="rama-modal-alert">
          <ErrorAlert error={saveError} title={detail ? t('saveFailed') : t('connectFailed')} />
        </div>
      )}
      <Flex justify="end" gap={8} className="rama-modal-footer">
        <Button onClick={onClose}>{t('common:cancel')}</Button>
        <Button type="primary" onClick={form.submit} loading={saveState.isLoading}>
          {detail ? t('common:save') : t('connect')}
        </Button>
      </Flex>
    </>
  );
}

/** Create or edit a database connection. */
export function DatabaseModal({ open, databaseId, onClose }: DatabaseModalProps) {
  const { t } = useTranslation('databases');
  const {
    data: detail,
    error,
    isFetching,
  } = useGetDatabaseQuery(databaseId ?? 0, {
    skip: !open || databaseId === null,
    refetchOnMountOrArgChange: true,
  });
  const editing = databaseId !== null;
  const ready = !editing || (detail !== undefined && detail.id === databaseId && !isFetching);

  return (
    <Modal
      open={open}
      title={
        editing ? (
          <Flex align="center" gap={8}>
            <Slotted text={t('editTitle', { backend: SLOT })}>{detail && <Tag>{detail.backend}</Tag>}</Slotted>
          </Flex>
        ) : (
          t('connectTitle')
        )
      }
      width={MODAL_DEFAULT_WIDTH}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={null}
    >
      {editing && error ? (
        <Alert type="error" showIcon title={t('loadOneFailed', { message: errorMessage(error) })} />
      ) : ready ? (
        <DatabaseForm key={databaseId ?? 'new'} detail={editing ? (detail ?? null) : null} onClose={onClose} />
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
    </Modal>
  );
}
