/**
 * The control panel's layout rules as pure functions: which config a control name resolves to,
 * which rows and controls show, the value a control shows, and a section's error count.
 */
import { sharedControls, type ControlConfig, type ControlContext, type ControlPanelSection, type VizDefinition } from '@rama/shared';

/** A viz type's own control first, then the shared one of that name. */
export function resolveControlConfig(name: string, definition: Pick<VizDefinition, 'controlPanel'>): ControlConfig | null {
  return definition.controlPanel.controls[name] ?? sharedControls[name] ?? null;
}

export function isControlVisible(config: ControlConfig, ctx: ControlContext): boolean {
  if (config.type === 'HiddenControl') return false;
  try {
    return config.visibility ? config.visibility(ctx) : true;
  } catch {
    // a visibility rule that trips over half-filled form data shows the control rather than hide it
    return true;
  }
}

export interface ResolvedControl {
  name: string;
  config: ControlConfig;
}

/** A section's rows with only the controls that resolve and show; empty rows are left out. */
export function visibleRows(
  section: ControlPanelSection,
  definition: Pick<VizDefinition, 'controlPanel'>,
  ctx: ControlContext,
): ResolvedControl[][] {
  return section.controlSetRows
    .map((row) =>
      row.flatMap((name) => {
        const config = resolveControlConfig(name, definition);
        return config && isControlVisible(config, ctx) ? [{ name, config }] : [];
      }),
    )
    .filter((row) => row.length > 0);
}

/** The sections of one tab of the panel. */
export function sectionsOfTab(definition: Pick<VizDefinition, 'controlPanel'>, tab: 'data' | 'customize'): ControlPanelSection[] {
  return definition.controlPanel.sections.filter((s) => s.tab === tab);
}

/** How many of a section's controls have errors (its header shows them). */
export function sectionErrorCount(section: ControlPanelSection, errors: Record<string, string[]>): number {
  return section.controlSetRows.flat().filter((name) => (errors[name]?.length ?? 0) > 0).length;
}

/** The value a control shows: what the form data holds, else the control's default. */
export function controlValue(name: string, config: ControlConfig, formData: Record<string, unknown>): unknown {
  return formData[name] !== undefined ? formData[name] : config.default;
}

/** The section keys open at first: those marked expanded, and any with errors. */
export function initiallyOpen(sections: ControlPanelSection[], errors: Record<string, string[]>): string[] {
  return sections.filter((s) => s.expanded || sectionErrorCount(s, errors) > 0).map((s) => s.label);
}
