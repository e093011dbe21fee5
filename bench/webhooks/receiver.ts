// The local "merchant" of the webhook benchmark, in a process of its own so that it does not share an event loop with
// either side: answers every POST 200 "ok" after reading the body. Prints its port, then serves until killed.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`));
