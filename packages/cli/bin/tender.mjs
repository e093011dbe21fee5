#!/usr/bin/env node
// The `tender` command. Tender ships TypeScript sources; tsx loads them without a build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
