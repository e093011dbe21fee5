export { webDistDir, webRootDir } from './webDist.ts';
export { ensureWebBuilt, hasWebBuild, webSourceHash } from './buildWeb.ts';
