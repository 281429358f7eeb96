import { DEMO_STORIES } from "@/lib/server/services/intake/demo-stories";
import type { StoryChoice } from "./start-story-menu";

/** The demo stories as the start menu shows them, each with its customer's name where known. */
export function storyChoices(senders: { email: string; name: string }[]): StoryChoice[] {
  const customerNames = new Map(senders.map((customer) => [customer.email, customer.name]));
  return DEMO_STORIES.map((story) => ({
    key: story.key,
    number: story.number,
    title: story.title,
    channel: story.channel,
    customerName: customerNames.get(story.customerEmail) ?? story.customerEmail,
    expected: story.expected,
    terminalCommand: story.terminalCommand ?? null,
  }));
}
