import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { AppError } from "@/lib/errors/app-error";
import { publishRealtime } from "@/lib/server/realtime/publish";
import { findDemoWorkspaceId } from "@/lib/server/services/demo/demo-workspace";
import { provisionDemoCustomer } from "@/lib/server/services/demo/provision-demo-customer";
import { findDemoStory } from "./demo-stories";
import { findOrCreateEmailCustomer } from "./find-or-create-email-customer";
import {
  type IntakeContext,
  type IntakeOptions,
  type PostCustomerMessageResult,
  postOpeningMessage,
} from "./post-customer-message";
import { openEmailConversation } from "./start-email-conversation";

export type StartStoryResult = PostCustomerMessageResult & {
  conversationId: string;
  // Chat stories: the customer's widget session (the token is shown once, only its hash is kept).
  sessionId: string | null;
  sessionToken: string | null;
};

export type StartStoryInput = Pick<IntakeOptions, "intake"> & {
  storyKey: string;
  /** The inbox menu: refuses stories that only the terminal can show. */
  fromMenu?: boolean;
  /**
   * Play the story with a fresh copy of its customer and their orders (the app does in demo
   * mode), so stories that share orders work in any order, any number of times.
   */
  freshCustomer?: boolean;
};

// Launches one canonical story for the demo menu: its customer (the demo shop's), channel and
// first message.
export async function startStory(
  input: StartStoryInput,
  context: IntakeContext,
): Promise<StartStoryResult> {
  const { storyKey, fromMenu = false, freshCustomer = false, intake } = input;
  const story = findDemoStory(storyKey);
  if (!story) throw new AppError("NOT_FOUND", `No story ${storyKey}`);
  if (fromMenu && story.terminalCommand) {
    throw new AppError(
      "CONFLICT",
      `“${story.title}” needs a process to crash; run \`${story.terminalCommand}\` in a terminal`,
    );
  }
  const now = context.now();
  const atStart = { ...context, now: () => now };

  if (story.channel === "email") {
    const started = await postOpeningMessage(
      {
        open: async (tx) => {
          const customer = freshCustomer
            ? await provisionDemoCustomer(tx, { seedEmail: story.customerEmail, now })
            : await findOrCreateEmailCustomer(tx, {
                workspaceId: await findDemoWorkspaceId(tx),
                address: story.customerEmail,
              });
          return openEmailConversation(tx, customer.id, {
            subject: story.subject,
            storyKey: story.key,
          });
        },
        text: story.firstMessage,
        intake,
      },
      atStart,
    );
    return { ...started, sessionToken: null };
  }

  const sessionToken = randomBytes(32).toString("base64url");
  const posted = await postOpeningMessage(
    {
      open: async (tx) => {
        const workspaceId = await findDemoWorkspaceId(tx);
        const customer = freshCustomer
          ? await provisionDemoCustomer(tx, { seedEmail: story.customerEmail, now })
          : await tx.customer.findUnique({
              where: { workspaceId_email: { workspaceId, email: story.customerEmail } },
            });
        if (!customer) {
          throw new AppError("NOT_FOUND", `Seed customer ${story.customerEmail} is missing`);
        }
        const conversation = await tx.conversation.create({
          data: {
            channel: "chat",
            customerId: customer.id,
            subject: story.subject,
            storyKey: story.key,
          },
        });
        const session = await tx.customerSession.create({
          data: {
            customerId: customer.id,
            conversationId: conversation.id,
            tokenHash: createHash("sha256").update(sessionToken).digest("hex"),
          },
        });
        await publishRealtime(tx, {
          topic: "conversation.created",
          conversationId: conversation.id,
          payload: { conversationId: conversation.id, channel: "chat" },
        });
        return { conversationId: conversation.id, customerId: customer.id, sessionId: session.id };
      },
      text: story.firstMessage,
      intake,
    },
    atStart,
  );
  // A repeated start answers the first one's ids; its session token was shown once, then.
  return { ...posted, sessionToken: posted.duplicate ? null : sessionToken };
}
