// Fails when the committed artifacts (artifacts/*.json and src/artifacts.ts) drift from contracts/*.sol.
// Fix: npx tsx packages/evm/scripts/compile.ts
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  ARTIFACT_NAMES,
  ARTIFACTS_DIR,
  compileContracts,
  exportPrefix,
  type Artifact,
  type CompileResult,
} from '../scripts/compileContracts.ts';
import * as generated from './artifacts.ts';

const FIX = 'artifacts are stale: run `npx tsx packages/evm/scripts/compile.ts` and commit the result';

let compiled: CompileResult;
beforeAll(() => {
  compiled = compileContracts(); // solc-js takes a few seconds: once per file
});

function fresh(name: string): Artifact {
  const artifact = compiled.artifacts.find((a) => a.contractName === name);
  if (!artifact) throw new Error(`${name} was not compiled`);
  return artifact;
}

describe('committed artifacts', () => {
  test('the sources compile without warnings', () => {
    expect(compiled.warnings).toEqual([]);
  });

  test('artifacts/ holds exactly one JSON file per artifact', () => {
    const files = readdirSync(ARTIFACTS_DIR)
      .filter((f) => f.endsWith('.json'))
      .sort();
    expect(files, FIX).toEqual(ARTIFACT_NAMES.map((n) => `${n}.json`).sort());
  });

  test.each(ARTIFACT_NAMES)('artifacts/%s.json matches its source', (name) => {
    const file = join(ARTIFACTS_DIR, `${name}.json`);
    expect(existsSync(file), FIX).toBe(true);
    const committed = JSON.parse(readFileSync(file, 'utf8')) as Artifact;
    const current = fresh(name);
    expect(committed.abi, `${name} abi: ${FIX}`).toEqual(current.abi);
    expect(committed.bytecode, `${name} bytecode: ${FIX}`).toBe(current.bytecode);
    expect(committed.deployedBytecode, `${name} deployedBytecode: ${FIX}`).toBe(current.deployedBytecode);
    expect(committed.sourceHash, `${name} sourceHash: ${FIX}`).toBe(current.sourceHash);
    expect(committed).toEqual(current);
  });

  test.each(ARTIFACT_NAMES)('src/artifacts.ts exports the current %s abi and bytecode', (name) => {
    const exports = generated as Record<string, unknown>;
    const prefix = exportPrefix(name);
    const current = fresh(name);
    expect(exports[`${prefix}Abi`], `${name} abi: ${FIX}`).toEqual(current.abi);
    expect(exports[`${prefix}Bytecode`], `${name} bytecode: ${FIX}`).toBe(current.bytecode);
  });

  test('comments do not change bytecode (no metadata hash), so deposit addresses survive doc edits', () => {
    const forwarder = fresh('DepositForwarder');
    // With appendCBOR off, the creation code ends in the constructor's code, not in a CBOR metadata blob
    // (which would end with its two-byte length, 0x0033 or similar, and embed a content hash).
    expect(forwarder.bytecode).not.toMatch(/a264697066735822/); // "ipfs" CBOR key
  });
});
