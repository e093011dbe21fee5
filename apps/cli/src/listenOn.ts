/** Listens, naming the setting to change when the port is taken. */
export async function listenOn(
  app: { listen(o: { host: string; port: number }): Promise<string> },
  host: string,
  port: number,
  env: string,
): Promise<void> {
  try {
    await app.listen({ host, port });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(`port ${port} on ${host} is already in use: stop the other process or set ${env}`);
    }
    throw err;
  }
}
