import { once } from "node:events";
import net from "node:net";

export async function isPortFree(port: number): Promise<boolean> {
  const server = net.createServer();
  const free = await new Promise<boolean>((resolve) => {
    server.once("error", () => resolve(false));
    server.listen(port, "localhost", () => resolve(true));
  });
  if (free) await new Promise((resolve) => server.close(resolve));
  return free;
}

export async function findFreePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, "localhost");
  await once(server, "listening");
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, "close");
  return port;
}
