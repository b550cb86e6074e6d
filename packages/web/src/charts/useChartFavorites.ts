import { useToasts } from '../core/hooks';
import { t } from '../i18n';
import { useChartFavoriteStatusQuery, useSetChartFavoriteMutation } from './chartApi';
import { favoriteMap } from '../components/listState';

/** The spec's message when starring fails (section 8, "Charts"). */

/** Which of these charts the user starred, and a toggle that says so when it fails. */
export function useChartFavorites(ids: number[]) {
  const { data } = useChartFavoriteStatusQuery(ids, { skip: ids.length === 0 });
  const [setFavorite, { isLoading }] = useSetChartFavoriteMutation();
  const { addDangerToast } = useToasts();
  const favorites = favoriteMap(data);

  const isFavorite = (id: number): boolean => favorites.get(id) ?? false;
  const toggleFavorite = async (id: number) => {
    const result = await setFavorite({ id, favorite: !isFavorite(id) });
    if (result.error) addDangerToast(t('charts:list.starFailed'));
  };
  return { isFavorite, toggleFavorite, saving: isLoading };
}
