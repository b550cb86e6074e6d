import { getVizDefinition, type VizDefinition } from '@rama/shared';

/** The shared definition of a viz type this app draws; a missing one is a build mistake, so it fails loudly. */
export function definitionOf(vizType: string): VizDefinition {
  const definition = getVizDefinition(vizType);
  if (!definition) throw new Error(`No visualization definition for "${vizType}" in @rama/shared`);
  return definition;
}
