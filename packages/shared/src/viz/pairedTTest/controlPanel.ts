/** The paired t-test's controls: metrics by groups over time; the significance level and the precisions shown. */
import {
  LEGACY_SERIES_QUERY,
  LEGACY_TIMESERIES_TIME,
  contributionControl,
  legacySeriesLimitControls,
  legacyTimeControls,
  requiredTimeColumn,
} from '../legacyControls.js';
import { sharedControls } from '../sharedControls.js';
import type { ControlPanelConfig, Validator } from '../types.js';
import { validateInteger, validateNonEmpty, validateNumber } from '../validators.js';

/** A significance level is a probability: 'is expected to be between 0 and 1'. */
export const validateProbability: Validator = (v, ctx) => {
  const notNumber = validateNumber(v, ctx);
  if (notNumber) return notNumber;
  if (v === null || v === undefined || v === '') return false;
  const n = Number(v);
  return n > 0 && n < 1 ? false : 'is expected to be between 0 and 1';
};

export const pairedTTestControlPanel: ControlPanelConfig = {
  sections: [
    LEGACY_TIMESERIES_TIME,
    LEGACY_SERIES_QUERY,
    {
      label: 'Parameters',
      expanded: false,
      tab: 'customize',
      controlSetRows: [['significance_level'], ['pvalue_precision'], ['liftvalue_precision']],
    },
  ],
  controls: {
    ...legacyTimeControls,
    granularity_sqla: requiredTimeColumn,
    ...legacySeriesLimitControls,
    groupby: { ...sharedControls.groupby, validators: [validateNonEmpty] },
    contribution: contributionControl,
    significance_level: {
      type: 'TextControl',
      label: 'Significance Level',
      isFloat: true,
      default: 0.05,
      renderTrigger: true,
      validators: [validateProbability],
      description: 'Threshold alpha level for determining significance',
    },
    pvalue_precision: {
      type: 'TextControl',
      label: 'p-value precision',
      isInt: true,
      default: 6,
      renderTrigger: true,
      validators: [validateInteger],
      description: 'Number of decimal places with which to display p-values',
    },
    liftvalue_precision: {
      type: 'TextControl',
      label: 'Lift percent precision',
      isInt: true,
      default: 4,
      renderTrigger: true,
      validators: [validateInteger],
      description: 'Number of decimal places with which to display lift values',
    },
  },
};
