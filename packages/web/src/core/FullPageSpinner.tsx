import { Flex, Spin } from 'antd';
import { t } from '../i18n';

export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <Flex align="center" justify="center" className="rama-full-page" role="status" aria-label={label ?? t('components:loading')}>
      <Spin size="large" />
    </Flex>
  );
}
