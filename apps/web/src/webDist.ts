import { fileURLToPath } from 'node:url';

/** Vite's output: index.html and assets/ (hashed names). Served by the gateway. */
export const webDistDir = fileURLToPath(new URL('../dist', import.meta.url));
/** The web workspace's root (index.html, src/app). */
export const webRootDir = fileURLToPath(new URL('..', import.meta.url));
