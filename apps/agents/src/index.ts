export * from './config.ts';
export * from './context.ts';
export * from './http/errors.ts';
export * from './server.ts';
export { agentsMigrations } from './migrations.ts';
