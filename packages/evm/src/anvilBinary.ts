// Locates the anvil executable shipped by @foundry-rs/anvil.
//
// We resolve the platform package's binary (@foundry-rs/anvil-<os>-<arch>/bin/anvil) exactly as the package's
// bin.mjs does, and spawn it directly rather than through node_modules/.bin/anvil: that wrapper is a second Node
// process, and a SIGKILL to it would orphan the real anvil.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const PLATFORM_PACKAGES: Partial<Record<NodeJS.Platform, Partial<Record<string, string>>>> = {
  linux: { x64: '@foundry-rs/anvil-linux-amd64', arm64: '@foundry-rs/anvil-linux-arm64' },
  darwin: { x64: '@foundry-rs/anvil-darwin-amd64', arm64: '@foundry-rs/anvil-darwin-arm64' },
  win32: { x64: '@foundry-rs/anvil-win32-amd64' },
};

/** Absolute path of the anvil binary; `ANVIL_BINARY` in the environment overrides the packaged one. */
export function resolveAnvilBinary(env: NodeJS.ProcessEnv = process.env): string {
  const override = env.ANVIL_BINARY?.trim();
  if (override) {
    if (!existsSync(override)) throw new Error(`ANVIL_BINARY=${override} does not exist`);
    return override;
  }
  const pkg = PLATFORM_PACKAGES[process.platform]?.[process.arch];
  if (!pkg) throw new Error(`@foundry-rs/anvil has no binary for ${process.platform}/${process.arch}`);
  const binary = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  const require = createRequire(import.meta.url);
  try {
    const path = require.resolve(`${pkg}/bin/${binary}`);
    if (existsSync(path)) return path;
  } catch {
    // reported below
  }
  throw new Error(`anvil binary not found: install ${pkg} (an optional dependency of @foundry-rs/anvil)`);
}
