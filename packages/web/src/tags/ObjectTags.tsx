/** The custom tags of a list row or card: the first few, then "+N" with the rest on hover. */
import { Flex, Tag } from 'antd';
import { LazyTooltip } from '../components/LazyTooltip';
import type { TagRef } from '@rama/shared';
import './tags.css';

export function ObjectTags({ tags, max = 3 }: { tags: TagRef[] | undefined; max?: number }) {
  if (!tags?.length) return null;
  const shown = tags.slice(0, max);
  const rest = tags.slice(max);
  return (
    <Flex gap={4} wrap className="rama-object-tags" data-test="object-tags">
      {shown.map((t) => (
        <Tag key={t.id} className="rama-object-tag" title={t.name}>
          {t.name}
        </Tag>
      ))}
      {rest.length > 0 && (
        <LazyTooltip title={rest.map((t) => t.name).join(', ')}>
          <Tag className="rama-object-tag">+{rest.length}</Tag>
        </LazyTooltip>
      )}
    </Flex>
  );
}
