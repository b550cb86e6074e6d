import { LazyTooltip } from './LazyTooltip';
import { formatDateTime, formatRelative } from './format';
import { currentLanguage } from '../i18n';

/** "3 hours ago", with the full date and time on hover. */
export function HumanizedDate({ iso, humanized }: { iso: string | null; humanized?: string }) {
  if (!iso) return <span className="rama-empty-value">—</span>;
  return (
    <LazyTooltip title={formatDateTime(iso)}>
      <time dateTime={iso} className="rama-nowrap">
        {/* the server words its own "3 hours ago" in English */}
        {(currentLanguage() === 'en' && humanized) || formatRelative(iso)}
      </time>
    </LazyTooltip>
  );
}
