import type { ReactNode } from 'react';
import { LazyTooltip } from './LazyTooltip';
import { Link } from 'react-router';

/** A row action that goes somewhere: a real link (new tab with a middle click), drawn like an icon button. */
export function IconLink({ to, icon, label, tooltip }: { to: string; icon: ReactNode; label: string; tooltip: string }) {
  return (
    <LazyTooltip title={tooltip}>
      <Link to={to} className="rama-icon-link" aria-label={label}>
        {icon}
      </Link>
    </LazyTooltip>
  );
}
