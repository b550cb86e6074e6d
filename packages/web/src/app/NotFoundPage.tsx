import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useDocumentTitle } from './hooks';
import { HOME_PATH } from './nextPath';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <Result
      status="404"
      title="Page not found"
      subTitle="The page you are looking for does not exist, or you do not have access to it."
      extra={
        <Link to={HOME_PATH}>
          <Button type="primary">Back to home</Button>
        </Link>
      }
    />
  );
}
