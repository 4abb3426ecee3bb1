export * from './system.ts';
export * from './accounts.ts';
export * from './admin.ts';
export * from './catalogue.ts';
export * from './domains.ts';
export * from './orders.ts';
export * from './jobs.ts';
