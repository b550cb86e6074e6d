import { Avatar, Popover } from 'antd';
import type { UserRef } from '@rama/shared';
import { LazyPopup, LazyTooltip } from '../components/LazyTooltip';
import { initialsOf, ownerName } from './datasetList';
import './ownerAvatars.css';

const COLORS = ['#1f7a8c', '#7a5195', '#ef5675', '#d97706', '#2f855a', '#3b5bdb', '#9c4221', '#5f6b7a'];
/** Owners drawn before the rest collapse into "+N". */
const SHOWN = 3;

const colorOf = (owner: UserRef) => COLORS[owner.id % COLORS.length];

/**
 * One owner's initials in a coloured circle. Drawn in CSS rather than with antd's Avatar: that one
 * measures its text's width after mounting (a layout read each), which on a list of hundreds of rows
 * cost more than the rest of the row; two letters are set a little smaller to fit, as it scaled them.
 */
function OwnerInitials({ owner }: { owner: UserRef }) {
  const initials = initialsOf(owner);
  return (
    <LazyTooltip title={ownerName(owner)}>
      <span
        className={`rama-avatar${initials.length > 1 ? ' rama-avatar-pair' : ''}`}
        style={{ backgroundColor: colorOf(owner) }}
        aria-hidden
      >
        {initials}
      </span>
    </LazyTooltip>
  );
}

/** Owners as coloured initials (the full name on hover); more than three collapse into "+N". */
export function OwnerAvatars({ owners }: { owners: UserRef[] }) {
  if (!owners.length) return <span className="rama-empty-value">—</span>;
  const shown = owners.slice(0, SHOWN);
  const rest = owners.slice(SHOWN);
  return (
    <span className="rama-owners">
      <span className="rama-sr-only">{owners.map(ownerName).join(', ')}</span>
      <span className="rama-avatar-group">
        {shown.map((owner) => (
          <OwnerInitials key={owner.id} owner={owner} />
        ))}
        {rest.length > 0 && (
          // the others on hover, as antd's avatar group shows them
          <LazyPopup
            popup={(child) => (
              <Popover content={<HiddenOwners owners={rest} />} placement="top" defaultOpen>
                {child}
              </Popover>
            )}
          >
            <span className="rama-avatar rama-avatar-more">+{rest.length}</span>
          </LazyPopup>
        )}
      </span>
    </span>
  );
}

/** The owners behind "+N", in its popover (drawn only when it opens). */
function HiddenOwners({ owners }: { owners: UserRef[] }) {
  return (
    <span className="rama-avatar-popover">
      {owners.map((owner) => (
        <LazyTooltip key={owner.id} title={ownerName(owner)}>
          <Avatar size="small" style={{ backgroundColor: colorOf(owner) }} aria-hidden>
            {initialsOf(owner)}
          </Avatar>
        </LazyTooltip>
      ))}
    </span>
  );
}
