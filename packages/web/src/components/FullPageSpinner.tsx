import { Flex, Spin } from 'antd';

export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Flex align="center" justify="center" className="rama-full-page" role="status" aria-label={label}>
      <Spin size="large" />
    </Flex>
  );
}
