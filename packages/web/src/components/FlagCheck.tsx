import { CheckOutlined, MinusOutlined } from '@ant-design/icons';

/** A check mark for a true flag, a faint dash for false; the label is for screen readers. */
export function FlagCheck({ value, label }: { value: boolean; label: string }) {
  return value ? (
    <CheckOutlined className="rama-flag-on" aria-label={`${label}: yes`} />
  ) : (
    <MinusOutlined className="rama-flag-off" aria-label={`${label}: no`} />
  );
}
