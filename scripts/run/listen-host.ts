/**
 * The address `npm start` and `npm run dev` listen on: HOST when set, else localhost, so a
 * machine on the network reaches the app (and demo mode's logins) only when someone asks for it.
 */
export function listenHost(env: Record<string, string | undefined>): string {
  return env.HOST?.trim() || "localhost";
}
