/** Which annotation layers need a query of their own (spec section 4 "Annotation query"). */
export interface QueriedAnnotationLayer {
  name: string;
  chartId: number;
}

/**
 * Event and interval layers read a saved chart's data; formula layers are drawn from their
 * expression; native layers (source NATIVE) come back with the chart's own data, in its
 * `annotation_data`, so they need no query here.
 */
export function queriedAnnotationLayers(value: unknown): QueriedAnnotationLayer[] {
  if (!Array.isArray(value)) return [];
  const out: QueriedAnnotationLayer[] = [];
  for (const item of value as unknown[]) {
    if (!item || typeof item !== 'object') continue;
    const layer = item as Record<string, unknown>;
    if (layer.show === false) continue;
    if (layer.annotationType !== 'EVENT' && layer.annotationType !== 'INTERVAL') continue;
    if (layer.sourceType === 'NATIVE') continue;
    const chartId = Number(layer.value);
    if (typeof layer.name !== 'string' || !layer.name || !Number.isInteger(chartId) || chartId < 1) continue;
    out.push({ name: layer.name, chartId });
  }
  return out;
}
