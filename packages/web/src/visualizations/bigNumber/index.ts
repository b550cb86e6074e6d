import type { WebViz } from '../types';
import { definitionOf } from '../definitionOf';
import { bigNumberThumbnail, bigNumberTotalThumbnail } from './thumbnail';
import { transformBigNumberProps, transformBigNumberTotalProps, type BigNumberProps } from './transformProps';

export const bigNumberTotalWebViz: WebViz<BigNumberProps> = {
  definition: definitionOf('big_number_total'),
  transformProps: transformBigNumberTotalProps,
  loadComponent: () => import('./BigNumberTotal').then((m) => m.BigNumberTotal),
  thumbnail: bigNumberTotalThumbnail,
};

export const bigNumberWebViz: WebViz<BigNumberProps> = {
  definition: definitionOf('big_number'),
  transformProps: transformBigNumberProps,
  loadComponent: () => import('./BigNumberTrendline').then((m) => m.BigNumberTrendline),
  thumbnail: bigNumberThumbnail,
};
