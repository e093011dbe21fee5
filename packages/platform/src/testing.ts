// Test-only helpers, imported by other packages' tests as '@tender/platform/testing'.
export * from './_test/testDatabase.ts';
export * from './_test/openApiFuzz.ts';
export * from './_test/testPort.ts';
