// Sweeps of one network: a queue per network, so that a process claims only the sweeps it can send (the network's
// RPC URL, deposit factory and relayer configured). A process without the network never touches them. Idempotency
// key: sweep:<payment id>:<network>:<purpose>:<token|key>:<attempt>, one sweep attempt (sweeper.ts).
export const sweepQueue = (network: string): string => `gateway.sweep.${network}`;
