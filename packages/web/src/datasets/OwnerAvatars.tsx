import { Avatar, Tooltip } from 'antd';
import type { UserRef } from '@rama/shared';
import { initialsOf, ownerName } from './datasetList';

const COLORS = ['#1f7a8c', '#7a5195', '#ef5675', '#d97706', '#2f855a', '#3b5bdb', '#9c4221', '#5f6b7a'];

/** Owners as coloured initials (the full name on hover); more than three collapse into "+N". */
export function OwnerAvatars({ owners }: { owners: UserRef[] }) {
  if (!owners.length) return <span className="rama-empty-value">—</span>;
  return (
    <span className="rama-owners">
      <span className="rama-sr-only">{owners.map(ownerName).join(', ')}</span>
      <Avatar.Group
        size="small"
        max={{ count: 3, style: { backgroundColor: 'var(--rama-brand-soft)', color: 'var(--rama-brand-strong)' } }}
      >
        {owners.map((owner) => (
          <Tooltip key={owner.id} title={ownerName(owner)}>
            <Avatar size="small" style={{ backgroundColor: COLORS[owner.id % COLORS.length] }} aria-hidden>
              {initialsOf(owner)}
            </Avatar>
          </Tooltip>
        ))}
      </Avatar.Group>
    </span>
  );
}
