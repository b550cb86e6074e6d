/** Dashboard actions that span several slices. */
import type { AppDispatch, RootState } from '../../core/state';
import { dashboardInfoActions } from './dashboardInfoSlice';
import { dashboardStateActions } from './dashboardStateSlice';
import { layoutActions, selectLayoutChanged } from './layoutSlice';

/** Discard: the saved layout (with a fresh history), the saved title, properties, CSS and colours; edit mode off. */
export function discardDashboardChanges() {
  return (dispatch: AppDispatch, getState: () => RootState): void => {
    dispatch(layoutActions.discardChanges());
    dispatch(dashboardInfoActions.discard());
    const { css, json_metadata: metadata } = getState().dashboardInfo;
    dispatch(
      dashboardStateActions.discarded({
        css,
        colorScheme: metadata.color_scheme ?? null,
        labelColors: metadata.label_colors ?? {},
        refreshFrequency: metadata.refresh_frequency ?? 0,
      }),
    );
  };
}

/** Unsaved changes (spec section 4 "Dashboard"): any layout change since the load or the save, or another edit. */
export function selectHasUnsavedChanges(state: RootState): boolean {
  return state.dashboardState.hasUnsavedChanges || selectLayoutChanged(state);
}
