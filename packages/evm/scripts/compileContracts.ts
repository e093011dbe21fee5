// Compiles packages/evm/contracts with solc-js (standard JSON). Shared by scripts/compile.ts, which writes the
// committed artifacts, and by src/artifacts.test.ts, which recompiles and fails when they drift.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import solc from 'solc';
import { keccak256, stringToHex, type Hex } from 'viem';

export const CONTRACTS_DIR = fileURLToPath(new URL('../contracts/', import.meta.url));
export const ARTIFACTS_DIR = fileURLToPath(new URL('../artifacts/', import.meta.url));
export const ARTIFACTS_MODULE = fileURLToPath(new URL('../src/artifacts.ts', import.meta.url));

/** Contracts that get an artifact. Abstract bases and libraries are compiled as dependencies only. */
export const ARTIFACT_NAMES = [
  'DepositFactory',
  'DepositForwarder',
  'TestStablecoin',
  'PlainERC20',
  'NoReturnERC20',
] as const;
export type ArtifactName = (typeof ARTIFACT_NAMES)[number];

/**
 * Compiler settings. Changing any of them changes bytecode, and the DepositForwarder creation code is part of
 * every deposit address: on a network where the factory is deployed, these settings are frozen.
 * - evmVersion cancun: supported by every network in the registry and by anvil.
 * - metadata hash off: comments and whitespace do not change bytecode, so deposit addresses do not either.
 */
export const SOLC_SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  metadata: { bytecodeHash: 'none', appendCBOR: false },
  outputSelection: {
    '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object', 'metadata'] },
  },
} as const;

export interface Artifact {
  contractName: ArtifactName;
  /** Source unit name, relative to contracts/, with forward slashes. */
  sourcePath: string;
  compiler: string;
  abi: readonly unknown[];
  bytecode: Hex;
  deployedBytecode: Hex;
  /**
   * keccak256 of solc's metadata JSON for the contract: it lists the keccak256 of every source file the contract
   * depends on, the compiler version and the settings, so any edit to those changes this hash.
   */
  sourceHash: Hex;
}

export interface CompileResult {
  artifacts: Artifact[];
  warnings: string[];
}

interface SolcMessage {
  severity: 'error' | 'warning' | 'info';
  formattedMessage: string;
}

interface SolcContractOutput {
  abi: unknown[];
  metadata: string;
  evm: { bytecode: { object: string }; deployedBytecode: { object: string } };
}

interface SolcOutput {
  errors?: SolcMessage[];
  contracts?: Record<string, Record<string, SolcContractOutput>>;
}

/** Every .sol file under `dir`, keyed by its path relative to `dir` (the solc source unit name). */
export function readSources(dir: string = CONTRACTS_DIR): Record<string, { content: string }> {
  const sources: Record<string, { content: string }> = {};
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.sol')) {
        sources[relative(dir, path).split(sep).join('/')] = { content: readFileSync(path, 'utf8') };
      }
    }
  };
  walk(dir);
  return sources;
}

/** Compiles all sources; throws on any compiler error or on a missing or duplicated artifact name. */
export function compileContracts(dir: string = CONTRACTS_DIR): CompileResult {
  const input = { language: 'Solidity', sources: readSources(dir), settings: SOLC_SETTINGS };
  // No import callback: every import is a relative path to a file inside contracts/, all of which are inputs.
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const messages = output.errors ?? [];
  const errors = messages.filter((m) => m.severity === 'error');
  if (errors.length > 0) {
    throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  }
  const compiler = `solc-js ${String(solc.version())}`;
  const artifacts: Artifact[] = [];
  for (const name of ARTIFACT_NAMES) {
    const found = Object.entries(output.contracts ?? {}).flatMap(([sourcePath, contracts]) =>
      contracts[name] ? [{ sourcePath, contract: contracts[name] }] : [],
    );
    const [only, ...rest] = found;
    if (!only || rest.length > 0) {
      throw new Error(`expected exactly one contract named ${name}, found ${found.length}`);
    }
    artifacts.push({
      contractName: name,
      sourcePath: only.sourcePath,
      compiler,
      abi: only.contract.abi,
      bytecode: `0x${only.contract.evm.bytecode.object}`,
      deployedBytecode: `0x${only.contract.evm.deployedBytecode.object}`,
      sourceHash: keccak256(stringToHex(only.contract.metadata)),
    });
  }
  return {
    artifacts,
    warnings: messages.filter((m) => m.severity === 'warning').map((m) => m.formattedMessage),
  };
}

/** `DepositFactory` -> `depositFactory`, `PlainERC20` -> `plainErc20`: the prefix of the generated exports. */
export function exportPrefix(name: ArtifactName): string {
  const words = name.match(/[A-Z]+(?![a-z])\d*|[A-Z][a-z\d]*/g) ?? [name];
  return words.map((w, i) => (i === 0 ? w.toLowerCase() : w.charAt(0) + w.slice(1).toLowerCase())).join('');
}

/** The TypeScript module that exposes ABIs `as const` (typed for viem) and creation bytecode. */
export function renderArtifactsModule(artifacts: readonly Artifact[]): string {
  const lines = [
    '// Generated by `npx tsx packages/evm/scripts/compile.ts` from packages/evm/contracts: do not edit by hand.',
    '// src/artifacts.test.ts recompiles the sources and fails when this file or artifacts/*.json drift from them.',
    '',
  ];
  for (const a of artifacts) {
    const prefix = exportPrefix(a.contractName);
    lines.push(
      `/** ${a.contractName} (contracts/${a.sourcePath}), ${a.compiler}, sourceHash ${a.sourceHash}. */`,
      `export const ${prefix}Abi = ${JSON.stringify(a.abi)} as const;`,
      '',
      `export const ${prefix}Bytecode: \`0x\${string}\` = '${a.bytecode}';`,
      '',
    );
  }
  return lines.join('\n');
}
