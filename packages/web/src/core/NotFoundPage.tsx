import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from './hooks';
import { HOME_PATH } from './nextPath';

export function NotFoundPage() {
  const { t } = useTranslation('app');
  useDocumentTitle(t('notFound.title'));
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      subTitle={t('notFound.body')}
      extra={
        <Link to={HOME_PATH}>
          <Button type="primary">{t('notFound.home')}</Button>
        </Link>
      }
    />
  );
}
