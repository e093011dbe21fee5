import { depositFactoryAbi, depositForwarderAbi } from './artifacts.ts';

type ForwarderError = Extract<(typeof depositForwarderAbi)[number], { type: 'error' }>;

/**
 * DepositFactory's ABI plus the custom errors of DepositForwarder (OnlyFactory, TokenCallFailed,
 * NativeTransferFailed). A failing sweep reverts inside the forwarder and the factory bubbles the revert data up
 * unchanged, so use this ABI to call or simulate the factory when the error should be decoded by name.
 */
export const depositFactoryAbiWithErrors = [
  ...depositFactoryAbi,
  ...depositForwarderAbi.filter((item): item is ForwarderError => item.type === 'error'),
] as const;
