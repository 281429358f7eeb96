import { defineRoute } from "@/lib/server/http/route";
import { attachmentFileRoute } from "@/lib/server/http/routes/attachment-file";

// A customer's own file, under the path the widget's cookie is sent to; anyone else gets 404.
export const GET = defineRoute(attachmentFileRoute.options, attachmentFileRoute.handler);
