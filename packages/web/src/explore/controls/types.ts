/**
 * What every Explore control component receives. The control panel renders one per control name
 * of the viz type's ControlPanelConfig, looked up by `config.type` in the controls registry.
 */
import type { ControlConfig, ControlContext, ExploreDatasource, QueryFormData } from '@rama/shared';

export interface ControlProps<V = unknown> {
  /** the form-data key */
  name: string;
  value: V | undefined;
  onChange: (value: V | undefined) => void;
  config: ControlConfig;
  /** the whole form data, the datasource and SQL_MAX_ROW (dynamic choices, validators) */
  context: ControlContext;
  datasource: ExploreDatasource | null;
  formData: QueryFormData;
  /** validation messages of this control (already computed by the panel) */
  errors: string[];
}

/**
 * Drag and drop from the datasource pane into controls uses native HTML5 drag and drop with this
 * data type; the payload is JSON `{kind: 'column', name}` or `{kind: 'metric', name}`.
 */
export const DATASOURCE_DRAG_TYPE = 'application/x-rama-datasource-item';
export type DatasourceDragItem = { kind: 'column'; name: string } | { kind: 'metric'; name: string };
