import { createServer } from 'node:net';

// Ports for the servers a test starts in another process (tender start, Prism, anvil, a simulator). A port the OS
// hands out for listen(0) and then closes can be handed out again at once — to the next listen(0) in this process,
// another test file's, or any outgoing connection — before the child binds it, and the child then dies with
// EADDRINUSE. These come from below the ephemeral range (Linux: 32768–60999), which neither listen(0) nor an outgoing
// connection uses; each test process walks its own block of it (VITEST_POOL_ID), so two processes of one run never
// pick the same port, and a port is checked free before it is handed out.
const FIRST = 16_000;
const BLOCK = 1_000;
const BLOCKS = 16;

const pool = Number(process.env.VITEST_POOL_ID);
const block = Number.isInteger(pool) && pool > 0 ? pool % BLOCKS : Math.floor(Math.random() * BLOCKS);
let cursor = Math.floor(Math.random() * BLOCK);

/** A TCP port on 127.0.0.1 that is free now and that no other caller of this function in the run is given. */
export async function testPort(): Promise<number> {
  for (let tries = 0; tries < BLOCK; tries++) {
    const port = FIRST + block * BLOCK + (cursor++ % BLOCK);
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port in ${FIRST + block * BLOCK}–${FIRST + (block + 1) * BLOCK - 1}`);
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.unref();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}
