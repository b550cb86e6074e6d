import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SessionLogin } from '@rama/shared';
import { Wordmark } from '../components/Wordmark';
import { FullPageSpinner } from '../core/FullPageSpinner';
import { errorMessage, resetCsrfToken } from '../core/api';
import { useAppDispatch, useDocumentTitle } from '../core/hooks';
import { safeNextPath } from '../core/nextPath';
import { sessionApi, useGetBootstrapQuery, useLoginMutation } from '../core/session';

export function LoginPage() {
  const { t } = useTranslation('security');
  useDocumentTitle(t('signIn'));
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'), window.location.origin);
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { data: bootstrap, isLoading } = useGetBootstrapQuery();
  const [login, { isLoading: isSigningIn, error, reset }] = useLoginMutation();
  const [form] = Form.useForm<SessionLogin>();

  if (isLoading) return <FullPageSpinner />;
  // an anonymous visitor (public dashboards) is not signed in: the form stays
  if (bootstrap?.user && !bootstrap.user.is_anonymous) return <Navigate to={next} replace />;

  const handleFinish = async (values: SessionLogin) => {
    const result = await login(values);
    if (result.error || !result.data) return;
    const user = result.data;
    resetCsrfToken();
    // from an anonymous visit, a full page load drops what the page loaded as the Public role
    if (bootstrap?.user?.is_anonymous) {
      window.location.assign(next);
      return;
    }
    // The shell reads the user from the bootstrap; give it the new session before navigating.
    if (bootstrap) await dispatch(sessionApi.util.upsertQueryData('getBootstrap', undefined, { ...bootstrap, user }));
    else dispatch(sessionApi.util.invalidateTags(['Session']));
    await navigate(next, { replace: true });
  };

  const handleValuesChange = () => {
    if (error) reset();
  };

  return (
    <main className="rama-login">
      <Card className="rama-login-card" variant="borderless">
        <div className="rama-login-brand">
          <Wordmark size={36} />
        </div>
        <Typography.Title level={3} className="rama-login-title">
          {t('signIn')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className="rama-login-subtitle">
          {t('loginSubtitle')}
        </Typography.Paragraph>
        <Form<SessionLogin>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => void handleFinish(values)}
          onValuesChange={handleValuesChange}
          disabled={isSigningIn}
        >
          <Form.Item label={t('username')} name="username" rules={[{ required: true, whitespace: true, message: t('enterYourUsername') }]}>
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus size="large" />
          </Form.Item>
          <Form.Item label={t('password')} name="password" rules={[{ required: true, message: t('enterYourPassword') }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
          </Form.Item>
          {error && <Alert type="error" showIcon title={errorMessage(error)} className="rama-login-error" role="alert" />}
          <Button type="primary" htmlType="submit" block size="large" loading={isSigningIn}>
            {t('signIn')}
          </Button>
        </Form>
      </Card>
    </main>
  );
}
