import { Button, Col, Flex, Form, Input, Modal, Row, Select, Switch } from 'antd';
import { MODAL_DEFAULT_WIDTH, type UserCreate, type UserListItem, type UserUpdate } from '@rama/shared';
import { ErrorAlert } from '../components/ErrorAlert';
import { toClientError } from '../app/api';
import { useToasts } from '../app/hooks';
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
    addSuccessToast(user ? `Saved changes to ${body.username}` : `Created user ${body.username}`);
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
              label="First name"
              rules={[{ required: true, whitespace: true, message: 'Enter a first name' }, { max: 64 }]}
            >
              <Input autoFocus={!user} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="last_name" label="Last name" rules={[{ max: 64 }]}>
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="username"
          label="Username"
          rules={[
            { required: true, whitespace: true, message: 'Enter a username' },
            { max: 64 },
            { pattern: /^[A-Za-z0-9_.@+-]+$/, message: 'Use letters, digits and _ . @ + - only' },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="email"
          label="Email"
          rules={[
            { required: true, message: 'Enter an email address' },
            { type: 'email', message: 'Enter a valid email address' },
          ]}
        >
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item name="roles" label="Roles" rules={[{ required: true, type: 'array', min: 1, message: 'Choose at least one role' }]}>
          <Select
            mode="multiple"
            loading={rolesLoading}
            placeholder="Choose roles"
            optionFilterProp="label"
            options={(roles?.result ?? []).map((role) => ({ value: role.id, label: role.name }))}
            aria-label="Roles"
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="password"
              label="Password"
              extra={user ? 'Leave empty to keep the current password.' : undefined}
              rules={[
                { required: !user, message: 'Enter a password' },
                { min: MIN_PASSWORD, message: `At least ${MIN_PASSWORD} characters` },
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="confirm_password"
              label="Confirm password"
              dependencies={['password']}
              required={!user}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_rule, value: string | undefined) => {
                    const password = (getFieldValue('password') as string | undefined) ?? '';
                    if ((value ?? '') === password) return Promise.resolve();
                    return Promise.reject(new Error(value ? 'The passwords do not match' : 'Repeat the password'));
                  },
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="active" label="Active" valuePropName="checked" extra="Inactive users cannot sign in.">
          <Switch />
        </Form.Item>
      </Form>
      {unmappedError && saveError && <ErrorAlert error={saveError} title="Could not save the user" />}
      <Flex justify="end" gap={8} className="rama-modal-footer">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" onClick={form.submit} loading={saveState.isLoading}>
          {user ? 'Save' : 'Create user'}
        </Button>
      </Flex>
    </>
  );
}

/** Create a user (password required) or edit one (password optional). */
export function UserModal({ open, user, onClose }: { open: boolean; user: UserListItem | null; onClose: () => void }) {
  return (
    <Modal
      open={open}
      title={user ? `Edit ${user.username}` : 'Add user'}
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
