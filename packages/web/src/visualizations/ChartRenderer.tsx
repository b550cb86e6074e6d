/**
 * Draws one chart from its query results (Explore now, dashboards later): looks the viz type up,
 * loads its component (each type is its own chunk, loaded once), runs transformProps, and shows
 * the spec's empty and render-error states instead of the chart when it has to.
 */
import {
  Component,
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  type ComponentType,
  type ReactNode,
} from 'react';
import { Alert, Empty, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChartDataQueryResult, ExploreDatasource, QueryFormData } from '@rama/shared';
import { getWebViz } from './registry';
import type { ChartInteraction, ChartSize, LabelColorScale, WebViz } from './types';
import { errorMessage, isEmptyResult, measureChartRender } from './chartRendererState';
import { chartMessages, unknownVizTypeText } from './messages';
import { captureFormData, isCapturePage } from './capture';

export interface ChartRendererProps {
  vizType: string;
  formData: QueryFormData;
  queriesData: ChartDataQueryResult[];
  datasource: ExploreDatasource | null;
  width: number;
  height: number;
  ownState?: Record<string, unknown>;
  setOwnState?: (ownState: Record<string, unknown>) => void;
  /** dashboards: cross-filter and drill callbacks */
  interaction?: ChartInteraction;
  /** categorical colours shared across charts (a dashboard's); the form data's scheme otherwise */
  colorScale?: LabelColorScale;
  /** the chart is drawn (status rendered); once per new results or form data */
  onRenderSuccess?: () => void;
  /** the chart could not be drawn; the raw message, for 'An error occurred while rendering the visualization: %s' */
  onRenderFailure?: (message: string) => void;
}

type ChartComponent = ComponentType<object & ChartSize>;

/** One load and one lazy component per viz type for the life of the page, so the chunk loads once. */
const loads = new Map<string, Promise<{ default: ChartComponent }>>();
const components = new Map<string, ChartComponent>();
/** Loaded components, drawn directly: a lazy one suspends once, and React holds a revealed fallback ~300 ms. */
const loaded = new Map<string, ChartComponent>();

function loadOf(vizType: string, viz: WebViz): Promise<{ default: ChartComponent }> {
  let load = loads.get(vizType);
  if (!load) {
    load = viz.loadComponent().then(
      (component) => {
        loaded.set(vizType, component as ChartComponent);
        return { default: component as ChartComponent };
      },
      (e: unknown) => {
        // a failed chunk load (a deploy, a dropped connection) is tried again on the next render
        loads.delete(vizType);
        components.delete(vizType);
        throw e;
      },
    );
    loads.set(vizType, load);
  }
  return load;
}

/**
 * Start loading a type's code before its data arrives (Explore calls it as soon as it knows the
 * viz type), so the time from the data reply to the chart drawn is drawing only.
 */
export function preloadChart(vizType: string): void {
  const viz = getWebViz(vizType);
  if (viz) void loadOf(vizType, viz).catch(() => undefined);
}

function componentOf(vizType: string, viz: WebViz): ChartComponent {
  const ready = loaded.get(vizType);
  if (ready) return ready;
  let c = components.get(vizType);
  if (!c) {
    c = lazy(() => loadOf(vizType, viz));
    components.set(vizType, c);
  }
  return c;
}

export function ChartRenderer(props: ChartRendererProps) {
  const { vizType, width, height } = props;
  const viz = getWebViz(vizType);
  return (
    <div className="rama-chart-area" style={{ width, height, position: 'relative', overflow: 'hidden' }}>
      {viz ? <VizHost viz={viz} {...props} /> : <UnknownType vizType={vizType} onRenderFailure={props.onRenderFailure} />}
    </div>
  );
}

function UnknownType({ vizType, onRenderFailure }: { vizType: string; onRenderFailure?: (message: string) => void }) {
  const message = unknownVizTypeText(vizType);
  useEffect(() => onRenderFailure?.(message), [message, onRenderFailure]);
  return <ChartError message={chartMessages.renderError(message)} />;
}

function VizHost({ viz, ...props }: ChartRendererProps & { viz: WebViz }) {
  const { vizType, formData, queriesData, datasource, width, height, ownState, setOwnState, colorScale, interaction } = props;
  const empty = isEmptyResult(queriesData);
  // a report's picture cannot page a legend: there it is laid out in full
  const capture = useMemo(() => isCapturePage(), []);
  const drawnFormData = useMemo(() => (capture ? captureFormData(formData) : formData), [capture, formData]);

  const transformed = useMemo((): { chartProps: object; error: null } | { chartProps: null; error: string } | null => {
    if (empty) return null;
    try {
      return {
        chartProps: viz.transformProps({ formData: drawnFormData, queriesData, datasource, width, height, ownState, colorScale }),
        error: null,
      };
    } catch (e) {
      return { chartProps: null, error: errorMessage(e) };
    }
  }, [viz, empty, drawnFormData, queriesData, datasource, width, height, ownState, colorScale]);

  // the host's callbacks change identity each render; the chart must not re-render for that
  const callbacks = useRef({ onRenderSuccess: props.onRenderSuccess, onRenderFailure: props.onRenderFailure });
  useLayoutEffect(() => {
    callbacks.current = { onRenderSuccess: props.onRenderSuccess, onRenderFailure: props.onRenderFailure };
  });

  // success is reported (and the render measured) once per new results or form data, not per resize
  const reported = useRef<{ queriesData: unknown; formData: unknown } | null>(null);
  const handleRendered = useCallback(() => {
    const r = reported.current;
    if (r && r.queriesData === queriesData && r.formData === formData) return;
    reported.current = { queriesData, formData };
    measureChartRender();
    callbacks.current.onRenderSuccess?.();
  }, [queriesData, formData]);
  const handleError = useCallback((message: string) => callbacks.current.onRenderFailure?.(message), []);

  useEffect(() => {
    if (transformed?.error) handleError(transformed.error);
  }, [transformed, handleError]);
  useEffect(() => {
    if (empty) handleRendered();
  }, [empty, handleRendered]);

  if (empty || !transformed) return <ChartEmpty />;
  if (transformed.error !== null) return <ChartError message={chartMessages.renderError(transformed.error)} />;
  const Chart = componentOf(vizType, viz);
  return (
    <RenderErrorBoundary resetKey={transformed.chartProps} onError={handleError}>
      <Suspense fallback={<ChartSpinner />}>
        <Chart
          {...transformed.chartProps}
          width={width}
          height={height}
          onRendered={handleRendered}
          ownState={ownState}
          setOwnState={setOwnState}
          interaction={interaction}
        />
      </Suspense>
    </RenderErrorBoundary>
  );
}

function ChartSpinner() {
  const { t } = useTranslation('visualizations');
  return (
    <Flex align="center" justify="center" style={{ width: '100%', height: '100%' }} role="status" aria-label={t('loadingChart')}>
      <Spin />
    </Flex>
  );
}

function ChartEmpty() {
  return (
    <Flex align="center" justify="center" style={{ width: '100%', height: '100%' }}>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={chartMessages.noResults()} />
    </Flex>
  );
}

function ChartError({ message }: { message: string }) {
  return (
    <Flex align="center" justify="center" style={{ width: '100%', height: '100%', padding: 16 }}>
      <Alert type="error" showIcon title={message} style={{ maxWidth: '100%' }} />
    </Flex>
  );
}

interface BoundaryProps {
  /** new chart props clear a previous error and try again */
  resetKey: unknown;
  onError: (message: string) => void;
  children: ReactNode;
}

class RenderErrorBoundary extends Component<BoundaryProps, { error: string | null }> {
  override state: { error: string | null } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: string } {
    return { error: errorMessage(error) };
  }

  override componentDidCatch(error: unknown): void {
    this.props.onError(errorMessage(error));
  }

  override componentDidUpdate(prev: BoundaryProps): void {
    if (prev.resetKey !== this.props.resetKey && this.state.error !== null) this.setState({ error: null });
  }

  override render(): ReactNode {
    if (this.state.error !== null) return <ChartError message={chartMessages.renderError(this.state.error)} />;
    return this.props.children;
  }
}
