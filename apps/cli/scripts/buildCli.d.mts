// Types of buildCli.mjs (plain JavaScript: bin/tender.mjs runs it with node, without tsx).
export declare const bundlePath: string;
export declare function bundleIsStale(): boolean;
export declare function buildCli(): Promise<void>;
export declare function bundle(entryFile: string, outFile: string): Promise<void>;
