/** Every control type of the viz contract (`ControlType`), by the component that renders it. */
import type { ComponentType } from 'react';
import type { ControlType } from '@rama/shared';
import { AdhocFilterControl } from './AdhocFilterControl';
import { AnnotationLayerControl } from './AnnotationLayerControl';
import { BoundsControl, CheckboxControl, HiddenControl, SliderControl, TextAreaControl, TextControl } from './BasicControls';
import { ColorPickerControl, ColorSchemeControl } from './ColorControls';
import { ColumnConfigControl } from './ColumnConfigControl';
import { ColumnControl, ColumnsControl } from './ColumnsControl';
import { ConditionalFormattingControl } from './ConditionalFormattingControl';
import { CurrencyControl } from './CurrencyControl';
import { MetricControl, MetricsControl } from './MetricsControl';
import { SelectControl } from './SelectControl';
import { TimeRangeControl } from './TimeRangeControl';
import { TimeSeriesColumnControl } from './TimeSeriesColumnControl';
import type { ControlProps } from './types';

export const CONTROL_COMPONENTS: Record<ControlType, ComponentType<ControlProps>> = {
  MetricsControl,
  MetricControl,
  ColumnsControl,
  ColumnControl,
  AdhocFilterControl,
  TimeRangeControl,
  SelectControl,
  TextControl,
  TextAreaControl,
  CheckboxControl,
  SliderControl,
  ColorSchemeControl,
  ColorPickerControl,
  ConditionalFormattingControl,
  ColumnConfigControl,
  AnnotationLayerControl,
  BoundsControl,
  TimeSeriesColumnControl,
  CurrencyControl,
  HiddenControl,
};

export function controlComponent(type: ControlType): ComponentType<ControlProps> {
  return CONTROL_COMPONENTS[type] ?? HiddenControl;
}
