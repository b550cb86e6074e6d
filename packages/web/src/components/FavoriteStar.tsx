import { Button } from 'antd';
import { LazyTooltip } from './LazyTooltip';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface FavoriteStarProps {
  /** The object's name, for the button's label: "Add {name} to favorites". */
  name: string;
  starred: boolean;
  disabled?: boolean;
  onToggle: () => void;
}

/** A list row's star (a chart, a dashboard): filled when it is one of the user's favorites. */
export function FavoriteStar({ name, starred, disabled, onToggle }: FavoriteStarProps) {
  const { t } = useTranslation('components');
  const label = starred ? t('favorite.remove', { name }) : t('favorite.add', { name });
  return (
    <LazyTooltip title={starred ? t('favorite.unstar') : t('favorite.star')}>
      <Button
        type="text"
        size="small"
        aria-label={label}
        aria-pressed={starred}
        disabled={disabled}
        icon={starred ? <StarFilled className="rama-star rama-star-on" /> : <StarOutlined className="rama-star" />}
        onClick={onToggle}
      />
    </LazyTooltip>
  );
}
