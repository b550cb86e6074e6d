import { useEffect } from 'react';
import { DASHBOARD_MESSAGES } from '@rama/shared';
import { useToasts } from '../core/hooks';
import { sharedText } from '../i18n';
import { favoriteMap } from '../components/listState';
import { useDashboardFavoriteStatusQuery, useSetDashboardFavoriteMutation } from './dashboardApi';

/**
 * Which of these dashboards the user starred, and a toggle; failures say so with the spec's
 * messages (section 8, "Dashboards").
 */
export function useDashboardFavorites(ids: number[]) {
  const { data, isError } = useDashboardFavoriteStatusQuery(ids, { skip: ids.length === 0 });
  const [setFavorite, { isLoading }] = useSetDashboardFavoriteMutation();
  const { addDangerToast } = useToasts();
  const favorites = favoriteMap(data);

  useEffect(() => {
    if (isError) addDangerToast(sharedText('messages', DASHBOARD_MESSAGES.favoriteStatusFailed));
  }, [isError, addDangerToast]);

  const isFavorite = (id: number): boolean => favorites.get(id) ?? false;
  const toggleFavorite = async (id: number) => {
    const result = await setFavorite({ id, on: !isFavorite(id) });
    if (result.error) addDangerToast(sharedText('messages', DASHBOARD_MESSAGES.favoriteFailed));
  };
  return { isFavorite, toggleFavorite, saving: isLoading };
}
