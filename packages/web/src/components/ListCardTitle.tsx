import { Checkbox, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { CertifiedMark } from './CertifiedMark';
import { FavoriteStar } from './FavoriteStar';
import type { CardSelection } from './ListParts';
import { t } from '../i18n';

interface ListCardTitleProps<T> {
  row: T;
  id: number;
  /** The object's name: the link's text and the checkbox's and star's labels. */
  name: string;
  /** Where the object opens. */
  to: string;
  certifiedBy: string | null;
  /** Shown after "Certified by …" when given. */
  certificationDetails?: string | null;
  /** Set when the user may select rows. */
  selection: CardSelection<T> | undefined;
  starred: boolean;
  onToggleFavorite: () => void;
}

/** A list card's first line: its checkbox, its name as a link, the certified badge, and the star at the end. */
export function ListCardTitle<T>({
  row,
  id,
  name,
  to,
  certifiedBy,
  certificationDetails,
  selection,
  starred,
  onToggleFavorite,
}: ListCardTitleProps<T>) {
  return (
    <Flex align="center" gap={6}>
      {selection?.canSelect(row) && (
        <Checkbox
          aria-label={t('components:list.select', { name })}
          checked={selection.selectedIds.includes(id)}
          onChange={(e) => selection.onToggle(id, e.target.checked)}
        />
      )}
      <Link to={to} className="rama-list-card-title">
        <Typography.Text strong ellipsis={{ tooltip: name }}>
          {name}
        </Typography.Text>
      </Link>
      {certifiedBy && <CertifiedMark by={certifiedBy} details={certificationDetails} />}
      <span className="rama-spacer" />
      <FavoriteStar name={name} starred={starred} onToggle={onToggleFavorite} />
    </Flex>
  );
}
