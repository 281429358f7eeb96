import { readFileSync } from "node:fs";
import path from "node:path";

const FIXTURE_DIR = path.join(import.meta.dirname, "..", "fixtures", "wire");

export type WireFixture = { status: number; contentType: string; body: string };

// `<name>.sse` is a 200 event stream; `<name>.<status>.json` is an error body with that status.
export function readWireFixture(name: string): WireFixture {
  const body = readFileSync(path.join(FIXTURE_DIR, name), "utf8");
  const error = /\.(\d{3})\.json$/.exec(name);
  if (error) return { status: Number(error[1]), contentType: "application/json", body };
  if (name.endsWith(".sse")) return { status: 200, contentType: "text/event-stream", body };
  throw new Error(`Unknown wire fixture type: ${name}`);
}
