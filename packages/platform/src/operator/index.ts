export * from './operatorAuth.ts';
export * from './operatorAudit.ts';
export * from './operatorConfig.ts';
