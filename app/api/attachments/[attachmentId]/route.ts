import { defineRoute } from "@/lib/server/http/route";
import { attachmentFileRoute } from "@/lib/server/http/routes/attachment-file";

// A customer's file for staff of its workspace (and its sender); anyone else gets 404.
export const GET = defineRoute(attachmentFileRoute.options, attachmentFileRoute.handler);
