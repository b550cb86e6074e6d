import { Alert, Button, Checkbox, Collapse, Flex, Form, Input, InputNumber, Modal, Skeleton, Tag, Typography } from 'antd';
import { ApiOutlined } from '@ant-design/icons';
import { MODAL_DEFAULT_WIDTH, type ClientError, type DatabaseDetail } from '@rama/shared';
import { ErrorAlert } from '../components/ErrorAlert';
import { errorMessage, toClientError } from '../app/api';
import { useToasts } from '../app/hooks';
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

const SQL_LAB_FLAGS: { name: keyof DatabaseFormValues; label: string; help: string }[] = [
  { name: 'expose_in_sqllab', label: 'Expose in SQL Lab', help: 'List this database in SQL Lab.' },
  { name: 'allow_run_async', label: 'Allow asynchronous query execution', help: 'Run queries in the background worker.' },
  { name: 'allow_dml', label: 'Allow DML', help: 'Allow INSERT, UPDATE, DELETE, CREATE and DROP statements.' },
  { name: 'allow_ctas', label: 'Allow CREATE TABLE AS', help: 'Allow saving query results as a new table.' },
  { name: 'allow_cvas', label: 'Allow CREATE VIEW AS', help: 'Allow saving a query as a new view.' },
  { name: 'cost_estimate_enabled', label: 'Enable query cost estimation', help: 'Show an estimate before running.' },
  { name: 'disable_data_preview', label: 'Disable data preview', help: 'Do not run preview queries when browsing tables.' },
];

/** True when every message of the error belongs to a form field (and so is shown under it). */
function isPerField(error: ClientError): boolean {
  const fields = Object.keys(error.fieldErrors ?? {});
  return fields.length > 0 && fields.every((field) => formFieldFor(field) !== null);
}

function DatabaseForm({ detail, onClose }: { detail: DatabaseDetail | null; onClose: () => void }) {
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
    addSuccessToast(detail ? `Saved changes to ${body.database_name}` : `Connected ${body.database_name}`);
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
      label: 'SQL Lab',
      forceRender: true,
      children: (
        <Flex vertical gap={4}>
          {SQL_LAB_FLAGS.map((flag) => (
            <Form.Item key={flag.name} name={flag.name} valuePropName="checked" className="rama-flag-item" extra={flag.help}>
              <Checkbox>{flag.label}</Checkbox>
            </Form.Item>
          ))}
          {ctasEnabled && (
            <Form.Item
              name="force_ctas_schema"
              label="Schema for CREATE TABLE AS / CREATE VIEW AS"
              extra="Leave empty to use the query's schema."
            >
              <Input placeholder="e.g. scratch" />
            </Form.Item>
          )}
        </Flex>
      ),
    },
    {
      key: 'performance',
      label: 'Performance',
      forceRender: true,
      children: (
        <Form.Item
          name="cache_timeout"
          label="Chart cache timeout (seconds)"
          extra="How long chart results for this database stay cached. Empty uses the global default; 0 disables caching."
        >
          <InputNumber min={0} step={60} className="rama-full-width" placeholder="Default" />
        </Form.Item>
      ),
    },
    {
      key: 'other',
      label: 'Other',
      forceRender: true,
      children: (
        <Form.Item
          name="extra"
          label="Extra (JSON)"
          extra="Engine parameters and other settings, as a JSON object."
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
      {detail?.is_examples && (
        <Alert className="rama-modal-alert" type="info" showIcon title="This is the bundled examples database. It is opened read-only." />
      )}
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
          label="Display name"
          rules={[{ required: true, whitespace: true, message: 'Enter a name for this database' }, { max: 250 }]}
          extra="How this database is named in Rama."
        >
          <Input placeholder="e.g. Sales warehouse" autoFocus={!detail} />
        </Form.Item>
        <Form.Item label="SQLAlchemy URI" required>
          <Flex gap={8} align="start">
            <Form.Item
              name="sqlalchemy_uri"
              noStyle
              rules={[{ required: true, whitespace: true, message: 'Enter a connection URI' }, { max: 1024 }]}
            >
              <Input placeholder={uriPlaceholder(engines, typedUri)} spellCheck={false} className="rama-mono" aria-label="SQLAlchemy URI" />
            </Form.Item>
            <Button icon={<ApiOutlined aria-hidden />} onClick={() => void handleTestConnection()} loading={testState.isLoading}>
              Test connection
            </Button>
          </Flex>
          <Typography.Text type="secondary" className="rama-field-help">
            {engines.length > 0 && (
              <>
                Rama connects to{' '}
                {engines.map((e, i) => (
                  <span key={e.engine}>
                    {i > 0 && (i === engines.length - 1 ? ' and ' : ', ')}
                    {e.name} (<code>{e.engine}://</code>)
                  </span>
                ))}
              </>
            )}
            {detail
              ? '. The saved password stays unless you type a new one; changing the host, port, database or driver needs it typed again.'
              : '.'}
          </Typography.Text>
        </Form.Item>
        <Form.Item noStyle shouldUpdate>
          {() => (
            <div aria-live="polite">
              {testState.isSuccess && <Alert className="rama-modal-alert" type="success" showIcon title="Connection looks good!" />}
              {testError && !isPerField(testError) && (
                <div className="rama-modal-alert">
                  <ErrorAlert error={testError} title="Connection failed" />
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
              label: 'Advanced',
              forceRender: true,
              children: <Collapse ghost items={advanced} defaultActiveKey={['sqllab']} />,
            },
          ]}
        />
      </Form>
      {saveError && !isPerField(saveError) && (
        <div className="rama-modal-alert">
          <ErrorAlert error={saveError} title={detail ? 'Could not save the database' : 'Could not connect the database'} />
        </div>
      )}
      <Flex justify="end" gap={8} className="rama-modal-footer">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" onClick={form.submit} loading={saveState.isLoading}>
          {detail ? 'Save' : 'Connect'}
        </Button>
      </Flex>
    </>
  );
}

/** Create or edit a database connection. */
export function DatabaseModal({ open, databaseId, onClose }: DatabaseModalProps) {
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
            Edit database {detail && <Tag>{detail.backend}</Tag>}
          </Flex>
        ) : (
          'Connect a database'
        )
      }
      width={MODAL_DEFAULT_WIDTH}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={null}
    >
      {editing && error ? (
        <Alert type="error" showIcon title={`Could not load the database: ${errorMessage(error)}`} />
      ) : ready ? (
        <DatabaseForm key={databaseId ?? 'new'} detail={editing ? (detail ?? null) : null} onClose={onClose} />
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
    </Modal>
  );
}
