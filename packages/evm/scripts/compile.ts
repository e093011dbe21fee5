// Compiles packages/evm/contracts and writes the committed artifacts:
//   packages/evm/artifacts/<Name>.json  {contractName, sourcePath, compiler, abi, bytecode, deployedBytecode, sourceHash}
//   packages/evm/src/artifacts.ts       typed ABIs and bytecode for viem
// Usage: npx tsx packages/evm/scripts/compile.ts
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { ARTIFACTS_DIR, ARTIFACTS_MODULE, compileContracts, renderArtifactsModule } from './compileContracts.ts';

const started = performance.now();
const { artifacts, warnings } = compileContracts();
for (const warning of warnings) console.warn(warning);

mkdirSync(ARTIFACTS_DIR, { recursive: true });
const keep = new Set(artifacts.map((a) => `${a.contractName}.json`));
for (const file of readdirSync(ARTIFACTS_DIR)) {
  if (file.endsWith('.json') && !keep.has(file)) rmSync(join(ARTIFACTS_DIR, file));
}
for (const artifact of artifacts) {
  writeFileSync(join(ARTIFACTS_DIR, `${artifact.contractName}.json`), `${JSON.stringify(artifact, null, 2)}\n`);
}

const options = (await prettier.resolveConfig(ARTIFACTS_MODULE)) ?? {};
writeFileSync(
  ARTIFACTS_MODULE,
  await prettier.format(renderArtifactsModule(artifacts), { ...options, parser: 'typescript' }),
);

const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`compiled ${artifacts.length} contracts in ${seconds}s (${warnings.length} warnings)`);
