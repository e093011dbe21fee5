// Child process for the "anvil does not outlive its parent" test: starts a devnet, reports anvil's pid, then
// leaves without calling stop(): by process.exit ("exit") or by SIGKILL, which runs no handler at all ("kill").
import { startDevnet } from '../devnet.ts';

const mode = process.argv[2];
const devnet = await startDevnet({ blockTime: 0 });
process.stdout.write(`${JSON.stringify({ pid: devnet.pid, rpcUrl: devnet.rpcUrl })}\n`, () => {
  if (mode === 'kill') process.kill(process.pid, 'SIGKILL');
  else process.exit(0);
});
