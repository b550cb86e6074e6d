export * from './contrast.js';
export * from './theme.js';
