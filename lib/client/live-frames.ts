import { z } from "zod";
import type { StreamedEvent } from "@/lib/server/realtime/run-event-stream";

/*
 * The JSON of the live streams' frames (/api/events, /api/widget/events), checked on arrival
 * rather than cast: a frame that is not what it should be is dropped, never half-read.
 */

// A customer's stream leaves the process out of its hello.
const helloSchema = z.object({ processId: z.string(), pid: z.number() }).partial();

const snapshotSchema = z.object({ reason: z.string(), latestEventId: z.string().nullable() });

const eventSchema = z.object({
  id: z.string(),
  topic: z.string(),
  conversationId: z.string().nullable(),
  payload: z.unknown(),
  createdAt: z.string(),
});

const previewSchema = z.object({ previewId: z.string(), text: z.string().nullable() });

export type LiveHello = z.infer<typeof helloSchema>;
/** Sent instead of a replay when the client must reload its state from the server. */
export type LiveSnapshot = z.infer<typeof snapshotSchema>;
export type LiveEvent = StreamedEvent;
/** The agent's reply while it is written; a null text withdraws the preview. */
export type PreviewFrame = z.infer<typeof previewSchema>;

function reader<T>(schema: z.ZodType<T>) {
  return (data: string): T | null => {
    try {
      const parsed = schema.safeParse(JSON.parse(data));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };
}

export const readHelloFrame = reader(helloSchema);
export const readSnapshotFrame = reader(snapshotSchema);
export const readEventFrame = reader<LiveEvent>(eventSchema);
export const readPreviewFrame = reader(previewSchema);
