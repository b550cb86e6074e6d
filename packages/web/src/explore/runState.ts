/** The run button's text and blocking message (issue 11 part 3). */
import type { ControlConfig } from '@rama/shared';
import { t } from '../i18n';
import { validationErrorText } from './controls/controlTexts';

/** "Metrics: cannot be empty" for the first control with an error, in panel order; null when none. */
export function firstValidationError(errors: Record<string, string[]>, controls: Record<string, ControlConfig>): string | null {
  const names = [...Object.keys(controls), ...Object.keys(errors)];
  for (const name of names) {
    const message = errors[name]?.[0];
    if (message) return validationErrorText(controls[name]?.label ?? name, message);
  }
  return null;
}

/** 'Create chart' before the first result, 'Update chart' after. */
export function runLabel(hasResult: boolean): string {
  return hasResult ? t('explore:run.update') : t('explore:run.create');
}
