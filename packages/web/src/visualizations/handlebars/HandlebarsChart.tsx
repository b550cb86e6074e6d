/**
 * The handlebars chart: the template's HTML after DOMPurify, under the chart's scoped CSS. The
 * scope class is unique to this chart on the page, so its CSS styles nothing else. A template
 * that does not compile shows its error as text.
 */
import { useEffect, useId, useMemo, useRef } from 'react';
import DOMPurify from 'dompurify';
import { useTranslation } from 'react-i18next';
import type { ChartSize } from '../types';
import { renderTemplate, sanitizeTemplateHtml, scopedTemplateCss, type Purifier } from './render';
import type { HandlebarsChartProps } from './transformProps';

const purifier: Purifier = {
  isSupported: DOMPurify.isSupported,
  sanitize: (html, config) => String(DOMPurify.sanitize(html, config)),
};

export function HandlebarsChart({ template, data, css, width, height, onRendered }: HandlebarsChartProps & ChartSize) {
  const { t } = useTranslation('visualizations');
  const scope = `rama-handlebars-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const content = useMemo(() => {
    try {
      return sanitizeTemplateHtml(renderTemplate(template, { data }), purifier);
    } catch (e) {
      return { error: e instanceof Error ? e.message : String(e) };
    }
  }, [template, data]);
  const style = useMemo(() => scopedTemplateCss(css, scope), [css, scope]);
  const rendered = useRef(onRendered);
  useEffect(() => {
    rendered.current = onRendered;
  }, [onRendered]);
  useEffect(() => {
    const frame = requestAnimationFrame(() => rendered.current?.());
    return () => cancelAnimationFrame(frame);
  }, [content, style]);

  return (
    <div className={scope} style={{ width, height, overflow: 'auto' }}>
      {style && <style>{style}</style>}
      {'html' in content ? (
        // sanitized by DOMPurify just above (render.ts PURIFY_CONFIG)
        <div dangerouslySetInnerHTML={{ __html: content.html }} />
      ) : 'text' in content ? (
        <pre style={{ whiteSpace: 'pre-wrap' }}>{content.text}</pre>
      ) : (
        <div role="alert" style={{ color: 'var(--rama-error)', whiteSpace: 'pre-wrap', fontFamily: 'monospace', fontSize: 12 }}>
          {t('handlebars.templateError', { error: content.error })}
        </div>
      )}
    </div>
  );
}
