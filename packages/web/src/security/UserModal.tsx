import { Button, Col, Flex, Form, Input, Modal, Row, Select, Switch } from 'antd';
import { MODAL_DEFAULT_WIDTH, type UserCreate, type UserListItem, type UserUpdate } from '@rama/shared';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../components/ErrorAlert';
import { toClientError } from '../core/api';
import { useToasts } from '../core/hooks';
import { useCreateUserMutation, useListRolesQuery, useUpdateUserMutation } from './securityApi';

interface UserFormValues {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  roles: number[];
  active: boolean;
  password: string;
  confirm_password: string;
}

const FIELDS: (keyof UserFormValues)[] = ['username', 'first_name', 'last_name', 'email', 'roles', 'active', 'password'];
const MIN_PASSWORD = 8;

function initialValues(user: UserListItem | null): UserFormValues {
  return {
    username: user?.username ?? '',
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
    roles: user?.roles.map((role) => role.id) ?? [],
    active: user?.active ?? true,
    password: '',
    confirm_password: '',
  };
}

function toBody(values: UserFormValues): UserCreate {
  return {
    username: values.username.trim(),
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    roles: values.roles,
    active: values.active,
    password: values.password,
  };
}

function UserForm({ user, onClose }: { user: UserListItem | null; onClose: () => void }) {
  const { t } = useTranslation('security');
  const [form] = Form.useForm<UserFormValues>();
  const { addSuccessToast } = useToasts();
  const { data: roles, isLoading: rolesLoading } = useListRolesQuery();
  const [createUser, createState] = useCreateUserMutation();
  const [updateUser, updateState] = useUpdateUserMutation();
  const saveState = user ? updateState : createState;
  const saveError = saveState.error ? toClientError(saveState.error) : null;
  const unmappedError = saveError && !Object.keys(saveError.fieldErrors ?? {}).some((f) => FIELDS.includes(f as keyof UserFormValues));

  const handleFinish = async (values: UserFormValues) => {
    const body = toBody(values);
    let result;
    if (user) {
      const { password, ...rest } = body;
      const update: UserUpdate = password ? body : rest;
      result = await updateUser({ id: user.id, body: update });
    } else {
      result = await createUser(body);
    }
    if (result.error) {
      const { fieldErrors } = toClientError(result.error);
      form.setFields(
        Object.entries(fieldErrors ?? {})
          .filter(([field]) => FIELDS.includes(field as keyof UserFormValues))
          .map(([field, errors]) => ({ name: field as keyof UserFormValues, errors })),
      );
      return;
    }
    addSuccessToast(user ? t('userSaved', { name: body.username }) : t('userCreated', { name: body.username }));
    onClose();
  };

  const handleValuesChange = () => {
    if (saveState.error) saveState.reset();
  };

  return (
    <>
      <Form<UserFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues(user)}
        onFinish={(values) => void handleFinish(values)}
        onValuesChange={handleValuesChange}
        disabled={saveState.isLoading}
      >
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="first_name"
              label={t('firstName')}
              rules={[{ required: true, whitespace: true, message: t('enterFirstName') }, { max: 64 }]}
            >
              <Input autoFocus={!user} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="last_name" label={t('lastName')} rules={[{ max: 64 }]}>
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="username"
          label={t('username')}
          rules={[
            { required: true, whitespace: true, message: t('enterUsername') },
            { max: 64 },
            { pattern: /^[A-Za-z0-9_.@+-]+$/, message: t('usernameChars') },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('email')}
          rules={[
            { required: true, message: t('enterEmail') },
            { type: 'email', message: t('enterValidEmail') },
          ]}
        >
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item name="roles" label={t('roles')} rules={[{ required: true, type: 'array', min: 1, message: t('chooseRole') }]}>
          <Select
            mode="multiple"
            loading={rolesLoading}
            placeholder={t('chooseRoles')}
            optionFilterProp="label"
            options={(roles?.result ?? []).map((role) => ({ value: role.id, label: role.name }))}
            aria-label={t('roles')}
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="password"
              label={t('password')}
              extra={user ? t('keepPassword') : undefined}
              rules={[
                { required: !user, message: t('enterPassword') },
                { min: MIN_PASSWORD, message: t('passwordMin', { count: MIN_PASSWORD }) },
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="confirm_password"
              label={t('confirmPassword')}
              dependencies={['password']}
              required={!user}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_rule, value: string | undefined) => {
                    const password = (getFieldValue('password') as string | undefined) ?? '';
                    if ((value ?? '') === password) return Promise.resolve();
                    return Promise.reject(new Error(value ? t('passwordsDiffer') : t('repeatPassword')));
                  },
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="active" label={t('active')} valuePropName="checked" extra={t('inactiveExtra')}>
          <Switch />
        </Form.Item>
      </Form>
      {unmappedError && saveError && <ErrorAlert error={saveError} title={t('userSaveFailed')} />}
      <Flex justify="end" gap={8} className="rama-modal-footer">
        <Button onClick={onClose}>{t('common:cancel')}</Button>
        <Button type="primary" onClick={form.submit} loading={saveState.isLoading}>
          {user ? t('common:save') : t('createUser')}
        </Button>
      </Flex>
    </>
  );
}

/** Create a user (password required) or edit one (password optional). */
export function UserModal({ open, user, onClose }: { open: boolean; user: UserListItem | null; onClose: () => void }) {
  const { t } = useTranslation('security');
  return (
    <Modal
      open={open}
      title={user ? t('editName', { name: user.username }) : t('addUser')}
      width={MODAL_DEFAULT_WIDTH}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={null}
    >
      <UserForm key={user?.id ?? 'new'} user={user} onClose={onClose} />
    </Modal>
  );
}
