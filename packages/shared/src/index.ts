export * from './constants.js';
export * from './errors/messages.js';
export * from './errors/types.js';
export * from './api/common.js';
export * from './api/database.js';
export * from './api/security.js';
export * from './errors/clientError.js';
export * from './toasts.js';
