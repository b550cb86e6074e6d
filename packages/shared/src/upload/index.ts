export * from './options.js';
export * from './values.js';
