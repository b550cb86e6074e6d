/** Big number without a trendline: text only, so this chunk carries no ECharts. */
import { useEffect } from 'react';
import type { ChartSize } from '../types';
import { BigNumberView } from './BigNumberView';
import type { BigNumberProps } from './transformProps';

export function BigNumberTotal({ width, height, onRendered, ownState: _o, setOwnState: _s, ...props }: BigNumberProps & ChartSize) {
  useEffect(() => {
    // drawn once the browser has painted the text
    const frame = requestAnimationFrame(() => onRendered?.());
    return () => cancelAnimationFrame(frame);
  }, [props.headline, props.subheader, width, height, onRendered]);
  return <BigNumberView props={props} width={width} height={height} />;
}
