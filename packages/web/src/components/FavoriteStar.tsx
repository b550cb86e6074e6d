import { Button, Tooltip } from 'antd';
import { StarFilled, StarOutlined } from '@ant-design/icons';

interface FavoriteStarProps {
  /** The object's name, for the button's label: "Add {name} to favorites". */
  name: string;
  starred: boolean;
  disabled?: boolean;
  onToggle: () => void;
}

/** A list row's star (a chart, a dashboard): filled when it is one of the user's favorites. */
export function FavoriteStar({ name, starred, disabled, onToggle }: FavoriteStarProps) {
  const label = starred ? `Remove ${name} from favorites` : `Add ${name} to favorites`;
  return (
    <Tooltip title={starred ? 'Unstar' : 'Star'}>
      <Button
        type="text"
        size="small"
        aria-label={label}
        aria-pressed={starred}
        disabled={disabled}
        icon={starred ? <StarFilled className="rama-star rama-star-on" /> : <StarOutlined className="rama-star" />}
        onClick={onToggle}
      />
    </Tooltip>
  );
}
