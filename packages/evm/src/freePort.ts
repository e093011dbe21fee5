import { createServer } from 'node:net';

/**
 * A TCP port that was free a moment ago on `host`, chosen by the OS. Another process may still take it before
 * we bind it: callers retry on "address in use".
 */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('the OS did not assign a port'));
      });
    });
  });
}
